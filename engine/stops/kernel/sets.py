"""Sets and runs held in one hand, as the vying and the holding awards rank them (Poch).

Cards are ints (``suit * 13 + rank``). The order of ranks is the game's (``place``: per
rank index 0..12, its place lowest first; :func:`stops.kernel.sequence.rank_positions`),
and the trump suit is the round's (None without trumps).

- A **set** is the cards of one rank in a hand, two or more of them. A hand's best set is
  its biggest; between sets of one size the higher rank wins, then the set holding a trump
  (:func:`set_key`). Ties left are broken by seat, nearest the dealer's left, by the caller.
- A **run** is cards that follow one another in one suit of the pack (the game's follow
  table), ``minimum`` or more of them. A hand's best run is its longest; then the higher
  top card, then a run in trumps (:func:`run_key`).
"""

from __future__ import annotations

RANKS = 13
# The sizes a set may have, lowest first (four is the most one rank holds in one pack).
SET_SIZES = (2, 3, 4)


def best_set(cards, place, trump: int | None) -> tuple[tuple[int, ...], tuple] | None:
    """(the cards of the hand's best set, its key), or None when no two cards share a rank."""
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(c % RANKS, []).append(int(c))
    best = None
    for rank, group in by_rank.items():
        if len(group) < 2:
            continue
        key = set_key(len(group), place[rank], trump is not None and any(c // RANKS == trump for c in group))
        if best is None or key > best[1]:
            best = (tuple(sorted(group)), key)
    return best


def set_key(size: int, place: int, holds_trump: bool) -> tuple[int, int, int]:
    """How a set ranks (higher is better): its size, then its rank's place, then a trump in it."""
    return size, place, int(holds_trump)


def set_strength(key: tuple | None) -> float:
    """A set's strength in [0, 1) for the bots' thresholds: no set 0, a pair 0.1–0.2, three of
    a kind 0.35–0.45, four 0.6–0.7 (by rank)."""
    if key is None:
        return 0.0
    size, place, trump = key
    base = {2: 0.0, 3: 0.3, 4: 0.6}[size]
    return base + 0.1 * (place + 0.5 * trump) / RANKS


def runs(cards, follow, minimum: int) -> list[tuple[int, ...]]:
    """The hand's maximal runs (cards that follow one another by ``follow``) of at least ``minimum`` cards."""
    held = {int(c) for c in cards}
    starts = held - {follow[c] for c in held if follow[c] >= 0}
    found = []
    for c in sorted(starts):
        run = [c]
        while follow[run[-1]] >= 0 and follow[run[-1]] in held:
            run.append(follow[run[-1]])
        if len(run) >= minimum:
            found.append(tuple(run))
    return found


def run_key(run: tuple[int, ...], place, trump: int | None) -> tuple[int, int, int]:
    """How a run ranks (higher is better): its length, then its top card's place, then trumps."""
    top = run[-1]
    return len(run), place[top % RANKS], int(trump is not None and top // RANKS == trump)


def best_run(cards, follow, minimum: int, place, trump: int | None) -> tuple[tuple[int, ...], tuple] | None:
    """(the hand's best run, its key), or None when it holds no run of ``minimum`` cards."""
    best = None
    for run in runs(cards, follow, minimum):
        key = run_key(run, place, trump)
        if best is None or key > best[1]:
            best = (run, key)
    return best


def best_seat(keys: dict[int, tuple], order) -> int | None:
    """The seat with the best key; between equal keys, the first in ``order`` (from the
    dealer's left). None when ``keys`` is empty."""
    best = None
    for seat in order:
        if seat in keys and (best is None or keys[seat] > keys[best]):
            best = seat
    return best
