"""The example editor in Chromium: an example built from scratch, exported as a link and
imported back to the same timeline; a note holding markup shown as text only, with no dialog
and no element; screenshots at 1280 and 375 px in English and Spanish (build/screenshots/)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS
from test_embed import context, watch  # noqa: F401  (the fixture and the watcher the embed tests use)

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", REPO / "build" / "screenshots"))
NINE = json.loads((REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8"))
MARKUP = "<img src=x onerror=alert(1)>"


def build_from_scratch(page):
    """The editor, from its empty table: Tripoli for three, a seeded deal, four legal moves
    clicked, a note with markup on step 2. Returns the timeline's text."""
    page.get_by_label("Game", exact=True).select_option("tripoli")
    page.get_by_label("Players", exact=True).fill("3")
    page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Seat 1", exact=True).fill("<i>Ana</i>")
    page.get_by_label("Seat 1", exact=True).press("Tab")
    page.get_by_label("Seed", exact=True).fill("5")
    page.get_by_role("button", name="Deal from the seed").click()
    expect(page.locator("#ed-deal-status")).to_have_text("The deal holds: play the moves below.", timeout=ENGINE_TIMEOUT_MS)
    steps = page.locator("#ed-steps > li")
    for played in range(1, 5):
        page.locator("#ed-legal button").first.click()
        expect(steps).to_have_count(played + 1)
    note = page.get_by_label(re.compile(r"^Note on: Step 2: "))
    note.fill(MARKUP)
    note.press("Tab")
    return steps.all_inner_texts()


def test_the_editor_builds_an_example_exports_a_link_and_imports_it_to_the_same_timeline(served, context):
    page = context().new_page()
    problems = watch(page)
    page.goto(served.url("en/editor/"))
    timeline = build_from_scratch(page)
    assert any("<i>Ana</i>" in line for line in timeline)
    link = page.get_by_label("Share link", exact=True).input_value()
    replay = json.loads(page.get_by_label("Replay file", exact=True).input_value())
    assert replay["game"] == "tripoli" and len(replay["moves"]) == 4 and replay["notes"] == {"2": MARKUP}
    assert re.match(rf"^{re.escape(served.origin)}/en/embed/#replay=[A-Za-z0-9_-]+$", link)
    expect(page.get_by_label("Block for the site's content")).to_have_value(re.compile(r"^```stops-example\n"))

    other = context().new_page()
    problems += watch(other)
    other.goto(served.url("en/editor/"))
    other.get_by_label("A share link, an embed snippet, a replay file or a stops-example block").fill(link)
    other.get_by_role("button", name="Import", exact=True).click()
    expect(other.locator("#ed-import-status")).to_have_text("Imported: the editor holds this replay now.",
                                                             timeout=ENGINE_TIMEOUT_MS)
    expect(other.locator("#ed-steps > li")).to_have_count(len(timeline))
    assert other.locator("#ed-steps > li").all_inner_texts() == timeline
    assert other.get_by_label(re.compile(r"^Note on: Step 2: ")).input_value() == MARKUP
    assert json.loads(other.get_by_label("Replay file", exact=True).input_value()) == replay
    # The block imports too, and a damaged link is refused with a reason, changing nothing.
    block = other.get_by_label("Block for the site's content").input_value()
    field = other.get_by_label("A share link, an embed snippet, a replay file or a stops-example block")
    field.fill(link[:-6] + "@@@@@@")
    other.get_by_role("button", name="Import", exact=True).click()
    expect(other.locator("#ed-import-status")).to_contain_text("This cannot be imported:")
    assert json.loads(other.get_by_label("Replay file", exact=True).input_value()) == replay
    field.fill(block)
    other.get_by_role("button", name="Import", exact=True).click()
    expect(other.locator("#ed-import-status")).to_have_text("Imported: the editor holds this replay now.")
    assert other.locator("#ed-steps > li").all_inner_texts() == timeline
    assert problems == [], problems


def test_a_note_holding_markup_is_shown_as_text_with_no_dialog_and_no_element(served, context):
    doc = {**NINE, "notes": {"0": MARKUP, "2": "<b>bold?</b> & <script>alert(2)</script>"}}
    page = context().new_page()
    problems = watch(page)
    page.goto(served.url("en/editor/"))
    field = page.get_by_label("A share link, an embed snippet, a replay file or a stops-example block")
    field.fill(json.dumps(doc))
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#ed-import-status")).to_have_text("Imported: the editor holds this replay now.",
                                                            timeout=ENGINE_TIMEOUT_MS)
    link = page.get_by_label("Share link", exact=True).input_value()

    embed = context().new_page()
    problems += watch(embed)
    embed.goto(link)
    note = embed.locator(".w-note")  # the widget shows the step's note under its narration
    expect(note).to_have_text(MARKUP, timeout=ENGINE_TIMEOUT_MS)
    embed.get_by_role("button", name="Next", exact=True).click()
    expect(note).to_have_count(0)
    embed.get_by_role("button", name="Next", exact=True).click()
    expect(note).to_have_text("<b>bold?</b> & <script>alert(2)</script>")
    for where in (page, embed):
        assert where.locator("img[src='x'], b").count() == 0
        assert not where.evaluate("[...document.scripts].some(s => s.textContent.includes('alert('))")
    assert not [p for p in problems if p.startswith("dialog")], problems
    assert problems == [], problems


@pytest.mark.parametrize("lang", ["en", "es"])
def test_screenshots_of_the_editor(served, context, lang):
    """The editor before the first deal (the engine starts on the first request, not here)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 375):
        page = context(width=width).new_page()
        problems = watch(page)
        page.goto(served.url(f"{lang}/editor/"))
        # expect(), not wait_for_function: polling a string evaluates it in the page, which its policy forbids
        expect(page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
        expect(page.locator("#ed-deck button")).to_have_count(52)
        page.screenshot(path=str(SCREENSHOTS / f"editor-{lang}-{width}.png"), full_page=True)
        assert problems == [], problems
