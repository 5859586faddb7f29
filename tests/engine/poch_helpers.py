"""Small builders for Poch positions and moves, written the way the rules are told."""

from __future__ import annotations

from stops.cards import parse_card
from stops.moves import Play
from stops.phases.betting import Bet, Call, Check, Fold, Raise

from positions import start_position
from rummoli_helpers import of_type, transfers  # noqa: F401 (the same event helpers)


def position(hands: dict[str, str], *, phase: str = "stops", turn_up: str | None = None, **extra):
    """A Poch round from a position (in the stops phase unless ``phase`` says); cards as text.
    The dealer (D unless ``dealer`` says) turns up ``turn_up``, by default the first card
    written in their hand; with ``trumps=hearts`` no card is turned."""
    options = extra.get("options") or {}
    if options.get("trumps") != "hearts":
        dealer = extra.get("dealer", "D")
        extra["turn_up"] = turn_up or hands[dealer].split()[0]
    return start_position("poch", hands, phase=phase, **extra)


def move(rnd, text: str):
    """A move as players say it: "A poch 3" (open or raise), "B hold", "C pass", or "A 9♦"."""
    name, action, *rest = text.split()
    seat = rnd.names.index(name)
    state = rnd.state.betting
    if action == "poch":
        amount = int(rest[0])
        return Raise(seat, amount) if state.current else Bet(seat, amount)
    if action == "hold":
        return Call(seat)
    if action == "pass":
        return Fold(seat) if state.current > state.put[seat] else Check(seat)
    return Play(seat, parse_card(action))


def play(rnd, *texts: str):
    """Apply moves; returns every event's JSON."""
    out = []
    for text in texts:
        out += [e.to_json(rnd.names) for e in rnd.apply(move(rnd, text))]
    return out
