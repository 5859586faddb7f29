"""A sequence: it runs upward in one suit; whoever holds the next card must play it; it
stops after an ace or when nobody holds the next card (it is in the widow, dead, or
already played).

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
