"""`build.py --serve`: build, serve on 127.0.0.1, rebuild when a source changes.

Polling (every half second) keeps this stdlib-only. A failed rebuild prints its error and
keeps serving the last good site.
"""

import functools
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .engine import Engine
from .errors import BuildError
from .site import REPO, Sources, build


def watched_files(sources: Sources, engine: Engine | None = None):
    folders = [sources.content, sources.static, sources.locale, sources.templates,
               REPO / "site_build", REPO / "engine" / "stops", sources.root / "examples"]
    for folder in folders:
        if folder.exists():
            yield from (p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    if engine is not None and engine.wheel.is_file():
        yield engine.wheel  # the pages' examples come from engine/, the browser's engine from the wheel


def snapshot(sources: Sources, engine: Engine | None = None) -> dict:
    return {str(p): p.stat().st_mtime_ns for p in watched_files(sources, engine)}


def rebuild(sources: Sources, out: Path, engine: Engine | None = None) -> None:
    try:
        count, seconds = build(sources, out, engine=engine)
        print(f"built {count} pages into {out} in {seconds:.2f} s", flush=True)
    except BuildError as err:
        print(f"build failed:\n{err}", flush=True)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types the engine needs (module scripts, WebAssembly, wheels)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/zip", ".zip": "application/zip"}

    def log_message(self, *args):
        pass


def site_server(out: Path, port: int = 8000) -> ThreadingHTTPServer:
    """A threaded server for `out` on 127.0.0.1 (port 0: any free port); the caller runs it.
    Each request resolves the path afresh, so a rebuild that swaps `out` is served at once."""
    return ThreadingHTTPServer(("127.0.0.1", port), functools.partial(SiteHandler, directory=str(out)))


def serve(sources: Sources, out: Path, port: int = 8000, engine: Engine | None = None) -> None:
    rebuild(sources, out, engine)
    out.mkdir(parents=True, exist_ok=True)

    server = site_server(out, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving {out} on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
    seen = snapshot(sources, engine)
    try:
        while True:
            time.sleep(0.5)
            now = snapshot(sources, engine)
            if now != seen:
                seen = now
                print("change seen, rebuilding", flush=True)
                rebuild(sources, out, engine)
    except KeyboardInterrupt:
        server.shutdown()
