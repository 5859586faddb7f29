"""stops.web: the JSON-in/JSON-out API the site's engine worker calls through Pyodide."""

import json
from pathlib import Path

import pytest

from stops import messages, web
from stops.profiles import PROFILES
from stops.replay import walkthrough

REPO = Path(__file__).resolve().parents[2]
NINE = (REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8")
EXAMPLES = sorted((REPO / "examples").rglob("*.json"))


def replay_line(doc_text: str, step: int, line: dict) -> dict:
    """The document with its first `step` moves, then the branch's moves: replayed by the engine."""
    doc = json.loads(doc_text)
    doc["moves"] = doc["moves"][:step] + [s["move"] for s in line["steps"]]
    doc.pop("notes", None)  # the example's notes belong to its own moves, not to the branch's
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


def test_every_step_of_a_walkthrough_and_a_branch_carries_one_message_per_event():
    """The worker returns the engine's messages for live lines: the browser only fills them."""
    walk = json.loads(web.walkthrough(NINE))
    line = json.loads(web.branch(NINE, 0, json.dumps({"player": "A", "play": "8♥"})))
    steps = [walk["start"], *walk["steps"], line["start"], *line["steps"]]
    assert sum(len(step["events"]) for step in steps) > 20
    for step in steps:
        assert len(step["messages"]) == len(step["events"])
        for event, message in zip(step["events"], step["messages"]):
            assert message == messages.message(event, PROFILES["michigan"].words_json())
    assert line["steps"][0]["messages"][0] == {"id": "%(player)s leads %(card)s.",
                                               "args": {"player": {"player": "A"}, "card": {"card": "8♥"}}}


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


def test_an_illegal_alternative_is_a_clear_error_naming_the_move_and_the_rule():
    with pytest.raises(web.StopsError) as error:
        web.branch(NINE, 0, json.dumps({"player": "B", "play": "Q♦"}))
    assert error.value.path == "move" and error.value.rule == "michigan.first-lead"
    answer = json.loads(web.call("branch", json.dumps([NINE, 1, json.dumps({"player": "A", "play": "J♦"})])))
    assert answer == {"ok": False, "error": {"message": "the next card is 10♦ (C holds it), not J♦",
                                             "path": "move", "rule": "michigan.follow"}}


@pytest.mark.parametrize("step, move, path, message", [
    (9, {"player": "A", "play": "5♠"}, "step", "step is a whole number from 0 to 5"),
    (5, {"player": "A", "play": "5♠"}, "step", "the round is over after 5 moves"),
    (0, {"player": "Z", "play": "5♠"}, "move.player", "unknown player 'Z'"),
    (0, {"player": "A", "play": "5X"}, "move.play", "unknown card '5X'"),
    (0, {"player": "A", "jump": 1}, "move", "exactly one action"),
])
def test_bad_requests_get_one_error_naming_the_argument(step, move, path, message):
    answer = json.loads(web.call("branch", json.dumps({"doc_json": NINE, "step": step, "move_json": json.dumps(move)})))
    assert answer["ok"] is False and set(answer["error"]) == {"message", "path", "rule"}
    assert answer["error"]["path"] == path and message in answer["error"]["message"]


def error_of(op, args):
    answer = json.loads(web.call(op, json.dumps(args)))
    assert answer["ok"] is False
    return answer["error"]


def test_call_reports_errors_as_data_with_message_path_and_rule():
    assert error_of("nope", []) == {"message": f"unknown operation 'nope' (operations: {', '.join(web.OPERATIONS)})", "path": "op", "rule": None}
    assert "not valid JSON" in error_of("walkthrough", ["{"])["message"]
    assert error_of("branch", [NINE])["path"] == "args"
    assert error_of("branch", [NINE, 0, "{}", "genius"])["message"].startswith("unknown bot")
    assert error_of("walkthrough", [NINE.replace('"D", "moves"', '"D", "moves"').replace('"9♦"', '"9X"', 1)])["path"].startswith(("deal", "position"))
    answer = json.loads(web.call("walkthrough", json.dumps([NINE])))
    assert answer["ok"] is True and answer["result"]["game"] == "michigan"


def test_a_bad_replay_walked_through_gets_its_rule_as_a_field_and_a_message_without_it():
    doc = json.loads(NINE)
    doc["moves"][1] = {"player": "A", "play": "J♦"}  # C holds the 10♦
    assert error_of("walkthrough", [json.dumps(doc)]) == {"message": "the next card is 10♦ (C holds it), not J♦",
                                                          "path": "moves[1]", "rule": "michigan.follow"}
    doc = json.loads(NINE)
    doc["players"] = ["A", "B"]
    error = error_of("walkthrough", [json.dumps(doc)])
    assert (error["path"], error["rule"]) == ("players", "michigan.players") and "michigan." not in error["message"]


def concrete(legal: dict) -> dict:
    """A move from a legal-move entry: a range of amounts (a bid, a poch) gives its lowest."""
    for key in ("bid", "bet", "raise"):
        if isinstance(legal.get(key), dict):
            return {"player": legal["player"], key: legal[key]["min"]}
    return legal


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_branches_to_a_legal_end_from_its_recorded_and_other_moves(path):
    """At the first move of every example the recorded move, and at its first choice points
    every other legal move, play out to a legal end that the engine replays to the same result."""
    doc = path.read_text(encoding="utf-8")
    data = json.loads(doc)
    walk = walkthrough(data)
    views = [walk["start"]["view"]] + [s["view"] for s in walk["steps"]]
    moves = data.get("moves", [])
    branches = [(0, moves[0])] if moves else []
    for step, view in enumerate(views[:len(moves)]):
        others = [concrete(m) for m in view["legal"] if concrete(m) != moves[step]]
        if others and len(branches) < 4:
            branches.append((step, others[0]))
    assert branches, "an example with no move cannot branch"
    for step, move in branches:
        line = json.loads(web.branch(doc, step, json.dumps(move), seed=step))
        assert line["result"]["over"]
        assert replay_line(doc, step, line)["result"] == line["result"]


# ----- hint: every legal option of the player to move, rated, with a reason to translate ----


def first_decision(path: Path) -> tuple[str, int, dict]:
    """An example, the first step at which the player to move has a choice, and its view."""
    doc = path.read_text(encoding="utf-8")
    walk = walkthrough(json.loads(doc))
    views = [walk["start"]["view"]] + [s["view"] for s in walk["steps"]]
    for step, view in enumerate(views[:-1]):
        if len(view["legal"]) > 1:
            return doc, step, view
    raise AssertionError(f"{path.name} has no decision with a choice")


@pytest.mark.parametrize("path", [REPO / "examples" / "michigan" / "nine-of-diamonds.json",
                                  REPO / "examples" / "tripoli" / "ghost-auction.json",
                                  REPO / "examples" / "rummoli" / "betting-raise-and-fold.json"],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_hint_rates_every_legal_option_of_the_player_to_move_with_a_translatable_reason(path):
    from stops.hints import REASONS, english

    doc, step, view = first_decision(path)
    reply = json.loads(web.call("hint", json.dumps([doc, step, 60, 0])))
    assert reply["ok"], reply
    result = reply["result"]
    assert result["player"] == view["to_move"]
    rated = [o["move"] for o in result["options"]]
    for move in view["legal"]:  # every legal move is rated (a bid range by its bids and the rest of it)
        if isinstance(move.get("bid"), dict):
            assert any(isinstance(m.get("bid"), int) and m["bid"] == move["bid"]["min"] for m in rated)
        else:
            assert move in rated
    assert result["options"][result["best"]]["expected"] == max(o["expected"] for o in result["options"])
    for option in result["options"]:
        assert option["playouts"] == 60 and option["stderr"] >= 0 and 0 <= option["win_rate"] <= 1
        message = option["reason_message"]
        assert message["id"] in REASONS.values()
        assert english(message, PROFILES[path.parent.name].words) == option["reason"]


@pytest.mark.parametrize("args, path", [
    ([NINE, 5, 10, 0], "step"),
    ([NINE, 9, 10, 0], "step"),
    ([NINE, 0, 0, 0], "playouts"),
    ([NINE, 0, 10, "x"], "seed"),
])
def test_a_hint_where_there_is_no_decision_or_with_bad_numbers_is_a_clear_error(args, path):
    reply = json.loads(web.call("hint", json.dumps(args)))
    assert reply["ok"] is False
    assert reply["error"]["path"] == path and reply["error"]["message"]
