"""Precompressed copies: `<file>.br` and `<file>.gz` beside every text and wasm file over 1 KB.

A static host then sends the copy the browser asks for (`Accept-Encoding`) with its
`Content-Encoding`, without compressing on every request (nginx `gzip_static` /
`brotli_static`, see the README; `build.py --serve` does the same, site_build/serve.py).

Brotli at its best quality (11) is slow on the 9.6 MB Pyodide wasm (about 20 s here), and
those files are the same from one build to the next: each compressed copy is kept in a
cache folder under the name of its source's sha256, so a rebuild only compresses what
changed. Zip archives (the Python stdlib, the engine wheel) are compressed already: a
second pass saves under 3 %, so they are left alone.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

from .errors import BuildError
from .what_if import FOLDER as WHAT_IF

REPO = Path(__file__).resolve().parent.parent
CACHE = REPO / "build" / "compress-cache"
MIN_SIZE = 1024
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".mjs", ".json", ".svg", ".txt", ".xml", ".wasm", ".map",
                          ".snapshot"})
# Brotli 11 over the memory snapshot (16 MB as shipped, site_build/snapshot.py) would take well
# over a minute of every first build: 9 there, with the largest window the format allows
# (16 MB, every decoder reads it), which finds the repeats far apart in that memory: 2 % smaller
# for 3 s more (quality 10 would be 10 % smaller, for over a minute of every new engine's first
# build). So for any file of 16 MB or more.
LARGE = 16 * 1024 * 1024
LARGE_SUFFIXES = frozenset({".snapshot"})
LARGE_TAG = "-w24"  # in the cached copies' names of the large files
# The first-level "What if?" answers (site_build/what_if.py: 30 MB of near-repeated views, a
# file a step) get Brotli 9: 8 % more bytes than 11 (444 KB against 409 KB, every file of the
# site's answers) for a 25th of the time (1 s against 22 s of a clean build's CPU).
FAST = WHAT_IF  # the folder, under the site root


def _brotli(data: bytes, how: str) -> bytes:
    if how == "large":
        return brotli.compress(data, quality=9, lgwin=24)
    return brotli.compress(data, quality=9 if how == "fast" else 11)


# encoding -> (file suffix, compress(data, how)): how is "best", "fast" or "large"
ENCODINGS = {
    "br": (".br", _brotli),
    "gzip": (".gz", lambda data, how: gzip.compress(data, compresslevel=6 if how == "large" else 9, mtime=0)),
}


def compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE and path.stat().st_size > MIN_SIZE


def _compress_one(path: Path, cache: Path | None, fast: bool = False) -> int:
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest() if cache is not None else None
    how = "large" if len(data) >= LARGE or path.suffix in LARGE_SUFFIXES else "fast" if fast else "best"
    if digest is not None and how == "large":
        digest += LARGE_TAG  # compressed otherwise than before: not an older copy
    written = 0
    for suffix, compress in ENCODINGS.values():
        cached = cache / f"{digest}{suffix}" if cache is not None else None
        if cached is not None and cached.is_file():
            packed = cached.read_bytes()
        else:
            packed = compress(data, how)
            if cached is not None:
                cache.mkdir(parents=True, exist_ok=True)
                tmp = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
                tmp.write_bytes(packed)
                os.replace(tmp, cached)
        path.with_name(path.name + suffix).write_bytes(packed)
        written += 1
    return written


def compress_tree(root: Path, cache: Path | None = CACHE) -> int:
    """Write the compressed copies for every compressible file under `root`; return how many."""
    files = [p for p in sorted(root.rglob("*")) if p.is_file() and compressible(p)]
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:  # zlib and brotli let go of the GIL
            return sum(pool.map(lambda p: _compress_one(p, cache, p.relative_to(root).parts[0] == FAST), files))
    except OSError as err:
        raise BuildError(f"compressing the built files failed: {err}") from None
