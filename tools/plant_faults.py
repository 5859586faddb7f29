"""Plant faults in the engine, one at a time, and record which test suite catches each.

Each fault is a small edit of one engine file (an exact text replaced, so that a fault that no
longer applies is an error, not a silent pass). For each fault the working tree is copied
(without .git, .venv, node_modules and build output), the fault applied to the copy, and each
suite run there with ``-x``; a suite *catches* the fault when it fails, and the first failing
test is recorded. The tree itself is never touched.

    .venv/bin/python tools/plant_faults.py                      # every fault, every suite
    .venv/bin/python tools/plant_faults.py --suites check,3-wise --only sequence-off-by-one

The suites (engine tests only for the two larger ones: the faults are in the engine):

- ``exhaustive``: tests/engine with the conformance suite over every option's product;
- ``3-wise``: tests/engine as ``make test`` runs it (3-wise arrays, several seeds);
- ``check``: exactly what ``make check`` runs.

The suites run from the smallest (``check``) up; in each larger one, the test that caught the
fault in a smaller one is run alone first, with the larger suite's tier: if it fails there too,
that suite has caught the fault (with that test) and is not run whole.

It prints a Markdown table (fault x suite) and writes it to ``--out`` (build/faults.md).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PY = REPO / ".venv" / "bin" / "python"
SKIP = {".git", ".venv", "node_modules", "_site", "dist", "build", ".pytest_cache", ".hypothesis", "__pycache__"}


@dataclass(frozen=True)
class Fault:
    name: str
    kind: str
    file: str  # under engine/stops
    old: str
    new: str


FAULTS = [
    Fault("sequence-off-by-one", "off-by-one in a sequence: nothing follows the king, so an ace is never played on",
          "kernel/sequence.py", "        if up < RANKS:\n", "        if up < RANKS - 1:\n"),
    Fault("wrong-pay-card", "wrong pay card: Michigan's spade box pays on the 10 of spades, not the jack",
          "profiles/michigan.py", '"JS": "J♠"}', '"JS": "10♠"}'),
    Fault("misapplied-option", "misapplied option: Michigan's widow auction runs when the option is off, not on",
          "profiles/michigan.py", 'phases=(("widow-exchange",) if auction else ())', 'phases=(("widow-exchange",) if not auction else ())'),
    Fault("split-loses-odd-chips", "a lost chip in a split: the odd chips of a whole-chip split leave the board for nobody",
          "session.py", "        events.append(Split(sid, tuple(seats), share, left, rule))\n",
          "        events.append(Split(sid, tuple(seats), share, left, rule))\n        session.ledger.board[sid] -= left\n"),
    Fault("dealer-skips-a-seat", "wrong dealer rotation: the deal passes two seats to the left",
          "session.py", "        self.dealer = self._next_active(self.dealer)\n        self._departures()",
          "        self.dealer = self._next_active(self._next_active(self.dealer))\n        self._departures()"),
    Fault("going-out-card-short", "off-by-one in a payment: a rival pays for one card fewer than he holds when a player goes out",
          "kernel/claims.py", "        owed = [rate * k for k in counts]\n", "        owed = [rate * max(k - 1, 0) for k in counts]\n"),
    Fault("cap-allows-debt", "a finite stack paying one chip more than it holds (the cap off by one)",
          "ledger.py", "return min(amount, max(balance, 0)) if capped", "return min(amount, max(balance, 0) + 1) if capped"),
    Fault("duty-same-colour", "Rummoli's duty passes to the same colour, not the opposite one",
          "kernel/leads.py", "    return [c for c in lowest if ((c // 13) in RED_SUITS) != red]\n",
          "    return [c for c in lowest if ((c // 13) in RED_SUITS) == red]\n"),
    Fault("ace-worth-eleven", "a wrong card value: an ace left in hand costs 11 pips, not 1",
          "kernel/claims.py", "PIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)", "PIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)"),
    Fault("grand-opera-when-opposed", "Nain Jaune's grand opéra (out unopposed) granted to the last player to play",
          "kernel/claims.py", "    return alone if alone == seat else OPPOSED\n", "    return seat\n"),
    Fault("penalty-skips-last-holder", "the held-card penalty forgets the seat at the winner's right",
          "kernel/claims.py", "    for seat in others_from_left_of(n, winner):\n        out +=",
          "    for seat in others_from_left_of(n, winner)[:-1]:\n        out +="),
    Fault("turn-passes-miscounted", "Nain Jaune's turn by seat: the seats that passed are counted from the wrong seat",
          "phases/stops.py", "for other in clockwise(rnd.n, seat, passed)]",
          "for other in clockwise(rnd.n, seat + 1, passed - 1)]"),
    Fault("cap-only-into-sections", "an option interaction: with finite stacks, only payments into a section are capped",
          "ledger.py", '        if source.kind == "player":\n',
          '        if source.kind == "player" and target.kind == "section":\n'),
    Fault("three-option-chip-lost", "a three-option interaction (planted as a condition): Tripoli with boodle cards, "
          "hearts-only combinations and the pozo every round pays each section's winner a chip short",
          "round.py", "        event = self.ledger.transfer(source, target, amount, reason, rule, kind)\n        return [event] if event else []\n",
          "        event = self.ledger.transfer(source, target, amount, reason, rule, kind)\n"
          "        v = self.profile.values\n"
          "        if event and source.kind == 'section' and target.kind == 'player' and v.get('boodle_cards') is True \\\n"
          "                and v.get('hearts_only_combos') is True and v.get('pozo_once') is False:\n"
          "            self.ledger.balances[target.key] -= 1\n"
          "        return [event] if event else []\n"),
]

SUITES = {
    "exhaustive": (["tests/engine"], {"STOPS_TIER": "exhaustive"}, []),
    "3-wise": (["tests/engine"], {"STOPS_TIER": "full"}, []),
    "check": (["tests/engine", "tests/site", "tests/models"], {"STOPS_TIER": "check"}, ["-m", "not slow"]),
}


def copy_tree(to: Path) -> None:
    def ignore(folder, names):
        return [n for n in names if n in SKIP or n.endswith(".pyc")]

    shutil.copytree(REPO, to, ignore=ignore, symlinks=True)
    if (REPO / "node_modules").exists():
        (to / "node_modules").symlink_to(REPO / "node_modules")


def plant(tree: Path, fault: Fault) -> str:
    path = tree / "engine" / "stops" / fault.file
    text = path.read_text(encoding="utf-8")
    if text.count(fault.old) != 1:
        raise SystemExit(f"{fault.name}: the text to replace occurs {text.count(fault.old)} times in {fault.file} (expected once)")
    path.write_text(text.replace(fault.old, fault.new), encoding="utf-8")
    return text


def pytest(tree: Path, suite: str, jobs: int, targets: list[str]) -> subprocess.CompletedProcess:
    paths, env, extra = SUITES[suite]
    return subprocess.run(
        # Not the test that keeps the faults applicable: in a planted tree it fails on the fault's
        # own text, which says nothing of whether a rule's test catches it.
        [str(PY), "-m", "pytest", "-x", "-p", "no:cacheprovider", "-n", str(jobs), "--dist", "loadgroup", *extra,
         "--ignore=tests/engine/test_planted_faults.py", *(targets or paths)],
        cwd=tree, env={**os.environ, **env, "PYTHONDONTWRITEBYTECODE": "1"}, capture_output=True, text=True,
    )


def run_suite(tree: Path, suite: str, jobs: int, leads: list[str] = ()) -> tuple[str, str, float]:
    """(verdict, first failing test or '', seconds): caught, missed or error.

    ``leads``: tests that caught the fault in another suite. Each that this suite holds too (the
    same test id under this suite's tier) is run first, alone: if it fails, this suite catches
    the fault with it, and the rest of the suite need not run to say so."""
    started = time.monotonic()
    paths = SUITES[suite][0]
    for lead in leads:
        if lead.startswith(tuple(f"{path}/" for path in paths)):
            done = pytest(tree, suite, 0, [lead])
            if done.returncode == 1 and re.search(rf"^(?:FAILED|ERROR) {re.escape(lead)}", done.stdout, re.M):
                return "caught", lead, time.monotonic() - started
    done = pytest(tree, suite, jobs, [])
    seconds = time.monotonic() - started
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.M)
    if done.returncode == 0:
        return "missed", "", seconds
    if done.returncode in (1, 2) and failed:  # 2: stopped by -x under xdist ("Interrupted")
        return "caught", failed[0], seconds
    return "error", (done.stdout + done.stderr)[-600:].replace("\n", " "), seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    # make check first: the test that catches a fault there is tried first in the larger suites.
    parser.add_argument("--suites", default="check,3-wise,exhaustive")
    parser.add_argument("--only", default="", help="comma-separated fault names")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--out", type=Path, default=REPO / "build" / "faults.md")
    args = parser.parse_args(argv)
    suites = [s for s in args.suites.split(",") if s]
    unknown = set(suites) - set(SUITES)
    if unknown:
        parser.error(f"unknown suites {sorted(unknown)} (known: {', '.join(SUITES)})")
    faults = [f for f in FAULTS if not args.only or f.name in args.only.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="stops-faults-") as scratch:
        tree = Path(scratch) / "tree"
        copy_tree(tree)
        for fault in faults:
            original = plant(tree, fault)
            cells = []
            for suite in suites:
                leads = [where for verdict, where, _ in cells if verdict == "caught"]
                verdict, where, seconds = run_suite(tree, suite, args.jobs, leads)
                cells.append((verdict, where, seconds))
                print(f"{fault.name:28} {suite:10} {verdict:6} {seconds:6.0f} s  {where}", flush=True)
            (tree / "engine" / "stops" / fault.file).write_text(original, encoding="utf-8")
            rows.append((fault, cells))
    lines = ["| fault | kind | " + " | ".join(suites) + " |", "|---|---|" + "---|" * len(suites)]
    for fault, cells in rows:
        shown = [f"{v} ({s:.0f} s)" + (f": `{w.split('::')[-1][:70]}`" if v == "caught" else "") for v, w, s in cells]
        lines.append(f"| {fault.name} | {fault.kind} | " + " | ".join(shown) + " |")
    table = "\n".join(lines)
    print("\n" + table)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(table + "\n", encoding="utf-8")
    missed = [f.name for f, cells in rows if any(c[0] == "error" for c in cells)]
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
