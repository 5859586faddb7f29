"""The printable handout of a rules page (``<lang>/<page>-handout.html``): the whole page with
every worked example expanded, the collapsed ones too, as static steps (no live table, no
loader). The rules page links to it at the top, and each collapsed example links to its place
in it; printing the handout is checked in tests/browser/test_handout.py."""

import html5lib
import pytest

from site_build.pages import GAMES, LANGUAGES


def tree(site, page):
    return html5lib.parse(site.read(page), namespaceHTMLElements=False)


def classes(element) -> list[str]:
    return (element.get("class") or "").split()


def example_boxes(document) -> list:
    return [div for div in document.iter("div") if "example-box" in classes(div)]


def steps(box) -> list:
    return [li for li in box.iter("li") if "step" in classes(li)]


def scripts(document) -> list[str]:
    return [script.get("src") for script in document.iter("script") if script.get("src")]


PAGES = [(lang, game) for lang in LANGUAGES for game in GAMES]


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_handout_holds_every_example_of_the_page_step_by_step(site, lang, game):
    rules = tree(site, f"{lang}/{game}.html")
    handout = tree(site, f"{lang}/{game}-handout.html")
    on_page = example_boxes(rules)
    printed = example_boxes(handout)
    assert [box.get("id") for box in printed] == [box.get("id") for box in on_page]
    collapsed = [box for box in on_page if box.find(".//details") is not None]
    for box in printed:
        assert box.find(".//details") is None, f"{box.get('id')} is collapsed in the handout"
        assert box.find(".//*[@class='example-start']") is not None, f"{box.get('id')} has no start position"
        assert steps(box), f"{box.get('id')} has no step in the handout"
    # A collapsed example's steps are those of its own page, every one.
    for box in collapsed:
        own = box.find(".//p[@class='example-page-link']/a").get("href")
        full = example_boxes(tree(site, f"{lang}/{own}"))[0]
        in_handout = next(b for b in printed if b.get("id") == box.get("id"))
        assert len(steps(in_handout)) == len(steps(full)) > 0


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_rules_page_and_each_collapsed_example_link_to_the_handout(site, lang, game):
    rules = tree(site, f"{lang}/{game}.html")
    top = [a.get("href") for p in rules.iter("p") if "handout-link" in classes(p) for a in p.iter("a")]
    assert top == [f"{game}-handout.html"]
    for box in example_boxes(rules):
        if box.find(".//details") is None:
            continue
        links = [a.get("href") for p in box.iter("p") if "example-handout-link" in classes(p) for a in p.iter("a")]
        assert links == [f"{game}-handout.html#{box.get('id')}"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_handout_is_static_and_leads_back_to_its_page(site, lang):
    for game in GAMES:
        handout = tree(site, f"{lang}/{game}-handout.html")
        assert not any(src.endswith("pages/rules.mjs") for src in scripts(handout)), "the handout loads the live tables"
        back = [a.get("href") for p in handout.iter("p") if "handout-actions" in classes(p) for a in p.iter("a")]
        assert back == [f"{game}.html"]
        switch = {a.get("hreflang"): a.get("href") for a in handout.iter("a") if "language-link" in classes(a)}
        assert switch == {other: f"../{other}/{game}-handout.html" for other in LANGUAGES}
        # The print button is hidden until site.js can make it work.
        button = next(b for b in handout.iter("button") if "handout-print" in classes(b))
        assert button.get("hidden") is not None and button.get("data-print") is not None
