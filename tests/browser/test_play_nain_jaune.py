"""Nain Jaune on the play page in Chromium: a whole round played by clicking legal moves
only (in French at 1280 px, in Spanish on a 375 px touch screen), the passes and the talon
told in the log; screenshots of the play page and of the rules page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_play import SCREENSHOTS, play_round, start, state, table  # noqa: F401 (table is a fixture)


def test_the_form_offers_two_players_only_under_the_two_players_rule(table):
    page = table("en", "nain_jaune")
    count = page.get_by_label("Number of players")
    two = count.locator("option[value='2']")
    expect(two).to_be_disabled()
    rule = page.get_by_role("checkbox", name="Two players")
    rule.check()
    expect(two).to_be_enabled()
    count.select_option("2")
    rule.uncheck()  # three at least again: the count comes up to three
    expect(count).to_have_value("3")
    expect(two).to_be_disabled()
    rule.check()
    count.select_option("2")
    page.locator("#setup-seed").fill("4")
    page.get_by_role("button", name="Start the session").click()
    expect(page.locator(".play-table")).to_be_visible()
    assert page.locator(".play-error").is_hidden(), page.locator(".play-error").text_content()
    expect(page.locator(".play-table .seat")).to_have_count(2)
    assert not page.errors


def test_a_round_of_nain_jaune_in_french_by_clicking_legal_moves(table):
    page = table("fr", "nain_jaune")
    start(page, "fr", players=4, seed=3)
    phases: set[str] = set()
    decisions = play_round(page, "fr", phases)
    assert phases == {"stops"} and decisions > 0
    assert state(page) in ("next-round", "over")
    log = page.locator(".play-log")
    expect(log).to_contain_text("talon")
    expect(log).to_contain_text(re.compile(r"annonce «\s?sans \w+\s?» et passe"))
    expect(page.locator(".ledger-table tbody tr")).to_have_count(1)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-nain_jaune-1280-fr.png"), full_page=True)
    assert not page.errors


def test_a_round_of_nain_jaune_on_a_small_touch_screen_in_spanish(table):
    page = table("es", "nain_jaune", width=375, touch=True)
    start(page, "es", players=3, seed=5)
    play_round(page, "es", how="tap")
    assert state(page) in ("next-round", "over")
    expect(page.locator(".play-log")).to_contain_text("pasa: no tiene")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways at 375 px ({width} px)"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-nain_jaune-375-es.png"), full_page=True)
    assert not page.errors


def test_the_rules_page_shows_the_board_and_the_examples(browser, served):
    for lang, width in (("fr", 1280), ("es", 375), ("en", 375), ("fr", 375)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(served.url(f"{lang}/nain_jaune.html"))
        expect(page.locator("svg.board-picture-nain_jaune")).to_be_visible()
        expect(page.locator("section.example").first).to_be_visible()
        assert page.locator("section.example").count() >= 3  # the three worked examples, and the editor's
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"rules-nain_jaune-{width}-{lang}.png"))  # the first screen
        context.close()
