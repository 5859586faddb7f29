"""How the basic bot's answers to a stop at will and to the Pope at a stop compare with the
expert's playouts (stops.heuristics: it never stops at will, and plays the Pope at the first
stop it may).

Rounds of Nain Jaune with ``may_stop`` and of Pope Joan with ``pope_any_time`` are played by
basic bots at every seat; at each decision where the option's move is offered, every legal
option is rated by Monte Carlo playouts (:func:`stops.hints.evaluate`, the expert's rating,
from what that seat sees). The table counts the decisions, how often the basic bot takes the
option's move, how often that move is rated best and how often the basic bot's choice is,
and how far the basic choice's rating falls short of the best on average (chips a decision,
with the standard error of that mean; noise alone makes it a little above 0)::

    .venv/bin/python tools/measure_stop_moves.py [--rounds 40] [--playouts 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from stops import hints  # noqa: E402
from stops.bots import BasicBot  # noqa: E402
from stops.deal import deal_for  # noqa: E402
from stops.moves import StandIn, Stop  # noqa: E402
from stops.profiles import get_profile  # noqa: E402
from stops.round import Round  # noqa: E402

CASES = (("nain_jaune", {"may_stop": True}, "stop at will", lambda m: isinstance(m, Stop)),
         ("pope_joan", {"pope_any_time": True}, "the Pope at a stop", lambda m: isinstance(m, StandIn) and m.card is not None))


def measure(game: str, options: dict, is_move, rounds: int, playouts: int, seed: int) -> dict:
    """At each decision where the option's move is offered: whether it is rated best, whether
    the basic bot's choice is, and how far the basic choice's rating falls short of the best
    (chips, 0 when it is the best)."""
    profile = get_profile(game, options)
    bot = BasicBot()
    out = {"decisions": 0, "move best": 0, "basic best": 0, "basic takes it": 0, "short": []}
    for r in range(rounds):
        rng = random.Random(seed * 10_007 + r)
        players = 3 + r % 3
        dealer = r % players
        rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
        while not rnd.over:
            seat = rnd.to_move()
            moves = rnd.legal_moves()
            chosen = bot.choose(rnd, seat)
            if any(is_move(m) for m in moves) and len(moves) > 1:
                means = [t.mean() for t in hints.evaluate(rnd, seat, playouts, seed=rng.randrange(2**31), moves=moves)]
                best = max(range(len(means)), key=lambda i: (means[i], -i))
                mine = moves.index(chosen)
                out["decisions"] += 1
                out["move best"] += is_move(moves[best])
                out["basic best"] += mine == best
                out["basic takes it"] += is_move(chosen)
                out["short"].append(means[best] - means[mine])
            rnd.apply(chosen)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.rounds} rounds a game (3 to 5 players), {args.playouts} playouts an option, seed {args.seed}")
    print(f"   {'move':<20} {'decisions':>9} {'basic takes it':>14} {'rated best':>10} {'basic rated best':>16}"
          "  basic's shortfall, chips a decision")
    for game, options, name, is_move in CASES:
        got = measure(game, options, is_move, args.rounds, args.playouts, args.seed)
        short = got["short"]
        mean = sum(short) / len(short) if short else 0.0
        spread = math.sqrt(sum((g - mean) ** 2 for g in short) / max(len(short) - 1, 1) / max(len(short), 1))
        print(f"   {name:<20} {got['decisions']:>9} {got['basic takes it']:>14} {got['move best']:>10} {got['basic best']:>16}"
              f"  {mean:.2f} ± {spread:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
