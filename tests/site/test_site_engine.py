"""The engine in the built site: build.py vendors Pyodide and the engine wheel into
<out>/pyodide/ (registered in its lockfile), or fails clearly; --no-engine leaves it out."""

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from site_build.engine import Engine
from site_build.errors import BuildError
from site_build.site import Sources, build
from sites import site_with_engine

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"


def missing(what):
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{what} (CI=true: `make test` should have set it up)", pytrace=False)
    pytest.skip(what)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    given = os.environ.get("STOPS_WHEEL")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(REPO)],
                   check=True, capture_output=True, timeout=600)
    (found,) = out.glob("stops-*-py3-none-any.whl")
    return found


@pytest.fixture(scope="module")
def engine(wheel) -> Engine:
    if not (PYODIDE / "pyodide.mjs").is_file():
        missing("node_modules/pyodide is missing: run `make node`")
    if not (Path(sys.executable).parent / "pyodide").exists():
        missing("pyodide-build is not installed in the venv (dev extra)")
    return Engine(wheel)


def test_the_build_vendors_pyodide_and_the_engine_wheel(engine, tmp_path_factory):
    out = site_with_engine(tmp_path_factory, engine.wheel)  # the browser tests' build, when they run too
    folder = out / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", engine.wheel.name):
        assert (folder / name).is_file(), name
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    entry = lock["packages"]["stops"]
    assert set(lock["packages"]) == {"stops"} and entry["file_name"] == engine.wheel.name
    assert entry["sha256"] == hashlib.sha256((folder / engine.wheel.name).read_bytes()).hexdigest()
    assert (out / "static" / "engine" / "worker.mjs").is_file()
    page = (out / "en" / "michigan.html").read_text(encoding="utf-8")
    assert 'data-engine="../pyodide/"' in page and 'src="../static/pages/rules.mjs"' in page
    assert 'data-example="examples/michigan/nine-of-diamonds.json"' in page
    assert json.loads((out / "en" / "examples" / "michigan" / "nine-of-diamonds.json").read_text())["walk"]["steps"]


def test_a_site_built_without_the_engine_steps_but_offers_no_what_if(site):
    page = site.read("en/michigan.html")
    assert 'data-example="examples/michigan/nine-of-diamonds.json"' in page and "data-engine" not in page
    assert not (site.out / "pyodide").exists()
    assert "rules.mjs" not in site.read("en/glossary.html")  # only pages with examples load it


def test_build_py_without_a_wheel_fails_and_says_what_to_do(tmp_path):
    proc = subprocess.run([sys.executable, str(REPO / "build.py"), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 1
    assert "no engine wheel" in proc.stderr and "--wheel" in proc.stderr and "--no-engine" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_a_missing_wheel_or_runtime_fails_before_anything_is_written(tmp_path, wheel):
    out = tmp_path / "_site"
    build(Sources(), out, engine=None)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    with pytest.raises(BuildError, match=r"nope\.whl does not exist: build it with `make wheel`"):
        build(Sources(), out, engine=Engine(tmp_path / "stops-0.1.0-py3-none-any.whl" / "nope.whl"))
    with pytest.raises(BuildError, match=r"the Pyodide runtime is missing .*run `make node`"):
        build(Sources(), out, engine=Engine(wheel, pyodide=tmp_path / "no-pyodide"))
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before


def test_a_broken_page_with_the_engine_leaves_the_old_site_alone(engine, content_copy, tmp_path):
    out = tmp_path / "_site"
    build(Sources(), out, engine=None)
    (content_copy / "en" / "glossary.md").unlink()
    with pytest.raises(BuildError, match="missing page 'glossary'"):
        build(replace(Sources(), content=content_copy), out, engine=engine)
    assert not (out / "pyodide").exists() and (out / "en" / "glossary.html").is_file()
    assert not out.with_name(out.name + ".new").exists()
