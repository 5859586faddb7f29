"""Rummoli widow exchange: the dealer's swap, pay cards, the auction and the dead hand."""

import pytest

from stops.view import round_view
from stops.cards import parse_cards
from stops.deal import deal_from_seed, hand_sizes
from stops.errors import IllegalMove
from stops.moves import BidRange
from stops.round import DEAD, Round
from stops.profiles import get_profile
from stops.profiles.rummoli import PAY_CARDS

from rulecheck import covers
from rummoli_helpers import move, of_type, play, position, snapshot, transfers

# No pay card anywhere but where a test puts one.
PLAIN = {"A": "2♠ 5♥ 7♦ 9♣ 3♣", "B": "4♠ 4♥ 6♦ 8♣ 2♦", "C": "3♠ 6♥ 8♦ 4♣ 2♣", "D": "5♠ 9♦ 7♣ 3♥ 6♠"}
WIDOW = "A♥ A♣ Q♥ Q♠ 10♣"


def widow_hand(hands=None, widow=WIDOW, **kw):
    return position({**PLAIN, **(hands or {})}, widow, phase="widow-exchange", **kw)


def name_of_turn(rnd):
    return rnd.names[rnd.to_move()]


@covers("rummoli.widow")
def test_the_widow_gets_the_last_card_of_each_circuit_and_widow_first_moves_it():
    profile = get_profile("rummoli")
    assert profile.widow_position == "last"
    assert hand_sizes(4, 3, "last") == ([11, 11, 10, 10], 10)
    first = get_profile("rummoli", {"widow_first": True})
    assert first.widow_position == "first"
    deal = deal_from_seed(5, 4, 3, "first")
    rnd = Round(first, ["A", "B", "C", "D"], 3, deal)
    assert len(rnd.widow) == 11 and [len(h) for h in rnd.hands] == [11, 10, 10, 10]


@covers("rummoli.dealer-swap")
def test_the_dealer_may_swap_his_hand_for_the_widow_unseen():
    rnd = widow_hand()
    assert name_of_turn(rnd) == "D"
    assert {str(m) for m in rnd.legal_moves()} == {"swap hands with the widow", "keep your hand"}
    events = play(rnd, "D swap")
    swap = of_type(events, "widow-swap")[0]
    assert swap["player"] == "D" and swap["price"] == 0 and swap["rule"] == "rummoli.dealer-swap"
    assert sorted(rnd.hands[3]) == sorted(parse_cards(WIDOW))
    assert all(rnd.owner[c] == DEAD for c in parse_cards(PLAIN["D"]))
    assert rnd.phase == "betting"


@covers("rummoli.dealer-swap", "rummoli.pay-cards")
def test_a_dealer_holding_a_pay_card_may_not_swap():
    rnd = widow_hand({"D": "K♥ 9♦ 7♣ 3♥ 6♠"})
    start = [e.to_json(rnd.names) for e in rnd.start_events]
    kept = of_type(start, "dealer-keeps")[0]
    assert kept["pay_card"] is True and kept["rule"] == "rummoli.pay-cards"
    before = snapshot(rnd)
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move(rnd, "D swap"))
    assert error.value.rule == "rummoli.dealer-swap"
    assert "K♥" in error.value.message
    assert snapshot(rnd) == before
    # the widow is auctioned at once: A (the dealer's left) bids first
    assert name_of_turn(rnd) == "A"


@covers("rummoli.pay-cards")
def test_the_pay_cards_are_the_five_pot_cards_and_the_ace_and_king_of_diamonds():
    assert PAY_CARDS == set(parse_cards("10♠ J♦ Q♣ K♥ A♠ A♦ K♦"))
    for text in ("A♦", "K♦", "10♠", "J♦", "Q♣", "A♠"):
        rnd = widow_hand({"D": f"{text} 9♦ 7♣ 3♥ 6♠".replace(f"{text} {text}", text)})
        assert name_of_turn(rnd) != "D", text
    # sevens, eights, nines are not pay cards: the dealer still decides
    rnd = widow_hand({"D": "7♠ 8♥ 9♦ 7♣ 9♠"})
    assert name_of_turn(rnd) == "D"


@covers("rummoli.widow-auction")
def test_an_auction_with_three_bidders_the_last_bidder_pays_the_dealer_and_swaps():
    rnd = widow_hand()
    events = play(rnd, "D keep")
    assert of_type(events, "widow-auction")[0]["bidders"] == ["A", "B", "C"]
    events = play(rnd, "A bid 1", "B bid 2", "C pass", "A bid 3")
    assert name_of_turn(rnd) == "B"
    events = play(rnd, "B pass")
    assert transfers(events, "widow-auction") == [({"player": "A"}, {"player": "D"}, 3)]
    swap = of_type(events, "widow-swap")[0]
    assert swap["player"] == "A" and swap["price"] == 3 and swap["rule"] == "rummoli.widow-auction"
    assert sorted(swap["dead"]) == sorted(PLAIN["A"].split())
    assert sorted(rnd.hands[0]) == sorted(parse_cards(WIDOW))
    assert all(rnd.owner[c] == DEAD for c in parse_cards(PLAIN["A"]))
    assert rnd.phase == "betting"


@covers("rummoli.widow-auction")
def test_bids_rise_from_one_and_a_pass_is_final():
    rnd = widow_hand()
    play(rnd, "D keep")
    for bad, why in (("A bid 0", "at least 1"), ("B bid 1", "A bids now")):
        with pytest.raises(IllegalMove) as error:
            rnd.apply(move(rnd, bad))
        assert error.value.rule == "rummoli.widow-auction" and why in error.value.message
    play(rnd, "A bid 2")
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move(rnd, "B bid 2"))
    assert error.value.rule == "rummoli.widow-auction"
    play(rnd, "B pass", "C bid 3")
    assert name_of_turn(rnd) == "A"  # B passed for good
    play(rnd, "A pass")
    assert rnd.state.widow.swapped_by == 2


@covers("rummoli.widow-auction", "rummoli.pay-cards")
def test_players_holding_a_pay_card_do_not_bid_and_the_dealer_never_bids():
    rnd = widow_hand({"B": "4♠ 4♥ A♦ 8♣ 2♦"})
    play(rnd, "D keep")
    assert rnd.state.widow.auction.bidders == (0, 2)
    play(rnd, "A pass")
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move(rnd, "B bid 1"))
    assert error.value.rule == "rummoli.widow-auction" and "pay card" in error.value.message
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move(rnd, "D bid 1"))
    assert error.value.rule == "rummoli.widow-auction"


@covers("rummoli.widow-auction")
def test_no_bid_no_swap():
    rnd = widow_hand()
    events = play(rnd, "D keep", "A pass", "B pass", "C pass")
    assert of_type(events, "widow-kept")
    assert not transfers(events, "widow-auction")
    assert sorted(rnd.hands[0]) == sorted(parse_cards(PLAIN["A"]))
    assert len(rnd.widow) == 5 and rnd.phase == "betting"


@covers("rummoli.widow-auction")
def test_nobody_may_bid_when_every_other_player_holds_a_pay_card():
    rnd = widow_hand({"A": "10♠ 5♥ 7♦ 9♣ 3♣", "B": "J♦ 4♥ 6♦ 8♣ 2♦", "C": "Q♣ 6♥ 8♦ 4♣ 2♣"})
    play(rnd, "D keep")
    assert rnd.phase == "betting"


@covers("rummoli.bankroll", "rummoli.widow-auction")
def test_a_bid_is_capped_by_the_bidders_stack():
    rnd = widow_hand(balances={"A": 12})
    play(rnd, "D keep")
    # A antes 9 and holds 3
    assert [(m.low, m.high) for m in rnd.legal_moves() if isinstance(m, BidRange)] == [(1, 3)]
    with pytest.raises(IllegalMove) as error:
        rnd.apply(move(rnd, "A bid 4"))
    assert error.value.rule == "rummoli.widow-auction"


@covers("rummoli.widow", "rummoli.stop")
def test_the_hand_given_up_is_dead_and_its_cards_stop_sequences():
    rnd = widow_hand()
    play(rnd, "D keep", "A bid 1", "B pass", "C pass")
    assert rnd.widow == ()
    # A took the widow (A♥ A♣ Q♥ Q♠ 10♣); his old cards are dead, nobody can play them
    with pytest.raises(IllegalMove):
        rnd.apply(move(rnd, "A 2♠"))
    view = round_view(rnd)
    assert view["dead_cards"] == 5 and view["widow_exchange"]["swapped_by"] == "A"
