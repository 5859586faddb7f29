"""The errors the engine raises. Each names the rule it enforces."""

from __future__ import annotations


class StopsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(StopsError):
    """A move the rules forbid. The state is left unchanged."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message


class SetupError(StopsError):
    """A game that cannot be set up: wrong player count, unknown option, bad deal."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
        self.message = message


class ReplayError(StopsError):
    """A replay document that cannot be read or played; the message names the field or move."""

    def __init__(self, message: str, path: str | None = None):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message
