#!/usr/bin/env python3
"""The play page's requests, timed at its settings, on CPython and Pyodide.

    python bench/bench_play.py [--quick] [--no-pyodide]

Every request of the play page sends the whole session document to ``stops.web.call``,
which replays it and answers. Timed here, each at a decision of a four-player session that
the page itself would reach (fixed seeds, basic bots up to it):

- ``state``: replay the document and draw the table (the baseline of every request);
- ``bot_move``: the bot to move decides and plays, at the levels of the set-up form, the
  expert with the page's 100 playouts per option (``BOT_PLAYOUTS`` in static/pages/play.mjs);
- ``hint``: the reader's Hint, 500 playouts per option in the stops play, 100 at an auction
  or a betting decision (``HINT_PLAYOUTS``), whose playouts replay whole rounds.

Decisions: Michigan's first lead, Tripoli's ghost-hand auction, Rummoli's betting round.
It prints the median milliseconds of each request and its ratio to ``state`` in the same
run. No timed assertions: this only prints.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

from harness import IN_PYODIDE, import_stops, rerun_under_pyodide

BOT_PLAYOUTS = 100
HINT_PLAYOUTS = {"stops": 500}  # and 100 at the other decisions (auctions, betting), as the page asks
OTHER_HINT_PLAYOUTS = 100
NAMES = ["Ana", "Ben", "Cleo", "Dev"]
DECISIONS = (
    ("michigan", {}, "stops"),
    ("tripoli", {"ghost_auction": True}, "ghost-auction"),
    ("rummoli", {}, "betting"),
)


def call(web, op, *args):
    answer = json.loads(web.call(op, json.dumps(list(args))))
    if not answer["ok"]:
        raise RuntimeError(f"{op}: {answer['error']}")
    return answer["result"]


def decision(web, game, options, phase):
    """A session document at the first decision of ``phase`` (every seat a bot up to it)."""
    setup = {"game": game, "players": NAMES, "bots": {n: "basic" for n in NAMES}, "options": options, "seed": 3}
    state = call(web, "new_session", setup, None)
    while state["view"]["phase"] != phase or state["stage"] != "play":
        state = call(web, "bot_move", state["document"], None, 1)
    return state


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def run(quick: bool) -> None:
    where = f"Pyodide {platform.python_implementation()} {platform.python_version()} (Node)" if IN_PYODIDE \
        else f"{platform.python_implementation()} {platform.python_version()}"
    web = import_stops("web")
    print(f"== play page requests, four players, on {where} ==")
    print(f"   {'decision':<24} {'request':<28} {'median ms':>10} {'vs state':>9}")
    repeat = 3 if quick else 7
    for game, options, phase in DECISIONS:
        state = decision(web, game, options, phase)
        doc = state["document"]
        base = timed(lambda: call(web, "state", doc, None), repeat)
        rows = [("state (replay the document)", base)]
        for level in ("basic", "expert"):
            bots = {n: level for n in NAMES}
            leveled = doc | {"bots": bots}
            rows.append((f"bot_move, {level}", timed(lambda: call(web, "bot_move", leveled, None, BOT_PLAYOUTS), repeat)))
        hint_repeat = 1 if quick else 3
        playouts = HINT_PLAYOUTS.get(phase, OTHER_HINT_PLAYOUTS)
        rows.append((f"hint, {playouts} playouts", timed(lambda: call(web, "hint", state["replay"], state["moves"], playouts), hint_repeat)))
        label = f"{game} {phase}"
        for name, ms in rows:
            print(f"   {label:<24} {name:<28} {ms:>10.1f} {ms / base:>8.1f}x")
            label = ""
        sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide run")
    args = parser.parse_args(argv)
    run(args.quick)
    if not IN_PYODIDE and not args.no_pyodide:
        print()
        return rerun_under_pyodide(__file__, ["--quick"] if args.quick else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
