"""The service worker of the built site (site/service-worker.js) and the manifest it starts with.

`write_service_worker(out)` runs once every other file of the build is in `out`: it writes
`out/sw.js`, the source after one line `const BUILD = {...};` naming this build (see the
source's header). The version is a digest of every file (path and bytes), so any change to a
page, a script or the engine makes a new sw.js, which the browser installs in place of the old.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .compress import ENCODINGS
from .engine import engine_cache_of
from .errors import BuildError
from .pages import DEFAULT_LANGUAGE, LANGUAGES

SERVICE_WORKER = "sw.js"
OFFLINE_PAGE = "offline.html"  # in each language folder: what the worker answers for an address it has not kept
COPIES = tuple(suffix for suffix, _ in ENCODINGS.values())


def _files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                  if p.is_file() and not p.name.endswith(COPIES) and not p.name.startswith(".")
                  and p.name != SERVICE_WORKER)


def _digest(out: Path, paths: list[str]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode() + b"\0" + hashlib.sha256((out / path).read_bytes()).digest())
    return digest.hexdigest()[:16]


def manifest(out: Path) -> dict:
    files = _files(out)
    offline = {lang: f"{lang}/{OFFLINE_PAGE}" for lang in LANGUAGES if f"{lang}/{OFFLINE_PAGE}" in files}
    return {
        "version": _digest(out, files),
        "engine": engine_cache_of(out),
        "core": ["index.html", *offline.values(), *(path for path in files if path.startswith("static/"))],
        "pages": {lang: [path for path in files if path.startswith(f"{lang}/")] for lang in LANGUAGES},
        "offline": offline,
        "default": DEFAULT_LANGUAGE,
    }


def write_service_worker(out: Path, source: Path) -> dict:
    if not source.is_file():
        raise BuildError(f"{source}: the service worker's source is missing")
    build = manifest(out)
    text = f"const BUILD = {json.dumps(build, separators=(',', ':'))};\n" + source.read_text(encoding="utf-8")
    (out / SERVICE_WORKER).write_text(text, encoding="utf-8")
    return build
