"""Small builders for Michigan positions, written the way the rules are told."""

from __future__ import annotations

from stops.replay import load_replay

NAMES = ["A", "B", "C", "D"]


def position(hands: dict[str, str], widow: str = "", *, dealer: str = "D", players=None, **extra):
    """A Michigan hand from a mid-hand position; cards as text, e.g. {"A": "9♦ J♦"}."""
    players = players or NAMES
    pos = {"hands": {name: hands.get(name, "").split() for name in players}, "widow": widow.split()}
    for key in ("leader", "stopped", "last"):
        if key in extra:
            pos[key] = extra.pop(key)
    doc = {"game": "michigan", "players": players, "dealer": dealer, "position": pos, **extra}
    return load_replay(doc).start()


def play(hand, *moves: str):
    """Apply moves written "A 9♦"; returns every event's JSON."""
    from stops.cards import parse_card
    from stops.moves import Play

    out = []
    for text in moves:
        name, card = text.split()
        out += [e.to_json(hand.names) for e in hand.apply(Play(hand.names.index(name), parse_card(card)))]
    return out


def transfers(events, reason=None):
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]
