"""stops.web: the JSON-in/JSON-out API the site's engine worker calls through Pyodide."""

import json
from pathlib import Path

import pytest

from stops import web
from stops.replay import walkthrough

REPO = Path(__file__).resolve().parents[2]
NINE = (REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8")
EXAMPLES = sorted((REPO / "examples").rglob("*.json"))


def replay_line(doc_text: str, step: int, line: dict) -> dict:
    """The document with its first `step` moves, then the branch's moves: replayed by the engine."""
    doc = json.loads(doc_text)
    doc["moves"] = doc["moves"][:step] + [s["move"] for s in line["steps"]]
    return walkthrough(doc)


def test_walkthrough_is_the_replay_walkthrough_as_json():
    assert json.loads(web.walkthrough(NINE)) == walkthrough(json.loads(NINE))


@pytest.mark.parametrize("lead", ["5♠", "8♥"])
def test_branching_the_nine_of_diamonds_at_the_first_lead_plays_a_complete_legal_round(lead):
    line = json.loads(web.branch(NINE, 0, json.dumps({"player": "A", "play": lead})))
    assert line["branch"] == {"step": 0, "move": {"player": "A", "play": lead}, "bot": "basic", "seed": 0}
    assert line["start"]["view"]["to_move"] == "A"
    assert len(line["start"]["view"]["legal"]) == 3
    assert line["steps"][0]["move"] == {"player": "A", "play": lead}
    assert line["steps"][-1]["view"]["over"] is True
    assert line["result"]["over"] is True and line["result"]["winner"] in line["players"]
    # Legal all the way: the engine replays the whole new line and reaches the same result.
    assert replay_line(NINE, 0, line)["result"] == line["result"]


def test_branching_later_keeps_the_moves_before_the_branch_point():
    doc = (REPO / "examples" / "michigan" / "full-hand.json").read_text(encoding="utf-8")
    moves = json.loads(doc)["moves"]
    walk = walkthrough(json.loads(doc))
    views = [walk["start"]["view"]] + [s["view"] for s in walk["steps"]]
    step = next(i for i, view in enumerate(views[:-1]) if len(view["legal"]) > 1)
    other = next(m for m in views[step]["legal"] if m != moves[step])
    line = json.loads(web.branch(doc, step, json.dumps(other), bot="random", seed=3))
    assert line["start"]["view"] == views[step]
    assert replay_line(doc, step, line)["result"] == line["result"]


def test_an_illegal_alternative_is_a_clear_error_naming_the_rule():
    with pytest.raises(web.WebError, match=r"B cannot make this move: .*\(michigan\.first-lead\)"):
        web.branch(NINE, 0, json.dumps({"player": "B", "play": "Q♦"}))
    answer = json.loads(web.call("branch", json.dumps([NINE, 1, json.dumps({"player": "A", "play": "J♦"})])))
    assert answer == {"ok": False, "error": "A cannot make this move: the next card is 10♦ (C holds it), "
                                             "not J♦ (michigan.follow)"}


@pytest.mark.parametrize("step, move, message", [
    (9, {"player": "A", "play": "5♠"}, "step must be a whole number from 0 to 5"),
    (5, {"player": "A", "play": "5♠"}, "the round is over after 5 moves"),
    (0, {"player": "Z", "play": "5♠"}, "unknown player 'Z'"),
    (0, {"player": "A", "play": "5X"}, "the move cannot be read"),
    (0, {"player": "A", "jump": 1}, "exactly one action"),
])
def test_bad_requests_get_one_readable_error(step, move, message):
    answer = json.loads(web.call("branch", json.dumps({"doc_json": NINE, "step": step, "move_json": json.dumps(move)})))
    assert answer["ok"] is False and message in answer["error"]


def test_call_reports_errors_as_data():
    assert json.loads(web.call("nope", "[]"))["error"].startswith("unknown operation 'nope'")
    assert "not valid JSON" in json.loads(web.call("walkthrough", json.dumps(["{"])))["error"]
    assert "bad arguments" in json.loads(web.call("branch", json.dumps([NINE])))["error"]
    assert json.loads(web.call("branch", json.dumps([NINE, 0, "{}", "genius"])))["error"].startswith("unknown bot")
    answer = json.loads(web.call("walkthrough", json.dumps([NINE])))
    assert answer["ok"] is True and answer["result"]["game"] == "michigan"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_other_legal_move_of_every_example_branches_to_a_legal_end(path):
    """At every choice point of every example, each alternative plays out to a legal end."""
    doc = path.read_text(encoding="utf-8")
    data = json.loads(doc)
    walk = walkthrough(data)
    views = [walk["start"]["view"]] + [s["view"] for s in walk["steps"]]
    checked = 0
    for step, view in enumerate(views[:len(data.get("moves", []))]):
        if len(view["legal"]) < 2:
            continue
        other = next(m for m in view["legal"] if m != data["moves"][step])
        line = json.loads(web.branch(doc, step, json.dumps(other), seed=step))
        assert line["result"]["over"]
        assert replay_line(doc, step, line)["result"] == line["result"]
        checked += 1
        if checked == 3:
            break


# ----- hint: every legal option of the player to move, rated, with a reason to translate ----


def first_decision(path: Path) -> tuple[str, int]:
    """An example and the first step at which the player to move has a choice."""
    doc = path.read_text(encoding="utf-8")
    walk = walkthrough(json.loads(doc))
    views = [walk["start"]["view"]] + [s["view"] for s in walk["steps"]]
    for step, view in enumerate(views[:-1]):
        if len(view["legal"]) > 1:
            return doc, step
    pytest.skip(f"{path.name} has no decision with a choice")


@pytest.mark.parametrize("path", [REPO / "examples" / "michigan" / "nine-of-diamonds.json",
                                  REPO / "examples" / "tripoli" / "ghost-auction.json",
                                  REPO / "examples" / "rummoli" / "betting-raise-and-fold.json"],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_hint_rates_every_legal_option_of_the_player_to_move_with_a_translatable_reason(path):
    from stops.hints import REASONS, english

    doc, step = first_decision(path)
    walk = walkthrough(json.loads(doc))
    view = ([walk["start"]["view"]] + [s["view"] for s in walk["steps"]])[step]
    reply = json.loads(web.call("hint", json.dumps([doc, step, 60, 0])))
    assert reply["ok"], reply
    result = reply["result"]
    assert result["player"] == view["to_move"]
    assert [o["move"] for o in result["options"]] == view["legal"]
    assert result["options"][result["best"]]["expected"] == max(o["expected"] for o in result["options"])
    for option in result["options"]:
        assert option["playouts"] == 60 and option["stderr"] >= 0 and 0 <= option["win_rate"] <= 1
        message = option["reason_message"]
        assert message["id"] in REASONS.values()
        assert english({"id": message["id"], "args": message["args"]}) == option["reason"]


@pytest.mark.parametrize("args, message", [
    ([NINE, 5, 10, 0], "the round is over"),
    ([NINE, 9, 10, 0], "step must be a whole number from 0 to 5"),
    ([NINE, 0, 0, 0], "playouts must be a whole number from 1 to"),
    ([NINE, 0, 10, "x"], "seed must be a whole number"),
])
def test_a_hint_for_a_position_that_has_no_decision_or_bad_numbers_is_a_clear_error(args, message):
    reply = json.loads(web.call("hint", json.dumps(args)))
    assert reply["ok"] is False
    error = reply["error"]["message"] if isinstance(reply["error"], dict) else reply["error"]
    assert message in error
