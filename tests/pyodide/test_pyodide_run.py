"""tools/pyodide_run.mjs keeps its contract: argv, cwd, the wheel, streams, exit status."""

from __future__ import annotations

import json
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

PROBE = "tests/pyodide/probe.py"


def test_python_314_and_stops_from_the_wheel(pyodide_run):
    proc = pyodide_run(PROBE, "env", "two words")
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    assert info["platform"] == "emscripten"
    assert info["version"][:2] == [3, 14], info["version"]
    assert info["argv"] == [PROBE, "env", "two words"]
    assert info["cwd"] == os.path.realpath(REPO)
    assert info["repo_visible"]
    assert info["path0"] == str(HERE)
    # `import stops` found the unpacked wheel, not engine/ in the mounted repo.
    where = info["stops_file"] or info["stops_path"][0]
    assert "/site-packages/stops" in where and not where.startswith(str(REPO)), info


def test_streams_and_exit_status(pyodide_run):
    proc = pyodide_run(PROBE, "streams", "3")
    assert proc.returncode == 3, proc.stderr
    body = "".join(f"{i} {'é' * (i % 7)}\n" for i in range(3000))
    assert proc.stdout == "no newline yet|" + body + "raw bytes ✓\nlast line without newline"
    assert proc.stderr == "to stderr ✓\n"


def test_uncaught_exception_and_exit_message(pyodide_run):
    proc = pyodide_run(PROBE, "raise")
    assert proc.returncode == 1
    assert proc.stderr.startswith("Traceback (most recent call last):\n")
    assert 'probe.py", line' in proc.stderr
    assert "runpy" not in proc.stderr and "_pyodide_run" not in proc.stderr
    assert proc.stderr.rstrip().endswith("ValueError: boom from probe")
