"""The engine gives the same answers on Pyodide (from the wheel) as on CPython.

Every replay in examples/**/*.json goes through `stops replay FILE --json`
on CPython (`python -m stops`, from engine/) and on Pyodide in Node
(tests/pyodide/run_batch.py, one interpreter for all files since Pyodide
takes seconds to start); the parsed JSON outputs and exit statuses must be
identical.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stops.profiles import PROFILES

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
EXAMPLES = REPO / "examples"
# Every registered game must have at least one example, so the test cannot pass vacuously.
REQUIRED_GAMES = set(PROFILES)
MARKER = "=====stops-batch-results====="
TIMEOUT = 900

REPLAYS = sorted(p.relative_to(REPO).as_posix() for p in EXAMPLES.glob("**/*.json"))

# One Pyodide run serves every test of this module: they stay on one xdist worker.
pytestmark = pytest.mark.xdist_group("engine_on_pyodide")


def replay_argv(path: str) -> list[str]:
    return ["replay", path, "--json"]


def parse_json_output(text: str, where: str):
    """One JSON document, or JSON Lines as a list."""
    assert text.strip(), f"{where}: no output"
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    try:
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    except json.JSONDecodeError as err:
        pytest.fail(f"{where}: output is not JSON ({err}):\n{text[:2000]}")


@pytest.fixture(scope="session")
def pyodide_results(pyodide_run) -> dict[str, dict]:
    """file -> {"code", "stdout", "stderr"} for every replay, from one Pyodide run."""
    if not REPLAYS:
        return {}
    runs = [replay_argv(path) for path in REPLAYS]
    proc = pyodide_run(HERE / "run_batch.py", json.dumps(runs))
    assert proc.returncode == 0 and MARKER in proc.stdout, (
        f"the Pyodide batch run failed (exit {proc.returncode}):\n"
        f"--- stdout\n{proc.stdout[-5000:]}\n--- stderr\n{proc.stderr[-5000:]}"
    )
    results = json.loads(proc.stdout.rsplit(MARKER, 1)[1])
    assert [r["argv"] for r in results] == runs
    return {path: result for path, result in zip(REPLAYS, results)}


def run_cpython(path: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "engine"), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "stops", *replay_argv(path)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def test_every_game_has_a_replay_example():
    games = {Path(p).relative_to("examples").parts[0] for p in REPLAYS if p.count("/") >= 2}
    assert REQUIRED_GAMES <= games, (
        f"no replay example under examples/ for {sorted(REQUIRED_GAMES - games)}; found {REPLAYS}"
    )


@pytest.mark.parametrize("path", REPLAYS)
def test_replay_same_on_cpython_and_pyodide(path, pyodide_results):
    cpython = run_cpython(path)
    expected = parse_json_output(cpython.stdout, f"CPython {path} (stderr: {cpython.stderr[-2000:]})")
    pyodide = pyodide_results[path]
    got = parse_json_output(pyodide["stdout"], f"Pyodide {path} (stderr: {pyodide['stderr'][-2000:]})")
    assert pyodide["code"] == cpython.returncode, (
        f"exit status: CPython {cpython.returncode}, Pyodide {pyodide['code']}\n"
        f"CPython stderr:\n{cpython.stderr}\nPyodide stderr:\n{pyodide['stderr']}"
    )
    assert got == expected
