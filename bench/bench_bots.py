#!/usr/bin/env python3
"""Monte Carlo playouts per second for a four-player Michigan decision, on CPython and Pyodide.

    python bench/bench_bots.py [--quick] [--no-pyodide]

The decision: the first lead of a four-player Michigan deal (fixed seeds). Two ways to play
the rest of the round out from samples of the hidden cards, both with basic bots, timed in
the same process:

- baseline: :class:`stops.round.Round` — a sampled copy of the hand, then ``apply`` move by
  move (every move checked, every event recorded);
- fast: :mod:`stops.playout` on compact state, as :func:`stops.hints.hint` runs it.

It prints playouts per second for each, the ratio fast / baseline, and the time of a whole
hint of 500 playouts per option (the figure that must stay under a second on Pyodide).
Run by CPython, the script then runs itself under Pyodide in Node
(``node tools/pyodide_run.mjs --wheel dist/stops-*.whl bench/bench_bots.py``), or prints why
it skipped that. No timed assertions: this only prints.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

from harness import IN_PYODIDE, import_stops, rerun_under_pyodide

SEEDS = (1, 2, 3, 4, 5)


def decisions(stops):
    from stops.deal import deal_for
    from stops.round import Round
    from stops.profiles import get_profile

    profile = get_profile("michigan")
    out = []
    for seed in SEEDS:
        rnd = Round(profile, list("ABCD"), 0, deal_for(profile, seed, 4, 0))
        out.append(rnd)
    return out


def baseline_rate(stops, hands, budget: float) -> tuple[float, int]:
    """Playouts per second with Round.apply (sampled copy, every option, basic bots)."""
    from stops.bots import BasicBot
    from stops.determinize import information_set, sample_owner, world

    bot = BasicBot()
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        for rnd in hands:
            seat = rnd.to_move()
            info = information_set(rnd, seat)
            sampled = world(rnd, sample_owner(info, rng))
            for move in rnd.legal_moves():
                h = sampled.clone()
                h.apply(move)
                while not h.over:
                    h.apply(bot.choose(h, h.to_move()))
                done += 1
    return done / (time.perf_counter() - start), done


def fast_rate(stops, hands, playouts: int) -> tuple[float, int, float]:
    """Playouts per second of hint(); also the slowest single hint's seconds."""
    from stops.hints import hint

    done = 0
    worst = 0.0
    start = time.perf_counter()
    for rnd in hands:
        t0 = time.perf_counter()
        result = hint(rnd, rnd.to_move(), playouts=playouts, seed=1)
        worst = max(worst, time.perf_counter() - t0)
        done += playouts * len(result["options"])
    return done / (time.perf_counter() - start), done, worst


def run(quick: bool) -> None:
    where = f"Pyodide {platform.python_implementation()} {platform.python_version()} (Node)" if IN_PYODIDE \
        else f"{platform.python_implementation()} {platform.python_version()}"
    import_stops("hints")
    import stops

    origin = "wheel" if "site-packages" in str(Path(stops.__file__).resolve()) else "source"
    print(f"== bot playouts, four-player Michigan first lead, on {where} (stops from {origin}) ==")
    hands = decisions(stops)
    options = [len(h.legal_moves()) for h in hands]
    fast_rate(stops, hands[:1], 20)  # warm-up (imports, caches)
    base, base_n = baseline_rate(stops, hands, 0.5 if quick else 2.0)
    playouts = 100 if quick else 500
    fast, fast_n, worst = fast_rate(stops, hands, playouts)
    print(f"   decisions: {len(hands)} deals, {sum(options)} options in all ({', '.join(map(str, options))})")
    print(f"   {'playout':<34} {'playouts':>9} {'playouts/s':>12} {'vs baseline':>12}")
    print(f"   {'baseline: Round.apply + basic bot':<34} {base_n:>9} {base:>12,.0f} {'1.0x':>12}")
    print(f"   {'fast: stops.playout (hint)':<34} {fast_n:>9} {fast:>12,.0f} {f'{fast / base:,.1f}x':>12}")
    print(f"   slowest hint of {playouts} playouts per option: {worst:.3f} s")
    sys.stdout.flush()


def run_pyodide(quick: bool) -> int:
    return rerun_under_pyodide(__file__, ["--quick"] if quick else [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs (100 playouts per option)")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide run")
    args = parser.parse_args(argv)
    run(args.quick)
    if not IN_PYODIDE and not args.no_pyodide:
        print()
        return run_pyodide(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
