"""What a reader does with an example in the site tests that are not about the widget itself
(offline, the crawl, the bench): step it and ask "What if?", by role and accessible name in
the page's language (the names come from the built site's <lang>/messages.json)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect


ENGINE_TIMEOUT_MS = 60_000  # Pyodide starts in a few seconds; this is for a loaded machine


def label(root: Path, lang: str, msgid: str) -> re.Pattern:
    """The control's name in the page's language, as shown: French typesets a (narrow) no-break
    space before ? ! : ; whether or not the catalog writes one."""
    text = json.loads((root / lang / "messages.json").read_text(encoding="utf-8"))["messages"][msgid]
    words = re.sub(r"[ \u00a0\u202f]*([?!:;])", r"\1", text)
    return re.compile("^" + re.sub(r"\\([?!:;])", r"[ \\u00a0\\u202f]?\\\1", re.escape(words)) + "$")


def rules_pages(site: Path) -> list[str]:
    """Every game's rules page (its <main> is a rules page), new games included."""
    return sorted(page.stem for page in (site / "en").glob("*.html")
                  if 'class="content rules-page"' in page.read_text(encoding="utf-8"))


def wait_ready(page):
    """The examples are drawn (the rules page script marks <html data-player="ready">)."""
    expect(page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)


def widget(page, example: str):
    """The example's table, once the example is on the screen (it is drawn when it comes near)."""
    box = page.locator(f"#{example}")
    box.scroll_into_view_if_needed()
    expect(box).to_have_attribute("data-widget", "ready", timeout=ENGINE_TIMEOUT_MS)
    return page.locator(f"#{example} .widget")


def draw_every_example(page):
    """Every example of the page with its table drawn, as a reader scrolling through it and
    opening each collapsed one would see it; then back to the top."""
    boxes = page.locator(".example-box[data-example]")
    for index in range(boxes.count()):
        box = boxes.nth(index)
        box.scroll_into_view_if_needed()
        summary = box.locator("details > summary")
        if summary.count() and not box.locator("details").evaluate("details => details.open"):
            summary.click()
        expect(box).to_have_attribute("data-widget", "ready", timeout=ENGINE_TIMEOUT_MS)
    page.evaluate("window.scrollTo(0, 0)")


def step_next(page, root: Path, lang: str, example: str):
    box = widget(page, example)
    box.get_by_role("button", name=label(root, lang, "Next")).click()
    return box.locator(".w-counter")


def what_if(page, root: Path, lang: str, example: str):
    """Back to the start (Home), ask "What if?" with the first other choice; return once the
    engine's line is on the table."""
    box = widget(page, example)
    box.get_by_role("button", name=label(root, lang, "Next")).focus()
    page.keyboard.press("Home")
    box.get_by_role("button", name=label(root, lang, "What if?")).click()
    box.locator(".w-choices button").first.click()
    back = box.get_by_role("button", name=label(root, lang, "Back to the book line"))
    alert = box.get_by_role("alert")
    expect(back.or_(alert)).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert alert.count() == 0, f"the engine failed: {alert.inner_text()}"
    return box
