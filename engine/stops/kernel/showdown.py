"""A showdown for one section: each hand's key, the winners, and what each takes.

What a showdown compares is a *ranker*, named by the profile (``Betting.ranker``) or by
the phase: five-card poker hands (:mod:`stops.poker`; tied hands split) or sets of equal
rank (:mod:`stops.kernel.sets`; one winner, the seat nearest the dealer's left between
equal sets). A hand whose key is None does not compete. :func:`showdown` gives the
winners and the split of the section (:func:`split`: all to one winner, equal whole shares
to several, the odd chips staying), for the round's phases (Rummoli's betting, Poch's
vying, Tripoli's poker phase), which turn it into events, and for the fast playout, which
moves the chips on its integers. :func:`may_open` is the opener rule of a betting round.
"""

from __future__ import annotations

from ..cards import DECK
from ..enums import Opener, Ranker
from ..poker import best_five, poker_key, poker_name
from . import sets
from .sequence import rank_places

SET_NAMES = {2: "pair", 3: "three of a kind", 4: "four of a kind"}


class PokerRanker:
    """Five-card poker hands (:mod:`stops.poker`); tied hands split. A hand of fewer than
    five cards (a position set up by hand) ranks by its pairs, trips and quads
    (``short_hands`` True: Rummoli's betting), or does not compete (Tripoli's poker phase)."""

    def __init__(self, name: str, short_hands: bool):
        self.name = name
        self.short_hands = short_hands

    def key(self, profile, cards, trump):
        return poker_key(cards) if self.short_hands or len(cards) >= 5 else None

    def describe(self, profile, cards, trump) -> tuple[str | None, tuple]:
        """(the hand's name, the cards that make it), for the showdown's events; (None, ()) when it does not compete."""
        if not self.short_hands and len(cards) < 5:
            return None, ()
        return poker_name(cards), best_five(cards)

    def winners(self, keys: dict[int, object], order) -> tuple[int, ...]:
        """The seats whose key is the best (in the order of ``keys``)."""
        live = {s: k for s, k in keys.items() if k is not None}
        if not live:
            return ()
        top = max(live.values())
        return tuple(s for s, k in live.items() if k == top)


class SetRanker:
    """Sets of equal rank (:mod:`stops.kernel.sets`): size, rank, a trump, then the seat
    nearest the dealer's left; a hand without a set does not compete."""

    name = Ranker.SETS

    def key(self, profile, cards, trump):
        best = sets.best_set(cards, rank_places(profile), trump)
        return None if best is None else best[1]

    def describe(self, profile, cards, trump) -> tuple[str | None, tuple]:
        """(the set's name, its cards), for the showdown's events; (None, ()) without a set."""
        best = sets.best_set(cards, rank_places(profile), trump)
        if best is None:
            return None, ()
        return SET_NAMES[len(best[0])], tuple(DECK[c] for c in best[0])

    def winners(self, keys: dict[int, object], order) -> tuple[int, ...]:
        """The one seat with the best set, nearest the dealer's left (``order``) between equals."""
        seat = sets.best_seat({s: k for s, k in keys.items() if k is not None}, order)
        return () if seat is None else (seat,)


# What a betting round's showdown compares (``Betting.ranker``), by name.
RANKERS = {ranker.name: ranker for ranker in (PokerRanker(Ranker.POKER, short_hands=True), SetRanker())}
# Tripoli's poker phase: the best five cards of whole hands only.
FIVE_CARD_POKER = PokerRanker("five-card-poker", short_hands=False)


def may_open(profile, cards, trump) -> bool:
    """Whether a hand may open the betting (``opener`` "any", or "needs-set" and it holds a set)."""
    return profile.betting.opener == Opener.ANY or sets.best_set(cards, rank_places(profile), trump) is not None


def split(amount, count: int):
    """(what each of ``count`` winners takes of ``amount``, what stays in the section): all
    of it to one winner; equal whole shares to several, the odd chips staying."""
    if count == 1:
        return amount, 0
    return divmod(amount, count)


def showdown(ranker, keys: dict[int, object], order, amount) -> tuple[tuple[int, ...], object, object]:
    """The showdown for a section holding ``amount``: (the winners, what each takes, what
    stays). ``keys``: each competing seat's key (``ranker.key``; None does not compete);
    ``order``: every seat from the dealer's left. Nobody competing: ((), 0, amount)."""
    winners = ranker.winners(keys, order)
    if not winners:
        return (), 0, amount
    share, left = split(amount, len(winners))
    return winners, share, left
