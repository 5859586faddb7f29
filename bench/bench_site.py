#!/usr/bin/env python3
"""The site on the wire and in the browser, each figure beside its baseline from the same run.

    python bench/bench_site.py [--quick]

1. the whole-site build (engine vendored, compression from its cache) beside rendering the
   pages in memory alone;
2. bytes per page type on the wire, excluding Pyodide, in Chromium: what the page loads up
   front, raw beside gzip and Brotli (budget for a rules page: 100 KB raw, 30 KB compressed),
   beside everything its examples can load; and what reaching the first example adds;
3. in Chromium, each rules page (found by its <main class="rules-page">, new games included)
   opened at its first example, served by a process of its own: navigation to the step its
   first Next shows (pressed in the page as soon as the table is drawn; budget 300 ms),
   beside DOMContentLoaded, with where the time goes, and the Pyodide requests made before
   the reader interacts (must be 0);
4. in the same module worker: Pyodide plus the engine ready beside bare Pyodide (budget +10 %),
   by loadPackage and from the build's memory snapshot (site_build/snapshot.py; its own
   size printed);
5. a cold "What if?" (click to the engine's line on the table) through a 20 Mbit/s server:
   plain files, precompressed files, both without the snapshot, the site as built (with it),
   and a second visit served by the service worker, all without the build's answers;
6. a cold first-level "What if?" drawn from the build's answers (site_build/what_if.py)
   beside the live engine's, through the same line, and the bytes the answers add per example.

Needs the wheel (`make wheel`), node_modules/pyodide and Chromium (`make chromium`); a
missing browser skips parts 2-5, said. No timed assertions: this only prints.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
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

def page_kinds(site: Path) -> dict[str, str]:
    """One page of each kind, by its path in English: every page of the language folder (the
    rules pages, each game's, found by their <main class="rules-page">), a play page, a
    collapsed example's own page, a rules page's printable handout, the embed and the editor. New games are found by themselves."""
    kinds = {}
    for page in sorted((site / "en").rglob("*.html")):
        relative = page.relative_to(site / "en").as_posix()
        html = page.read_text(encoding="utf-8")
        if relative.startswith("examples/"):
            kinds.setdefault("example page", relative)
        elif relative.endswith("-handout.html"):
            kinds.setdefault("handout", relative)
        elif relative.endswith("/play/index.html"):
            kinds.setdefault("play page", relative)
        elif "/" in relative:
            kinds[relative.split("/")[0]] = relative
        else:
            rules = 'class="content rules-page"' in html
            kinds[f"{page.stem} (rules)" if rules else page.stem] = relative
    return kinds


def is_rules(kind: str) -> bool:
    return kind.endswith("(rules)")


def wire_sizes(files: list[Path]) -> tuple[int, int, int]:
    """Raw, gzip and Brotli bytes of these files: the build's own copies where it wrote them
    (what the server sends), else compressed here (files under 1 KB are sent as they are)."""
    def copy(path: Path, suffix: str, compress) -> int:
        kept = path.with_name(path.name + suffix)
        return kept.stat().st_size if kept.is_file() else min(path.stat().st_size, len(compress(path.read_bytes())))

    raw = sum(p.stat().st_size for p in files)
    gz = sum(copy(p, ".gz", lambda data: gzip.compress(data, 9)) for p in files)
    br = sum(copy(p, ".br", brotli.compress) for p in files)
    return raw, gz, br


NAVIGATION_FILES = """() => [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")]
    .map((entry) => entry.name)"""


def fetched(page, origin: str, site: Path) -> list[Path]:
    """The files of the site the page fetched so far (its own and every resource), Pyodide left out."""
    files = []
    for url in page.evaluate(NAVIGATION_FILES):
        path = url.split("#")[0].split("?")[0]
        if not path.startswith(origin + "/") or "/pyodide/" in path:
            continue
        local = site / path[len(origin) + 1:]
        if local.is_dir() or path.endswith("/"):
            local = local / "index.html"
        if local.is_file() and local not in files:
            files.append(local)
    return files


def quiet(page, ms: int = 400) -> None:
    """The page has stopped fetching: no new resource for `ms`."""
    count = -1
    while True:
        page.wait_for_timeout(ms)
        now = page.evaluate("performance.getEntriesByType('resource').length")
        if now == count:
            return
        count = now


def bench_bytes(browser, origin: str, site: Path) -> None:
    """Per page kind, the largest of es/en/fr: what the page loads up front in Chromium (at
    1280 x 800, not scrolled, no interaction), beside the baseline of everything its examples
    can load (the widget, the catalog, every example's data); and what the first example adds
    once the reader reaches it."""
    print("-- bytes per page type on the wire, without Pyodide (Chromium, 1280 x 800, the largest of es/en/fr)")
    print("   up front: what the page loads before the reader scrolls or touches anything; baseline: that plus")
    print("   everything its examples can load (widget, catalog, every example's data), as a page that embeds all")
    print(f"   {'page':<22}{'files':>6}{'raw':>10}{'gzip':>9}{'brotli':>9}{'baseline':>10}{'ratio':>7}   budget (rules page)")
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    live_rows = []
    try:
        for kind, relative in page_kinds(site).items():
            measured = []
            for lang in ("es", "en", "fr"):
                page = context.new_page()
                page.goto(f"{origin}/{lang}/{relative}")
                page.wait_for_load_state("load")
                quiet(page)
                files = fetched(page, origin, site)
                everything = list(files)
                boxes = page.locator(".example-box[data-example]")
                live = None
                if boxes.count():
                    first = boxes.first
                    first.scroll_into_view_if_needed()
                    summary = first.locator("details > summary")
                    if summary.count():
                        summary.click()
                    first.locator(".widget").wait_for()
                    quiet(page)
                    after = fetched(page, origin, site)
                    live = [path for path in after if path not in files]
                    everything = list(after)
                    folder = (site / lang / relative).parent
                    for href in boxes.evaluate_all("(boxes) => boxes.map((box) => box.dataset.example)"):
                        data = (folder / href).resolve()
                        if data not in everything:
                            everything.append(data)
                page.close()
                measured.append((wire_sizes(files), len(files), wire_sizes(everything), wire_sizes(live) if live else None,
                                 len(live or []), lang))
            (raw, gz, br), count, (all_raw, _, _), live, live_count, lang = max(measured, key=lambda row: row[0][0])
            note = ""
            if is_rules(kind):
                note = (f"   {BUDGET_RAW // 1000} KB raw: {'ok' if raw <= BUDGET_RAW else 'OVER'}, "
                        f"{BUDGET_COMPRESSED // 1000} KB compressed: {'ok' if max(gz, br) <= BUDGET_COMPRESSED else 'OVER'}")
            print(f"   {kind:<22}{count:>6}{raw:>10,}{gz:>9,}{br:>9,}{all_raw:>10,}{raw / all_raw:>7.2f}{note}")
            if live:
                live_rows.append((kind, live_count, live))
    finally:
        context.close()
    if live_rows:
        print("   reaching the first example adds (the widget's modules, styles and catalog, and that example's data):")
        for kind, count, (raw, gz, br) in live_rows:
            print(f"   {'+ ' + kind:<22}{count:>6}{raw:>10,}{gz:>9,}{br:>9,}")


# ----- servers --------------------------------------------------------------------------

class Line:
    """One line of ``rate`` bytes per second that every response of a server shares, as a
    school's line is shared by the files a page fetches at once: each chunk takes its turn
    after the chunks sent before it, so two files fetched together take as long as one of
    both sizes (a line per response would give each file the whole rate)."""

    def __init__(self, rate: float):
        self.rate = rate
        self.lock = threading.Lock()
        self.free = 0.0  # when the line has sent every chunk given to it so far

    def through(self, size: int) -> float:
        """When a chunk of ``size`` bytes given now has gone through the line."""
        with self.lock:
            self.free = max(time.perf_counter(), self.free) + size / self.rate
            return self.free


class Throttled(SiteHandler):
    """A server behind a slow line: every response body through one line of RATE bytes per
    second, shared by the responses sent at the same time (:class:`Line`)."""

    rate = RATE

    def copyfile(self, source, outputfile):
        line = self.server.line
        while chunk := source.read(16384):
            done = line.through(len(chunk))
            try:
                outputfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                return
            time.sleep(max(0.0, done - time.perf_counter()))


class Plain(Throttled):
    precompressed = False


def serve_apart(root: Path):
    """The site served by a process of its own (the timings are not the test's threads')."""
    import socket
    import subprocess

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = ("import sys; sys.path[:0] = [sys.argv[1]]; from site_build.serve import site_server; "
            "site_server(__import__('pathlib').Path(sys.argv[2]), int(sys.argv[3])).serve_forever()")
    process = subprocess.Popen([sys.executable, "-c", code, str(REPO), str(root), str(port)], stderr=subprocess.DEVNULL)
    origin = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return process, origin


def serve(root: Path, handler):
    import functools
    from http.server import ThreadingHTTPServer

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.line = Line(getattr(handler, "rate", RATE))  # the one line a throttled handler's responses share
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


# ----- 3-5. in Chromium ------------------------------------------------------------------

# In the page: as soon as the first example's table is drawn, its Next is pressed (a click
# event on the button, as a reader's would be) and the time its step shows is kept; the
# test's own round trips (finding the button, clicking through the devtools protocol) stay out.
FIRST_STEP = """
new MutationObserver((changes, observer) => {
  const widget = document.querySelector(".example .widget");
  const counter = widget?.querySelector(".w-counter");
  const next = widget?.querySelector(".w-next");
  if (!counter || !next) return;
  if (window.__stopsBenchDrawn === undefined) {
    window.__stopsBenchDrawn = performance.now();
    window.__stopsBenchBefore = counter.textContent;
    next.click();
  }
  if (counter.textContent !== window.__stopsBenchBefore) {
    window.__stopsBenchStep = performance.now();
    document.documentElement.dataset.benchStep = "shown";
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

LOADER_TIMES = """() => {
  const entry = (part) => performance.getEntriesByType("resource").find((e) => e.name.includes(part));
  const nav = performance.getEntriesByType("navigation")[0];
  return { html: nav.responseEnd, dcl: nav.domContentLoadedEventEnd,
           loader: entry("/pages/rules.mjs")?.responseEnd ?? null,
           modules: Math.max(...performance.getEntriesByType("resource")
             .filter((e) => /\\.m?js$/.test(e.name) && e.responseEnd <= window.__stopsBenchDrawn).map((e) => e.responseEnd)),
           data: entry("/examples/")?.responseEnd ?? null, drawn: window.__stopsBenchDrawn };
}"""
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
    """Each rules page opened at its first example (the home page's and the contents' link
    lead there): from navigation to the step the reader's first Next shows."""
    from reader import label

    print("-- navigation to the first example step that responds (Chromium, each rules page opened at its first example, best of %d)" % runs)
    print(f"   {'page':<22}{'step':>7}{'DCL':>7}{'ratio':>7}   where the time goes (ms from navigation): html, loader, last module, data, table drawn")
    rules = [relative for kind, relative in page_kinds(SITE).items() if is_rules(kind)]
    early = 0
    for relative in rules:
        first = re.search(r'<div class="example-box" id="([^"]+)"', (SITE / "en" / relative).read_text(encoding="utf-8"))
        if not first:
            continue
        steps, loaded, times = [], [], []
        for _ in range(runs):
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.add_init_script(FIRST_STEP)
            page.goto(f"{origin}/en/{relative}#{first.group(1)}", wait_until="commit")
            page.locator("html[data-bench-step]").wait_for(state="attached", timeout=60_000)
            at = page.evaluate("window.__stopsBenchStep")
            early += sum("/pyodide/" in url for url in requests)
            steps.append(at)
            loaded.append(page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
            times.append((at, page.evaluate(LOADER_TIMES)))
            context.close()
        best = min(steps)
        where = min(times, key=lambda row: row[0])[1]
        parts = ", ".join("-" if where[key] is None else f"{where[key]:.0f}" for key in ("html", "loader", "modules", "data", "drawn"))
        print(f"   {relative:<22}{best:>7.0f}{min(loaded):>7.0f}{best / min(loaded):>7.2f}   {parts}   "
              f"budget {BUDGET_STEP_MS} ms: {'ok' if best <= BUDGET_STEP_MS else 'OVER'}")
    print("   (DCL: DOMContentLoaded, the baseline)")
    print(f"   Pyodide requests before the reader interacts: {early}")


SNAPSHOT_WORKER = """
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { expandSnapshot } from "./snapshot.mjs";
const started = performance.now();
const { snapshot } = await (await fetch("../../pyodide/engine.json")).json();
const bytes = fetch(`../../pyodide/${snapshot.file}`).then((r) => r.arrayBuffer()).then((b) => expandSnapshot(b, snapshot));
const pyodide = await loadPyodide({ indexURL: new URL("../../pyodide/", import.meta.url).href, _loadSnapshot: bytes });
pyodide.pyimport("stops.web");
self.postMessage({ ready: performance.now() - started });
"""


def worker_ms(page, script: str, name: str = "engine") -> dict:
    return page.evaluate("""([script, name]) => new Promise((resolve, reject) => {
        const worker = new Worker(`../static/engine/${script}`, { type: "module", name });
        worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
        worker.onerror = (event) => reject(new Error(event.message || "worker failed"));
    })""", [script, name])


def snapshot_of(site: Path) -> dict | None:
    return json.loads((site / "pyodide" / "engine.json").read_text(encoding="utf-8")).get("snapshot")


def bench_engine_ready(browser, origin: str, site: Path, runs: int) -> None:
    """In one module worker, the HTTP cache warm (the CPU's part): bare Pyodide, Pyodide plus
    the engine by loadPackage, and the engine from the build's memory snapshot."""
    results = {"bare": [], "wheel": [], "snapshot": []}
    snapshot = snapshot_of(site)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{origin}/en/glossary.html")
    for _ in range(runs):
        results["bare"].append(worker_ms(page, "bench-ready.mjs", "bare")["bare"])
        results["wheel"].append(worker_ms(page, "bench-ready.mjs", "engine")["ready"])
        if snapshot:
            results["snapshot"].append(worker_ms(page, "bench-snapshot.mjs")["ready"])
    context.close()
    bare, wheel = min(results["bare"]), min(results["wheel"])
    print("-- in one module worker: the engine ready vs bare Pyodide (Chromium, HTTP cache warm, best of %d)" % runs)
    print(f"   bare loadPyodide() (baseline):               {bare:7.0f} ms")
    print(f"   + loadPackage(stops), import stops.web:       {wheel:7.0f} ms   ratio {wheel / bare:5.2f}x   "
          f"budget {BUDGET_ENGINE:.2f}x: {'ok' if wheel / bare <= BUDGET_ENGINE else 'OVER'}")
    if snapshot:
        snap = min(results["snapshot"])
        print(f"   from the memory snapshot, engine imported:   {snap:7.0f} ms   ratio {snap / bare:5.2f}x   "
              f"budget {BUDGET_ENGINE:.2f}x: {'ok' if snap / bare <= BUDGET_ENGINE else 'OVER'}   (what the site uses)")
        data = site / "pyodide" / snapshot["file"]
        sizes = [data.stat().st_size, *(data.with_name(data.name + suffix).stat().st_size for suffix in (".gz", ".br"))]
        wheel_size = next((site / "pyodide").glob("stops-*.whl")).stat().st_size
        print(f"   the snapshot's own size: {sizes[0]:,} bytes raw, {sizes[1]:,} gzip, {sizes[2]:,} Brotli "
              f"(the wheel it replaces: {wheel_size:,}); the runtime is fetched either way")
    else:
        print("   no memory snapshot in this build (no node on PATH)")


class NoSnapshot:
    """A server mixin: pyodide/engine.json without its snapshot, as a build without one."""

    def send_head(self):
        if self.path.split("?")[0].endswith("/pyodide/engine.json"):
            manifest = json.loads((Path(self.directory) / "pyodide" / "engine.json").read_text(encoding="utf-8"))
            body = json.dumps({**manifest, "snapshot": None}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()


class NoShipped:
    """A server mixin: no first-level "What if?" answers (what-if/), as a build without them:
    the widget asks the live engine."""

    def send_head(self):
        if "/what-if/" in self.path:
            self.send_error(404)
            return None
        return super().send_head()


def what_if_ms(page, origin: str) -> float:
    from reader import what_if

    page.goto(f"{origin}/en/michigan.html")
    page.locator("html[data-player=ready]").wait_for()
    started = time.perf_counter()
    what_if(page, SITE, "en", "nine-of-diamonds")
    return (time.perf_counter() - started) * 1000


def bench_cold_what_if(browser, site: Path) -> None:
    # The live engine's What if? (the build's first-level answers are bench_shipped_what_if's).
    plain_handler = type("PlainNoSnapshot", (NoShipped, NoSnapshot, Plain), {})
    packed_handler = type("PackedNoSnapshot", (NoShipped, NoSnapshot, Throttled), {})
    servers = {name: serve(site, handler) for name, handler in
               (("plain", plain_handler), ("packed", packed_handler), ("site", type("Live", (NoShipped, Throttled), {})))}
    rows = []
    try:
        for name, key in (("plain files, no snapshot, no service worker (baseline)", "plain"),
                          ("precompressed (Brotli), no snapshot", "packed"),
                          ("precompressed, from the memory snapshot (the site)", "site")):
            context = browser.new_context(service_workers="block")
            rows.append((name, what_if_ms(context.new_page(), servers[key][1])))
            context.close()
        context = browser.new_context()
        first = context.new_page()
        what_if_ms(first, servers["site"][1])  # the first visit fills the service worker's caches
        first.close()
        rows.append(("second visit, from the service worker's cache", what_if_ms(context.new_page(), servers["site"][1])))
        context.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
    print(f"-- a cold \"What if?\", click to the engine's line, through a {RATE * 8 / 1e6:.0f} Mbit/s server (Chromium)")
    base = rows[0][1]
    for name, ms in rows:
        print(f"   {name:<56} {ms / 1000:6.2f} s   {ms / base:5.2f}x")


# The examples a first-level What if? is timed on: the 9♦ (the live rows' example), and the two
# heaviest first steps (the most answers: a Nain Jaune deal's 14 cards, a Rummoli bid's 91 amounts).
SHIPPED_EXAMPLES = (("michigan.html", "nine-of-diamonds"), ("nain_jaune.html", "example-2"),
                    ("rummoli.html", "dealer-holds-a-pay-card"))


# In the page, without the devtools protocol's round trips: "What if?" opened and its first choice
# picked at once (the step's answers are fetched on the first), to the line on the table.
FIRST_LEVEL = """async (example) => {
  const box = document.querySelector(`#${example} .widget`);
  const back = box.querySelector(".w-back");
  const started = performance.now();
  box.querySelector(".w-what-if").click();
  box.querySelector(".w-choices button").click();
  await new Promise((resolve) => {
    const drawn = () => (!back.hidden || box.querySelector("[role=alert]") ? resolve() : requestAnimationFrame(drawn));
    drawn();
  });
  return { ms: performance.now() - started, failed: box.querySelector("[role=alert]")?.textContent ?? null };
}"""


def first_level_ms(page, origin: str, relative: str, example: str) -> float:
    """Cold, the page open at the example: "What if?" and its first choice, to the line drawn."""
    from reader import widget

    page.goto(f"{origin}/en/{relative}#{example}")
    page.locator("html[data-player=ready]").wait_for()
    widget(page, example).locator(".w-what-if").wait_for()
    timed = page.evaluate(FIRST_LEVEL, example)
    assert timed["failed"] is None, timed["failed"]
    return timed["ms"]


def bench_shipped_what_if(browser, site: Path) -> None:
    """A cold first-level "What if?" drawn from the build's answers (site_build/what_if.py)
    beside the same click answered by the live engine, through the same 20 Mbit/s line; then
    the bytes the answers add, per example."""
    servers = {"shipped": serve(site, Throttled), "live": serve(site, type("Live", (NoShipped, Throttled), {}))}
    rows = []
    try:
        for relative, example in SHIPPED_EXAMPLES:
            times = {"live": [], "shipped": []}
            for key, runs in (("live", 1), ("shipped", 3)):  # the live engine's seconds are the network's
                for _ in range(runs):
                    context = browser.new_context(service_workers="block")
                    times[key].append(first_level_ms(context.new_page(), servers[key][1], relative, example))
                    context.close()
            times = {key: min(values) for key, values in times.items()}
            rows.append((f"{relative}#{example}", times["live"], times["shipped"]))
    finally:
        for server, _ in servers.values():
            server.shutdown()
    print(f"-- a cold first-level \"What if?\", the build's answer against the live engine, through a "
          f"{RATE * 8 / 1e6:.0f} Mbit/s server (Chromium; What if? opened and its first choice picked at once, to the line on the table;")
    print("   each in a new context, the shipped answer best of 3)")
    print(f"   {'example':<44}{'live engine':>12}{'shipped':>9}{'ratio':>7}   budget 0.5 s")
    for name, live, shipped in rows:
        print(f"   {name:<44}{live / 1000:>10.2f} s{shipped / 1000:>7.2f} s{shipped / live:>7.2f}   "
              f"{'ok' if shipped <= 500 else 'OVER'}")
    print("   the bytes the answers add, per example (every step's file; fetched one step at a time, on What if?),")
    print("   and its largest step file; the example's data file names them in a few dozen bytes more")
    print(f"   {'example':<44}{'files':>6}{'answers':>8}{'raw':>12}{'gzip':>10}{'brotli':>9}{'largest raw':>13}{'brotli':>8}")
    seen, totals = set(), [0, 0, 0]
    for data_path in sorted((site / "en" / "examples").glob("*/*.json")):
        shipped = json.loads(data_path.read_text(encoding="utf-8")).get("what_if")
        if not shipped or shipped["href"] in seen:
            continue
        seen.add(shipped["href"])
        files = [site / shipped["href"] / f"{step}.json" for step in shipped["steps"]]
        raw, gz, br = wire_sizes(files)
        largest = max(files, key=lambda path: path.stat().st_size)
        answers = sum(len(json.loads(path.read_text(encoding="utf-8"))["answers"]) for path in files)
        totals = [totals[0] + raw, totals[1] + gz, totals[2] + br]
        name = f"{data_path.parent.name}/{data_path.stem}"
        print(f"   {name:<44}{len(files):>6}{answers:>8}{raw:>12,}{gz:>10,}{br:>9,}{largest.stat().st_size:>13,}"
              f"{wire_sizes([largest])[2]:>8,}")
    print(f"   {'all examples (' + str(len(seen)) + ')':<58}{totals[0]:>12,}{totals[1]:>10,}{totals[2]:>9,}")


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
        if not Path(CHROMIUM).exists():
            print(f"-- browser figures skipped: {CHROMIUM} is missing (`make chromium`)")
            return 0
        (SITE / "static" / "engine").mkdir(parents=True, exist_ok=True)
        (SITE / "static" / "engine" / "bench-ready.mjs").write_text(READY_WORKER, encoding="utf-8")
        (SITE / "static" / "engine" / "bench-snapshot.mjs").write_text(SNAPSHOT_WORKER, encoding="utf-8")
        from playwright.sync_api import sync_playwright

        server, origin = serve(SITE, SiteHandler)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                browser.new_context().close()
                bench_bytes(browser, origin, SITE)
                apart, apart_origin = serve_apart(SITE)
                try:
                    bench_first_step(browser, apart_origin, runs + 2)
                finally:
                    apart.terminate()
                    apart.wait()
                bench_engine_ready(browser, origin, SITE, runs)
                bench_cold_what_if(browser, SITE)
                bench_shipped_what_if(browser, SITE)
                browser.close()
        finally:
            server.shutdown()
        shutil.rmtree(SITE, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
