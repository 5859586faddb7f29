"""The order of the seats round the table: play, deals, bids and bets all go to the left
(clockwise), seat numbers rising and wrapping round at ``n``.

    clockwise(4, 2)        -> (2, 3, 0, 1)
    clockwise(4, 2, 2)     -> (2, 3)
    from_left_of(4, 1)     -> (2, 3, 0, 1)   the dealer's left first, the dealer last
    others_from_left_of(4, 1) -> (2, 3, 0)   everyone else, from the left
"""

from __future__ import annotations


def clockwise(n: int, first: int, count: int | None = None) -> tuple[int, ...]:
    """``count`` seats (all ``n`` when None) going round to the left from ``first``."""
    if count is None:
        count = n
    elif not 0 <= count <= n:
        return tuple((first + i) % n for i in range(count))
    twice = _TWICE.get(n)
    if twice is None:
        twice = _TWICE[n] = tuple(range(n)) * 2
    first %= n
    return twice[first:first + count]


_TWICE: dict[int, tuple[int, ...]] = {}  # per number of seats: every seat, twice round (a slice is a turn round)


def from_left_of(n: int, seat: int) -> tuple[int, ...]:
    """Every seat, starting at ``seat``'s left and ending with ``seat``."""
    return clockwise(n, seat + 1)


def others_from_left_of(n: int, seat: int) -> tuple[int, ...]:
    """Every seat but ``seat``, starting at its left."""
    return clockwise(n, seat + 1, n - 1)
