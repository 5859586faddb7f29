#!/usr/bin/env python3
"""Whole rounds per second for every game, with the engine's own checked `Round.apply`,
on CPython and then on Pyodide under Node.

    python bench/bench_engine.py [--quick] [--no-pyodide]

Each round, for every registered game: four players, a deal from a fixed seed,
then basic bots choose every move and `apply` validates it, changes the state and records
its events, until the round is over. The baseline is a deal alone (shuffling and building
the round) in the same process, so the figure that counts is how many deals' worth of time
one played round costs. Run by CPython the script runs itself under Pyodide and prints the
Pyodide / CPython ratio per game. Then the stops phase alone, from its first play to the end
of the round, on the fast playout (:func:`stops.playout.finish_stops`) against Round.apply
from the same positions: its ratio per game and its rate against Michigan's. No timed
assertions: this only prints.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from harness import IN_PYODIDE, cpu_clock, import_stops, rerun_under_pyodide

MARK = "rounds/s json: "


def new_round(profile, seed):
    from stops.deal import deal_for
    from stops.round import Round

    players = list("ABCD")
    return Round(profile, players, 0, deal_for(profile, seed, len(players), 0))


def play(rnd, bot):
    while not rnd.over:
        rnd.apply(bot.choose(rnd, rnd.to_move()))


def rate(work, budget: float, clock=time.perf_counter) -> float:
    done, start = 0, clock()
    while (elapsed := clock() - start) < budget:
        work(done)
        done += 1
    return done / elapsed


def games() -> list[str]:
    from stops.profiles import PROFILES

    return list(PROFILES)


def at_stops(profile, seed, bot):
    """A new round played by basic bots up to the first play of its stops phase (None: it ended first)."""
    rnd = new_round(profile, seed)
    while not rnd.over and rnd.phase != "stops":
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return None if rnd.over else rnd


def stops_rates(profile, bot, budget: float) -> tuple[float, float]:
    """Stops phases per second from their first play to the end of the round: (the fast
    playout, :func:`stops.playout.finish_stops`; Round.apply with basic bots), on the same
    positions, timed in turns (CPU time), the best of each."""
    from stops.playout import finish_stops

    starts = [rnd for rnd in (at_stops(profile, seed, bot) for seed in range(8)) if rnd is not None]

    def fast(i):
        finish_stops(starts[i % len(starts)])

    def slow(i):
        play(starts[i % len(starts)].clone(), bot)

    best_fast = best_slow = 0.0
    for _ in range(3):
        best_fast = max(best_fast, rate(fast, budget / 3, cpu_clock))
        best_slow = max(best_slow, rate(slow, budget / 3, cpu_clock))
    return best_fast, best_slow


def measure(budget: float) -> dict:
    import_stops("playout")
    from stops.bots import BasicBot
    from stops.profiles import get_profile

    bot = BasicBot()
    out = {}
    for game in games():
        profile = get_profile(game)
        deals = rate(lambda seed: new_round(profile, seed), budget / 4)
        rounds = rate(lambda seed: play(new_round(profile, seed), bot), budget)
        fast, slow = stops_rates(profile, bot, budget)
        out[game] = {"rounds": rounds, "deals": deals, "fast_stops": fast, "apply_stops": slow}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)
    budget = 0.5 if args.quick else 2.0
    where = "Pyodide " + platform.python_version() if IN_PYODIDE else "CPython " + platform.python_version()
    results = measure(budget)
    print(f"-- {where}: whole rounds with basic bots, Round.apply (baseline: a deal alone)")
    for game, r in results.items():
        print(f"   {game:<11}{r['rounds']:9.1f} rounds/s   {r['deals']:9.1f} deals/s   "
              f"a round costs {r['deals'] / r['rounds']:5.1f} deals")
    michigan = results["michigan"]["fast_stops"]
    print(f"-- {where}: the stops phase from its first play to the end, the fast playout (stops.playout) against"
          " Round.apply, basic bots, the same positions (CPU time; targets: 6x or more, and at least half"
          " of Michigan's rate)")
    for game, r in results.items():
        print(f"   {game:<11}{r['fast_stops']:9.0f} fast/s {r['apply_stops']:9.0f} Round.apply/s   "
              f"{r['fast_stops'] / r['apply_stops']:5.1f}x   {r['fast_stops'] / michigan:5.2f}x Michigan's")
    if IN_PYODIDE:
        print(MARK + json.dumps(results))
        return 0
    if args.no_pyodide:
        return 0
    lines = []
    code = rerun_under_pyodide(__file__, ["--quick"] if args.quick else [], capture=lines)
    pyodide = next((json.loads(line[len(MARK):]) for line in lines if line.startswith(MARK)), None)
    if pyodide:
        print("-- Pyodide / CPython, whole rounds per second; the fast playout's stops phases per second")
        for game in results:
            print(f"   {game:<11}{pyodide[game]['rounds'] / results[game]['rounds']:6.2f}x"
                  f"   {pyodide[game]['fast_stops'] / results[game]['fast_stops']:6.2f}x")
    return code


if __name__ == "__main__":
    sys.exit(main())
