"""A sequence: it runs upward in one suit; whoever holds the next card must play it; it
stops after the top card of the suit or when nobody holds the next card (it is in the
widow, dead, already played, or outside the pack).

Two fields of the profile choose how a sequence runs (Nain Jaune's differs):

- ``sequence``: ``"suit"`` (the next card is the next of the same suit, :func:`next_cards`)
  or ``"rank"`` (any card of the next rank, whatever its suit);
- ``turn``: ``"holder"`` (whoever holds a next card plays it, whatever his seat) or
  ``"seat"`` (the turn goes round the table from the last player: a player on turn who
  holds no next card passes, naming the missing rank; when the turn comes back round to
  the last player nobody could play on, and that is a stop): :func:`turn_holder`.

Either way the top card of the order (``follow`` gives -1) stops the sequence.

Cards are ints (``suit * 13 + rank``, rank 0 = two ... 12 = ace) and places are ints:
a seat, or one of the codes below. The order of a sequence is data: a *follow table*
gives, per card, the card that follows it in the pack, or -1. :func:`follow_table` builds
it from the game's pack and rank order (ace high or low), once per profile
(``Profile.follow``); every reader takes the round's or the profile's table.
"""

from __future__ import annotations

from ..owners import PLACES, PLAYED

ACE = 12
RANKS = 13


def rank_positions(ace_low: bool) -> tuple[int, ...]:
    """Per rank index (0 = two ... 12 = ace): its place in the game's order, lowest first."""
    return tuple((r + 1) % RANKS for r in range(RANKS)) if ace_low else tuple(range(RANKS))


def rank_places(profile) -> tuple[int, ...]:
    """Per rank index, its place in ``profile``'s order (lowest first: ace high or low)."""
    return rank_positions(profile.ace_low)


def follow_table(pack, ace_low: bool = False) -> tuple[int, ...]:
    """Per card (all 52): the card of the next rank of its suit when that card is in the
    pack, else -1 (the top card of the suit, a card before a gap, or a card outside the
    pack). 9♦ → 10♦; A → nothing (ace high), K → nothing (ace low); 7♦ → nothing without
    the 8♦; 7 → 8 in a 32-card pack."""
    place = rank_positions(ace_low)
    by_place = {p: r for r, p in enumerate(place)}
    in_pack = set(int(c) for c in pack)
    follow = [-1] * 52
    for c in in_pack:
        up = place[c % RANKS] + 1
        if up < RANKS:
            nxt = c - c % RANKS + by_place[up]
            if nxt in in_pack:
                follow[c] = nxt
    return tuple(follow)


# The table of the full 52-card pack, ace high (Michigan, Tripoli, Rummoli).
STANDARD_FOLLOW: tuple[int, ...] = follow_table(range(52), False)


def next_card(c: int, follow=STANDARD_FOLLOW) -> int | None:
    """The card after ``c`` in its sequence (by ``follow``, else the 52-card pack ace high), or None after the top card."""
    nxt = follow[c]
    return None if nxt < 0 else nxt


def next_holder(owner, c: int, follow) -> int:
    """Who must play after ``c``: a seat, or (the sequence stops) where the next card is
    (:data:`WIDOW`, :data:`DEAD`, :data:`PLAYED`); :data:`PLAYED` after the top card."""
    nxt = follow[c]
    return PLAYED if nxt < 0 else owner[nxt]


def stop_place(owner, c: int, follow) -> str | None:
    """Why the sequence stops after ``c``: None after the top card, else where the next card is."""
    nxt = follow[c]
    return None if nxt < 0 else PLACES[owner[nxt]]


# Per rank index: the cards of that rank, in suit order.
RANK_CARDS: tuple[tuple[int, ...], ...] = tuple((r, r + 13, r + 26, r + 39) for r in range(RANKS))


def next_cards(follow, by_rank: bool, c: int) -> tuple[int, ...]:
    """The cards that may follow ``c``: the next of its suit, or (``by_rank``) every card of
    the next rank; none after the top card. ``follow`` is the profile's successor table."""
    nxt = follow[c]
    if nxt < 0:
        return ()
    if not by_rank:
        return (nxt,)
    return RANK_CARDS[nxt % RANKS]


def turn_holder(owner, n: int, last_seat: int, cards) -> tuple[int | None, tuple[int, ...], int]:
    """The turn going round from ``last_seat`` (himself first): (the first seat holding one
    of ``cards``, the ones it holds, how many seats passed before it); (None, (), n) when
    nobody holds one."""
    seat, best, held = None, n, ()
    for x in cards:
        p = owner[x]
        if p >= 0:
            step = p - last_seat
            if step < 0:
                step += n
            if step < best:
                seat, best, held = p, step, (x,)
            elif step == best:
                held += (x,)
    return seat, held, best
