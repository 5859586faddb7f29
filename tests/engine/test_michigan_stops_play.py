"""Michigan stops play: leads, following, stops, restarts, boxes and going out."""

import pytest

from stops.errors import IllegalMove

from michigan_helpers import play, position, transfers
from rulecheck import covers


def state_of(rnd):
    return (rnd.ledger.balances[:], dict(rnd.ledger.board), [set(h) for h in rnd.hands], rnd.owner[:], rnd.state.stops.copy(), len(rnd.moves))


# ----- leads -------------------------------------------------------------------------


@covers("michigan.first-lead")
def test_the_player_left_of_the_dealer_leads_first():
    rnd = position({"A": "5♦ 9♠", "B": "2♣ 7♥", "C": "3♥", "D": "4♠"}, dealer="D")
    assert rnd.names[rnd.to_move()] == "A"
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 2♣")
    assert error.value.rule == "michigan.first-lead"
    rnd = position({"A": "5♦ 9♠", "B": "2♣ 7♥", "C": "3♥", "D": "4♠"}, dealer="B")
    assert rnd.names[rnd.to_move()] == "C"


@covers("michigan.lead-lowest")
def test_a_lead_is_the_lowest_card_of_the_chosen_suit():
    rnd = position({"A": "5♦ 9♦ 9♠ 2♣", "B": "2♥", "C": "3♥", "D": "4♥"})
    assert sorted(str(m.card) for m in rnd.legal_moves()) == sorted(["5♦", "9♠", "2♣"])
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 9♦")
    assert error.value.rule == "michigan.lead-lowest"
    assert "5♦" in error.value.message


@covers("michigan.restart")
def test_after_a_stop_the_stopper_leads_another_suit():
    # B plays Q♦, K♦ is in the widow: B must lead clubs, not his 4♦.
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 3♣", "C": "2♥", "D": "6♠"}, widow="K♦")
    play(rnd, "A J♦", "B Q♦")
    assert rnd.names[rnd.to_move()] == "B"
    assert [str(m.card) for m in rnd.legal_moves()] == ["3♣"]
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 4♦")
    assert error.value.rule == "michigan.restart"


@covers("michigan.restart")
def test_only_with_nothing_else_does_the_stopper_lead_the_same_suit_from_its_lowest():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 4♦ 7♦", "C": "2♥", "D": "6♠"}, widow="K♦")
    play(rnd, "A J♦", "B Q♦")
    assert [str(m.card) for m in rnd.legal_moves()] == ["4♦"]


@covers("michigan.restart")
def test_a_restart_by_the_wrong_player_is_refused():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 3♣", "C": "2♥", "D": "6♠"}, widow="K♦")
    play(rnd, "A J♦", "B Q♦")
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 5♠")
    assert error.value.rule == "michigan.restart"


# ----- following and stops -----------------------------------------------------------


@covers("michigan.follow")
def test_whoever_holds_the_next_card_plays_it_whatever_his_seat():
    rnd = position({"A": "9♦ J♦ 2♠", "B": "Q♦ 3♣", "C": "10♦ 4♣", "D": "6♠"}, widow="K♦")
    play(rnd, "A 9♦")
    assert rnd.names[rnd.to_move()] == "C"
    assert [m.to_json(rnd.names) for m in rnd.legal_moves()] == [{"player": "C", "play": "10♦"}]


@covers("michigan.follow")
def test_nobody_may_skip_a_card_another_player_holds():
    rnd = position({"A": "9♦ J♦ 2♠", "B": "Q♦ 3♣", "C": "10♦ 4♣", "D": "6♠"}, widow="K♦")
    play(rnd, "A 9♦")
    before = state_of(rnd)
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A J♦")
    assert error.value.rule == "michigan.follow" and "10♦" in error.value.message
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 10♦")
    assert error.value.rule == "michigan.follow" and "C holds it" in error.value.message
    assert state_of(rnd) == before


@covers("michigan.follow")
def test_a_player_plays_several_of_his_own_cards_in_a_row():
    rnd = position({"A": "5♣ 6♣ 7♣ 2♠", "B": "8♣ 3♥", "C": "4♥", "D": "5♥"})
    events = play(rnd, "A 5♣", "A 6♣", "A 7♣", "B 8♣")
    assert [e["player"] for e in events if e["type"] == "play"] == ["A", "A", "A", "B"]


@covers("michigan.stop")
def test_an_ace_stops_the_sequence():
    rnd = position({"A": "K♠ 2♥", "B": "A♠ 3♥ 4♣", "C": "5♥", "D": "6♥"})
    events = play(rnd, "A K♠", "B A♠")
    assert events[-1] == {"type": "stop", "card": "A♠", "next": None, "where": None, "rule": "michigan.stop"}
    assert rnd.names[rnd.to_move()] == "B" and rnd.state.stops.lead_pending


@covers("michigan.stop")
def test_a_sequence_stops_when_the_next_card_was_already_played():
    # 7♥ is in nobody's hand and not in the widow: it counts as played.
    rnd = position({"A": "6♥ 2♠", "B": "8♥ 3♣", "C": "4♦", "D": "5♦"})
    events = play(rnd, "A 6♥")
    assert events[-1]["type"] == "stop" and events[-1]["where"] == "played" and events[-1]["next"] == "7♥"
    assert rnd.names[rnd.to_move()] == "A"


@covers("michigan.stop")
def test_a_stop_earns_nothing_by_itself():
    rnd = position({"A": "6♥ 2♠", "B": "8♥ 3♣", "C": "4♦", "D": "5♦"}, widow="7♥")
    events = play(rnd, "A 6♥")
    assert transfers(events) == []


@covers("michigan.widow")
def test_a_widow_card_is_never_played():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 3♣", "C": "2♥", "D": "6♠"}, widow="K♦ 4♥")
    play(rnd, "A J♦", "B Q♦")
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B K♦")
    assert error.value.rule == "michigan.widow"


# ----- boxes -------------------------------------------------------------------------


@covers("michigan.box")
@pytest.mark.parametrize("card, box, rest", [("A♥", "AH", "2♠ 3♠"), ("K♣", "KC", "2♠ 3♠"), ("Q♦", "QD", "2♠ 3♠"), ("J♠", "JS", "2♣ 3♣")])
def test_playing_a_pay_card_wins_its_whole_box_at_once(card, box, rest):
    rnd = position({"A": f"{card} {rest}", "B": "5♥", "C": "6♥", "D": "7♥"}, board={box: 3})
    events = play(rnd, f"A {card}")
    assert transfers(events, "box") == [({"section": box}, {"player": "A"}, 3 + 4)]
    assert rnd.ledger.board[box] == 0


@covers("michigan.box")
def test_holding_a_pay_card_wins_nothing():
    rnd = position({"A": "2♠", "B": "A♥ 5♥", "C": "6♥", "D": "7♥"})
    events = play(rnd, "A 2♠")
    assert rnd.over and rnd.ledger.board["AH"] == 4
    assert not transfers(events, "box")


# ----- going out ---------------------------------------------------------------------


@covers("michigan.going-out")
def test_the_round_ends_at_once_when_a_player_plays_his_last_card():
    # C's 5♠ could follow, but B is out first.
    rnd = position({"A": "3♠ 9♥", "B": "4♠", "C": "5♠ 6♥", "D": "7♥"})
    events = play(rnd, "A 3♠", "B 4♠")
    assert [e["type"] for e in events][:4] == ["play", "play", "out", "transfer"]
    assert rnd.over and rnd.legal_moves() == [] and rnd.to_move() is None
    with pytest.raises(IllegalMove) as error:
        play(rnd, "C 5♠")
    assert error.value.rule == "michigan.going-out"


@covers("michigan.kitty", "michigan.card-count")
def test_the_first_out_takes_the_kitty_and_a_chip_per_card_from_each_rival():
    rnd = position({"A": "3♠ 9♥ 8♦", "B": "4♠", "C": "5♠ 6♥", "D": "7♥ 2♣ 3♣ 4♣"}, board={"kitty": 5})
    events = play(rnd, "A 3♠", "B 4♠")
    assert transfers(events, "kitty") == [({"section": "kitty"}, {"player": "B"}, 13)]
    paid = {e["from"]["player"]: e["amount"] for e in events if e["type"] == "transfer" and e["reason"] == "card-count"}
    assert paid == {"C": 2, "D": 4, "A": 2}
    assert rnd.winner == 1


@covers("michigan.players")
@pytest.mark.parametrize("count", [2, 9])
def test_michigan_is_for_three_to_eight_players(count):
    from stops.errors import ReplayError

    names = [chr(65 + i) for i in range(count)]
    with pytest.raises(ReplayError, match="3 to 8 players"):
        position({}, players=names, dealer="A")
