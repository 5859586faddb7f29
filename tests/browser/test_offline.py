"""Offline after the first visit: the service worker keeps this build's pages, assets and
catalog, and once the engine has run (a hint) the Pyodide runtime and the engine wheel; with the
server gone, a second visit reads, steps, asks "What if?" and a hint again, and plays on the
play page. A new build replaces the old build's cache."""

import json
import re
import shutil

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS, Served, Watched
from reader import label, step_next, wait_ready, what_if, widget
from test_play import start, wait_for_reader_or_end

NINE = "nine-of-diamonds"
CACHED = """async () => {
    const kept = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        kept[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return kept;
}"""


def kept(page) -> dict[str, list[str]]:
    return page.evaluate(CACHED)


def cache_names(page) -> list[str]:
    """The caches' names alone. Opening a cache by name makes it again when a worker has just
    deleted it, so a wait for a cache to go away reads the names and opens nothing."""
    return page.evaluate("caches.keys()")


def wait_for(page, expression: str, timeout_ms: int = ENGINE_TIMEOUT_MS):
    """Poll an expression with evaluate (a string predicate would need eval, which the policy forbids)."""
    for _ in range(timeout_ms // 100):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {expression}")


def wait_for_caches(page, condition, timeout_ms: int = ENGINE_TIMEOUT_MS, read=kept):
    """Poll the page's caches, as `read` gives them (`kept`, or `cache_names`), until
    `condition(caches)` holds (wait_for_function does not await a promise)."""
    for _ in range(timeout_ms // 100):
        caches = read(page)
        if condition(caches):
            return caches
        page.wait_for_timeout(100)
    raise AssertionError(f"the caches never became ready: {caches}")


def site_cache(caches: dict) -> list[str]:
    (name,) = [name for name in caches if name.startswith("stops-site-")]
    return caches[name]


def wait_until_offline_ready(page, lang: str, pages: int):
    """The worker controls the page and holds every page of `lang` (it fetches them in the background)."""
    wait_for(page, "navigator.serviceWorker.controller !== null")
    wait_for_caches(page, lambda caches: any(
        len([p for p in paths if p.startswith(f"/{lang}/") and p.endswith(".html")]) >= pages
        for name, paths in caches.items() if name.startswith("stops-site-")))


@pytest.fixture
def own_server(built_site):
    """A server of its own, which the test may stop to cut the network."""
    server = Served(built_site)
    yield server
    server.close()


def test_a_second_visit_reads_steps_plays_what_if_hints_and_the_play_page_with_the_network_cut(own_server, browser, built_site):
    context = browser.new_context(service_workers="allow")
    try:
        first = Watched(context.new_page())
        first.page.set_default_timeout(ENGINE_TIMEOUT_MS)
        first.page.goto(own_server.url("en/michigan.html"))
        pages = len(list((built_site / "en").rglob("*.html")))  # the play pages and the examples' own too
        wait_until_offline_ready(first.page, "en", pages)
        wait_ready(first.page)
        what_if(first.page, built_site, "en", NINE)  # the build's answer, kept for the second visit
        # A hint: the engine itself, kept the first time it runs.
        box = first.page.locator(f"#{NINE} .widget")
        box.get_by_role("button", name=label(built_site, "en", "Back to the book line")).click()
        box.get_by_role("button", name=label(built_site, "en", "Hint")).click()
        expect(box.locator(".w-hint-table tbody tr").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        caches = kept(first.page)
        engine = [name for name in caches if name.startswith("stops-engine-")]
        assert len(engine) == 1 and len(caches) == 2
        assert {"/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip"} <= set(caches[engine[0]])
        # The engine itself: its memory snapshot (the worker starts from it), or the wheel.
        snapshot = json.loads((built_site / "pyodide" / "engine.json").read_text())["snapshot"]
        if snapshot:
            assert f"/pyodide/{snapshot['file']}" in caches[engine[0]]
        else:
            assert any(path.endswith(".whl") for path in caches[engine[0]])
        assert first.errors == []

        own_server.close()  # the network is cut: nothing answers on this origin any more
        asked = []  # every request of the pages, their workers and the service worker
        context.on("request", lambda request: asked.append(request.url))
        second = Watched(context.new_page())
        second.page.set_default_timeout(ENGINE_TIMEOUT_MS)
        second.page.goto(own_server.url("en/tripoli.html"))  # never opened, kept in the background
        assert second.page.get_by_role("heading", level=1).inner_text() == "Tripoli"
        second.page.goto(own_server.url("en/michigan.html"))
        wait_ready(second.page)
        expect(step_next(second.page, built_site, "en", NINE)).to_have_text("Step 1 of 5")
        what_if(second.page, built_site, "en", NINE)
        # A hint, offline: the engine answers from the cache.
        box = second.page.locator(f"#{NINE} .widget")
        box.get_by_role("button", name=label(built_site, "en", "Back to the book line")).click()
        box.get_by_role("button", name=label(built_site, "en", "Hint")).click()
        expect(box.locator(".w-hint-table tbody tr").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        # The engine's worker read the runtime from the cache engine.json names, without a
        # request to the service worker for it: only the manifest was asked.
        runtime = {url.rsplit("/", 1)[1] for url in asked if "/pyodide/" in url}
        assert "engine.json" in runtime and not runtime & {"pyodide.asm.wasm", "python_stdlib.zip", "engine.snapshot"}, runtime
        # The play page, never opened before, kept in the background: a session starts and
        # the reader plays and asks a hint, with the network still cut.
        second.page.goto(own_server.url("en/michigan/play/"))
        expect(second.page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
        start(second.page, "en", players=3, seed=2)
        assert wait_for_reader_or_end(second.page) == "reader"
        log = second.page.locator(".play-log li")
        before = log.count()
        second.page.get_by_role("button", name="Hint", exact=True).click()
        expect(second.page.locator(".hint-table tbody tr").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        second.page.locator(".play-moves button:enabled").first.click()
        expect(log).not_to_have_count(before)
        assert second.errors == []
    finally:
        context.close()


def test_a_new_build_replaces_the_old_builds_cache(browser, built_site, tmp_path):
    from site_build.offline import write_service_worker
    from site_build.site import Sources

    root = tmp_path / "_site"
    shutil.copytree(built_site, root, ignore=shutil.ignore_patterns("pyodide"))
    server = Served(root)
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(server.url("en/glossary.html"))
        wait_until_offline_ready(page, "en", 1)
        old = [name for name in kept(page) if name.startswith("stops-site-")]

        # The next build: one page changed (and its compressed copies gone), a new sw.js.
        glossary = root / "en" / "glossary.html"
        glossary.write_text(glossary.read_text().replace("</h1>", " (new build)</h1>", 1))
        for copy in [*root.glob("en/glossary.html.*"), *root.glob("sw.js.*")]:
            copy.unlink()
        write_service_worker(root, Sources().service_worker)

        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        wait_for_caches(page, lambda names: old[0] not in names and any(name.startswith("stops-site-") for name in names),
                        read=cache_names)
        page.reload()
        assert page.get_by_role("heading", level=1).inner_text().endswith("(new build)")
        assert [name for name in kept(page) if name.startswith("stops-site-")] != old
    finally:
        context.close()
        server.close()


def every_language(built_site) -> set[str]:
    """Every file of the three language folders (pages, play pages, examples' data, catalogs), as the worker keeps them."""
    return {f"/{path.relative_to(built_site).as_posix()}" for lang in ("es", "en", "fr")
            for path in (built_site / lang).rglob("*") if path.is_file() and path.suffix not in (".br", ".gz")}


def first_example(built_site, lang: str, page: str) -> str:
    return re.search(r'<div class="example-box" id="([^"]+)"', (built_site / lang / page).read_text(encoding="utf-8")).group(1)


def steps_offline(page, server, built_site, lang: str, name: str) -> None:
    """A rules page opened with the network cut: its first example's table steps."""
    page.goto(server.url(f"{lang}/{name}"))
    wait_ready(page)
    example = first_example(built_site, lang, name)
    summary = page.locator(f"#{example} details > summary")
    if summary.count():  # a collapsed example opens on its summary
        summary.click()
    counter = widget(page, example).locator(".w-counter")
    before = counter.inner_text()
    step_next(page, built_site, lang, example)
    expect(counter).not_to_have_text(before)


def test_after_one_english_visit_every_language_opens_offline_and_an_address_not_kept_gets_the_offline_page_in_its_language(
        own_server, browser, built_site):
    """The service worker keeps every language's pages, play pages and catalogs after one visit
    in any language, and answers an address it has not kept with the offline page in the
    reader's language: the address's, else the browser's."""
    context = browser.new_context(locale="fr-FR", service_workers="allow")
    try:
        first = Watched(context.new_page())
        first.page.set_default_timeout(ENGINE_TIMEOUT_MS)
        first.page.goto(own_server.url("en/michigan.html"))
        wait_for(first.page, "navigator.serviceWorker.controller !== null")
        wanted = every_language(built_site)
        wait_for_caches(first.page, lambda caches: wanted <= set(site_cache(caches)))
        wait_ready(first.page)
        # One step: the engine is fetched ahead, and kept as it arrives (ready: every file kept).
        expect(step_next(first.page, built_site, "en", NINE)).to_have_text("Step 1 of 5")
        wait_for(first.page, "import('../static/engine/client.mjs').then((m) => m.pageEngine().status.state === 'ready')")
        assert first.errors == []

        own_server.close()  # the network is cut
        second = Watched(context.new_page())
        second.page.set_default_timeout(ENGINE_TIMEOUT_MS)
        second.page.goto(own_server.url("fr/index.html"))
        for lang, name in (("fr", "pope_joan.html"), ("es", "rummoli.html"), ("es", "michigan.html")):
            steps_offline(second.page, own_server, built_site, lang, name)
        for lang, game in (("es", "michigan"), ("fr", "pope_joan")):
            second.page.goto(own_server.url(f"{lang}/{game}/play/"))
            expect(second.page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
            start(second.page, lang, seed=2)
            assert wait_for_reader_or_end(second.page) in ("reader", "next-round", "over")
        assert second.errors == []

        # An address never kept: the offline page, in the address's language, else the browser's (fr-FR).
        for path, lang, heading in (("fr/pas-ici.html", "fr", "Vous êtes hors ligne"),
                                    ("es/michigan/play/otra/", "es", "Sin conexión"),
                                    ("en/examples/none.html", "en", "You are offline"),
                                    ("nowhere/at/all.html", "fr", "Vous êtes hors ligne")):
            response = second.page.goto(own_server.url(path))
            assert response.status == 503
            expect(second.page.locator("html")).to_have_attribute("lang", lang)
            expect(second.page.get_by_role("heading", level=1)).to_have_text(heading)
        # Its links lead to the pages kept, which open: here Pope Joan's rules, in French.
        second.page.locator(".offline-pages").get_by_role("link", name="Pope Joan", exact=True).click()
        expect(second.page.get_by_role("heading", level=1)).to_have_text("Pope Joan")
        assert second.page.url == own_server.url("fr/pope_joan.html")
    finally:
        context.close()
