#!/usr/bin/env python3
"""Run every bench/bench_*.py, in name order, each in its own process.

    python bench/run.py [-k SUBSTRING]... [-- ARGS...]

`make bench` runs it with the venv's Python after building the wheel and
node_modules. Each benchmark's output is printed under a header as it comes;
ARGS after `--` are passed to every benchmark (e.g. `-- --quick`). A
benchmark that fails (non-zero exit) is reported, the others still run, and
the exit status is non-zero at the end.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "-k", dest="only", action="append", default=[], help="run only benchmarks whose name contains this"
    )
    args = parser.parse_args(argv)

    benches = sorted(BENCH_DIR.glob("bench_*.py"))
    if args.only:
        benches = [b for b in benches if any(s in b.name for s in args.only)]
    if not benches:
        print("bench: no bench/bench_*.py to run", file=sys.stderr)
        return 1

    results: list[tuple[str, int, float]] = []
    for bench in benches:
        rel = bench.relative_to(REPO)
        print(f"\n{'=' * 72}\n== {rel} {' '.join(extra)}\n{'=' * 72}", flush=True)
        start = time.perf_counter()
        try:
            code = subprocess.run([sys.executable, str(rel), *extra], cwd=REPO).returncode
        except KeyboardInterrupt:
            print(f"\nbench: interrupted during {rel}", file=sys.stderr)
            return 130
        elapsed = time.perf_counter() - start
        results.append((str(rel), code, elapsed))
        if code != 0:
            print(f"!! {rel} FAILED with exit status {code}", flush=True)

    print(f"\n{'=' * 72}\n== summary\n{'=' * 72}")
    for rel, code, elapsed in results:
        status = "ok" if code == 0 else f"FAILED (exit {code})"
        print(f"{elapsed:8.1f}s  {status:<20} {rel}")
    failed = [rel for rel, code, _ in results if code != 0]
    if failed:
        print(f"bench: {len(failed)} of {len(results)} failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
