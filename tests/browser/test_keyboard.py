"""Every widget with the keyboard alone: a rules page's example (stepping, What if?, a
variation and back, a hint), the play page (a session started, moves, a hint, undo), the
embed and the editor. No click, no pointer and no focus() from the test: only Tab, Shift+Tab,
Enter, Space and the arrow keys, from where a reader starts (the top of the page)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS
from test_play import wait_for_reader_or_end

NINE = "nine-of-diamonds"


def focused(locator) -> bool:
    return locator.evaluate("node => node === document.activeElement")


def tab_to(page, locator, *, limit: int = 150) -> None:
    """Press Tab until `locator` has the focus, as a reader would (round the page if need be)."""
    for _ in range(limit):
        if locator.count() and focused(locator.first):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} presses of Tab never reached {locator}")


@pytest.fixture
def reader(browser):
    """A page in a fresh context for a keyboard reader, and the errors it logs."""
    contexts = []

    def open_(url: str, width: int = 1280):
        context = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(context)
        page = context.new_page()
        problems = []
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        page.goto(url)
        return page, problems

    yield open_
    for context in contexts:
        context.close()


def test_a_rules_page_example_steps_branches_and_hints_with_the_keyboard_alone(served, reader):
    page, problems = reader(served.url("en/michigan.html"))
    # The contents' link to the worked example, then into the example's table.
    tab_to(page, page.locator("nav.toc a[href='#example']"))
    page.keyboard.press("Enter")
    box = page.locator(f"#{NINE} .widget")
    counter = box.locator(".w-counter")
    tab_to(page, box.get_by_role("button", name="Next", exact=True))
    page.keyboard.press("Enter")
    expect(counter).to_have_text("Step 1 of 5")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text("Step 2 of 5")
    page.keyboard.press("End")
    expect(counter).to_have_text("Step 5 of 5")
    page.keyboard.press("Home")
    expect(counter).to_have_text("Start (5 steps)")
    # What if?: the panel opens from the keyboard, a card of the table is chosen with Enter.
    tab_to(page, box.get_by_role("button", name="What if?", exact=True))
    page.keyboard.press("Enter")
    expect(box.get_by_role("button", name="What if?", exact=True)).to_have_attribute("aria-expanded", "true")
    choice = box.locator(".w-choices button").first
    tab_to(page, choice)
    page.keyboard.press("Enter")
    back = box.get_by_role("button", name="Back to the book line", exact=True)
    expect(back).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(counter).to_have_text(re.compile(r"^Step 1 of \d+$"))
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(re.compile(r"^Step 2 of \d+$"))
    tab_to(page, back)
    page.keyboard.press("Enter")
    expect(back).to_be_hidden()
    expect(counter).to_have_text("Start (5 steps)")  # back where the line left the book
    # A hint, asked with the keyboard, for the player to move.
    tab_to(page, box.get_by_role("button", name="Hint", exact=True))
    page.keyboard.press("Enter")
    expect(box.locator(".w-hint-table tbody tr").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("document.activeElement.closest('.widget') !== null"), "the focus left the widget"
    assert problems == [], problems


def test_the_play_page_starts_a_session_plays_hints_and_undoes_with_the_keyboard_alone(served, reader):
    page, problems = reader(served.url("en/michigan/play/"))
    expect(page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
    seed = page.locator("#setup-seed")
    tab_to(page, seed)
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    tab_to(page, page.get_by_role("button", name="Start the session", exact=True))
    page.keyboard.press("Enter")
    log = page.locator(".play-log li")
    for played in range(3):
        if wait_for_reader_or_end(page) != "reader":
            break
        moves = page.locator(".play-moves button:enabled, .play-moves input:enabled")
        if played == 0:
            tab_to(page, moves.first)  # from the table's title, where the start leaves the focus
        else:
            expect(moves.first).to_be_focused()  # after a move, the focus waits on the next legal one
        if played == 1:
            # A hint and an undo, from the keyboard too.
            tab_to(page, page.get_by_role("button", name="Hint", exact=True))
            page.keyboard.press("Enter")
            expect(page.locator(".hint-table tbody tr").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
            tab_to(page, moves.first)
        before = log.count()
        page.keyboard.press("Enter")
        expect(log).not_to_have_count(before)
    tab_to(page, page.get_by_role("button", name="Undo", exact=True))
    page.keyboard.press("Enter")
    expect(page.locator(".play-log .log-undo")).to_have_count(1, timeout=ENGINE_TIMEOUT_MS)
    # back at the reader's decision, the focus on its first legal move
    expect(page.locator(".play-moves button:enabled, .play-moves input:enabled").first).to_be_focused()
    assert played == 2, f"the round ended after {played} moves of the reader"
    assert problems == [], problems


def test_the_embed_steps_with_the_keyboard_alone(served, reader):
    page, problems = reader(served.url("en/embed/?example=michigan/nine-of-diamonds"), width=600)
    counter = page.locator(".w-counter")
    expect(counter).to_have_text("Start (5 steps)")
    tab_to(page, page.get_by_role("button", name="Next", exact=True))
    page.keyboard.press("Enter")
    expect(counter).to_have_text("Step 1 of 5")
    page.keyboard.press("Space")  # Space on the step bar plays the steps by themselves...
    expect(counter).to_have_text("Step 2 of 5", timeout=10_000)
    page.keyboard.press("Space")  # ... and pauses them
    page.keyboard.press("Home")
    expect(counter).to_have_text("Start (5 steps)")
    tab_to(page, page.get_by_role("combobox", name="Seat view"))
    page.keyboard.press("ArrowDown")  # the first player's view: the others' hands face down
    expect(page.locator(".seat .pcard.back").first).to_be_visible()
    assert problems == [], problems


def test_the_editor_deals_and_plays_an_example_with_the_keyboard_alone(served, reader):
    page, problems = reader(served.url("en/editor/"))
    expect(page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
    tab_to(page, page.get_by_label("Seed", exact=True))
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    tab_to(page, page.get_by_role("button", name="Deal from the seed", exact=True))
    page.keyboard.press("Enter")
    expect(page.locator("#ed-deal-status")).to_have_text("The deal holds: play the moves below.",
                                                       timeout=ENGINE_TIMEOUT_MS)
    steps = page.locator("#ed-steps > li")
    for played in range(1, 3):
        tab_to(page, page.locator("#ed-legal button").first)
        page.keyboard.press("Enter")
        expect(steps).to_have_count(played + 1, timeout=ENGINE_TIMEOUT_MS)
    tab_to(page, page.get_by_label(re.compile(r"^Note on: Step 2: ")))
    page.keyboard.type("Played from the keyboard.")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Replay file", exact=True)).to_have_value(re.compile("Played from the keyboard"))
    assert problems == [], problems
