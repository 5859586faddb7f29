"""Messages in plain English, for the terminal (the site renders the same messages through
its catalogs, in every language).

:func:`text` fills a message of :mod:`stops.messages` from its English msgid: cards stay
glyphs (``Q♦``), a game's nouns take their English forms (its profile's words), chips are
counted in English.
"""

from __future__ import annotations

import re

from .messages import CHIPS_FRACTION, CHIPS_MANY, CHIPS_ONE, COLOUR_LABELS, MESSAGES_SEPARATOR, POKER_HAND_LABELS
from .messages import count_of, section_card
from .messages import event_messages

# A card asked for a form in the terminal stays a glyph, but for its pronoun.
CARD_FORMS = {"it": "it"}
PLACEHOLDER = re.compile(r"%\((\w+)(?::(\w+))?\)s|%%")


def section_label(sid: str, words) -> str:
    """A section as a label: the card it pays for, else its noun's name."""
    card = section_card(sid)
    if card is not None:
        return card
    return words.noun(words.section_noun(sid)).name


def noun_text(value: dict, form: str, words) -> str:
    """A noun of the game's words in one form, its card (if it names one) as a glyph."""
    said = words.noun(value["id"]).form(form)
    return PLACEHOLDER.sub(lambda m: value["card"], said) if "card" in value else said


def english_list(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def chips_text(amount) -> str:
    text = str(amount).replace("-", "−")
    if isinstance(amount, str) and "/" in amount and count_of({"chips": amount}) == 1:
        return CHIPS_FRACTION % {"num": text}
    return (CHIPS_ONE if count_of({"chips": amount}) == 1 else CHIPS_MANY) % {"num": text}


def arg_text(arg: dict, words, form: str | None = None) -> str:
    (kind, value), = arg.items()
    if kind == "noun":
        return noun_text(value, form or "the", words)
    if kind == "player":
        return value
    if kind == "players":
        return english_list(value)
    if kind == "card":
        return value
    if kind == "cards":
        return english_list(value)
    if kind == "section":
        return section_label(value, words)
    if kind == "chips":
        return chips_text(value)
    if kind == "number":
        return str(value)
    if kind == "colour":
        return COLOUR_LABELS.get(value, value)
    if kind == "hand":
        return POKER_HAND_LABELS.get(value, value)
    if kind == "counts":
        return ", ".join(f"{arg_text(thing, words)} {amount}" for thing, amount in value)
    if kind == "messages":
        return MESSAGES_SEPARATOR.join(text(item, words) for item in value)
    raise ValueError(f"unknown message argument kind {kind!r}")


def text(message: dict, words) -> str:
    """The message in English (``words``: the game's, :class:`stops.words.Words`)."""
    template = message["id"]
    if "plural" in message and count_of(message["args"][message["count"]]) != 1:
        template = message["plural"]
    args = message["args"]

    def fill(match):
        if match.group(0) == "%%":
            return "%"
        if args[match.group(1)].keys() == {"card"} and match.group(2):
            return CARD_FORMS[match.group(2)] if match.group(2) in CARD_FORMS else args[match.group(1)]["card"]
        return arg_text(args[match.group(1)], words, match.group(2))

    out = PLACEHOLDER.sub(fill, template)
    return out[:1].upper() + out[1:]


def describe(event: dict, profile) -> str:
    """One English line for one event (its JSON form) of a game (its profile)."""
    return text(event_messages([event], profile.words_json())[0], profile.words)
