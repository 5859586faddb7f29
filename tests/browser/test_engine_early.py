"""The engine before it is asked: a rules page fetches the runtime on the reader's first
interaction with a table, not on page load, and not at all ahead of a What if? when the
reader's connection asks to save data or is a 2G line; the play page starts it as it loads.
A prefetch that fails says nothing: the What if? after it starts the engine again.

The page's workers are counted by an init script (a `Worker` that counts itself), so that "no
worker yet" is read from the page at a moment the prefetch, which runs in the pointer's
handler, would already have made one."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS, LIVE_WHAT_IF, Watched, poll
from reader import step_next, what_if, widget
from test_play import START

NINE = "nine-of-diamonds"
COUNT_WORKERS = """
window.stopsWorkersMade = 0;
window.Worker = class extends window.Worker {
  constructor(...args) {
    super(...args);
    window.stopsWorkersMade += 1;
  }
};
"""


def connection(**line) -> str:
    """An init script: the Network Information API says this of the reader's line."""
    return ("Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => ("
            + json.dumps(line) + ")});")


def live(context):
    """The context's "What if?" asks the live engine (the build's first-level answers routed away)."""
    for pattern, handler in LIVE_WHAT_IF.items():
        context.route(pattern, handler)
    return context


def opened(context, url: str, *scripts: str) -> Watched:
    for script in (COUNT_WORKERS, *scripts):
        context.add_init_script(script)
    watched = Watched(context.new_page())
    watched.page.set_default_timeout(ENGINE_TIMEOUT_MS)
    watched.page.goto(url)
    expect(watched.page.locator("html")).to_have_attribute("data-player", "ready", timeout=ENGINE_TIMEOUT_MS)
    return watched


def engine_requests(watched: Watched) -> list[str]:
    # A call into the page first: Playwright's sync API hands the events it has received
    # (requests made since) to Python only while a call waits, never during a sleep.
    watched.page.evaluate("0")
    return [url for url in watched.requests if "/pyodide/" in url]


def workers(watched: Watched) -> int:
    return watched.page.evaluate("window.stopsWorkersMade")


def test_a_rules_page_fetches_the_engine_after_the_first_step_and_not_before(served, context):
    watched = opened(context(), served.url("en/michigan.html"))
    widget(watched.page, NINE)  # the table drawn: scrolled to, not touched
    assert workers(watched) == 0 and engine_requests(watched) == []
    expect(step_next(watched.page, served.root, "en", NINE)).to_have_text("Step 1 of 5")
    assert workers(watched) == 1
    poll(lambda: engine_requests(watched), "a request for the engine after the first step")
    assert watched.errors == []


@pytest.mark.parametrize("line", [{"saveData": True, "effectiveType": "4g"}, {"saveData": False, "effectiveType": "2g"},
                                  {"saveData": False, "effectiveType": "slow-2g"}], ids=["save-data", "2g", "slow-2g"])
def test_a_reader_saving_data_or_on_a_2g_line_gets_no_engine_ahead_and_it_starts_when_asked(served, context, line):
    watched = opened(live(context()), served.url("en/michigan.html"), connection(**line))
    expect(step_next(watched.page, served.root, "en", NINE)).to_have_text("Step 1 of 5")
    watched.page.keyboard.press("ArrowRight")
    expect(watched.page.locator(f"#{NINE} .w-counter")).to_have_text("Step 2 of 5")
    assert workers(watched) == 0 and engine_requests(watched) == []
    what_if(watched.page, served.root, "en", NINE)  # asked for: the engine loads and answers
    assert workers(watched) == 1 and engine_requests(watched)
    assert watched.errors == []


def test_the_play_page_fetches_the_engine_as_it_loads_before_start_is_pressed(served, context):
    watched = opened(context(), served.url("en/michigan/play/"), connection(saveData=True, effectiveType="4g"))
    # Nothing pressed, and the reader saves data: the page exists to play, the engine comes.
    poll(lambda: engine_requests(watched), "a request for the engine as the play page loads")
    assert workers(watched) == 1
    expect(watched.page.get_by_role("button", name=START["en"])).to_be_visible()
    assert watched.errors == []


def engine_state(watched: Watched) -> str:
    return watched.page.evaluate("import('../static/engine/client.mjs').then((m) => m.pageEngine().status.state)")


def test_a_prefetch_that_fails_tells_the_reader_nothing_and_the_what_if_after_it_loads_the_engine_again(served, context):
    made = live(context())
    cut = {"times": 0}

    def first_time_cut(route):  # the runtime's standard library fails once, then arrives
        if cut["times"] == 0:
            cut["times"] += 1
            route.abort("connectionreset")
        else:
            route.continue_()

    made.route("**/pyodide/python_stdlib.zip", first_time_cut)
    watched = opened(made, served.url("en/michigan.html"))
    expect(step_next(watched.page, served.root, "en", NINE)).to_have_text("Step 1 of 5")
    poll(lambda: engine_state(watched) == "failed", "the prefetch failed")
    box = watched.page.locator(f"#{NINE} .widget")
    assert box.get_by_role("alert").count() == 0 and box.locator(".w-status").inner_text().strip() == ""
    what_if(watched.page, served.root, "en", NINE)  # a new worker, the file arrives: the line is on the table
    assert workers(watched) == 2 and cut["times"] == 1
