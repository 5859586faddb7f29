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
    hand = position(HANDS, widow="J♥")
    assert hand.phase == "stops"


@covers("michigan.dealer-swap")
def test_the_dealer_may_swap_his_hand_for_the_widow_unseen():
    hand = auction_hand()
    assert hand.phase == "widow-exchange" and hand.names[hand.to_move()] == "D"
    hand.apply(Swap(3, True))
    assert sorted(hand.hands[3]) == parse_cards("J♥ Q♥ K♥")
    assert hand.phase == "stops" and hand.names[hand.to_move()] == "A"
    # the hand he gave up is dead: 9♣ never plays, so 8♣ stops
    assert hand.where(parse_cards("9♣")[0]) == "dead"


@covers("michigan.dealer-swap")
def test_only_the_dealer_decides_on_the_swap():
    hand = auction_hand()
    with pytest.raises(IllegalMove) as error:
        hand.apply(Swap(0, True))
    assert error.value.rule == "michigan.dealer-swap"


@covers("michigan.widow-auction")
def test_if_the_dealer_keeps_his_hand_the_others_bid_and_the_winner_pays_him():
    hand = auction_hand()
    hand.apply(Swap(3, False))
    assert hand.names[hand.to_move()] == "A"
    hand.apply(Bid(0, 1))
    hand.apply(Bid(1, 2))
    hand.apply(Pass(2))
    with pytest.raises(IllegalMove) as error:
        hand.apply(Bid(1, 3))  # A bids next, not B
    assert error.value.rule == "michigan.widow-auction"
    hand.apply(Pass(0))
    assert sorted(hand.hands[1]) == parse_cards("J♥ Q♥ K♥")
    assert hand.ledger.balances[1] == -6 - 2 and hand.ledger.balances[3] == -6 + 2
    assert hand.phase == "stops"


@covers("michigan.widow-auction")
def test_no_bid_no_swap():
    hand = auction_hand()
    hand.apply(Swap(3, False))
    for seat in (0, 1, 2):
        hand.apply(Pass(seat))
    assert sorted(hand.hands[1]) == parse_cards("4♥ 5♥") and hand.phase == "stops"
    assert hand.ledger.balances == [-6, -6, -6, -6]
