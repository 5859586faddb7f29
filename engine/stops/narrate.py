"""Messages in plain English, for the terminal (the site renders the same messages through
its catalogs, in every language).

:func:`text` fills a message of :mod:`stops.messages` from its English msgid: cards stay
glyphs (``Q♦``), sections take their English labels, chips are counted in English.
"""

from __future__ import annotations

import re

from .cards import CardError, parse_card
from .messages import CHIPS_FRACTION, CHIPS_MANY, CHIPS_ONE, COLOUR_LABELS, MESSAGES_SEPARATOR, POKER_HAND_LABELS
from .messages import SECTION_LABELS, count_of
from .messages import event_messages

PLACEHOLDER = re.compile(r"%\((\w+)(?::(\w+))?\)s|%%")


def section_label(sid: str) -> str:
    if sid in SECTION_LABELS:
        return SECTION_LABELS[sid]
    try:
        return str(parse_card(sid))
    except CardError:
        return sid


def english_list(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def chips_text(amount) -> str:
    text = str(amount).replace("-", "−")
    if isinstance(amount, str) and "/" in amount and count_of({"chips": amount}) == 1:
        return CHIPS_FRACTION % {"num": text}
    return (CHIPS_ONE if count_of({"chips": amount}) == 1 else CHIPS_MANY) % {"num": text}


def arg_text(arg: dict) -> str:
    (kind, value), = arg.items()
    if kind == "player":
        return value
    if kind == "players":
        return english_list(value)
    if kind == "card":
        return value
    if kind == "cards":
        return " ".join(value)
    if kind == "section":
        return section_label(value)
    if kind == "chips":
        return chips_text(value)
    if kind == "number":
        return str(value)
    if kind == "colour":
        return COLOUR_LABELS.get(value, value)
    if kind == "hand":
        return POKER_HAND_LABELS.get(value, value)
    if kind == "counts":
        return ", ".join(f"{arg_text(thing)} {amount}" for thing, amount in value)
    if kind == "messages":
        return MESSAGES_SEPARATOR.join(text(item) for item in value)
    raise ValueError(f"unknown message argument kind {kind!r}")


def text(message: dict) -> str:
    """The message in English."""
    template = message["id"]
    if "plural" in message and count_of(message["args"][message["count"]]) != 1:
        template = message["plural"]
    args = message["args"]

    def fill(match):
        if match.group(0) == "%%":
            return "%"
        return arg_text(args[match.group(1)])

    out = PLACEHOLDER.sub(fill, template)
    return out[:1].upper() + out[1:]


def describe(event: dict, hidden_hand: str = "widow") -> str:
    """One English line for one event (its JSON form)."""
    return text(event_messages([event], hidden_hand)[0])
