"""Small builders for Nain Jaune positions and plays, written the way the rules are told."""

from __future__ import annotations

from stops.cards import parse_card
from stops.moves import Play

from positions import start_position


def position(hands: dict[str, str], talon: str = "", **extra):
    """A Nain Jaune round from a position; cards as text, e.g. {"A": "9♦ J♦"} (unlisted cards are played)."""
    return start_position("nain_jaune", hands, talon, **extra)


def play(rnd, *moves: str):
    """Apply plays written "A 9♦"; returns every event's JSON."""
    out = []
    for text in moves:
        name, card = text.split()
        out += [e.to_json(rnd.names) for e in rnd.apply(Play(rnd.names.index(name), parse_card(card)))]
    return out


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def transfers(events, reason=None):
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]


def legal(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())


def on_turn(rnd):
    return rnd.names[rnd.to_move()]
