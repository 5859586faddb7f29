"""A first-level "What if?" is drawn from the build's answers (site_build/what_if.py), with the
engine out of reach: every request for Pyodide's files fails, and the page's engine client is
asked nothing. A branch of that line is then the live engine's, which takes over from the
shipped line as from one of its own. The answers say what the table must show: the engine's
own, asked here on CPython (the same wheel)."""

import json
from pathlib import Path

from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS
from test_widget import NINE, Labels, answer, board_of, button, pots, url, widget

REPO = Path(__file__).resolve().parents[2]
# The page's one engine client (engine/client.mjs): how many requests it has been sent.
ENGINE_REQUESTS = """async () => {
    const { pageEngine } = await import("../static/engine/client.mjs");
    return pageEngine().nextId - 1;
}"""


def book_document(served, lang: str) -> dict:
    """The document the widget sends for the 9♦ example: the page's own, with its line's moves."""
    data = json.loads((served.root / lang / "examples" / "michigan" / f"{NINE}.json").read_text(encoding="utf-8"))
    return {**data["document"], "moves": [step["move"] for step in data["walk"]["steps"]]}


def test_a_first_level_what_if_answers_without_the_engine_and_a_deeper_one_asks_the_live_engine(served, open_page):
    reachable = {"engine": False}
    refused, fetched = [], []

    def engine_files(route):
        if reachable["engine"]:
            fetched.append(route.request.url)
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort("internetdisconnected")

    watched = open_page(url(served, "en", "michigan.html"), routes={"**/pyodide/**": engine_files})
    page, text = watched.page, Labels(served.root, "en")
    box = widget(page)
    counter = box.locator(".w-counter")
    doc = book_document(served, "en")
    walk = answer("walkthrough", json.dumps(doc))
    # The first other card at the start whose line has a decision of its own later on.
    for move in (m for m in walk["start"]["view"]["legal"] if m != walk["steps"][0]["move"]):
        line = answer("branch", json.dumps(doc), 0, json.dumps(move), "basic", 0)
        views = [line["start"]["view"], *(step["view"] for step in line["steps"])]
        later = [at for at in range(1, len(line["steps"])) if len(views[at]["legal"]) > 1]
        if later:
            break
    at = later[0]

    button(box, text["What if?"]).click()
    box.locator(".w-choices").get_by_role("button", name=text.card(move["play"]), exact=True).click()
    total = len(line["steps"])
    expect(counter).to_have_text(text.step(1, total))
    expect(button(box, text["Back to the book line"])).to_be_visible()
    page.keyboard.press("End")
    expect(counter).to_have_text(text.step(total, total))
    assert pots(box) == board_of(views[-1], text)
    expect(box.get_by_role("alert")).to_have_count(0)
    assert page.evaluate(ENGINE_REQUESTS) == 0  # the table asked the engine nothing
    assert fetched == [] and not any(r.url.split("?")[0].endswith(".wasm") for r in watched.responses)

    # A branch of the shipped line, on the table: the live engine, reachable now.
    reachable["engine"] = True
    other = next(m for m in views[at]["legal"] if m != line["steps"][at]["move"])
    deeper = answer("branch", json.dumps({**doc, "moves": [step["move"] for step in line["steps"]]}), at,
                    json.dumps(other), "basic", 0)
    button(box, text["First"]).click()
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(text.step(at, total))
    box.get_by_role("button", name=text.fill("What if %(card)s is played here?", card=text.card(other["play"])),
                    exact=True).click()
    expect(counter).to_have_text(text.step(at + 1, at + len(deeper["steps"])), timeout=ENGINE_TIMEOUT_MS)
    page.keyboard.press("End")
    assert pots(box) == board_of(deeper["steps"][-1]["view"], text)
    expect(box.locator(".w-variation-list > li.depth-2")).to_have_count(1)
    assert page.evaluate(ENGINE_REQUESTS) >= 1 and any(path.endswith("/pyodide/pyodide.mjs") for path in fetched)
    expect(box.get_by_role("alert")).to_have_count(0)
