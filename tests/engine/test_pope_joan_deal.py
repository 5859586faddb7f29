"""Pope Joan: players, the 51-card pack, the board and its dressing, the deal, the stock and the turn-up."""

import pytest
from pope_joan_helpers import NAMES, dealt, of_type, position, profile
from rulecheck import covers

from stops.cards import DECK, parse_card
from stops.deal import Deal, deal_for
from stops.errors import IllegalMove, SetupError
from stops.moves import Play, Redeal
from stops.round import Round
from stops.session import Session
from stops.view import round_view

EIGHT_OF_DIAMONDS = parse_card("8♦")


@covers("pope_joan.players")
@pytest.mark.parametrize("players", [2, 9])
def test_pope_joan_is_for_three_to_eight_players(players):
    with pytest.raises(SetupError) as refused:
        profile().check_players(players)
    assert refused.value.rule == "pope_joan.players"


@covers("pope_joan.pack")
def test_the_pack_is_51_cards_without_the_eight_of_diamonds():
    pack = profile().pack
    assert len(pack) == 51 and EIGHT_OF_DIAMONDS not in pack and set(pack) == set(DECK) - {EIGHT_OF_DIAMONDS}


@covers("pope_joan.pack")
def test_a_deal_with_the_eight_of_diamonds_is_refused_and_it_can_never_be_played():
    with pytest.raises(SetupError) as refused:
        position(["8♦ 2♠", "3♠", "4♠"], "5♠", "5♠")
    assert refused.value.rule == "pope_joan.pack"
    rnd = position(["2♠ 6♥", "3♠", "4♠"], "5♠", "5♠", dealer=2)
    with pytest.raises(IllegalMove) as illegal:
        rnd.apply(Play(0, EIGHT_OF_DIAMONDS))
    assert illegal.value.rule == "pope_joan.pack"


@covers("pope_joan.board")
def test_the_board_has_eight_compartments_in_the_traditional_order():
    assert profile().section_ids() == ("pope", "matrimony", "intrigue", "ace", "king", "queen", "jack", "game")


@covers("pope_joan.ante")
def test_the_dealer_alone_dresses_the_board_with_fifteen_chips():
    rnd = dealt(players=4, dealer=2)
    antes = [e for e in rnd.start_events if e.type == "transfer" and e.reason == "ante"]
    assert {e.source.key for e in antes} == {2}
    assert {e.target.key: e.amount for e in antes} == {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1,
                                                       "queen": 1, "jack": 1, "game": 1}
    assert sum(e.amount for e in antes) == 15


@covers("pope_joan.ante")
def test_with_everyone_dressing_each_player_puts_two_on_every_compartment():
    rnd = dealt(players=3, dressing="everyone")
    antes = [e for e in rnd.start_events if e.type == "transfer" and e.reason == "ante"]
    assert sorted((e.source.key, e.target.key, e.amount) for e in antes) == sorted(
        (seat, sid, 2) for seat in range(3) for sid in profile().section_ids())


@covers("pope_joan.deal", "pope_joan.stock")
def test_fifty_cards_go_round_the_players_and_the_stock_then_the_last_is_turned_up_onto_the_stock():
    rnd = dealt(players=3, dealer=0, seed=4)
    # Dealer A: B, C, A, stock in each circuit; 50 cards = 12 circuits and two more (B, C).
    assert [len(h) for h in rnd.hands] == [12, 13, 13]
    assert len(rnd.widow) == 13 and rnd.turned_up in rnd.widow
    assert sum(len(h) for h in rnd.hands) + len(rnd.widow) == 51


@covers("pope_joan.deal-equal")
@pytest.mark.parametrize("players", range(3, 9))
def test_with_the_equal_deal_each_player_gets_the_stocks_share_and_the_rest_goes_to_the_stock(players):
    # The 50 cards under the turn-up shared as if the stock were one more player.
    game = profile(deal="equal")
    rnd = Round(game, list("ABCDEFGH"[:players]), 0, deal_for(game, players, players, 0))
    share = 50 // (players + 1)
    assert [len(h) for h in rnd.hands] == [share] * players
    assert len(rnd.widow) == 51 - share * players and rnd.turned_up in rnd.widow


@covers("pope_joan.deal-equal")
def test_an_uneven_deal_is_refused_when_the_table_deals_equally():
    uneven = deal_for(profile(), 3, 5, 0)  # 5 players: two hands of 9, three of 8
    assert sorted(len(h) for h in uneven.hands) == [8, 8, 8, 9, 9]
    with pytest.raises(SetupError) as refused:
        Round(profile(deal="equal"), ["A", "B", "C", "D", "E"], 0, uneven)
    assert refused.value.rule == "pope_joan.deal"


@covers("pope_joan.deal-limited")
@pytest.mark.parametrize("players, hand, apart", [(3, 16, 2), (4, 12, 2), (5, 10, 0), (6, 8, 2), (7, 7, 1), (8, 6, 2)])
def test_with_limited_stops_the_players_get_equal_hands_and_only_the_cards_left_over_lie_apart(players, hand, apart):
    # No spare hand: the 50 cards under the turn-up go round the players as far as they go equally.
    game = profile(deal="limited")
    rnd = Round(game, list("ABCDEFGH"[:players]), 0, deal_for(game, players, players, 0))
    assert [len(h) for h in rnd.hands] == [hand] * players
    assert len(rnd.widow) == apart + 1 and rnd.turned_up in rnd.widow


@covers("pope_joan.deal-limited")
def test_a_deal_with_a_spare_hand_is_refused_when_the_table_deals_limited_stops():
    spare = deal_for(profile(), 3, 4, 0)  # 4 players and a spare hand: 10 cards each, 11 in the stock
    with pytest.raises(SetupError) as refused:
        Round(profile(deal="limited"), ["A", "B", "C", "D"], 0, spare)
    assert refused.value.rule == "pope_joan.deal"


@covers("pope_joan.deal")
def test_a_full_deal_must_give_the_hands_their_sizes():
    game = profile()
    deal = deal_for(game, 3, 3, 0)
    shifted = Deal((deal.hands[0] + deal.hands[1][:1], deal.hands[1][1:], deal.hands[2]), deal.widow, deal.turn_up)
    with pytest.raises(SetupError) as refused:
        Round(game, NAMES[:3], 0, shifted)
    assert refused.value.rule == "pope_joan.deal"


@covers("pope_joan.stock")
def test_the_stock_is_never_played_and_nobody_sees_it():
    rnd = position(["2♠ 6♥", "3♠", "4♠"], "5♠ 10♥", "10♥", dealer=2)
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Play(0, parse_card("5♠")))
    assert refused.value.rule == "pope_joan.stock"
    assert all(round_view(rnd, seat)["widow"] is None for seat in range(3))


@covers("pope_joan.turn-up")
def test_the_turn_up_makes_its_suit_trumps_and_everyone_sees_it():
    rnd = dealt(players=4, seed=9)
    turned = rnd.turned_up
    assert rnd.trump == turned.suit
    event = of_type(rnd.start_events, "turn-up")[0]
    assert (event.card, event.where, event.rule) == (turned, "stock", "pope_joan.turn-up")
    assert all(round_view(rnd, seat)["turn_up"] == str(turned) for seat in range(4))


@covers("pope_joan.turn-up")
def test_a_deal_that_names_no_turn_up_is_refused():
    game = profile()
    deal = deal_for(game, 3, 3, 0)
    with pytest.raises(SetupError) as refused:
        Round(game, NAMES[:3], 0, Deal(deal.hands, deal.widow))
    assert refused.value.rule == "pope_joan.turn-up"


@covers("pope_joan.misdeal")
def test_a_misdeal_gives_back_what_was_won_and_turns_up_a_new_card():
    rnd = dealt(players=3, seed=2, dealer=1)
    before = list(rnd.ledger.balances), dict(rnd.ledger.board)
    again = deal_for(rnd.profile, 77, 3, 1)
    rnd.apply(Redeal(None, again.hands, again.widow, again.turn_up))
    assert of_type(rnd.log, "misdeal")[0].rule == "pope_joan.misdeal"
    assert rnd.turned_up == again.turn_up
    # The dressing stays; any win by the first turn-up went back (the new one may pay again).
    if not any(e.reason == "dealer-turn-up" for e in rnd.log[rnd.deal_mark:] if e.type == "transfer"):
        assert (list(rnd.ledger.balances), dict(rnd.ledger.board)) == before


@covers("pope_joan.dealer-rotation")
def test_the_deal_passes_to_the_left_after_each_round():
    session = Session(profile(bankroll="ledger"), NAMES[:3], seed=1, dealer=0)
    dealers = []
    while not session.over():
        rnd = session.next_round()
        dealers.append(rnd.dealer)
        while not rnd.over:
            rnd.apply(rnd.legal_moves()[0])
        session.record(rnd)
    assert dealers == [0, 1, 2]  # one rotation: everyone dresses the board once


@covers("pope_joan.bankroll")
def test_a_player_who_cannot_dress_the_board_when_it_is_their_deal_leaves():
    session = Session(profile(starting_chips=14), NAMES[:3], seed=1, dealer=0)
    gone = of_type(session.events, "leave")
    # Nobody holds the 15 chips of a dressing: each leaves as the deal comes round to them.
    assert [e.seat for e in gone] == [0, 1, 2] and all(e.rule == "pope_joan.bankroll" for e in gone)
    assert session.over()


@covers("pope_joan.bankroll")
def test_a_running_score_lets_a_balance_go_below_zero():
    rnd = dealt(players=3, bankroll="ledger")
    assert min(rnd.start_balances) == 0
    antes = sum(e.amount for e in rnd.start_events if e.type == "transfer" and e.reason == "ante")
    assert rnd.ledger.balances[0] <= 0 and antes == 15


def example(name):
    """An example replay of examples/pope_joan/, played to its end, with its events' JSON."""
    from pathlib import Path
    import json
    from stops.replay import load_replay

    path = Path(__file__).resolve().parents[2] / "examples" / "pope_joan" / f"{name}.json"
    replay = load_replay(json.loads(path.read_text(encoding="utf-8")))
    rnd = replay.start()
    for move in replay.moves:
        rnd.apply(move)
    return rnd, [e.to_json(rnd.names) for e in rnd.log]


def test_the_limited_stops_example_stops_at_the_turn_up_and_at_both_cards_set_apart():
    rnd, log = example("limited-stops")
    assert [str(c) for c in rnd.widow] == ["2♠", "6♥", "8♣"]  # two left over, and the turn-up
    stops = [(e["card"], e.get("where"), e.get("next")) for e in log if e["type"] == "stop" and e.get("where") in ("turn-up", "widow")]
    assert stops == [("7♣", "turn-up", "8♣"), ("A♠", "widow", "2♠"), ("5♥", "widow", "6♥")]


def test_the_pope_and_game_example_ends_before_any_play_with_no_chip_per_card():
    rnd, log = example("pope-and-game")  # a misdeal first: the deal after it turns up the Pope
    assert rnd.over and rnd.names[rnd.winner] == "C" and not [e for e in log if e["type"] == "play"]
    assert [e["card"] for e in log if e["type"] == "turn-up-win"] == ["9♦"]
    assert not [e for e in log if e["type"] == "transfer" and e["reason"] == "card-count"]


def test_the_whole_round_example_pays_the_dealer_the_pope_game_and_a_chip_for_every_card_dealt():
    rnd, log = example("pope-wins-the-round")  # the deals of the Pope and Game example: a misdeal first
    _, other = example("pope-and-game")
    assert [e["hands"] for e in log if e["type"] == "deal"] == [e["hands"] for e in other if e["type"] == "deal"]
    assert rnd.over and rnd.names[rnd.winner] == "C" and not [e for e in log if e["type"] == "play"]
    last = log[max(i for i, e in enumerate(log) if e["type"] == "deal"):]  # the deal after the misdeal
    paid = sorted((e["from"]["player"], e["amount"]) for e in last if e["type"] == "transfer" and e["reason"] == "card-count")
    assert paid == [("A", 10), ("B", 10), ("D", 10)]
    assert {e["from"]["section"] for e in last if e["type"] == "transfer" and e["to"] == {"player": "C"}
            and "section" in e["from"]} == {"pope", "game"}
