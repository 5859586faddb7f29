"""`build.py --serve`: build, serve on 127.0.0.1, rebuild when a source changes.

Polling (every half second) keeps this stdlib-only. A failed rebuild prints its error and
keeps serving the last good site.
"""

import functools
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .errors import BuildError
from .site import REPO, Sources, build


def watched_files(sources: Sources):
    folders = [sources.content, sources.static, sources.locale, sources.templates,
               REPO / "site_build", REPO / "engine" / "stops", sources.root / "examples"]
    for folder in folders:
        if folder.exists():
            yield from (p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def snapshot(sources: Sources) -> dict:
    return {str(p): p.stat().st_mtime_ns for p in watched_files(sources)}


def rebuild(sources: Sources, out: Path) -> None:
    try:
        count, seconds = build(sources, out)
        print(f"built {count} pages into {out} in {seconds:.2f} s", flush=True)
    except BuildError as err:
        print(f"build failed:\n{err}", flush=True)


def serve(sources: Sources, out: Path, port: int = 8000) -> None:
    rebuild(sources, out)
    out.mkdir(parents=True, exist_ok=True)

    class Handler(SimpleHTTPRequestHandler):
        def translate_path(self, path):  # always serve the current `out` (it is swapped on rebuild)
            return super().translate_path(path)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving {out} on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
    seen = snapshot(sources)
    try:
        while True:
            time.sleep(0.5)
            now = snapshot(sources)
            if now != seen:
                seen = now
                print("change seen, rebuilding", flush=True)
                rebuild(sources, out)
    except KeyboardInterrupt:
        server.shutdown()
