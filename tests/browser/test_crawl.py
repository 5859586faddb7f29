"""The whole site, page by page, in every language, as a reader on a phone and on a laptop:
no console error or warning, no request to another origin, nothing refused by the
Content-Security-Policy, nothing wider than a 375 px screen, and no serious or critical
accessibility finding (axe-core) at 375 and 1280 px, no word of a board's label cut. Then an example steps and a "What if?"
plays under the policy.

What axe checks where (a choice, to keep the suite fast without losing what it finds):
a finding depends on a page's content and markup, or on its template's layout at a width,
which the pages of one template share. So axe runs at 375 px (the phone, where layout is
tightest) on every page with content of its own, with the first table of a page stepped once and
its "What if?" open (the widget's richest state): every page but an example's own page after
the first of its game (that example's table is drawn on its game's rules page and checked
there) and the puzzle pages after the first of each kind (one template drawing each game's
puzzles). At 1280 px it runs on every page but the copies of one template: the first play page,
example page, puzzle page of each kind and handout stand for the others (`axe_checked`). Every
page is still visited: console, policy, overflow, board labels and the tables' photographs.

Three rules judge what the CSS draws rather than the markup and words: colour contrast, links told
apart from their text, and target sizes (together two thirds of axe's time). The three languages
share the style sheets and the templates, so those run in French, the language of the longest
words (the likeliest to wrap a text onto another background or crowd two targets), and the
other two languages run every other rule (`LAYOUT_RULES`). For the same reason axe runs at
1280 px in French only: a page's markup and words are checked at 375 px in its own language, and
what the wider screen changes (the layout, the parts it shows) the languages share. So too
the board labels at 1280 px: in French on every page, in the other two on the rules pages (whose
tables are photographed at both widths). Every page is visited at 375 px in every language."""

import re

import pytest
from playwright.sync_api import expect

from site_build.policy import META_POLICY

from axe import serious_findings
from conftest import ENGINE_TIMEOUT_MS, LIVE_WHAT_IF, Watched, hang
from reader import draw_every_example, label, rules_pages, step_next, wait_ready, what_if, widget
from screens import SCREENSHOTS, photograph_part

LANGUAGES = ("es", "en", "fr")
WIDTHS = (375, 1280)
# Each language's pages are crawled in this many parts (every PARTS-th page of the sorted list),
# each a test of its own, so that the xdist workers share the crawl evenly.
PARTS = 3
# axe's rules about what the style sheets draw, run in LAYOUT_LANGUAGE only (see above).
LAYOUT_RULES = ("color-contrast", "link-in-text-block", "target-size")
LAYOUT_LANGUAGE = "fr"
OVERFLOW = """() => {
    const wide = [...document.querySelectorAll("body *")].filter((node) =>
        !node.closest(".table-scroll, .board-scroll") && node.getBoundingClientRect().right > innerWidth + 1);
    return {page: document.documentElement.scrollWidth - innerWidth,
            nodes: wide.slice(0, 5).map((node) => `${node.tagName.toLowerCase()}.${node.className}`)};
}"""


# The board's labels whose words are cut: a word laid out over two lines, or a label wider
# than its pot (view/board.mjs sets a long word smaller so that it fits whole).
CUT_LABELS = """() => [...document.querySelectorAll(".pot-name")].filter((name) => {
  if (name.scrollWidth > name.clientWidth + 1) return true;
  const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (const word of text.data.matchAll(/[^\\s-]+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) return true;
    }
  }
  return false;
}).map((name) => name.textContent)"""


def pages_of(site, lang):
    return sorted(p.relative_to(site).as_posix() for p in (site / lang).rglob("*.html"))


def settle(page, root, lang):
    """Loaded, and every live example drawn where the page has any; the first one a step in with
    its "What if?" open (the choices are listed without the engine)."""
    page.wait_for_load_state("load")
    if page.locator(".example-box[data-example]").count():
        wait_ready(page)
        draw_every_example(page)
        first = page.locator(".example-box[data-example]").first.get_attribute("id")
        box = widget(page, first)
        box.get_by_role("button", name=label(root, lang, "Next")).click()
        ask = box.get_by_role("button", name=label(root, lang, "What if?"))
        if ask.is_visible():
            ask.click()
            expect(box.locator(".w-choices button").first).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")


def copy_of(path, width):
    """The template whose first page stands for this one in axe's check at this width, or None
    for a page checked on its own: an example's own page (one per game at 375 px, one in all at
    1280 px), a game's puzzle page, its worksheet and its puzzle embed (one of each at both
    widths: the same page drawing another game's puzzles, whose tables the game's rules and play
    pages show), a play page and a handout (at 1280 px, one of each)."""
    parts = path.split("/")
    if parts[1] == "examples":
        return ("example", parts[2]) if width == WIDTHS[0] else ("example",)
    if len(parts) > 3 and parts[2] == "puzzles":  # a puzzle page, its worksheet, its embed
        return ("puzzles", "embed" if parts[1] == "embed" else parts[3])
    if width == WIDTHS[0]:
        return None
    if len(parts) > 3 and parts[2] == "play":
        return ("play",)
    return ("handout",) if path.endswith("-handout.html") else None


def axe_checked(paths, width):
    """The pages axe checks at a width, in order: each page, but only the first of each copy_of."""
    seen, chosen = set(), []
    for path in paths:
        kind = copy_of(path, width)
        if kind is None or kind not in seen:
            seen.add(kind)
            chosen.append(path)
    return chosen


def test_every_example_page_shows_a_table_its_games_rules_page_shows_too(built_site):
    """What lets axe check an example's own pages once per game at 375 px (`copy_of`)."""
    example = re.compile(r'class="example-box[^"]*" id="([^"]+)"[^>]* data-example=')
    for lang in LANGUAGES:
        for page in (built_site / lang / "examples").glob("*/*.html"):
            rules = (built_site / lang / f"{page.parent.name}.html").read_text(encoding="utf-8")
            shown = example.findall(page.read_text(encoding="utf-8"))
            assert shown and set(shown) <= set(example.findall(rules)), page


def parts_of(paths, weight):
    """The crawl's parts: the pages shared out so that each part weighs about the same, the
    heaviest page first to the lightest part (a page's weight: its size, as axe's time grows
    with the page); each part in the order of `paths`."""
    parts, loads = [[] for _ in range(PARTS)], [0] * PARTS
    for path in sorted(paths, key=lambda path: (-weight(path), path)):
        lightest = min(range(PARTS), key=lambda part: (loads[part], part))
        parts[lightest].append(path)
        loads[lightest] += weight(path)
    return [sorted(part, key=paths.index) for part in parts]


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_clean_fits_a_phone_and_passes_axe_at_both_widths(served, browser, built_site, lang, part):
    """... and no word of a board's label is cut; the first table of each rules page is
    photographed at both widths (build/screenshots/table-<game>-<width>-<lang>.png)."""
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 800})
    # The step and "What if?" of `settle` start the page's worker: its Pyodide files are left
    # unanswered, as no check here needs the engine (the last test below runs it).
    context.route("**/pyodide/**", hang)
    problems = []
    try:
        watched = Watched(context.new_page())
        page = watched.page
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        paths = pages_of(built_site, lang)
        # axe at 375 px in every language, at 1280 px in LAYOUT_LANGUAGE only (see above).
        checked = {width: set(axe_checked(paths, width)) if width == WIDTHS[0] or lang == LAYOUT_LANGUAGE else set()
                   for width in WIDTHS}
        rules = rules_pages(built_site)
        for path in parts_of(paths, lambda path: (built_site / path).stat().st_size)[part]:
            page.set_viewport_size({"width": WIDTHS[0], "height": 800})
            page.goto(served.url(path))
            settle(page, built_site, lang)
            overflow = page.evaluate(OVERFLOW)
            if overflow["page"] > 0 or overflow["nodes"]:
                problems.append(f"{path}: wider than {WIDTHS[0]} px by {overflow['page']} px: {overflow['nodes']}")
            is_rules = path.removeprefix(f"{lang}/").removesuffix(".html") in rules
            for width in WIDTHS:
                if width != WIDTHS[0] and lang != LAYOUT_LANGUAGE and not is_rules:
                    continue  # the wide screen's layout is French's, the longest words (see above)
                page.set_viewport_size({"width": width, "height": 800})
                if path in checked[width]:
                    skip = () if lang == LAYOUT_LANGUAGE else LAYOUT_RULES
                    problems += [f"{path} at {width} px: {finding}" for finding in serious_findings(page, skip=skip)]
                problems += [f"{path} at {width} px: a board label cut: {name!r}" for name in page.evaluate(CUT_LABELS)]
                if is_rules:
                    table = page.locator(".example-box[data-example] .widget").first
                    photograph_part(page, table, SCREENSHOTS / f"table-{path[len(lang) + 1:-5]}-{width}-{lang}.png")
                    page.evaluate("window.scrollTo(0, 0)")
            problems += [f"{path}: console error: {text}" for text in watched.errors]
            problems += [f"{path}: console warning: {text}" for text in watched.warnings]
            watched.errors.clear()
            watched.warnings.clear()
        others = sorted({url for url in watched.requests if not url.startswith(served.origin + "/")})
        problems += [f"request to another origin: {url}" for url in others]
    finally:
        context.close()
    assert problems == []


def test_axe_checks_every_page_but_the_copies_of_one_template():
    paths = ["en/embed/puzzles/michigan.html", "en/embed/puzzles/poch.html",
             "en/examples/michigan/a.html", "en/examples/michigan/b.html", "en/examples/poch/a.html",
             "en/michigan-handout.html", "en/michigan.html", "en/michigan/play/index.html",
             "en/michigan/puzzles/index.html", "en/michigan/puzzles/worksheet.html",
             "en/poch-handout.html", "en/poch.html", "en/poch/play/index.html",
             "en/poch/puzzles/index.html", "en/poch/puzzles/worksheet.html"]
    assert axe_checked(paths, 375) == ["en/embed/puzzles/michigan.html", "en/examples/michigan/a.html",
                                       "en/examples/poch/a.html", "en/michigan-handout.html", "en/michigan.html",
                                       "en/michigan/play/index.html", "en/michigan/puzzles/index.html",
                                       "en/michigan/puzzles/worksheet.html", "en/poch-handout.html", "en/poch.html",
                                       "en/poch/play/index.html"]
    assert axe_checked(paths, 1280) == ["en/embed/puzzles/michigan.html", "en/examples/michigan/a.html",
                                        "en/michigan-handout.html", "en/michigan.html", "en/michigan/play/index.html",
                                        "en/michigan/puzzles/index.html", "en/michigan/puzzles/worksheet.html",
                                        "en/poch.html"]


def test_the_parts_of_the_crawl_hold_every_page_once_and_weigh_about_the_same():
    paths = [f"en/page-{n}.html" for n in range(10)]
    weights = dict(zip(paths, (9, 1, 1, 8, 2, 2, 7, 3, 3, 1)))
    parts = parts_of(paths, weights.get)
    assert len(parts) == PARTS
    assert sorted(path for part in parts for path in part) == paths
    loads = [sum(map(weights.get, part)) for part in parts]
    assert max(loads) - min(loads) <= max(weights.values()) // 2, loads
    assert all(part == sorted(part, key=paths.index) for part in parts)


def test_the_root_page_sends_the_reader_on_and_reads_well_without_its_script(served, browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        page = context.new_page()
        page.route("**/choose-language.js", lambda route: route.abort())  # as without JavaScript: no redirect
        page.goto(served.url("index.html"))
        assert page.get_by_role("link", name="English").count() == 1
        assert serious_findings(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()
    context = browser.new_context()
    try:
        watched = Watched(context.new_page())
        watched.page.goto(served.url("index.html"))
        watched.page.wait_for_url("**/*/index.html")
        assert watched.page.url.rsplit("/", 2)[-2] in LANGUAGES
        assert watched.errors == [] and watched.warnings == []
    finally:
        context.close()


def test_an_example_steps_and_a_what_if_plays_under_the_policy(served, open_page):
    # The live engine's What if? (the build's answers routed away): Pyodide under the policy.
    watched = open_page(served.url("fr/michigan.html"), width=375, height=800, routes=LIVE_WHAT_IF)
    page = watched.page
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy == META_POLICY
    expect(step_next(page, served.root, "fr", "nine-of-diamonds")).to_have_text(re.compile(r"\b1\b.*\b5\b"))
    what_if(page, served.root, "fr", "nine-of-diamonds")
    assert watched.errors == [] and watched.warnings == []
    assert all(url.startswith(served.origin + "/") for url in watched.requests)
