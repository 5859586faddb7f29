"""One screen on the play page: after Start and at every turn of a round the player's legal
cards (and moves) are inside the viewport, on a desktop (1280x800) and a touch phone
(375x740), in two languages; the focus is on something useful from the start; forced moves
play themselves (an option, on by default, each told in the log), and Hint waits for a choice.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ENGINE_TIMEOUT_MS
from test_one_screen import SCREENS, on_screen
from test_play import SCREENSHOTS, START, state, wait_until

WHY = {"en": "You cannot play", "fr": "Vous ne pouvez pas jouer", "es": "Ahora no puedes jugar"}
RUSH = {"en": "Skip to my turn", "fr": "Passer à mon tour", "es": "Saltar hasta mi turno"}
FORCED = {"en": "Your only legal move, played for you:", "fr": "Votre seul coup possible, joué pour vous", "es": "Tu única jugada posible"}


@pytest.fixture
def player(browser, served):
    contexts = []

    def run(lang, screen, game="michigan"):
        context = browser.new_context(viewport={"width": SCREENS[screen]["width"], "height": SCREENS[screen]["height"]},
                                      has_touch=SCREENS[screen].get("has_touch", False), is_mobile=SCREENS[screen].get("is_mobile", False))
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and page.errors.append(message.text))
        page.goto(served.url(f"{lang}/{game}/play/"))
        wait_until(page, "document.documentElement.dataset.player === 'ready'")
        return page

    yield run
    for context in contexts:
        context.close()


def begin(page, lang, seed, seat=0, touch=False):
    form = page.locator(".setup-form")
    form.locator("#setup-seat").select_option(str(seat))
    form.locator("#setup-seed").fill(str(seed))
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")  # the reader was further down the page
    start = page.get_by_role("button", name=START[lang])
    start.tap() if touch else start.click()
    wait_until(page, "!document.querySelector('.play-table').hidden || !document.querySelector('.play-error').hidden")
    assert page.locator(".play-error").is_hidden(), page.locator(".play-error").text_content()


def settled(page) -> str:
    """The page's state once nobody but the reader can act (bots and forced moves done)."""
    wait_until(page, "['reader', 'next-round', 'over'].includes(document.querySelector('.play-page').dataset.state)"
                     " && document.querySelector('.play-page').dataset.busy !== 'true'")
    return state(page)


def legal_controls(page):
    return page.locator(".play-moves button:enabled, .play-moves input:enabled")


@pytest.mark.parametrize("lang, screen", [("en", "desktop"), ("fr", "phone")])
def test_after_start_and_at_every_turn_the_players_legal_moves_are_on_the_screen_and_have_the_focus(player, lang, screen):
    page = player(lang, screen)
    touch = SCREENS[screen].get("has_touch", False)
    begin(page, lang, seed=11, touch=touch)
    page.locator(".control-pace").select_option("fast")
    # Start brought the table into view, whatever the reader's scroll before it.
    problems = on_screen(page.locator(".play-unit .felt"), "after Start: the table")
    assert problems == [], problems
    assert page.evaluate("document.activeElement !== document.body"), "after Start the focus is on <body>"
    turns = 0
    asked_why = False
    while settled(page) == "reader":
        legal = legal_controls(page)
        assert legal.count() >= 1
        problems = []
        for i in range(legal.count()):
            problems += on_screen(legal.nth(i), f"turn {turns + 1}: legal move {i + 1}")
        problems += on_screen(page.locator(".play-status"), f"turn {turns + 1}: the status")
        assert problems == [], problems
        # The focus waits on the first legal move (a keyboard player presses Enter).
        assert legal.first.evaluate("(node) => node === document.activeElement"), f"turn {turns + 1}: focus elsewhere"
        other = page.locator(".reader-hand span.pcard")
        if not asked_why and other.count():
            # A card that cannot be played says why, in the page's words, its rule linked.
            other.first.tap() if touch else other.first.click()
            why = page.locator(".play-why")
            expect(why).to_contain_text(WHY[lang], timeout=ENGINE_TIMEOUT_MS)
            expect(why.locator("a[href*='michigan.html#michigan.']")).to_have_count(1)
            assert on_screen(why, "the reason a card cannot be played") == []
            asked_why = True
        before = page.locator(".play-log li").count()
        if page.locator(".play-moves .bid-control").count():
            control = page.locator(".play-moves .bid-control button")
        else:
            control = page.locator(".play-moves button:enabled").first
        control.tap() if touch else control.click()
        expect(page.locator(".play-log li")).not_to_have_count(before)
        turns += 1
    assert turns >= 2 and asked_why
    # The round is over: its summary (each player's net) and the next-round button are at the table.
    assert settled(page) == "next-round"
    summary = page.locator(".round-summary")
    expect(summary).to_be_visible()
    players = page.locator(".play-unit .felt .seat-name").all_inner_texts()
    expect(summary.locator(".round-nets li")).to_have_count(len(players))
    problems = on_screen(page.locator(".control-next-round"), "the next-round button") + on_screen(page.locator(".play-unit .felt"), "the table")
    problems += on_screen(summary, "the round's summary")
    assert problems == [], problems
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_forced_moves_play_themselves_told_in_the_log_and_hint_waits_for_a_choice(player, lang):
    page = player(lang, "desktop")
    begin(page, lang, seed=5)
    page.locator(".control-pace").select_option("fast")
    expect(page.locator(".control-forced")).to_be_checked()  # on by default
    decisions = 0
    while settled(page) == "reader":
        legal = legal_controls(page)
        # The player is asked only for a choice: two moves at least, or an amount to choose.
        assert legal.count() > 1 or page.locator(".play-moves .bid-control").count(), "a forced move waited for the player"
        expect(page.locator(".control-hint")).to_be_enabled()
        before = page.locator(".play-log li").count()
        legal.first.click()
        expect(page.locator(".play-log li")).not_to_have_count(before)
        decisions += 1
    told = page.locator(".play-log li.log-forced")
    assert told.count() >= 1, "no forced move in a whole round of Michigan"
    expect(told.first).to_contain_text(FORCED[lang])
    assert "[object" not in told.first.inner_text(), told.first.inner_text()  # the move named, as words or a card
    expect(told.first.locator(".card")).to_have_count(1)  # a card's move names the card

    # With the option off, a forced move waits for the player, and Hint is off there.
    page.locator(".control-forced").uncheck()
    page.locator(".control-next-round").click()
    met = False
    while not met and settled(page) == "reader":
        legal = legal_controls(page)
        met = legal.count() == 1 and not page.locator(".play-moves .bid-control").count()
        if met:
            expect(page.locator(".control-hint")).to_be_disabled()
        else:
            before = page.locator(".play-log li").count()
            legal.first.click()
            expect(page.locator(".play-log li")).not_to_have_count(before)
    assert met, "a round of Michigan without a forced move, with the option off"
    assert page.errors == []


def test_a_run_of_bot_moves_can_be_skipped_to_the_players_next_turn(player):
    page = player("en", "desktop")
    begin(page, "en", seed=3)
    page.locator(".control-pace").select_option("step")  # the bots wait for "Next move"
    rush = page.get_by_role("button", name=RUSH["en"])
    for _ in range(3):
        wait_until(page, "['reader', 'bot', 'next-round'].includes(document.querySelector('.play-page').dataset.state)"
                         " && document.querySelector('.play-page').dataset.busy !== 'true'")
        if state(page) != "reader":
            break
        before = page.locator(".play-log li").count()
        legal_controls(page).first.click()
        expect(page.locator(".play-log li")).not_to_have_count(before)
    assert state(page) == "bot", "the bots never had the move"
    expect(rush).to_be_visible()
    rush.click()
    assert settled(page) in ("reader", "next-round")
    expect(rush).to_be_hidden()
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_screenshots_of_a_rules_table_and_the_play_table_at_both_widths(served, context, lang):
    """build/screenshots/one-screen-*.png, for a person to look at; each must show no error, fit
    the phone's width and keep every control inside it (screens.photograph)."""
    from screens import photograph

    def rules_ready(page):
        expect(page.locator("#nine-of-diamonds")).to_have_attribute("data-widget", "ready")
        expect(page.locator("#nine-of-diamonds .w-counter")).to_be_visible()

    photograph(context, served.url(f"{lang}/michigan.html#nine-of-diamonds/2"), f"one-screen-rules-{lang}", rules_ready)

    def play_ready(page):
        expect(page.locator("html")).to_have_attribute("data-player", "ready")
        begin(page, lang, seed=11)
        settled(page)
        expect(legal_controls(page).first).to_be_visible()

    photograph(context, served.url(f"{lang}/michigan/play/"), f"one-screen-play-{lang}", play_ready)


NEXT_MOVE = {"en": "Next move", "fr": "Coup suivant", "es": "Siguiente jugada"}


def last_step(page) -> dict:
    """The displays of the latest step's messages, and those events (the page's session)."""
    return page.evaluate("""(() => {
      const step = document.querySelector('.play-page').playPage.session.round.steps.at(-1);
      return step ? { events: step.events, displays: step.messages.map((m) => m.display ?? null) } : { events: [], displays: [] };
    })()""")


@pytest.mark.parametrize("lang, screen", [("en", "phone"), ("fr", "desktop")])
def test_a_section_won_by_a_card_and_a_player_going_out_are_shown_at_the_table_as_they_happen(player, lang, screen):
    page = player(lang, screen, game="pope_joan")
    touch = SCREENS[screen].get("has_touch", False)
    begin(page, lang, seed=4, touch=touch)
    page.locator(".control-forced").uncheck()  # every move waits for a tap: the test sees each one
    page.locator(".control-pace").select_option("step")  # the bots wait for "Next move"
    moments = page.locator(".play-unit .table-moments")
    wins = outs = 0
    while True:
        wait_until(page, "['reader', 'bot', 'next-round', 'over'].includes(document.querySelector('.play-page').dataset.state)"
                         " && document.querySelector('.play-page').dataset.busy !== 'true'")
        step = last_step(page)
        for i, display in enumerate(step["displays"]):
            event = step["events"][i]
            if display == "win":  # a pay card played wins its section: said at the table with who took it
                won = moments.locator(".news-kind-win").filter(has_text=event["to"]["player"])
                expect(won.first).to_be_in_viewport()
                assert on_screen(won.first, "the section won", whole=False) == []
                if not wins:
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"play-moment-win-{screen}-{lang}.png"))
                wins += 1
            if display == "out":  # going out: the player, then what each rival pays, at the table
                paid = []
                for later in step["events"][i + 1:]:
                    if later["type"] != "transfer":
                        break
                    paid.append(later)
                out = moments.locator(".news-kind-out")
                expect(out).to_be_in_viewport()
                assert on_screen(out, "the player going out", whole=False) == []
                expect(out.locator(".news-message").first).to_contain_text(event["player"])
                expect(out.locator(".news-payout")).to_have_count(len(paid))
                for line, transfer in zip(out.locator(".news-payout").all(), paid):
                    expect(line).to_contain_text(transfer["from"].get("player") or transfer["to"]["player"])
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"play-moment-out-{screen}-{lang}.png"))
                outs += 1
        now = state(page)
        if now in ("next-round", "over"):
            break
        told = page.evaluate("document.querySelector('.play-page').playPage.session.log.length")
        control = legal_controls(page).first if now == "reader" else page.get_by_role("button", name=NEXT_MOVE[lang])
        control.tap() if touch else control.click()
        wait_until(page, f"document.querySelector('.play-page').playPage.session.log.length > {told}")
    assert wins > 0, "a round of Pope Joan without a section won by its card"
    assert outs == 1, "the round ends with one player going out"
    assert page.errors == []
