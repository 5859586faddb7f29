"""Cards as HTML: red suits in red, every card kept on one line."""

import re

from markupsafe import Markup, escape

RED_SUITS = "♥♦"
CARD_PATTERN = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])")


def card_html(card: str, name=None) -> Markup:
    """A card's glyph in a span; ``name(card)`` gives its accessible name in the page language."""
    colour = "red" if card[-1:] in RED_SUITS else "black"
    if name is None:
        return Markup('<span class="card {}">{}</span>').format(colour, card)
    return Markup('<span class="card {}" role="img" aria-label="{}">{}</span>').format(colour, name(card), card)


def cards_html(cards, name=None) -> Markup:
    return Markup(" ").join(card_html(card, name) for card in cards)


FRENCH_SPACE = re.compile(r" ([;:!?»])")


FRENCH_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def french_spacing(text: str) -> str:
    """French puts a space before ; : ! ? » and after «; make it a narrow no-break space so
    that a line never starts with the mark (or ends on an opening «). An apostrophe between
    two letters (l'as, aujourd'hui) is the typographic one, ’."""
    text = FRENCH_APOSTROPHE.sub("’", text)
    return FRENCH_SPACE.sub("\u202f\\1", text).replace("« ", "«\u202f")


# A run of ranks such as 8-9-10 or 7-8-9 is one word: it never breaks at a hyphen.
RUN_PATTERN = re.compile(r"(?<![\w-])\d+(?:-\d+)+(?![\w-])")


def mark_cards(text: str, lang: str | None = None, name=None) -> Markup:
    """Escape `text`, wrap every card mention (9♦, 10♠, Q♣...) in a card span (named by
    ``name(card)`` for assistive technology, when given) and keep runs of ranks (8-9-10) on
    one line."""
    escaped = str(escape(french_spacing(text) if lang == "fr" else text))
    escaped = RUN_PATTERN.sub(lambda m: f'<span class="run">{m.group(0)}</span>', escaped)
    return Markup(CARD_PATTERN.sub(lambda m: str(card_html(m.group(0), name)), escaped))
