"""The Poch example replays (examples/poch/): each shows what it says, replayed on CPython."""

import json
from pathlib import Path

from stops.replay import load_replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "poch"


def replayed(name):
    replay = load_replay(json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")))
    rnd = replay.start()
    for move in replay.moves:
        rnd.apply(move)
    return rnd, [e.to_json(rnd.names) for e in rnd.log]


def test_the_vying_example_a_bluff_called_and_three_eights_taking_the_pocher_bowl():
    rnd, log = replayed("vying")
    shown = [e for e in log if e["type"] == "sets-shown"]
    assert len(shown) == 1 and shown[0]["winners"] == ["B"]
    assert [h["player"] for h in shown[0]["hands"]] == ["B", "C"]  # A and D passed
    assert rnd.phase == "stops" and rnd.names[rnd.to_move()] == "B"
