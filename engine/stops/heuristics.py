"""The ``basic`` bot's heuristics, as small pure functions of what one seat can see.

They are shared by :class:`~stops.bots.BasicBot` (on a :class:`~stops.round.Round`) and by the
fast playout simulator (:mod:`stops.playout`), which must choose exactly the same moves, so
they read only a compact ``owner`` array through two questions: "is this card mine?"
(``owner[c] == seat``) and "is it played?" (``owner[c] == PLAYED``). Nothing else about the
array is looked at, so a bot never uses where a hidden card lies. (A stop also shows that
the next card lies in the widow, but that card follows one already played, so it can never
end a run of the leader's: the basic bot has no use for it.)

Leads (every game's stops phase):

1. a lead whose run of own consecutive cards reaches a pay card (you win that section);
2. then a lead you stop yourself: your run from the lead card up ends in your ace or just
   before a card already played, so you shed the run and lead again;
3. then a low lead in a suit whose ace you keep: the ace stays back as a sure stop for
   later, so that suit comes back to you (keep aces for late);
4. then the longest run of own consecutive cards from the lead card up;
5. then the suit where you hold most cards (its later sequences play more of yours);
6. then a lead that is not a lone ace;
7. then the lowest card.

The order was chosen by measurement: each rule, tried against random leads over thousands
of deals of every game, gained chips or cost none. Holding a lone ace back at a higher
rank lost chips (an ace led alone is itself a lead you stop yourself), so that only
breaks ties.

Auctions for the widow or ghost hand: bid when the own hand is poor for the stops phase (few
runs, many stops held by others), never more than the hand is worth to swap.
Betting: by the strength of what the showdown compares (a poker hand,
:func:`stops.poker.hand_key`, or a set of equal rank); a bet or a raise of a chosen size
is the smallest allowed.
"""

from __future__ import annotations

from .kernel import sets
from .moves import AmountRange, BidRange, Move, Play
from .phases.betting import RANKERS
from .poker import hand_key

PLAYED = -2
ACE = 12

# Thresholds of the basic bot (stops_quality and poker_strength run from 0 to 1).
POOR_HAND = 0.4  # swap or bid for the widow / ghost hand below this stops quality
BET_STRENGTH = 0.3  # bet or raise from three of a kind up
CALL_STRENGTH = 0.12  # stay in with a pair of kings or better; fold below


def run_from(owner, seat: int, c: int) -> tuple[int, int]:
    """(length, last card) of the seat's own consecutive cards from ``c`` up (ending at an ace)."""
    run = 0
    while owner[c] == seat:
        run += 1
        if c % 13 == ACE:
            return run, c
        c += 1
    return run, c - 1


def lead_score(owner, seat: int, c: int, pay) -> tuple:
    """The basic bot's preference for leading ``c`` (higher is better); see the module doc."""
    run, last = run_from(owner, seat, c)
    pays = 0
    for x in range(c, last + 1):
        if pay[x] >= 0:
            pays = 1
            break
    self_stop = last % 13 == ACE or owner[last + 1] == PLAYED
    base = c - c % 13
    keeps_ace = c % 13 != ACE and owner[base + ACE] == seat
    suit = owner[base:base + 13].count(seat)
    lone_ace = run == 1 and c % 13 == ACE
    return (pays, self_stop, keeps_ace, run, suit, not lone_ace, -c)


def basic_lead(owner, seat: int, candidates, pay) -> int:
    """The card the basic bot leads among ``candidates``."""
    best = candidates[0]
    if len(candidates) == 1:
        return best
    best_score = lead_score(owner, seat, best, pay)
    for c in candidates[1:]:
        score = lead_score(owner, seat, c, pay)
        if score > best_score:
            best, best_score = c, score
    return best


def public_owner(rnd, seat: int) -> list[int]:
    """What ``seat`` knows of the card positions: its own cards (``seat``), played cards
    (``PLAYED``), and -9 for every card it cannot see."""
    owner = [-9] * 52
    for c in rnd.hands[seat]:
        owner[c] = seat
    for c in range(52):
        if rnd.owner[c] == PLAYED:
            owner[c] = PLAYED
    return owner


# ----- a stops hand's quality, for auctions and swaps ----------------------------------


def stops_quality(cards) -> float:
    """How good ``cards`` are for the stops phase, about 0 (poor) to 1 (good).

    Good hands go out fast: few separate runs (each run is a sequence someone else may stop),
    aces (sure stops that give the lead back) and few cards.
    """
    cards = sorted(cards)
    if not cards:
        return 1.0
    runs = 1
    for a, b in zip(cards, cards[1:]):
        if b != a + 1 or a % 13 == ACE:
            runs += 1
    aces = sum(1 for c in cards if c % 13 == ACE)
    # A hand of n cards in r runs: fewer runs per card is better.
    return max(0.0, min(1.0, 1.0 - runs / len(cards) + 0.08 * aces))


def hand_strength(profile, cards, trump) -> float:
    """How strong ``cards`` are for the profile's betting showdown, in [0, 1): a poker hand
    (:func:`poker_strength`) or a set of equal rank (:func:`stops.kernel.sets.set_strength`)."""
    if profile.betting is None or profile.betting.ranker == "poker":
        return poker_strength(cards)
    return sets.set_strength(RANKERS[profile.betting.ranker].key(profile, cards, trump))


def poker_strength(cards) -> float:
    """A poker hand's strength in [0, 1): its category, then its top ranks (stops.poker)."""
    cards = list(cards)
    if len(cards) < 5:
        return 0.0
    key = hand_key(cards)
    category = key >> 26
    detail = (key & ((1 << 26) - 1)) / (1 << 26)
    return (min(category, 9) + detail) / 10


# ----- the basic bot's decisions ----------------------------------------------------------


def basic_move(rnd, seat: int) -> Move:
    """The move the ``basic`` bot makes for ``seat`` in the round ``rnd`` (see the module doc)."""
    moves = rnd.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if all(isinstance(m, Play) for m in moves):
        owner = public_owner(rnd, seat)
        cards = [int(m.card) for m in moves]
        return moves[cards.index(basic_lead(owner, seat, cards, rnd.profile.pay_table))]
    by_key: dict[str, list[Move]] = {}
    for m in moves:
        by_key.setdefault(type(m).key, []).append(m)
    cards = rnd.hands[seat]
    if "swap" in by_key:
        return basic_swap(cards, by_key["swap"])
    if "bid" in by_key or "pass" in by_key:
        return basic_bid(cards, by_key)
    if {"check", "bet", "call", "raise", "fold"} & set(by_key):
        action = betting_action(hand_strength(rnd.profile, cards, rnd.data.get("trump")), by_key)
        return smallest(by_key[action][0]) if action else next(iter(by_key.values()))[0]
    return moves[0]


def smallest(move):
    """A move, or the smallest amount of a range (the basic bot bets and raises the least)."""
    return move.make(move.low) if isinstance(move, AmountRange) else move


def basic_swap(cards, moves: list[Move]) -> Move:
    """Swap when the hand is poor for the stops phase; else keep it."""
    poor = stops_quality(cards) < POOR_HAND
    for m in moves:
        if bool(getattr(m, "swap", False)) == poor:
            return m
    return moves[0]


def basic_bid(cards, by_key: dict) -> Move:
    """Bid the least allowed (the low end of the bid range) when the hand is poor, up to a few chips; else pass."""
    ranges = [m for m in by_key.get("bid", []) if isinstance(m, BidRange)]
    passes = by_key.get("pass", [])
    quality = stops_quality(cards)
    limit = 1 + int((POOR_HAND - quality) * 10)
    if ranges and (not passes or quality < POOR_HAND and ranges[0].low <= limit):
        return ranges[0].bid(ranges[0].low)
    return passes[0]


def betting_action(strength: float, allowed) -> str | None:
    """The basic bot's betting action among the ``allowed`` ones (names), by poker strength."""
    if strength >= BET_STRENGTH:
        prefer = ("raise", "bet", "call", "check")
    elif strength >= CALL_STRENGTH:
        prefer = ("check", "call", "fold")
    else:
        prefer = ("check", "fold", "call")
    for action in prefer:
        if action in allowed:
            return action
    return None
