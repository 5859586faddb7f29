"""Nothing is told by colour alone: every state the site's styles draw (a legal card, the
player to move, the current step or variation, a pressed or expanded control, the best hint,
a winner, a card's suit) has a cue besides its colour, in the style itself (a border's width
or style, an outline, a weight, a mark, a movement) or in words beside it.

The style sheets are read as they are served (site/static/*.css); a state whose rules change
nothing but colours must be listed in TOLD_BY_WORDS with what tells it, and that is checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_build.cardtext import card_html

STATIC = Path(__file__).resolve().parents[2] / "site" / "static"

# A state is a class or attribute that carries information (not :hover or :focus, which
# follow the reader's own pointer and keyboard).
STATES = re.compile(r"\.(legal|book-move|to-move|winner|best|hint-best|ledger-winner|step-current|step-future|"
                    r"session-end-future|on-variation|red|black|error|current|selected)\b"
                    r"|\[aria-(current|pressed|expanded|selected|checked)[^\]]*\]|:checked")
COLOUR_ONLY = re.compile(r"^(color|background|background-color|background-image|border-color|border-(top|right|bottom|left)-color|"
                         r"outline-color|fill|stroke|text-decoration-color|opacity)$")

# States whose styles are colours only, and what tells them in words (checked below).
TOLD_BY_WORDS = {
    ".red": "a card's suit is its glyph (♥ ♦ red, ♠ ♣ black) and its name",
    ".black": "a card's suit is its glyph (♥ ♦ red, ♠ ♣ black) and its name",
    ".error": "an error is a sentence that says what went wrong (role=alert)",
}


def rules(css: str):
    """(selector, declarations) of every rule, @media blocks flattened; comments dropped."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for selector, body in re.findall(r"([^{}@]+)\{([^{}]*)\}", css):
        declarations = {}
        for part in body.split(";"):
            if ":" in part:
                name, value = part.split(":", 1)
                declarations[name.strip().lower()] = value.strip()
        for one in selector.split(","):
            yield one.strip(), declarations


def state_styles() -> dict[str, dict[str, list[str]]]:
    """Per state (its token in the selector), the properties its rules set, and where."""
    found: dict[str, dict[str, list[str]]] = {}
    for sheet in sorted(STATIC.glob("*.css")):
        if sheet.name == "print.css":
            continue  # paper: steps are never dimmed nor marked there
        for selector, declarations in rules(sheet.read_text(encoding="utf-8")):
            if re.search(r":(hover|focus|focus-visible|active)\b", selector):
                continue
            for match in STATES.finditer(selector):
                token = match.group(0)
                token = token if token.startswith(".") else re.sub(r"[=\"'].*", "]", token).replace("]]", "]")
                entry = found.setdefault(token, {})
                for name in declarations:
                    entry.setdefault(name, []).append(f"{sheet.name}: {selector}")
    return found


def test_every_state_the_styles_draw_has_a_cue_besides_colour_or_is_told_in_words():
    found = state_styles()
    assert {".legal", ".to-move", ".step-current", "[aria-current]"} <= set(found), sorted(found)
    colour_only = {token: sorted(props) for token, props in found.items()
                   if all(COLOUR_ONLY.match(name) for name in props)}
    unexplained = {token: props for token, props in colour_only.items() if token not in TOLD_BY_WORDS}
    assert unexplained == {}, f"states told by colour alone: {unexplained}"


@pytest.mark.parametrize("card, glyph, colour", [("9♦", "♦", "red"), ("Q♥", "♥", "red"), ("10♠", "♠", "black"),
                                                  ("A♣", "♣", "black")])
def test_a_card_tells_its_suit_by_its_glyph_and_its_name_not_only_by_its_colour(card, glyph, colour):
    html = card_html(card, lambda c: f"name of {c}")
    assert f'class="card {colour}"' in html and glyph in html and "name of" in html
