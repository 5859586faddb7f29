"""Handouts: a rules page printed by Chromium (static/print.css, media="print").

The PDF is Chromium's own (`page.pdf()`), its text read back with pypdf. What the handout
must hold is taken from the page itself as the screen shows it without the live table: the
9♦ example's board at the start, the hands, and every numbered step's narration.
"""

import io
import os
import re
import unicodedata
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", REPO / "build" / "screenshots"))


def squeeze(text: str) -> str:
    """Text to compare: no whitespace (extraction breaks lines where the page wraps them),
    ligatures unfolded (NFKC: "ﬁ" is "fi"), case folded (CSS capitalises some labels)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).casefold()


def printed(page, keep: str | None = None) -> list[str]:
    """The page as Chromium prints it: the text of every PDF page (the PDF kept for a person
    to look at under build/screenshots/ when `keep` names it)."""
    pdf = page.pdf(format="A4")
    if keep:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / keep).write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    return [pdf_page.extract_text() for pdf_page in reader.pages]


def test_the_michigan_page_prints_the_nine_of_diamonds_board_and_every_step(served, open_page):
    page = open_page(served.url("en/michigan.html")).page
    box = page.locator(".example-box").first
    steps = box.locator("ol.steps > li.step")
    # What the handout must show, read from the page: each step's narration, the board and
    # the hands at the start (hidden on screen while the live table stands in for them).
    step_texts = [squeeze(text) for text in steps.evaluate_all("items => items.map(li => li.textContent)")]
    board = [squeeze(text) for text in box.locator(".example-start .board-amounts li").evaluate_all(
        "items => items.map(li => li.textContent)")]
    hands = [squeeze(text) for text in box.locator(".example-start table.hands tbody tr").evaluate_all(
        "rows => rows.map(tr => tr.textContent)")]
    assert len(step_texts) == 5 and "9♦" in step_texts[0]
    assert board and any("kitty" in section for section in board)

    pages = printed(page, keep="handout-en-michigan.pdf")
    whole = squeeze("".join(pages))
    for section in board:
        assert section in whole, f"the board's {section} is not in the PDF"
    for row in hands:
        assert row in whole, f"the hand {row} is not in the PDF"
    for number, text in enumerate(step_texts, 1):
        holding = [i for i, pdf_page in enumerate(pages) if text in squeeze(pdf_page)]
        assert holding, f"step {number} ({text[:40]}…) is not in the PDF, or is cut at a page break"
        assert re.search(rf"{number}\.\s*{re.escape(steps.nth(number - 1).inner_text().split()[0])}",
                         pages[holding[0]]), f"step {number} is not numbered {number}."


def test_a_printed_rules_page_has_no_controls_and_its_collapsed_examples_expanded(served, open_page):
    """Printed, the Michigan page loses its controls and gains the steps of its collapsed
    examples (copied in from the handout as the print starts); the collapsed example's own
    page prints them too."""
    page = open_page(served.url("en/michigan.html")).page
    collapsed = page.locator("details.example-details").first
    assert not collapsed.evaluate("details => details.open")
    own_page = collapsed.locator(".example-page-link a").evaluate("a => a.href")
    box_id = collapsed.evaluate("details => details.closest('.example-box').id")
    handout_link = collapsed.locator(".example-handout-link a")
    assert handout_link.get_attribute("href") == f"michigan-handout.html#{box_id}"
    page.locator(".example-box").first.scroll_into_view_if_needed()  # its table is drawn when near
    expect(page.locator(".example-box .widget").first).to_be_visible()
    buttons = {name.strip() for name in page.get_by_role("button").all_inner_texts() if name.strip()}
    assert buttons, "the page shows controls on screen"

    pages = printed(page, keep="handout-en-michigan-page.pdf")
    whole = "".join(pages)
    assert collapsed.locator("summary").inner_text().strip() not in whole
    lines = {line.strip() for line in whole.splitlines()}
    assert not buttons & lines, f"controls printed: {sorted(buttons & lines)}"
    assert "Skip to the content" not in whole
    # The collapsed example prints whole, as the handout holds it; the copy shows on paper only.
    copy = page.locator(f"#{box_id} .example-print")
    expect(copy).to_have_count(1)
    expect(copy).to_be_hidden()
    check_handout(page, copy, pages, f"michigan, collapsed example {box_id}")
    assert squeeze(handout_link.text_content()) not in squeeze(whole)
    assert page.locator(".example-print [id]").count() == 0, "the copies repeat the handout's ids"

    # The collapsed example's own page prints it too: every step, numbered, no control.
    page.goto(own_page)
    pages = printed(page, keep="handout-en-michigan-full-hand.pdf")
    check_handout(page, page.locator(".example-box").first, pages, "the collapsed example's own page")
    assert "Skip to the content" not in "".join(pages)


def test_without_javascript_a_printed_collapsed_example_names_the_handout_that_holds_its_steps(served, browser):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(served.url("fr/rummoli.html"))
        collapsed = page.locator("details.example-details")
        assert collapsed.count() >= 2
        whole = squeeze("".join(printed(page)))
        for i in range(collapsed.count()):
            named = collapsed.nth(i).locator(".example-handout-link a").text_content()
            assert squeeze(named) in whole
        assert page.locator(".example-print").count() == 0
    finally:
        context.close()


def game_pages():
    import sys

    sys.path.insert(0, str(REPO))
    from site_build.pages import GAMES

    return list(GAMES)


def check_handout(page, box, pages, where):
    """The example ``box`` of ``page`` printed as ``pages``: its start (board, hands) and every
    step (narration, note, chips) whole on one PDF page, numbered."""
    whole = squeeze("".join(pages))
    start = [squeeze(text) for text in box.locator(".example-start .board-amounts li, .example-start table.hands tbody tr")
             .evaluate_all("nodes => nodes.map(n => n.textContent)")]
    assert start, f"{where} has no start position"
    for part in start:
        assert part in whole, f"{where}: {part[:40]} is not printed"
    steps = box.locator("ol.steps > li.step")
    texts = steps.evaluate_all("items => items.map(li => li.textContent)")
    assert texts, f"{where} has no step"
    # A step whose chips moved shows the board after it: part of the step's text, checked whole below.
    for number, text in enumerate(texts, 1):
        holding = [i for i, pdf_page in enumerate(pages) if squeeze(text) in squeeze(pdf_page)]
        assert holding, f"{where}, step {number} ({text.strip()[:40]}…) is cut or missing"
        first = text.split()[0]
        # (Two examples may tell a step in the same words: one of the PDF pages holding it numbers it so.)
        assert any(re.search(rf"(^|\s){number}\.\s*{re.escape(first)}", pages[i]) for i in holding), \
            f"{where}, step {number} is not numbered"


@pytest.mark.parametrize("game", game_pages())
def test_the_handout_of_a_rules_page_prints_every_example_board_hands_and_numbered_steps_whole(served, open_page, game):
    """The page's handout prints every example of the page, the collapsed ones too: its start
    (board, hands) and every step with its narration, note and chips, whole on one PDF page
    and numbered; the page's own print leaves none of them out either (those on the page print
    there, the collapsed ones say the handout holds them)."""
    page = open_page(served.url(f"fr/{game}.html"), engine=False, wait=False).page
    expect(page.locator(".example-box").first).to_be_attached()
    names = page.locator(".example-box").evaluate_all("boxes => boxes.map(b => b.id)")
    page.get_by_role("link", name="Fiche à imprimer", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/fr/{game}-handout\.html$"))
    expect(page.get_by_role("button", name="Imprimer cette fiche")).to_be_visible()
    boxes = page.locator(".example-box")
    assert boxes.evaluate_all("boxes => boxes.map(b => b.id)") == names
    pages = printed(page, keep=f"handout-fr-{game}.pdf")
    assert "Imprimer cette fiche" not in "".join(pages)
    for b, name in enumerate(names):
        check_handout(page, boxes.nth(b), pages, f"{game}, example {b + 1} ({name})")
