"""The live example player in Chromium: stepping without the engine, "What if?" with it.

One Pyodide start per test that asks "What if?" (a few seconds each); the module stays
well under 90 s. Screenshots of the player at 1280 and 375 px go to build/screenshots/
($STOPS_SCREENSHOTS) for a person to look at.
"""

import json
import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ENGINE_TIMEOUT_MS = 60_000  # Pyodide starts in a few seconds; this is for a loaded machine
SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", REPO / "build" / "screenshots"))

NINE = "#example-1"  # the 9♦ worked example: the first example of the Michigan page


def current_text(page) -> str:
    return page.locator(f"{NINE} ol.steps > li.step-current").inner_text()


def hand_of(page, player: str) -> str:
    return page.locator(f"{NINE} .player-view table.hands tr", has_text=re.compile(f"^{player}")).locator("td.hand").inner_text()


def ask_what_if(page, card: str):
    box = page.locator(NINE)
    box.locator(".what-if-choice", has_text=card).click()
    expect_busy = box.locator(".what-if-line")
    result = box.locator(".what-if-result, .what-if-status.error")
    result.wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert expect_busy.get_attribute("aria-live") == "polite"
    return box


def test_the_nine_of_diamonds_steps_forward_and_back_a_c_a_b(served, open_page):
    watched = open_page(served.url("en/michigan.html"))
    page = watched.page
    box = page.locator(NINE)
    counter = box.locator(".player-counter")
    assert counter.inner_text() == "Start (5 steps)"
    assert box.locator(".player-now").inner_text().strip().endswith("A is to play.")
    assert "9♦" in hand_of(page, "A")
    assert box.locator("button[data-go=prev]").is_disabled()

    players = []
    for step in range(1, 5):
        box.locator("button[data-go=next]").click()
        assert counter.inner_text() == f"Step {step} of 5"
        players.append(re.match(r"([ABCD]) (?:leads|holds)", current_text(page)).group(1))
        assert box.locator("ol.steps > li[aria-current=step]").count() == 1
    assert players == ["A", "C", "A", "B"]
    # The view after step 4: B has played Q♦ and won its box; K♦ is still in the widow.
    assert "Q♦" not in hand_of(page, "B") and "9♦" not in hand_of(page, "A")
    assert "B wins the Q♦ box: 4 chips." in box.locator(".player-now").inner_text()

    box.locator("button[data-go=prev]").click()
    assert counter.inner_text() == "Step 3 of 5" and current_text(page).startswith("A holds J♦")
    box.locator("button[data-go=prev]").focus()
    page.keyboard.press("ArrowLeft")
    assert counter.inner_text() == "Step 2 of 5" and current_text(page).startswith("C holds 10♦")
    page.keyboard.press("End")
    assert counter.inner_text() == "Step 5 of 5"
    assert "B has played their last card" in box.locator(".player-now").inner_text()
    assert box.locator("button[data-go=next]").is_disabled()
    page.keyboard.press("Home")
    assert counter.inner_text() == "Start (5 steps)"
    assert box.locator(".what-if-choice").all_inner_texts() == ["5♠", "8♥"]
    assert watched.errors == []


def test_what_if_plays_a_new_line_with_the_engine_from_this_site_only(served, open_page):
    watched = open_page(served.url("en/michigan.html"))
    page = watched.page
    assert not any("/pyodide/" in url for url in watched.requests)  # the worker starts lazily
    box = ask_what_if(page, "8♥")
    line = box.locator(".what-if-result")
    assert line.count() == 1, box.locator(".what-if-line").inner_text()
    winner = line.get_attribute("data-winner")
    assert winner in {"A", "B", "C", "D"}
    text = line.inner_text()
    assert text.splitlines()[0].strip().upper() == "ANOTHER LINE, PLAYED BY THE ENGINE"
    first = line.locator("ol.what-if-steps > li").first.inner_text()
    assert first.startswith("A leads 8♥.")
    assert f"The round is over: {winner} went out first." in text
    assert "has played their last card: the round ends at once." in text
    assert line.locator("tr.winner").inner_text().startswith(winner)

    # (c) everything came from the test server: the page, the worker, Pyodide and the wheel.
    assert watched.requests and all(url.startswith(served.origin + "/") for url in watched.requests), \
        [u for u in watched.requests if not u.startswith(served.origin + "/")]
    fetched = {url.rsplit("/", 1)[-1] for url in watched.requests}
    assert {"engine-worker.mjs", "pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json", "python_stdlib.zip",
            (served.root / "pyodide").glob("stops-*.whl").__next__().name} <= fetched
    # (d) no console errors
    assert watched.errors == []

    # A second question reuses the running engine.
    box = ask_what_if(page, "5♠")
    assert box.locator(".what-if-result ol.what-if-steps > li").first.inner_text().startswith("A leads 5♠.")
    assert box.locator(".what-if-choice[aria-pressed=true]").inner_text() == "5♠"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    box.scroll_into_view_if_needed()
    page.locator(f"{NINE} .player").screenshot(path=str(SCREENSHOTS / "player-1280.png"))
    assert watched.errors == []


def test_a_wheel_that_does_not_match_the_lockfile_sha256_does_not_load(tampered, open_page):
    lock = json.loads((tampered.root / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["stops"]["sha256"]
    watched = open_page(tampered.url("en/michigan.html"))
    box = ask_what_if(watched.page, "5♠")
    error = box.locator(".what-if-status.error")
    assert error.count() == 1 and box.locator(".what-if-result").count() == 0
    message = error.inner_text()
    assert "The engine could not play this line" in message
    assert re.search(r"integrity|sha|digest|did not load", message, re.I), message


@pytest.mark.parametrize("lang, start, lead, over", [
    ("es", "Inicio (5 pasos)", "A sale con 5♠.", "La ronda ha terminado"),
])
def test_the_new_line_is_told_in_the_page_language_on_a_small_screen(served, open_page, lang, start, lead, over):
    watched = open_page(served.url(f"{lang}/michigan.html"), width=375, height=812)
    page = watched.page
    box = page.locator(NINE)
    assert box.locator(".player-counter").inner_text() == start
    box.locator("button[data-go=next]").click()
    assert current_text(page).startswith("A sale con 9♦.")
    box.locator("button[data-go=first]").click()
    box = ask_what_if(page, "5♠")
    line = box.locator(".what-if-result")
    assert line.locator("ol.what-if-steps > li").first.inner_text().startswith(lead)
    assert over in line.inner_text()
    # Nothing in the player is wider than the screen (tables scroll inside their own box).
    overflow = page.evaluate("""() => [...document.querySelectorAll('#example-1 .player *')]
        .filter((e) => !e.closest('.table-scroll, .board-scroll') && e.getBoundingClientRect().right > innerWidth + 1)
        .map((e) => e.className || e.tagName)""")
    assert overflow == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    box.locator(".player").scroll_into_view_if_needed()
    box.locator(".player").screenshot(path=str(SCREENSHOTS / f"player-375-{lang}.png"))
    assert watched.errors == []


@pytest.mark.parametrize("width", [1280, 375])
def test_the_session_end_stays_a_static_block_after_the_last_step(served, open_page, width):
    watched = open_page(served.url("fr/rummoli.html"), width=width, height=900)
    page = watched.page
    page.wait_for_function("document.documentElement.dataset.player === 'ready'")
    box = page.locator(".example-box", has=page.locator(".session-end"))
    end = box.locator(".session-end")
    assert box.locator(".player-counter").inner_text() == "Début (1 pas)"
    assert "session-end-future" in end.get_attribute("class")  # dimmed until the last step
    box.locator("button[data-go=last]").click()
    assert "session-end-future" not in end.get_attribute("class")
    assert "Vainqueur de la partie : B." in end.inner_text().replace("\u202f", " ").replace("\u00a0", " ")
    # Nothing in the settlement is wider than the screen (tables scroll inside their own box).
    overflow = end.evaluate("""(node) => [...node.querySelectorAll('*')]
        .filter((e) => !e.closest('.table-scroll') && e.getBoundingClientRect().right > innerWidth + 1)
        .map((e) => e.className || e.tagName)""")
    assert overflow == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    end.scroll_into_view_if_needed()
    end.screenshot(path=str(SCREENSHOTS / f"session-end-{width}-fr.png"))
    assert watched.errors == []
