"""`build.py --serve`: build, serve on 127.0.0.1, rebuild when a source changes.

Polling (every half second) keeps this stdlib-only. A failed rebuild prints its error and
keeps serving the last good site.
"""

import functools
import os
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .compress import ENCODINGS
from .engine import Engine
from .errors import BuildError
from .policy import header_policy
from .site import REPO, Sources, build


def watched_files(sources: Sources, engine: Engine | None = None):
    folders = [sources.content, sources.static, sources.locale, sources.templates,
               REPO / "site_build", REPO / "engine" / "stops", sources.root / "examples"]
    for folder in folders:
        if folder.exists():
            yield from (p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    if sources.service_worker.is_file():
        yield sources.service_worker
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


def accepted_encodings(header: str | None) -> set[str]:
    """The codings an `Accept-Encoding` value allows (a q of 0 refuses one)."""
    allowed = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        q = params.strip()
        if q.startswith("q="):
            try:
                if float(q[2:]) <= 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            allowed.add(name.strip().lower())
    return allowed


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types the engine needs (module scripts, WebAssembly, wheels),
    the build's precompressed copies (`.br`, `.gz`) when the browser accepts them, and the
    site's Content-Security-Policy on every response (site_build/policy.py)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/zip", ".zip": "application/zip"}

    precompressed = True  # False: always the plain file (the benchmark's baseline)
    # Keep-alive, as any static host does: a page's modules come over the connections it has
    # open, not over a new connection each.
    protocol_version = "HTTP/1.1"
    # A request too malformed to name its version is answered as HTTP/1.0 (a status line and
    # headers), not as HTTP/0.9 (a bare body that no client reads as an error).
    default_request_version = "HTTP/1.0"
    disable_nagle_algorithm = True  # the headers and a small body are two writes: neither waits

    def send_head(self):
        """The file the request names, inside the served folder: a folder gives its index.html
        (never a listing), a path the file system cannot name (a NUL) is a 400, and nothing
        outside the folder is served, through a symlink either (404)."""
        try:
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                    return super().send_head()  # the redirect to the folder's own address
                path = os.path.join(path, "index.html")
            found = os.path.isfile(path) and self._inside(path)
        except ValueError:  # an embedded NUL, or a name the file system cannot hold
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad request path")
            return None
        if not found:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding")) if self.precompressed else set()
        chosen, served = None, path
        for encoding, (suffix, _compress) in ENCODINGS.items():  # Brotli first: it is smaller
            if encoding in accepted and os.path.isfile(path + suffix) and self._inside(path + suffix):
                chosen, served = encoding, path + suffix
                break
        try:
            f = open(served, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        stat = os.fstat(f.fileno())
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        if chosen:
            self.send_header("Content-Encoding", chosen)
        if os.path.isfile(path + ENCODINGS["gzip"][0]):
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def _inside(self, path: str) -> bool:
        """``path``, every symlink resolved, is in the served folder."""
        root = os.path.realpath(self.directory)
        real = os.path.realpath(path)
        return real == root or real.startswith(root + os.sep)

    def list_directory(self, path):
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")  # a folder is never listed
        return None

    def copyfile(self, source, outputfile):
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser stopped reading (a cancelled request): nothing to report

    def end_headers(self):
        # An error sent before the request line was read (414: a line over 64 KiB) has no path.
        url_path = urllib.parse.urlsplit(getattr(self, "path", "") or "/").path
        self.send_header("Content-Security-Policy", header_policy(url_path))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        # Always revalidate: a rebuild must show at once (the service worker keeps the offline copy).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

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
