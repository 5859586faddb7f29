"""The limits on what the engine reads, and the JSON reader that enforces them.

Documents come from strangers (share links, imported files, the editor, embeds), so the
engine reads them within fixed limits and answers anything beyond one with a
:class:`~stops.errors.LimitError` that names the limit. The limits are far above any real
round and are documented on the replay-format page (``docs/replay-format.md``).
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from itertools import accumulate
from math import lcm

from .errors import LimitError, ReplayError, shown

MAX_DOCUMENT = 1_000_000  # characters of JSON text (bytes when given bytes)
MAX_DEPTH = 16  # nested lists and objects
MAX_MOVES = 2000  # moves in one document (a round of any game has fewer than 200)
MAX_REDEALS = 50  # redeal moves in one document
MAX_DIGITS = 20  # digits of a JSON number (a seed runs to 2**53, 16 digits)
MAX_AMOUNT = 10**9  # a bid (or a bet of a chosen size)
# The chips a document states (its board and balances: where a round or a session starts) are
# at most MAX_CHIPS in size all together, and its fractions have a common denominator of at
# most MAX_DENOMINATOR. The engine's own arithmetic stays within both over a whole session
# (closure, issue 25): with finite stacks a payment never makes chips (so the total size of
# the board and the balances never grows), and no rule divides an amount before the session
# ends (so every carried amount's denominator divides the document's). With a running score
# that may go negative the size of the scores grows with play; a session whose scores would
# pass MAX_CHIPS is refused its next round, naming the limit. MAX_CHIPS is below 2**53: a whole
# amount is exact as a JavaScript number.
MAX_CHIPS = 10**15
MAX_DENOMINATOR = 10**9
MAX_NAME = 40  # characters of a player name
MAX_NOTE = 1000  # characters of a note on a step

# A JSON string, or an unterminated one up to the end of the text. Possessive (``++``, ``*+``):
# nothing is ever tried twice, so the match from each quote ends where the string ends, and
# every character of the text is read once (a string without its closing quote ends at the
# end of the text instead of being tried again from each of its quotes: issue 25).
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_AMOUNT = re.compile(r"\s*([+-]?)(\d+)(?:\s*/\s*(\d+))?\s*")


def nesting_depth(text: str) -> int:
    """How deeply lists and objects nest in JSON ``text`` (brackets inside strings do not count),
    in time linear in the length of the text whatever it holds."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub('""', text))
    if not brackets:
        return 0
    return max(accumulate(1 if c in "[{" else -1 for c in brackets))


def _number(text: str):
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        raise LimitError(f"a number has {digits} digits; the limit is {MAX_DIGITS}")
    if text.lstrip("-").isdigit():
        return int(text)
    value = float(text)
    if not math.isfinite(value):  # 1e400: no float holds it, and strict JSON has no Infinity to answer with
        raise LimitError(f"the number {text} is beyond the range of a JSON number")
    return value


def _constant(text: str):
    raise ReplayError(f"{text} is not a JSON value")


def loads(data, what: str = "the document"):
    """JSON text (or UTF-8 bytes) as Python values, within the size, depth and number limits."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_DOCUMENT:
            raise LimitError(f"{what}: {len(data):,} bytes; the limit is {MAX_DOCUMENT}")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ReplayError(f"{what} is not UTF-8 text (byte {error.start})") from None
    if not isinstance(data, str):
        raise ReplayError(f"{what} is JSON text")
    if len(data) > MAX_DOCUMENT:
        raise LimitError(f"{what}: {len(data):,} characters; the limit is {MAX_DOCUMENT}")
    depth = nesting_depth(data)
    if depth > MAX_DEPTH:
        raise LimitError(f"{what}: lists and objects nest {depth} deep; the limit is {MAX_DEPTH}")
    try:
        return json.loads(data, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise ReplayError(f"not valid JSON: {json_problem(error)}") from None


def json_problem(error: json.JSONDecodeError) -> str:
    """What the JSON reader found wrong, and where: "Expecting value at line 2 column 14".
    Some of its messages end with "at" already ("Unterminated string starting at")."""
    where = f"line {error.lineno} column {error.colno}"
    return f"{error.msg} {where}" if error.msg.endswith(" at") else f"{error.msg} at {where}"


def check_value(value, what: str = "the document") -> None:
    """The limits of a value given as Python data rather than text, in one walk (no recursion):
    lists and objects nested at most MAX_DEPTH deep, and its numbers finite, as JSON's are."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise LimitError(f"{what}: the number {item} is beyond the range of a JSON number")
        if isinstance(item, (dict, list, tuple)):
            if depth > MAX_DEPTH:
                raise LimitError(f"{what}: lists and objects nest more than {MAX_DEPTH} deep")
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))


def parse_amount(value):
    """An amount from a document: a whole number, or ``"p/q"`` (also ``"5"``), at most MAX_CHIPS
    in size, a fraction's denominator at most MAX_DENOMINATOR (:func:`check_chips` checks a
    document's amounts together).

    Raises ValueError (a bad form) or LimitError (too large); returns an int or a Fraction.
    """
    if isinstance(value, bool):
        raise ValueError(f"not an amount: {shown(value)}")
    if isinstance(value, int):
        if abs(value) > MAX_CHIPS:
            raise LimitError(f"an amount is at most {MAX_CHIPS:,} in size, not {value}")
        return value
    if not isinstance(value, str):
        raise ValueError(f"not an amount: {shown(value)}")
    match = _AMOUNT.fullmatch(value)
    if match is None:
        raise ValueError(f"not an amount: {shown(value)} (a whole number, or a fraction written \"p/q\")")
    sign, top, bottom = match.groups()
    # Digits first: int() of a long run of digits is not linear (it never meets more than these).
    if len(top.lstrip("0")) > _NUMERATOR_DIGITS or len((bottom or "").lstrip("0")) > _DENOMINATOR_DIGITS:
        raise LimitError(f"an amount is at most {MAX_CHIPS:,} in size, a fraction's denominator at most {MAX_DENOMINATOR:,}")
    numerator, denominator = int(top), int(bottom or 1)
    if denominator == 0:
        raise ValueError(f"not an amount: {value!r} (a fraction's denominator is not 0)")
    amount = Fraction(-numerator if sign == "-" else numerator, denominator)
    if abs(amount) > MAX_CHIPS or amount.denominator > MAX_DENOMINATOR:
        raise LimitError(f"an amount is at most {MAX_CHIPS:,} in size, a fraction's denominator at most {MAX_DENOMINATOR:,}")
    return int(amount) if amount.denominator == 1 else amount


_DENOMINATOR_DIGITS = len(str(MAX_DENOMINATOR)) + 1  # leading zeros aside, a reduced fraction needs fewer
_NUMERATOR_DIGITS = len(str(MAX_CHIPS * MAX_DENOMINATOR)) + 1


def check_chips(amounts) -> None:
    """The limits on the chips a document states all together: ``amounts`` is ``(path, amount)``
    pairs (its board and balances); their sizes add up to at most MAX_CHIPS, and their fractions
    have a common denominator of at most MAX_DENOMINATOR. The error names the amount that
    passes a limit."""
    total, denominator = 0, 1
    for path, amount in amounts:
        total += abs(amount)
        if total > MAX_CHIPS:
            raise LimitError(f"the chips of the board and the balances are at most {MAX_CHIPS:,} in size all together", path=path)
        if isinstance(amount, Fraction):
            denominator = lcm(denominator, amount.denominator)
            if denominator > MAX_DENOMINATOR:
                raise LimitError(f"the fractions of the board and the balances have a common denominator of at most "
                                 f"{MAX_DENOMINATOR:,}", path=path)
