"""Pope Joan's play page in Chromium: a whole round played to its end by clicking legal
moves only, the turn-up face up on the stock for everyone, in French on a wide screen and
in English on a small one; with the Pope breaking a stop, the reader plays it, or keeps it,
by its controls."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_play import SCREENSHOTS, play_round, start, state, table  # noqa: F401 (table is a fixture)
from test_play_nain_jaune import until_offered

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


STAND_IN = {"en": re.compile(r"in place of the missing card$"), "fr": re.compile(r"à la place de la carte manquante$")}
KEEP = {"en": "let the stop stand", "fr": "accepter l’arrêt"}
TOLD = {("en", "stand"): "in place of the ten", ("fr", "keep"): "et l’arrêt demeure"}


@pytest.mark.parametrize(("lang", "width", "players", "seed", "choice"), [("en", 1280, 4, 1, "stand"), ("fr", 375, 3, 3, "keep")])
def test_with_the_pope_breaking_a_stop_the_reader_plays_or_keeps_it_by_its_controls(table, lang, width, players, seed, choice):  # noqa: F811
    page = table(lang, "pope_joan", width=width)
    start(page, lang, players=players, seed=seed, options=["pope_any_time"])
    moves = page.locator(".play-moves")
    stand = moves.get_by_role("button", name=STAND_IN[lang])
    keep = moves.get_by_role("button", name=KEEP[lang], exact=True)
    # (A reader who stopped the run leads or plays the Pope: to keep it is to lead. The other
    # holders are asked with both controls.)
    until_offered(page, lang, stand if choice == "stand" else keep)
    expect(stand).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"play-pope_joan-pope-{width}-{lang}.png"))  # the controls, on the first screen
    (stand if choice == "stand" else keep).click()
    expect(page.locator(".play-log li").filter(has_text=re.compile(r"9 (of diamonds|de carreau)"))).not_to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / f"play-pope_joan-pope-{choice}-{width}-{lang}.png"))  # its effect
    play_round(page, lang)
    assert state(page) in ("next-round", "over")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.errors
