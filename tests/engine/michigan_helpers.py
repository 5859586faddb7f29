"""Small builders for Michigan positions, written the way the rules are told."""

from __future__ import annotations

from positions import play, start_position, transfers  # noqa: F401 (the helpers of every game)



def position(hands: dict[str, str], widow: str = "", **extra):
    """A Michigan hand from a mid-hand position; cards as text, e.g. {"A": "9♦ J♦"}."""
    return start_position("michigan", hands, widow, **extra)
