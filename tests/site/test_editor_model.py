"""The example editor's pure model (site/static/model/editor.mjs) under Node, with no DOM.

The engine makes the fixtures (a seeded deal, a line of legal moves, a bid range, every
example document); Node builds documents with the model and writes them out; the engine then
checks that what the model wrote plays, with its notes at their steps."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from node_tests import node_or_skip

from stops import web
from stops.replay import walkthrough

REPO = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("editor_model.test.mjs")
TABLE = {"game": "michigan", "players": ["Ana", "Ben", "Cleo", "Dev"], "dealer": "Dev", "options": {}}


def ok(op, *args):
    answer = json.loads(web.call(op, json.dumps(list(args))))
    assert answer["ok"], answer
    return answer["result"]


def line_of_play(doc, moves: int) -> list:
    """The first `moves` moves of a round played by always taking the engine's first legal move."""
    played = []
    for _ in range(moves):
        state = ok("edit_state", {**doc, "moves": played})
        if state["over"]:
            break
        played.append(state["legal"][0])
    return played


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    node = node_or_skip()
    seeded = ok("seeded_deal", TABLE, 42)
    rummoli = ok("seeded_deal", {"game": "rummoli", "players": ["A", "B", "C", "D"], "dealer": "D"}, 3)
    stripped_table = {"game": "newmarket", "players": ["A", "B", "C", "D"], "dealer": "D",
                      "options": {"remove_8d": True, "ace_low": True}}
    examples = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted((REPO / "examples").glob("*/*.json"))}
    fixtures = {
        "table": TABLE, "seeded": seeded, "line": line_of_play(seeded, 6),
        "bids": ok("edit_state", rummoli)["legal"], "examples": examples,
        "stripped": ok("seeded_deal", stripped_table, 9), "stripped_pack": ok("game_pack", stripped_table)["pack"],
        "walk": ok("walkthrough", json.dumps({**examples["nine-of-diamonds"], "notes": {"0": "start", "2": "two"}})),
    }
    folder = tmp_path_factory.mktemp("editor")
    (folder / "fixtures.json").write_text(json.dumps(fixtures, ensure_ascii=False), encoding="utf-8")
    out = folder / "out.json"
    proc = subprocess.run([node, "--test", str(SCRIPT)], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "EDITOR_FIXTURES": str(folder / "fixtures.json"), "EDITOR_OUT": str(out)})
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    return json.loads(out.read_text(encoding="utf-8"))


def test_the_model_passes_its_node_tests(results):
    assert results["built"] and results["round_trips"]


def test_a_document_built_from_a_seed_by_playing_legal_moves_plays_with_its_notes(results):
    doc = results["built"]
    walk = walkthrough(doc)
    assert len(walk["steps"]) == len(doc["moves"]) == 6
    assert walk["start"]["note"] == "Look at the widow: nobody may play it."
    assert walk["steps"][2]["note"] == '<img src=x onerror=alert(1)>'
    assert ok("check_deal", doc)["valid"]


def test_a_deal_assigned_card_by_card_is_the_one_the_engine_checks(results):
    by_hand = results["assigned"]
    assert ok("check_deal", by_hand)["valid"]
    short = results["assigned_short"]
    answer = ok("check_deal", short)
    assert not answer["valid"] and answer["error"]["path"] == "deal"


def test_a_deal_of_a_pack_without_the_8_of_diamonds_aces_low_is_whole_in_the_editor_and_holds(results):
    assert ok("check_deal", results["stripped"])["valid"] and len(results["stripped"]["deal"]["widow"]) == 10


def test_every_example_survives_the_editor_as_the_engine_reads_it(results):
    for name, doc in results["round_trips"].items():
        assert walkthrough(doc) == walkthrough(json.loads((next((REPO / "examples").glob(f"*/{name}.json"))).read_text(encoding="utf-8"))), name
