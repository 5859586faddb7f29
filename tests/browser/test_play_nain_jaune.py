"""Nain Jaune on the play page in Chromium: a whole round played by clicking legal moves
only (in French at 1280 px, in Spanish on a 375 px touch screen), the passes and the talon
told in the log; with the Stop at will option, the reader stops by its control; screenshots
of the play page and of the rules page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_play import (SCREENSHOTS, play_round, reader_move, start, state, table,  # noqa: F401 (table is a fixture)
                       wait_for_reader_or_end)


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


STOP = {"en": "stop", "es": "pararse", "fr": "s’arrêter"}
STOPPED = {"en": "could play on but stops", "es": "podría seguir, pero se para", "fr": "pourrait continuer mais s’arrête"}


def until_offered(page, lang, control, how="click"):
    """The reader's moves (their first legal card) until ``control`` is offered to them."""
    for _ in range(60):
        assert wait_for_reader_or_end(page) == "reader", "the round ended before the reader was offered the move"
        if control.count():
            expect(control).to_be_visible()
            return
        before = page.locator(".play-log li").count()
        reader_move(page, lang, False, how)
        expect(page.locator(".play-log li")).not_to_have_count(before)
    raise AssertionError("the move was never offered")


@pytest.mark.parametrize(("lang", "width", "players", "seed"), [("fr", 1280, 4, 1), ("es", 375, 3, 1)])
def test_with_stop_at_will_the_reader_stops_by_the_stop_control_and_the_turn_passes(table, lang, width, players, seed):
    touch = width < 600
    page = table(lang, "nain_jaune", width=width, touch=touch)
    start(page, lang, players=players, seed=seed, options=["may_stop"])
    stop = page.locator(".play-moves").get_by_role("button", name=STOP[lang], exact=True)
    until_offered(page, lang, stop, "tap" if touch else "click")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"play-nain_jaune-stop-{width}-{lang}.png"))  # the control, on the first screen
    stop.tap() if touch else stop.click()
    told = page.locator(".play-log li", has_text=STOPPED[lang])
    expect(told).to_have_count(1)
    page.screenshot(path=str(SCREENSHOTS / f"play-nain_jaune-stopped-{width}-{lang}.png"))  # its effect, without scrolling
    play_round(page, lang, how="tap" if touch else "click")
    assert state(page) in ("next-round", "over")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.errors


def test_the_stop_at_will_example_offers_the_stop_in_what_if_and_names_the_one_it_plays(browser, served):
    # The widget draws the engine's legal moves: at a step where the book line plays a card, the
    # stop is one of the other moves; where it stops, the question names the stop. The first
    # level of What if? is the build's answer (no engine).
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(served.url("en/examples/nain_jaune/stop-at-will.html"))
    box = page.locator("#stop-at-will .widget")
    expect(page.locator("#stop-at-will")).to_have_attribute("data-widget", "ready", timeout=60_000)
    box.get_by_role("button", name="Next", exact=True).click()  # A has led the 7♣; the book line plays the 8♥
    what_if = box.get_by_role("button", name="What if?", exact=True)
    what_if.click()
    choices = box.locator(".w-choices")
    stop = choices.get_by_role("button", name="stop", exact=True)
    expect(stop).to_be_visible()
    box.get_by_role("button", name="Next", exact=True).click()  # the book line's stop is the next move
    expect(box.locator(".w-question")).to_contain_text("A's move here: stop.")
    stop_then = choices.get_by_role("button", name=re.compile("9 of spades"))
    expect(stop_then).to_be_visible()  # the card A keeps, another line
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "example-nain_jaune-stop-1280-en.png"))
    box.get_by_role("button", name="Next", exact=True).click()
    expect(box.locator(".w-now")).to_contain_text("could play on but stops")
    context.close()
