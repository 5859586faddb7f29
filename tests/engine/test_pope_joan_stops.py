"""Pope Joan's stops play: ace low, kings and the 7♦ as stops, the stock and the turn-up, the leads."""

import pytest
from pope_joan_helpers import of_type, play, position
from rulecheck import covers

from stops.cards import parse_card
from stops.errors import IllegalMove
from stops.moves import Play


def stop_of(events):
    stops = of_type(events, "stop")
    return stops[-1] if stops else None


@covers("pope_joan.stop")
def test_every_king_is_a_stop_with_the_ace_low():
    rnd = position(["Q♣ K♣ 2♥", "3♥", "4♥"], "5♠ 9♠", "9♠")
    stop = stop_of(play(rnd, "Q♣", "K♣"))
    assert (str(stop.card), stop.next) == ("K♣", None)


@covers("pope_joan.stop")
def test_the_seven_of_diamonds_is_always_a_stop():
    rnd = position(["6♦ 7♦ 2♥", "3♥ 9♦", "4♥"], "5♠ 9♠", "9♠")
    stop = stop_of(play(rnd, "6♦", "7♦"))
    assert (str(stop.card), stop.next) == ("7♦", None)


@covers("pope_joan.stop", "pope_joan.follow")
def test_a_sequence_runs_up_by_whoever_holds_the_next_card_and_stops_at_the_stock():
    rnd = position(["2♥ 9♣", "3♥ 10♣", "4♥ J♣"], "5♥ 9♠", "9♠")
    events = play(rnd, "2♥", "3♥", "4♥")
    assert [e.seat for e in of_type(events, "play")] == [0, 1, 2]
    stop = stop_of(events)
    assert (str(stop.next), stop.where) == ("5♥", "widow")


@covers("pope_joan.stop", "pope_joan.turn-up")
def test_the_card_turned_up_is_a_stop_everyone_could_see():
    rnd = position(["8♠ 2♥", "3♥", "4♥"], "5♠ 9♠", "9♠")
    stop = stop_of(play(rnd, "8♠"))
    assert (str(stop.next), stop.where) == ("9♠", "turn-up")


@covers("pope_joan.stop")
def test_with_the_ace_high_the_aces_stop_and_a_king_is_followed_by_the_ace():
    rnd = position(["Q♣ K♣ 2♥", "A♣ 3♥", "4♥"], "5♠ 9♠", "9♠", ace_high=True)
    events = play(rnd, "Q♣", "K♣", "A♣")
    stop = stop_of(events)
    assert (str(stop.card), stop.next) == ("A♣", None)


@covers("pope_joan.first-lead", "pope_joan.lead-lowest")
def test_the_player_left_of_the_dealer_leads_the_lowest_card_of_a_suit():
    rnd = position(["A♣ 5♣ 4♥ 9♥", "3♥", "J♠"], "5♠ 9♠", "9♠")
    assert rnd.to_move() == 0
    assert sorted(str(m.card) for m in rnd.legal_moves()) == ["4♥", "A♣"]  # the ace is the lowest club
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Play(0, parse_card("5♣")))
    assert refused.value.rule == "pope_joan.lead-lowest"
    with pytest.raises(IllegalMove) as wrong_seat:
        rnd.apply(Play(1, parse_card("3♥")))
    assert wrong_seat.value.rule == "pope_joan.first-lead"


@covers("pope_joan.lead-any")
def test_with_lead_any_a_lead_may_be_any_card():
    rnd = position(["A♣ 5♣ 4♥ 9♥", "3♥", "J♠"], "5♠ 9♠", "9♠", lead="any")
    assert sorted(str(m.card) for m in rnd.legal_moves()) == sorted(["A♣", "5♣", "4♥", "9♥"])
    events = play(rnd, "9♥")
    assert of_type(events, "play")[0].rule == "pope_joan.lead-any"


@covers("pope_joan.restart")
def test_after_a_stop_the_stopper_leads_again_the_lowest_of_any_suit_the_stopped_suit_too():
    rnd = position(["2♥ 6♥ 5♣ 9♣", "3♥ 7♥", "J♠"], "4♥ 9♠", "9♠")
    play(rnd, "2♥", "3♥")  # B stops at 3♥ (4♥ is in the stock) and leads again: hearts allowed
    assert rnd.to_move() == 1 and [str(m.card) for m in rnd.legal_moves()] == ["7♥"]
    rnd3 = position(["2♥ 6♥ 5♣ 9♣", "3♥", "J♠"], "4♥ 9♠", "9♠")
    rnd3.apply(Play(0, parse_card("5♣")))  # A: 5♣ (6♣ played/nowhere): A stops and leads again
    assert rnd3.to_move() == 0
    assert sorted(str(m.card) for m in rnd3.legal_moves()) == ["2♥", "9♣"]
    assert of_type(rnd3.log, "stop")[-1].rule == "pope_joan.stop"


@covers("pope_joan.restart")
@pytest.mark.parametrize("lead", ["lowest", "any"])
def test_a_lead_out_of_turn_after_a_stop_breaks_the_restart_rule_whatever_a_lead_may_be(lead):
    rnd = position(["2♥ 6♥ 5♣ 9♣", "3♥ 7♥", "J♠"], "4♥ 9♠", "9♠", lead=lead)
    play(rnd, "2♥", "3♥")  # B stops at 3♥ and must lead again
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Play(0, parse_card("5♣")))
    assert error.value.rule == "pope_joan.restart"
