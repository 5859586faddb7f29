"""Bots: they choose a legal move for a seat, from what that seat can see.

``random`` picks any legal move; ``basic`` follows simple documented heuristics. When only
one move is legal (a forced play), every bot makes it.
"""

from __future__ import annotations

import random

from .moves import Move, Play


class RandomBot:
    """A uniformly random legal move, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, hand, seat: int) -> Move:
        moves = hand.legal_moves()
        return moves[0] if len(moves) == 1 else self.rng.choice(moves)


class BasicBot:
    """Leads the suit where it holds the longest run of consecutive cards from the lead up;
    keeps aces and high cards for later; breaks ties by the lowest card."""

    name = "basic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, hand, seat: int) -> Move:
        moves = hand.legal_moves()
        if len(moves) == 1:
            return moves[0]
        own = hand.hands[seat]

        def score(move: Move):
            if not isinstance(move, Play):
                return (0, 0)
            run, c = 0, int(move.card)
            while c in own:
                run += 1
                if c % 13 == 12:
                    break
                c += 1
            return (run, -(move.card % 13))

        return max(moves, key=score)


BOTS = {"random": RandomBot, "basic": BasicBot}


def make_bot(level: str, seed: int = 0):
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOTS)})")
    return BOTS[level](seed)
