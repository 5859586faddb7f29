"""Shared by every test folder: ``tests/`` on the path (for ``tiers`` and ``once``), and the engine."""

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent / "engine"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))



_background = []


def pytest_collection_modifyitems(session, config, items):
    """The browser tests last (in their order): on xdist the workers take tests in this order, so
    they play the engine and site tests while the site with the engine builds in the background,
    and the many short tests at the end even out the workers' finish."""
    items.sort(key=lambda item: "/tests/browser/" in f"/{item.nodeid}" or item.nodeid.startswith("browser/"))


def pytest_collection_finish(session):
    """On an xdist worker of a `--dist loadgroup` run: every test marked with an xdist_group
    carries its group in its node id, which is how xdist keeps a group on one worker (an
    expensive module fixture is then built once). A pytest and xdist pair where that tagging
    no longer works would split every group silently: the run stops instead."""
    if not getattr(session.config.option, "loadgroup", False):
        return
    lost = [item.nodeid for item in session.items if item.get_closest_marker("xdist_group") and "@" not in item.nodeid]
    if lost:
        raise pytest.UsageError(f"xdist_group is ignored by this pytest and pytest-xdist ({len(lost)} tests, e.g. {lost[0]}):"
                                " see the pytest pin in pyproject.toml")


def pytest_sessionstart(session):
    """On the controller of an xdist run: the sites start building at once, while the workers
    start (tests/sites.py)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not session.config.getoption("numprocesses", None):
        return
    from sites import start_in_background

    _background.append(start_in_background(session.config._tmp_path_factory.getbasetemp()))


def pytest_unconfigure(config):
    for build in _background:
        if build.poll() is None:
            build.terminate()
        build.wait()
