"""Small builders for Rummoli positions and moves, written the way the rules are told."""

from __future__ import annotations

from stops.cards import parse_card
from stops.moves import Bid, Pass, Play
from stops.phases.betting import BETTING_MOVES
from stops.phases.widow_exchange import Swap
from stops.replay import load_replay

NAMES = ["A", "B", "C", "D"]


def position(hands: dict[str, str], widow: str = "", *, dealer: str = "D", phase: str = "stops", players=None, options=None, **extra):
    """A Rummoli hand from a position; cards as text, e.g. {"A": "9♦ J♦"}."""
    players = players or NAMES
    pos = {"hands": {name: hands.get(name, "").split() for name in players}, "widow": widow.split(), "phase": phase}
    for key in ("leader", "stopped", "last"):
        if key in extra:
            pos[key] = extra.pop(key)
    doc = {"game": "rummoli", "players": players, "dealer": dealer, "position": pos, "options": options or {}, **extra}
    return load_replay(doc).start()


def move(hand, text: str):
    """A move written "A 9♦", "A bid 3", "A pass", "D swap", "D keep", "A check", "A raise"..."""
    name, action, *rest = text.split()
    seat = hand.names.index(name)
    if action == "bid":
        return Bid(seat, int(rest[0]))
    if action == "pass":
        return Pass(seat)
    if action in ("swap", "keep"):
        return Swap(seat, action == "swap")
    if action in BETTING_MOVES:
        return BETTING_MOVES[action](seat)
    return Play(seat, parse_card(action))


def play(hand, *texts: str):
    """Apply moves; returns every event's JSON."""
    out = []
    for text in texts:
        out += [e.to_json(hand.names) for e in hand.apply(move(hand, text))]
    return out


def transfers(events, reason=None):
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "transfer" and (reason is None or e["reason"] == reason)]


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def snapshot(hand):
    """Everything an illegal move must leave untouched."""
    data = {k: (repr(v) if not hasattr(v, "copy") else repr(v.copy())) for k, v in hand.data.items()}
    return (
        list(hand.ledger.balances),
        dict(hand.ledger.board),
        [sorted(h) for h in hand.hands],
        list(hand.owner),
        hand.widow,
        data,
        repr(hand.stops),
        len(hand.moves),
        len(hand.log),
        hand.phase,
    )
