#!/usr/bin/env python3
"""The engine's runtime on the wire: what the site fetches for it, before and after the trim.

    python bench/bench_runtime.py [--quick]

Vendors the runtime twice from the same wheel and npm package, in one run:
- before (the baseline): Pyodide's whole standard library archive, and the memory snapshot
  made as the build made it until now (the whole archive, every module of `stops` imported,
  the allocator's free memory written as it is, the snapshot shipped whole);
- after (the site as built): site_build.engine.vendor_engine, with the archive trimmed to what
  the engine can import (tools/pyodide_vendor.py) and the snapshot made from it, with only
  `stops.web` imported, the free memory zeroed, and shipped without its pages of zeros
  (site_build/snapshot.py).
Each file is given raw, gzip and Brotli as the site serves it (site_build/compress.py: the
copies the build writes; a zip archive is sent as it is), then the totals a first "What if?"
fetches: from the snapshot (the site) and, for a build without Node, from the wheel. Bytes
are exact; --quick changes nothing here (accepted for `bench/run.py -- --quick`).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]

from site_build import compress  # noqa: E402
from site_build.engine import ENGINE_DIR, MANIFEST, Engine, vendor_engine, _vendor_module  # noqa: E402
from site_build.snapshot import SNAPSHOT, make_snapshot  # noqa: E402

# The build's snapshot recipe before the trim, kept here as the baseline.
BEFORE = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync, writeFileSync } from "node:fs";
const [wheel, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
pyodide.runPython(`
import importlib, pkgutil, stops
for module in pkgutil.walk_packages(stops.__path__, "stops."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)
import stops.web
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
"""
# What the worker fetches (site/static/engine/worker.mjs, and loadPyodide's own requests).
RATE = 20_000_000 / 8  # bytes per second: bench_site.py's 20 Mbit/s school line
COMMON = ("engine.json", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def wheel_path() -> Path:
    import os

    given = os.environ.get("STOPS_WHEEL")
    wheels = [Path(given)] if given else sorted((REPO / "dist").glob("stops-*-py3-none-any.whl"))
    if not wheels:
        sys.exit("bench_runtime: no engine wheel: run `make wheel`")
    return wheels[-1]


def before(wheel: Path, site: Path) -> Path:
    """The runtime as the build vendored it before the trim."""
    import json

    folder = site / ENGINE_DIR
    vendor = _vendor_module()
    vendor.vendor(folder, [wheel.resolve()], (REPO / "node_modules" / "pyodide").resolve(), keep_all=False,
                  full_stdlib=True)
    snapshot = make_snapshot(wheel, REPO / "node_modules" / "pyodide", folder / SNAPSHOT, recipe=BEFORE,
                             packed=False)
    sizes = {path.name: path.stat().st_size for path in sorted(folder.iterdir()) if path.is_file()}
    (folder / MANIFEST).write_text(json.dumps({"sizes": sizes, "snapshot": snapshot}, separators=(",", ":")))
    return folder


def served(folder: Path) -> dict[str, tuple[int, int, int]]:
    """{file: (raw, gzip, brotli)} as the site serves each: its compressed copy, or itself."""
    compress.compress_tree(folder)
    sizes = {}
    for path in sorted(folder.iterdir()):
        if path.suffix in (".br", ".gz") or not path.is_file():
            continue
        raw = path.stat().st_size
        copy = {suffix: path.with_name(path.name + suffix) for suffix in (".gz", ".br")}
        sizes[path.name] = tuple([raw] + [copy[s].stat().st_size if copy[s].is_file() else raw for s in (".gz", ".br")])
    return sizes


def row(name: str, old: tuple[int, int, int] | None, new: tuple[int, int, int] | None) -> str:
    old, new = old or (0, 0, 0), new or (0, 0, 0)
    cells = "".join(f"{o:>12,}{n:>12,}{(n / o if o else 0):>7.2f}" for o, n in zip(old, new))
    return f"   {name:<40}{cells}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same run (the bytes are exact)")
    parser.parse_args(argv)
    if shutil.which("node") is None or not (REPO / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        print("bench_runtime: node and node_modules/pyodide are needed (make node)")
        return 1
    wheel = wheel_path()
    with tempfile.TemporaryDirectory() as tmp:
        old = served(before(wheel, Path(tmp) / "before"))
        vendor_engine(Engine(wheel), Path(tmp) / "after")
        new = served(Path(tmp) / "after" / ENGINE_DIR)
    print("-- the engine's runtime on the wire: before the trim (baseline) and as the site builds it, in bytes")
    print("   (as served: gzip and Brotli copies from site_build/compress.py; a zip archive goes as it is)")
    heads = "".join(f"{h:>12}{'after':>12}{'ratio':>7}" for h in ("raw before", "gzip before", "br before"))
    print(f"   {'file':<40}{heads}")
    for name in sorted(set(old) | set(new)):
        print(row(name, old.get(name), new.get(name)))
    wheel_name = wheel.name
    totals = []
    for title, names in (("total fetched, from the snapshot (site)", (*COMMON, SNAPSHOT)),
                         ("total fetched, from the wheel (no Node)", (*COMMON, wheel_name))):
        total = lambda sizes: tuple(sum(sizes[n][i] for n in names if n in sizes) for i in range(3))  # noqa: E731
        print(row(title, total(old), total(new)))
        totals.append((title, total(old)[2], total(new)[2]))
    print(f"   at {RATE * 8 / 1e6:.0f} Mbit/s, the Brotli bytes alone take (transfer only, computed):")
    for title, old_br, new_br in totals:
        print(f"   {title:<40}{old_br / RATE:>8.2f} s before{new_br / RATE:>8.2f} s after   ratio {new_br / old_br:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
