"""The engine in the built site: the Pyodide runtime and the engine wheel in `<out>/pyodide/`.

tools/pyodide_vendor.py does the work: it copies what `loadPyodide()` fetches from the npm
`pyodide` package, copies the wheel beside it and registers the wheel in that folder's
`pyodide-lock.json` (`pyodide lockfile add-wheels`), so that a page's worker can

    const pyodide = await loadPyodide({indexURL: "<relative>/pyodide/"});
    await pyodide.loadPackage("stops");   // the browser checks the lockfile's sha256

Everything is checked before the build renders a page: a missing wheel, runtime or
`pyodide` command stops the build with what to run.
"""

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
# these instead), and the engine's memory snapshot with its sha256 (site_build/snapshot.py).
MANIFEST = "engine.json"
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
    sizes = {path.name: path.stat().st_size for path in sorted(folder.iterdir()) if path.is_file()}
    manifest = {"sizes": sizes, "snapshot": snapshot}
    (folder / MANIFEST).write_text(json.dumps(manifest, separators=(",", ":")), encoding="utf-8")
    return lock
