"""The site speaks one vocabulary: the terms the terminology tables of site/README.md retire
appear nowhere, neither in the built pages (text and embedded example data), nor in the
browser's message catalogs, nor in any catalog entry; French text keeps its no-break spaces."""

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from page_text import page_text as parse_text
from site_build.pages import LANGUAGES

REPO = Path(__file__).resolve().parents[2]
README = REPO / "site" / "README.md"
TABLE_HEADINGS = {"en": "### English", "es": "### Español", "fr": "### Français"}
# Where a page explains the English name, it writes it in italics; that use is allowed.
ALLOWED = {"es": [r"<em>Kitty</em>", r"\*Kitty\*"], "fr": [r"<em>Kitty</em>", r"\*Kitty\*", r"Ich poche"], "en": []}


def retired_terms(lang: str) -> list[str]:
    """The Retired column of the language's table in site/README.md, one term per entry."""
    text = README.read_text(encoding="utf-8")
    start = text.index(TABLE_HEADINGS[lang])
    terms = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("### ") or line.startswith("## "):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("Concept", "Concepto", "Notion") and not set(cells[0]) <= {"-", " "}:
            terms += [term.strip() for term in cells[2].split(";") if term.strip()]
    return terms


def term_pattern(term: str) -> re.Pattern:
    """A whole-word pattern; `…` is any one word. A term written with a capital is matched as written."""
    words = [r"\S+" if word == "…" else re.escape(word) for word in term.split()]
    flags = 0 if term[:1].isupper() else re.IGNORECASE
    return re.compile(r"(?<![\w’'])" + r"\s+".join(words) + r"(?![\w’'])", flags)


def problems_in(text: str, lang: str, where: str) -> list[str]:
    for allowed in ALLOWED[lang]:
        text = re.sub(allowed, "", text)
    found = []
    for term in retired_terms(lang):
        for match in term_pattern(term).finditer(text):
            context = text[max(0, match.start() - 40):match.end() + 40].replace("\n", " ")
            found.append(f"{where}: retired term {term!r} in …{context}…")
    return found


def strings_of(value):
    """Every string inside a JSON value (the embedded replays' titles and descriptions...)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)


def page_text(site, page: str) -> tuple[str, list[str]]:
    html = site.read(page)
    for allowed in ALLOWED[page.split("/")[0]] if page.split("/")[0] in ALLOWED else []:
        html = re.sub(allowed, "", html)
    parser = parse_text(html)
    embedded = [s for blob in parser.embedded for s in strings_of(json.loads(blob))]
    # Only the prose strings of the embedded data: skip identifiers, cards and message ids.
    prose = [s for s in embedded if " " in s and not s.startswith("%(")]
    return " ".join(parser.parts), prose


def test_the_readme_retires_terms_in_every_language():
    for lang in LANGUAGES:
        assert len(retired_terms(lang)) >= 3, lang
    assert "his" in retired_terms("en") and "carta de pago" in retired_terms("es") and "manche" in retired_terms("fr")


def test_the_check_finds_a_retired_term_and_spares_an_allowed_one():
    assert problems_in("Each player pays him 1 chip.", "en", "x")
    assert not problems_in("They think; the hand they hold.", "en", "x")
    assert problems_in("Se lleva el Kitty.", "es", "x")
    assert not problems_in("la caja (en inglés, <em>Kitty</em>)", "es", "x")
    assert problems_in("Pas 4 sur 5", "fr", "x") and not problems_in("ne joue pas une carte sur", "fr", "x")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_uses_a_retired_term(site, lang):
    found = []
    for page in site.html_files():
        if not page.startswith(f"{lang}/"):
            continue
        text, embedded = page_text(site, page)
        found += problems_in(text, lang, page)
        # The embedded replays are written in English (their titles and descriptions).
        found += problems_in("\n".join(embedded), "en", f"{page} (example data)")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_entry_uses_a_retired_term(lang):
    path = REPO / "site" / "locale" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for string in strings:
            found += problems_in(string, lang, f"{path.relative_to(REPO)} msgid {message.id!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_catalog_uses_no_retired_term(site, lang):
    catalog = json.loads(site.read(f"{lang}/messages.json"))
    found = problems_in("\n".join(strings_of(catalog)), lang, f"{lang}/messages.json")
    assert not found, "\n".join(found)


def test_french_text_has_no_ordinary_space_before_high_punctuation(site):
    found = []
    for page in site.html_files():
        if page.startswith("fr/"):
            text, _ = page_text(site, page)
            found += [f"{page}: …{text[max(0, m.start() - 30):m.end() + 10]}…" for m in re.finditer(r"\w [:;?!]", text)]
    catalog = json.loads(site.read("fr/messages.json"))
    messages = {key: value for key, value in catalog.items() if key not in ("plural", "lang")}
    found += [f"fr/messages.json: {s!r}" for s in strings_of(messages) if re.search(r"\w [:;?!]", s)]
    assert not found, "\n".join(found[:20])
