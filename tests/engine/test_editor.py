"""The example editor's engine side: notes on steps, deal checks, seeded deals, the editing
state and the site's ```stops-example``` block, through stops.editor and the web API."""

import json
from pathlib import Path

import pytest

from stops import editor, web
from stops.deal import hand_sizes
from stops.errors import LimitError, ReplayError
from stops.replay import load_replay, walkthrough

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").glob("*/*.json"))
NINE = REPO / "examples" / "michigan" / "nine-of-diamonds.json"


def nine() -> dict:
    return json.loads(NINE.read_text(encoding="utf-8"))


def table(game: str, players: int = 4) -> dict:
    names = [f"P{i}" for i in range(players)]
    return {"game": game, "players": names, "dealer": names[-1]}


def call(op, *args):
    return json.loads(web.call(op, json.dumps(list(args))))


# ----- notes on steps -----------------------------------------------------------------


def test_a_note_rides_beside_its_step_and_step_zero_is_the_start():
    doc = nine() | {"notes": {"0": "Count the diamonds.", "2": "C plays out of turn: C holds 10♦."}}
    walk = walkthrough(doc)
    assert walk["start"]["note"] == "Count the diamonds."
    assert walk["steps"][1]["note"] == "C plays out of turn: C holds 10♦."
    assert [("note" in step) for step in walk["steps"]] == [False, True, False, False, False]


def test_a_replay_without_notes_walks_through_as_before():
    walk = walkthrough(nine())
    assert "note" not in walk["start"] and all("note" not in step for step in walk["steps"])


def test_a_note_keeps_markup_as_plain_text_and_may_break_lines():
    text = "<img src=x onerror=alert(1)>\nsecond line"
    walk = walkthrough(nine() | {"notes": {"1": text}})
    assert walk["steps"][0]["note"] == text


def test_a_note_may_hold_the_no_break_spaces_of_french_typography():
    text = "Les trèfles\u202f: un coup choisi\u00a0!"
    walk = walkthrough(nine() | {"notes": {"1": text}})
    assert walk["steps"][0]["note"] == text


@pytest.mark.parametrize("notes, path", [
    ({"6": "after the last move"}, "notes.6"),
    ({"-1": "before the start"}, "notes.-1"),
    ({"01": "leading zero"}, "notes.01"),
    ({"one": "a word"}, "notes.one"),
    ({"1": 5}, "notes.1"),
    ({"1": "bell\x07"}, "notes.1"),
    ({"1": "right-to-left \u202e override"}, "notes.1"),
    (["a note"], "notes"),
])
def test_a_bad_note_is_refused_naming_it(notes, path):
    with pytest.raises(ReplayError) as caught:
        load_replay(nine() | {"notes": notes})
    assert caught.value.path == path


def test_a_note_has_a_length_limit():
    with pytest.raises(LimitError) as caught:
        load_replay(nine() | {"notes": {"1": "x" * 1001}})
    assert caught.value.path == "notes.1"


# ----- checking a deal ----------------------------------------------------------------


@pytest.mark.parametrize("game, players", [("michigan", 4), ("michigan", 7), ("tripoli", 3), ("rummoli", 5)])
def test_a_seeded_deal_is_a_full_deal_of_the_games_hand_sizes(game, players):
    doc = editor.seeded_deal(table(game, players), 11)
    answer = editor.check_deal(doc)
    assert answer["valid"] and answer["kind"] == "deal"
    profile = load_replay(doc).profile
    sizes, widow = hand_sizes(players, players - 1, profile.widow_position)
    assert [len(cards) for cards in doc["deal"]["hands"].values()] == sizes == list(answer["sizes"]["hands"].values())
    assert len(doc["deal"]["widow"]) == widow == answer["sizes"]["widow"]
    assert editor.seeded_deal(table(game, players), 11) == doc and editor.seeded_deal(table(game, players), 12) != doc


def test_a_deal_missing_a_card_names_the_card_and_the_deal_rule():
    doc = editor.seeded_deal(table("michigan"), 3)
    lost = doc["deal"]["widow"].pop()
    answer = editor.check_deal(doc)
    assert not answer["valid"]
    assert answer["error"]["path"] == "deal" and answer["error"]["rule"] == "michigan.deal"
    assert lost in answer["error"]["message"]


def test_a_card_dealt_twice_is_refused_in_a_deal_and_in_a_position():
    doc = editor.seeded_deal(table("tripoli", 3), 3)
    hands = doc["deal"]["hands"]
    hands["P0"][0] = hands["P1"][0]
    answer = editor.check_deal(doc)
    assert not answer["valid"] and "twice" in answer["error"]["message"] and answer["error"]["rule"] == "tripoli.deal"
    position = nine()
    position["position"]["hands"]["B"].append("9♦")
    answer = editor.check_deal(position)
    assert not answer["valid"] and "9♦" in answer["error"]["message"]


def test_wrong_hand_sizes_are_refused_in_a_full_deal():
    doc = editor.seeded_deal(table("michigan"), 5)
    hands = doc["deal"]["hands"]
    hands["P0"].append(hands["P1"].pop())
    answer = editor.check_deal(doc)
    assert not answer["valid"] and answer["error"]["path"] == "deal"


def test_a_position_counts_the_cards_named_nowhere_as_played():
    answer = editor.check_deal(nine())
    assert answer == {"valid": True, "kind": "position",
                      "sizes": {"hands": {"A": 11, "B": 11, "C": 10, "D": 10}, "widow": 10}, "phases": ["stops"]}


@pytest.mark.parametrize("game, options", [("tripoli", {"ghost_auction": True}), ("rummoli", {}), ("michigan", {"widow_auction": True})])
def test_a_position_may_start_in_any_phase_the_game_has_with_these_options(game, options):
    from stops.profiles import PROFILES

    doc = {"game": game, "options": options, "players": ["A", "B", "C"], "dealer": "C",
           "position": {"hands": {"A": ["2♥", "3♥"], "B": ["5♠", "6♠"], "C": ["K♦", "A♦"]}}}
    phases = editor.check_deal(doc)["phases"]
    assert phases == list(PROFILES[game].configure(options).phases) and "stops" in phases
    doc["position"] |= {"phase": "stops", "leader": "B"}
    assert editor.check_deal(doc)["valid"]
    state = editor.edit_state(doc | {"moves": []})
    assert state["to_move"] == "B" and all(move["player"] == "B" for move in state["legal"])


@pytest.mark.parametrize("change, path", [
    ({"game": "whist"}, "game"),
    ({"dealer": "Z"}, "dealer"),
    ({"players": ["A", "A", "B"]}, "players"),
    ({"options": {"no_such_option": True}}, "options"),
])
def test_a_bad_table_is_refused_before_the_deal_is_looked_at(change, path):
    answer = editor.check_deal(nine() | change)
    assert not answer["valid"] and answer["sizes"] is None and answer["error"]["path"] == path


def test_a_seed_is_a_whole_number_in_range():
    for seed in (-1, 2**53, 1.5, True, "7"):
        with pytest.raises(ReplayError):
            editor.seeded_deal(table("michigan"), seed)


# ----- the editing state ----------------------------------------------------------------


def test_the_editing_state_gives_the_legal_moves_of_the_decision_due():
    doc = nine() | {"moves": nine()["moves"][:1]}
    state = editor.edit_state(doc)
    assert state["to_move"] == "C" and not state["over"]
    assert state["legal"] == [{"player": "C", "play": "10♦"}]
    assert len(state["walk"]["steps"]) == 1
    done = editor.edit_state(nine())
    assert done["over"] and done["to_move"] is None and done["legal"] == []


def test_the_editing_state_gives_bids_as_a_range():
    doc = editor.seeded_deal(table("rummoli", 4), 2)
    state = editor.edit_state(doc)
    bids = [move for move in state["legal"] if "bid" in move]
    assert bids and all(set(move["bid"]) == {"min", "max"} for move in bids)


def test_an_illegal_move_in_the_editor_names_the_move():
    doc = nine()
    doc["moves"][1] = {"player": "B", "play": "10♦"}
    answer = call("edit_state", doc)
    assert not answer["ok"] and answer["error"]["path"].startswith("moves[1]")


# ----- the stops-example block ------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_survives_the_round_trip_through_a_block(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    block = editor.example_block(doc)
    assert block.startswith("```stops-example\n") and block.endswith("\n```\n")
    back = editor.read_example_block(block)
    assert back["document"] == {"format": "stops-replay", "version": 1} | doc
    assert walkthrough(back["document"]) == walkthrough(doc)


def test_a_block_is_what_the_site_build_reads():
    from site_build.examples import ExampleSource, load_replay as build_reads

    doc = nine() | {"notes": {"3": "J♦ comes back to A."}}
    block = editor.example_block(doc, collapsed=True)
    assert block.splitlines()[0] == "```stops-example collapsed"
    inner = "\n".join(block.splitlines()[1:-1])
    read, _ = build_reads(ExampleSource("page.md", 1, inner), REPO)
    assert read == {"format": "stops-replay", "version": 1} | doc
    assert editor.read_example_block(block)["collapsed"] is True


def test_a_block_without_fences_is_read_too():
    assert editor.read_example_block(json.dumps(nine()))["document"] == nine()


def test_a_block_that_does_not_play_is_refused_naming_the_move():
    doc = nine()
    doc["moves"][2] = {"player": "A", "play": "5♠"}
    with pytest.raises(ReplayError):
        editor.example_block(doc)
    block = "```stops-example\n" + json.dumps(doc) + "\n```"
    with pytest.raises(Exception) as caught:
        editor.read_example_block(block)
    assert getattr(caught.value, "path", "").startswith("moves[2]")


@pytest.mark.parametrize("text, words", [
    ("```stops-example\nfile: examples/michigan/full-hand.json\n```", "paste the replay"),
    ("```stops-example\n{\"game\": \"michigan\"\n```", "JSON"),
    ("```stops-example\n" + json.dumps({"game": "michigan"}), "not closed"),
    ("```python\nprint(1)\n```", "fence"),
])
def test_a_broken_block_gets_a_clear_error(text, words):
    answer = call("read_example_block", text)
    assert not answer["ok"] and words in answer["error"]["message"]


def test_the_editor_operations_answer_bad_input_as_errors_not_crashes():
    for op, args in [("check_deal", ["not json"]), ("seeded_deal", [{"game": "michigan"}, 1]),
                     ("edit_state", [{"players": []}]), ("example_block", [[1, 2]]),
                     ("read_example_block", [42]), ("check_deal", [])]:
        answer = call(op, *args)
        assert answer["ok"] is False, op
        assert set(answer["error"]) == {"message", "path", "rule"}
        assert "bug" not in answer["error"]["message"], (op, answer)
