"""The errors the engine raises, and the one form every caller shows them in.

Every error the engine raises on purpose is a :class:`StopsError` with three fields:

- ``message``: one readable line, free of control characters (a newline, an ANSI escape,
  a lone surrogate or a bidirectional override in a document's text is shown escaped, as
  ``\\x1b``; an overlong text is cut), so it is safe to print on a terminal or a page;
- ``path``: where in the input the fault is (``moves[12].bid``, ``deal.hands.B[1]``), or None;
- ``rule``: the id of the rule the input breaks (``michigan.follow``), or None.

Every error is built in the one form ``Error(message, *, rule=..., path=...)``: the message
first, the rule and the path by name only (an illegal move must name its rule).

``str(error)`` is the one-line form ``path: message (rule)``; :meth:`StopsError.to_json`
is the form ``stops.web`` returns. The CLI and the web API show nothing else: an exception
of another type is an engine bug, never an answer to bad input.
"""

from __future__ import annotations

import unicodedata

# Longest message kept (a document's text quoted in an error is cut to this).
MAX_MESSAGE = 400
# Unicode categories shown escaped: controls, surrogates, format characters (bidi
# overrides, zero-width), line and paragraph separators, unassigned and private-use code points.
_UNSAFE = {"Cc", "Cs", "Cf", "Zl", "Zp", "Cn", "Co"}


def clean_text(text: str, limit: int = MAX_MESSAGE, spaces: bool = False) -> str:
    """``text`` with every unsafe character escaped (``\\n``, ``\\x1b``, ``\\udc80``) and cut to
    ``limit``; with ``spaces``, every space but the plain one too (``\\xa0``: an error's text)."""
    text = str(text)
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():  # no control, format, surrogate or separator character but the space
        return text
    out = []
    for c in text:
        category = unicodedata.category(c)
        if category in _UNSAFE or (spaces and category == "Zs" and c != " "):
            code = ord(c)
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"))
        else:
            out.append(c)
    return "".join(out)


def shown(value, limit: int = 40) -> str:
    """A short ``repr`` of a value taken from a document, for a message."""
    if isinstance(value, (dict, list, tuple)) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class StopsError(Exception):
    """Base class of every error the engine raises on purpose: ``message``, ``path``, ``rule``."""

    def __init__(self, message: str, *, path: str | None = None, rule: str | None = None):
        self.message = clean_text(message, spaces=True)
        self.path = None if path is None else clean_text(path, 200, spaces=True)
        self.rule = rule
        super().__init__(self.line())

    def line(self) -> str:
        """The one-line form: ``path: message (rule)``."""
        text = f"{self.message} ({self.rule})" if self.rule else self.message
        return f"{self.path}: {text}" if self.path else text

    def __str__(self) -> str:
        return self.line()

    def to_json(self) -> dict:
        return {"message": self.message, "path": self.path, "rule": self.rule}

    def at(self, path: str) -> "StopsError":
        """This error placed at ``path`` (prefixed to the path it has: ``moves[3]`` + ``bid``)."""
        where = path if not self.path else (f"{path}{self.path}" if self.path.startswith("[") else f"{path}.{self.path}")
        return (LimitError if isinstance(self, LimitError) else ReplayError)(self.message, path=where, rule=self.rule)


class IllegalMove(StopsError):
    """A move the rules forbid, under the rule ``rule`` (always named). The state is left unchanged."""

    def __init__(self, message: str, *, rule: str, path: str | None = None):
        super().__init__(message, path=path, rule=rule)


class SetupError(StopsError):
    """A game that cannot be set up: wrong player count, unknown option, bad deal."""


class ReplayError(StopsError):
    """A document or a request that cannot be read or played; ``path`` names the field or move."""


class LimitError(ReplayError):
    """A document beyond one of the engine's limits (:mod:`stops.limits`); the message names it."""
