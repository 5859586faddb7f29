"""A phase with no decision: it does its work when it starts and is done at once."""

from __future__ import annotations

from ..errors import IllegalMove
from ..events import Event


class AutomaticPhase:
    """Subclasses set ``name``, ``rule`` (the rule name a move is refused under) and
    ``no_move`` (why), and do their work in ``start``."""

    name = "automatic"
    rule = ""
    no_move = "this phase needs no move"

    def start(self, hand, setup: dict) -> list[Event]:
        raise NotImplementedError

    def done(self, hand) -> bool:
        return True

    def to_move(self, hand) -> int | None:
        return None

    def legal_moves(self, hand) -> list:
        return []

    def check(self, hand, move) -> None:
        raise IllegalMove(hand.profile.rule(self.rule), self.no_move)

    def apply(self, hand, move) -> list[Event]:  # pragma: no cover - check always refuses
        self.check(hand, move)
        return []
