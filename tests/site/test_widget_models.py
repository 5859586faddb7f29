"""The table widget's pure models (site/static/model/, engine/client.mjs) under Node, fed
with the engine's own walkthrough and branch answers for the 9♦ example."""

import json
from pathlib import Path

from node_tests import run_node_tests

from stops import web

REPO = Path(__file__).resolve().parents[2]
NINE = REPO / "examples" / "michigan" / "nine-of-diamonds.json"


def answer(op, *args):
    reply = json.loads(web.call(op, json.dumps(list(args))))
    assert reply["ok"], reply
    return reply["result"]


def fixtures() -> dict:
    doc = json.loads(NINE.read_text(encoding="utf-8"))
    walk = answer("walkthrough", json.dumps(doc))
    book = walk["steps"][0]["move"]
    # A variation at the start with a later decision that has a choice, for a variation of it.
    for other in (m for m in walk["start"]["view"]["legal"] if m != book):
        first = answer("branch", json.dumps(doc), 0, json.dumps(other), "basic", 0)
        views = [first["start"]["view"]] + [s["view"] for s in first["steps"]]
        choices = [i for i in range(1, len(first["steps"])) if len(views[i]["legal"]) > 1]
        if choices:
            break
    assert choices, "no variation of the 9♦ example has a second decision"
    at = choices[0]
    played = first["steps"][at]["move"]
    alternative = next(m for m in views[at]["legal"] if m != played)
    line = {**doc, "moves": [s["move"] for s in first["steps"]]}
    second = answer("branch", json.dumps(line), at, json.dumps(alternative), "basic", 0)
    return {"walk": walk, "branchAt0": first, "branchOfBranch": {"at": at, "answer": second}}


def test_the_stepper_ledger_and_engine_client_behave_as_their_rules_say(tmp_path):
    data = tmp_path / "fixtures.json"
    data.write_text(json.dumps(fixtures(), ensure_ascii=False), encoding="utf-8")
    run_node_tests(Path(__file__).with_name("widget_models.test.mjs"), {"STOPS_WIDGET_FIXTURES": str(data)})
