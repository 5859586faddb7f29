"""The table widget's pure models (site/static/model/, engine/client.mjs) under Node, fed
with the engine's own walkthrough and branch answers for the 9♦ example."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

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
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is not installed (CI=true)", pytrace=False)
        pytest.skip("node is not installed")
    data = tmp_path / "fixtures.json"
    data.write_text(json.dumps(fixtures(), ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run([node, "--test", str(Path(__file__).with_name("widget_models.test.mjs"))],
                          env={**os.environ, "STOPS_WIDGET_FIXTURES": str(data)}, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert "# fail 0" in proc.stdout and "# pass 0" not in proc.stdout
