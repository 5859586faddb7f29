"""The table widget in Chromium: stepping like a study, deep links, what-if variations,
hints, the seat view, the engine's failures and the static steps without JavaScript. (Every
page's axe check and board labels are test_crawl.py's.)

Controls are found by role and accessible name in the page's language: English names are
written here (they are part of the specification); Spanish and French ones come from the
built site's catalog export (<lang>/messages.json) and must differ from the English ones.
The engine's own answers (Python, the same wheel) say what the browser must show.
A test that only steps leaves Pyodide's files unanswered (`engine=False`), so that the
worker the first interaction starts costs nothing. Screenshots of each game's table go to
build/screenshots/ ($STOPS_SCREENSHOTS) for a person to look at.
"""

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from stops import web
from stops.profiles import PROFILES

from conftest import LIVE_WHAT_IF
from screens import photograph_part

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", REPO / "build" / "screenshots"))
NINE = "nine-of-diamonds"
NINE_DOC = json.loads((REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8"))
ENGINE_TIMEOUT_MS = 60_000  # Pyodide starts in a few seconds; this is for a loaded machine

ENGLISH = {"First": "First", "Previous": "Previous", "Next": "Next", "Last": "Last", "Play the steps": "Play",
           "Pause": "Pause", "Hint": "Hint", "What if?": "What if?", "Back to the book line": "Back to the book line",
           "Reveal": "Reveal", "Seat view": "Seat view", "Retry": "Retry"}


class Labels:
    """The page language's strings, from the site's own export of its catalog."""

    def __init__(self, root: Path, lang: str):
        self.lang = lang
        self.data = json.loads((root / lang / "messages.json").read_text(encoding="utf-8"))

    def __getitem__(self, msgid: str) -> str:
        text = self.data["messages"][msgid]
        if self.lang == "en" and msgid in ENGLISH:
            assert text == ENGLISH[msgid], f"the English name of {msgid!r} must be {ENGLISH[msgid]!r}"
        elif msgid in ENGLISH:
            assert text != ENGLISH[msgid], f"{self.lang}: {msgid!r} is not translated"
        return text

    def fill(self, msgid: str, **values) -> str:
        return re.sub(r"%\((\w+)\)s", lambda m: str(values[m.group(1)]), self[msgid])

    def start(self, total: int) -> str:
        forms = self.data["plurals"]["Start (%(total)s step)"]
        index = 0 if total == 1 else len(forms) - 1
        return forms[index].replace("%(total)s", str(total))

    def step(self, step: int, total: int) -> str:
        return self.fill("Step %(step)s of %(total)s", step=step, total=total)

    def card(self, card: str) -> str:
        """The card's name with its article, as the build exported it from the catalog's grammar."""
        return self.data["cards"][card]["the"]


def answer(op, *args):
    reply = json.loads(web.call(op, json.dumps(list(args))))
    assert reply["ok"], reply
    return reply["result"]


def spaced(text: str) -> str:
    """French typography's narrow no-break spaces, as plain spaces."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def widget(page, name=NINE):
    """The example's table: as a reader would, bring the example to the screen (its table is
    drawn when it comes near, or when a collapsed one is opened)."""
    example = page.locator(f"#{name}")
    example.scroll_into_view_if_needed()
    if not example.locator("details").count():
        expect(example).to_have_attribute("data-widget", "ready", timeout=ENGINE_TIMEOUT_MS)
    return page.locator(f"#{name} .widget")


def example_data(served, lang, page_name, example):
    """The example's data, the file its page fetches (<lang>/examples/<page>/<example>.json)."""
    return json.loads((served.root / lang / "examples" / page_name.removesuffix(".html") / f"{example}.json").read_text())


def button(box, name: str):
    return box.get_by_role("button", name=name, exact=True)


def focused_name(page) -> str:
    return page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.textContent")


def pots(box) -> dict:
    return box.locator(".pot").evaluate_all(
        "(nodes) => Object.fromEntries(nodes.map((n) => [n.dataset.section, n.querySelector('.pot-chips').textContent]))")


def board_of(view, labels) -> dict:
    number = lambda amount: str(amount).replace("-", "−")  # noqa: E731
    return {section["id"]: number(section["amount"]) for section in view["board"]}


def url(served, lang, page):
    return served.url(f"{lang}/{page}")


# ----- stepping -------------------------------------------------------------------------


@pytest.mark.parametrize("lang, width", [("en", 1280), ("es", 375)])
def test_buttons_and_every_key_step_the_example_keeping_the_focus_and_the_page_still(served, open_page, lang, width):
    watched = open_page(url(served, lang, "michigan.html"), width=width, engine=False)
    page, text = watched.page, Labels(served.root, lang)
    box = widget(page)
    counter = box.locator(".w-counter")
    total = len(NINE_DOC["moves"])
    expect(counter).to_have_text(text.start(total))
    box.scroll_into_view_if_needed()
    button(box, text["Next"]).click()
    expect(counter).to_have_text(text.step(1, total))
    # The static walkthrough follows: step 1 is the current one, the rest not reached yet.
    steps = page.locator(f"#{NINE} ol.steps > li")
    expect(steps.nth(0)).to_have_attribute("aria-current", "step")
    expect(steps.nth(1)).to_have_class(re.compile("step-future"))
    still = page.evaluate("scrollY")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(text.step(2, total))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(text.step(1, total))
    page.keyboard.press("End")
    expect(counter).to_have_text(text.step(total, total))
    assert focused_name(page) == text["Next"]  # the focused button stays focused at the end
    expect(button(box, text["Next"])).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(text.step(total, total))
    page.keyboard.press("Home")
    expect(counter).to_have_text(text.start(total))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(text.start(total))
    assert focused_name(page) == text["Next"]
    assert page.evaluate("scrollY") == still, "the keys scrolled the page"
    # Last and First, and the focus kept on a button that cannot go further.
    button(box, text["Last"]).click()
    expect(counter).to_have_text(text.step(total, total))
    expect(button(box, text["Last"])).to_be_disabled()  # aria-disabled: it says so, and keeps the focus
    page.keyboard.press("Enter")
    assert focused_name(page) == text["Last"]
    button(box, text["First"]).click()
    expect(counter).to_have_text(text.start(total))
    button(box, text["Previous"]).focus()
    page.keyboard.press("Enter")
    expect(counter).to_have_text(text.start(total))
    assert focused_name(page) == text["Previous"]
    # Space plays and pauses; the Play button says which it will do.
    page.keyboard.press("Space")
    expect(button(box, text["Pause"])).to_be_visible()
    expect(counter).to_have_text(text.step(1, total), timeout=10_000)
    page.keyboard.press("Space")
    expect(button(box, text["Play the steps"])).to_be_visible()
    stopped = counter.inner_text()
    page.wait_for_timeout(2600)  # longer than a step at the normal speed
    assert counter.inner_text() == stopped
    assert page.evaluate("scrollY") == still
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # The narration and the counter are announced.
    assert box.locator(".w-now").get_attribute("aria-live") == "polite"
    assert watched.errors == []


def test_a_deep_link_opens_its_step_and_the_language_switch_keeps_it(served, open_page):
    watched = open_page(url(served, "en", f"michigan.html#{NINE}/3"), engine=False)
    page, en, fr = watched.page, Labels(served.root, "en"), Labels(served.root, "fr")
    total = len(NINE_DOC["moves"])
    box = widget(page)
    expect(box.locator(".w-counter")).to_have_text(en.step(3, total))
    assert page.evaluate(f"document.getElementById('{NINE}').getBoundingClientRect().top") < 900  # scrolled to it
    expect(page.locator(f"#{NINE} ol.steps > li").nth(2)).to_have_attribute("aria-current", "step")
    button(box, en["Next"]).click()
    expect(box.locator(".w-counter")).to_have_text(en.step(4, total))
    assert page.url.endswith(f"#{NINE}/4")
    page.locator("a.language-link[hreflang=fr]").click()
    page.wait_for_url(re.compile(r"/fr/michigan\.html#nine-of-diamonds/4$"))
    expect(page.locator("html")).to_have_attribute("data-player", "ready")
    expect(widget(page).locator(".w-counter")).to_have_text(fr.step(4, total))
    assert watched.errors == []


# ----- the table: seats, board, widow, seat view ----------------------------------------------


def test_the_seat_view_hides_the_other_hands_and_the_widow_stays_face_down_until_revealed(served, open_page):
    watched = open_page(url(served, "fr", "michigan.html"), engine=False)
    page, text = watched.page, Labels(served.root, "fr")
    box = widget(page)
    hands = NINE_DOC["position"]["hands"]
    seat_of = lambda player: box.locator(f".seat[data-player={player}] .seat-hand")  # noqa: E731

    def shown(player, card):
        """The card is face up in the seat, named in the page's language (a legal card is a button)."""
        expect(seat_of(player).locator(f".pcard[data-card='{card}']")).to_have_attribute(
            "aria-label", re.compile(re.escape(text.card(card))))

    for player, cards in hands.items():
        for card in cards:
            shown(player, card)
    widow = NINE_DOC["position"]["widow"]
    backs = lambda n: text.data["plurals"]["%(num)s card, face down"][0 if n == 1 else 2].replace("%(num)s", str(n))  # noqa: E731
    expect(box.locator(".widow").get_by_role("img", name=backs(len(widow)))).to_have_count(1)
    expect(box.locator(".widow").get_by_role("img", name=text.card(widow[0]))).to_have_count(0)
    reveal = button(box, text["Reveal"])
    reveal.click()
    expect(reveal).to_have_attribute("aria-pressed", "true")
    expect(box.locator(".widow").get_by_role("img", name=text.card(widow[0]), exact=True)).to_have_count(1)

    box.get_by_role("combobox", name=text["Seat view"]).select_option(label=text.fill("As seen by %(player)s", player="B"))
    for player, cards in hands.items():
        if player == "B":
            for card in cards:
                shown(player, card)
        else:
            expect(seat_of(player).get_by_role("img", name=backs(len(cards)))).to_have_count(1)
            expect(seat_of(player).locator(".pcard[data-card]")).to_have_count(0)
    assert watched.errors == []


def first_example(served, lang: str, page_name: str) -> str:
    """The id of the first worked example on a built rules page."""
    html = (served.root / lang / page_name).read_text(encoding="utf-8")
    found = re.search(r'<div class="example-box" id="([^"]+)"', html)
    assert found, f"{lang}/{page_name} has no worked example"
    return found.group(1)


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_each_game_board_holds_every_section_with_its_chips_and_the_ledger_adds_up(served, open_page, game):
    page_name = f"{game}.html"
    example = first_example(served, "es", page_name)
    watched = open_page(url(served, "es", page_name), width=375, height=812, engine=False)
    page = watched.page
    box = widget(page, example)
    summary = page.locator(f"#{example} details > summary")
    if summary.count():
        summary.click()  # a collapsed example: its table is drawn when it opens
        expect(page.locator(f"#{example}")).to_have_attribute("data-widget", "ready")
    data = example_data(served, "es", page_name, example)
    walk = data["walk"]
    sections = [s["id"] for s in PROFILES[game].describe()["sections"]]
    assert sorted(pots(box)) == sorted(sections)
    views = [walk["start"]["view"]] + [s["view"] for s in walk["steps"]]
    for index, view in enumerate(views):
        assert pots(box) == board_of(view, None), f"step {index}"
        check = spaced(box.locator(".w-ledger-check").inner_text())
        assert check.endswith("= 0"), check
        # The runs lie in front of their owners.
        for played in view["played"]:
            expect(box.locator(f".seat[data-player={played['player']}] .seat-played .pcard[data-card='{played['card']}']")).to_have_count(1)
        if index < len(walk["steps"]):
            page.keyboard.press("ArrowRight") if index else box.get_by_role("button", name=Labels(served.root, "es")["Next"], exact=True).click()
    # Nothing of the table is wider than the screen.
    overflow = box.evaluate("""(node) => [...node.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.w-hints, .w-ledger'))
        .map((e) => e.className || e.tagName)""")
    assert overflow == []
    assert watched.errors == []


# ----- what if, hints --------------------------------------------------------------------


def variation_with_a_second_decision():
    """A what-if at the start of the 9♦ example whose line has a later choice, and that choice."""
    walk = answer("walkthrough", json.dumps(NINE_DOC))
    book = walk["steps"][0]["move"]
    for move in walk["start"]["view"]["legal"]:
        if move == book:
            continue
        line = answer("branch", json.dumps(NINE_DOC), 0, json.dumps(move), "basic", 0)
        views = [line["start"]["view"]] + [s["view"] for s in line["steps"]]
        for at in range(1, len(line["steps"])):
            if len(views[at]["legal"]) > 1:
                other = next(m for m in views[at]["legal"] if m != line["steps"][at]["move"])
                doc = {**NINE_DOC, "moves": [s["move"] for s in line["steps"]]}
                return move, line, at, other, answer("branch", json.dumps(doc), at, json.dumps(other), "basic", 0)
    raise AssertionError("no variation of the 9♦ example has a second decision")


@pytest.mark.parametrize("lang, width", [("en", 1280), ("fr", 375)])
def test_what_if_branches_steps_to_the_end_branches_again_returns_to_the_book_and_hints(served, open_page, lang, width):
    watched = open_page(url(served, lang, "michigan.html"), width=width, height=900)
    page, text = watched.page, Labels(served.root, lang)
    assert not any("/pyodide/" in u for u in watched.requests)  # the worker waits for the reader
    box = widget(page)
    counter = box.locator(".w-counter")
    move, line, at, other, second = variation_with_a_second_decision()

    button(box, text["What if?"]).click()
    expect(button(box, text["What if?"])).to_have_attribute("aria-expanded", "true")
    box.locator(".w-choices").get_by_role("button", name=text.card(move["play"]), exact=True).click()
    total = len(line["steps"])
    expect(counter).to_have_text(text.step(1, total), timeout=ENGINE_TIMEOUT_MS)  # the engine loads first
    expect(button(box, text["Back to the book line"])).to_be_visible()
    # The variation steps like the book line, with its board at every step, to its end.
    views = [line["start"]["view"]] + [s["view"] for s in line["steps"]]
    for index in range(1, total + 1):
        expect(counter).to_have_text(text.step(index, total))
        assert pots(box) == board_of(views[index], text), f"step {index}"
        assert spaced(box.locator(".w-ledger-check").inner_text()).endswith("= 0")
        if index < total:
            button(box, text["Next"]).click()
    winner = views[-1]["winner"]
    expect(box.locator(".w-now")).to_contain_text(spaced(text.fill("The round is over: %(player)s went out first.", player=winner)).split(":")[0].strip())
    # A variation of the variation, chosen on the table itself.
    button(box, text["First"]).click()
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(text.step(at, total))
    card = box.get_by_role("button", name=text.fill("What if %(card)s is played here?", card=text.card(other["play"])), exact=True)
    card.click()
    expect(counter).to_have_text(text.step(at + 1, at + len(second["steps"])), timeout=ENGINE_TIMEOUT_MS)
    listed = box.locator(".w-variation-list > li")
    expect(listed).to_have_count(3)  # the book line and two variations
    expect(box.locator(".w-variation-list > li.depth-2")).to_have_count(1)
    page.keyboard.press("End")
    assert pots(box) == board_of(second["steps"][-1]["view"], text)
    button(box, text["Back to the book line"]).click()
    expect(counter).to_have_text(text.start(len(NINE_DOC["moves"])))
    expect(button(box, text["Back to the book line"])).to_be_hidden()
    assert box.evaluate("(node) => node.contains(document.activeElement)")  # the focus stays in the widget

    # A hint at the book line's first decision: every option with its numbers, best first.
    rated = answer("hint", json.dumps(NINE_DOC), 0, 500, 0)
    button(box, text["Hint"]).click()
    rows = box.locator(".w-hint-table tbody tr")
    expect(rows).to_have_count(len(rated["options"]), timeout=ENGINE_TIMEOUT_MS)
    best = rated["options"][rated["best"]]
    first_row = spaced(rows.first.inner_text())
    assert best["move"]["play"] in first_row and "±" in first_row and "%" in first_row
    expected = f"{best['expected']:+.2f}".replace("-", "−").replace("+0.00", "0.00")
    if lang == "fr":
        expected = expected.replace(".", ",")
    assert expected in first_row, (expected, first_row)
    if lang != "en":
        assert best["reason"] not in first_row  # the reason is told in the page's language
    assert rows.first.locator(".reason").inner_text().strip()
    if width == 1280:
        photograph_part(page, box, SCREENSHOTS / f"widget-hint-{width}-{lang}.png")
    # A widget from a replay document alone (a shared link): the page's engine plays it.
    shown = page.evaluate("""async (doc) => {
        const { mountReplay } = await import("../static/widget.mjs");
        const { pageEngine } = await import("../static/engine/client.mjs");
        const messages = await (await fetch("messages.json")).json();
        const host = document.createElement("div");
        document.querySelector("main").append(host);
        const handle = await mountReplay(host, { data: { document: doc }, messages, engine: pageEngine(), name: "shared" });
        handle.show(2);
        return { total: handle.current().total, index: handle.current().index, pots: host.querySelectorAll(".pot").length };
    }""", NINE_DOC)
    assert shown == {"total": len(NINE_DOC["moves"]), "index": 2, "pots": len(PROFILES["michigan"].describe()["sections"])}
    assert watched.errors == []


@pytest.mark.parametrize("failure", ["fails", "never answers"])
def test_an_engine_that_fails_or_never_answers_says_so_with_retry(served, open_page, failure):
    """The site's own limits (scale 1): a file that never answers is a stall once nothing else
    arrives for the page's stall time (10 s), told as such; no wall-clock budget is asserted."""
    state = {"broken": True}

    def stdlib(route):
        if not state["broken"]:
            route.continue_()
        elif failure == "fails":
            route.abort("connectionreset")
        # "never answers": leave it hanging

    watched = open_page(url(served, "en", "michigan.html"), routes={"**/pyodide/python_stdlib.zip": stdlib, **LIVE_WHAT_IF},
                        scale=1)
    page, text = watched.page, Labels(served.root, "en")
    box = widget(page)
    button(box, text["What if?"]).click()
    box.locator(".w-choices button").first.click()
    if failure == "never answers":  # meanwhile the rest of the engine arrives, counted in bytes
        expect(box.locator(".w-loading")).to_contain_text(re.compile(r"[0-9.]+ of [0-9.]+ MB"), timeout=ENGINE_TIMEOUT_MS)
    alert = box.get_by_role("alert")
    expect(alert).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    if failure == "never answers":
        assert "nothing arrived for 10 s" in alert.inner_text()
    else:
        assert "python_stdlib.zip" in alert.inner_text() or "did not load" in alert.inner_text()
    expect(button(box, text["Retry"])).to_be_visible()
    if failure == "fails":
        state["broken"] = False
        button(box, text["Retry"]).click()
        expect(button(box, text["Back to the book line"])).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        expect(box.get_by_role("alert")).to_have_count(0)


def test_an_engine_snapshot_or_wheel_that_does_not_match_its_sha256_does_not_load(tampered, open_page):
    lock = json.loads((tampered.root / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["stops"]["sha256"]
    watched = open_page(tampered.url("en/michigan.html"), routes=LIVE_WHAT_IF)
    page, text = watched.page, Labels(tampered.root, "en")
    box = widget(page)
    button(box, text["What if?"]).click()
    box.locator(".w-choices button").first.click()
    alert = box.get_by_role("alert")
    # The wheel is refused once Python has started (the lockfile's sha256 is checked then),
    # which a loaded machine takes longer than 15 s to reach; the snapshot, before it starts.
    expect(alert).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert re.search(r"integrity|sha|digest|did not load", alert.inner_text(), re.I), alert.inner_text()
    expect(button(box, text["Back to the book line"])).to_be_hidden()


# ----- without JavaScript, the session end ---------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_without_javascript_every_step_reads_as_html_with_the_board_chips_where_they_change(served, open_page, lang):
    watched = open_page(url(served, lang, "michigan.html"), wait=False, java_script_enabled=False, engine=False)
    page = watched.page
    walk = answer("walkthrough", json.dumps(NINE_DOC))
    steps = page.locator(f"#{NINE} ol.steps > li.step")
    expect(steps).to_have_count(len(walk["steps"]))
    board = walk["start"]["view"]["board"]
    for index, step in enumerate(walk["steps"]):
        expect(steps.nth(index).locator(".event").first).to_be_visible()
        line = steps.nth(index).locator(".step-board")
        if step["view"]["board"] == board:  # no chip moved: no board line
            expect(line).to_have_count(0)
            continue
        shown = spaced(line.inner_text())
        for section in step["view"]["board"]:
            assert f" {section['amount']}" in shown, (index, shown)
        board = step["view"]["board"]
    assert board != walk["start"]["view"]["board"], "the example's chips never moved"
    expect(page.locator(".widget")).to_have_count(0)
    # A collapsed example leads to its own page, where every step reads without JavaScript.
    link = page.locator("details.example-details .example-page-link a").first
    page.goto(link.evaluate("a => a.href"))
    expect(page.locator(".example-box ol.steps > li.step").first).to_be_visible()
    expect(page.locator(".widget")).to_have_count(0)


@pytest.mark.parametrize("width", [1280, 375])
def test_the_session_end_stays_a_static_block_after_the_last_step(served, open_page, width):
    watched = open_page(url(served, "fr", "rummoli.html"), width=width, height=900, engine=False)
    page, text = watched.page, Labels(served.root, "fr")
    example = page.locator(".example-box", has=page.locator(".session-end"))
    example.scroll_into_view_if_needed()  # its table is drawn when it comes near
    end = example.locator(".session-end")
    box = example.locator(".widget")
    expect(box.locator(".w-counter")).to_have_text(text.start(1))
    expect(end).to_have_class(re.compile("session-end-future"))
    button(box, text["Last"]).click()
    expect(end).not_to_have_class(re.compile("session-end-future"))
    assert "Vainqueur de la partie : B." in spaced(end.inner_text())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert watched.errors == []


# ----- finding the walkthrough, and the chips' motion ------------------------------------


def test_the_michigan_walkthrough_is_one_click_from_the_top_and_the_home_page_links_to_it(served, open_page):
    watched = open_page(url(served, "en", "index.html"), width=1280, height=900, engine=False, wait=False)
    page = watched.page
    page.locator("a[href='michigan.html#example']").first.click()
    page.wait_for_url(re.compile(r"/en/michigan\.html#example$"))
    expect(page.locator("html")).to_have_attribute("data-player", "ready")
    expect(page.locator(f"#{NINE} .widget")).to_be_attached()  # near the screen: drawn at once
    top = page.evaluate(f"document.querySelector('#{NINE} .widget').getBoundingClientRect().top")
    assert 0 <= top < 900, top  # the home page's link lands on the walkthrough
    # On the Michigan page itself, the table of contents at the top holds the way to it.
    page.goto(url(served, "en", "michigan.html"))
    toc = page.locator("nav.toc a[href='#example']")
    assert toc.bounding_box()["y"] < 900, "the table of contents' link is on the first screen"
    toc.click()
    expect(page.locator(f"#{NINE} .widget")).to_be_attached()
    top = page.evaluate(f"document.querySelector('#{NINE} .widget').getBoundingClientRect().top")
    assert 0 <= top < 900, top


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_chips_fly_from_payer_to_receiver_unless_the_reader_asks_for_less_motion(served, open_page, motion):
    watched = open_page(url(served, "en", "michigan.html"), engine=False, reduced_motion=motion)
    page, text = watched.page, Labels(served.root, "en")
    box = widget(page)
    button(box, text["Last"]).click()
    button(box, text["First"]).click()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # B plays Q♦ and takes the Q♦ box: a transfer
    flying = box.locator(".chip-fly")
    if motion == "reduce":
        expect(flying).to_have_count(0)
    else:
        expect(flying.first).to_be_attached()
        expect(flying).to_have_count(0)  # and gone once landed
