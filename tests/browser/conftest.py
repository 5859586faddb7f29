"""The built site in a real browser: Debian's Chromium driven by Playwright.

The site is built once, WITH the engine (Pyodide + the wheel in pyodide/), into a temporary
folder and served by a threaded http.server on 127.0.0.1 (a free port) inside the test
process. The wheel is $STOPS_WHEEL when set (`make test` sets it), else one built from the
working tree. Missing Chromium, Node's pyodide or pyodide-build skip the tests on a
developer's machine and fail them under CI (CI=true), where `make test` installs them.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
for path in (REPO, REPO / "engine"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from sites import site_with_engine  # noqa: E402
from site_build.serve import SiteHandler, site_server  # noqa: E402

# Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs
# headless): the same Blink as /usr/bin/chromium without the browser's user interface, it takes about
# a quarter less CPU for the same pages, and the browser tests are what a 2-core machine waits for.
# STOPS_CHROMIUM names another binary (/usr/bin/chromium, to see a failure in the full browser).
CHROMIUM = os.environ.get("STOPS_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell")
# --liftoff-only: V8 runs the engine's WebAssembly with its baseline compiler only, as it does
# at first, without compiling the hot functions again with TurboFan in the background. The
# code means the same; the tests start Pyodide in some hundred pages and play a few moves in
# each, where that second compilation costs more CPU than it saves (the browser tests took
# about 7 % less CPU with it, test_play.py 20 % less).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--js-flags=--liftoff-only"]
# Pyodide starts in a few seconds here; the limit is for a loaded machine (a wait ends as soon as
# its condition holds, so a long limit costs nothing when the machine is quiet).
ENGINE_TIMEOUT_MS = 120_000
# Every expect() waits that long too, not Playwright's 5 s: a condition that follows an engine
# answer (a hint's table, a bot's move) can take longer than 5 s on a busy machine, and a wait
# that holds ends at once.
expect.set_options(timeout=ENGINE_TIMEOUT_MS)
# The page's own limits (the engine client's load stall, start-up and request timeouts) are
# stretched this many times in every test page, so that a machine busy with other work fails no
# load; a test of those limits sets its own scale (``time_scale``). STOPS_ENGINE_TIME_SCALE overrides.
TIME_SCALE = float(os.environ.get("STOPS_ENGINE_TIME_SCALE", "4"))


def time_scale(scale: float) -> str:
    """An init script that sets the page's engine time scale (site/static/engine/client.mjs)."""
    return f"globalThis.stopsEngineTimeScale = {float(scale)!r};"


def missing(what: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{what} (CI=true: `make test` should have set it up)", pytrace=False)
    pytest.skip(what)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    given = os.environ.get("STOPS_WHEEL")
    if given:
        path = Path(given)
        assert path.is_file(), f"STOPS_WHEEL={given} does not exist"
        return path
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out),
                           str(REPO)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"building the wheel failed:\n{proc.stdout}\n{proc.stderr}"
    (found,) = sorted(out.glob("stops-*-py3-none-any.whl"))
    return found


@pytest.fixture(scope="session")
def built_site(wheel, tmp_path_factory) -> Path:
    if not (REPO / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        missing("node_modules/pyodide is missing: run `make node`")
    if not (Path(sys.executable).parent / "pyodide").exists():
        missing("pyodide-build is not installed in the venv (dev extra)")
    # Built once for the run, shared by every xdist worker and by the site tests (the engine's
    # memory snapshot alone takes a Pyodide start under Node).
    return site_with_engine(tmp_path_factory, wheel)


class CutOff(SiteHandler):
    """The site's handler, which answers nothing once its server is cut (``Served.close``): a
    connection the browser keeps alive (HTTP/1.1) would otherwise go on being served."""

    def parse_request(self):
        if getattr(self.server, "cut", False):
            self.close_connection = True
            return False
        return super().parse_request()


class Served:
    def __init__(self, root: Path):
        self.root = root
        self.server = site_server(root, 0)
        self.server.RequestHandlerClass = functools.partial(CutOff, directory=str(root))
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"{self.origin}/{path}"

    def close(self):
        """The network cut: no new connection, and the open ones answer nothing."""
        self.server.cut = True
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def served(built_site):
    server = Served(built_site)
    yield server
    server.close()


@pytest.fixture(scope="session", params=["snapshot", "wheel"])
def tampered(request, built_site, tmp_path_factory):
    """A copy of the site whose engine no longer matches the sha256 the build gave it: the
    memory snapshot (pyodide/engine.json), or, in a site built without one, the wheel (the
    lockfile)."""
    root = tmp_path_factory.mktemp("tampered") / "_site"
    shutil.copytree(built_site, root)
    folder = root / "pyodide"
    manifest = json.loads((folder / "engine.json").read_text())
    if request.param == "snapshot":
        assert manifest["snapshot"], "the build made no memory snapshot"
        target = folder / manifest["snapshot"]["file"]
        for copy in folder.glob(f"{target.name}.*"):
            copy.unlink()  # its compressed copies would still be the build's
    else:
        (folder / "engine.json").write_text(json.dumps({**manifest, "snapshot": None}))
        for copy in folder.glob("engine.json.*"):
            copy.unlink()
        (target,) = folder.glob("stops-*.whl")
    data = bytearray(target.read_bytes())
    data[-1] ^= 0xFF  # one byte at the end (the zip's end record): same size, another sha256
    target.write_bytes(bytes(data))
    server = Served(root)
    server.tampered = request.param
    yield server
    server.close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} is missing: run `make chromium`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield Scaled(chromium)
        chromium.close()


class Scaled:
    """The browser, every new context's pages running the engine client at TIME_SCALE (an init
    script added before any other; a later one of the test's own, from ``time_scale``, wins),
    with service workers blocked unless the context asks for them."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        # No service worker unless a test asks for one (service_workers="allow"): the site's
        # worker keeps every language's pages, some 250 files fetched in the background of every
        # fresh context, work for both cores that no other test looks at.
        options.setdefault("service_workers", "block")
        context = self._browser.new_context(**options)
        context.add_init_script(time_scale(TIME_SCALE))
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


# A Content-Security-Policy violation in the page becomes a console error, so that every
# test that asserts "no console error" also asserts "nothing the policy refused".
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile}:${event.lineNumber}`);
});
"""


# What Playwright itself logs in a page whose context blocks service workers (the default here,
# see Scaled): the harness's words, not the site's.
SERVICE_WORKER_BLOCKED = "Service Worker registration blocked by Playwright"


class Watched:
    """A page with every request, response and console message recorded."""

    def __init__(self, page):
        self.page = page
        self.requests: list[str] = []
        self.responses = []
        self.errors: list[str] = []
        self.warnings: list[str] = []
        page.add_init_script(REPORT_CSP_VIOLATIONS)
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("response", lambda response: self.responses.append(response))
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _console(self, message):
        if message.type == "error":
            self.errors.append(message.text)
        elif message.type == "warning" and message.text != SERVICE_WORKER_BLOCKED:
            self.warnings.append(message.text)


def poll(check, what: str, timeout_ms: int = ENGINE_TIMEOUT_MS, every_ms: int = 50):
    """Wait until ``check()`` is true (a condition read from Python, for what ``expect`` cannot
    state: a page's policy forbids the string predicates of ``wait_for_function``); fail naming
    ``what`` after ``timeout_ms``. Returns the last true value."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"still not {what} after {timeout_ms / 1000:.0f} s", pytrace=False)
        time.sleep(every_ms / 1000)


def hang(route):
    """Leave a request unanswered (the context's end cancels it)."""


# The build's first-level "What if?" answers (site_build/what_if.py) routed away, for a test of
# the live engine's own first-level What if? (its loading, its failures, the page's policy):
# each step's file answers as a file of no answers, and the widget asks the engine.
LIVE_WHAT_IF = {"**/what-if/**": lambda route: route.fulfill(
    status=200, content_type="application/json", body='{"format":"stops-what-if","answers":[]}')}


@pytest.fixture
def context(browser):
    """A new browser context of a given size (closed after the test), waiting as long as the engine may take."""
    made = []

    def run(width=1280, height=900):
        made.append(browser.new_context(viewport={"width": width, "height": height}))
        made[-1].set_default_timeout(ENGINE_TIMEOUT_MS)
        return made[-1]

    yield run
    for one in made:
        one.close()


@pytest.fixture
def open_page(browser):
    """Open a page; `engine=False` leaves the engine's files unanswered, so that a test that
    only steps does not load Pyodide when the first interaction starts the worker."""
    contexts = []

    def run(url: str, width: int = 1280, height: int = 900, engine: bool = True, wait: bool = True,
            routes: dict | None = None, scale: float | None = None, **options) -> Watched:
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        if scale is not None:  # the page's engine limits as the site has them (1), or shrunk
            context.add_init_script(time_scale(scale))
        if not engine:
            context.route("**/pyodide/**", hang)
        for pattern, handler in (routes or {}).items():
            context.route(pattern, handler)
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        watched = Watched(page)
        page.goto(url)
        if wait:  # expect(), not a string predicate: the site's policy forbids eval in the page
            expect(page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
        return watched

    yield run
    for context in contexts:
        context.close()
