"""Where a card is: the owner codes of a round's ``owner`` table, in one place.

A card's owner is a seat (0 to n-1) or one of the places below. Every module that reads or
writes an owner table takes its codes from here.
"""

from __future__ import annotations

WIDOW = -1  # the extra hand: the widow (Michigan, Rummoli), ghost hand (Tripoli), talon, stock, dummy
PLAYED = -2  # played, or out of play in a position set up mid-round
DEAD = -3  # the dead hand, given up in a swap with the widow
OUT = -4  # not in the game's pack (a stripped or short pack): never dealt, never played
UNKNOWN = -9  # in an information set: a card the seat cannot see (determinize)
PLACES = {WIDOW: "widow", PLAYED: "played", DEAD: "dead", OUT: "out"}
