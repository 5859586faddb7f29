"""The embed page in Chromium: the Embed control's snippet framed by a page of another
origin steps, branches and resizes its iframe, and leaves the host's scroll and focus alone;
the embed's options in its URL; screenshots at 1280 and 375 px in English and Spanish
(build/screenshots/) for a person to look at."""

from __future__ import annotations

import functools
import http.server
import json
import operator
import re
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS, poll
from screens import photograph, watch

REPO = Path(__file__).resolve().parents[2]
NINE = json.loads((REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8"))
MARKUP = "<img src=x onerror=alert(1)>"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def host(tmp_path):
    """A second web server on another 127.0.0.1 port: another origin than the site's."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def frame_height(page, frame) -> tuple[float, float]:
    """The iframe's height in the host page, and the height of the embed's content."""
    outer = page.locator("iframe[data-stops-embed]").evaluate("iframe => iframe.getBoundingClientRect().height")
    inner = frame.evaluate("document.documentElement.getBoundingClientRect().height")
    return outer, inner


def test_an_embed_framed_by_another_origin_steps_branches_and_resizes_its_iframe(served, context, host):
    folder, origin = host
    page = context().new_page()
    problems = watch(page)
    page.goto(served.url("en/michigan.html"))
    box = page.locator(".example-box").first
    box.scroll_into_view_if_needed()  # its table (and the Embed control) is drawn when it comes near
    box.get_by_role("button", name="Embed", exact=True).click()
    box.get_by_label("Start at step").fill("1")
    snippet = box.get_by_label("Snippet to paste").input_value()
    link = box.get_by_label("Direct link").input_value()
    assert snippet.startswith("<iframe src=") and "step=1" in link and link.startswith(served.origin)
    (folder / "lesson.html").write_text(
        f"<!DOCTYPE html><html lang=en><title>A lesson</title><link rel=icon href='data:,'><h1>A lesson on Michigan</h1><p>Step through it:</p>\n"
        f"{snippet}\n<p id=after>The rest of the lesson.</p><div style='height:3000px'></div>", encoding="utf-8")

    page.goto(f"{origin}/lesson.html")
    assert origin != served.origin
    frame = page.frame_locator("iframe[data-stops-embed]")
    counter = frame.locator(".w-counter")
    expect(counter).to_have_text("Step 1 of 5")
    inner = next(f for f in page.frames if "/en/embed/" in f.url)
    # The host page keeps its focus and its scroll: the embed takes neither by itself.
    assert page.evaluate("document.activeElement.tagName") == "BODY" and page.evaluate("scrollY") == 0
    # The iframe takes the height of its content (posted by the embed, set by embed-host.js).
    page.wait_for_function("parseFloat(document.querySelector('iframe[data-stops-embed]').style.height) > 0")
    poll(lambda: abs(operator.sub(*frame_height(page, inner))) <= 2, "the iframe's height equal to its content's")
    assert frame_height(page, inner)[0] != 480

    # In an iframe the embed keeps its chrome minimal: no Embed control of its own.
    expect(frame.get_by_role("button", name="Embed", exact=True)).to_have_count(0)
    frame.get_by_role("button", name="Next", exact=True).click()  # the click brings the table's controls into view
    expect(counter).to_have_text("Step 2 of 5")
    still = page.evaluate("scrollY")
    for key, text in [("End", "Step 5 of 5"), ("ArrowLeft", "Step 4 of 5"), ("Home", "Start (5 steps)")]:
        page.keyboard.press(key)
        expect(counter).to_have_text(text)
    assert page.evaluate("scrollY") == still, "a key in the embed scrolled the host page"

    # What if? at the start: A leads 8♥ instead of 9♦, and the engine plays the round out.
    frame.get_by_role("button", name="What if?", exact=True).click()
    frame.locator(".w-choices").get_by_role("button", name=re.compile(r"^(the )?8 of hearts$", re.I)).click()
    back = frame.get_by_role("button", name="Back to the book line", exact=True)
    expect(back).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(counter).to_have_text(re.compile(r"^Step 1 of \d+$"))
    frame.get_by_role("button", name="Next", exact=True).click()
    expect(counter).to_have_text(re.compile(r"^Step 2 of \d+$"))
    # the iframe follows its content's height (a ResizeObserver turn later)
    poll(lambda: abs(operator.sub(*frame_height(page, inner))) <= 2, "the iframe's height equal to its content's")
    back.click()
    expect(back).to_be_hidden()
    assert problems == [], problems


def test_the_embed_options_set_the_start_the_seat_view_and_the_controls(served, context):
    page = context(width=320).new_page()
    problems = watch(page)
    page.goto(served.url("en/embed/?example=michigan/nine-of-diamonds&step=3&seat=B&controls=none&whatif=0"))
    expect(page.locator(".w-counter")).to_have_text("Step 3 of 5")
    expect(page.get_by_role("button", name="What if?", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Hint", exact=True)).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth <= 320"), "the embed is wider than 320 px"
    # Opened by its link (not framed), the example offers its own Embed control.
    page.get_by_role("button", name="Embed", exact=True).click()
    expect(page.get_by_label("Direct link")).to_have_value(re.compile(r"/en/embed/\?example=michigan%2Fnine-of-diamonds"))
    assert page.evaluate("document.documentElement.scrollWidth <= 320"), "the Embed panel is wider than 320 px"
    page.goto(served.url("en/embed/?example=michigan/no-such-example"))
    expect(page.get_by_role("alert")).to_have_text("This example is not on the site: check the link.")
    page.goto(served.url("en/embed/?example=michigan/nine-of-diamonds&speed=9"))
    expect(page.get_by_role("alert")).to_contain_text("the speed is 0, 1 or 2")
    assert problems == [], problems


@pytest.mark.parametrize("lang", ["en", "es"])
def test_screenshots_of_the_embed(served, context, lang):
    photograph(context, served.url(f"{lang}/embed/?example=tripoli/king-queen-split&step=2"), f"embed-{lang}",
               lambda page: expect(page.locator(".w-counter")).to_be_visible())
