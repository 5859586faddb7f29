"""Newmarket: players, the pack and its options, the four horses, the stakes and the deal with its dummy."""

import json
from pathlib import Path

import pytest

from stops.cards import DECK, parse_card
from stops.deal import deal_for, sizes_for
from stops.errors import IllegalMove, SetupError, StopsError
from stops.moves import Play
from stops.profiles import get_profile
from stops.replay import load_replay
from stops.round import Round

from newmarket_helpers import of_type, play, position, transfers
from rulecheck import covers

NAMES = ["A", "B", "C", "D"]


@covers("newmarket.players")
@pytest.mark.parametrize("count", [2, 9])
def test_newmarket_is_for_three_to_eight_players(count):
    profile = get_profile("newmarket")
    with pytest.raises(SetupError) as error:
        Round(profile, [chr(65 + i) for i in range(count)], 0, deal_for(profile, 1, count, 0))
    assert error.value.rule == "newmarket.players"


@covers("newmarket.board")
def test_the_board_is_the_four_horses_and_no_kitty():
    assert [s.id for s in get_profile("newmarket").sections] == ["AH", "KC", "QD", "JS"]
    assert [s.id for s in get_profile("newmarket", {"horses": "hoyle1885"}).sections] == ["AS", "KH", "QC", "JD"]
    assert get_profile("newmarket").going_out_sections == ()


@covers("newmarket.ante")
def test_everyone_the_dealer_too_stakes_one_chip_on_each_horse():
    profile = get_profile("newmarket")
    rnd = Round(profile, NAMES, 3, deal_for(profile, 2, 4, 3))
    assert rnd.ledger.board == {"AH": 4, "KC": 4, "QD": 4, "JS": 4}
    assert rnd.ledger.balances == [16, 16, 16, 16]


@covers("newmarket.ante")
def test_with_dealer_double_staking_the_dealer_stakes_two_on_each_horse():
    profile = get_profile("newmarket", {"staking": "dealer-double"})
    rnd = Round(profile, NAMES, 1, deal_for(profile, 2, 4, 1))
    assert rnd.ledger.board == {"AH": 5, "KC": 5, "QD": 5, "JS": 5}
    assert rnd.ledger.balances == [16, 12, 16, 16]


@covers("newmarket.deal", "newmarket.dummy")
def test_the_whole_pack_is_dealt_round_the_players_and_the_dummy_gets_the_last_card_of_each_circuit():
    profile = get_profile("newmarket")
    assert sizes_for(profile, 3, 0) == ([13, 13, 13], 13)
    sizes, dummy = sizes_for(profile, 5, 4)
    assert sum(sizes) + dummy == 52 and dummy == 8 and sizes == [9, 9, 9, 9, 8]
    deal = deal_for(profile, 3, 4, 3)
    assert sorted([c for h in deal.hands for c in h] + list(deal.widow)) == list(DECK)


@covers("newmarket.dummy")
def test_a_card_in_the_dummy_is_never_played_and_stops_the_sequence():
    rnd = position({"A": "9♦ 2♠", "B": "3♠", "C": "4♠", "D": "5♠"}, dummy="10♦")
    events = play(rnd, "A 9♦")
    stop = of_type(events, "stop")[0]
    assert stop["next"] == "10♦" and stop["where"] == "widow"
    with pytest.raises(IllegalMove) as error:
        rnd.check(Play(0, parse_card("10♦")))
    assert error.value.rule == "newmarket.dummy"


@covers("newmarket.pack")
def test_without_the_8_of_diamonds_the_pack_has_51_cards_and_the_7_of_diamonds_stops():
    profile = get_profile("newmarket", {"remove_8d": True})
    assert len(profile.pack) == 51 and parse_card("8♦") not in profile.pack
    assert sizes_for(profile, 4, 3) == ([11, 10, 10, 10], 10)
    rnd = position({"A": "6♦ 7♦ 2♠", "B": "9♦ 3♠", "C": "4♠", "D": "5♠"}, options={"remove_8d": True})
    stop = of_type(play(rnd, "A 6♦", "A 7♦"), "stop")[0]
    assert stop["card"] == "7♦" and stop["next"] is None
    with pytest.raises(StopsError) as error:
        position({"A": "8♦ 2♠", "B": "3♠", "C": "4♠", "D": "5♠"}, options={"remove_8d": True})
    assert error.value.rule == "newmarket.pack"


@covers("newmarket.pack", "newmarket.stop")
def test_with_aces_low_the_ace_is_the_lowest_lead_and_the_king_stops():
    rnd = position({"A": "A♠ 2♠ K♥ Q♥", "B": "3♣", "C": "4♣", "D": "5♣"}, options={"ace_low": True})
    assert {str(m.card) for m in rnd.legal_moves()} == {"A♠", "Q♥"}
    stop = of_type(play(rnd, "A Q♥", "A K♥"), "stop")[0]
    assert stop["card"] == "K♥" and stop["next"] is None
    assert rnd.names[rnd.to_move()] == "A"


@covers("newmarket.deal-equal")
@pytest.mark.parametrize("players", range(3, 9))
def test_with_the_equal_deal_each_player_gets_the_dummys_share_and_the_odd_cards_go_to_the_dummy(players):
    profile = get_profile("newmarket", {"deal": "equal"})
    deal = deal_for(profile, players, players, 0)
    share = 52 // (players + 1)
    assert [len(h) for h in deal.hands] == [share] * players
    assert len(deal.widow) == 52 - share * players >= share
    Round(profile, [chr(65 + i) for i in range(players)], 0, deal)  # a full deal by the plan is accepted


@covers("newmarket.deal-equal", "newmarket.pack")
def test_the_equal_deal_shares_the_51_cards_when_the_8_of_diamonds_is_out():
    profile = get_profile("newmarket", {"deal": "equal", "remove_8d": True})
    assert sizes_for(profile, 4, 3) == ([10, 10, 10, 10], 11)
    assert sizes_for(get_profile("newmarket", {"deal": "equal"}), 4, 3) == ([10, 10, 10, 10], 12)


@covers("newmarket.deal-equal")
def test_an_uneven_deal_is_refused_when_the_table_deals_equally():
    uneven = deal_for(get_profile("newmarket"), 3, 5, 4)  # 5 players: 9, 9, 9, 9, 8 and 8 in the dummy
    assert [len(h) for h in uneven.hands] == [9, 9, 9, 9, 8]
    with pytest.raises(SetupError) as refused:
        Round(get_profile("newmarket", {"deal": "equal"}), ["A", "B", "C", "D", "E"], 4, uneven)
    assert refused.value.rule == "newmarket.deal"


@covers("newmarket.kitty")
def test_with_a_kitty_every_player_also_stakes_on_it_and_the_first_player_out_takes_it():
    profile = get_profile("newmarket", {"kitty": True, "kitty_stake": 2})
    assert [s.id for s in profile.sections] == ["AH", "KC", "QD", "JS", "kitty"]
    rnd = Round(profile, NAMES, 3, deal_for(profile, 2, 4, 3))
    assert rnd.ledger.board == {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 8}
    assert rnd.ledger.balances == [14, 14, 14, 14]
    rnd = position({"A": "5♦", "B": "Q♦ 3♣", "C": "2♥", "D": "6♠"}, dummy="K♦", options={"kitty": True}, board={"kitty": 3})
    events = play(rnd, "A 5♦")
    assert transfers(events, "kitty") == [({"section": "kitty"}, {"player": "A"}, 3 + 4)]
    assert of_type(events, "transfer")[0]["rule"] == "newmarket.kitty"
    assert rnd.ledger.board["kitty"] == 0


@covers("newmarket.kitty")
def test_the_kitty_example_stakes_two_chips_a_player_and_the_first_player_out_takes_all_eight():
    path = Path(__file__).resolve().parents[2] / "examples" / "newmarket" / "kitty.json"
    rnd, _ = load_replay(json.loads(path.read_text(encoding="utf-8"))).play()
    log = [e.to_json(rnd.names) for e in rnd.log]
    staked = [(source["player"], amount) for source, to, amount in transfers(log, "ante") if to == {"section": "kitty"}]
    assert rnd.profile.option("kitty_stake") == 2 and staked == [(name, 2) for name in NAMES]
    assert transfers(log, "kitty") == [({"section": "kitty"}, {"player": "C"}, 8)]


@covers("newmarket.kitty", "newmarket.ante")
def test_the_kitty_stake_is_the_same_for_the_dealer_when_the_dealer_doubles_the_horses():
    profile = get_profile("newmarket", {"kitty": True, "staking": "dealer-double"})
    rnd = Round(profile, NAMES, 1, deal_for(profile, 2, 4, 1))
    assert rnd.ledger.board == {"AH": 5, "KC": 5, "QD": 5, "JS": 5, "kitty": 4}
    assert rnd.ledger.balances == [15, 11, 15, 15]
