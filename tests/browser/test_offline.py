"""Offline after the first visit: the service worker keeps this build's pages, assets and
catalog, and after the first "What if?" the Pyodide runtime and the engine wheel; with the
server gone, a second visit reads, steps and asks "What if?" again. A new build replaces
the old build's cache."""

import shutil

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS, Served, Watched
from reader import step_next, wait_ready, what_if

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


def wait_for(page, expression: str, timeout_ms: int = ENGINE_TIMEOUT_MS):
    """Poll an expression with evaluate (a string predicate would need eval, which the policy forbids)."""
    for _ in range(timeout_ms // 100):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {expression}")


def wait_for_caches(page, condition, timeout_ms: int = ENGINE_TIMEOUT_MS):
    """Poll the page's caches until `condition(caches)` holds (wait_for_function does not
    await a promise)."""
    for _ in range(timeout_ms // 100):
        caches = kept(page)
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
    page.wait_for_function(f"""async () => {{
        for (const name of await caches.keys()) {{
            if (!name.startsWith("stops-site-")) continue;
            const paths = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
            return paths.filter((p) => p.startsWith("/{lang}/") && p.endsWith(".html")).length >= {pages};
        }}
        return false;
    }}""", polling=100)


@pytest.fixture
def own_server(built_site):
    """A server of its own, which the test may stop to cut the network."""
    server = Served(built_site)
    yield server
    server.close()


def test_a_second_visit_reads_steps_and_plays_what_if_with_the_network_cut(own_server, browser, built_site):
    context = browser.new_context()
    try:
        first = Watched(context.new_page())
        first.page.set_default_timeout(ENGINE_TIMEOUT_MS)
        first.page.goto(own_server.url("en/michigan.html"))
        pages = len(list((built_site / "en").glob("*.html")))
        wait_until_offline_ready(first.page, "en", pages)
        wait_ready(first.page)
        what_if(first.page, built_site, "en", NINE)
        caches = kept(first.page)
        engine = [name for name in caches if name.startswith("stops-engine-")]
        assert len(engine) == 1 and len(caches) == 2
        assert {"/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip"} <= set(caches[engine[0]])
        assert any(path.endswith(".whl") for path in caches[engine[0]])
        assert first.errors == []

        own_server.close()  # the network is cut: nothing answers on this origin any more
        second = Watched(context.new_page())
        second.page.set_default_timeout(ENGINE_TIMEOUT_MS)
        second.page.goto(own_server.url("en/tripoli.html"))  # never opened, kept in the background
        assert second.page.get_by_role("heading", level=1).inner_text() == "Tripoli"
        second.page.goto(own_server.url("en/michigan.html"))
        wait_ready(second.page)
        expect(step_next(second.page, built_site, "en", NINE)).to_have_text("Step 1 of 5")
        what_if(second.page, built_site, "en", NINE)
        assert second.errors == []
    finally:
        context.close()


def test_a_new_build_replaces_the_old_builds_cache(browser, built_site, tmp_path):
    from site_build.offline import write_service_worker
    from site_build.site import Sources

    root = tmp_path / "_site"
    shutil.copytree(built_site, root, ignore=shutil.ignore_patterns("pyodide"))
    server = Served(root)
    context = browser.new_context()
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
        wait_for_caches(page, lambda caches: old[0] not in caches and any(n.startswith("stops-site-") for n in caches))
        page.reload()
        assert page.get_by_role("heading", level=1).inner_text().endswith("(new build)")
        assert [name for name in kept(page) if name.startswith("stops-site-")] != old
    finally:
        context.close()
        server.close()
