"""Michigan's widow_auction option: the dealer's unseen swap, or an auction paid to the dealer."""

import pytest

from stops.cards import parse_cards
from stops.errors import IllegalMove
from stops.moves import Bid, Pass
from stops.phases.widow_exchange import Swap
from stops.profiles import get_profile

from michigan_helpers import position
from rulecheck import covers

HANDS = {"A": "2♠ 3♠", "B": "4♥ 5♥", "C": "6♦ 7♦", "D": "8♣ 9♣"}


def auction_hand(**extra):
    return position(HANDS, widow="J♥ Q♥ K♥", options={"widow_auction": True}, **extra)


def test_the_option_is_off_by_default_and_play_starts_at_once():
    assert get_profile("michigan").values["widow_auction"] is False
    assert get_profile("michigan").phases == ("stops",)
    rnd = position(HANDS, widow="J♥")
    assert rnd.phase == "stops"


@covers("michigan.dealer-swap")
def test_the_dealer_may_swap_his_hand_for_the_widow_unseen():
    rnd = auction_hand()
    assert rnd.phase == "widow-exchange" and rnd.names[rnd.to_move()] == "D"
    rnd.apply(Swap(3, True))
    assert sorted(rnd.hands[3]) == parse_cards("J♥ Q♥ K♥")
    assert rnd.phase == "stops" and rnd.names[rnd.to_move()] == "A"
    # the hand he gave up is dead: 9♣ never plays, so 8♣ stops
    assert rnd.where(parse_cards("9♣")[0]) == "dead"


@covers("michigan.dealer-swap")
def test_only_the_dealer_decides_on_the_swap():
    rnd = auction_hand()
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Swap(0, True))
    assert error.value.rule == "michigan.dealer-swap"


@covers("michigan.widow-auction")
def test_if_the_dealer_keeps_his_hand_the_others_bid_and_the_winner_pays_him():
    rnd = auction_hand()
    rnd.apply(Swap(3, False))
    assert rnd.names[rnd.to_move()] == "A"
    rnd.apply(Bid(0, 1))
    rnd.apply(Bid(1, 2))
    rnd.apply(Pass(2))
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Bid(1, 3))  # A bids next, not B
    assert error.value.rule == "michigan.widow-auction"
    rnd.apply(Pass(0))
    assert sorted(rnd.hands[1]) == parse_cards("J♥ Q♥ K♥")
    assert rnd.ledger.balances[1] == -6 - 2 and rnd.ledger.balances[3] == -6 + 2
    assert rnd.phase == "stops"


@covers("michigan.widow-auction")
def test_no_bid_no_swap():
    rnd = auction_hand()
    rnd.apply(Swap(3, False))
    for seat in (0, 1, 2):
        rnd.apply(Pass(seat))
    assert sorted(rnd.hands[1]) == parse_cards("4♥ 5♥") and rnd.phase == "stops"
    assert rnd.ledger.balances == [-6, -6, -6, -6]
