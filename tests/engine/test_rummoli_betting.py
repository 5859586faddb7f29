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


def actions(rnd):
    return [str(m) for m in rnd.legal_moves()]


@covers("rummoli.betting")
def test_betting_starts_left_of_the_dealer_with_check_bet_or_fold():
    rnd = betting()
    assert rnd.names[rnd.to_move()] == "A"
    assert actions(rnd) == ["check", "bet", "fold"]
    rnd = betting(dealer="A")
    assert rnd.names[rnd.to_move()] == "B"


@covers("rummoli.betting")
def test_a_bet_is_one_unit_and_a_raise_one_more_into_the_poker_pot():
    rnd = betting(options={"bet_unit": 2})
    events = play(rnd, "A bet")
    assert transfers(events) == [({"player": "A"}, {"section": "poker"}, 2)]
    assert actions(rnd) == ["call", "raise", "fold"]
    events = play(rnd, "B raise")
    assert transfers(events) == [({"player": "B"}, {"section": "poker"}, 4)]
    events = play(rnd, "C call")
    assert transfers(events) == [({"player": "C"}, {"section": "poker"}, 4)]


@covers("rummoli.betting")
def test_at_most_max_raises_raises():
    rnd = betting(options={"max_raises": 2})
    play(rnd, "A bet", "B raise", "C raise")
    assert "raise" not in actions(rnd)
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move(rnd, "D raise"))
    assert error.value.rule == "rummoli.betting" and "at most 2 raises" in error.value.message
    rnd = betting()
    play(rnd, "A bet", "B raise", "C raise", "D raise")
    assert actions(rnd) == ["call", "fold"]


@covers("rummoli.betting")
def test_illegal_betting_moves_are_refused_and_change_nothing():
    rnd = betting()
    before = snapshot(rnd)
    for text in ("B check", "A call", "A raise", "A 2♠"):
        with pytest.raises(IllegalMove) as error:
            rnd.apply(move(rnd, text))
        assert error.value.rule == "rummoli.betting", text
        assert snapshot(rnd) == before
    play(rnd, "A bet")
    with pytest.raises(IllegalMove):
        rnd.apply(move(rnd, "B check"))
    with pytest.raises(IllegalMove):
        rnd.apply(move(rnd, "B bet"))


@covers("rummoli.betting")
@pytest.mark.parametrize("amount", [0, -1, 2])
def test_a_bet_written_with_another_amount_than_the_unit_is_refused_by_the_fixed_size(amount):
    """A document may write a bet's chips ({"bet": 1}); any other whole number, 0 among them, is
    the fixed size's refusal with the betting rule, as for a bet too large."""
    from stops.moves import move_from_json

    rnd = betting()
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move_from_json({"player": "A", "bet": amount}, rnd.names, rnd.profile.move_types()))
    assert (error.value.rule, error.value.message) == ("rummoli.betting", f"a bet is 1 (fixed), not {amount}")


@covers("rummoli.betting", "rummoli.showdown")
def test_a_round_with_a_raise_and_a_fold_ends_in_a_showdown_among_those_still_in():
    rnd = betting()
    events = play(rnd, "A bet", "B raise", "C fold", "D call")
    assert rnd.names[rnd.to_move()] == "A"  # A must answer the raise
    events = play(rnd, "A call")
    show = of_type(events, "showdown")[0]
    assert [h["player"] for h in show["hands"]] == ["A", "B", "D"]
    assert show["winners"] == ["B"] and show["rule"] == "rummoli.showdown"
    # antes 4 + bets 2 + 2 + 2
    assert transfers(events, "showdown") == [({"section": "poker"}, {"player": "B"}, 10)]
    assert rnd.ledger.board["poker"] == 0


@covers("rummoli.betting")
def test_everyone_checking_goes_to_the_showdown():
    rnd = betting()
    events = play(rnd, "A check", "B check", "C check", "D check")
    assert of_type(events, "showdown")[0]["winners"] == ["B"]
    assert rnd.phase == "stops"


@covers("rummoli.fold-out")
def test_if_everyone_else_folds_the_last_player_takes_the_pot_unseen():
    rnd = betting()
    events = play(rnd, "A bet", "B fold", "C fold", "D fold")
    assert not of_type(events, "showdown")
    assert of_type(events, "fold-out")[0]["player"] == "A"
    assert transfers(events, "fold-out") == [({"section": "poker"}, {"player": "A"}, 5)]
    assert events[-1]["rule"] == "rummoli.fold-out"
    assert rnd.names[rnd.to_move()] == "A"  # and he begins the stops phase


@covers("rummoli.showdown", "rummoli.split")
def test_tied_hands_split_the_poker_pot_and_odd_chips_stay():
    hands = {"A": "2♠ 3♥ 5♦ 9♣ K♣", "B": "2♣ 3♠ 5♥ 9♦ K♦", "C": "4♠ 6♥ 8♦ 10♣ J♣", "D": "4♦ 6♣ 7♥ 9♠ Q♣"}
    rnd = betting(hands, board={"poker": 1})  # 4 antes + 1 carried = 5
    events = play(rnd, "A check", "B check", "C fold", "D fold")
    show = of_type(events, "showdown")[0]
    assert show["winners"] == ["A", "B"]
    paid = [t for t in transfers(events) if t[0] == {"section": "poker"}]
    assert paid == [({"section": "poker"}, {"player": "A"}, 2), ({"section": "poker"}, {"player": "B"}, 2)]
    assert rnd.ledger.board["poker"] == 1


@covers("rummoli.first-lead", "rummoli.showdown")
def test_on_a_tie_the_tied_player_nearest_the_dealers_left_leads():
    hands = {"A": "2♠ 3♥ 5♦ 9♣ K♣", "B": "2♣ 3♠ 5♥ 9♦ K♦", "C": "4♠ 6♥ 8♦ 10♣ J♣", "D": "4♦ 6♣ 7♥ 9♠ Q♣"}
    rnd = betting(hands, dealer="A")  # B is the dealer's left, A the farthest
    play(rnd, "B check", "C fold", "D fold", "A check")
    assert rnd.names[rnd.to_move()] == "B"


@covers("rummoli.fold-out", "rummoli.first-lead")
def test_a_folded_player_still_plays_the_stops_phase():
    rnd = betting()
    play(rnd, "A bet", "B fold", "C fold", "D fold", "A 2♠")
    # 3♠ is C's: C folded but must play it
    assert rnd.names[rnd.to_move()] == "C"
    assert rnd.legal_moves() == [Play(2, parse_card("3♠"))]


@covers("rummoli.bankroll", "rummoli.betting")
def test_a_short_stack_cannot_bet_and_calls_all_in():
    rnd = betting(balances={"B": 10})  # 1 left after the ante
    play(rnd, "A bet")
    assert actions(rnd) == ["call", "fold"]  # a raise costs 2
    events = play(rnd, "B call")
    assert transfers(events) == [({"player": "B"}, {"section": "poker"}, 1)]
    play(rnd, "C raise", "D call", "A call")
    # B is all in and acts no more; the round is over
    assert rnd.phase == "stops"
