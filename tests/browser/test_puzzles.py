"""The puzzle pages in Chromium, at 1280 and 375 px in two languages: a puzzle solved right and
one wrong, the verdict and the rating's change on the screen at once (from the stored ratings,
no engine), the rating kept over a reload; the filter by theme and difficulty; a teacher's set link reopens
the set in its order, and so does its embed;
the worksheet prints with the answers on a page of their own; a puzzle solved with the network
cut after one visit; "Play it out" plays the player's move and the best one on with the engine.

The puzzles are whatever site/puzzles/<game>.json holds: each test picks the puzzles it needs
(a card to play, two options or more) from the data the build shipped."""

from __future__ import annotations

import io
import json
import os
import re
import unicodedata
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from conftest import ENGINE_TIMEOUT_MS, Served
from site_build.i18n import load_translations
from site_build.pages import GAMES

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", REPO / "build" / "screenshots"))
# The page's own words (templates/puzzles.html), from the catalogs the build renders it with.
TRANSLATIONS = {lang: load_translations(REPO / "site" / "locale", lang) for lang in ("en", "es", "fr")}


def catalog_words(msgid: str) -> dict[str, str]:
    return {lang: translations.gettext(msgid) for lang, translations in TRANSLATIONS.items()}


NEXT = catalog_words("Next puzzle")
ANSWER = catalog_words("The engine’s answer")
MAKE_SET = catalog_words("Make a set of puzzles")
SET_LINK = catalog_words("Link to the set")


def shipped(root: Path, lang: str, game: str) -> list[dict]:
    return json.loads((root / lang / game / "puzzles" / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]


def messages(root: Path, lang: str) -> dict:
    return json.loads((root / lang / "messages.json").read_text(encoding="utf-8"))


def card_puzzles(root: Path, count: int = 1) -> tuple[str, list[dict]]:
    """A game with ``count`` puzzles at least whose options are all cards to play."""
    for game in GAMES:
        found = [p for p in shipped(root, "en", game) if all("play" in o["move"] for o in p["rating"]["options"])]
        if len(found) >= count:
            return game, found
    pytest.skip(f"no game has {count} puzzles of cards to play")


def say(catalog: dict, msgid: str, **values) -> str:
    text = catalog["messages"][msgid]
    for name, value in values.items():
        text = text.replace(f"%({name})s", value)
    return text


def card_button(page, catalog, card: str):
    """The card of the player's hand that plays it, by its accessible name."""
    name = say(catalog, "Play %(card)s", card=catalog["cards"][card]["the"])
    return page.get_by_role("group", name=catalog["messages"]["Your hand"]).get_by_role("button", name=name, exact=True)


def rating(page) -> str:
    return page.locator(".puzzle-rating").inner_text()


def open_puzzle(browser, served, lang, game, width, fragment="", context=None):
    context = context or browser.new_context(viewport={"width": width, "height": 800 if width > 400 else 740})
    page = context.new_page()
    page.set_default_timeout(ENGINE_TIMEOUT_MS)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.errors = errors
    page.goto(served.url(f"{lang}/{game}/puzzles/{fragment}"))
    expect(page.locator("html")).to_have_attribute("data-player", "ready")
    return context, page


def shoot(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize("lang, width", [("en", 1280), ("fr", 375), ("es", 1280), ("en", 375)])
def test_a_puzzle_solved_right_and_one_wrong_get_their_verdicts_at_once_and_move_the_rating(browser, served, built_site, lang, width):
    game, puzzles = card_puzzles(built_site, 2)
    catalog = messages(built_site, lang)
    right, wrong = puzzles[0], puzzles[1]
    context, page = open_puzzle(browser, served, lang, game, width, f"#puzzle={right['id']}")
    try:
        expect(page.locator("main")).to_have_attribute("data-puzzle", right["id"])
        start = rating(page)
        shoot(page, f"puzzle-{lang}-{width}")
        best = right["rating"]["options"][right["rating"]["best"]]["move"]["play"]
        card_button(page, catalog, best).click()
        verdict = page.get_by_role("status").filter(has_text=catalog["messages"]["Right: %(move)s is the best move."].split("%(move)s")[0].strip())
        expect(verdict).to_be_visible()
        expect(page.locator("main")).to_have_attribute("data-state", "right")
        # The verdict, the rating and the controls on the screen together, without scrolling.
        for shown in (verdict, page.locator(".puzzle-rating"),
                      page.get_by_role("button", name=NEXT[lang])):
            expect(shown).to_be_in_viewport()
        solved = rating(page)
        assert solved != start
        shoot(page, f"puzzle-{lang}-{width}-right")
        # The table of options with the reasons in the page's language, and how it was found.
        page.get_by_role("button", name=ANSWER[lang]).click()
        answer = page.locator(".puzzle-answer")
        expect(answer).to_be_in_viewport()
        rows = answer.locator("tbody tr")
        expect(rows).to_have_count(len(right["rating"]["options"]))
        expect(answer.locator("tr.hint-best th")).to_have_accessible_name(re.compile(re.escape(catalog["cards"][best]["the"])))
        for row in range(rows.count()):
            assert rows.nth(row).locator("td").last.inner_text().strip()  # the reason, in words
        how = re.sub(r"[\s,.\u202f\u00a0]", "", answer.locator(".puzzle-how").inner_text())
        assert str(right["rating"]["options"][right["rating"]["best"]]["playouts"]) in how
        # A wrong answer on another puzzle: not the best, at a cost; the rating goes down.
        page.goto(served.url(f"{lang}/{game}/puzzles/#puzzle={wrong['id']}"))
        expect(page.locator("main")).to_have_attribute("data-puzzle", wrong["id"])
        expect(page.locator(".puzzle-rating")).to_have_text(solved)  # kept over the visit
        other = next(o["move"]["play"] for i, o in enumerate(wrong["rating"]["options"]) if i != wrong["rating"]["best"])
        card_button(page, catalog, other).click()
        expect(page.locator("main")).to_have_attribute("data-state", "wrong")
        verdict = page.locator(".puzzle-verdict")
        expect(verdict).to_contain_text(catalog["messages"]["Not the best: %(move)s costs %(chips)s on average against %(best)s."].split("%(move)s")[0].strip())
        expect(verdict).to_be_in_viewport()
        missed = rating(page)
        digits = lambda text: int(re.sub(r"\D", "", text.split("±")[0]))
        assert digits(missed) < digits(solved)
        shoot(page, f"puzzle-{lang}-{width}-wrong")
        assert not page.errors, page.errors
    finally:
        context.close()


@pytest.mark.parametrize("lang, width", [("en", 1280), ("es", 375)])
def test_a_set_link_reopens_the_set_in_the_order_chosen(browser, served, built_site, lang, width):
    game, _ = card_puzzles(built_site, 1)
    puzzles = shipped(built_site, lang, game)
    if len(puzzles) < 2:
        pytest.skip(f"{game} ships one puzzle")
    catalog = messages(built_site, lang)
    context, page = open_puzzle(browser, served, lang, game, width)
    try:
        page.get_by_text(MAKE_SET[lang]).click()
        chosen = [puzzles[1], puzzles[0]]
        for puzzle in chosen:
            number = puzzles.index(puzzle) + 1
            prefix = catalog["messages"]["Puzzle %(number)s: %(themes)s, %(level)s"].split("%(themes)s")[0].replace("%(number)s", str(number))
            page.get_by_role("checkbox", name=re.compile("^" + re.escape(prefix))).check()
        link = page.get_by_role("textbox", name=SET_LINK[lang]).input_value()
        assert link.endswith("#set=" + ",".join(p["id"] for p in chosen))
        shoot(page, f"puzzle-set-{lang}-{width}")
        other = context.new_page()
        other.goto(link)
        expect(other.locator("html")).to_have_attribute("data-player", "ready")
        place = lambda n: say(catalog, "Set: puzzle %(number)s of %(total)s · %(level)s", number=str(n), total="2").split(" · ")[0]
        for index, puzzle in enumerate(chosen):
            expect(other.locator("main")).to_have_attribute("data-puzzle", puzzle["id"])
            expect(other.locator(".puzzle-place")).to_contain_text(place(index + 1))
            other.get_by_role("button", name=NEXT[lang]).click()
        expect(other.locator(".puzzle-question")).to_have_text(catalog["messages"]["That was the last puzzle of the set."])
        # The embed of the set (the snippet's frame) opens the same set, the trainer alone.
        snippet = page.locator(".set-snippet").input_value()
        embed = re.search(r'src="([^"]+)"', snippet).group(1).replace("&amp;", "&")
        assert f"/{lang}/embed/puzzles/{game}.html#set=" in embed
        framed = context.new_page()
        framed.goto(embed)
        expect(framed.locator("html")).to_have_attribute("data-player", "ready")
        expect(framed.locator("main")).to_have_attribute("data-puzzle", chosen[0]["id"])
        expect(framed.locator(".site-header")).to_have_count(0)
    finally:
        context.close()


def test_the_filter_shows_puzzles_of_the_theme_and_difficulty_chosen(browser, served, built_site):
    game = max(GAMES, key=lambda g: len({t for p in shipped(built_site, "en", g) for t in p["themes"]}))
    puzzles = shipped(built_site, "en", game)
    context, page = open_puzzle(browser, served, "en", game, 1280)
    try:
        shown = lambda: next(p for p in puzzles if p["id"] == page.locator("main").get_attribute("data-puzzle"))
        theme = page.get_by_label("Theme")
        for value in [o.get_attribute("value") for o in theme.locator("option").all()][1:]:
            theme.select_option(value)
            expect(page.locator("main")).to_have_attribute("data-state", "solving")
            assert value in shown()["themes"]
        theme.select_option("")
        level = page.get_by_label("Difficulty")
        for value in ("1", "2", "3"):
            level.select_option(value)
            if any(p["difficulty"]["level"] == int(value) for p in puzzles):
                expect(page.locator("main")).to_have_attribute("data-state", "solving")
                assert shown()["difficulty"]["level"] == int(value)
            else:
                expect(page.locator("main")).to_have_attribute("data-state", "done")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_worksheet_prints_its_puzzles_and_the_answers_on_a_page_of_their_own(browser, served, built_site, lang):
    game = GAMES[0]
    puzzles = shipped(built_site, lang, game)
    chosen = puzzles[:2]
    catalog = messages(built_site, lang)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(served.url(f"{lang}/{game}/puzzles/worksheet.html#set=" + ",".join(p["id"] for p in chosen)))
        expect(page.locator("html")).to_have_attribute("data-player", "ready")
        expect(page.locator(".worksheet-puzzle")).to_have_count(len(chosen))
        pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))
        # The text as read back (NFKC: the PDF's ligatures, "ﬂ", as their letters).
        pages = [unicodedata.normalize("NFKC", p.extract_text()) for p in pdf.pages]
        heading = lambda n: say(catalog, "Puzzle %(number)s", number=str(n))
        answers_title = page.locator("#answers-title").inner_text()
        answer_pages = [i for i, text in enumerate(pages) if answers_title in text]
        assert answer_pages, pages
        first_answers = answer_pages[0]
        assert first_answers > 0, "the answers start on a page of their own"
        before = "\n".join(pages[:first_answers])
        for n in range(1, len(chosen) + 1):
            assert heading(n) in before
        assert heading(len(chosen) + 1) not in "\n".join(pages)
        # The answers name each puzzle's best move (a card as the page draws it: "8♣").
        after = " ".join(" ".join(pages[first_answers:]).split())
        for n, puzzle in enumerate(chosen, 1):
            assert heading(n) in after
            best = puzzle["rating"]["options"][puzzle["rating"]["best"]]["move"]
            if "play" in best:
                assert best["play"] in after
        # And the questions' pages hold no answer.
        assert not any(answers_title in text for text in pages[:first_answers])
    finally:
        context.close()


def test_a_puzzle_is_solved_with_the_network_cut_after_one_visit(browser, built_site):
    server = Served(built_site)
    game, puzzles = card_puzzles(built_site, 1)
    puzzle = puzzles[0]
    catalog = messages(built_site, "en")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="allow")
    try:
        page = context.new_page()
        page.goto(server.url(f"en/{game}/puzzles/"))
        expect(page.locator("html")).to_have_attribute("data-player", "ready")
        wanted = {f"/en/{game}/puzzles/index.html", f"/en/{game}/puzzles/puzzles.json", "/en/messages.json"}
        for _ in range(ENGINE_TIMEOUT_MS // 100):
            kept = set(page.evaluate("""async () => { const out = [];
                for (const name of await caches.keys()) if (name.startsWith("stops-site-"))
                  for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
                return out; }"""))
            if wanted <= kept and page.evaluate("navigator.serviceWorker.controller !== null"):
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError(f"the service worker never kept {wanted - kept}")
        server.close()
        offline = context.new_page()
        offline.goto(server.url(f"en/{game}/puzzles/#puzzle={puzzle['id']}"))
        expect(offline.locator("html")).to_have_attribute("data-player", "ready")
        best = puzzle["rating"]["options"][puzzle["rating"]["best"]]["move"]["play"]
        card_button(offline, catalog, best).click()
        expect(offline.locator("main")).to_have_attribute("data-state", "right")
        expect(offline.get_by_role("status").filter(has_text="Right:")).to_be_visible()
    finally:
        context.close()
        try:
            server.close()
        except Exception:
            pass


def test_play_it_out_plays_the_players_move_and_the_best_to_the_end_of_the_round(browser, served, built_site):
    game, puzzles = card_puzzles(built_site, 1)
    puzzle = puzzles[0]
    catalog = messages(built_site, "en")
    context, page = open_puzzle(browser, served, "en", game, 1280, f"#puzzle={puzzle['id']}")
    try:
        other = next(o["move"]["play"] for i, o in enumerate(puzzle["rating"]["options"]) if i != puzzle["rating"]["best"])
        card_button(page, catalog, other).click()
        page.get_by_role("button", name="Play it out").click()
        lines = page.get_by_role("group", name="Lines").get_by_role("button")
        expect(lines).to_have_count(2)
        expect(lines.nth(0)).to_contain_text("Your move")
        expect(lines.nth(1)).to_contain_text("The best move")
        widget = page.locator(".playout-host .widget")
        expect(widget).to_be_visible()
        lines.nth(1).click()
        expect(lines.nth(1)).to_have_attribute("aria-pressed", "true")
        expect(widget).to_be_visible()
        shoot(page, "puzzle-en-1280-play-out")
        assert not page.errors, page.errors
    finally:
        context.close()
