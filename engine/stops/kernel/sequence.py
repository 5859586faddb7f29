"""A sequence: it runs upward in one suit; whoever holds the next card must play it; it
stops after an ace or when nobody holds the next card (it is in the widow, dead, or
already played).

Two fields of the profile choose how a sequence runs (Nain Jaune's differs):

- ``sequence``: ``"suit"`` (the next card is the next of the same suit, :func:`next_cards`)
  or ``"rank"`` (any card of the next rank, whatever its suit);
- ``turn``: ``"holder"`` (whoever holds a next card plays it, whatever his seat) or
  ``"seat"`` (the turn goes round the table from the last player: a player on turn who
  holds no next card passes, naming the missing rank; when the turn comes back round to
  the last player nobody could play on, and that is a stop): :func:`next_turn`.

Either way the top card of the order (``follow`` gives -1) stops the sequence.

Cards are ints (``suit * 13 + rank``, rank 0 = two ... 12 = ace) and places are ints:
a seat, or one of the codes below. :data:`FOLLOW` is the order of a sequence as data,
so another order (ace low, or rank regardless of suit) is another table.
"""

from __future__ import annotations

WIDOW = -1  # the widow (Michigan, Rummoli) or the ghost hand (Tripoli)
PLAYED = -2  # played, or out of play in a position set up mid-round
DEAD = -3  # the dead hand, given up in a swap with the widow
PLACES = {WIDOW: "widow", PLAYED: "played", DEAD: "dead"}
ACE = 12

# Per card: the card that follows it in a sequence, or -1 when nothing does (an ace).
FOLLOW: tuple[int, ...] = tuple(-1 if c % 13 == ACE else c + 1 for c in range(52))


def next_card(c: int) -> int | None:
    """The card after ``c`` in its sequence, or None after an ace."""
    nxt = FOLLOW[c]
    return None if nxt < 0 else nxt


def next_holder(owner, c: int) -> int:
    """Who must play after ``c``: a seat, or (the sequence stops) where the next card is
    (:data:`WIDOW`, :data:`DEAD`, :data:`PLAYED`); :data:`PLAYED` after an ace."""
    nxt = FOLLOW[c]
    return PLAYED if nxt < 0 else owner[nxt]


def stop_place(owner, c: int) -> str | None:
    """Why the sequence stops after ``c``: None after an ace, else where the next card is."""
    nxt = FOLLOW[c]
    return None if nxt < 0 else PLACES[owner[nxt]]


def next_cards(follow, by_rank: bool, c: int) -> tuple[int, ...]:
    """The cards that may follow ``c``: the next of its suit, or (``by_rank``) every card of
    the next rank; none after the top card. ``follow`` is the profile's successor table."""
    nxt = follow[c]
    if nxt < 0:
        return ()
    if not by_rank:
        return (nxt,)
    rank = nxt % 13
    return (rank, rank + 13, rank + 26, rank + 39)


def next_turn(owner, n: int, last_seat: int, cards) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """The turn going round from ``last_seat`` (himself first): (the first seat holding one
    of ``cards``, the ones it holds, the seats that passed before it). Back round to
    ``last_seat`` with nobody holding one: (None, (), every seat), a stop."""
    passed = []
    for step in range(n):
        seat = (last_seat + step) % n
        held = tuple(x for x in cards if owner[x] == seat)
        if held:
            return seat, held, tuple(passed)
        passed.append(seat)
    return None, (), tuple(passed)
