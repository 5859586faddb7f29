"""Poch, stage 2: the vying (pochen) — poch, hold, pass, the sets shown, the Pocher bowl."""

import pytest

from stops.cards import Suit
from stops.errors import IllegalMove
from stops.moves import listed
from stops.phases.betting import Bet, BetRange, Call, Check, RaiseRange

from poch_helpers import move, of_type, play, position, transfers
from rulecheck import covers

# D deals; A (the dealer's left) speaks first. Hearts are trumps.
HANDS = {"A": "7♠ 7♥ K♦ A♣", "B": "8♠ 8♥ 8♦ 9♣", "C": "J♠ Q♠ 10♣ 10♦", "D": "A♠ A♥ 9♦ 9♥"}


def vying(hands=None, **kw):
    return position({**HANDS, **(hands or {})}, phase="vying", **kw)


def legal(rnd):
    return [m.to_json(rnd.names) for m in rnd.legal_moves()]


@covers("poch.vying", "poch.poch")
def test_the_player_left_of_the_dealer_speaks_first_and_may_pass_or_poch_a_chosen_amount():
    rnd = vying()
    assert rnd.names[rnd.to_move()] == "A"
    assert legal(rnd) == [{"player": "A", "check": True}, {"player": "A", "bet": {"min": 1, "max": 10}}]


@covers("poch.poch")
def test_a_poch_is_any_amount_from_one_to_max_poch_into_the_pocher_bowl():
    rnd = vying(options={"max_poch": 4})
    assert rnd.legal_moves()[1] == BetRange(0, 1, 4)
    events = play(rnd, "A poch 3")
    assert transfers(events) == [({"player": "A"}, {"section": "pocher"}, 3)]
    for amount in (0, 5):
        with pytest.raises(IllegalMove) as error:
            rnd.apply(move(rnd, f"B poch {amount}") if amount else Bet(1, 0))
        assert error.value.rule == "poch.poch"


@covers("poch.poch", "poch.hold")
def test_to_hold_is_to_match_the_highest_total_and_to_poch_again_is_to_put_in_more():
    rnd = vying()
    play(rnd, "A poch 2")
    assert legal(rnd) == [{"player": "B", "call": True}, {"player": "B", "raise": {"min": 1, "max": 10}}, {"player": "B", "fold": True}]
    events = play(rnd, "B poch 3")
    assert transfers(events) == [({"player": "B"}, {"section": "pocher"}, 5)]
    events = play(rnd, "C hold")
    assert transfers(events) == [({"player": "C"}, {"section": "pocher"}, 5)]


@covers("poch.pass")
def test_a_pass_before_any_poch_costs_nothing_and_a_pass_after_one_leaves_the_vying():
    rnd = vying()
    assert "fold" not in [type(m).key for m in rnd.legal_moves()]  # nothing to give up yet
    events = play(rnd, "A pass")
    assert of_type(events, "bet")[0]["action"] == "check" and not transfers(events)
    play(rnd, "B poch 1")
    events = play(rnd, "C pass")
    assert of_type(events, "bet")[0]["action"] == "fold"
    assert 2 in rnd.state.betting.folded


@covers("poch.vying", "poch.pass")
def test_speaking_out_of_turn_breaks_the_order_of_the_vying_and_a_player_who_passed_a_poch_speaks_no_more():
    rnd = vying()
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B poch 1")  # A speaks first: the order is the vying's rule, not the poch's
    assert (error.value.rule, error.value.message) == ("poch.vying", "A acts now, not B")
    play(rnd, "A poch 1", "B pass")
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Call(1))
    assert (error.value.rule, error.value.message) == ("poch.pass", "B has folded")


@covers("poch.poch")
def test_a_poch_reopens_the_speaking_for_everyone_still_in():
    rnd = vying()
    play(rnd, "A poch 1", "B hold", "C hold", "D poch 2")
    assert rnd.names[rnd.to_move()] == "A"
    play(rnd, "A hold", "B hold", "C pass")
    assert rnd.phase == "stops"


@covers("poch.vying-showdown", "poch.set-rank")
def test_the_best_set_among_those_still_in_takes_the_pocher_bowl():
    rnd = vying()
    board = rnd.ledger.board["pocher"]
    events = play(rnd, "A poch 2", "B hold", "C pass", "D hold")
    shown = of_type(events, "sets-shown")[0]
    assert [(h["player"], h["hand"]) for h in shown["hands"]] == [("A", "pair"), ("B", "three of a kind"), ("D", "pair")]
    assert shown["winners"] == ["B"]  # three eights beat a pair of aces
    assert transfers(events, "vying-showdown") == [({"section": "pocher"}, {"player": "B"}, board + 6)]


@covers("poch.set-rank")
def test_between_sets_of_one_size_the_higher_rank_wins_then_the_set_holding_a_trump():
    # Both pairs of kings; C's holds the K♥ (hearts are trumps here), A's does not.
    hands = {"A": "K♠ K♦ 8♣ 9♣", "B": "7♠ 8♠ J♣ Q♣", "C": "K♥ K♣ 10♠ 9♦", "D": "Q♠ Q♥ 7♦ 8♦"}
    rnd = vying(hands)
    rnd.trump = Suit.HEARTS
    events = play(rnd, "A pass", "B pass", "C pass", "D pass")
    assert of_type(events, "sets-shown")[0]["winners"] == ["C"]


@covers("poch.set-rank")
def test_between_equal_sets_without_a_trump_the_player_nearest_the_dealers_left_wins():
    hands = {"A": "7♠ 8♠ J♣ Q♣", "B": "K♠ K♦ 8♣ 9♣", "C": "K♥ K♣ 10♠ 9♦", "D": "Q♠ Q♥ 7♦ 8♦"}
    rnd = vying(hands)
    events = play(rnd, "A pass", "B pass", "C pass", "D pass")
    assert of_type(events, "sets-shown")[0]["winners"] == ["B"]


@covers("poch.vying-showdown")
def test_if_nobody_poches_the_sets_are_shown_and_the_best_takes_the_antes():
    rnd = vying()
    board = rnd.ledger.board["pocher"]
    events = play(rnd, "A pass", "B pass", "C pass", "D pass")
    assert of_type(events, "sets-shown")[0]["winners"] == ["B"]
    assert transfers(events, "vying-showdown") == [({"section": "pocher"}, {"player": "B"}, board)]
    assert rnd.state.first_leader == 1


@covers("poch.vying-showdown", "poch.carry-over")
def test_nobody_holding_a_set_the_pocher_bowl_stays():
    hands = {"A": "7♠ 8♥ K♦ A♣", "B": "8♠ 9♥ 10♦ J♣", "C": "J♠ Q♠ 10♣ 9♦", "D": "A♠ K♥ 7♦ Q♥"}
    rnd = vying(hands)
    events = play(rnd, "A pass", "B pass", "C pass", "D pass")
    assert of_type(events, "sets-shown")[0]["winners"] == []
    assert of_type(events, "stay")[0]["section"] == "pocher"
    assert rnd.state.first_leader is None  # the stops play begins left of the dealer
    assert rnd.names[rnd.to_move()] == "A"


@covers("poch.vying-unseen")
def test_when_everyone_else_passes_after_a_poch_the_poch_takes_the_bowl_unseen():
    rnd = vying()
    board = rnd.ledger.board["pocher"]
    events = play(rnd, "A poch 4", "B pass", "C pass", "D pass")
    assert of_type(events, "fold-out")[0]["player"] == "A" and not of_type(events, "sets-shown")
    assert transfers(events, "vying-unseen") == [({"section": "pocher"}, {"player": "A"}, board + 4)]


@covers("poch.first-lead")
def test_the_winner_of_the_vying_leads_the_stops_play_first():
    rnd = vying()
    play(rnd, "A poch 1", "B poch 1", "C pass", "D pass", "A hold")
    assert rnd.phase == "stops" and rnd.names[rnd.to_move()] == "B"
    rnd = vying(options={"first_leader": "dealer-left"})
    play(rnd, "A poch 1", "B poch 1", "C pass", "D pass", "A hold")
    assert rnd.names[rnd.to_move()] == "A"


@covers("poch.poch")
def test_open_needs_set_keeps_a_player_without_a_set_from_poching_first():
    hands = {"A": "7♠ 10♥ K♦ A♣"}
    rnd = vying(hands, options={"open_needs_set": True})
    assert legal(rnd) == [{"player": "A", "check": True}]
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Bet(0, 1))
    assert error.value.rule == "poch.poch" and "holding a set" in error.value.message
    play(rnd, "A pass")
    assert legal(rnd)[1] == {"player": "B", "bet": {"min": 1, "max": 10}}


@covers("poch.poch", "poch.bankroll")
def test_a_poch_is_at_most_what_the_player_holds_beyond_the_hold():
    rnd = vying(balances={"A": 50, "B": 12, "C": 50, "D": 50})  # B holds 3 after the ante of 9
    play(rnd, "A poch 2")
    assert rnd.legal_moves()[1] == RaiseRange(1, 1, 1)
    assert not listed(move(rnd, "B poch 2"), rnd.legal_moves())


@covers("poch.poch")
def test_at_most_max_raises_poches_follow_the_first():
    rnd = vying(options={"max_raises": 1})
    play(rnd, "A poch 1", "B poch 1")
    assert [type(m).key for m in rnd.legal_moves()] == ["call", "fold"]


def test_the_vying_is_told_in_pochs_words():
    rnd = vying()
    events = play(rnd, "A poch 2", "B hold", "C pass")
    assert [b["terms"] for b in of_type(events, "bet")] == ["vying"] * 3


@covers("poch.poch", "poch.hold")
def test_a_poch_written_with_any_whole_amount_is_refused_by_its_range_and_a_hold_names_no_amount():
    """As the document says it: `{"bet": 0}` is a poch outside 1 to max_poch (the range and its
    rule, as for 11); `{"call": 2}` is no hold at all (a hold puts in what the table says)."""
    from stops.moves import MoveFormatError, move_from_json

    rnd = vying()
    types = rnd.profile.move_types()
    for amount in (0, -3, 11):
        with pytest.raises(IllegalMove) as error:
            rnd.apply(move_from_json({"player": "A", "bet": amount}, rnd.names, types))
        assert error.value.rule == "poch.poch" and "from 1 to 10" in str(error.value)
    for written in (2, 0, "yes"):
        with pytest.raises(MoveFormatError) as error:
            move_from_json({"player": "A", "call": written}, rnd.names, types)
        assert "call" in str(error.value)
