"""tools/pyodide_vendor.py makes a directory from which a page loads Pyodide and `stops`.

The check loads Pyodide in Node from the vendored directory alone (network
fetches fail the check), then `loadPackage("stops")` through the lockfile and
`import stops`. Node does not verify the lockfile's sha256 (only browsers do,
through fetch's integrity), so the test checks it against the file itself.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
RUNTIME = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
TIMEOUT = 900

# One Pyodide run serves every test of this module: they stay on one xdist worker.
pytestmark = pytest.mark.xdist_group("pyodide_vendor")


@pytest.fixture(scope="module")
def vendored(node, wheel, tmp_path_factory) -> Path:
    if not (Path(sys.executable).parent / "pyodide").exists():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("pyodide-build is not installed in the venv (dev extra)", pytrace=False)
        pytest.skip("pyodide-build is not installed in the venv (dev extra)")
    out = tmp_path_factory.mktemp("site") / "pyodide"
    proc = subprocess.run(
        [sys.executable, str(REPO / "tools" / "pyodide_vendor.py"), "--out", str(out), "--wheel", str(wheel)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, f"pyodide_vendor.py failed:\n{proc.stdout}\n{proc.stderr}"
    return out


def test_vendored_files_and_lockfile(vendored, wheel):
    for name in RUNTIME:
        assert (vendored / name).is_file(), name
    lock = json.loads((vendored / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14")
    assert set(lock["packages"]) == {"stops"}
    entry = lock["packages"]["stops"]
    assert entry["file_name"] == wheel.name
    assert entry["imports"] == ["stops"]
    assert entry["sha256"] == hashlib.sha256((vendored / wheel.name).read_bytes()).hexdigest()
    assert (vendored / wheel.name).read_bytes() == wheel.read_bytes()


def test_page_style_load_of_stops(vendored, node):
    proc = subprocess.run(
        [node, str(HERE / "check_vendor.mjs"), str(vendored), "stops"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.stdout.strip(), proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["ok"] and proc.returncode == 0, result
    assert result["python"].startswith("3.14.")
    assert result["loaded"] == ["stops"]
    assert not [u for u in result["fetched"] if "://" in u and not u.startswith("file:")]
