"""Nain Jaune's stop at will (option may_stop): a player on turn who could play on may stop
instead; the turn passes on as if he could not, and back round to the player of the last
card it is a stop."""

import pytest

from stops.cards import parse_card
from stops.errors import IllegalMove
from stops.moves import Play, Stop
from stops.replay import load_replay

from nain_jaune_helpers import of_type, on_turn, play, position
from rulecheck import covers

MAY_STOP = {"may_stop": True}


def moves_of(rnd):
    """The legal moves as text: the cards, and "stop" when a stop at will is offered."""
    return sorted("stop" if isinstance(m, Stop) else str(m.card) for m in rnd.legal_moves())


def stop(rnd, name):
    return [e.to_json(rnd.names) for e in rnd.apply(Stop(rnd.names.index(name)))]


@covers("nain_jaune.voluntary-stop")
def test_with_the_option_a_player_on_turn_who_could_play_on_may_stop_instead():
    rnd = position({"A": "3♦ 4♠ 9♣", "B": "8♥ 2♠", "C": "4♣ 3♠", "D": "6♠ J♠"}, leader="A", options=MAY_STOP)
    play(rnd, "A 3♦")
    assert on_turn(rnd) == "A" and moves_of(rnd) == ["4♠", "stop"]
    events = stop(rnd, "A")
    assert events[0] == {"type": "stop-at-will", "player": "A", "rank": "4", "rule": "nain_jaune.voluntary-stop"}
    # The turn passes on as if A held no four: B passes, C plays on.
    assert [(e["player"], e["rank"]) for e in of_type(events, "passed")] == [("B", "4")]
    assert on_turn(rnd) == "C" and moves_of(rnd) == ["4♣", "stop"]
    assert sorted(map(str, rnd.hands[0])) == ["4♠", "9♣"]  # A kept his cards


@covers("nain_jaune.voluntary-stop", "nain_jaune.gap")
def test_back_round_to_the_player_who_stopped_on_his_own_card_it_is_a_stop_and_he_starts_again():
    rnd = position({"A": "3♦ 4♠ 9♣", "B": "8♥ 2♠", "C": "J♣ 3♠", "D": "6♠ J♠"}, leader="A", options=MAY_STOP)
    play(rnd, "A 3♦")
    events = stop(rnd, "A")
    assert [e["player"] for e in of_type(events, "passed")] == ["B", "C", "D"]  # A is not asked again
    gap = of_type(events, "stop")[0]
    assert (gap["card"], gap["where"], gap["rule"]) == ("3♦", "nobody", "nain_jaune.gap")
    assert on_turn(rnd) == "A" and moves_of(rnd) == ["4♠", "9♣"]  # a new sequence, any card: no stop at a lead


@covers("nain_jaune.voluntary-stop")
def test_a_player_whose_turn_comes_may_stop_before_playing_and_is_not_asked_again_for_that_rank():
    rnd = position({"A": "3♦ 9♣", "B": "4♥ 2♠", "C": "4♣ 3♠", "D": "6♠ J♠"}, leader="A", options=MAY_STOP)
    play(rnd, "A 3♦")
    assert on_turn(rnd) == "B"
    events = stop(rnd, "B")
    assert of_type(events, "stop-at-will")[0]["player"] == "B"
    assert on_turn(rnd) == "C"  # the next on the left who holds a four
    events = stop(rnd, "C")
    # D has no four; back round to A, who played the last card: a stop, though B holds a four.
    assert [e["player"] for e in of_type(events, "passed")] == ["D"]
    assert of_type(events, "stop")[0]["rule"] == "nain_jaune.gap"
    assert on_turn(rnd) == "A" and moves_of(rnd) == ["9♣"]


@covers("nain_jaune.voluntary-stop", "nain_jaune.gap")
def test_with_skip_rank_the_stopper_who_starts_again_goes_on_above_the_rank_he_declined():
    rnd = position({"A": "3♦ 4♠ 5♥ 9♣", "B": "8♥ 2♠", "C": "J♣ 3♠", "D": "6♠ J♠"}, leader="A",
                   options=MAY_STOP | {"gap": "skip-rank"})
    play(rnd, "A 3♦")
    stop(rnd, "A")
    assert on_turn(rnd) == "A" and moves_of(rnd) == ["5♥"]


@covers("nain_jaune.follow")
def test_without_the_option_a_player_who_can_play_on_must():
    rnd = position({"A": "3♦ 4♠ 9♣", "B": "8♥ 2♠", "C": "4♣ 3♠", "D": "6♠ J♠"}, leader="A")
    play(rnd, "A 3♦")
    assert moves_of(rnd) == ["4♠"]
    with pytest.raises(IllegalMove) as refused:
        stop(rnd, "A")
    assert refused.value.rule == "nain_jaune.follow"


@covers("nain_jaune.voluntary-stop", "nain_jaune.lead-any")
def test_a_sequence_must_still_be_started_a_lead_is_never_declined():
    rnd = position({"A": "3♦ 4♠ 9♣", "B": "8♥ 2♠", "C": "4♣ 3♠", "D": "6♠ J♠"}, leader="A", options=MAY_STOP)
    assert "stop" not in moves_of(rnd)
    with pytest.raises(IllegalMove) as refused:
        stop(rnd, "A")
    assert refused.value.rule == "nain_jaune.first-lead"


@covers("nain_jaune.turn")
def test_only_the_player_on_turn_may_stop():
    rnd = position({"A": "3♦ 4♠ 9♣", "B": "8♥ 2♠", "C": "4♣ 3♠", "D": "6♠ J♠"}, leader="A", options=MAY_STOP)
    play(rnd, "A 3♦")
    with pytest.raises(IllegalMove) as refused:
        stop(rnd, "C")
    assert (refused.value.rule, refused.value.message) == ("nain_jaune.turn", "A is on turn, not C")


@covers("nain_jaune.voluntary-stop")
def test_a_stop_at_will_round_trips_through_the_replay_format_and_plays_again_the_same():
    doc = {"game": "nain_jaune", "players": list("ABCD"), "dealer": "D", "options": MAY_STOP,
           "position": {"hands": {"A": ["3♦", "4♠", "9♣"], "B": ["8♥", "2♠"], "C": ["4♣", "3♠"], "D": ["6♠", "J♠"]},
                        "widow": [], "leader": "A"},
           "moves": [{"player": "A", "play": "3♦"}, {"player": "A", "stop": True}]}
    replay = load_replay(doc)
    assert replay.moves == [Play(0, parse_card("3♦")), Stop(0)]
    assert [m.to_json(list("ABCD")) for m in replay.moves] == doc["moves"]
    rnd = replay.start()
    for move in replay.moves:
        rnd.apply(move)
    assert on_turn(rnd) == "C"


@covers("nain_jaune.voluntary-stop", "nain_jaune.gap")
def test_with_skip_rank_a_stopper_who_holds_only_the_rank_he_declined_starts_again_with_it():
    rnd = position({"A": "3♦ 4♠ 4♥", "B": "8♥ 2♠", "C": "J♣ 3♠", "D": "6♠ J♠"}, leader="A",
                   options=MAY_STOP | {"gap": "skip-rank"})
    play(rnd, "A 3♦")
    stop(rnd, "A")
    assert on_turn(rnd) == "A" and moves_of(rnd) == ["4♠", "4♥"]
