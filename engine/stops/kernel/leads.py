"""Lead rules: which cards a seat may lead, on the compact table; who must lead after a stop.

A lead rule is a function ``(owner, seat, stopped) -> the cards allowed, sorted``, where
``stopped`` is the card that stopped the previous sequence (None for the phase's first
lead). The profile names its first lead (``first_lead``) and its lead after a stop
(``restart``) from :data:`LEADS`. Each rule also says what a lead reveals to everyone
(:meth:`Lead.reveals`: the cards the leader cannot hold), for determinization.

After a stop, the player who played the stopping card leads; when he holds no card the
restart rule allows, the duty passes clockwise to the first player who does; when nobody
does, the round is deadlocked (:func:`leader_after_stop`). Under the rules where the
stopper can always lead (any suit, another suit) the duty never passes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

SUIT_BASES = (0, 13, 26, 39)
RED_SUITS = (1, 2)  # hearts, diamonds


def lowest_by_suit(owner, seat: int) -> list[int]:
    """The seat's lowest card of each suit it holds, in suit order."""
    out = []
    for base in SUIT_BASES:
        suit = owner[base:base + 13]
        if seat in suit:
            out.append(base + suit.index(seat))
    return out


def lead_chosen_suit(owner, seat: int, stopped) -> list[int]:
    """The lowest card of any suit the leader holds."""
    return lowest_by_suit(owner, seat)


def lead_other_suit(owner, seat: int, stopped) -> list[int]:
    """The lowest card of another suit than the one that stopped; that suit only if nothing else."""
    lowest = lowest_by_suit(owner, seat)
    if stopped is not None:
        suit = stopped // 13
        others = [c for c in lowest if c // 13 != suit]
        if others:
            return others
    return lowest


def lead_longest_suit(owner, seat: int, stopped) -> list[int]:
    """The lowest card of the leader's longest suit (his choice between equally long ones)."""
    best, out = 0, []
    for base in SUIT_BASES:
        suit = owner[base:base + 13]
        count = suit.count(seat)
        if count > best:
            best, out = count, [base + suit.index(seat)]
        elif count == best and count:
            out.append(base + suit.index(seat))
    return out


def lead_lowest_card(owner, seat: int, stopped) -> list[int]:
    """The lowest card of the whole hand (his choice between equal ranks)."""
    for rank in range(13):
        out = [c for c in (rank, rank + 13, rank + 26, rank + 39) if owner[c] == seat]
        if out:
            return out
    return []


def lead_opposite_colour(owner, seat: int, stopped) -> list[int]:
    """The lowest card of each suit of the colour opposite the card that stopped (any suit first)."""
    lowest = lowest_by_suit(owner, seat)
    if stopped is None:
        return lowest
    red = (stopped // 13) in RED_SUITS
    return [c for c in lowest if ((c // 13) in RED_SUITS) != red]


def _lower_in_suit(c: int, stopped) -> range:
    return range(c - c % 13, c)


def _lower_in_rank(c: int, stopped) -> list[int]:
    return [x for x in range(52) if x % 13 < c % 13]


def _other_suit_reveals(c: int, stopped) -> list[int]:
    lower = list(_lower_in_suit(c, stopped))
    if stopped is not None and stopped // 13 == c // 13:  # back in the suit that stopped: no other suit
        lower += [x for x in range(52) if x // 13 != c // 13]
    return lower


@dataclass(frozen=True)
class Lead:
    """One lead rule: the cards it allows, its rule name, what it asks (for errors), and
    ``reveals(card, stopped)``: the cards a leader under it shows he does not hold."""

    name: str
    cards: Callable
    rule: str  # the rule name (without the game prefix) a lead under it applies
    explain: str
    reveals: Callable = _lower_in_suit


LEADS: dict[str, Lead] = {
    lead.name: lead
    for lead in (
        Lead("chosen-suit", lead_chosen_suit, "lead-lowest", "a lead is the lowest card of the chosen suit"),
        Lead("other-suit", lead_other_suit, "restart",
             "after a stop, lead the lowest card of another suit (the same suit only when nothing else is left)",
             _other_suit_reveals),
        Lead("longest-suit", lead_longest_suit, "first-lead", "the first lead is the lowest card of the longest suit"),
        Lead("any-suit", lead_chosen_suit, "restart", "after a stop, lead the lowest card of any suit"),
        Lead("lowest-card", lead_lowest_card, "first-lead", "the first card is the lowest of the whole hand", _lower_in_rank),
        Lead("opposite-colour", lead_opposite_colour, "colour-switch",
             "after a stop or an ace, play the lowest card of a suit of the opposite colour"),
    )
}


def leader_after_stop(owner, n: int, stopper: int, stopped: int, lead: Lead) -> tuple[int | None, list[int], int]:
    """(leader, the cards he may lead, how many seats the duty passed) after a stop by
    ``stopper``: the first seat clockwise from him holding a card ``lead`` allows;
    (None, [], n) when nobody does (a deadlock)."""
    cards = lead.cards
    for step in range(n):
        seat = (stopper + step) % n
        allowed = cards(owner, seat, stopped)
        if allowed:
            return seat, allowed, step
    return None, [], n


def first_leader(rule: str, dealer: int, n: int, chosen: int | None) -> int:
    """Who leads the stops phase first: the player left of the dealer (``rule``
    "dealer-left"), else the seat an earlier phase chose (``chosen``: the poker or vying
    winner), or the dealer's left when it chose nobody."""
    if rule == "dealer-left" or chosen is None:
        return (dealer + 1) % n
    return chosen
