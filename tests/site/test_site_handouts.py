"""The printable handout of a rules page (``<lang>/<page>-handout.html``): the whole page with
every worked example expanded, the collapsed ones too, as static steps (no live table, no
loader). The rules page links to it at the top, and each collapsed example links to its place
in it; printing the handout is checked in tests/browser/test_handout.py."""

import pytest

from site_build.pages import GAMES, LANGUAGES


def having(element, tag: str, name: str) -> list:
    """The `tag` elements under `element` that have the class `name`."""
    return [e for e in element.iter(tag) if name in (e.get("class") or "").split()]


def hrefs(element, tag: str, name: str) -> list[str]:
    """The links inside those elements."""
    return [a.get("href") for e in having(element, tag, name) for a in e.iter("a")]


PAGES = [(lang, game) for lang in LANGUAGES for game in GAMES]


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_handout_holds_every_example_of_the_page_step_by_step(site, lang, game):
    rules = site.tree(f"{lang}/{game}.html")
    handout = site.tree(f"{lang}/{game}-handout.html")
    on_page = having(rules, "div", "example-box")
    printed = having(handout, "div", "example-box")
    assert [box.get("id") for box in printed] == [box.get("id") for box in on_page]
    collapsed = [box for box in on_page if box.find(".//details") is not None]
    for box in printed:
        assert box.find(".//details") is None, f"{box.get('id')} is collapsed in the handout"
        assert box.find(".//*[@class='example-start']") is not None, f"{box.get('id')} has no start position"
        assert having(box, "li", "step"), f"{box.get('id')} has no step in the handout"
    # A collapsed example's steps are those of its own page, every one.
    for box in collapsed:
        own = box.find(".//p[@class='example-page-link']/a").get("href")
        full = having(site.tree(f"{lang}/{own}"), "div", "example-box")[0]
        in_handout = next(b for b in printed if b.get("id") == box.get("id"))
        assert len(having(in_handout, "li", "step")) == len(having(full, "li", "step")) > 0


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_rules_page_and_each_collapsed_example_link_to_the_handout(site, lang, game):
    rules = site.tree(f"{lang}/{game}.html")
    assert hrefs(rules, "p", "handout-link") == [f"{game}-handout.html"]
    for box in having(rules, "div", "example-box"):
        if box.find(".//details") is None:
            continue
        assert hrefs(box, "p", "example-handout-link") == [f"{game}-handout.html#{box.get('id')}"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_handout_is_static_and_leads_back_to_its_page(site, lang):
    for game in GAMES:
        handout = site.tree(f"{lang}/{game}-handout.html")
        scripts = [script.get("src") or "" for script in handout.iter("script")]
        assert not any(src.endswith("pages/rules.mjs") for src in scripts), "the handout loads the live tables"
        assert hrefs(handout, "p", "handout-actions") == [f"{game}.html"]
        switch = {a.get("hreflang"): a.get("href") for a in having(handout, "a", "language-link")}
        assert switch == {other: f"../{other}/{game}-handout.html" for other in LANGUAGES}
        # The print button is hidden until site.js can make it work.
        button = having(handout, "button", "handout-print")[0]
        assert button.get("hidden") is not None and button.get("data-print") is not None
        # Nothing in it waits for a table: no example names its data.
        assert not any(box.get("data-example") for box in having(handout, "div", "example-box"))
