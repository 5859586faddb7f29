"""Rummoli poker phase: one fixed-limit betting round, the showdown and the fold-out."""

import pytest

from stops.cards import parse_card
from stops.errors import IllegalMove
from stops.moves import Play

from rulecheck import covers
from rummoli_helpers import move, of_type, play, position, snapshot, transfers

HANDS = {"A": "2♠ 2♥ 7♦ 9♣ K♣", "B": "Q♠ Q♥ Q♦ 4♣ 3♦", "C": "3♠ 6♥ 8♦ 10♣ J♣", "D": "5♠ 5♦ 9♥ 9♠ 6♣"}


def betting(hands=None, **kw):
    return position({**HANDS, **(hands or {})}, phase="betting", **kw)


def actions(hand):
    return [str(m) for m in hand.legal_moves()]


@covers("rummoli.betting")
def test_betting_starts_left_of_the_dealer_with_check_bet_or_fold():
    hand = betting()
    assert hand.names[hand.to_move()] == "A"
    assert actions(hand) == ["check", "bet", "fold"]
    hand = betting(dealer="A")
    assert hand.names[hand.to_move()] == "B"


@covers("rummoli.betting")
def test_a_bet_is_one_unit_and_a_raise_one_more_into_the_poker_pot():
    hand = betting(options={"bet_unit": 2})
    events = play(hand, "A bet")
    assert transfers(events) == [({"player": "A"}, {"section": "poker"}, 2)]
    assert actions(hand) == ["call", "raise", "fold"]
    events = play(hand, "B raise")
    assert transfers(events) == [({"player": "B"}, {"section": "poker"}, 4)]
    events = play(hand, "C call")
    assert transfers(events) == [({"player": "C"}, {"section": "poker"}, 4)]


@covers("rummoli.betting")
def test_at_most_max_raises_raises():
    hand = betting(options={"max_raises": 2})
    play(hand, "A bet", "B raise", "C raise")
    assert "raise" not in actions(hand)
    with pytest.raises(IllegalMove) as error:
        hand.apply(move(hand, "D raise"))
    assert error.value.rule == "rummoli.betting" and "at most 2 raises" in error.value.message
    hand = betting()
    play(hand, "A bet", "B raise", "C raise", "D raise")
    assert actions(hand) == ["call", "fold"]


@covers("rummoli.betting")
def test_illegal_betting_moves_are_refused_and_change_nothing():
    hand = betting()
    before = snapshot(hand)
    for text in ("B check", "A call", "A raise", "A 2♠"):
        with pytest.raises(IllegalMove) as error:
            hand.apply(move(hand, text))
        assert error.value.rule == "rummoli.betting", text
        assert snapshot(hand) == before
    play(hand, "A bet")
    with pytest.raises(IllegalMove):
        hand.apply(move(hand, "B check"))
    with pytest.raises(IllegalMove):
        hand.apply(move(hand, "B bet"))


@covers("rummoli.betting", "rummoli.showdown")
def test_a_round_with_a_raise_and_a_fold_ends_in_a_showdown_among_those_still_in():
    hand = betting()
    events = play(hand, "A bet", "B raise", "C fold", "D call")
    assert hand.names[hand.to_move()] == "A"  # A must answer the raise
    events = play(hand, "A call")
    show = of_type(events, "showdown")[0]
    assert [h["player"] for h in show["hands"]] == ["A", "B", "D"]
    assert show["winners"] == ["B"] and show["rule"] == "rummoli.showdown"
    # antes 4 + bets 2 + 2 + 2
    assert transfers(events, "showdown") == [({"section": "poker"}, {"player": "B"}, 10)]
    assert hand.ledger.board["poker"] == 0


@covers("rummoli.betting")
def test_everyone_checking_goes_to_the_showdown():
    hand = betting()
    events = play(hand, "A check", "B check", "C check", "D check")
    assert of_type(events, "showdown")[0]["winners"] == ["B"]
    assert hand.phase == "stops"


@covers("rummoli.fold-out")
def test_if_everyone_else_folds_the_last_player_takes_the_pot_unseen():
    hand = betting()
    events = play(hand, "A bet", "B fold", "C fold", "D fold")
    assert not of_type(events, "showdown")
    assert of_type(events, "fold-out")[0]["player"] == "A"
    assert transfers(events, "fold-out") == [({"section": "poker"}, {"player": "A"}, 5)]
    assert events[-1]["rule"] == "rummoli.fold-out"
    assert hand.names[hand.to_move()] == "A"  # and he begins the stops phase


@covers("rummoli.showdown", "rummoli.split")
def test_tied_hands_split_the_poker_pot_and_odd_chips_stay():
    hands = {"A": "2♠ 3♥ 5♦ 9♣ K♣", "B": "2♣ 3♠ 5♥ 9♦ K♦", "C": "4♠ 6♥ 8♦ 10♣ J♣", "D": "4♦ 6♣ 7♥ 9♠ Q♣"}
    hand = betting(hands, board={"poker": 1})  # 4 antes + 1 carried = 5
    events = play(hand, "A check", "B check", "C fold", "D fold")
    show = of_type(events, "showdown")[0]
    assert show["winners"] == ["A", "B"]
    paid = [t for t in transfers(events) if t[0] == {"section": "poker"}]
    assert paid == [({"section": "poker"}, {"player": "A"}, 2), ({"section": "poker"}, {"player": "B"}, 2)]
    assert hand.ledger.board["poker"] == 1


@covers("rummoli.first-lead", "rummoli.showdown")
def test_on_a_tie_the_tied_player_nearest_the_dealers_left_leads():
    hands = {"A": "2♠ 3♥ 5♦ 9♣ K♣", "B": "2♣ 3♠ 5♥ 9♦ K♦", "C": "4♠ 6♥ 8♦ 10♣ J♣", "D": "4♦ 6♣ 7♥ 9♠ Q♣"}
    hand = betting(hands, dealer="A")  # B is the dealer's left, A the farthest
    play(hand, "B check", "C fold", "D fold", "A check")
    assert hand.names[hand.to_move()] == "B"


@covers("rummoli.fold-out", "rummoli.first-lead")
def test_a_folded_player_still_plays_the_stops_phase():
    hand = betting()
    play(hand, "A bet", "B fold", "C fold", "D fold", "A 2♠")
    # 3♠ is C's: C folded but must play it
    assert hand.names[hand.to_move()] == "C"
    assert hand.legal_moves() == [Play(2, parse_card("3♠"))]


@covers("rummoli.bankroll", "rummoli.betting")
def test_a_short_stack_cannot_bet_and_calls_all_in():
    hand = betting(balances={"B": 10})  # 1 left after the ante
    play(hand, "A bet")
    assert actions(hand) == ["call", "fold"]  # a raise costs 2
    events = play(hand, "B call")
    assert transfers(events) == [({"player": "B"}, {"section": "poker"}, 1)]
    play(hand, "C raise", "D call", "A call")
    # B is all in and acts no more; the round is over
    assert hand.phase == "stops"
