"""Rummoli stops phase: the first lead, the colour switch, the duty, the deadlock and the pots."""

import pytest

from stops.view import round_view
from stops.cards import parse_card
from stops.errors import IllegalMove

from rulecheck import covers
from rummoli_helpers import of_type, play, position, snapshot, transfers


def lead_cards(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())


@covers("rummoli.first-lead")
def test_the_poker_winner_begins_with_the_lowest_card_of_his_whole_hand():
    hands = {"A": "2♠ 2♥ 7♦ 9♣ K♣", "B": "Q♠ Q♥ Q♦ 4♣ 3♦ 3♣", "C": "4♠ 6♥ 8♦ 10♣ J♣", "D": "5♠ 5♦ 9♥ 9♠ 6♣"}
    rnd = position(hands, phase="betting")
    play(rnd, "A check", "B check", "C check", "D check")
    assert rnd.names[rnd.to_move()] == "B"
    assert lead_cards(rnd) == ["3♣", "3♦"]  # his choice between equal ranks
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 4♣")
    assert error.value.rule == "rummoli.first-lead"
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 2♠")
    assert error.value.rule == "rummoli.first-lead"


@covers("rummoli.colour-switch")
def test_after_a_stop_the_last_player_plays_the_lowest_card_of_the_opposite_colour():
    rnd = position({"A": "2♠ 3♠ 9♥ 5♦ 8♣ 4♦", "B": "6♣", "C": "5♠", "D": "6♠"}, "4♠", leader="A")
    events = play(rnd, "A 2♠", "A 3♠")
    assert of_type(events, "stop")
    assert lead_cards(rnd) == ["4♦", "9♥"]  # hearts or diamonds, the lowest of each
    assert round_view(rnd)["lead_colour"] == "red"
    before = snapshot(rnd)
    for bad in ("A 8♣", "A 5♦"):
        with pytest.raises(IllegalMove) as error:
            play(rnd, bad)
        assert error.value.rule == "rummoli.colour-switch"
        assert snapshot(rnd) == before
    events = play(rnd, "A 9♥")
    assert events[0]["rule"] == "rummoli.colour-switch"


@covers("rummoli.colour-switch", "rummoli.stop")
def test_after_an_ace_the_player_of_the_ace_plays_the_opposite_colour():
    rnd = position({"A": "3♦", "B": "Q♥ K♥ A♥ 6♣ 2♣ 7♦", "C": "5♠", "D": "7♥ 8♣"}, last={"player": "C", "card": "J♥"})
    events = play(rnd, "B Q♥", "B K♥", "B A♥")
    stop = of_type(events, "stop")[0]
    assert stop["next"] is None and stop["rule"] == "rummoli.stop"
    assert rnd.names[rnd.to_move()] == "B"
    assert lead_cards(rnd) == ["2♣"]
    assert round_view(rnd)["lead_colour"] == "black"


@covers("rummoli.duty-passes")
def test_without_the_colour_the_duty_passes_clockwise_to_the_first_player_who_holds_it():
    rnd = position({"A": "10♠ 4♣ 5♣", "B": "3♠ 7♣", "C": "6♥ 9♦ 2♣", "D": "7♥ 8♣"}, "J♠", last={"player": "B", "card": "9♠"})
    events = play(rnd, "A 10♠")
    duty = of_type(events, "duty-passes")[0]
    assert duty == {"type": "duty-passes", "from": "A", "to": "C", "skipped": ["A", "B"], "colour": "red", "rule": "rummoli.duty-passes"}
    assert rnd.names[rnd.to_move()] == "C"
    assert lead_cards(rnd) == ["6♥", "9♦"]
    with pytest.raises(IllegalMove):
        play(rnd, "A 4♣")
    with pytest.raises(IllegalMove):
        play(rnd, "D 7♥")  # D holds red too, but C comes first clockwise


@covers("rummoli.duty-passes")
def test_the_duty_passes_round_the_table_past_the_dealer():
    rnd = position({"A": "7♥", "B": "9♠ 4♣", "C": "5♣ 2♠", "D": "3♣ 6♦"}, "10♠", last={"player": "A", "card": "8♠"})
    play(rnd, "B 9♠")
    assert rnd.names[rnd.to_move()] == "D"
    rnd = position({"A": "7♥", "B": "2♠", "C": "9♠ 4♣", "D": "3♣"}, "10♠", last={"player": "B", "card": "8♠"})
    play(rnd, "C 9♠")
    assert rnd.names[rnd.to_move()] == "A"


@covers("rummoli.duty-passes")
def test_a_position_after_a_stop_passes_the_duty_at_once():
    rnd = position({"A": "4♣", "B": "3♠ 7♣", "C": "6♥ 2♣", "D": "8♣"}, stopped="10♠", leader="A")
    assert rnd.names[rnd.to_move()] == "C"


@covers("rummoli.duty-passes", "rummoli.colour-switch")
def test_a_lead_out_of_turn_after_a_stop_breaks_the_rule_that_named_the_leader():
    rnd = position({"A": "4♣", "B": "3♠ 7♣", "C": "6♥ 2♣", "D": "8♣"}, stopped="10♠", leader="A")  # C holds the red
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 4♣")
    assert (error.value.rule, error.value.message) == ("rummoli.duty-passes", "C leads now, not A")
    rnd = position({"A": "4♥ 4♣", "B": "3♠ 7♣", "C": "6♥ 2♣", "D": "8♣"}, stopped="10♠", leader="A")  # A holds one
    with pytest.raises(IllegalMove) as error:
        play(rnd, "C 6♥")
    assert (error.value.rule, error.value.message) == ("rummoli.colour-switch", "A leads now, not C")


@covers("rummoli.deadlock", "rummoli.carry-over")
def test_when_nobody_holds_the_colour_everyone_pays_per_card_into_the_rummoli_pot():
    rnd = position({"A": "5♥ 9♥ 2♦", "B": "3♦ 4♦", "C": "7♦ 8♦ 10♥", "D": "Q♦ J♥"}, "6♥ 5♦", last={"player": "B", "card": "4♥"}, board={"rummoli": 6})
    events = play(rnd, "A 5♥")
    dead = of_type(events, "deadlock")[0]
    assert dead["cards"] == {"A": 2, "B": 2, "C": 3, "D": 2} and dead["rule"] == "rummoli.deadlock"
    assert transfers(events, "deadlock") == [({"player": p}, {"section": "rummoli"}, n) for p, n in (("A", 2), ("B", 2), ("C", 3), ("D", 2))]
    assert rnd.over and rnd.winner is None
    assert rnd.ledger.board["rummoli"] == 6 + 4 + 9  # carried, ante, payments: nobody wins it
    assert rnd.legal_moves() == []


@covers("rummoli.pot-card")
def test_playing_a_pot_card_wins_that_pot():
    for text, sid in (("10♠", "TS"), ("J♦", "JD"), ("Q♣", "QC"), ("K♥", "KH"), ("A♠", "AS")):
        c = parse_card(text)
        before = str(parse_card(f"{['2','3','4','5','6','7','8','9','10','J','Q','K','A'][c % 13 - 1]}{text[-1]}"))
        rnd = position({"A": f"{text} 2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, last={"player": "B", "card": before})
        events = play(rnd, f"A {text}")
        assert transfers(events, "pot-card") == [({"section": sid}, {"player": "A"}, 4)], text
        assert events[1]["rule"] == "rummoli.pot-card"


@covers("rummoli.pot-card")
def test_holding_a_pot_card_wins_nothing():
    rnd = position({"A": "10♠ 2♣", "B": "3♣ 4♥", "C": "4♣", "D": "5♣"}, leader="B", stopped="9♠")
    play(rnd, "B 4♥")
    assert rnd.ledger.board["TS"] == 4


@covers("rummoli.ace-king")
def test_king_then_ace_of_diamonds_by_one_player_wins_the_ace_king_pot():
    rnd = position({"A": "K♦ A♦ 3♠ 4♣", "B": "Q♦ 7♠ 2♣", "C": "6♥ 9♣", "D": "8♥ 5♠"}, last={"player": "C", "card": "J♦"})
    events = play(rnd, "B Q♦", "A K♦", "A A♦")
    combo = of_type(events, "combo")[0]
    assert combo["section"] == "ace_king" and combo["player"] == "A" and combo["rule"] == "rummoli.ace-king"
    assert transfers(events, "ace-king") == [({"section": "ace_king"}, {"player": "A"}, 4)]


@covers("rummoli.ace-king")
def test_king_and_ace_of_diamonds_by_two_players_win_nothing():
    rnd = position({"A": "K♦ 3♠ 4♣", "B": "Q♦ 7♠ 2♣", "C": "A♦ 6♥ 9♣", "D": "8♥ 5♠"}, last={"player": "C", "card": "J♦"})
    events = play(rnd, "B Q♦", "A K♦", "C A♦")
    assert not of_type(events, "combo")
    assert rnd.ledger.board["ace_king"] == 4


@covers("rummoli.ace-king")
def test_the_ace_king_needs_the_king_first_and_then_the_ace():
    # A leads A♦ after a stop (the king already played by another): no pot
    rnd = position({"A": "A♦ 3♠", "B": "7♠ 2♣", "C": "6♥ 4♣", "D": "8♥ 5♠"}, stopped="9♣", leader="A")
    events = play(rnd, "A A♦")
    assert not of_type(events, "combo")


@covers("rummoli.seven-eight-nine")
def test_seven_eight_nine_of_a_suit_by_one_player_wins_the_pot():
    rnd = position({"A": "7♣ 8♣ 9♣ 3♥ 2♠", "B": "6♣ 7♠ 2♦", "C": "6♥ J♣", "D": "8♥ 5♠"}, "10♣", last={"player": "C", "card": "5♣"})
    events = play(rnd, "B 6♣", "A 7♣", "A 8♣")
    assert not of_type(events, "combo")
    events = play(rnd, "A 9♣")
    assert of_type(events, "combo")[0]["cards"] == ["7♣", "8♣", "9♣"]
    assert transfers(events, "seven-eight-nine") == [({"section": "seven_eight_nine"}, {"player": "A"}, 4)]


@covers("rummoli.seven-eight-nine")
def test_seven_eight_nine_by_two_players_wins_nothing():
    rnd = position({"A": "7♣ 9♣ 3♥ 2♠", "B": "6♣ 8♣ 7♠ 2♦", "C": "6♥ J♣", "D": "8♥ 5♠"}, "10♣", last={"player": "C", "card": "5♣"})
    events = play(rnd, "B 6♣", "A 7♣", "B 8♣", "A 9♣")
    assert not of_type(events, "combo") and rnd.ledger.board["seven_eight_nine"] == 4


@covers("rummoli.follow")
def test_whoever_holds_the_next_card_must_play_it():
    rnd = position({"A": "5♦ 7♦ 2♣", "B": "6♦ 3♣", "C": "4♣", "D": "5♣"}, last={"player": "C", "card": "4♦"})
    assert rnd.names[rnd.to_move()] == "A"
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 6♦")
    assert error.value.rule == "rummoli.follow"
    play(rnd, "A 5♦", "B 6♦", "A 7♦")


@covers("rummoli.going-out", "rummoli.rummoli-pot", "rummoli.card-count")
def test_the_first_out_wins_the_rummoli_pot_and_a_chip_per_card_from_each_rival():
    rnd = position({"A": "5♦", "B": "6♦ 3♣", "C": "4♣ 2♠ 2♥", "D": "5♣"}, last={"player": "C", "card": "4♦"}, board={"rummoli": 3})
    events = play(rnd, "A 5♦")
    assert of_type(events, "out")[0]["player"] == "A"
    assert transfers(events, "rummoli-pot") == [({"section": "rummoli"}, {"player": "A"}, 7)]
    assert events[2]["rule"] == "rummoli.rummoli-pot"
    assert sorted(transfers(events, "card-count"), key=str) == sorted([({"player": "B"}, {"player": "A"}, 2), ({"player": "C"}, {"player": "A"}, 3), ({"player": "D"}, {"player": "A"}, 1)], key=str)
    assert rnd.over and rnd.winner == 0
    # the round ends at once although B holds 6♦
    assert rnd.legal_moves() == []
