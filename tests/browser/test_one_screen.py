"""One screen: a table, the words of its current step and its controls fit the viewport
together, on a desktop (1280x800) and on a touch phone (375x740), in two languages. After
every control (Next, Previous, Play, What if?, a branch, Back, Hint, the seat view) the
control used, the current step's narration and the board are on the screen without a scroll,
and the page did not move under the reader; a deep link opens on the live table with its
narration in view.

Geometry is read from bounding boxes against the viewport; an element inside a part of the
table that scrolls on its own (the words' panel) must also be inside that part's visible box.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS
from test_widget import NINE, NINE_DOC, Labels, button, url, variation_with_a_second_decision, widget

SCREENS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 740, "has_touch": True, "is_mobile": True}}
CASES = [("en", "desktop"), ("fr", "phone"), ("es", "desktop"), ("en", "phone")]

# Each node's box, the viewport, and the box it can be seen in (its scrolling ancestors' boxes
# intersected with the viewport).
GEOMETRY = """(node) => {
  const box = node.getBoundingClientRect();
  const clip = { top: 0, bottom: innerHeight, left: 0, right: innerWidth };
  for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(up).overflowY)) continue;
    const r = up.getBoundingClientRect();
    clip.top = Math.max(clip.top, r.top); clip.bottom = Math.min(clip.bottom, r.bottom);
    clip.left = Math.max(clip.left, r.left); clip.right = Math.min(clip.right, r.right);
  }
  return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, height: box.height,
           clip, width: innerWidth, screen: innerHeight, scroll: scrollY };
}"""


def on_screen(locator, what: str, whole: bool = True) -> list[str]:
    """Why `locator` is not on the screen: wholly (a control, the board), or, for words that
    may run on in their panel, from their first line (the top 1.2em at least)."""
    g = locator.evaluate(GEOMETRY)
    clip = g["clip"]
    problems = []
    if g["height"] <= 0:
        return [f"{what} has no height"]
    # Words wider than their box scroll sideways in it (a hint table on a phone): their start is in view.
    right = g["right"] if whole else g["left"] + 20
    if g["left"] < max(-1, clip["left"] - 1) or right > min(g["width"], clip["right"]) + 1:
        problems.append(f"{what} spans x {g['left']:.0f}..{g['right']:.0f}; visible there: {clip['left']:.0f}..{clip['right']:.0f}"
                        f" (screen 0..{g['width']})")
    bottom = g["bottom"] if whole else min(g["bottom"], g["top"] + 20)
    if g["top"] < clip["top"] - 1 or bottom > clip["bottom"] + 1:
        problems.append(f"{what} spans y {g['top']:.0f}..{g['bottom']:.0f}; visible there: {clip['top']:.0f}..{clip['bottom']:.0f}"
                        f" (screen 0..{g['screen']})")
    return problems


class Unit:
    """The example's table on a screen: each check states what must be in view."""

    def __init__(self, page, box, touch: bool):
        self.page, self.box, self.touch = page, box, touch
        self.still = None

    def use(self, control) -> None:
        if self.touch:
            control.tap()
        else:
            control.click()

    def check(self, what: str, *controls, words=None) -> None:
        box = self.box
        problems = on_screen(box.locator(".felt"), f"after {what}: the board")
        problems += on_screen(box.locator(".w-now"), f"after {what}: the narration", whole=False)
        for control in controls:
            problems += on_screen(control, f"after {what}: {control}")
        if words is not None:
            problems += on_screen(words, f"after {what}: {words}", whole=False)
        # The page stays where it was: the unit neither moved nor changed its size.
        place = box.evaluate("(node) => { const b = node.getBoundingClientRect(); return [scrollY, Math.round(b.top), Math.round(b.height)]; }")
        if self.still is None:
            self.still = place
        elif place != self.still:
            problems.append(f"after {what} the page moved: scrollY, top, height {place}, were {self.still}")
        assert problems == [], problems


@pytest.mark.parametrize("lang, screen", CASES)
def test_after_every_control_of_an_example_the_control_its_narration_and_the_board_are_on_one_screen(served, open_page, lang, screen):
    size = SCREENS[screen]
    watched = open_page(url(served, lang, "michigan.html"), **size)
    page, text = watched.page, Labels(served.root, lang)
    box = widget(page)
    unit = Unit(page, box, size.get("has_touch", False))
    counter = box.locator(".w-counter")
    total = len(NINE_DOC["moves"])
    # The static "before play" text folds away under the live table, which tells it at its start.
    expect(page.locator(f"#{NINE} .example-before").first).to_be_hidden()
    expect(box.locator(".w-now .events li").first).to_be_visible()

    nxt = button(box, text["Next"])
    unit.use(nxt)
    expect(counter).to_have_text(text.step(1, total))
    unit.check("Next", nxt, counter)
    prev = button(box, text["Previous"])
    unit.use(prev)
    expect(counter).to_have_text(text.start(total))
    unit.check("Previous", prev, counter)

    play = button(box, text["Play the steps"])
    unit.use(play)
    expect(counter).to_have_text(text.step(1, total), timeout=10_000)
    pause = button(box, text.data["messages"]["Pause"])  # "Pause" in French too
    unit.check("Play", pause)
    unit.use(pause)
    unit.use(button(box, text["First"]))
    expect(counter).to_have_text(text.start(total))

    # What if?: the question and its choices come into view with the table.
    move, line, _at, _other, _second = variation_with_a_second_decision()
    what_if = button(box, text["What if?"])
    unit.use(what_if)
    expect(what_if).to_have_attribute("aria-expanded", "true")
    choice = box.locator(".w-choices").get_by_role("button", name=text.card(move["play"]), exact=True)
    unit.check("What if?", what_if, choice, words=box.locator(".w-question"))
    unit.use(choice)
    back = button(box, text["Back to the book line"])
    expect(back).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(counter).to_have_text(text.step(1, len(line["steps"])))
    unit.check("a branch", back, counter, words=box.locator(".w-line-note"))
    unit.use(nxt)
    expect(counter).to_have_text(text.step(2, len(line["steps"])))
    unit.check("Next on the variation", nxt, counter)
    unit.use(back)
    expect(back).to_be_hidden()
    expect(counter).to_have_text(text.start(total))
    unit.check("Back to the book line", counter)

    hint = button(box, text["Hint"])
    unit.use(hint)
    expect(box.locator(".w-hint-table tbody tr").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    unit.check("Hint", hint, words=box.locator(".w-hint-table caption"))

    seat = box.get_by_role("combobox", name=text["Seat view"])
    seat.select_option(index=1)
    expect(box.locator(".seat .backs").first).to_be_visible()
    unit.check("the seat view", seat)
    assert watched.errors == []


@pytest.mark.parametrize("lang, screen", CASES[:2])
def test_a_deep_link_opens_on_the_live_table_with_its_narration_in_view(served, open_page, lang, screen):
    size = SCREENS[screen]
    total = len(NINE_DOC["moves"])
    text = Labels(served.root, lang)
    for fragment, step in ((f"{NINE}/3", 3), (NINE, 0)):
        watched = open_page(url(served, lang, f"michigan.html#{fragment}"), engine=False, **size)
        page = watched.page
        box = page.locator(f"#{NINE} .widget")
        expect(page.locator(f"#{NINE}")).to_have_attribute("data-widget", "ready")
        counter = box.locator(".w-counter")
        expect(counter).to_have_text(text.step(step, total) if step else text.start(total))
        problems = on_screen(box, f"#{fragment}: the table with its words and controls")
        problems += on_screen(box.locator(".w-now"), f"#{fragment}: the narration", whole=False)
        assert problems == [], problems
        assert watched.errors == []


# ----- what the marks mean, and the controls' names -------------------------------------------

# Each mark of the table (a selector on the felt) and the legend's words for it.
MARKS = {
    ".pcard.legal": "a card you may choose: the engine plays the round on from it",
    ".pcard.book-move": "the card this line plays next",
    ".seat.to-move": "the player to play",
    ".seat.winner": "went out first",
    ".dealer-button:not([hidden])": "the dealer",
}


def marks_without_words(box, text) -> list[str]:
    legend = [" ".join(t.split()) for t in box.locator(".w-legend li").all_inner_texts()]
    missing = []
    for selector, msgid in MARKS.items():
        words = " ".join(text[msgid].split())
        shown = box.locator(f".felt {selector}").count() > 0
        said = any(item.endswith(words) for item in legend)  # after the mark's sample (the dealer's "D")
        if shown and not said:
            missing.append(f"{selector} is on the table, the legend lacks {words!r} (it has {legend})")
        if not shown and said:
            missing.append(f"the legend explains {selector}, which the table does not show")
    return missing


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_mark_on_the_table_has_its_words_in_the_legend(served, open_page, lang):
    watched = open_page(url(served, lang, "michigan.html"))
    page, text = watched.page, Labels(served.root, lang)
    box = widget(page)
    total = len(NINE_DOC["moves"])
    for step in range(total + 1):
        assert marks_without_words(box, text) == [], f"step {step}"
        if step < total:
            button(box, text["Next"]).click()
    button(box, text["First"]).click()
    what_if = button(box, text["What if?"])
    what_if.click()
    expect(box.locator(".felt .pcard.legal").first).to_be_visible()
    assert marks_without_words(box, text) == []
    assert watched.errors == []


@pytest.mark.parametrize("lang, screen", [("en", "phone"), ("es", "desktop")])
def test_next_and_play_have_their_own_names_and_icons_and_the_speed_its_visible_label(served, open_page, lang, screen):
    watched = open_page(url(served, lang, "michigan.html"), engine=False, **SCREENS[screen])
    page, text = watched.page, Labels(served.root, lang)
    box = widget(page)
    nxt, play = button(box, text["Next"]), button(box, text["Play the steps"])
    expect(nxt).to_be_visible()
    expect(play).to_be_visible()
    icon = lambda control: control.locator("svg path").get_attribute("d")  # noqa: E731
    assert icon(nxt) != icon(play), "Next and Play draw the same icon"
    assert text["Next"] != text["Play the steps"]
    speed = box.get_by_label(text["Speed"], exact=True)
    expect(speed).to_be_visible()
    word = box.locator("label.w-speed-label").get_by_text(text["Speed"], exact=True)
    expect(word).to_be_visible()  # a label one sees, not only an aria-label
    assert word.bounding_box()["width"] > 10
    assert watched.errors == []


def test_the_arrow_keys_step_the_table_while_a_rule_link_of_the_example_has_the_focus(served, open_page):
    watched = open_page(url(served, "en", "michigan.html"), engine=False)
    page, text = watched.page, Labels(served.root, "en")
    box = widget(page)
    counter = box.locator(".w-counter")
    total = len(NINE_DOC["moves"])
    # A § link of the static steps under the table.
    page.locator(f"#{NINE} ol.steps a.rule-link").first.focus()
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(text.step(1, total))
    # A § link in the table's own narration.
    link = box.locator(".w-now a.rule-link").first
    link.focus()
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(text.step(2, total))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(text.step(1, total))
    assert on_screen(box, "the table after the keys") == []
    # The focus stays in the example (on the link, or on the table when its link was redrawn).
    assert page.evaluate(f"document.activeElement.closest('#{NINE}') !== null")
    assert watched.errors == []


# ----- addresses: every step of every variation -------------------------------------------------


def test_every_step_of_a_variation_of_a_variation_has_an_address_that_reopens_it_in_a_fresh_page_in_another_language(served, open_page):
    from test_widget import pots

    watched = open_page(url(served, "en", "michigan.html"))
    page, en, fr = watched.page, Labels(served.root, "en"), Labels(served.root, "fr")
    box = widget(page)
    counter = box.locator(".w-counter")
    move, line, at, other, second = variation_with_a_second_decision()
    button(box, en["What if?"]).click()
    box.locator(".w-choices").get_by_role("button", name=en.card(move["play"]), exact=True).click()
    expect(counter).to_have_text(en.step(1, len(line["steps"])), timeout=ENGINE_TIMEOUT_MS)
    assert page.url.split("#")[1].count("~") == 1, page.url  # the variation is in the address
    for _ in range(at - 1):
        button(box, en["Next"]).click()
    expect(counter).to_have_text(en.step(at, len(line["steps"])))
    box.get_by_role("button", name=en.fill("What if %(card)s is played here?", card=en.card(other["play"])), exact=True).click()
    length = at + len(second["steps"])
    expect(counter).to_have_text(en.step(at + 1, length), timeout=ENGINE_TIMEOUT_MS)
    step = min(at + 2, length)
    for _ in range(step - at - 1):
        button(box, en["Next"]).click()
    expect(counter).to_have_text(en.step(step, length))
    address = page.url.split("#")[1]
    assert address.count("~") == 2 and address.endswith(f"/{step}"), address
    board = pots(box)
    # The Share control gives the same address.
    button(box, en["Share this line"]).click()
    link = box.get_by_role("textbox", name=en["Link to this line"])
    expect(link).to_have_value(page.url)

    # A fresh context, in French: the same line at the same step, its variations listed.
    fresh = open_page(url(served, "fr", f"michigan.html#{address}"), **SCREENS["phone"])
    other_page = fresh.page
    expect(other_page.locator(f"#{NINE}")).to_have_attribute("data-line", "ready", timeout=ENGINE_TIMEOUT_MS)
    again = other_page.locator(f"#{NINE} .widget")
    expect(again.locator(".w-counter")).to_have_text(fr.step(step, length))
    expect(button(again, fr["Back to the book line"])).to_be_visible()
    expect(again.locator(".w-variation-list > li")).to_have_count(3)
    assert pots(again) == board
    assert other_page.url.endswith(f"#{address}")
    problems = on_screen(again, "the reopened table") + on_screen(again.locator(".w-now"), "its narration", whole=False)
    assert problems == [], problems
    assert watched.errors == [] and fresh.errors == []


def test_a_malformed_or_foreign_address_opens_the_book_line(served, open_page):
    for fragment in (f"{NINE}/0~not-base64!/2", f"{NINE}/0~e30/x", "another-example/0~e30/1"):
        watched = open_page(url(served, "en", f"michigan.html#{fragment}"), engine=False)
        box = widget(watched.page)
        expect(box.locator(".w-counter")).to_have_text(Labels(served.root, "en").start(len(NINE_DOC["moves"])))
        assert watched.errors == []
