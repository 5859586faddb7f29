"""Expensive things made once per test run, whatever the number of pytest-xdist workers."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path


def run_folder(tmp_path_factory) -> Path:
    """The run's own temporary folder: the same for the controller and every xdist worker."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # above each worker's own


def shared_once(tmp_path_factory, name: str, make) -> Path:
    """A folder made once for the whole run, shared by every pytest-xdist worker: the first
    worker to get here calls ``make(folder)`` under a lock, the others wait for it and reuse
    it (a site build with the engine costs a minute on a loaded machine). Without xdist it is
    just made. The folder is read-only by convention: a test that alters it copies it first."""
    return shared_in(run_folder(tmp_path_factory), name, make)


def shared_in(base: Path, name: str, make) -> Path:
    """``shared_once`` in the run folder ``base``, for a process that is not a test (the
    background build of tests/sites.py takes the same lock)."""
    folder = base / f"shared-{name}"
    done = folder / ".made"
    with open(base / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                if folder.exists():
                    shutil.rmtree(folder)  # a worker that failed half-way
                folder.mkdir(parents=True)
                make(folder)
                done.touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder
