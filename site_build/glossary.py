"""The glossary's terms, and the link from each rules page to the glossary at a term's first use.

The glossary page (`glossary.md`, every language) holds the terms in its first `##` section, one
`###` entry each with a fixed id (`{#lead}`). An entry's heading names the term and its other
forms, separated by commas, "and" or a colon ("Gross and net", "Turn-up, trumps"); a part in
parentheses only tells entries apart ("Talon (Pope Joan)") and is not matched. The rules pages
an entry links to (its "See ..." links) are the pages the term belongs to: there, the first use
of any of its forms in the rules text (a paragraph, a list item, a table cell; never a heading,
a link, code or a generated part) becomes a link to the entry. A word matches in the singular
or the plural, ignoring case; the longest form wins where two start at the same place, and a
game's name ("Pope Joan") is never taken for a term ("Pope").

`glossary_terms` reads the entries, `term_scanner` finds the uses of a page's terms in a text
(the test of the built pages reads them with the same scanner), `link_first_uses` adds the
links to a parsed page's tokens. Two entries of one language that share a form on one page, or
an entry in the wrong alphabetical place, stop the build.
"""

import re
import unicodedata
from dataclasses import dataclass

from markdown_it.token import Token

from .errors import BuildError

GLOSSARY_SLUG = "glossary"
TERMS_SECTION = "terms"  # the id of the glossary's `##` section of terms
# The plural endings a form may take, word by word.
PLURALS = {"en": "(?:s|es)?", "es": "(?:s|es)?", "fr": "(?:s|x)?"}
SEPARATORS = re.compile(r"\s*(?:,|:|\band\b|\by\b|\bet\b)\s*")
LINK_TARGET = re.compile(r"^([a-z_]+)\.html(?:#.*)?$")


@dataclass(frozen=True)
class Term:
    id: str
    heading: str
    forms: tuple
    pages: frozenset  # slugs of the rules pages the entry links to


def term_forms(heading: str) -> tuple:
    """The forms a heading names: "Turn-up, trumps" -> ("Turn-up", "trumps")."""
    text = re.sub(r"\([^)]*\)", "", heading)
    return tuple(part.strip() for part in SEPARATORS.split(text) if part.strip())


def collation_key(text: str) -> str:
    """Alphabetical order as a dictionary sorts: accents and case aside."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[^\w\s-]", " ", text).split())


def glossary_terms(page, rules_pages) -> list:
    """The entries of the glossary's terms section, in page order."""
    tokens, terms, section = page.tokens, [], None
    current = None
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            section = token.attrGet("id")
            current = None
        elif token.type == "heading_open" and token.tag == "h3" and section == TERMS_SECTION:
            heading = tokens[index + 1].content
            current = {"id": token.attrGet("id"), "heading": heading, "pages": set()}
            terms.append(current)
        elif token.type == "inline" and current is not None:
            for child in token.children or []:
                if child.type == "link_open":
                    match = LINK_TARGET.match(child.attrGet("href") or "")
                    if match and match.group(1) in rules_pages:
                        current["pages"].add(match.group(1))
    return [Term(t["id"], t["heading"], term_forms(t["heading"]), frozenset(t["pages"])) for t in terms]


def check_glossary(terms: list, path: str) -> None:
    """Entries in alphabetical order, each with an id, and no form claimed twice on a page."""
    problems = []
    for earlier, later in zip(terms, terms[1:]):
        if collation_key(later.heading) < collation_key(earlier.heading):
            problems.append(f"{path}: {later.heading!r} comes before {earlier.heading!r} in alphabetical order")
    owners = {}
    for term in terms:
        if not term.id:
            problems.append(f"{path}: the entry {term.heading!r} has no id (put `{{#some-id}}` above it)")
        for form in term.forms:
            for page in term.pages:
                other = owners.setdefault((collation_key(form), page), term.id)
                if other != term.id:
                    problems.append(f"{path}: {form!r} names both {other!r} and {term.id!r} on the {page} page")
    if problems:
        raise BuildError("\n".join(problems))


class TermScanner:
    """Finds the uses of one page's terms in a text: (start, end, term id), leftmost first."""

    def __init__(self, terms, lang: str, slug: str, names=()):
        plural = PLURALS[lang]
        forms = sorted(((form, term.id) for term in terms if slug in term.pages for form in term.forms),
                       key=lambda item: -len(item[0]))
        self.ids = [term_id for _, term_id in forms]
        alternatives = []
        for number, (form, _) in enumerate(forms):
            words = [re.escape(word) + plural for word in form.split()]
            alternatives.append(f"(?P<t{number}>" + r"\s+".join(words) + ")")
        self.pattern = re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?![\w’'-])",
                                  re.IGNORECASE) if alternatives else None
        self.names = [re.compile(re.escape(name), re.IGNORECASE) for name in names if " " in name]

    def uses(self, text: str):
        if self.pattern is None:
            return
        for name in self.names:  # a game's name is no term: blank it out, keeping the places
            text = name.sub(lambda m: "\x00" * len(m.group(0)), text)
        for match in self.pattern.finditer(text):
            yield match.start(), match.end(), self.ids[int(match.lastgroup[1:])]


def link_first_uses(page, scanner: TermScanner, href: str = f"{GLOSSARY_SLUG}.html") -> set:
    """Link the first use of each term in the page's rules text to its glossary entry; returns
    the ids linked. Headings, links and generated blocks are left alone. A paragraph's lines are
    read as one text (a term may run over a line break)."""
    linked = set()
    tokens = page.tokens
    for index, token in enumerate(tokens):
        if token.type != "inline" or (index and tokens[index - 1].type == "heading_open"):
            continue
        out, depth, run = [], 0, []
        for child in token.children or []:
            if child.type == "link_open":
                depth += 1
            elif child.type == "link_close":
                depth -= 1
            if not depth and child.type in ("text", "softbreak"):
                run.append(child)
                continue
            out += _linked_run(run, scanner, linked, href)
            run = []
            out.append(child)
        out += _linked_run(run, scanner, linked, href)
        token.children = out
    return linked


def _linked_run(run, scanner, linked, href):
    """A run of text and line breaks, with its first uses of not yet linked terms made links."""
    if not run:
        return []
    text = "".join(child.content if child.type == "text" else "\n" for child in run)
    spans = []
    for start, end, term_id in scanner.uses(text):
        if term_id not in linked:
            linked.add(term_id)
            spans.append((start, end, term_id))
    if not spans:
        return run
    level, out, position = run[0].level, [], 0
    for start, end, term_id in spans:
        out += _pieces(text[position:start], level)
        opening = Token("link_open", "a", 1)
        opening.attrs = {"href": f"{href}#{term_id}", "class": "glossary-term"}
        out += [opening, *_pieces(text[start:end], level), Token("link_close", "a", -1)]
        position = end
    return out + _pieces(text[position:], level)


def _pieces(text: str, level: int) -> list:
    """Text tokens, with a line-break token wherever the text had one."""
    out = []
    for number, line in enumerate(text.split("\n")):
        if number:
            out.append(Token("softbreak", "br", 0))
        if line:
            token = Token("text", "", 0)
            token.content, token.level = line, level
            out.append(token)
    return out
