"""What every benchmark shares: importing the engine, and running again under Pyodide.

Each bench/bench_*.py imports stops with :func:`import_stops`, measures itself on CPython,
then calls :func:`rerun_under_pyodide` so the same measurements are printed for Pyodide
(tools/pyodide_run.mjs, which puts this folder on sys.path there too).
"""

from __future__ import annotations

import glob
import importlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
IN_PYODIDE = sys.platform == "emscripten"


def cpu_clock() -> float:
    """Seconds of CPU time used by this process, for timings that other work on a shared
    machine disturbs less than the wall clock: :func:`time.process_time` on CPython; under
    Pyodide, whose ``process_time`` is the wall clock, Node's ``process.cpuUsage()``."""
    if IN_PYODIDE:
        from js import process  # Node's process object (tools/pyodide_run.mjs runs under Node)

        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
    return time.process_time()


def import_stops(module: str):
    """``stops.<module>`` from the working tree under CPython; under Pyodide from the wheel
    when one was installed, else from the tree."""
    engine = str(REPO / "engine")
    if not IN_PYODIDE:
        sys.path.insert(0, engine)
    try:
        return importlib.import_module(f"stops.{module}")
    except ImportError:
        sys.path.insert(0, engine)
        for name in [m for m in sys.modules if m == "stops" or m.startswith("stops.")]:
            del sys.modules[name]
        return importlib.import_module(f"stops.{module}")


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


def rerun_under_pyodide(script: str, script_args: Iterable[str] = (), extra_wheels: Iterable[str] = (),
                        capture: list[str] | None = None) -> int:
    """Run ``script`` under Pyodide in Node; a missing runtime is reported, not an error.
    With ``capture``, its output lines are also appended there (and still printed)."""
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
    if capture is None:
        return subprocess.run(args, cwd=REPO).returncode
    with subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, text=True) as proc:
        for line in proc.stdout:
            print(line, end="", flush=True)
            capture.append(line.rstrip("\n"))
    return proc.returncode
