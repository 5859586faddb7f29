#!/usr/bin/env python3
"""Poker hand evaluation speed: stops.poker against treys, deuces, phevaluator, pokerkit.

    python bench/bench_poker.py [--quick] [--no-pyodide]

Every library ranks the SAME random hands (fixed seed) of 5 cards, best-of-7 and
best-of-13, in this one run; the figure that matters is the ratio stops / other
of evaluations per second (above 1: stops is faster). Each library gets the
cards in its own native form (ints; pokerkit: its Card objects), converted
before the clock starts, and is called through its public API. Libraries made
for 5-7 cards (treys, deuces, phevaluator) rank best-of-13 as the best of its
1287 five-card subsets (treys and deuces through their five-card evaluator
``Evaluator._five``, the fastest way in); pokerkit's ``from_game`` does that
itself. Slow libraries time a fixed prefix of the hand list (the count is
printed). Timings run in 3 interleaved rounds and each library's fastest
round counts. After timing, each
library's ranking is checked against stops on consecutive pairs of hands
("order agrees").

Run by CPython, the script then runs itself under Pyodide in Node
(``node tools/pyodide_run.mjs --wheel ... bench/bench_poker.py``) with the stops
wheel from dist/ (``make wheel``) and the competitors' wheels from .bench/wheels
(downloaded with pip when missing), or prints why it skipped that.
No timed assertions: this only prints.
"""

from __future__ import annotations

import argparse
import glob
import itertools
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

from harness import IN_PYODIDE, REPO, import_stops, rerun_under_pyodide

SEED = 20261129
SIZES = (5, 7, 13)
# Pinned competitors (their pure-Python wheels also run under Pyodide).
COMPETITORS = ("treys==0.1.8", "deuces==0.2.1", "phevaluator==0.5.3", "pokerkit==0.7.7")
WHEELS = REPO / ".bench" / "wheels"

# Hands timed per library and size (a prefix of the same list); --quick divides by 10.
COUNTS = {
    "stops.poker": {5: 50_000, 7: 50_000, 13: 20_000},
    "treys": {5: 50_000, 7: 20_000, 13: 100},
    "deuces": {5: 50_000, 7: 20_000, 13: 100},
    "phevaluator": {5: 50_000, 7: 50_000, 13: 100},
    "pokerkit": {5: 5_000, 7: 1_000, 13: 10},
}


ASCII_RANKS = "23456789TJQKA"
ASCII_SUITS = "shdc"  # stops suit order: spades, hearts, diamonds, clubs


def ascii_card(c: int) -> str:
    return ASCII_RANKS[c % 13] + ASCII_SUITS[c // 13]


# ---------------------------------------------------------------------------
# One adapter per library: prepare(hands) -> native hands; rank(native) -> score;
# `higher_better` tells how to read the score. prepare is not timed.


class Lib:
    name = ""
    higher_better = False
    version = ""

    def prepare(self, hands: list[list[int]], size: int) -> list:
        raise NotImplementedError

    def ranker(self, size: int):
        raise NotImplementedError


class Stops(Lib):
    name = "stops.poker"
    higher_better = True

    def __init__(self):
        self.poker = import_stops("poker")
        where = Path(self.poker.__file__).resolve()
        self.version = "wheel" if "site-packages" in str(where) else f"source {where.parent}"

    def prepare(self, hands, size):
        return [list(h) for h in hands]

    def ranker(self, size):
        return self.poker.hand_key


class Treys(Lib):
    name = "treys"

    def __init__(self, module_name="treys"):
        mod = __import__(module_name)
        self.name = module_name
        self.Card = mod.Card
        self.ev = mod.Evaluator()
        self.version = _version(module_name)

    def prepare(self, hands, size):
        new = self.Card.new
        return [[new(ascii_card(c)) for c in h] for h in hands]

    def ranker(self, size):
        ev = self.ev
        if size <= 7:
            evaluate = ev.evaluate
            return lambda h: evaluate(h[:2], h[2:])
        five = ev.hand_size_map[5]
        combos = itertools.combinations
        return lambda h: min(map(five, combos(h, 5)))


class Deuces(Treys):
    def __init__(self):
        super().__init__("deuces")


class PhEvaluator(Lib):
    name = "phevaluator"

    def __init__(self):
        from phevaluator import evaluate_cards
        from phevaluator.card import Card

        self.evaluate_cards = evaluate_cards
        self.Card = Card
        self.version = _version("phevaluator")

    def prepare(self, hands, size):
        Card = self.Card
        return [[Card(ascii_card(c)).id_ for c in h] for h in hands]

    def ranker(self, size):
        evaluate_cards = self.evaluate_cards
        if size <= 7:
            return lambda h: evaluate_cards(*h)
        combos = itertools.combinations
        return lambda h: min(evaluate_cards(*c) for c in combos(h, 5))


class PokerKit(Lib):
    name = "pokerkit"
    higher_better = True

    def __init__(self):
        from pokerkit import Card, StandardHighHand

        self.Card = Card
        self.Hand = StandardHighHand
        self.version = _version("pokerkit")

    def prepare(self, hands, size):
        parse = self.Card.parse
        return [tuple(parse("".join(ascii_card(c) for c in h))) for h in hands]

    def ranker(self, size):
        from_game = self.Hand.from_game
        return lambda h: from_game(h)


def _version(dist: str) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return "?"


def load_libs() -> tuple[list[Lib], list[str]]:
    libs: list[Lib] = [Stops()]
    skipped = []
    for cls in (Treys, Deuces, PhEvaluator, PokerKit):
        try:
            libs.append(cls())
        except Exception as exc:  # not installed, or does not import on this Python
            name = cls.__name__.lower()
            skipped.append(f"{name}: {type(exc).__name__}: {exc}")
    return libs, skipped


# ---------------------------------------------------------------------------


REPEAT = 3  # rounds of timings; each library's fastest round counts (the machine may be busy)


def timed(rank, hands) -> tuple[float, list]:
    t0 = time.perf_counter()
    scores = [rank(h) for h in hands]
    return time.perf_counter() - t0, scores


def order_agrees(ref: list[int], other: list, higher_better: bool) -> bool:
    """Do the two rankings order each consecutive pair of hands the same way (ties too)?"""
    for i in range(len(other) - 1):
        a = (ref[i] > ref[i + 1]) - (ref[i] < ref[i + 1])
        b = (other[i] > other[i + 1]) - (other[i] < other[i + 1])
        if a != (b if higher_better else -b):
            return False
    return True


def run(quick: bool) -> None:
    where = f"Pyodide {platform.python_implementation()} {platform.python_version()} (Node)" if IN_PYODIDE \
        else f"{platform.python_implementation()} {platform.python_version()}"
    print(f"== poker hand evaluation on {where}, seed {SEED} ==")
    libs, skipped = load_libs()
    for s in skipped:
        print(f"   skipped {s}")
    print("   " + ", ".join(f"{lib.name} {lib.version}" for lib in libs))
    rng = random.Random(SEED)
    scale = 10 if quick else 1
    rows = []
    for size in SIZES:
        most = max(COUNTS[lib.name][size] for lib in libs) // scale
        hands = [rng.sample(range(52), size) for _ in range(most)]
        jobs = []
        for lib in libs:
            n = max(1, COUNTS[lib.name][size] // scale)
            jobs.append((lib, n, lib.ranker(size), lib.prepare(hands[:n], size)))
        best = [float("inf")] * len(jobs)
        scores: list[list] = [[] for _ in jobs]
        for _ in range(REPEAT):  # interleaved, so that a busy spell hits everyone
            for i, (lib, n, rank, native) in enumerate(jobs):
                seconds, scores[i] = timed(rank, native)
                best[i] = min(best[i], seconds)
        ref_rate = jobs[0][1] / best[0]  # stops.poker comes first
        for i, (lib, n, rank, native) in enumerate(jobs):
            rate = n / best[i]
            if i == 0:
                ratio, agree = "", ""
            else:
                ratio = f"{ref_rate / rate:,.1f}x"
                agree = "yes" if order_agrees(scores[0][:n], scores[i], lib.higher_better) else "NO"
            rows.append((size, lib.name, n, rate, ratio, agree))
    label = {5: "5 cards", 7: "best-of-7", 13: "best-of-13"}
    print(f"   {'hand':<11} {'library':<12} {'hands':>7} {'evals/s':>12} {'stops/other':>12} {'order agrees':>13}")
    for size, name, n, rate, ratio, agree in rows:
        print(f"   {label[size]:<11} {name:<12} {n:>7} {rate:>12,.0f} {ratio:>12} {agree:>13}")
    sys.stdout.flush()


# ---------------------------------------------------------------------------
# The Pyodide run, spawned from CPython.


def ensure_wheels() -> list[str]:
    have = glob.glob(str(WHEELS / "*.whl"))
    wanted = [spec.split("==")[0] for spec in COMPETITORS]
    missing = [spec for spec, dist in zip(COMPETITORS, wanted)
               if not any(Path(w).name.lower().startswith(dist.lower() + "-") for w in have)]
    if missing:
        WHEELS.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
               "--only-binary=:all:", "-d", str(WHEELS), *missing]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"   (could not download {' '.join(missing)} for Pyodide: {proc.stderr.strip()[-300:]})")
    return sorted(glob.glob(str(WHEELS / "*.whl")))


def run_pyodide(quick: bool) -> int:
    return rerun_under_pyodide(__file__, ["--quick"] if quick else [], extra_wheels=ensure_wheels())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the hands")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide run")
    args = parser.parse_args(argv)
    run(args.quick)
    if not IN_PYODIDE and not args.no_pyodide:
        print()
        return run_pyodide(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
