"""The site's runtime carries only the standard library the engine can import, and still runs
everything: the build's `pyodide/` (tools/pyodide_vendor.py trims python_stdlib.zip;
site_build/snapshot.py makes the memory snapshot with that archive) answers every example and
every stops.web operation as CPython does, started either way the worker starts it, and
nothing the engine imports, at a module's top or inside a function, is missing from it.

One Node process starts the runtime four times (tests/pyodide/run_vendored.mjs).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sites import site_with_engine

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
TIMEOUT = 900
FULL_STDLIB = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"

pytestmark = pytest.mark.xdist_group("runtime_stdlib")


def vendor_tool():
    spec = importlib.util.spec_from_file_location("pyodide_vendor", REPO / "tools" / "pyodide_vendor.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def archive_modules(path: Path) -> set[str]:
    """The modules a standard library archive holds, by name."""
    with zipfile.ZipFile(path) as archive:
        names = [name[:-3].replace("/", ".") for name in archive.namelist() if name.endswith(".py")]
    return {name.removesuffix(".__init__") for name in names}


@pytest.fixture(scope="module")
def site_engine(node, wheel, tmp_path_factory) -> Path:
    """The build's `pyodide/` folder, as site_build.engine vendors it (snapshot included): the
    site built with the engine that the whole run shares (tests/sites.py)."""
    if not (Path(sys.executable).parent / "pyodide").exists():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("pyodide-build is not installed in the venv (dev extra)", pytrace=False)
        pytest.skip("pyodide-build is not installed in the venv (dev extra)")
    from site_build.engine import ENGINE_DIR

    return site_with_engine(tmp_path_factory, wheel) / ENGINE_DIR


@pytest.fixture(scope="module")
def runs(site_engine, node) -> dict:
    """Every example and operation from the snapshot and from the wheel, on the trimmed archive
    and (to see what would be imported with nothing left out) on the whole one; and every module
    the engine's source imports, from a Python that has imported nothing of the engine yet."""
    folder = str(site_engine)
    plan = {
        "script": str(HERE / "every_operation.py"),
        "args": ["--quick"],
        "runs": [
            {"name": "snapshot", "dir": folder, "start": "snapshot"},
            {"name": "wheel", "dir": folder, "start": "wheel"},
            {"name": "whole stdlib", "dir": folder, "start": "wheel", "stdlib": str(FULL_STDLIB)},
            {"name": "imports", "dir": folder, "start": "wheel", "script": str(HERE / "import_engine_imports.py"),
             "args": [str(REPO / "engine" / "stops")]},
        ],
    }
    proc = subprocess.run([node, str(HERE / "run_vendored.mjs"), json.dumps(plan)], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=REPO)
    assert proc.returncode == 0 and proc.stdout.strip(), proc.stderr
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    for name, result in results.items():
        assert result["ok"], f"{name}: {result.get('error')}\n{result['stderr']}"
    return {name: json.loads(result["stdout"].strip().splitlines()[-1]) for name, result in results.items()}


@pytest.fixture(scope="module")
def cpython() -> dict:
    proc = subprocess.run([sys.executable, str(HERE / "every_operation.py"), "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=TIMEOUT, env={**os.environ, "PYTHONPATH": str(REPO / "engine")})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("start", ["snapshot", "wheel"])
def test_the_trimmed_runtime_answers_every_example_and_operation_as_cpython_does(runs, cpython, start):
    there = runs[start]
    assert there["platform"] == "emscripten" and cpython["platform"] != "emscripten"
    assert there["failures"] == [] and there["examples"] == cpython["examples"] > 0
    assert set(there["answered"]) == set(there["operations"]), "every stops.web operation answered"
    assert (there["calls"], there["ok"], there["errors_as_data"]) == (cpython["calls"], cpython["ok"], cpython["errors_as_data"])
    assert there["sha256"] == cpython["sha256"]


def test_every_module_the_engine_imports_from_the_whole_stdlib_is_in_the_trimmed_one(runs, site_engine):
    trimmed = archive_modules(site_engine / "python_stdlib.zip")
    imported = set(runs["whole stdlib"]["from_archive"])
    assert {"json", "fractions", "_pyodide._base"} <= imported, "the run read modules from the archive"
    assert sorted(imported - trimmed) == []
    assert set(runs["snapshot"]["from_archive"]) <= trimmed


def test_every_import_in_the_engines_source_imports_in_the_trimmed_runtime(runs):
    result = runs["imports"]
    assert result["failed"] == {}
    assert {"json", "fractions", "argparse", "statistics", "unicodedata"} <= set(result["imported"])


def engine_stdlib_imports() -> set[str]:
    """The standard library modules the engine's source names, anywhere (ast, not the vendor's code)."""
    names = set()
    for path in (REPO / "engine" / "stops").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name.partition(".")[0] != "stops"}


def test_the_trimmed_archive_holds_every_module_the_engine_names_and_is_the_same_each_time(wheel, site_engine, tmp_path):
    vendor = vendor_tool()
    first, second = tmp_path / "a.zip", site_engine / "python_stdlib.zip"  # trimmed again, and by the build
    vendor.trim_stdlib(FULL_STDLIB, first, [wheel])
    assert first.read_bytes() == second.read_bytes()
    whole, trimmed = archive_modules(FULL_STDLIB), archive_modules(first)
    named = engine_stdlib_imports() & whole
    assert {"json", "fractions", "argparse", "random"} <= named
    assert sorted(named - trimmed) == []
    assert trimmed < whole and first.stat().st_size < FULL_STDLIB.stat().st_size / 2
    with zipfile.ZipFile(first) as archive:
        assert archive.testzip() is None
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_a_name_a_package_gives_through_its_getattr_brings_the_module_it_imports(tmp_path):
    """`from concurrent.futures import ProcessPoolExecutor` imports concurrent.futures.process
    (the package's __getattr__), and an import inside an engine function counts too."""
    vendor = vendor_tool()
    wheel = tmp_path / "stops-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("stops/__init__.py", "")
        archive.writestr("stops/pool.py", "from concurrent.futures import ProcessPoolExecutor\n"
                                          "def later():\n    import wave\n")
    with zipfile.ZipFile(FULL_STDLIB) as archive:
        modules = vendor.stdlib_modules(archive, [wheel])
        bare = vendor.stdlib_modules(archive, [])
    assert {"concurrent.futures.process", "multiprocessing", "wave"} <= set(modules)
    assert not {"concurrent.futures.process", "wave"} & set(bare)
