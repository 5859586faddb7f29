"""A phase with no decision: it does its work when it starts and is done at once."""

from __future__ import annotations

from ..errors import IllegalMove
from ..events import Event


class AutomaticPhase:
    """Subclasses set ``name``, ``rule`` (the rule name a move is refused under) and
    ``no_move`` (why), and do their work in ``start``."""

    name = "automatic"
    moves: tuple = ()
    events: tuple = ()
    slots: tuple = ()
    rule = ""
    no_move = "this phase needs no move"

    def start(self, rnd, setup: dict) -> list[Event]:
        raise NotImplementedError

    def done(self, rnd) -> bool:
        return True

    def to_move(self, rnd) -> int | None:
        return None

    def legal_moves(self, rnd) -> list:
        return []

    def check(self, rnd, move) -> None:
        raise IllegalMove(self.no_move, rule=rnd.profile.rule(self.rule))

    def apply(self, rnd, move) -> list[Event]:  # pragma: no cover - check always refuses
        self.check(rnd, move)
        return []
