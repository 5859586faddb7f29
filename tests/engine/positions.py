"""Mid-hand positions for rule tests, built through the replay format (as a reader writes them)."""

from __future__ import annotations

from stops.replay import load_replay

NAMES = ["A", "B", "C", "D"]
POSITION_FIELDS = ("leader", "stopped", "last", "phase", "turn_up")


def start_position(game: str, hands: dict[str, str], widow: str = "", *, dealer: str = "D", players=None,
                   options=None, board=None, balances=None, **fields):
    """The hand at a position: cards as text ({"A": "9♦ J♦"}); ``fields`` are the position's
    leader, stopped, last or phase."""
    players = players or NAMES
    unknown = set(fields) - set(POSITION_FIELDS)
    if unknown:
        raise TypeError(f"unknown position fields {sorted(unknown)}")
    pos = {"hands": {p: hands.get(p, "").split() for p in players}, "widow": widow.split(), **fields}
    doc = {"game": game, "players": players, "dealer": dealer, "position": pos}
    for key, value in (("options", options), ("board", board), ("balances", balances)):
        if value:
            doc[key] = value
    return load_replay(doc).start()
