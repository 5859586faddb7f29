"""Nain Jaune's play: a sequence climbs by rank whatever the suit, in turn order; a player
without the next rank passes; a king, or the turn coming back round, is a stop."""

import json
from pathlib import Path

import pytest

from stops.errors import IllegalMove
from stops.replay import load_replay

from nain_jaune_helpers import legal, of_type, on_turn, play, position, transfers
from rulecheck import covers


@covers("nain_jaune.follow")
def test_any_card_of_the_next_rank_follows_whatever_its_suit():
    rnd = position({"A": "3♦ 4♠ 4♥ 9♣", "B": "5♠ 8♥", "C": "6♣ 2♠", "D": "10♠ J♠"}, leader="A")
    play(rnd, "A 3♦")
    assert on_turn(rnd) == "A" and legal(rnd) == ["4♠", "4♥"]  # his choice of suit
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 9♣")
    assert error.value.rule == "nain_jaune.follow"
    events = play(rnd, "A 4♥")
    assert of_type(events, "passed") == [{"type": "passed", "player": "A", "rank": "5", "rule": "nain_jaune.turn"}]
    assert on_turn(rnd) == "B" and legal(rnd) == ["5♠"]


@covers("nain_jaune.follow")
def test_the_player_on_turn_plays_on_while_he_can():
    rnd = position({"A": "A♣ 2♥ 3♠ 9♦", "B": "4♦ 8♥", "C": "6♣ 2♠", "D": "10♠ J♠"}, leader="A")
    events = play(rnd, "A A♣", "A 2♥", "A 3♠")
    assert not of_type(events[:-1], "passed")
    assert of_type(events, "passed")[0]["rank"] == "4" and on_turn(rnd) == "B"


@covers("nain_jaune.turn")
def test_a_player_without_the_next_rank_passes_and_the_next_on_the_left_is_on_turn():
    rnd = position({"A": "5♦ 9♣", "B": "8♥ 2♠", "C": "6♣ 3♠", "D": "6♠ J♠"}, leader="A")
    events = play(rnd, "A 5♦")
    assert [(e["player"], e["rank"]) for e in of_type(events, "passed")] == [("A", "6"), ("B", "6")]
    assert on_turn(rnd) == "C" and legal(rnd) == ["6♣"]  # D holds a 6 too, but C is on turn first
    with pytest.raises(IllegalMove) as error:
        play(rnd, "D 6♠")
    assert error.value.rule == "nain_jaune.turn"


@covers("nain_jaune.king-restart", "nain_jaune.stop", "nain_jaune.lead-any")
def test_a_king_ends_the_sequence_and_its_player_starts_a_new_one_with_any_card():
    rnd = position({"A": "Q♠ K♣ 5♦ 9♣", "B": "8♥ 2♠", "C": "6♣ 3♠", "D": "6♠ J♠"}, last={"player": "D", "card": "J♦"})
    assert on_turn(rnd) == "A"  # D holds no queen
    events = play(rnd, "A Q♠", "A K♣")
    stop = of_type(events, "stop")[0]
    assert stop["rule"] == "nain_jaune.king-restart" and stop["next"] is None
    assert not of_type(events, "passed")
    assert on_turn(rnd) == "A" and legal(rnd) == ["5♦", "9♣"]
    assert play(rnd, "A 9♣")[0]["rule"] == "nain_jaune.lead-any"


@covers("nain_jaune.gap")
def test_when_the_turn_comes_back_round_nobody_can_play_on_and_the_last_player_starts_again():
    rnd = position({"A": "8♦ 2♣ 5♠", "B": "4♥", "C": "J♠", "D": "K♠"}, leader="A")
    events = play(rnd, "A 8♦")
    assert [e["player"] for e in of_type(events, "passed")] == ["A", "B", "C", "D"]
    stop = of_type(events, "stop")[0]
    assert (stop["where"], stop["rule"]) == ("nobody", "nain_jaune.gap")
    assert on_turn(rnd) == "A" and legal(rnd) == ["2♣", "5♠"]


@covers("nain_jaune.king-restart", "nain_jaune.gap")
@pytest.mark.parametrize("hands, start, moves, other, rule", [
    ({"A": "Q♠ K♣ 5♦ 9♣", "B": "8♥ 2♠", "C": "6♣ 3♠", "D": "6♠ J♠"}, {"last": {"player": "D", "card": "J♦"}},
     ("A Q♠", "A K♣"), "B 2♠", "nain_jaune.king-restart"),
    ({"A": "8♦ 2♣ 5♠", "B": "4♥", "C": "J♠", "D": "K♠"}, {"leader": "A"}, ("A 8♦",), "B 4♥", "nain_jaune.gap"),
])
def test_a_new_sequence_started_out_of_turn_breaks_the_rule_of_the_stop_that_says_who_starts_it(hands, start, moves, other, rule):
    rnd = position(hands, **start)
    play(rnd, *moves)
    with pytest.raises(IllegalMove) as error:
        play(rnd, other)  # the player of the last card starts again: the stop's rule, not lead-any's
    assert (error.value.rule, error.value.message) == (rule, f"A leads now, not {other[0]}")


@covers("nain_jaune.talon")
def test_a_card_in_the_talon_is_never_played_and_leaves_a_gap():
    rnd = position({"A": "8♦ 2♣ 5♠", "B": "10♥ 4♥", "C": "J♠", "D": "K♠"}, "9♠ 9♥ 9♦ 9♣", leader="A")
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 9♠")
    assert error.value.rule == "nain_jaune.talon"
    events = play(rnd, "A 8♦")
    assert of_type(events, "stop") and on_turn(rnd) == "A"


@covers("nain_jaune.first-lead")
def test_the_player_left_of_the_dealer_plays_first_with_any_card():
    rnd = position({"A": "8♦ 2♣ 5♠", "B": "10♥ 4♥", "C": "J♠", "D": "K♠"})
    assert on_turn(rnd) == "A" and legal(rnd) == ["2♣", "5♠", "8♦"]
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 4♥")
    assert error.value.rule == "nain_jaune.first-lead"


@covers("nain_jaune.first-lead")
def test_option_lowest_the_first_card_is_the_lowest_of_the_hand_ace_low():
    rnd = position({"A": "8♦ A♣ 5♠", "B": "10♥ 4♥", "C": "J♠", "D": "K♠"}, options={"first_lead": "lowest"})
    assert legal(rnd) == ["A♣"]


@covers("nain_jaune.gap")
def test_option_skip_rank_after_a_gap_the_last_player_goes_on_from_the_next_rank_he_holds():
    rnd = position({"A": "8♦ 2♣ J♠ J♥ 5♠", "B": "4♥", "C": "3♠", "D": "K♠"}, leader="A", options={"gap": "skip-rank"})
    events = play(rnd, "A 8♦")  # every nine and ten is gone: after the gap A goes on with a jack
    stop = of_type(events, "stop")[0]
    assert (stop["where"], stop["rule"]) == ("nobody-skip", "nain_jaune.gap")  # told as going on, not as a new run
    assert on_turn(rnd) == "A" and legal(rnd) == ["J♠", "J♥"]
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 2♣")
    assert error.value.rule == "nain_jaune.gap"


@covers("nain_jaune.gap")
def test_option_skip_rank_wraps_from_the_king_round_to_the_ace():
    rnd = position({"A": "Q♦ 2♣ 5♠", "B": "4♥", "C": "3♠", "D": "7♠"}, leader="A", options={"gap": "skip-rank"})
    play(rnd, "A Q♦")  # no king left anywhere, no ace with A: A goes on with the 2♣
    assert legal(rnd) == ["2♣"]


@covers("nain_jaune.gap")
def test_the_skip_rank_example_goes_on_from_the_next_rank_held_and_round_the_top_to_the_ace():
    path = Path(__file__).resolve().parents[2] / "examples" / "nain_jaune" / "skip-rank.json"
    replay = load_replay(json.loads(path.read_text(encoding="utf-8")))
    rnd = replay.start()
    forced = {}
    for index, move in enumerate(replay.moves):
        if index in (2, 6):  # after each gap: the last player's only move
            forced[index] = legal(rnd)
        rnd.apply(move)
    assert forced == {2: ["7♦"], 6: ["A♥"]}  # A with 7♦ 2♣ 3♣ after no 6; D with 8♠ A♥ after no jack
    log = [e.to_json(rnd.names) for e in rnd.log]
    assert [t for t in transfers(log, "case") if t[0] == {"section": "dwarf"}] == [({"section": "dwarf"}, {"player": "A"}, 20)]
    assert rnd.over and rnd.names[rnd.winner] == "A"
