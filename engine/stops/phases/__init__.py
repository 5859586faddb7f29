"""The phases of a round, by name. A profile lists the ones it plays, in order.

A phase object has ``start(hand, setup) -> events``, ``done(hand)``, ``to_move(hand)``,
``legal_moves(hand)``, ``check(hand, move)`` (raises IllegalMove) and
``apply(hand, move) -> events``. Phases that need no decision do their work in ``start``
and are done at once.
"""

from __future__ import annotations

from .stops import StopsPhase

PHASES: dict = {"stops": StopsPhase()}


def register(phase) -> None:
    PHASES[phase.name] = phase
