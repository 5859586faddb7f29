"""Poch on the play page in Chromium: a whole round played by clicking legal moves only —
the trumps held paid at once, the vying (a poch of a chosen size through its number field,
hold or pass), then the stops play to the first player out — in Spanish and in English."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_play import SCREENSHOTS, phase_names, play_round, start, state, table, wait_for_reader_or_end  # noqa: F401

POCH = {"es": re.compile("envida|envite", re.I), "en": re.compile("poch", re.I)}
SETS = {"es": re.compile("juegos", re.I), "en": re.compile("sets are shown|passed", re.I)}


def test_a_round_of_poch_with_the_vying_played_to_the_end_in_spanish(table):
    page = table("es", "poch")
    start(page, "es", players=4, seed=3)
    phases: set[str] = set()
    seen = {}

    def at_vying(page, status, decisions):
        if page.locator(".betting-info").count() and "info" not in seen:
            seen["info"] = page.locator(".betting-info").text_content()
            # The poch of a chosen size is one number field with its limits, named in Poch's words.
            field = page.locator(".bid-control input")
            if field.count():
                expect(field).to_have_attribute("min", "1")
                expect(page.locator(".bid-control label")).to_contain_text(POCH["es"])
        return False

    play_round(page, "es", phases, at_vying)
    assert phases == {"vying", "stops"}  # the melding needs no decision
    assert "Poch" in seen["info"]
    assert state(page) in ("next-round", "over")
    log = page.locator(".play-log")
    expect(log).to_contain_text(re.compile("triunfo", re.I))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-poch-1280-es.png"), full_page=True)
    assert not page.errors


def test_a_round_of_poch_on_a_small_screen_in_english(table):
    page = table("en", "poch", width=375)
    start(page, "en", players=3, seed=5)
    play_round(page, "en")
    assert state(page) in ("next-round", "over")
    expect(page.locator(".play-log")).to_contain_text(re.compile("trumps", re.I))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-poch-375-en.png"), full_page=True)
    assert not page.errors
