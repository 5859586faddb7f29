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


def play(rnd, *moves: str):
    """Apply card plays written "A 9♦"; returns every event's JSON."""
    from stops.cards import parse_card
    from stops.moves import Play

    out = []
    for text in moves:
        name, card = text.split()
        out += [e.to_json(rnd.names) for e in rnd.apply(Play(rnd.names.index(name), parse_card(card)))]
    return out


def transfers(events, reason=None):
    """(from, to, amount) of the transfer events, of one reason when given."""
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]
