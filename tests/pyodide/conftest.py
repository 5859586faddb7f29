"""Fixtures for running the engine under Pyodide (npm package, in Node).

Node and node_modules/pyodide come from `make test` (`make node_modules/.installed`).
When they are missing the tests skip on a developer's machine but FAIL under CI
(CI=true), where `make test` is supposed to have installed them.

The wheel is $STOPS_WHEEL when set (`make test` sets it to the one it just
built), otherwise one built from the working tree into a temporary directory.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYODIDE_RUN = REPO / "tools" / "pyodide_run.mjs"
PYODIDE_PKG = REPO / "node_modules" / "pyodide"
# Pyodide starts in a few seconds; the generous limit is for a loaded machine.
TIMEOUT = 900


def missing(what: str) -> None:
    """Fail under CI, skip elsewhere."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{what} (CI=true: `make test` should have set it up)", pytrace=False)
    pytest.skip(what)


@pytest.fixture(scope="session")
def node() -> str:
    exe = shutil.which("node")
    if exe is None:
        missing("node is not installed")
    if not (PYODIDE_PKG / "pyodide.mjs").is_file():
        missing(f"{PYODIDE_PKG} is missing: run `make node_modules/.installed`")
    return exe


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("STOPS_WHEEL")
    if given:
        path = Path(given)
        assert path.is_file(), f"STOPS_WHEEL={given} does not exist"
        return path
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(REPO)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, f"building the wheel failed:\n{proc.stdout}\n{proc.stderr}"
    wheels = sorted(out.glob("stops-*-py3-none-any.whl"))
    assert len(wheels) == 1, f"expected one stops wheel in {out}, found {wheels}"
    return wheels[0]


@pytest.fixture(scope="session")
def pyodide_run(node: str, wheel: Path):
    """pyodide_run(script, *args) -> CompletedProcess, run in the repo with the wheel installed."""

    def run(script: str | Path, *args: str, cwd: Path = REPO, **kwargs) -> subprocess.CompletedProcess:
        kwargs.setdefault("timeout", TIMEOUT)
        return subprocess.run(
            [node, str(PYODIDE_RUN), "--wheel", str(wheel), str(script), *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            **kwargs,
        )

    return run
