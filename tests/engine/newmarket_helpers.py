"""Small builders for Newmarket positions, written the way the rules are told."""

from __future__ import annotations

from positions import start_position

from stops.cards import parse_card
from stops.deal import Deal
from stops.moves import Play
from stops.profiles import get_profile
from stops.round import Round


def position(hands: dict[str, str], dummy: str = "", **extra):
    """A Newmarket round from a mid-round position; cards as text, e.g. {"A": "9♦ J♦"}."""
    return start_position("newmarket", hands, dummy, **extra)


def dealt(hands: dict[str, str], dummy: str, dealer: int = 3, options=None, **extra) -> Round:
    """A round from a full deal written out (every card of the pack once)."""
    names = list(hands)
    profile = get_profile("newmarket", options or {})
    deal = Deal(tuple(tuple(sorted(parse_card(t) for t in hands[n].split())) for n in names),
                tuple(sorted(parse_card(t) for t in dummy.split())))
    return Round(profile, names, dealer, deal, **extra)


def play(rnd, *moves: str):
    """Apply moves written "A 9♦"; returns every event's JSON."""
    out = []
    for text in moves:
        name, card = text.split()
        out += [e.to_json(rnd.names) for e in rnd.apply(Play(rnd.names.index(name), parse_card(card)))]
    return out


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def transfers(events, reason=None):
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]


def leads(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())
