#!/usr/bin/env python3
"""Puzzle generation per game: the time per kept puzzle, beside its baseline from the same run,
one rating of one of the kept positions (every option at the same playouts): the ratio says how
many ratings' worth of work a kept puzzle costs (the cheap looks, the ratings that fall short of
the margin, the checks at a second seed, the sessions played between them).

    python bench/bench_puzzles.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "engine"))

from stops import puzzles  # noqa: E402
from stops.profiles import PROFILES  # noqa: E402
from stops.replay import load_replay  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles and playouts")
    args = parser.parse_args(argv)
    count = 2 if args.quick else 4
    settings = replace(puzzles.Settings(), playouts=300 if args.quick else puzzles.Settings.playouts)
    print(f"-- puzzle generation, {count} puzzles per game at {settings.playouts} playouts per option "
          f"(one process, CPU time; seed 1)")
    print(f"   {'game':<12}{'kept':>5}{'sessions':>9}{'looked':>8}{'s/puzzle':>10}{'one rating':>12}{'ratio':>8}")
    for game in sorted(PROFILES):
        started = time.process_time()
        found = puzzles.generate(game, count=count, seed=1, settings=settings, sessions=64)
        spent = time.process_time() - started
        kept = found["puzzles"]
        if not kept:
            print(f"   {game:<12}{0:>5}{found['sessions']:>9}{found['looked']:>8}   no puzzle in {found['sessions']} sessions")
            continue
        rnd = load_replay(kept[0]["position"]).play()[0]
        started = time.process_time()
        puzzles.rate(rnd, rnd.to_move(), settings.playouts, 1, settings.budget)
        one = time.process_time() - started
        per = spent / len(kept)
        print(f"   {game:<12}{len(kept):>5}{found['sessions']:>9}{found['looked']:>8}{per:>10.2f}{one:>12.3f}"
              f"{per / max(one, 1e-6):>7.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
