"""The site built with the engine, once per test run: the browser tests serve it, and the
site tests read what the build vendored into it (Pyodide, the wheel, its lockfile entry)."""

from __future__ import annotations

from pathlib import Path

from once import shared_once


def site_with_engine(tmp_path_factory, wheel: Path) -> Path:
    """``<folder>/_site``: ``build(Sources(), ..., engine=Engine(wheel))``, shared by every
    xdist worker and every test folder that asks (read-only: copy it to alter it)."""
    from site_build.engine import Engine
    from site_build.site import Sources, build

    folder = shared_once(tmp_path_factory, f"site-with-engine-{wheel.name}",
                         lambda f: build(Sources(), f / "_site", engine=Engine(wheel)))
    return folder / "_site"
