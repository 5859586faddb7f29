"""Small builders for Newmarket positions, written the way the rules are told."""

from __future__ import annotations

import json
from pathlib import Path

from stops.replay import load_replay
from michigan_helpers import play, transfers  # noqa: F401  (every game's plays and transfers read the same)
from positions import start_position



def position(hands: dict[str, str], dummy: str = "", **extra):
    """A Newmarket round from a mid-round position; cards as text, e.g. {"A": "9♦ J♦"}."""
    return start_position("newmarket", hands, dummy, **extra)


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def leads(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())


def example(name):
    """An example replay of examples/newmarket/, played to its end, with its events' JSON."""
    path = Path(__file__).resolve().parents[2] / "examples" / "newmarket" / f"{name}.json"
    rnd, _ = load_replay(json.loads(path.read_text(encoding="utf-8"))).play()
    return rnd, [e.to_json(rnd.names) for e in rnd.log]
