"""stops.web, the API of the site's engine worker, answers the same under Pyodide (from the
wheel) as on CPython: the same walkthrough, the same bot line after a "what if?", the same
errors as data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from stops import web

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SCRIPT = "tests/pyodide/web_calls.py"
NINE = (REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8")
FULL = (REPO / "examples" / "tripoli" / "full-hand.json").read_text(encoding="utf-8")

CALLS = [
    ["walkthrough", [NINE]],
    ["branch", [NINE, 0, json.dumps({"player": "A", "play": "5♠"})]],
    ["branch", [NINE, 0, json.dumps({"player": "A", "play": "8♥"}), "basic", 7]],
    ["branch", {"doc_json": FULL, "step": 0, "move_json": json.dumps(json.loads(FULL)["moves"][0]), "bot": "random"}],
    ["branch", [NINE, 1, json.dumps({"player": "A", "play": "J♦"})]],
    ["nope", []],
    ["new_session", [{"game": "rummoli", "players": ["A", "B", "C"], "bots": {"B": "expert", "C": "basic"}, "seed": 3}, "A"]],
    ["check_document", ['{"format": "stops-session", "game": "tripoli", "players": ["A", "B", "C"], "seed": 1, "dealer": "Q"}']],
]
# A table a few decisions in, where a bot moves next: the same move, on both.
TABLE = {"format": "stops-session", "game": "tripoli", "options": {"ghost_auction": True}, "players": ["A", "B", "C"],
         "bots": {"A": "expert", "B": "basic", "C": "random"}, "seed": 5, "dealer": "C"}
CALLS += [["next_round", [TABLE, "A"]]]
# The example editor's operations: a seeded deal, its check, the editing state, the block and back.
EDITED = {"game": "rummoli", "players": ["A", "B", "C", "D"], "dealer": "D"}
CALLS += [["seeded_deal", [EDITED, 9]], ["check_deal", [NINE]], ["edit_state", [NINE]],
          ["example_block", [NINE, True]], ["read_example_block", ["```stops-example\n" + NINE + "\n```"]]]


def test_the_web_api_answers_the_same_on_pyodide_and_cpython(pyodide_run):
    proc = pyodide_run(SCRIPT, json.dumps(CALLS))
    assert proc.returncode == 0, proc.stderr
    there = json.loads(proc.stdout)
    assert there["platform"] == "emscripten" and "/site-packages/stops" in there["stops"]
    here = subprocess.run([sys.executable, SCRIPT, json.dumps(CALLS)], cwd=REPO, capture_output=True, text=True,
                          check=True, env={"PYTHONPATH": str(REPO / "engine")})
    assert there["answers"] == json.loads(here.stdout)["answers"]
    walk, line, other, tripoli, illegal, unknown, session, bad, dealt, *editing = there["answers"]
    assert walk["ok"] and [s["move"]["player"] for s in walk["result"]["steps"]][:4] == ["A", "C", "A", "B"]
    assert line["ok"] and line["result"]["result"]["over"] and line["result"]["steps"][0]["move"]["play"] == "5♠"
    assert other["ok"] and tripoli["ok"] and tripoli["result"]["result"]["over"]
    assert illegal == {"ok": False, "error": {"message": "the next card is 10♦ (C holds it), not J♦",
                                             "path": "move", "rule": "michigan.follow"}}
    assert unknown["ok"] is False and "unknown operation" in unknown["error"]["message"]
    assert session["ok"] and session["result"]["stage"] == "play" and session["result"]["document"]["rounds"]
    assert bad == {"ok": True, "result": {"valid": False, "error": {
        "message": "the first dealer is one of the players (A, B, C)", "path": "dealer", "rule": None}}}
    assert dealt["ok"] and dealt["result"]["round"] == 1
    seeded, checked, state, block, read = editing
    assert seeded["ok"] and len(seeded["result"]["deal"]["widow"]) == 10
    assert checked["ok"] and checked["result"]["valid"] and state["result"]["over"]
    assert block["result"].startswith("```stops-example collapsed\n")
    assert read["ok"] and read["result"]["document"] == json.loads(NINE)


def test_bots_choose_the_same_moves_on_pyodide_and_cpython(pyodide_run):
    doc = json.loads(web.next_round(TABLE))["document"]
    calls = [["bot_move", [doc, None, 20]]]
    there = json.loads(pyodide_run(SCRIPT, json.dumps(calls)).stdout)["answers"]
    here = [json.loads(web.call(op, json.dumps(args))) for op, args in calls]
    assert there == here and there[0]["ok"] and there[0]["result"]["move"]["player"] == "A"
