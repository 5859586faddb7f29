"""Small builders for Tripoli hands and positions, written the way the rules are told."""

from __future__ import annotations

from pathlib import Path

from stops.cards import parse_card
from stops.deal import deal_from_seed
from stops.round import Round
from stops.moves import Bid, Pass, Play
from stops.profiles import get_profile
from stops.replay import read_replay_file

from positions import start_position

NAMES = ["A", "B", "C", "D"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tripoli"


def position(hands: dict[str, str], widow: str = "", **extra):
    """A Tripoli hand from a position; cards as text, e.g. {"A": "K♥ Q♥"}.

    Without ``phase`` every phase runs on these hands (holding, poker, ...); with
    ``phase="stops"`` the earlier phases are skipped.
    """
    return start_position("tripoli", hands, widow, **extra)


def dealt(players: int = 4, seed: int = 0, dealer: int = 0, **options) -> Round:
    profile = get_profile("tripoli", options or None)
    deal = deal_from_seed(seed, players, dealer, profile.widow_position)
    return Round(profile, [chr(65 + i) for i in range(players)], dealer, deal)


def move(rnd, text: str):
    """A move written "A 9♦", "A bid 3" or "A pass"."""
    name, *rest = text.split()
    seat = rnd.names.index(name)
    if rest == ["pass"]:
        return Pass(seat)
    if rest[0] == "bid":
        return Bid(seat, int(rest[1]))
    return Play(seat, parse_card(rest[0]))


def play(rnd, *moves: str) -> list[dict]:
    """Apply moves written "A 9♦", "A bid 3", "A pass"; returns every event's JSON."""
    out = []
    for text in moves:
        out += [e.to_json(rnd.names) for e in rnd.apply(move(rnd, text))]
    return out


def start_events(rnd) -> list[dict]:
    return [e.to_json(rnd.names) for e in rnd.start_events]


def of_type(events, kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def transfers(events, reason=None):
    """(from, to, amount) of the transfers, accounts written as a player name or a section id."""

    def side(account):
        return account.get("player") or account.get("section")

    return [
        (side(e["from"]), side(e["to"]), e["amount"])
        for e in events
        if e["type"] == "transfer" and (reason is None or e["reason"] == reason)
    ]


def example(name: str):
    """The example replay ``examples/tripoli/<name>.json``, played: (hand, steps)."""
    return read_replay_file(str(EXAMPLES / f"{name}.json")).play()
