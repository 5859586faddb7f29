"""The play page in Chromium: whole rounds of each game played by clicking legal moves only,
a session to its settlement, hints and undo at a stops and at a betting decision, export and
import, share links (and a tampered one), and a reload, in English, Spanish and French.

The seeds are fixed so that the reader meets every phase of the game: Michigan's widow
auction, Tripoli's ghost-hand auction, Rummoli's widow auction and betting. The reader's
policy: bid the lowest amount once per round when a bid is open to them, else the first
legal control on the page (a card of their hand, or check / call / pass). Bots move fast.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", REPO / "build" / "screenshots"))
ENGINE_TIMEOUT_MS = 60_000
START = {"en": "Start the session", "es": "Empezar la partida", "fr": "Commencer la séance"}
HINT = {"en": "Hint", "es": "Pista", "fr": "Conseil"}
UNDO = {"en": "Undo", "es": "Deshacer", "fr": "Annuler"}
NEXT_ROUND = {"en": "Deal the next round", "es": "Repartir la siguiente ronda", "fr": "Distribuer la donne suivante"}


@pytest.fixture
def table(browser, served):
    """Open a play page (a fresh context: empty local storage) and return (page, context)."""
    contexts = []

    def run(lang, game, width=1280, fragment="", context=None, touch=False):
        context = context or browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True,
                                                 has_touch=touch, is_mobile=touch)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.errors = errors
        page.goto(served.url(f"{lang}/{game}/play/{fragment}"))
        wait_until(page, "document.documentElement.dataset.player === 'ready'")
        return page

    yield run
    for context in contexts:
        context.close()


def wait_until(page, expression: str, timeout_ms: int = ENGINE_TIMEOUT_MS):
    """Poll ``expression`` from the test (page.evaluate goes through the devtools protocol):
    wait_for_function would evaluate the string inside the page, which its
    Content-Security-Policy (no 'unsafe-eval') forbids."""
    waited = 0
    while not page.evaluate(expression):
        if waited > timeout_ms:
            raise AssertionError(f"still false after {timeout_ms} ms: {expression}")
        page.wait_for_timeout(50)
        waited += 50


def state(page) -> str:
    return page.locator(".play-page").get_attribute("data-state")


def wait_for_reader_or_end(page):
    """Until the reader must move, or the round or session is over (bots play meanwhile)."""
    wait_until(page, 
        "['reader', 'next-round', 'over'].includes(document.querySelector('.play-page').dataset.state)"
        " && document.querySelector('.play-page').dataset.busy !== 'true'")
    return state(page)


def start(page, lang, *, players=None, seed, options=(), length=None, keys=False, pace="fast"):
    form = page.locator(".setup-form")
    for name in options:  # first: an option may change how many can play
        if keys:
            form.locator(f"#option-{name}").focus()
            page.keyboard.press("Space")
            expect(form.locator(f"#option-{name}")).to_be_checked()
        else:
            form.locator(f"#option-{name}").check()
    if players:
        form.locator("#setup-count").select_option(str(players))
    if length:
        form.locator("#setup-length").fill(str(length))
    form.locator("#setup-seed").fill(str(seed))
    if keys:
        form.locator("#setup-seed").press("Enter")  # submits the form
    else:
        page.get_by_role("button", name=START[lang]).click()
    wait_until(page, "!document.querySelector('.play-table').hidden"
                           " || !document.querySelector('.play-error').hidden")  # the engine's first load
    assert page.locator(".play-error").is_hidden(), page.locator(".play-error").text_content()
    page.locator(".control-pace").select_option(pace)


def reader_move(page, lang, bid_done: bool, how="click") -> bool:
    """Make the reader's move by the policy (with the mouse, a finger or the keyboard alone);
    returns whether the reader has bid this round."""
    moves = page.locator(".play-moves")
    bid = moves.locator(".bid-control")
    if bid.count() and not bid_done:
        field = bid.locator("input")
        expect(field).to_have_value(field.get_attribute("min"))
        if how == "key":
            for _ in range(10):  # from the first legal move, Tab reaches the amount
                if field.evaluate("node => node === document.activeElement"):
                    break
                page.keyboard.press("Tab")
            expect(field).to_be_focused()
            page.keyboard.press("Enter")
        else:
            getattr(bid.get_by_role("button"), "tap" if how == "tap" else "click")()
        return True
    # Only legal moves are controls: the other cards of the hand are not buttons at all.
    first = moves.locator("button:enabled").first
    if how == "key":
        expect(first).to_be_focused()  # the reader's focus waits on their first legal move
        page.keyboard.press("Enter")
    elif how == "tap":
        first.tap()
    else:
        first.click()
    return bid_done


def phase_names(page) -> dict:
    """The phase ids by their name on this page (the page's own data)."""
    data = json.loads(page.locator("script.play-data").text_content())
    return {label: phase for phase, label in data["phases"].items()}


def play_round(page, lang, phases: set | None = None, on_decision=None, how="click"):
    """Play the reader's decisions until the round is over; record the phases met (ids)."""
    bid_done = False
    decisions = 0
    names = phase_names(page)
    while wait_for_reader_or_end(page) == "reader":
        status = page.locator(".play-status").text_content()
        if phases is not None:
            phases.add(names[re.search(r"\(([^)]*)\)", status).group(1)])
        if on_decision and on_decision(page, status, decisions):
            continue
        before = page.locator(".play-log li").count()
        bid_done = reader_move(page, lang, bid_done, how)
        decisions += 1
        expect(page.locator(".play-log li")).not_to_have_count(before)
    return decisions


def cards_in_hand(page) -> list[str]:
    return page.locator(".reader-hand .pcard").evaluate_all("nodes => nodes.map(n => n.dataset.card)")


def test_a_round_of_michigan_by_keyboard_alone_with_the_widow_auction_hint_and_undo_at_a_stops_decision(table):
    page = table("en", "michigan")
    start(page, "en", players=3, seed=2, options=["widow_auction"], keys=True)
    phases: set[str] = set()
    seen = {}

    def hint_and_undo(page, status, decisions):
        if "stops" not in status or "undo" in seen:
            return False
        if "hint" not in seen:
            page.get_by_role("button", name=HINT["en"]).focus()
            page.keyboard.press("Enter")
            rows = page.locator(".hint-table tbody tr")
            expect(rows.first).to_be_visible()
            legal = page.locator(".reader-hand button").count()
            expect(rows).to_have_count(legal)
            expect(rows.first.locator("td").first).to_have_text(re.compile(r"^([+−]\d+\.\d\d|0\.00) ± \d+\.\d\d$"))
            expect(page.locator(".hint-best")).to_have_count(1)
            seen["hint"] = cards_in_hand(page)
            page.locator(".play-moves button:enabled").first.focus()
            return False
        # The stops decision after the hinted one: take the move back.
        page.get_by_role("button", name=UNDO["en"]).focus()
        page.keyboard.press("Enter")
        expect(page.get_by_text("Move taken back.")).to_be_visible()
        wait_for_reader_or_end(page)
        assert cards_in_hand(page) == seen["hint"]
        seen["undo"] = True
        return True

    play_round(page, "en", phases, hint_and_undo, how="key")
    assert phases == {"widow-exchange", "stops"} and "undo" in seen
    assert state(page) == "next-round"
    expect(page.locator(".ledger-table tbody tr")).to_have_count(1)
    expect(page.get_by_role("button", name=NEXT_ROUND["en"])).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-michigan-1280-en.png"), full_page=True)
    assert not page.errors


def test_a_round_of_tripoli_with_the_ghost_auction_by_touch_on_a_small_screen_in_spanish_bots_step_by_step(table):
    page = table("es", "tripoli", width=375, touch=True)
    start(page, "es", players=4, seed=1, options=["ghost_auction"], pace="step")
    # The moments that decide chips are at the table as the deal makes them: each card held
    # with what it took, the showdown with its winner paid.
    moments = page.locator(".table-moments")
    expect(moments).to_be_in_viewport()
    expect(moments.locator("[data-event=hold] .news-payout").first).to_be_visible()
    winner = moments.locator("[data-event=showdown] tr.news-winner th").first
    name = winner.text_content().removesuffix(winner.locator(".news-wins").text_content()).strip()
    expect(moments.locator("[data-event=showdown] .news-payout").first).to_contain_text(name)
    # Step by step: each tap on "Next move" makes one bot move, and nothing moves without it.
    step = page.get_by_role("button", name="Siguiente jugada")
    for _ in range(2):
        if state(page) != "bot":
            break
        told = page.locator(".play-log li").count()
        moves = page.evaluate("document.querySelector('.play-page').playPage.state.moves")
        step.tap()
        wait_until(page, f"document.querySelector('.play-page').playPage.state.moves === {moves + 1}")
        assert page.locator(".play-log li").count() > told
    page.locator(".control-pace").select_option("fast")
    phases: set[str] = set()
    hinted = []

    def hint_at_the_auction(page, status, decisions):
        # While the bots play, the page stays where the reader is: their move is in view (the
        # log scrolls inside its own box).
        if decisions:
            expect(page.locator(".play-moves button:enabled").first).to_be_in_viewport()
        # The hint works in the ghost-hand auction too: a rating for each option, the best marked.
        if "subasta" in status and not hinted:
            page.get_by_role("button", name=HINT["es"]).tap()
            rows = page.locator(".hint-table tbody tr")
            expect(rows.first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)  # an auction's playouts replay whole rounds
            expect(page.locator(".hint-best")).to_have_count(1)
            expect(rows.first.locator("td").first).to_have_text(re.compile(r"^([+−]\d+,\d\d|0,00) ± \d+,\d\d$"))
            hinted.append(rows.count())
        return False

    play_round(page, "es", phases, hint_at_the_auction, how="tap")
    assert phases == {"ghost-auction", "stops"} and hinted
    assert state(page) == "next-round"
    log = page.locator(".play-log").text_content()
    assert "Pozo" in log
    # The holding awards and the poker showdown are laid out hand by hand beside the log:
    # each award with the cards shown, the showdown as one row per hand and the winner marked.
    news = page.locator(".play-news")
    expect(news.get_by_role("heading", name="Lo que se ha mostrado en la mesa esta ronda")).to_be_visible()
    held = news.locator("[data-event=hold]")
    expect(held.first.locator(".pcard").first).to_be_visible()
    expect(held.first.get_by_role("link", name=re.compile("^§ "))).to_have_attribute("href", re.compile(r"tripoli\.html#tripoli\."))
    showdown = news.locator("[data-event=showdown] table")
    expect(showdown.locator("tbody tr")).to_have_count(4)
    expect(showdown.locator("tbody tr.news-winner")).to_have_count(1)
    expect(showdown.locator("tbody tr.news-winner th .news-wins")).to_have_text("gana")
    for row in showdown.locator("tbody tr").all():
        expect(row.get_by_role("img")).to_have_count(5)  # the best five cards of that hand
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways at 375 px ({width} px)"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-tripoli-375-es.png"), full_page=True)
    assert not page.errors


def test_rummoli_auction_and_betting_with_hint_and_undo_then_the_settlement(table):
    page = table("fr", "rummoli")
    start(page, "fr", players=4, seed=2, length=1)
    phases: set[str] = set()
    seen = {}

    def at_betting(page, status, decisions):
        if page.locator(".betting-info").count() == 0 or "undo" in seen:
            return False
        info = page.locator(".betting-info").text_content()
        assert "pot" in info.lower()
        page.get_by_role("button", name=HINT["fr"]).click()
        rows = page.locator(".hint-table tbody tr")
        expect(rows.first).to_be_visible()
        # Each option's reason is said in French, from the engine's catalog message.
        reasons = rows.locator("td:last-child").all_text_contents()
        assert reasons and not any(re.search(r"\b(the|your|you)\b", text, re.I) for text in reasons), reasons
        expect(rows).to_have_count(page.locator(".play-actions button").count())
        # Take back the reader's previous decision (the auction's bid or pass), and play on.
        page.get_by_role("button", name=UNDO["fr"]).click()
        expect(page.locator(".log-undo")).to_be_visible()
        wait_for_reader_or_end(page)
        seen["undo"] = True
        return True

    play_round(page, "fr", phases, at_betting)
    assert "undo" in seen and phases == {"widow-exchange", "betting", "stops"}
    assert state(page) == "over"
    result = page.locator(".session-result")
    expect(result).to_contain_text("Gagnants")
    expect(page.locator(".ledger-settlement")).to_have_count(1)
    expect(page.locator(".play-log")).to_contain_text(re.compile("abattage|showdown", re.I))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-rummoli-1280-fr.png"), full_page=True)
    assert not page.errors


def test_export_import_share_link_tampered_link_and_reload_keep_the_same_timeline(table, browser):
    page = table("en", "rummoli", width=375)
    start(page, "en", players=3, seed=5)
    wait_for_reader_or_end(page)
    reader_move(page, "en", False)
    wait_for_reader_or_end(page)
    log = page.locator(".play-log").text_content()
    status = page.locator(".play-status").text_content()
    hand = cards_in_hand(page)

    # Reload: the table comes back from local storage.
    page.reload()
    wait_until(page, "document.documentElement.dataset.player === 'ready'")
    wait_for_reader_or_end(page)
    assert page.locator(".play-log").text_content() == log and cards_in_hand(page) == hand

    # Export the session as a file, import it by pasting in a fresh context: the same timeline.
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the session").click()
    document = Path(download.value.path()).read_text(encoding="utf-8")
    assert json.loads(document)["format"] == "stops-session"
    other = table("es", "rummoli")
    other.locator(".play-import summary").click()
    other.locator("#import-text").fill(document)
    other.get_by_role("button", name="Abrir").click()
    wait_for_reader_or_end(other)
    assert cards_in_hand(other) == hand
    assert other.locator(".play-log li").count() == page.locator(".play-log li").count()
    # ... and the imported round steps through in the table widget, from its last step back.
    other.get_by_role("button", name="Repasar la ronda paso a paso").click()
    review = other.locator(".play-review")
    expect(review).to_be_visible()
    moves = len(json.loads(document)["rounds"][-1]["moves"])
    counter = review.locator(".w-counter")
    expect(counter).to_have_text(f"Paso {moves} de {moves}")  # it opens at the position played
    review.get_by_role("button", name="Primero").click()
    expect(counter).to_have_text(re.compile(r"^Inicio"))

    # A share link, opened in a new context on another language's page: the same position.
    page.get_by_role("button", name="Copy a share link").click()
    link = page.locator(".share-url").input_value()
    fragment = link[link.index("#"):]
    assert len(fragment) <= 2000
    shared = table("fr", "rummoli", fragment=fragment)
    wait_for_reader_or_end(shared)
    assert cards_in_hand(shared) == hand
    assert shared.locator(".play-log li").count() == page.locator(".play-log li").count()

    # A tampered link: one clear message, and the saved table is not touched.
    payload = fragment[len("#table="):]
    bad = fragment[: len("#table=") + 40] + ("A" if payload[40] != "A" else "B") + fragment[len("#table=") + 41:]
    page.goto(page.url.split("#")[0] + bad)
    wait_until(page, "document.documentElement.dataset.player === 'ready'")
    error = page.locator(".play-error")
    expect(error).to_be_visible()
    expect(error).to_have_text(re.compile(r"^This share link (is damaged|cannot be opened)"))
    wait_for_reader_or_end(page)
    assert cards_in_hand(page) == hand
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play-rummoli-375-en.png"), full_page=True)
    other.screenshot(path=str(SCREENSHOTS / "play-review-1280-es.png"), full_page=True)
    assert not page.errors


def test_rummoli_tells_the_colour_switch_the_duty_passing_and_the_deadlock_when_they_happen(table):
    page = table("en", "rummoli")
    start(page, "en", players=4, seed=25, length=1)
    notices = []

    def note_switch(page, status, decisions):
        notice = page.locator(".play-notice")
        if notice.count():
            notices.append(notice.first.text_content())
        return False

    play_round(page, "en", on_decision=note_switch)
    # Each turn of the stops play is laid out beside the log, explained, with its rule linked.
    news = page.locator(".play-news")
    passed = news.locator("[data-event=duty-passes]")
    expect(passed.first).to_contain_text("so the lead passes to")
    expect(passed.first.get_by_role("link", name=re.compile("^§ "))).to_have_attribute("href", re.compile(r"rummoli\.html#rummoli\.duty-passes$"))
    deadlock = news.locator("[data-event=deadlock]")
    expect(deadlock).to_have_count(1)
    expect(deadlock).to_contain_text("so play is blocked")
    expect(deadlock.get_by_role("link", name=re.compile("^§ "))).to_have_attribute("href", re.compile(r"#rummoli\.deadlock$"))
    # The colour switch is said when the reader must lead after a stop, with its rule.
    assert notices and all("the colour switches" in text and "§ " in text for text in notices), notices
    # Every move is told once, by its event's message: no second line with the bare move.
    expect(page.locator(".play-log .log-move")).to_have_count(0)
    told = page.locator(".play-log li").all_text_contents()
    assert all(a != b for a, b in zip(told, told[1:])), "a line of the log is told twice in a row"
    assert not page.errors


def test_a_player_who_cannot_pay_the_ante_leaves_the_table_in_chips_mode(table):
    page = table("fr", "michigan", width=375)
    form = page.locator(".setup-form")
    form.locator("#option-bankroll").select_option("chips")
    form.locator("#option-starting_chips").fill("10")
    start(page, "fr", players=4, seed=8)
    play_round(page, "fr")
    assert state(page) == "next-round"
    # Told when it happens, laid out beside the log, and the seat is empty in the ledger.
    leaving = page.locator(".play-news [data-event=leave]")
    expect(leaving).to_have_count(1)
    expect(leaving).to_contain_text("se retire de la partie")
    who = leaving.text_content().split(" ")[0]
    page.get_by_role("button", name=NEXT_ROUND["fr"]).click()
    wait_for_reader_or_end(page)
    seats = page.locator(".felt .seat-name").all_text_contents()
    assert who not in seats and len(seats) == 3, seats
    expect(page.locator(".ledger-table tbody tr").last.get_by_label("a quitté la table")).to_have_count(1)
    assert not page.errors


def test_a_shared_table_has_an_embed_control_and_a_link_that_breaks_a_rule_is_refused_in_the_page_language(table):
    from test_example_editor import played_session, share_payload

    session = played_session("rummoli", 5)
    del session["bots"]["Ana"]  # Ana is the person at this table
    page = table("fr", "rummoli", fragment=f"#table={share_payload(session)}")
    wait_for_reader_or_end(page)
    # The shared table's round gets the Embed control: the snippet and the direct link, ready to copy.
    page.get_by_role("button", name="Intégrer", exact=True).click()
    snippet = page.get_by_label("Extrait à coller").input_value()
    link = page.get_by_label("Lien direct").input_value()
    assert re.match(r'^<iframe src="[^"]*/fr/embed/#replay=[A-Za-z0-9_-]+" title="', snippet), snippet
    assert link.startswith(page.url.split("/fr/")[0] + "/fr/embed/#replay=") and len(link) < 2000
    expect(page.get_by_role("button", name="Copier le lien")).to_be_visible()
    embed = page.context.new_page()
    embed.goto(link)
    expect(embed.locator(".w-counter")).to_have_text(re.compile(r"^Début"), timeout=ENGINE_TIMEOUT_MS)
    embed.get_by_role("button", name="Fin", exact=True).click()
    moves = page.evaluate("document.querySelector('.play-page').playPage.state.moves")  # the bots played on
    assert moves >= 5
    expect(embed.locator(".w-counter")).to_have_text(f"Étape {moves} sur {moves}")
    embed.close()

    # A link whose third move is not legal: the engine names the rule, the page says it in French,
    # and keeps the engine's own sentence marked as English.
    bad = json.loads(json.dumps(session))
    moves = bad["rounds"][0]["moves"]
    moves[2] = dict(moves[0])  # the first move again, by a player who no longer may make it
    other = table("fr", "rummoli", fragment=f"#table={share_payload(bad)}")
    error = other.locator(".play-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Ce lien de partage ne peut pas être ouvert")
    expect(error.locator(".error-headline")).to_have_text(re.compile(r"^(Cela enfreint une règle du jeu\u202f: |Quelque chose ne va pas à l’endroit rounds\[0\])"))
    expect(error.locator("q[lang=en]")).to_have_count(1)
    assert not page.errors and not other.errors


def test_an_engine_that_does_not_load_says_so_at_the_table_and_retry_asks_again_for_what_failed(table, browser):
    """The play page's error and Retry are the widget's one block (view/controls.mjs): the
    engine's failure said in the page's language, and Retry runs the failed request's action
    again (model/session.mjs), here Start."""
    broken = {"yes": True}
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/pyodide/python_stdlib.zip", lambda route: route.abort("connectionreset") if broken["yes"] else route.continue_())
    page = table("fr", "michigan", context=context)
    form = page.locator(".setup-form")
    form.locator("#setup-seed").fill("2")
    page.get_by_role("button", name=START["fr"]).click()
    alert = page.locator(".play-error")
    expect(alert).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_contain_text("Le moteur de règles n’a pas démarré")
    retry = alert.get_by_role("button", name="Réessayer")
    expect(retry).to_be_visible()
    expect(page.locator(".play-table")).to_be_hidden()
    broken["yes"] = False
    retry.click()
    expect(page.locator(".play-table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(alert).to_be_hidden()
    wait_for_reader_or_end(page)
    assert page.evaluate("document.querySelector('.play-page').playPage.state.document.seed") == 2, "the same Start, asked again"
