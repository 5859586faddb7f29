"""Small builders for Newmarket positions, written the way the rules are told."""

from __future__ import annotations

from michigan_helpers import play, transfers  # noqa: F401  (every game's plays and transfers read the same)
from positions import start_position



def position(hands: dict[str, str], dummy: str = "", **extra):
    """A Newmarket round from a mid-round position; cards as text, e.g. {"A": "9♦ J♦"}."""
    return start_position("newmarket", hands, dummy, **extra)


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def leads(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())
