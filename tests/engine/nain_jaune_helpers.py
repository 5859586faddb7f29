"""Small builders for Nain Jaune positions and plays, written the way the rules are told."""

from __future__ import annotations

from positions import play, start_position, transfers  # noqa: F401 (the helpers of every game)


def position(hands: dict[str, str], talon: str = "", **extra):
    """A Nain Jaune round from a position; cards as text, e.g. {"A": "9♦ J♦"} (unlisted cards are played)."""
    return start_position("nain_jaune", hands, talon, **extra)


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def legal(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())


def on_turn(rnd):
    return rnd.names[rnd.to_move()]
