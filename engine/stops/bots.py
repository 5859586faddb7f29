"""Bots: they choose a legal move for a seat, from what that seat can see.

One interface for every decision of every game: ``bot.choose(hand, seat) -> Move``
(leads, widow swaps and auctions, ghost-hand bids, betting). Three levels:

``random``
    a uniformly random legal move, from its own seeded generator.
``basic``
    documented heuristics (:mod:`stops.heuristics`): lead a run that reaches a pay card,
    else one you stop yourself (ending in your ace or before a played card), else low in a
    suit whose ace you keep for late, else the longest run of consecutive cards, the
    longest suit; swap or
    bid a few chips for the widow / ghost hand when your hand is poor for the stops phase
    (a profile's own ``extra["basic_bot"]`` decides first when it has one); bet by poker
    strength (:mod:`stops.poker`).
``expert``
    determinized Monte Carlo (:mod:`stops.hints`): sample the hidden cards consistent with
    what the seat has seen, play every option out with ``basic`` bots, and choose the best
    expected chips for the seat. ``playouts`` is the budget per option; the same seed and
    position always give the same choice.

When only one move is legal (a forced play), every bot makes it. No bot reads a card its
seat cannot see: the basic bot looks at its own hand and at played cards only, and the
expert builds its samples from the seat's information set.
"""

from __future__ import annotations

import random

from . import heuristics
from .moves import BidRange, Move, Play

# In an auction without a cap (a running score) the random bot bids at most this far above the lowest bid.
RANDOM_BID_SPAN = 10


class RandomBot:
    """A uniformly random legal move, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0, **_):
        self.rng = random.Random(seed)

    def choose(self, rnd, seat: int) -> Move:
        moves = rnd.legal_moves()
        move = moves[0] if len(moves) == 1 else self.rng.choice(moves)
        if isinstance(move, BidRange):  # a uniform bid of the range (open ranges: its first few)
            top = move.low + RANDOM_BID_SPAN - 1 if move.high is None else move.high
            return move.bid(self.rng.randint(move.low, top))
        return move


# Thresholds of the basic bot (stops_quality and poker_strength run from 0 to 1).
POOR_HAND = 0.4  # swap or bid for the widow / ghost hand below this stops quality
BET_STRENGTH = 0.3  # bet or raise from three of a kind up
CALL_STRENGTH = 0.12  # stay in with a pair of kings or better; fold below


class BasicBot:
    """The documented heuristics of :mod:`stops.heuristics`; deterministic."""

    name = "basic"

    def __init__(self, seed: int = 0, **_):
        self.seed = seed

    def choose(self, rnd, seat: int) -> Move:
        moves = rnd.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if all(isinstance(m, Play) for m in moves):
            return self.lead(rnd, seat, moves)
        own_rule = rnd.profile.extra.get("basic_bot")  # a profile's own basic decisions
        if own_rule is not None:
            move = own_rule(rnd, seat, moves, random.Random(self.seed))
            if move is not None:
                return move
        by_key: dict[str, list[Move]] = {}
        for m in moves:
            by_key.setdefault(type(m).key, []).append(m)
        cards = rnd.hands[seat]
        if "swap" in by_key:
            return self.swap(cards, by_key["swap"])
        if "bid" in by_key or "pass" in by_key:
            return self.bid(rnd, seat, cards, by_key)
        betting = {"check", "bet", "call", "raise", "fold"} & set(by_key)
        if betting:
            return self.bet(cards, by_key)
        return moves[0]

    def lead(self, rnd, seat: int, moves: list[Play]) -> Move:
        owner = heuristics.public_owner(rnd, seat)
        pay = heuristics.pay_index(rnd.profile)
        cards = [int(m.card) for m in moves]
        return moves[cards.index(heuristics.basic_lead(owner, seat, cards, pay))]

    def swap(self, cards, moves: list[Move]) -> Move:
        poor = heuristics.stops_quality(cards) < POOR_HAND
        for m in moves:
            if bool(getattr(m, "swap", False)) == poor:
                return m
        return moves[0]

    def bid(self, rnd, seat: int, cards, by_key: dict) -> Move:
        """Bid the least allowed when the hand is poor, up to a few chips; else pass."""
        ranges = [m for m in by_key.get("bid", []) if isinstance(m, BidRange)]
        passes = by_key.get("pass", [])
        quality = heuristics.stops_quality(cards)
        limit = 1 + int((POOR_HAND - quality) * 10)
        if ranges and (not passes or quality < POOR_HAND and ranges[0].low <= limit):
            return ranges[0].bid(ranges[0].low)
        return passes[0]

    def bet(self, cards, by_key: dict) -> Move:
        action = betting_action(heuristics.poker_strength(cards), by_key)
        return by_key[action][0] if action else next(iter(by_key.values()))[0]


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


class ExpertBot:
    """Determinized Monte Carlo over the seat's information set (see :mod:`stops.hints`)."""

    name = "expert"

    def __init__(self, seed: int = 0, playouts: int = 200, **_):
        self.seed = seed
        self.playouts = playouts

    def choose(self, rnd, seat: int) -> Move:
        from .hints import decision_seed, evaluate, split_bids

        moves = rnd.legal_moves()
        if len(moves) == 1:
            return moves[0]
        moves = split_bids(moves)[0]  # never more than a few chips over the lowest bid
        tallies = evaluate(rnd, seat, self.playouts, decision_seed(self.seed, rnd, seat), moves)
        best = max(range(len(moves)), key=lambda i: (tallies[i].mean(), -i))
        return moves[best]


BOTS = {"random": RandomBot, "basic": BasicBot, "expert": ExpertBot}


def make_bot(level: str, seed: int = 0, **options):
    """A bot of ``level`` (random, basic, expert); ``options`` such as ``playouts`` for the expert."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOTS)})")
    return BOTS[level](seed, **options)
