"""The whole site, page by page, in every language, as a reader on a phone and on a laptop:
no console error or warning, no request to another origin, nothing refused by the
Content-Security-Policy, nothing wider than a 375 px screen, and no serious or critical
accessibility finding (axe-core) at 375 and 1280 px. Then an example steps and a "What if?"
plays under the policy."""

import re

import pytest
from playwright.sync_api import expect

from site_build.policy import META_POLICY

from axe import serious_findings
from conftest import ENGINE_TIMEOUT_MS, Watched
from reader import draw_every_example, step_next, wait_ready, what_if

LANGUAGES = ("es", "en", "fr")
WIDTHS = (375, 1280)
OVERFLOW = """() => {
    const wide = [...document.querySelectorAll("body *")].filter((node) =>
        !node.closest(".table-scroll, .board-scroll") && node.getBoundingClientRect().right > innerWidth + 1);
    return {page: document.documentElement.scrollWidth - innerWidth,
            nodes: wide.slice(0, 5).map((node) => `${node.tagName.toLowerCase()}.${node.className}`)};
}"""


def pages_of(site, lang):
    return sorted(p.relative_to(site).as_posix() for p in (site / lang).rglob("*.html"))


def settle(page):
    """Loaded, and every live example drawn where the page has any."""
    page.wait_for_load_state("load")
    if page.locator(".example-box[data-example]").count():
        wait_ready(page)
        draw_every_example(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_clean_fits_a_phone_and_passes_axe_at_both_widths(served, browser, built_site, lang):
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 800})
    problems = []
    try:
        watched = Watched(context.new_page())
        page = watched.page
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        for path in pages_of(built_site, lang):
            page.set_viewport_size({"width": WIDTHS[0], "height": 800})
            page.goto(served.url(path))
            settle(page)
            overflow = page.evaluate(OVERFLOW)
            if overflow["page"] > 0 or overflow["nodes"]:
                problems.append(f"{path}: wider than {WIDTHS[0]} px by {overflow['page']} px: {overflow['nodes']}")
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 800})
                problems += [f"{path} at {width} px: {finding}" for finding in serious_findings(page)]
            problems += [f"{path}: console error: {text}" for text in watched.errors]
            problems += [f"{path}: console warning: {text}" for text in watched.warnings]
            watched.errors.clear()
            watched.warnings.clear()
        others = sorted({url for url in watched.requests if not url.startswith(served.origin + "/")})
        problems += [f"request to another origin: {url}" for url in others]
    finally:
        context.close()
    assert problems == []


def test_the_root_page_sends_the_reader_on_and_reads_well_without_its_script(served, browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        page = context.new_page()
        page.route("**/choose-language.js", lambda route: route.abort())  # as without JavaScript: no redirect
        page.goto(served.url("index.html"))
        assert page.get_by_role("link", name="English").count() == 1
        assert serious_findings(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()
    context = browser.new_context()
    try:
        watched = Watched(context.new_page())
        watched.page.goto(served.url("index.html"))
        watched.page.wait_for_url("**/*/index.html")
        assert watched.page.url.rsplit("/", 2)[-2] in LANGUAGES
        assert watched.errors == [] and watched.warnings == []
    finally:
        context.close()


def test_an_example_steps_and_a_what_if_plays_under_the_policy(served, open_page):
    watched = open_page(served.url("fr/michigan.html"), width=375, height=800)
    page = watched.page
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy == META_POLICY
    expect(step_next(page, served.root, "fr", "nine-of-diamonds")).to_have_text(re.compile(r"\b1\b.*\b5\b"))
    what_if(page, served.root, "fr", "nine-of-diamonds")
    assert watched.errors == [] and watched.warnings == []
    assert all(url.startswith(served.origin + "/") for url in watched.requests)
