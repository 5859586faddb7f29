"""Claims: what a player wins by playing or by holding cards, and by going out.

- A pay card played wins its section (``Profile.pay_on_play``): :func:`pay_table` gives
  per card the index of that section, or -1.
- A run played wins a section when one player plays its cards one right after the other
  (Rummoli's K♦ A♦ and 7-8-9 of a suit): :class:`PlayRun` is the data,
  :func:`run_index` its compact form and :func:`claim_runs` the check after each card.
  A run that is not ``consecutive`` is won by one player who plays all its cards in the
  round, whenever each was played (Pope Joan's Matrimony and Intrigue): :func:`set_index`
  and :func:`claim_sets`, over who played each card.
- A section won by holding: its one card, or one whole group (a suit's share) of a
  combination (Tripoli's phase 1): :func:`holders`.
- The first player out takes the going-out sections and is paid per card left in each
  rival's hand, or per pip of each card left (``card_value`` "pips": :func:`card_values`),
  except by a rival who still holds a card that excuses him (``excusing_cards``):
  :func:`card_payments`. A deadlock costs each player 1 chip per card:
  :func:`deadlock_payments`.
- Going out unopposed (Nain Jaune's grand opéra: nobody else has played a card this
  round): :func:`still_alone` keeps track of it, play by play.
- A pay card still held when the round ends costs its holder a penalty into its section
  (Nain Jaune): :func:`held_penalties` lists who pays which.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..enums import CardValue, WonBy
from ..seats import others_from_left_of


@dataclass(frozen=True)
class PlayRun:
    """A section won by playing ``cards`` oneself (any of ``runs``): one right after the
    other, or (``consecutive=False``) all of them in the round, whenever each was played."""

    section: str
    rule: str  # the rule name (without the game prefix)
    runs: tuple[tuple[int, ...], ...]
    consecutive: bool = True


def pay_table(section_ids, pay_on_play) -> tuple[int, ...]:
    """Per card: the index (in ``section_ids``) of the section its play wins, or -1."""
    pay = [-1] * 52
    for c, sid in pay_on_play.items():
        pay[c] = section_ids.index(sid)
    return tuple(pay)


def run_index(runs: tuple[PlayRun, ...]) -> tuple[dict[int, tuple[tuple[int, tuple[int, ...]], ...]], int]:
    """({last card of a run: ((index of its PlayRun, the cards before it), ...)}, how many
    earlier plays the check needs to remember)."""
    index: dict[int, list] = {}
    memory = 0
    for i, claim in enumerate(runs):
        if not claim.consecutive:
            continue
        for cards in claim.runs:
            index.setdefault(cards[-1], []).append((i, tuple(cards[:-1])))
            memory = max(memory, len(cards) - 1)
    return {c: tuple(entries) for c, entries in index.items()}, memory


def claim_runs(index, memory: int, recent: tuple, seat: int, c: int) -> tuple[tuple, tuple[tuple[int, tuple[int, ...]], ...]]:
    """After ``seat`` plays ``c``: (the plays to remember, the runs it completes as
    ``(index of the PlayRun, its cards)``).

    ``recent`` holds the last plays before this one as ``(seat, card)``, oldest first."""
    remembered = (recent + ((seat, c),))[-memory:] if memory else ()
    entries = index.get(c)
    if entries is None:
        return remembered, ()
    k = len(recent)
    return remembered, tuple((i, before + (c,)) for i, before in entries
                             if k >= len(before) and recent[k - len(before):] == tuple((seat, x) for x in before))


def set_index(runs: tuple[PlayRun, ...]) -> dict[int, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]:
    """{card: ((index of its PlayRun, the run's other cards, the run), ...)} for the runs
    that are not ``consecutive``: any of their cards may be the one that completes them."""
    index: dict[int, list] = {}
    for i, claim in enumerate(runs):
        if claim.consecutive:
            continue
        for cards in claim.runs:
            for c in cards:
                index.setdefault(c, []).append((i, tuple(x for x in cards if x != c), tuple(cards)))
    return {c: tuple(entries) for c, entries in index.items()}


def claim_sets(index, played_by, seat: int, c: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """After ``seat`` plays ``c`` (``played_by``: card -> the seat that played it, this
    card included): the non-consecutive runs it completes, as ``(index of the PlayRun, its cards)``."""
    return tuple((i, cards) for i, others, cards in index.get(c, ()) if all(played_by.get(x) == seat for x in others))


def groups(cards, won_by: WonBy) -> list[tuple[int, ...]]:
    """The groups of a section won by holding: each card alone (``hold``), or the cards of
    each suit together (``combo-hold``)."""
    if won_by == WonBy.HOLD:
        return [(c,) for c in cards]
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(c // 13, []).append(c)
    return [tuple(sorted(group)) for _, group in sorted(by_suit.items())]


def holders(owner, cards, won_by: WonBy) -> dict[int, tuple[int, ...]]:
    """The seats holding a whole group of the section, with the cards each shows."""
    shown: dict[int, tuple[int, ...]] = {}
    for group in groups(cards, won_by):
        places = {owner[c] for c in group}
        if len(places) == 1:
            seat = places.pop()
            if seat >= 0:
                shown[seat] = shown.get(seat, ()) + group
    return shown


def deadlock_payments(counts) -> list[int]:
    """A deadlock: what each seat pays into the deadlock section (1 chip per card it holds)."""
    return list(counts)


ALONE_NOBODY = -1  # nobody has played yet this phase
OPPOSED = -2  # two players (or more) have played


def still_alone(alone: int, seat: int) -> int:
    """After ``seat`` plays: the one seat that has played every card so far, or OPPOSED."""
    if alone == ALONE_NOBODY:
        return seat
    return alone if alone == seat else OPPOSED


def held_penalties(owner, pay, winner: int, n: int) -> list[tuple[int, int]]:
    """(holder, index of the section) for each pay card still held at the end of the round,
    holders in seat order from the winner's left, each holder's cards in card order."""
    out = []
    for seat in others_from_left_of(n, winner):
        out += [(seat, pay[c]) for c in range(52) if pay[c] >= 0 and owner[c] == seat]
    return out
# Pips per rank (0 = two ... 12 = ace): 2-10 their face value, J Q K 10, the ace 1.
PIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)


def card_values(kind: CardValue) -> tuple[int, ...] | None:
    """Per card, what it costs its holder when a rival goes out: None for ``count`` (every
    card 1), the pips for ``pips`` (ace 1, 2-10 face value, J Q K 10)."""
    if kind == CardValue.COUNT:
        return None
    if kind == CardValue.PIPS:
        return tuple(PIPS[c % 13] for c in range(52))
    raise ValueError(f"unknown card value {kind!r} (count or pips)")


def card_payments(owner, counts, seat: int, rate: int, values, excusing=()):
    """(rival, chips owed, the card that excuses him or -1) for each rival of the first player
    out, clockwise from his left: ``rate`` per card left (``values`` None) or per pip of the
    cards left; a rival who still holds a card of ``excusing`` owes nothing (Pope Joan's
    ``pope_excuses``: the Pope unplayed)."""
    n = len(counts)
    if values is None:
        owed = [rate * k for k in counts]
    else:
        owed = [0] * n
        for c, place in enumerate(owner):
            if place >= 0:
                owed[place] += values[c]
        owed = [rate * k for k in owed]
    excuses = {owner[c]: c for c in reversed(excusing) if owner[c] >= 0}  # a seat's first excusing card
    for rival in others_from_left_of(n, seat):
        excuse = excuses.get(rival, -1)
        yield rival, 0 if excuse >= 0 else owed[rival], excuse
