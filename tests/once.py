"""Expensive things made once per test run, whatever the number of pytest-xdist workers."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path


def shared_once(tmp_path_factory, name: str, make) -> Path:
    """A folder made once for the whole run, shared by every pytest-xdist worker: the first
    worker to get here calls ``make(folder)`` under a lock, the others wait for it and reuse
    it (a site build with the engine costs a minute on a loaded machine). Without xdist it is
    just made. The folder is read-only by convention: a test that alters it copies it first."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, above each worker's own
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
