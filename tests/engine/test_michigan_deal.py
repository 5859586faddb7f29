"""Michigan set-up: the board, the ante, the deal with the widow last in each circuit."""

import pytest

from stops.cards import DECK
from stops.deal import WIDOW, circuit, deal_from_seed, deal_in_order, hand_sizes
from stops.errors import SetupError
from stops.round import Round
from stops.profiles import get_profile

from rulecheck import covers

MICHIGAN = get_profile("michigan")


@covers("michigan.board")
def test_the_board_has_four_pay_boxes_and_the_kitty():
    described = MICHIGAN.describe()
    assert [(s["id"], s["cards"], s["won_by"]) for s in described["sections"]] == [
        ("AH", ["A♥"], "play"), ("KC", ["K♣"], "play"), ("QD", ["Q♦"], "play"), ("JS", ["J♠"], "play"), ("kitty", [], "going-out"),
    ]


@covers("michigan.board")
def test_an_unknown_board_section_is_refused():
    with pytest.raises(SetupError) as error:
        Round(MICHIGAN, "ABCD", 3, deal_from_seed(1, 4, 3, "last"), board={"pot": 3})
    assert error.value.rule == "michigan.board"


@covers("michigan.ante")
@pytest.mark.parametrize("players", range(3, 9))
def test_each_player_antes_one_per_box_and_two_to_the_kitty(players):
    names = [chr(65 + i) for i in range(players)]
    rnd = Round(MICHIGAN, names, 0, deal_from_seed(players, players, 0, "last"))
    assert rnd.ledger.board == {"AH": players, "KC": players, "QD": players, "JS": players, "kitty": 2 * players}
    assert rnd.ledger.balances == [-6] * players
    ante = [e for e in rnd.start_events if e.type == "transfer"]
    assert {e.rule for e in ante} == {"michigan.ante"} and len(ante) == 5 * players


@covers("michigan.carry-over")
def test_the_ante_adds_to_what_stayed_on_the_board():
    rnd = Round(MICHIGAN, "ABCD", 3, deal_from_seed(1, 4, 3, "last"), board={"AH": 4, "kitty": 0})
    assert rnd.ledger.board["AH"] == 8 and rnd.ledger.board["KC"] == 4


@covers("michigan.deal", "michigan.widow")
def test_with_four_players_the_hands_get_11_11_10_10_and_the_widow_10():
    sizes, widow = hand_sizes(4, dealer=3, widow_position="last")
    assert sizes == [11, 11, 10, 10] and widow == 10
    # left of the dealer first: with dealer A, B and C get the eleventh cards
    sizes, widow = hand_sizes(4, dealer=0, widow_position="last")
    assert sizes == [10, 11, 11, 10] and widow == 10


@covers("michigan.widow")
def test_the_widow_receives_the_last_card_of_each_circuit():
    assert circuit(4, 3, "last") == [0, 1, 2, 3, WIDOW]
    deal = deal_in_order(list(DECK), 4, 3, "last")
    assert [int(c) for c in deal.widow] == [4, 9, 14, 19, 24, 29, 34, 39, 44, 49]
    assert [int(c) for c in deal.hands[0]][:3] == [0, 5, 10]


@covers("michigan.deal")
def test_the_whole_deck_is_dealt_and_each_card_once():
    deal = deal_from_seed(5, 5, 2, "last")
    cards = [c for h in deal.hands for c in h] + list(deal.widow)
    assert sorted(cards) == list(range(52))


@covers("michigan.deal")
def test_a_card_dealt_twice_is_refused():
    deal = deal_from_seed(5, 4, 3, "last")
    hands = list(deal.hands)
    hands[1] = (hands[0][0],) + hands[1][1:]
    from stops.deal import Deal

    with pytest.raises(SetupError, match="dealt twice") as error:
        Round(MICHIGAN, "ABCD", 3, Deal(tuple(hands), deal.widow))
    assert error.value.rule == "michigan.deal"


@covers("michigan.deal")
def test_hand_sizes_that_do_not_follow_the_deal_are_refused():
    from stops.deal import Deal

    deal = deal_from_seed(5, 4, 3, "last")
    hands = [list(h) for h in deal.hands]
    hands[2].append(hands[0].pop())  # still 52 cards, but A 10 and C 11
    with pytest.raises(SetupError, match="hand sizes"):
        Round(MICHIGAN, "ABCD", 3, Deal(tuple(map(tuple, hands)), deal.widow))


def test_equal_seeds_give_equal_deals():
    assert deal_from_seed(42, 6, 1, "last") == deal_from_seed(42, 6, 1, "last")
    assert deal_from_seed(42, 6, 1, "last") != deal_from_seed(43, 6, 1, "last")
