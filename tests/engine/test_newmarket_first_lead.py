"""Newmarket's first lead by the holder of the lowest diamond (the Guardian's rules) or the
lowest club (thomo.today): that card, played by whoever holds it, whatever his seat."""

import random

import pytest

from stops.cards import parse_card
from stops.deal import deal_for
from stops.determinize import information_set, lead_exclusions, sample_owner
from stops.errors import IllegalMove, ReplayError, StopsError
from stops.replay import load_replay
from stops.playout import finish_fast
from stops.profiles import get_profile
from stops.round import Round

from stops.heuristics import basic_move
from newmarket_helpers import example, leads, of_type, play, position
from rulecheck import covers

DIAMOND = {"first_lead": "lowest-diamond"}
CLUB = {"first_lead": "lowest-club"}


@covers("newmarket.first-lead-suit")
def test_whoever_holds_the_two_of_diamonds_leads_it_first_whatever_their_seat():
    rnd = position({"A": "5♦ 9♠", "B": "2♣ 7♥", "C": "2♦ 3♥", "D": "4♠"}, dealer="D", options=DIAMOND)
    assert rnd.names[rnd.to_move()] == "C" and leads(rnd) == ["2♦"]
    lead = of_type(play(rnd, "C 2♦"), "play")[0]
    assert lead["player"] == "C" and lead["card"] == "2♦"


@covers("newmarket.first-lead-suit")
def test_when_the_two_of_diamonds_is_in_the_dummy_the_holder_of_the_three_leads_it():
    rnd = position({"A": "5♦ 9♠", "B": "3♦ 7♥", "C": "4♦ 3♥", "D": "4♠"}, dummy="2♦", dealer="D", options=DIAMOND)
    assert rnd.names[rnd.to_move()] == "B" and leads(rnd) == ["3♦"]


@covers("newmarket.first-lead-suit")
def test_with_clubs_whoever_holds_the_lowest_club_leads_it():
    rnd = position({"A": "5♣ 2♦", "B": "7♥", "C": "3♣ 3♥", "D": "4♠"}, dummy="2♣", dealer="D", options=CLUB)
    assert rnd.names[rnd.to_move()] == "C" and leads(rnd) == ["3♣"]


@covers("newmarket.first-lead-suit")
def test_the_card_is_led_only_by_its_holder_and_no_other_card_may_be_led_first():
    rnd = position({"A": "5♦ 9♠", "B": "2♦ 7♥", "C": "3♥", "D": "4♠"}, dealer="D", options=DIAMOND)
    with pytest.raises(IllegalMove) as error:
        play(rnd, "A 5♦")  # the player left of the dealer does not lead under this rule
    assert error.value.rule == "newmarket.first-lead-suit"
    with pytest.raises(IllegalMove) as error:
        play(rnd, "B 7♥")  # the holder leads the 2♦ and nothing else
    assert error.value.rule == "newmarket.first-lead-suit"


@covers("newmarket.first-lead-suit")
def test_a_position_that_names_another_first_leader_than_the_holder_is_refused():
    with pytest.raises(StopsError) as error:
        position({"A": "5♦ 9♠", "B": "2♦", "C": "3♥", "D": "4♠"}, leader="A", options=DIAMOND)
    assert error.value.rule == "newmarket.first-lead-suit"


@covers("newmarket.first-lead-suit")
def test_when_no_player_holds_a_diamond_the_player_left_of_the_dealer_leads_a_suit_of_their_choice():
    rnd = position({"A": "5♠ 9♣", "B": "2♣", "C": "3♥", "D": "4♠"}, dummy="2♦", dealer="D", options=DIAMOND)
    assert rnd.names[rnd.to_move()] == "A" and leads(rnd) == ["5♠", "9♣"]


@covers("newmarket.first-lead")
def test_by_default_the_player_left_of_the_dealer_leads_even_without_the_two_of_diamonds():
    rnd = position({"A": "5♦ 9♠", "B": "2♦ 7♥", "C": "3♥", "D": "4♠"}, dealer="D")
    assert rnd.names[rnd.to_move()] == "A" and leads(rnd) == ["5♦", "9♠"]


@pytest.mark.parametrize("options", [DIAMOND, CLUB, DIAMOND | {"dummy_sale": True, "dummy_first": "dealer"}])
def test_a_dealt_round_starts_with_the_lowest_card_of_the_suit_out_of_the_dummy(options):
    profile = get_profile("newmarket", options)
    suit = "♦" if options["first_lead"] == "lowest-diamond" else "♣"
    for seed in range(6):
        rnd = Round(profile, ["A", "B", "C", "D"], seed % 4, deal_for(profile, seed, 4, seed % 4))
        while rnd.phase != "stops":
            rnd.apply(basic_move(rnd, rnd.to_move()))
        held = sorted((c for hand in rnd.hands for c in hand if str(c).endswith(suit)), key=lambda c: c.rank)
        assert [str(m.card) for m in rnd.legal_moves()] == [str(held[0])]
        assert rnd.to_move() == next(s for s, hand in enumerate(rnd.hands) if held[0] in hand)


@pytest.mark.parametrize("options", [DIAMOND, CLUB])
def test_the_fast_playout_finishes_a_round_with_the_holders_first_lead_as_the_round_does(options):
    profile = get_profile("newmarket", options)
    for seed in range(8):
        rnd = Round(profile, ["A", "B", "C", "D"], seed % 4, deal_for(profile, seed, 4, seed % 4))
        fast = finish_fast(rnd)
        while not rnd.over:
            rnd.apply(basic_move(rnd, rnd.to_move()))
        assert fast == (list(rnd.ledger.balances), rnd.winner)


@covers("newmarket.first-lead-suit")
def test_in_the_example_the_two_of_diamonds_is_in_the_dummy_and_the_dealer_leads_the_three():
    rnd, log = example("first-lead-diamond")
    assert rnd.profile.option("first_lead") == "lowest-diamond"
    assert "2♦" in [e for e in log if e["type"] == "deal"][0]["widow"]
    lead = of_type(log, "play")[0]
    assert (lead["player"], lead["card"]) == ("C", "3♦") and rnd.names[rnd.dealer] == "C"


@covers("newmarket.dealer-swap")
def test_in_the_example_the_dealer_is_first_to_the_dummy_and_takes_it():
    rnd, log = example("dummy-dealer-first")
    swap = of_type(log, "widow-swap")[0]
    assert swap["player"] == rnd.names[rnd.dealer] == "C" and swap["rule"] == "newmarket.dealer-swap"


@covers("newmarket.first-lead-suit")
def test_the_first_lead_tells_everyone_that_no_player_holds_a_lower_diamond():
    rnd = position({"A": "5♦ 9♠", "B": "3♦ 7♥", "C": "4♦ 3♥", "D": "4♠"}, dummy="2♦ 8♣", dealer="D", options=DIAMOND)
    two = int(parse_card("2♦"))
    assert lead_exclusions(rnd)[two] == {0, 1, 2, 3}  # announced before it is played
    play(rnd, "B 3♦")
    assert lead_exclusions(rnd)[two] == {0, 1, 2, 3}
    for seed in range(20):  # so a sampled world never gives a seat the 2♦
        assert sample_owner(information_set(rnd, 2), random.Random(seed))[two] < 0


@covers("newmarket.first-lead-suit")
def test_a_position_before_the_play_cannot_name_the_first_leader():
    with pytest.raises(ReplayError) as error:
        load_replay({"game": "newmarket", "players": ["A", "B", "C", "D"], "dealer": "D",
                     "options": DIAMOND | {"dummy_sale": True},
                     "position": {"hands": {"A": ["5♦"], "B": ["3♦"], "C": ["4♦"], "D": ["4♠"]}, "widow": ["2♦"],
                                  "leader": "A"}})
    assert error.value.path == "position.leader" and error.value.rule == "newmarket.first-lead-suit"
