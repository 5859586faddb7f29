"""Pope Joan's play page in Chromium: a whole round played to its end by clicking legal
moves only, the turn-up face up on the stock for everyone, in French on a wide screen and
in English on a small one."""

from __future__ import annotations

from playwright.sync_api import expect
from test_play import SCREENSHOTS, play_round, start, state, table  # noqa: F401 (table is a fixture)

def test_a_round_of_pope_joan_played_to_its_end_with_the_turn_up_on_the_stock(table):  # noqa: F811
    page = table("fr", "pope_joan")
    start(page, "fr", players=4, seed=3)
    turned = page.locator(".widow .turn-up .pcard")
    expect(turned).to_have_count(1)
    expect(page.locator(".widow .turn-up-caption")).to_contain_text("atout")
    phases: set[str] = set()
    decisions = play_round(page, "fr", phases)
    assert decisions > 0 and phases == {"stops"}
    assert state(page) in ("next-round", "over")
    log = page.locator(".play-log").text_content()
    assert "retourne la dernière carte du paquet" in log  # the turn-up is told
    assert "sa dernière carte" in log  # someone went out: the round is over
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-pope_joan-1280-fr.png"), full_page=True)
    assert not page.errors


def test_a_round_of_pope_joan_for_three_on_a_small_screen(table):  # noqa: F811
    page = table("en", "pope_joan", width=375)
    start(page, "en", players=3, seed=8)
    expect(page.locator(".widow .turn-up .pcard")).to_have_count(1)
    play_round(page, "en")
    assert state(page) in ("next-round", "over")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways at 375 px ({width} px)"
    page.screenshot(path=str(SCREENSHOTS / "play-pope_joan-375-en.png"), full_page=True)
    assert not page.errors
