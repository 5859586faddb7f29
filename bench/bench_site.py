#!/usr/bin/env python3
"""The site on the wire and in the browser, each figure beside its baseline from the same run.

    python bench/bench_site.py [--quick]

1. the whole-site build (engine vendored, compression from its cache) beside rendering the
   pages in memory alone;
2. bytes per page type on the wire, excluding Pyodide: the page and every style, script and
   catalog it loads, raw beside gzip and Brotli (budget for a rules page: 100 KB raw, 30 KB
   compressed);
3. in Chromium: navigation to the first example step that responds (budget 300 ms) beside
   DOMContentLoaded, and the Pyodide requests made before the reader interacts (must be 0);
4. in the same module worker: Pyodide plus the engine ready beside bare Pyodide (budget +10 %);
5. a cold "What if?" (click to the engine's line on the table) through a 20 Mbit/s server:
   plain files, precompressed files, and a second visit served by the service worker.

Needs the wheel (`make wheel`), node_modules/pyodide and Chromium (`make chromium`); a
missing browser skips parts 3-5, said. No timed assertions: this only prints.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import brotli

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "engine"), str(REPO / "tests" / "browser")]

from site_build.engine import Engine  # noqa: E402
from site_build.serve import SiteHandler  # noqa: E402
from site_build.site import Sources, build, render_site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
RATE = 20_000_000 / 8  # bytes per second: a 20 Mbit/s school line
BUDGET_RAW, BUDGET_COMPRESSED, BUDGET_STEP_MS, BUDGET_ENGINE = 100_000, 30_000, 300, 1.10


def wheel_path() -> Path:
    import os

    given = os.environ.get("STOPS_WHEEL")
    wheels = [Path(given)] if given else sorted((REPO / "dist").glob("stops-*-py3-none-any.whl"))
    if not wheels:
        sys.exit("bench_site: no engine wheel: run `make wheel`")
    return wheels[-1]


# ----- 1. build time ---------------------------------------------------------------------

def bench_build(out: Path, runs: int) -> None:
    engine = Engine(wheel_path())
    build(Sources(), out, engine=engine)  # fills the compression cache
    whole, pages = [], []
    for _ in range(runs):
        started = time.perf_counter()
        build(Sources(), out, engine=engine)
        whole.append(time.perf_counter() - started)
        started = time.perf_counter()
        render_site(Sources(), engine=True)
        pages.append(time.perf_counter() - started)
    print("-- whole-site build (best of %d)" % runs)
    print(f"   whole build, engine and compressed copies: {min(whole):6.2f} s")
    print(f"   baseline, the pages rendered in memory:    {min(pages):6.2f} s   ratio {min(whole) / min(pages):5.2f}x")


# ----- 2. bytes per page type --------------------------------------------------------------

ASSET = re.compile(r'<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="([^"]+)"')
IMPORT = re.compile(r'(?:import|from)\s*(?:[\w{}\s,*]+from\s*)?["\'](\.{1,2}/[^"\']+)["\']')


def loaded_files(site: Path, page: Path) -> list[Path]:
    """The page, its stylesheets (print ones included) and scripts, their module imports, and
    its language's catalog when the page has live examples. Pyodide is left out."""
    html = page.read_text(encoding="utf-8")
    files, queue = [page], [(page.parent / href).resolve() for href in ASSET.findall(html)]
    if 'class="example-data"' in html or "play-data" in html:
        queue.append(page.parent / "messages.json")
    while queue:
        path = queue.pop()
        if path in files or not path.is_file() or "pyodide" in path.parts:
            continue
        files.append(path)
        if path.suffix in (".js", ".mjs"):
            queue += [(path.parent / spec).resolve() for spec in IMPORT.findall(path.read_text(encoding="utf-8"))]
    return files


def wire_sizes(files: list[Path]) -> tuple[int, int, int]:
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 9)) if not p.with_name(p.name + ".gz").is_file()
             else p.with_name(p.name + ".gz").stat().st_size for p in files)
    br = sum(p.with_name(p.name + ".br").stat().st_size if p.with_name(p.name + ".br").is_file()
             else len(brotli.compress(p.read_bytes())) for p in files)
    return raw, gz, br


def bench_bytes(site: Path) -> None:
    print("-- bytes per page type on the wire, without Pyodide (the largest of es/en/fr; raw is the baseline)")
    print(f"   {'page':<16}{'files':>6}{'raw':>11}{'gzip':>11}{'brotli':>11}{'br/raw':>8}")
    slugs = sorted({p.stem for p in (site / "en").glob("*.html")})
    for slug in slugs:
        sizes = [(wire_sizes(files), len(files)) for lang in ("es", "en", "fr")
                 for files in [loaded_files(site, site / lang / f"{slug}.html")] if (site / lang / f"{slug}.html").is_file()]
        (raw, gz, br), count = max(sizes)
        rules = slug in ("michigan", "tripoli", "rummoli")
        note = ""
        if rules:
            note = (f"   budget {BUDGET_RAW // 1000} KB raw: {'ok' if raw <= BUDGET_RAW else 'OVER'}, "
                    f"{BUDGET_COMPRESSED // 1000} KB compressed: {'ok' if br <= BUDGET_COMPRESSED else 'OVER'}")
        print(f"   {slug:<16}{count:>6}{raw:>11,}{gz:>11,}{br:>11,}{br / raw:>8.2f}{note}")


# ----- servers --------------------------------------------------------------------------

class Throttled(SiteHandler):
    """A server behind a slow line: every response body at RATE bytes per second."""

    rate = RATE

    def copyfile(self, source, outputfile):
        while chunk := source.read(16384):
            started = time.perf_counter()
            try:
                outputfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                return
            time.sleep(max(0.0, len(chunk) / self.rate - (time.perf_counter() - started)))


class Plain(Throttled):
    precompressed = False


def serve(root: Path, handler):
    import functools
    from http.server import ThreadingHTTPServer

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


# ----- 3-5. in Chromium ------------------------------------------------------------------

FIRST_STEP = """
new MutationObserver((changes, observer) => {
  const counter = document.querySelector(".example .w-counter");
  if (counter && window.__stopsBenchClicked && counter.textContent !== window.__stopsBenchBefore) {
    window.__stopsBenchStep = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

READY_WORKER = """
import { loadPyodide } from "../../pyodide/pyodide.mjs";
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: new URL("../../pyodide/", import.meta.url).href });
const bare = performance.now() - started;
if (self.name === "engine") {
  await pyodide.loadPackage("stops", { checkIntegrity: true, messageCallback: () => {} });
  pyodide.pyimport("stops.web");
}
self.postMessage({ bare, ready: performance.now() - started });
"""


def bench_first_step(browser, origin: str, runs: int) -> None:
    from reader import label

    steps, loaded, early = [], [], 0
    for _ in range(runs):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.add_init_script(FIRST_STEP)
        page.goto(f"{origin}/en/michigan.html", wait_until="commit")
        button = page.locator(".example .widget").first.get_by_role("button", name=label(SITE, "en", "Next"))
        button.wait_for()
        page.evaluate("""() => { window.__stopsBenchBefore = document.querySelector(".example .w-counter").textContent;
                                 window.__stopsBenchClicked = true; }""")
        early += sum("/pyodide/" in url for url in requests)
        button.click()
        for _ in range(500):
            at = page.evaluate("window.__stopsBenchStep")
            if at is not None:
                break
            page.wait_for_timeout(10)
        steps.append(at)
        loaded.append(page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
        context.close()
    best = min(steps)
    print("-- navigation to the first example step that responds (Chromium, best of %d)" % runs)
    print(f"   first step shown:           {best:7.0f} ms   budget {BUDGET_STEP_MS} ms: {'ok' if best <= BUDGET_STEP_MS else 'OVER'}")
    print(f"   baseline, DOMContentLoaded: {min(loaded):7.0f} ms   ratio {best / min(loaded):5.2f}x")
    print(f"   Pyodide requests before the reader interacts: {early}")


def bench_engine_ready(browser, origin: str, runs: int) -> None:
    results = {"bare": [], "engine": []}
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{origin}/en/glossary.html")
    for _ in range(runs):
        for name in ("bare", "engine"):
            results[name].append(page.evaluate("""(name) => new Promise((resolve, reject) => {
                const worker = new Worker("../static/engine/bench-ready.mjs", { type: "module", name });
                worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
                worker.onerror = (event) => reject(new Error(event.message));
            })""", name))
    context.close()
    bare = min(r["bare"] for r in results["bare"])
    ready = min(r["ready"] for r in results["engine"])
    print("-- in one module worker: Pyodide + the engine ready vs bare Pyodide (Chromium, HTTP cache warm, best of %d)" % runs)
    print(f"   bare loadPyodide():                   {bare:7.0f} ms")
    print(f"   + loadPackage(stops), import stops.web: {ready:7.0f} ms   ratio {ready / bare:5.2f}x   "
          f"budget {BUDGET_ENGINE:.2f}x: {'ok' if ready / bare <= BUDGET_ENGINE else 'OVER'}")


def what_if_ms(page, origin: str) -> float:
    from reader import what_if

    page.goto(f"{origin}/en/michigan.html")
    page.locator("html[data-player=ready]").wait_for()
    started = time.perf_counter()
    what_if(page, SITE, "en", "nine-of-diamonds")
    return (time.perf_counter() - started) * 1000


def bench_cold_what_if(browser, site: Path) -> None:
    plain, plain_origin = serve(site, Plain)
    packed, packed_origin = serve(site, Throttled)
    rows = []
    try:
        for name, origin in (("plain files, no service worker (baseline)", plain_origin),
                             ("precompressed (Brotli), no service worker", packed_origin)):
            context = browser.new_context(service_workers="block")
            rows.append((name, what_if_ms(context.new_page(), origin)))
            context.close()
        context = browser.new_context()
        first = context.new_page()
        what_if_ms(first, packed_origin)  # the first visit fills the service worker's caches
        first.close()
        rows.append(("second visit, from the service worker's cache", what_if_ms(context.new_page(), packed_origin)))
        context.close()
    finally:
        plain.shutdown()
        packed.shutdown()
    print(f"-- a cold \"What if?\", click to the engine's line, through a {RATE * 8 / 1e6:.0f} Mbit/s server (Chromium)")
    base = rows[0][1]
    for name, ms in rows:
        print(f"   {name:<48} {ms / 1000:6.2f} s   {ms / base:5.2f}x")


SITE: Path


def main(argv=None) -> int:
    global SITE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--no-pyodide", action="store_true", help="accepted for bench/run.py; nothing to skip")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        SITE = Path(tmp) / "_site"
        bench_build(SITE, runs)
        bench_bytes(SITE)
        if not Path(CHROMIUM).exists():
            print(f"-- browser figures skipped: {CHROMIUM} is missing (`make chromium`)")
            return 0
        (SITE / "static" / "engine").mkdir(parents=True, exist_ok=True)
        (SITE / "static" / "engine" / "bench-ready.mjs").write_text(READY_WORKER, encoding="utf-8")
        from playwright.sync_api import sync_playwright

        server, origin = serve(SITE, SiteHandler)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                browser.new_context().close()
                bench_first_step(browser, origin, runs + 2)
                bench_engine_ready(browser, origin, runs)
                bench_cold_what_if(browser, SITE)
                browser.close()
        finally:
            server.shutdown()
        shutil.rmtree(SITE, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
