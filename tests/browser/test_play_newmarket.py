"""Newmarket on its play page in Chromium: a whole round with free staking and the dummy
sale, played by clicking legal moves only (the reader stakes, may swap or buy the dummy,
and plays cards), to the end of the round; and the page fits a phone."""

from __future__ import annotations

from playwright.sync_api import expect

from test_play import SCREENSHOTS, play_round, start, state, table  # noqa: F401  (table is a fixture)


def test_a_round_of_newmarket_with_free_stakes_and_the_dummy_for_sale_to_the_end_of_the_session(table):
    page = table("en", "newmarket")
    form = page.locator(".setup-form")
    form.locator("#option-staking").select_option("free")
    start(page, "en", players=4, seed=3, options=["dummy_sale"])
    phases: set[str] = set()
    play_round(page, "en", phases)
    # The reader sits left of the first dealer or later: they stake, and they play cards.
    assert {"staking", "stops"} <= phases
    log = page.locator(".play-log")
    expect(log).to_contain_text("stakes 1 chip on")
    expect(log).to_contain_text("dummy")
    assert state(page) in ("next-round", "over")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-newmarket-1280-en.png"), full_page=True)
    assert not page.errors


def test_the_newmarket_play_page_fits_a_phone_in_french(table):
    page = table("fr", "newmarket", width=375)
    start(page, "fr", players=3, seed=5)
    play_round(page, "fr")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways at 375 px ({width} px)"
    expect(page.locator(".play-log")).to_contain_text("veuve")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-newmarket-375-fr.png"), full_page=True)
    assert not page.errors


def test_a_table_with_the_kitty_draws_the_kitty_on_its_board_and_the_first_player_out_takes_it(table):
    # The board is the one of the table's own rules: the Kitty is a section only with its option.
    page = table("en", "newmarket")
    start(page, "en", players=3, seed=2, options=["kitty"])
    kitty = page.locator(".pot[data-section=kitty]")
    expect(kitty).to_be_visible()
    expect(kitty).to_have_attribute("aria-label", "Kitty: 3 chips")
    play_round(page, "en", set())
    expect(page.locator(".play-log")).to_contain_text("the Kitty")
    assert not page.errors
