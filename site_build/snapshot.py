"""Pyodide's memory snapshot of the engine: `<out>/pyodide/engine.snapshot`.

The pinned Pyodide release can write its whole memory once Python has started
(`loadPyodide({_makeSnapshot: true})`, then `makeMemorySnapshot()`) and start again from it
(`loadPyodide({_loadSnapshot})`), which skips Python's start-up and the engine's import: in
Chromium on this machine the engine is ready in about a tenth of the time, and a cold start
through a 20 Mbit/s line takes about a quarter, the snapshot's own 4.9 MB (Brotli) counted
(`make bench`, bench/bench_site.py). The build makes it under Node with the npm runtime it
vendors and the site's trimmed standard library archive: Pyodide started, the engine wheel
unpacked, `stops.web` imported (and with it every module of the engine the worker can reach:
the engine imports only at its modules' tops), the allocator's free memory zeroed, then the
memory written out. (This release refuses a snapshot after `loadPackage`, whose bookkeeping it
cannot carry over; the unpacked files are not in the snapshot either, which is why every
module the worker can reach is imported before it is taken.)

It ships without its pages of zeros (about half of the 31 MB: Pyodide's memory has room
it never used): `engine.json` gives the snapshot's size and where each stretch of the pages
kept goes (:func:`pack`), and static/engine/snapshot.mjs puts them back. Compressed, the two
forms cost the same bytes through the network; from the service worker's cache, the worker
reads, keeps and checks half as many.

The worker (static/engine/worker.mjs) finds it in `pyodide/engine.json` with the sha256 of the
file shipped, which it checks before use; a site built without Node has no snapshot, and the worker then
loads the wheel through the lockfile as before. Making one takes some 15 s, so each is kept in
`build/snapshot-cache/` under a digest of the wheel, the runtime, the archive and the script
that makes it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from .errors import BuildError

REPO = Path(__file__).resolve().parent.parent
CACHE = REPO / "build" / "snapshot-cache"
SNAPSHOT = "engine.snapshot"

MAKE = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync, writeFileSync } from "node:fs";
const [wheel, out, stdlib] = process.argv.slice(2);
// The site's own standard library archive (tools/pyodide_vendor.py trims it): the snapshot
// holds zipimport's table of that archive's members, so it must be the one the worker fetches.
const pyodide = await loadPyodide({ _makeSnapshot: true, ...(stdlib ? { stdLibURL: stdlib } : {}) });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
// The worker calls stops.web alone, and the engine imports only at its modules' tops
// (tests/engine/test_layering.py), so importing stops.web imports every module it can reach;
// the others (stops.cli: argparse, statistics, decimal) would be memory to fetch for nothing.
pyodide.runPython("import gc, stops.web; gc.collect()");
// Memory the allocator holds free still has what it last held (the sources compiled at each
// import, their syntax trees): written as it is, it is bytes to fetch for nothing. Each free
// block is taken from the allocator (largest first, never from beyond the heap's end, never
// growing the memory), filled with zeros and given back, so the snapshot's free memory
// compresses to almost nothing. The memory is the same size and no block in use is touched.
const M = pyodide._module;
const size0 = M.HEAP8.length;
const end = M._sbrk(0);
const taken = [];
for (let size = 1 << 20; size >= 16; size >>= 1) {
  for (;;) {
    const block = M._malloc(size);
    if (!block) break;
    if (block + size > end || M.HEAP8.length !== size0) {
      M._free(block);
      break;
    }
    M.HEAPU8.fill(0, block, block + size);
    taken.push(block);
  }
}
for (const block of taken) M._free(block);
if (M.HEAP8.length !== size0) throw new Error("zeroing the free memory grew it");
writeFileSync(out, pyodide.makeMemorySnapshot());
"""


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:32]


def make_snapshot(wheel: Path, pyodide: Path, target: Path, cache: Path | None = CACHE,
                  stdlib: Path | None = None, recipe: str = MAKE, packed: bool = True) -> dict | None:
    """Write the snapshot to `target` as shipped (:func:`pack`: its pages of zeros left out);
    return {file, size, runs, sha256} (`size` the snapshot's own, `sha256` the shipped file's),
    or None without Node.

    `stdlib` is the standard library archive the site serves (default: the runtime's own);
    `recipe` the Node script that makes it (`make bench` measures an older one beside it);
    `packed=False` ships it whole, as the site did before (the bench's baseline): {file, size, sha256}."""
    node = shutil.which("node")
    if node is None:
        return None
    runtime = pyodide / "pyodide.asm.wasm"
    script = recipe % {"pyodide": json.dumps((pyodide / "pyodide.mjs").resolve().as_uri())}
    archive = (stdlib or pyodide / "python_stdlib.zip").resolve()
    key = _digest(wheel.read_bytes(), runtime.read_bytes(), (pyodide / "pyodide.asm.mjs").read_bytes(), script.encode(),
                  archive.read_bytes())
    cached = cache / f"{key}.snapshot" if cache is not None else None
    if cached is not None and cached.is_file():
        shutil.copyfile(cached, target)
    else:
        maker = target.with_name("make-snapshot.mjs")
        maker.write_text(script, encoding="utf-8")
        try:
            done = subprocess.run([node, str(maker), str(wheel.resolve()), str(target), str(archive)], capture_output=True,
                                  text=True, timeout=900)
        except subprocess.TimeoutExpired:
            raise BuildError("making the engine's memory snapshot took over 15 minutes") from None
        finally:
            maker.unlink(missing_ok=True)
        if done.returncode != 0 or not target.is_file():
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise BuildError(f"making the engine's memory snapshot failed: {last}")
        if cached is not None:
            cache.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
            shutil.copyfile(target, tmp)
            os.replace(tmp, cached)
    data = target.read_bytes()
    if not packed:
        return {"file": target.name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    kept, runs = pack(data)
    target.write_bytes(kept)
    return {"file": target.name, "size": len(data), "runs": runs, "sha256": hashlib.sha256(kept).hexdigest()}


PAGE = 4096  # the unit of what is left out: a page of zeros


def pack(snapshot: bytes, page: int = PAGE) -> tuple[bytes, list[list[int]]]:
    """The snapshot as shipped: its pages that are not all zeros, one after another, and
    [offset, length] of each stretch of them in the snapshot (static/engine/snapshot.mjs
    expands it again)."""
    zeros = bytes(page)
    parts, runs = [], []
    for offset in range(0, len(snapshot), page):
        chunk = snapshot[offset:offset + page]
        if chunk == zeros[:len(chunk)]:
            continue
        parts.append(chunk)
        if runs and runs[-1][0] + runs[-1][1] == offset:
            runs[-1][1] += len(chunk)
        else:
            runs.append([offset, len(chunk)])
    return b"".join(parts), runs


def expand(kept: bytes, size: int, runs: list[list[int]]) -> bytes:
    """The snapshot itself from what :func:`pack` gave (for tests and tools; the browser's is
    static/engine/snapshot.mjs)."""
    out = bytearray(size)
    read = 0
    for offset, length in runs:
        out[offset:offset + length] = kept[read:read + length]
        read += length
    if read != len(kept):
        raise ValueError(f"{len(kept)} bytes shipped, the runs hold {read}")
    return bytes(out)
