"""Newmarket stops play: the first lead, following, stops, the restart in another suit and
the duty that passes to the left, the horses, and going out."""

import pytest

from stops.errors import IllegalMove, StopsError

from newmarket_helpers import example, leads, of_type, play, position, transfers
from rulecheck import covers


@covers("newmarket.first-lead")
def test_the_player_left_of_the_dealer_leads_first():
    rnd = position({"A": "5♦ 9♠", "B": "2♣ 7♥", "C": "3♥", "D": "4♠"}, dealer="D")
    assert rnd.names[rnd.to_move()] == "A"
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 2♣")
    assert error.value.rule == "newmarket.first-lead"


@covers("newmarket.lead-lowest")
def test_a_lead_is_the_lowest_card_of_the_suit_the_leader_chooses():
    rnd = position({"A": "5♦ 9♦ 9♠ 2♣", "B": "2♥", "C": "3♥", "D": "4♥"})
    assert leads(rnd) == ["2♣", "5♦", "9♠"]
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 9♦")
    assert error.value.rule == "newmarket.lead-lowest"


@covers("newmarket.follow")
def test_whoever_holds_the_next_card_plays_it_whatever_their_seat():
    rnd = position({"A": "5♦ 2♠", "B": "3♠", "C": "7♦ 4♠", "D": "6♦ 5♠"})
    play(rnd, "A 5♦")
    assert rnd.names[rnd.to_move()] == "D"
    with pytest.raises(IllegalMove) as error:
        play(rnd, "C 7♦")
    assert error.value.rule == "newmarket.follow"
    play(rnd, "D 6♦", "C 7♦")


@covers("newmarket.stop")
def test_a_sequence_stops_after_the_ace_or_when_the_next_card_was_played():
    rnd = position({"A": "K♠ A♠ 2♥", "B": "3♥", "C": "4♥", "D": "5♥"}, leader="A")
    stop = of_type(play(rnd, "A K♠", "A A♠"), "stop")[0]
    assert stop["card"] == "A♠" and stop["next"] is None
    rnd = position({"A": "5♦ 2♥", "B": "3♥", "C": "4♥", "D": "5♥"})  # 6♦ is named nowhere: played
    stop = of_type(play(rnd, "A 5♦"), "stop")[0]
    assert stop["next"] == "6♦" and stop["where"] == "played"


@covers("newmarket.restart")
def test_after_a_stop_the_stopper_leads_the_lowest_card_of_another_suit():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 3♣ 8♥", "C": "2♥", "D": "6♠"}, dummy="K♦")
    play(rnd, "A J♦", "B Q♦")
    assert rnd.names[rnd.to_move()] == "B"
    assert leads(rnd) == ["3♣", "8♥"]
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 4♦")
    assert error.value.rule == "newmarket.restart"


@covers("newmarket.duty-passes")
def test_a_stopper_with_no_other_suit_passes_the_lead_to_the_left():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 7♦", "C": "2♥ 9♥", "D": "6♠"}, dummy="K♦")
    events = play(rnd, "A J♦", "B Q♦")
    passed = of_type(events, "duty-passes")[0]
    assert passed["from"] == "B" and passed["to"] == "C" and passed["rule"] == "newmarket.duty-passes"
    assert rnd.names[rnd.to_move()] == "C" and leads(rnd) == ["2♥"]
    with pytest.raises(IllegalMove):
        play(rnd, "B 4♦")


@covers("newmarket.duty-passes", "newmarket.restart")
def test_a_lead_out_of_turn_after_a_stop_breaks_the_rule_that_named_the_leader():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 7♦", "C": "2♥ 9♥", "D": "6♠"}, dummy="K♦")
    play(rnd, "A J♦", "B Q♦")  # B stops and holds no other suit: the duty passes to C
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 4♦")
    assert (error.value.rule, error.value.message) == ("newmarket.duty-passes", "C leads now, not B")
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 3♣ 8♥", "C": "2♥", "D": "6♠"}, dummy="K♦")
    play(rnd, "A J♦", "B Q♦")  # B stops and leads again
    with pytest.raises(IllegalMove) as error:
        play(rnd, "C 2♥")
    assert (error.value.rule, error.value.message) == ("newmarket.restart", "B leads now, not C")


@covers("newmarket.duty-passes")
def test_the_duty_passes_by_everyone_who_holds_only_the_stopped_suit():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦", "C": "2♦ 9♦", "D": "6♠ 3♦"}, dummy="K♦")
    events = play(rnd, "A J♦", "B Q♦")
    passed = of_type(events, "duty-passes")[0]
    assert passed["to"] == "D" and passed["skipped"] == ["B", "C"]
    assert leads(rnd) == ["6♠"]  # another suit only


@covers("newmarket.duty-passes")
def test_when_nobody_holds_another_suit_the_stopper_leads_the_stopped_suit_again():
    rnd = position({"A": "J♦ A♦", "B": "Q♦ 4♦", "C": "2♦", "D": "3♦"}, dummy="K♦")
    events = play(rnd, "A J♦", "B Q♦")
    assert not of_type(events, "duty-passes")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["4♦"]


def test_a_position_where_the_lead_comes_back_to_a_stopper_who_holds_no_card_is_refused():
    # After B's stop nobody holds another suit, so B leads again: with no card left, the
    # position cannot be played on (before, it started with no legal move at all).
    with pytest.raises(StopsError) as error:
        position({"A": "4♦", "C": "2♦", "D": "3♦"}, dummy="K♦", leader="B", stopped="Q♦")
    assert (error.value.rule, error.value.message) == ("newmarket.first-lead", "B must lead but holds no card")


@covers("newmarket.restart")
def test_with_the_michigan_restart_the_stopper_leads_the_same_suit_himself():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 7♦", "C": "2♥ 9♥", "D": "6♠"}, dummy="K♦", options={"restart": "michigan"})
    events = play(rnd, "A J♦", "B Q♦")
    assert not of_type(events, "duty-passes")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["4♦"]


@covers("newmarket.restart")
def test_with_the_any_suit_restart_the_stopper_may_lead_the_stopped_suit_though_he_holds_another():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 7♦ 8♥", "C": "2♥ 9♥", "D": "6♠"}, dummy="K♦", options={"restart": "any-suit"})
    events = play(rnd, "A J♦", "B Q♦")
    assert not of_type(events, "duty-passes")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["4♦", "8♥"]  # the lowest of each suit
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 7♦")
    assert error.value.rule == "newmarket.restart"
    play(rnd, "B 4♦")


@covers("newmarket.restart")
def test_with_the_any_suit_restart_a_stopper_left_with_the_stopped_suit_leads_it_himself():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 7♦", "C": "2♥ 9♥", "D": "6♠"}, dummy="K♦", options={"restart": "any-suit"})
    events = play(rnd, "A J♦", "B Q♦")
    assert not of_type(events, "duty-passes")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["4♦"]


@covers("newmarket.restart-colour")
def test_with_the_other_colour_restart_the_stopper_leads_the_lowest_card_of_a_suit_of_the_other_colour():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 8♥ 5♣ 9♠", "C": "2♥", "D": "6♠"}, dummy="K♦", options={"restart": "other-colour"})
    events = play(rnd, "A J♦", "B Q♦")
    assert not of_type(events, "duty-passes")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["5♣", "9♠"]  # black only: a heart is another suit, not another colour
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 8♥")
    assert error.value.rule == "newmarket.restart-colour"
    events = play(rnd, "B 5♣")
    assert of_type(events, "play")[0]["rule"] == "newmarket.restart-colour"


@covers("newmarket.restart-colour", "newmarket.duty-passes")
def test_with_the_other_colour_restart_a_stopper_with_no_card_of_the_other_colour_passes_the_lead_to_the_left():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 8♥", "C": "2♥ 9♥", "D": "6♠ 3♥"}, dummy="K♦", options={"restart": "other-colour"})
    events = play(rnd, "A J♦", "B Q♦")
    passed = of_type(events, "duty-passes")[0]
    assert passed["from"] == "B" and passed["to"] == "D" and passed["skipped"] == ["B", "C"]
    assert passed["colour"] == "black" and passed["rule"] == "newmarket.duty-passes"
    assert rnd.names[rnd.to_move()] == "D" and leads(rnd) == ["6♠"]  # not the 3♥: the run changes colour
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 8♥")
    assert error.value.rule == "newmarket.restart-colour"


@covers("newmarket.restart-colour")
def test_with_the_other_colour_restart_when_nobody_holds_the_other_colour_the_stopper_leads_another_suit_of_his_own():
    rnd = position({"A": "J♦ 5♥", "B": "Q♦ 4♦ 8♥", "C": "2♥ 9♥", "D": "3♦ 4♥"}, dummy="K♦ 5♠ 5♣", options={"restart": "other-colour"})
    events = play(rnd, "A J♦", "B Q♦")
    assert not of_type(events, "duty-passes")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["8♥"]  # hearts, not the stopped diamonds
    rnd = position({"A": "J♦ 5♥", "B": "Q♦ 4♦", "C": "2♥ 9♥", "D": "3♦ 4♥"}, dummy="K♦ 5♠ 5♣", options={"restart": "other-colour"})
    play(rnd, "A J♦", "B Q♦")
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["4♦"]  # nothing else left: the stopped suit


@covers("newmarket.horse")
def test_playing_a_horse_wins_the_chips_on_it_and_holding_one_wins_nothing():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 3♣", "C": "A♥ 2♥", "D": "6♠"}, dummy="K♦", board={"QD": 7, "AH": 3})
    assert rnd.ledger.board["QD"] == 7 + 4  # what stayed, and this round's stakes
    events = play(rnd, "A J♦", "B Q♦")
    assert transfers(events, "horse") == [({"section": "QD"}, {"player": "B"}, 11)]
    assert rnd.ledger.board["AH"] == 3 + 4  # C holds A♥ but has not played it


@covers("newmarket.going-out", "newmarket.card-count")
def test_the_first_player_out_is_paid_one_chip_per_card_left_and_the_dummy_pays_nothing():
    rnd = position({"A": "5♦", "B": "Q♦ 3♣ 8♥", "C": "2♥", "D": "6♠ 7♠"}, dummy="K♦ 9♥", board={"KC": 2})
    events = play(rnd, "A 5♦")
    assert of_type(events, "out")[0]["player"] == "A"
    assert transfers(events, "card-count") == [({"player": "B"}, {"player": "A"}, 3), ({"player": "C"}, {"player": "A"}, 1),
                                               ({"player": "D"}, {"player": "A"}, 2)]
    assert rnd.over and rnd.ledger.board["KC"] == 2 + 4  # no Kitty, nothing else is taken


@covers("newmarket.duty-passes", "newmarket.restart")
def test_the_deal_of_the_duty_example_ends_with_the_stopper_out_under_the_michigan_restart():
    default, default_log = example("duty-passes-left")
    michigan, log = example("restart-michigan")
    assert michigan.profile.option("restart") == "michigan"
    assert [e for e in log if e["type"] == "deal"] == [e for e in default_log if e["type"] == "deal"]
    assert [(e["player"], e["card"]) for e in log if e["type"] == "play"][-1] == ("B", "3♦")
    assert (michigan.names[michigan.winner], default.names[default.winner]) == ("B", "D")
    assert of_type(default_log, "duty-passes") and not of_type(log, "duty-passes")
