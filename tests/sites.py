"""The sites the tests read, each built once per test run: the site without the engine (the
site tests read its pages) and the site built with the engine (the browser tests serve it, and
the site tests read what the build vendored into it: Pyodide, the wheel, its lockfile entry).

On xdist workers, the controller starts these builds in a process of its own as the run
begins (``start_in_background``): the site without the engine, then (given a wheel,
``STOPS_WHEEL``, as ``make test`` does) the one with it, which reuses the first one's What if?
answers from the cache. No worker sits waiting for a build: the workers play engine tests
meanwhile, and the first test that needs a site waits on its build's lock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from once import shared_in, shared_once

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent


PLAIN = "site"  # the shared folder of the site built without the engine


def _name(wheel: Path) -> str:
    return f"site-with-engine-{wheel.name}"


def _make_plain(folder: Path):
    from site_build.site import Sources, build

    build(Sources(), folder / "_site", engine=None)


def site_without_engine(tmp_path_factory) -> Path:
    """``<folder>/_site``: ``build(Sources(), ..., engine=None)``, shared by every xdist worker
    (read-only: copy it to alter it). Fast: the engine's files do not matter to the site tests."""
    return shared_once(tmp_path_factory, PLAIN, _make_plain) / "_site"


def _make(wheel: Path):
    def make(folder: Path):
        from site_build.engine import Engine
        from site_build.site import Sources, build

        build(Sources(), folder / "_site", engine=Engine(wheel))
    return make


def site_with_engine(tmp_path_factory, wheel: Path) -> Path:
    """``<folder>/_site``: ``build(Sources(), ..., engine=Engine(wheel))``, shared by every
    xdist worker and every test folder that asks (read-only: copy it to alter it)."""
    return shared_once(tmp_path_factory, _name(wheel), _make(wheel)) / "_site"


def start_in_background(run_folder: Path) -> subprocess.Popen:
    """The builds of ``site_without_engine`` and (with ``STOPS_WHEEL`` set) ``site_with_engine``,
    one after the other in a child process, for the controller of an xdist run. A failed build
    leaves no mark: the first test that needs the site builds it again and reports the error."""
    wheel = os.environ.get("STOPS_WHEEL", "")
    if wheel and not Path(wheel).is_file():
        wheel = ""
    log = open(run_folder / "sites.log", "w")
    # The paths go on sys.path inside the child only: on PYTHONPATH the repo's build.py would
    # shadow the `build` package for the tools the build runs (pyodide lockfile).
    code = ("import sys; sys.path[:0] = sys.argv[3:]; from pathlib import Path; from sites import build_here; "
            "build_here(Path(sys.argv[1]), Path(sys.argv[2]) if sys.argv[2] else None)")
    paths = [str(TESTS), str(REPO / "engine"), str(REPO)]
    return subprocess.Popen([sys.executable, "-c", code, str(run_folder), wheel, *paths], cwd=REPO,
                            stdout=log, stderr=subprocess.STDOUT)


def build_here(run_folder: Path, wheel: Path | None) -> None:
    shared_in(run_folder, PLAIN, _make_plain)
    if wheel:
        shared_in(run_folder, _name(wheel), _make(wheel))
