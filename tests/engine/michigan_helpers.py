"""Small builders for Michigan positions, written the way the rules are told."""

from __future__ import annotations

from positions import start_position



def position(hands: dict[str, str], widow: str = "", **extra):
    """A Michigan hand from a mid-hand position; cards as text, e.g. {"A": "9♦ J♦"}."""
    return start_position("michigan", hands, widow, **extra)


def play(rnd, *moves: str):
    """Apply moves written "A 9♦"; returns every event's JSON."""
    from stops.cards import parse_card
    from stops.moves import Play

    out = []
    for text in moves:
        name, card = text.split()
        out += [e.to_json(rnd.names) for e in rnd.apply(Play(rnd.names.index(name), parse_card(card)))]
    return out


def transfers(events, reason=None):
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]
