"""Bots: they choose a legal move for a seat, from what that seat can see.

One interface for every decision of every game: ``bot.choose(rnd, seat) -> Move``
(leads, widow swaps and auctions, ghost-hand bids, betting). Three levels:

``random``
    a uniformly random legal move, from its own seeded generator.
``basic``
    documented heuristics (:mod:`stops.heuristics`): lead a run that reaches a pay card,
    else one you stop yourself (ending in your ace or before a played card), else low in a
    suit whose ace you keep for late, else the longest run of consecutive cards, the
    longest suit; swap or
    bid a few chips for the widow / ghost hand when your hand is poor for the stops phase; bet by poker
    strength (:mod:`stops.poker`).
``expert``
    determinized Monte Carlo (:mod:`stops.hints`): sample the hidden cards consistent with
    what the seat has seen, play every option out with ``basic`` bots, and choose the best
    expected chips for the seat. ``playouts`` is the budget per option; an option clearly
    behind the best on the samples so far is played out no further (``evaluate(race=True)``);
    the same seed and position always give the same choice.

When only one move is legal (a forced play), every bot makes it. No bot reads a card its
seat cannot see: the basic bot looks at its own hand and at played cards only, and the
expert builds its samples from the seat's information set.
"""

from __future__ import annotations

import random

from . import heuristics
from .hints import decision_seed, evaluate, split_bids
from .moves import AmountRange, Move

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
        if isinstance(move, AmountRange):  # a uniform amount of the range (open ranges: its first few)
            top = move.low + RANDOM_BID_SPAN - 1 if move.high is None else move.high
            return move.bid(self.rng.randint(move.low, top))
        return move


class BasicBot:
    """The documented heuristics of :mod:`stops.heuristics`; deterministic."""

    name = "basic"

    def __init__(self, seed: int = 0, **_):
        self.seed = seed

    def choose(self, rnd, seat: int) -> Move:
        return heuristics.basic_move(rnd, seat)


class ExpertBot:
    """Determinized Monte Carlo over the seat's information set (see :mod:`stops.hints`)."""

    name = "expert"

    def __init__(self, seed: int = 0, playouts: int = 200, **_):
        self.seed = seed
        self.playouts = playouts

    def choose(self, rnd, seat: int) -> Move:
        moves = rnd.legal_moves()
        if len(moves) == 1:
            return moves[0]
        moves = split_bids(moves)[0]  # never more than a few chips over the lowest bid
        tallies = evaluate(rnd, seat, self.playouts, decision_seed(self.seed, rnd, seat), moves, race=True)
        most = max(tally.n for tally in tallies)  # the options still racing at the end
        best = max((i for i, tally in enumerate(tallies) if tally.n == most), key=lambda i: (tallies[i].mean(), -i))
        return moves[best]


BOTS = {"random": RandomBot, "basic": BasicBot, "expert": ExpertBot}


def make_bot(level: str, seed: int = 0, **options):
    """A bot of ``level`` (random, basic, expert); ``options`` such as ``playouts`` for the expert."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOTS)})")
    return BOTS[level](seed, **options)
