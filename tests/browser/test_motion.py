"""prefers-reduced-motion: a reader who asks for less motion gets none. No chip flies, no
card lifts, nothing transitions or spins, on a rules page's example and on the play page;
the same steps with no preference do move (so the checks can fail)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS
from test_play import start, wait_for_reader_or_end

# Every Web Animation the page starts (the chips' flight uses element.animate), counted.
COUNT_ANIMATIONS = """
window.__stopsAnimations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__stopsAnimations += 1; return animate.apply(this, args); };
"""
# Whatever moves by CSS: a transition or an animation on any element shown.
CSS_MOTION = """() => [...document.querySelectorAll("body *")].filter((node) => {
    const style = getComputedStyle(node);
    const moving = style.animationName !== "none" && style.animationDuration !== "0s";
    const sliding = style.transitionDuration.split(",").some((d) => parseFloat(d) > 0);
    return (moving || sliding) && node.getClientRects().length;
}).map((node) => `${node.tagName.toLowerCase()}.${node.className}`).slice(0, 5)"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_rules_page_example_moves_nothing_when_the_reader_asks_for_less_motion(served, browser, motion):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    context.route("**/pyodide/**", lambda route: None)  # stepping only: the engine is not needed
    try:
        page = context.new_page()
        page.add_init_script(COUNT_ANIMATIONS)
        page.goto(served.url("en/michigan.html#nine-of-diamonds"))
        box = page.locator("#nine-of-diamonds .widget")
        expect(box.locator(".pcard.legal").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)  # a card one may play instead
        lifted = box.locator(".pcard.legal").first.evaluate("node => getComputedStyle(node).transform")
        box.get_by_role("button", name="Last", exact=True).click()  # the last steps pay the boxes: chips move
        box.get_by_role("button", name="First", exact=True).click()
        for _ in range(5):
            box.get_by_role("button", name="Next", exact=True).click()
        expect(box.locator(".w-counter")).to_have_text("Step 5 of 5")
        flights = page.evaluate("window.__stopsAnimations")
        if motion == "reduce":
            assert lifted == "none" and flights == 0
            assert page.evaluate(CSS_MOTION) == []
        else:
            assert lifted != "none" and flights > 0
    finally:
        context.close()


def test_the_play_page_moves_nothing_when_the_reader_asks_for_less_motion(served, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        page.add_init_script(COUNT_ANIMATIONS)
        page.goto(served.url("en/michigan/play/"))
        expect(page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
        start(page, "en", players=3, seed=2)
        log = page.locator(".play-log li")
        for _ in range(3):
            if wait_for_reader_or_end(page) != "reader":
                break
            before = log.count()
            page.locator(".play-moves button:enabled").first.click()
            expect(log).not_to_have_count(before)
        assert log.count() > 3, "nothing was played"
        assert page.evaluate("window.__stopsAnimations") == 0
        assert page.evaluate(CSS_MOTION) == []
    finally:
        context.close()
