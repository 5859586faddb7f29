"""The engine in the built site: the Pyodide runtime and the engine wheel in `<out>/pyodide/`.

tools/pyodide_vendor.py does the work: it copies what `loadPyodide()` fetches from the npm
`pyodide` package, copies the wheel beside it and registers the wheel in that folder's
`pyodide-lock.json` (`pyodide lockfile add-wheels`), so that a page's worker can

    const pyodide = await loadPyodide({indexURL: "<relative>/pyodide/"});
    await pyodide.loadPackage("stops");   // the browser checks the lockfile's sha256

Everything is checked before the build renders a page: a missing wheel, runtime or
`pyodide` command stops the build with what to run.
"""

import hashlib
import importlib.util
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildError
from .snapshot import SNAPSHOT, make_snapshot

REPO = Path(__file__).resolve().parent.parent
ENGINE_DIR = "pyodide"  # under the site root
# What the worker reads first: each file's size as it reads it (decoded: a server that sends
# a compressed copy announces the compressed length, so the worker's progress counts against
# these instead), the engine's memory snapshot with its sha256 (site_build/snapshot.py), and
# the name of the service worker's cache that keeps these files (`cache`, see engine_cache).
MANIFEST = "engine.json"
# The service worker keeps the engine's files in a cache of their own, named by a digest of
# them: a new build with the same engine keeps what the reader has fetched.
ENGINE_CACHE_PREFIX = "stops-engine-"
NO_ENGINE_CACHE = f"{ENGINE_CACHE_PREFIX}none"
PYODIDE_NPM = REPO / "node_modules" / "pyodide"
VENDOR_TOOL = REPO / "tools" / "pyodide_vendor.py"


@dataclass(frozen=True)
class Engine:
    """What the build vendors: the engine wheel and the npm pyodide package folder."""

    wheel: Path
    pyodide: Path = PYODIDE_NPM
    snapshot: bool = True  # the engine's memory snapshot beside the wheel (site_build/snapshot.py)


def _vendor_module():
    spec = importlib.util.spec_from_file_location("pyodide_vendor", VENDOR_TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_engine(engine: Engine) -> None:
    """Fail early, and clearly, when the engine cannot be vendored."""
    wheel = engine.wheel
    if not wheel.is_file():
        raise BuildError(f"engine wheel {wheel} does not exist: build it with `make wheel` "
                         "(or build with --no-engine for a site without the live examples)")
    if not wheel.name.startswith("stops-") or not wheel.name.endswith("-py3-none-any.whl"):
        raise BuildError(f"{wheel}: not the engine's pure wheel (stops-<version>-py3-none-any.whl)")
    vendor = _vendor_module()
    missing = [name for name in (*vendor.RUNTIME_FILES, vendor.LOCKFILE) if not (engine.pyodide / name).is_file()]
    if missing:
        raise BuildError(f"{engine.pyodide}: the Pyodide runtime is missing ({', '.join(missing)}): run `make node` "
                         "(npm ci), or build with --no-engine")
    if not (Path(sys.executable).parent / "pyodide").exists():
        raise BuildError(f"the `pyodide` command (pyodide-build) is not installed for {sys.executable}: "
                         "run `make setup`, or build with --no-engine")


def vendor_engine(engine: Engine, site: Path) -> dict:
    """Fill `site/pyodide/`; return the lockfile. Any failure is a BuildError."""
    vendor = _vendor_module()
    folder = site / ENGINE_DIR
    try:
        lock = vendor.vendor(folder, [engine.wheel.resolve()], engine.pyodide.resolve(), keep_all=False)
    except SystemExit as exit_:
        raise BuildError(f"vendoring the engine failed: {exit_.code}") from None
    except (subprocess.CalledProcessError, OSError) as err:
        raise BuildError(f"vendoring the engine failed: {err}") from None
    snapshot = make_snapshot(engine.wheel, engine.pyodide, folder / SNAPSHOT,
                             stdlib=folder / vendor.STDLIB) if engine.snapshot else None
    if engine.snapshot and snapshot is None:
        print("warning: no `node` on PATH: the site's engine has no memory snapshot and starts slower", file=sys.stderr)
    write_manifest(folder, snapshot)
    return lock


def write_manifest(folder: Path, snapshot: dict | None) -> dict:
    """Write the engine folder's MANIFEST for the files it holds (every one but the manifest)."""
    files = [path for path in sorted(folder.iterdir()) if path.is_file() and path.name != MANIFEST]
    sizes = {path.name: path.stat().st_size for path in files}
    manifest = {"sizes": sizes, "snapshot": snapshot, "cache": engine_cache(files)}
    (folder / MANIFEST).write_text(json.dumps(manifest, separators=(",", ":")), encoding="utf-8")
    return manifest


def engine_cache(files: list[Path]) -> str:
    """The name of the service worker's cache of the engine's ``files`` (every file of the
    engine's folder but the manifest, which is made from them): a digest of their names and
    bytes. The manifest carries it, so the page's worker reads the very cache that the service
    worker of the same build fills (static/engine/worker.mjs), and sw.js is named from it."""
    digest = hashlib.sha256()
    for path in sorted(files, key=lambda path: path.name):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return f"{ENGINE_CACHE_PREFIX}{digest.hexdigest()[:16]}"


def engine_cache_of(site: Path) -> str:
    """The engine cache's name a built site's manifest gives (NO_ENGINE_CACHE: no engine)."""
    manifest = site / ENGINE_DIR / MANIFEST
    if not manifest.is_file():
        return NO_ENGINE_CACHE
    return json.loads(manifest.read_text(encoding="utf-8"))["cache"]
