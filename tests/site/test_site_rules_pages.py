"""What every rules page offers in every language: a quick start and a table of contents at the
top (the worked example one click away), the board as a picture with a text alternative, an
FAQ whose every answer links to the rule it rests on, a sourced history; and a glossary whose
every entry links to a rule or a page."""

import pytest

from site_build.pages import GAMES, LANGUAGES


SVG = "{http://www.w3.org/2000/svg}"


def text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def main_children(document):
    return list(document.find(".//main"))


def section(document, section_id: str) -> list:
    """The elements of one `##` section: from its heading to the next one."""
    children = main_children(document)
    start = next(i for i, e in enumerate(children) if e.tag == "h2" and e.get("id") == section_id)
    end = next((i for i in range(start + 1, len(children)) if children[i].tag == "h2"), len(children))
    return children[start + 1:end]


def ids(document) -> set[str]:
    return {e.get("id") for e in document.iter() if e.get("id")}


def rule_ids(document) -> set[str]:
    return {e.get("id") for e in document.iter("div") if "rule" in (e.get("class") or "").split()}


def links(element) -> list[str]:
    return [a.get("href") for a in element.iter("a") if a.get("href")]


PAGES = [(lang, game) for lang in LANGUAGES for game in GAMES]


@pytest.mark.parametrize("lang,game", PAGES)
def test_a_rules_page_opens_with_a_quick_start_then_a_table_of_contents(site, lang, game):
    document = site.tree(f"{lang}/{game}.html")
    children = main_children(document)
    first_h2 = next(i for i, e in enumerate(children) if e.tag == "h2")
    before = children[:first_h2]
    quick = [e for e in before if e.tag == "aside" and "quick-start" in e.get("class", "")]
    toc = [e for e in before if e.tag == "nav" and "toc" in e.get("class", "")]
    assert quick and toc, f"{lang}/{game}: quick start {bool(quick)}, table of contents {bool(toc)}"
    assert children.index(quick[0]) < children.index(toc[0])
    assert len(quick[0].findall(".//li")) >= 5  # players, cards, board, a round, winning
    headings = [e.get("id") for e in children if e.tag == "h2"]
    assert [href.lstrip("#") for href in links(toc[0])] == headings


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_worked_example_is_one_click_from_the_top(site, lang, game):
    document = site.tree(f"{lang}/{game}.html")
    children = main_children(document)
    first_example = next(e for e in document.iter() if "example" in (e.get("class") or "").split())
    # The section that holds the first example: the last heading before it.
    holder = None
    for element in document.find(".//main").iter():
        if element.tag == "h2":
            holder = element.get("id")
        if element is first_example:
            break
    toc = next(e for e in children if e.tag == "nav" and "toc" in e.get("class", ""))
    assert f"#{holder}" in links(toc), (lang, game, holder)


@pytest.mark.parametrize("lang,game", PAGES)
def test_every_faq_answer_links_to_the_rule_it_rests_on(site, lang, game):
    document = site.tree(f"{lang}/{game}.html")
    rules = rule_ids(document)
    answers = [e for e in section(document, "faq") if e.tag == "p"]
    assert len(answers) >= 6
    for answer in answers:
        targets = [href[1:] for href in links(answer) if href.startswith("#")]
        assert targets and all(t in rules for t in targets), f"{lang}/{game}: {text(answer)[:80]}"


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_board_picture_has_a_text_alternative_naming_every_section(site, lang, game):
    document = site.tree(f"{lang}/{game}.html")
    (svg,) = [e for e in document.iter(f"{SVG}svg")]
    assert svg.get("role") == "img"
    labelled = svg.get("aria-labelledby").split()
    parts = {e.get("id"): e for e in svg.iter() if e.get("id")}
    assert [parts[i].tag for i in labelled] == [f"{SVG}title", f"{SVG}desc"]
    description = text(parts[labelled[1]])
    tiles = [text(tile.find("span")) for tile in document.iter("li") if "board-section" in (tile.get("class") or "")]
    assert tiles and all(name in description for name in tiles), (description, tiles)
    assert text(parts[labelled[0]]) and description
    assert len([g for g in svg.iter(f"{SVG}g") if "pot-shape" in (g.get("class") or "")]) == len(tiles)


@pytest.mark.parametrize("lang,game", PAGES)
def test_the_history_names_its_sources(site, lang, game):
    document = site.tree(f"{lang}/{game}.html")
    parts = section(document, "history")
    sources = [li for e in parts if e.tag == "ol" for li in e.findall("li")]
    assert len(sources) >= 3
    prose = " ".join(text(e) for e in parts if e.tag == "p")
    for number in range(1, len(sources) + 1):
        assert f"[{number}]" in prose, (lang, game, number)


@pytest.mark.parametrize("lang,game", PAGES)
def test_every_page_has_table_practice_and_strategy(site, lang, game):
    document = site.tree(f"{lang}/{game}.html")
    for part in ("table-practice", "strategy"):
        items = [li for e in section(document, part) if e.tag == "ul" for li in e.findall("li")]
        assert len(items) >= 5, (lang, game, part)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_entry_links_to_a_rule_or_a_page(site, lang):
    document = site.tree(f"{lang}/glossary.html")
    pages = {f"{game}.html": site.tree(f"{lang}/{game}.html") for game in GAMES}
    entries = [e for e in document.iter("h3")]
    assert len(entries) >= 25
    children = main_children(document)
    for heading in entries:
        start = children.index(heading)
        body = []
        for element in children[start + 1:]:
            if element.tag in ("h2", "h3"):
                break
            body.append(element)
        hrefs = [href for element in body for href in links(element)]
        assert hrefs, f"{lang}/glossary: {text(heading)} links nowhere"
        for href in hrefs:
            page, _, anchor = href.partition("#")
            assert page and not page.startswith(("http:", "https:")), href
            if page in pages:
                assert anchor in ids(pages[page]), href


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_has_the_terms_the_rules_use(site, lang):
    glossary = site.read(f"{lang}/glossary.html")
    for term in ("king-queen", "pot", "pozo", "kitty", "dead-hand", "deadlock", "colour-switch", "duty-to-lead",
                 "misdeal", "showdown", "betting", "name-michigan", "name-tripoli", "name-rummoli", "name-relatives"):
        assert f'id="{term}"' in glossary, term
