"""Small builders for Rummoli positions and moves, written the way the rules are told."""

from __future__ import annotations

from stops.cards import parse_card
from stops.moves import Bid, Pass, Play
from stops.phases.betting import BETTING_MOVES
from stops.phases.widow_exchange import Swap

from positions import start_position

def position(hands: dict[str, str], widow: str = "", *, phase: str = "stops", **extra):
    """A Rummoli hand from a position (in the stops phase unless ``phase`` says); cards as text."""
    return start_position("rummoli", hands, widow, phase=phase, **extra)


def move(rnd, text: str):
    """A move written "A 9♦", "A bid 3", "A pass", "D swap", "D keep", "A check", "A raise"..."""
    name, action, *rest = text.split()
    seat = rnd.names.index(name)
    if action == "bid":
        return Bid(seat, int(rest[0]))
    if action == "pass":
        return Pass(seat)
    if action in ("swap", "keep"):
        return Swap(seat, action == "swap")
    if action in BETTING_MOVES:
        return BETTING_MOVES[action](seat)
    return Play(seat, parse_card(action))


def play(rnd, *texts: str):
    """Apply moves; returns every event's JSON."""
    out = []
    for text in texts:
        out += [e.to_json(rnd.names) for e in rnd.apply(move(rnd, text))]
    return out


def transfers(events, reason=None):
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def snapshot(rnd):
    """Everything an illegal move must leave untouched."""
    return (
        list(rnd.ledger.balances),
        dict(rnd.ledger.board),
        [sorted(h) for h in rnd.hands],
        list(rnd.owner),
        rnd.widow,
        repr(rnd.state),
        len(rnd.moves),
        len(rnd.log),
        rnd.phase,
    )
