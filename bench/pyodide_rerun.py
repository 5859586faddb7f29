"""Run a benchmark script again inside Pyodide under Node, with the engine wheel.

Each bench/bench_*.py measures itself on CPython, then calls :func:`rerun_under_pyodide`
so the same measurements are printed for Pyodide (tools/pyodide_run.mjs).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def stops_wheel_args() -> list[str]:
    """``--wheel`` for the engine wheel ($STOPS_WHEEL, else the newest in dist/) when it is
    not older than engine/; otherwise the Pyodide run imports stops from engine/ (said)."""
    wheel = os.environ.get("STOPS_WHEEL")
    wheels = [wheel] if wheel else sorted(glob.glob(str(REPO / "dist" / "stops-*.whl")), key=os.path.getmtime)
    newest_source = max(p.stat().st_mtime for p in (REPO / "engine" / "stops").rglob("*.py"))
    if wheels and os.path.getmtime(wheels[-1]) >= newest_source:
        return ["--wheel", wheels[-1]]
    if wheels:
        print("   (the stops wheel is older than engine/: the Pyodide run imports stops from engine/; `make wheel` rebuilds it)")
    else:
        print("   (no dist/stops-*.whl, `make wheel` builds it: the Pyodide run imports stops from engine/)")
    return []


def rerun_under_pyodide(script: str, script_args: Iterable[str] = (), extra_wheels: Iterable[str] = ()) -> int:
    """Run ``script`` under Pyodide in Node; a missing runtime is reported, not an error."""
    runner = REPO / "tools" / "pyodide_run.mjs"
    node = shutil.which("node")
    why = None
    if node is None:
        why = "node is not on PATH"
    elif not (REPO / "node_modules" / "pyodide").is_dir():
        why = "node_modules/pyodide is missing (run `npm ci`)"
    elif not runner.is_file():
        why = "tools/pyodide_run.mjs is missing"
    if why:
        print(f"== Pyodide run skipped: {why} ==")
        return 0
    args = [node, str(runner), *stops_wheel_args()]
    for wheel in extra_wheels:
        args += ["--wheel", wheel]
    args += [str(Path(script).resolve()), *script_args]
    sys.stdout.flush()
    return subprocess.run(args, cwd=REPO).returncode
