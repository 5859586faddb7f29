"""Tripoli, phase 2: a poker showdown for the Pot, with no exchange and no betting.

Each player's best five cards are compared by the standard ranking (:mod:`stops.poker`:
A-2-3-4-5 is the lowest straight, suits never break ties). The best hand takes the Pot;
tied hands split it in equal whole shares and the odd chips stay. The ghost hand does not
play. A hand of fewer than five cards (possible only in a position set up by hand) makes no
poker hand and does not compete. The showdown is the kernel's
(:data:`stops.kernel.showdown.FIVE_CARD_POKER`, :func:`stops.kernel.showdown.showdown`), as
for Rummoli's betting round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card
from ..events import Event
from ..awards import Split, from_dealer_left, pay_shares
from ..kernel.showdown import FIVE_CARD_POKER
from ..kernel.showdown import showdown as kernel_showdown
from .automatic import AutomaticPhase
from .holding import Stayed


@dataclass(frozen=True, slots=True)
class ShownHand:
    """One player's best five cards at the showdown (``category`` None: fewer than five cards)."""

    seat: int
    category: str | None
    best: tuple[Card, ...]

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "hand": self.category, "cards": [str(c) for c in self.best]}


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Every hand's category and best five cards, and the winners of the Pot.

    The JSON form is the one of every showdown (see :mod:`stops.phases.betting`):
    ``hands: [{"player", "hand" (category name), "cards" (best five)}], winners``.
    """

    type: ClassVar[str] = "showdown"
    section: str
    hands: tuple[ShownHand, ...]
    winners: tuple[int, ...]
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "section": self.section,
            "hands": [h.to_json(names) for h in self.hands],
            "winners": [names[s] for s in self.winners],
            "rule": self.rule,
        }



def showdown(rnd, sid: str) -> tuple[tuple[ShownHand, ...], tuple[int, ...], object, object]:
    """Each seat's best hand (from the dealer's left), the seats tied for best, what each
    takes of section ``sid`` and what stays (:func:`stops.kernel.showdown.showdown`)."""
    ranker = FIVE_CARD_POKER
    seats = from_dealer_left(rnd)
    keys = {seat: ranker.key(rnd.profile, rnd.hands[seat], None) for seat in seats}
    winners, share, left = kernel_showdown(ranker, keys, seats, rnd.ledger.board[sid])
    shown = tuple(ShownHand(seat, *ranker.describe(rnd.profile, rnd.hands[seat], None)) for seat in seats)
    return shown, winners, share, left


class PokerPhase(AutomaticPhase):
    name = "poker-showdown"
    events = (Showdown, Stayed, Split)
    rule = "poker"
    no_move = "the poker phase needs no move: the hands are compared at once"
    section = "pot"
    slots = ("showdown",)

    def start(self, rnd, setup: dict) -> list[Event]:
        rule = rnd.profile.rule("poker")
        hands, winners, share, left = showdown(rnd, self.section)
        rnd.state.showdown = hands
        events: list[Event] = [Showdown(self.section, hands, winners, rule)]
        if not winners:
            amount = rnd.ledger.board[self.section]
            return events + [Stayed(self.section, amount, "nobody", (), rnd.profile.rule("carry-over"))]
        return events + pay_shares(rnd, self.section, winners, share, left, "poker", rule, "showdown")


PHASE = PokerPhase()
