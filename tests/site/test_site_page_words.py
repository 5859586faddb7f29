"""The site's words, read from the built pages: every example speaks the page's language, each
language keeps its typography, the home page and the family table are up to date with the
seven games, and the glossary is complete, in order, and linked from the rules text."""

import json
import re
from pathlib import Path

import pytest

from site_build.errors import BuildError
from site_build.examples import check_example_words, load_example_words
from site_build.glossary import TermScanner, collation_key, glossary_terms
from site_build.markdown import make_markdown, parse_page
from site_build.pages import GAMES, LANGUAGES
from site_build.site import check_examples_words

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "site" / "content"
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]


def example_data(site, lang):
    """Every example's data file of a language: {(page, example): data}."""
    folder = site.out / lang / "examples"
    return {(path.parent.name, path.stem): json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(folder.glob("*/*.json"))}


def notes_of(data):
    """An example's notes as a reader meets them: step number -> text (0 is the start)."""
    walk = data["walk"]
    notes = {0: walk["start"].get("note")} if walk["start"].get("note") else {}
    notes |= {number: step["note"] for number, step in enumerate(walk["steps"], start=1) if step.get("note")}
    return notes


def comparable(text):
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


# ----- every example in the page's language ---------------------------------------------------

@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_spanish_or_french_note_or_title_is_its_english_one(site, lang):
    english, own = example_data(site, "en"), example_data(site, lang)
    assert own.keys() == english.keys()
    repeated, noted = [], 0
    for key, data in own.items():
        mine, theirs = notes_of(data), notes_of(english[key])
        assert mine.keys() == theirs.keys(), f"{lang} {key}: notes at steps {sorted(mine)}, English at {sorted(theirs)}"
        noted += len(mine)
        repeated += [f"{lang} {key} note {n}: {mine[n]!r}" for n in mine if comparable(mine[n]) == comparable(theirs[n])]
        for field in ("title", "description"):
            text, source = data["document"].get(field), english[key]["document"].get(field)
            if text and comparable(text) == comparable(source or ""):
                repeated.append(f"{lang} {key} {field}: {text!r}")
            if source and field == "title":
                assert text, f"{lang} {key}: the English page has a title, this one none"
    assert noted >= 20 and not repeated, "\n".join(repeated)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_english_example_words_reach_a_spanish_or_french_page(site, lang):
    """The notes and titles of the example files, in English, appear on no page of the language."""
    english = set()
    for path in sorted((REPO / "examples").glob("*/*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        english |= {text for text in [document.get("title"), document.get("description"),
                                      *(document.get("notes") or {}).values()] if text and len(text) > 12}
    found = []
    for page in site.html_files():
        if page.startswith(f"{lang}/"):
            html = site.read(page)
            found += [f"{page}: {text!r}" for text in english if text in html]
    assert not found, "\n".join(found[:20])


def test_an_example_file_without_its_french_notes_stops_the_build():
    document = {"title": "The turn-up pays the dealer", "notes": {"0": "Q♥ is turned up.", "3": "5♣ is in the stock."}}
    words = {"title": "La retourne paie le donneur", "notes": {"0": "La Q♥ est retournée."}}
    with pytest.raises(BuildError, match=r"examples/pope_joan/x\.json lacks or mismatches note 3"):
        check_example_words(document, words, "pope_joan/x", "site/content/fr/pope_joan.md:12")
    with pytest.raises(BuildError, match="no words for examples/pope_joan/x.json"):
        check_example_words(document, None, "pope_joan/x", "site/content/fr/pope_joan.md:12")
    check_example_words(document, {**words, "notes": {**words["notes"], "3": "Le 5♣ est au talon."}}, "pope_joan/x", "")


def test_the_build_names_a_page_whose_example_file_has_no_words_in_its_language():
    md = make_markdown()
    path = CONTENT / "fr" / "pope_joan.md"
    page = parse_page(md, "site/content/fr/pope_joan.md", path.read_text(encoding="utf-8"))
    walks = {}
    for info, _, content in page.fences:
        if info.split(" ")[0] != "stops-example":
            continue
        text = content.strip()
        document = (json.loads((REPO / text[len("file:"):].strip()).read_text(encoding="utf-8"))
                    if text.startswith("file:") else json.loads(text))
        walks[text] = ({}, document)
    words = load_example_words(CONTENT, "fr")
    page_words = {key: value for key, value in words.items() if key.startswith("pope_joan/")}
    check_examples_words({("fr", "pope_joan"): page}, walks, {"fr": page_words})
    missing = {"fr": {**page_words, "pope_joan/turn-up-and-stock": {**page_words["pope_joan/turn-up-and-stock"], "notes": {}}}}
    with pytest.raises(BuildError, match=r"site/content/fr/pope_joan\.md:\d+: examples/pope_joan/turn-up-and-stock\.json lacks"):
        check_examples_words({("fr", "pope_joan"): page}, walks, missing)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_an_example_box_is_announced_and_embedded_with_its_title_in_the_page_language(site, lang):
    """The widget's label and the embed snippet take the document's title: it is the page's."""
    english = example_data(site, "en")
    for key, data in example_data(site, lang).items():
        title = data["document"].get("title")
        if english[key]["document"].get("title"):
            assert title and title != english[key]["document"]["title"], (lang, key)


# ----- typography --------------------------------------------------------------------------

class Prose:
    """A page's prose: text outside scripts, styles, code and preformatted blocks."""

    SKIP = {"script", "style", "code", "pre"}

    def __init__(self, html):
        from html.parser import HTMLParser

        parts, depth = [], [0]

        class Parser(HTMLParser):
            def handle_starttag(self, tag, attrs):
                if tag in Prose.SKIP:
                    depth[0] += 1

            def handle_endtag(self, tag):
                if tag in Prose.SKIP:
                    depth[0] -= 1

            def handle_data(self, data):
                if not depth[0]:
                    parts.append(data)

        parser = Parser(convert_charrefs=True)
        parser.feed(html)
        self.text = " ".join(" ".join(parts).split(" "))


def french_problems(text, where):
    found = []
    # A high mark closing a phrase (followed by a space or the end) wants a no-break space before it.
    for match in re.finditer(r"(?<=[^\s\u00a0\u202f])([:;!?])(?=\s|$)", text):
        found.append(f"{where}: no no-break space before {match.group(1)!r} in …{text[max(0, match.start() - 30):match.end() + 10]}…")
    for match in re.finditer(r"\w'\w", text):
        found.append(f"{where}: straight apostrophe in …{text[max(0, match.start() - 20):match.end() + 10]}…")
    return found


def spanish_problems(text, where):
    found = []
    for match in re.finditer(r"[^.!?:;\n]*[?!]", text):
        sentence = match.group(0)
        opening = "¿" if sentence.endswith("?") else "¡"
        if opening not in sentence:
            found.append(f"{where}: no {opening} in …{sentence[-60:]}")
    for match in re.finditer(r'["“”]', text):
        found.append(f"{where}: a quotation mark other than «» in …{text[max(0, match.start() - 30):match.end() + 20]}…")
    return found


CHECKS = {"fr": french_problems, "es": spanish_problems}


def test_the_typography_checks_catch_what_they_look_for():
    assert french_problems("Cartes en main: A 5", "x") and french_problems("l'as", "x")
    assert not french_problems("Cartes en main\u202f: A 5, l’as, vassalengine.org/wiki/Category:Cadaco", "x")
    assert spanish_problems("Puedo jugar?", "x") and spanish_problems('El "enano"', "x")
    assert not spanish_problems("¿Puedo jugar? ¡Rey que gana! El «enano».", "x")


@pytest.mark.parametrize("lang", sorted(CHECKS))
def test_every_built_page_keeps_its_language_typography(site, lang):
    found = []
    for page in site.html_files():
        if page.startswith(f"{lang}/") and "replay-format" not in page:
            found += CHECKS[lang](Prose(site.read(page)).text, page)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("lang", sorted(CHECKS))
def test_every_example_note_and_title_keeps_its_language_typography(site, lang):
    found = []
    for key, data in example_data(site, lang).items():
        for text in [data["document"].get("title"), *notes_of(data).values()]:
            if text:
                found += CHECKS[lang](text, f"{lang} example {key}")
    assert not found, "\n".join(found[:30])


@pytest.mark.parametrize("lang", sorted(CHECKS))
def test_the_browser_catalog_keeps_its_language_typography(site, lang):
    catalog = json.loads(site.read(f"{lang}/messages.json"))
    messages = {key: value for key, value in catalog.items() if key not in ("plural", "lang")}

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    found = [problem for text in strings(messages) for problem in CHECKS[lang](text, f"{lang}/messages.json")]
    assert not found, "\n".join(found[:30])


# ----- the home page, the family table -------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_names_every_game_in_its_description_and_its_lede(site, lang):
    html = site.read(f"{lang}/index.html")
    description = re.search(r'<meta name="description" content="([^"]*)"', html).group(1)
    lede = re.search(r'<p class="lede">(.*?)</p>', html, re.S).group(1)
    titles = [re.search(r"<h1[^>]*>(.*?)</h1>", site.read(f"{lang}/{game}.html"), re.S).group(1).strip() for game in GAMES]
    for text in (description, lede):
        assert all(title in text for title in titles), (lang, text, titles)


def test_the_root_page_names_every_game(site):
    html = site.read("index.html")
    titles = [re.search(r"<h1[^>]*>(.*?)</h1>", site.read(f"en/{game}.html"), re.S).group(1).strip() for game in GAMES]
    subtitle = re.search(r"</h1>\s*<p>(.*?)</p>", html, re.S).group(1)
    assert all(title in subtitle for title in titles) and all(title in html.split("</title>")[0] for title in titles)


def comparison_cells(site, lang):
    tree = site.tree(f"{lang}/compare.html")
    table = tree.find(".//table[@class='comparison']")
    for row in table.find("tbody"):
        label = "".join(row.find("th").itertext())
        for cell in row.findall("td"):
            yield label, " ".join("".join(cell.itertext()).split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_cell_of_the_family_table_is_broken(site, lang):
    """No empty part ("each player: ;"), no dangling mark, and the name of 'no extra hand' only
    ever as a cell of its own, never inside a sentence."""
    from site_build.labels import HIDDEN_HANDS
    from site_build.site import StrictCatalog
    from site_build.i18n import load_translations

    none = StrictCatalog(lang, load_translations(REPO / "site" / "locale", lang)).gettext(HIDDEN_HANDS["none"])
    broken = []
    for label, text in comparison_cells(site, lang):
        if not text or re.search(r"[:;,]\s*[:;,]|[:;,]\s*$|^\s*[:;,]|\(\s*\)", text):
            broken.append(f"{label}: {text!r}")
        if none in text and text != none:
            broken.append(f"{label}: {text!r} (names the missing extra hand in a sentence)")
    assert not broken, "\n".join(broken)


# ----- the glossary ----------------------------------------------------------------------------

def glossary(lang):
    md = make_markdown()
    path = CONTENT / lang / "glossary.md"
    return glossary_terms(parse_page(md, str(path), path.read_text(encoding="utf-8")), GAMES)


# The terms every language's glossary explains (the ids of its entries).
REQUIRED_TERMS = {"ante", "board", "lead", "stop", "sequence", "going-out", "misdeal", "horse", "dummy", "dressing",
                  "compartment", "vying", "set", "centre", "pope", "matrimony", "intrigue", "stock", "talon",
                  "turn-up", "grand-opera"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_explains_the_terms_of_all_seven_games(lang):
    terms = glossary(lang)
    assert REQUIRED_TERMS <= {term.id for term in terms}, sorted(REQUIRED_TERMS - {term.id for term in terms})
    covered = set().union(*(term.pages for term in terms))
    assert covered == set(GAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_is_in_alphabetical_order(lang):
    headings = [term.heading for term in glossary(lang)]
    assert headings == sorted(headings, key=collation_key)


def test_a_lead_is_not_always_the_lowest_card_and_a_stop_not_always_after_an_ace():
    md = make_markdown()
    for lang, any_card in (("en", "any card"), ("es", "cualquier carta"), ("fr", "n’importe quelle carte")):
        text = (CONTENT / lang / "glossary.md").read_text(encoding="utf-8")
        lead = text[text.index("{#lead}"):].split("\n{#", 1)[0]
        stop = text[text.index("{#stop}"):].split("\n{#", 1)[0]
        assert any_card in lead, lang
        assert "nain_jaune" in lead and "poch" in lead and "pope_joan" in stop and "nain_jaune" in stop, lang


class Uses:
    """The rules text of a built rules page in document order: (text, glossary id or None,
    inside another link) for every piece, headings and generated parts left out."""

    SKIP_TAGS = {"script", "style", "code", "pre", "h1", "h2", "h3", "h4", "nav", "header", "footer", "svg"}
    SKIP_CLASSES = {"example-box", "board-figure", "rule-head", "lede", "variants", "table-scroll", "toc",
                    "handout-link", "quick-start-title"}

    def __init__(self, tree):
        self.pieces = []
        main = tree.find(".//main")
        self.walk(main, None, False)

    def walk(self, node, glossary_id, in_link):
        classes = set((node.get("class") or "").split())
        if not isinstance(node.tag, str) or node.tag in self.SKIP_TAGS or classes & self.SKIP_CLASSES:
            return
        if node.tag == "a":
            href = node.get("href") or ""
            if href.startswith("glossary.html#"):
                glossary_id = href.split("#", 1)[1]
            else:
                in_link = True
        if node.text:
            self.pieces.append((node.text, glossary_id, in_link))
        for child in node:
            self.walk(child, glossary_id, in_link)
            if child.tail:  # the text after a child belongs to this node
                self.pieces.append((child.tail, glossary_id, in_link))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_term_is_linked_from_the_rules_text_at_its_first_use(site, lang):
    terms = glossary(lang)
    names = [re.search(r"<h1[^>]*>(.*?)</h1>", site.read(f"{other}/{game}.html"), re.S).group(1).strip()
             for other in LANGUAGES for game in GAMES]
    problems, linked = [], 0
    for game in GAMES:
        scanner = TermScanner(terms, lang, game, names)
        seen = set()
        for text, glossary_id, in_link in Uses(site.tree(f"{lang}/{game}.html")).pieces:
            if in_link:
                continue
            for start, end, term_id in scanner.uses(text):
                if term_id in seen:
                    continue
                seen.add(term_id)
                if glossary_id != term_id:
                    problems.append(f"{lang}/{game}.html: the first use of {term_id!r}, {text[start:end]!r}, "
                                    f"is not a link to the glossary (in …{text[max(0, start - 30):end + 20]}…)")
                else:
                    linked += 1
    assert linked > 50 and not problems, "\n".join(problems[:30])
