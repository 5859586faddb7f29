"""Vendor the Pyodide runtime and the engine wheel into one directory a page can load.

    python tools/pyodide_vendor.py --out DIR --wheel dist/stops-X.Y.Z-py3-none-any.whl

Copies from node_modules/pyodide what ``loadPyodide()`` fetches by default
(pyodide.mjs / pyodide.js, pyodide.asm.mjs, pyodide.asm.wasm,
python_stdlib.zip, pyodide-lock.json), copies the wheel(s) beside them and
registers them in DIR/pyodide-lock.json with ``pyodide lockfile add-wheels``
(pyodide-build / pyodide-lock), so that in a page

    const pyodide = await loadPyodide({indexURL: "pyodide/"});
    await pyodide.loadPackage("stops");   // sha256-checked against the lockfile

works without any network access but to the site itself.

By default the lockfile keeps only the packages whose files are in DIR (the
engine wheel), since the others would be 404s there; --keep-all-packages keeps
Pyodide's full package list. Must run with a Python that has pyodide-build
and pkginfo installed (the project's .venv).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_PYODIDE = REPO / "node_modules" / "pyodide"

# What loadPyodide() loads by default, plus both entry points (module and
# classic script). Each must exist in the npm package.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Older Pyodide releases shipped a classic-script asm loader too.
OPTIONAL_FILES = ("pyodide.asm.js",)
LOCKFILE = "pyodide-lock.json"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pyodide_cli() -> list[str]:
    """The `pyodide` command of the Python running this script (its venv)."""
    exe = Path(sys.executable).parent / "pyodide"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("pyodide")
    if found:
        return [found]
    sys.exit(
        "pyodide_vendor: the `pyodide` command (pyodide-build) is not installed for "
        f"{sys.executable}; run `make setup` (dev extra: pyodide-build, pkginfo)"
    )


def copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and sha256(dst) == sha256(src):
        return
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copyfile(src, tmp)
    os.replace(tmp, dst)


def vendor(out: Path, wheels: list[Path], pyodide_dir: Path, keep_all: bool) -> dict:
    missing = [name for name in (*RUNTIME_FILES, LOCKFILE) if not (pyodide_dir / name).is_file()]
    if missing:
        sys.exit(
            f"pyodide_vendor: {pyodide_dir} lacks {', '.join(missing)}; "
            "run `make node_modules/.installed`"
        )
    for wheel in wheels:
        if not wheel.is_file() or not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"pyodide_vendor: {wheel} is not a pure-Python wheel file")

    out.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES + OPTIONAL_FILES:
        if (pyodide_dir / name).is_file():
            copy_if_changed(pyodide_dir / name, out / name)

    # Stale wheels (an older engine version) must not linger beside the new one.
    keep = {w.name for w in wheels}
    for old in out.glob("*.whl"):
        if old.name not in keep:
            old.unlink()
    for wheel in wheels:
        copy_if_changed(wheel, out / wheel.name)

    new_lock = out / (LOCKFILE + ".new")
    subprocess.run(
        [
            *pyodide_cli(),
            "lockfile",
            "add-wheels",
            "--input",
            str(pyodide_dir / LOCKFILE),
            "--output",
            str(new_lock),
            "--base-path",
            str(out),
            *(w.name for w in wheels),
        ],
        cwd=out,
        check=True,
    )
    lock = json.loads(new_lock.read_text())
    new_lock.unlink()

    packages = lock["packages"]
    for wheel in wheels:
        entry = next((p for p in packages.values() if p["file_name"] == wheel.name), None)
        if entry is None:
            sys.exit(f"pyodide_vendor: {wheel.name} is not in the new lockfile")
        if entry["sha256"] != sha256(out / wheel.name):
            sys.exit(f"pyodide_vendor: sha256 of {wheel.name} in the lockfile is wrong")
    if not keep_all:
        lock["packages"] = {
            name: p for name, p in packages.items() if (out / p["file_name"]).is_file()
        }
    tmp = out / (LOCKFILE + ".tmp")
    tmp.write_text(json.dumps(lock, indent=None, sort_keys=True) + "\n")
    os.replace(tmp, out / LOCKFILE)
    return lock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="directory to fill")
    parser.add_argument(
        "--wheel", required=True, action="append", type=Path, help="pure wheel to add (repeatable)"
    )
    parser.add_argument(
        "--pyodide",
        type=Path,
        default=DEFAULT_PYODIDE,
        help="the npm pyodide package directory (default: node_modules/pyodide)",
    )
    parser.add_argument(
        "--keep-all-packages",
        action="store_true",
        help="keep Pyodide's whole package list in the lockfile (their files are not vendored)",
    )
    args = parser.parse_args(argv)
    out = args.out.resolve()
    lock = vendor(out, [w.resolve() for w in args.wheel], args.pyodide.resolve(), args.keep_all_packages)

    total = 0
    for path in sorted(out.iterdir()):
        if path.is_file():
            total += path.stat().st_size
            print(f"{path.stat().st_size:>12,}  {path.name}")
    print(f"{total:>12,}  total in {out} (Python {lock['info']['python']}, "
          f"packages: {', '.join(sorted(lock['packages']))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
