"""Node's own test runner, from pytest: the browser code's pure modules are tested under Node
(``node --test FILE``) with fixtures the engine made, passed through environment variables."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def node_or_skip() -> str:
    """Node's path; without it the test skips on a developer's machine and fails under CI."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is not installed (CI=true)", pytrace=False)
        pytest.skip("node is not installed")
    return node


def run_node_tests(test_file: Path, env: dict[str, str] | None = None, timeout: int = 120) -> str:
    """Run one Node test file; fail with its output unless it ran tests and every one passed."""
    proc = subprocess.run([node_or_skip(), "--test", str(test_file)], env={**os.environ, **(env or {})},
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert "# fail 0" in proc.stdout and "# pass 0" not in proc.stdout
    return proc.stdout
