#!/usr/bin/env python3
"""Monte Carlo playouts per second in every game, and the expert bot's decision time, on
CPython and Pyodide.

    python bench/bench_bots.py [--quick] [--no-pyodide]

1. Playouts. The decision: the first lead of the stops play of a four-player deal of each
   game (fixed seeds, basic bots up to it). Two ways to play the rest of the round out from
   samples of the hidden cards, both with basic bots, timed in the same process:

   - baseline: :class:`stops.round.Round` — a sampled copy of the hand, then ``apply`` move
     by move (every move checked, every event recorded);
   - fast: :mod:`stops.playout` on compact state, as :func:`stops.hints.evaluate` runs it.

   It prints playouts per second for each, the ratio fast / baseline (target: 6x or more in
   every game), and each game's fast playouts per second against Michigan's (target: no
   game below half of Michigan's), then the time of a whole hint of 500 playouts per option.
2. The expert bot. At the first decision with a choice of every phase of each game (its
   optional phases turned on), four players, the expert bot with the play page's playouts
   per option (``BOT_PLAYOUTS`` in site/static/pages/play.mjs): the median milliseconds of
   a decision, against the target of 300 ms on Pyodide.

Times are the process's CPU time (``harness.cpu_clock``: under Pyodide, Node's), so that
other work on a shared machine disturbs the figures less; the two playouts
are timed in turns, the best rate of each kept, and each expert decision twice, the faster
kept.

Run by CPython, the script then runs itself under Pyodide in Node
(``node tools/pyodide_run.mjs --wheel dist/stops-*.whl bench/bench_bots.py``), or prints why
it skipped that. No timed assertions: this only prints.
"""

from __future__ import annotations

import argparse
import platform
import random
import re
import statistics
import sys
from pathlib import Path

from harness import IN_PYODIDE, REPO, cpu_clock, import_stops, rerun_under_pyodide

SEEDS = (1, 2, 3, 4, 5)
PLAYERS = list("ABCD")
EXPERT_TARGET_MS = 300
ROUNDS = 3  # the baseline and the fast playouts are timed in turns, this many times each
REPEAT = 2  # each expert decision is timed this many times, the fastest kept
clock = cpu_clock  # CPU time of this process: other work on the machine slows it less than the wall clock


def page_bot_playouts() -> int:
    """The play page's expert playouts per option (BOT_PLAYOUTS in static/pages/play.mjs)."""
    text = (REPO / "site" / "static" / "pages" / "play.mjs").read_text(encoding="utf-8")
    found = re.search(r"const BOT_PLAYOUTS = (\d+)", text)
    if not found:
        raise SystemExit("bench_bots: BOT_PLAYOUTS not found in site/static/pages/play.mjs")
    return int(found.group(1))


def at_decision(profile, seed: int, phase: str):
    """A four-player round of ``profile`` at its first decision in ``phase`` with a choice
    (basic bots up to it), or None when that deal never reaches one."""
    from stops.bots import BasicBot
    from stops.deal import deal_for
    from stops.round import Round

    rnd = Round(profile, PLAYERS, 0, deal_for(profile, seed, len(PLAYERS), 0))
    bot = BasicBot()
    while not rnd.over and (rnd.phase != phase or len(rnd.legal_moves()) < 2):
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return None if rnd.over else rnd


def first_leads(game: str) -> list:
    from stops.profiles import get_profile

    profile = get_profile(game)
    return [rnd for rnd in (at_decision(profile, seed, "stops") for seed in SEEDS) if rnd is not None]


def baseline_rate(hands, budget: float) -> tuple[float, int]:
    """Playouts per second with Round.apply (sampled copy, every option, basic bots)."""
    from stops.bots import BasicBot
    from stops.determinize import information_set, sample_owner, world

    bot = BasicBot()
    rng = random.Random(1)
    done = 0
    start = clock()
    while clock() - start < budget:
        for rnd in hands:
            info = information_set(rnd, rnd.to_move())
            sampled = world(rnd, sample_owner(info, rng))
            for move in rnd.legal_moves():
                h = sampled.clone()
                h.apply(move)
                while not h.over:
                    h.apply(bot.choose(h, h.to_move()))
                done += 1
    return done / (clock() - start), done


def fast_rate(hands, budget: float) -> tuple[float, int]:
    """Playouts per second of the hints' evaluation (sampling included), 20 playouts a call."""
    from stops.hints import evaluate

    done = 0
    start = clock()
    while clock() - start < budget:
        for rnd in hands:
            tallies = evaluate(rnd, rnd.to_move(), playouts=20, seed=done)
            done += sum(t.n for t in tallies)
    return done / (clock() - start), done


def slowest_hint(hands, playouts: int) -> float:
    from stops.hints import hint

    worst = 0.0
    for rnd in hands:
        t0 = clock()
        hint(rnd, rnd.to_move(), playouts=playouts, seed=1)
        worst = max(worst, clock() - t0)
    return worst


def playouts(quick: bool) -> None:
    from stops.profiles import PROFILES

    budget = 0.3 if quick else 1.5
    print("-- playouts from the first lead of the stops play (four players, 5 deals, every option)")
    print(f"   {'game':<11} {'options':>7} {'Round.apply/s':>14} {'fast/s':>10} {'fast vs apply':>14} {'vs Michigan':>12}"
          f" {f'hint of {500 if not quick else 100}':>12}")
    rows = {}
    for game in PROFILES:
        hands = first_leads(game)
        fast_rate(hands[:1], 0.05)  # warm-up (imports, caches)
        base = fast = 0.0
        for _ in range(ROUNDS):  # in turns, the best of each: the least disturbed by other work
            base = max(base, baseline_rate(hands, budget / ROUNDS)[0])
            fast = max(fast, fast_rate(hands, budget / ROUNDS)[0])
        worst = slowest_hint(hands[:1] if quick else hands, 100 if quick else 500)
        rows[game] = (sum(len(h.legal_moves()) for h in hands), base, fast, worst)
    michigan = rows["michigan"][2]
    for game, (options, base, fast, worst) in rows.items():
        print(f"   {game:<11} {options:>7} {base:>14,.0f} {fast:>10,.0f} {f'{fast / base:.1f}x':>14}"
              f" {f'{fast / michigan:.2f}x':>12} {worst:>10.3f} s")
    low = min(rows, key=lambda g: rows[g][2] / rows[g][1])
    slow = min(rows, key=lambda g: rows[g][2])
    print(f"   lowest fast / apply: {low} {rows[low][2] / rows[low][1]:.1f}x (target 6x);"
          f" slowest game against Michigan: {slow} {rows[slow][2] / michigan:.2f}x (target 0.5x)"
          + (" (a hint of 100 playouts, one deal: --quick)" if quick else ""))
    sys.stdout.flush()


def game_phases() -> list[tuple[str, dict, str]]:
    """(game, options, phase) for every phase of every game, its optional phases turned on."""
    from stops.profiles import PROFILES

    out = []
    for game, profile in PROFILES.items():
        base = set(profile.configure({}).phases)
        options = {o.name: True for o in profile.options
                   if o.default is False and set(profile.configure({o.name: True}).phases) - base}
        for phase in profile.configure(options).phases:
            out.append((game, options, phase))
    return out


def experts(quick: bool) -> None:
    from stops.bots import ExpertBot
    from stops.hints import split_bids
    from stops.profiles import get_profile

    per_option = page_bot_playouts()
    print(f"-- the expert bot's decision at the play page's {per_option} playouts per option (four players;"
          f" target {EXPERT_TARGET_MS} ms on Pyodide)")
    print(f"   {'game':<11} {'phase':<16} {'decisions':>9} {'options':>8} {'median ms':>10} {'slowest ms':>11}")
    worst = (0.0, "")
    for game, options, phase in game_phases():
        profile = get_profile(game, options)
        seeds = SEEDS[:2] if quick else SEEDS
        rounds = [rnd for rnd in (at_decision(profile, seed, phase) for seed in seeds) if rnd is not None]
        if not rounds:
            print(f"   {game:<11} {phase:<16} {'(no decision with a choice in these deals)':>40}")
            continue
        times = []
        for i, rnd in enumerate(rounds):
            once = []
            for _ in range(REPEAT):  # the same decision (the bot's seed fixes it), its least disturbed time
                start = clock()
                ExpertBot(i, playouts=per_option).choose(rnd, rnd.to_move())
                once.append((clock() - start) * 1000)
            times.append(min(once))
        opts = statistics.median(len(split_bids(r.legal_moves())[0]) for r in rounds)  # the options it rates
        print(f"   {game:<11} {phase:<16} {len(rounds):>9} {opts:>8g} {statistics.median(times):>10.1f} {max(times):>11.1f}")
        worst = max(worst, (max(times), f"{game} {phase}"))
        sys.stdout.flush()
    print(f"   slowest decision: {worst[1]}, {worst[0]:.0f} ms = {worst[0] / EXPERT_TARGET_MS:.2f}x the target")


def run(quick: bool) -> None:
    where = f"Pyodide {platform.python_implementation()} {platform.python_version()} (Node)" if IN_PYODIDE \
        else f"{platform.python_implementation()} {platform.python_version()}"
    import_stops("hints")
    import stops

    origin = "wheel" if "site-packages" in str(Path(stops.__file__).resolve()) else "source"
    print(f"== bots on {where} (stops from {origin}) ==")
    playouts(quick)
    experts(quick)
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide run")
    args = parser.parse_args(argv)
    run(args.quick)
    if not IN_PYODIDE and not args.no_pyodide:
        print()
        return rerun_under_pyodide(__file__, ["--quick"] if args.quick else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
