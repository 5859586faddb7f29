"""The turned-up trump and the sections of trumps, as the kernel reads them for every game
(family.md part 3, rows 4, 5, 9 and 10), on two small test games (trump_helpers)."""

from __future__ import annotations

import random

import pytest
from trump_helpers import HOLD, MICHIGAN, NAMES, STOCK, WINS_ROUND, position

from stops.cards import DECK, parse_card, parse_cards
from stops.deal import Deal, deal_for, deal_from_seed, deal_in_order, hand_sizes
from stops.determinize import information_set
from stops.errors import IllegalMove, SetupError
from stops.moves import Play, Redeal
from stops.playout import finish_stops
from stops.bots import BasicBot
from stops.replay import load_replay, record
from stops.round import Round
from stops.profiles import PROFILES
from stops.view import round_view


def deal_round(profile, seed=1, dealer=0, players=3):
    deal = deal_for(profile, seed, players, dealer)
    return Round(profile, NAMES[:players] if players <= 3 else [f"P{i}" for i in range(players)], dealer, deal)


def of_type(events, kind):
    return [e for e in events if e.type == kind]


# ----- the turn-up: where it goes, its suit, who sees it --------------------------------------


def test_to_stock_the_last_card_of_the_pack_is_turned_up_onto_the_stock():
    pack = list(DECK)
    deal = deal_in_order(pack, 3, 0, "last", turn_up="to-stock")
    assert deal.turn_up == pack[-1]
    assert pack[-1] in deal.widow
    # 51 cards round four places (three players and the stock), then the turn-up to the stock.
    assert [len(h) for h in deal.hands] == [13, 13, 13] and len(deal.widow) == 13
    assert hand_sizes(3, 0, "last", turn_up="to-stock") == ([13, 13, 13], 13)


def test_to_dealer_the_dealers_last_card_is_turned_up_and_stays_in_the_hand():
    pack = list(DECK)
    deal = deal_in_order(pack, 3, 1, "last", turn_up="to-dealer")
    # The dealer (seat 1) receives every fourth card, third in each circuit: the last is 50 (51 goes to the widow).
    assert deal.turn_up == pack[50] and deal.turn_up in deal.hands[1]
    rnd = Round(HOLD, NAMES, 1, deal)
    assert parse_card(str(deal.turn_up)) in rnd.hands[1]


def test_the_suit_of_the_turn_up_is_trumps_and_the_round_says_so_after_the_deal():
    rnd = deal_round(STOCK, seed=5)
    turned = rnd.turned_up
    assert rnd.trump == turned.suit
    kinds = [e.type for e in rnd.start_events]
    assert kinds.index("turn-up") == kinds.index("deal") + 1
    event = of_type(rnd.start_events, "turn-up")[0]
    assert event.to_json(rnd.names) == {"type": "turn-up", "dealer": "A", "card": str(turned), "trump": turned.suit.letter,
                                        "where": "stock", "rule": "trumps.turn-up"}


def test_every_seat_sees_the_turn_up_while_the_rest_of_the_stock_stays_hidden():
    rnd = deal_round(STOCK, seed=7)
    turned = str(rnd.turned_up)
    for seat in range(3):
        view = round_view(rnd, seat)
        assert view["turn_up"] == turned and view["trump"] == rnd.trump.letter
        assert view["widow"] is None
    assert "turn_up" not in round_view(deal_round(MICHIGAN))  # a game without a turn-up shows none


def test_every_seat_knows_where_the_turn_up_lies():
    rnd = deal_round(HOLD, seed=3, dealer=2)
    turned = int(rnd.turned_up)
    for seat in range(3):
        assert information_set(rnd, seat).base[turned] == 2


def test_a_deal_of_a_game_with_a_turn_up_must_name_it_and_put_it_in_its_place():
    deal = deal_from_seed(2, 3, 0, "last", turn_up="to-stock")
    with pytest.raises(SetupError) as missing:
        Round(STOCK, NAMES, 0, Deal(deal.hands, deal.widow))
    assert missing.value.rule == "trumps.turn-up"
    with pytest.raises(SetupError) as misplaced:
        Round(STOCK, NAMES, 0, Deal(deal.hands, deal.widow, deal.hands[0][0]))
    assert misplaced.value.rule == "trumps.turn-up"
    with pytest.raises(SetupError) as not_dealers:
        Round(HOLD, NAMES, 0, Deal(deal.hands, deal.widow, deal.hands[1][0]))
    assert not_dealers.value.rule == "holdtrumps.turn-up"
    plain = deal_from_seed(2, 3, 0, "last")
    with pytest.raises(SetupError) as none_here:
        Round(MICHIGAN, NAMES, 0, Deal(plain.hands, plain.widow, plain.widow[0]))
    assert none_here.value.rule == "michigan.deal"


def test_the_turn_up_is_recorded_in_the_replay_and_replays_the_same_trumps(monkeypatch):
    monkeypatch.setitem(PROFILES, STOCK.name, STOCK)
    rnd = deal_round(STOCK, seed=11)
    bot = BasicBot()
    for _ in range(6):
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    doc = record(rnd)
    assert doc["deal"]["turn_up"] == str(rnd.turned_up)
    replay = load_replay(doc)
    assert replay.deal.turn_up == rnd.turned_up
    assert "turn_up" not in record(deal_round(MICHIGAN))["deal"]


def test_a_redeal_turns_up_its_own_card():
    rnd = deal_round(STOCK, seed=1)
    again = deal_from_seed(9, 3, 0, "last", turn_up="to-stock")
    rnd.apply(Redeal(None, again.hands, again.widow, again.turn_up))
    assert rnd.turned_up == again.turn_up and rnd.trump == again.turn_up.suit
    assert len(of_type(rnd.log, "turn-up")) == 2
    assert Redeal.from_json(Redeal(None, again.hands, again.widow, again.turn_up).to_json(NAMES), None, NAMES).turn_up == again.turn_up


# ----- sections of trumps, resolved per round ------------------------------------------------


def test_sections_of_trumps_name_the_cards_of_the_suit_turned_up():
    spades = position(STOCK, ["2♠", "3♠", "4♠"], "5♠ 10♠", "10♠", phase="stops")
    hearts = position(STOCK, ["2♠", "3♠", "4♠"], "5♠ 10♥", "10♥", phase="stops")
    assert {s.id: s.cards for s in spades.sections}["ace"] == (parse_card("A♠"),)
    assert {s.id: s.cards for s in hearts.sections}["matrimony"] == tuple(parse_cards("K♥ Q♥"))
    assert spades.pay_on_play == {parse_card("9♦"): "pope", parse_card("A♠"): "ace", parse_card("K♠"): "king"}
    assert hearts.pay_on_play[parse_card("A♥")] == "ace"
    # The profile itself is not changed: its sections of trumps name ranks only.
    assert {s.id: s.cards for s in STOCK.sections}["ace"] == ()


def test_playing_the_ace_of_trumps_wins_its_section():
    rnd = position(STOCK, ["A♣ 5♠", "2♦", "3♥"], "10♣", "10♣", dealer=2, phase="stops")
    events = rnd.apply(Play(0, parse_card("A♣")))
    paid = [e for e in events if e.type == "transfer" and e.source.key == "ace"]
    assert paid and paid[0].target.key == 0 and paid[0].amount == 3
    other = position(STOCK, ["A♣ 5♠", "2♦", "3♥"], "10♥", "10♥", dealer=2, phase="stops")
    assert not [e for e in other.apply(Play(0, parse_card("A♣"))) if e.type == "transfer"]


def test_the_holder_of_the_ace_of_trumps_wins_its_section_in_the_holding_phase():
    rnd = position(HOLD, ["A♥ 2♠", "K♥ Q♥ 3♠", "4♠ 10♥"], "5♠", "10♥", dealer=2)
    held = {e.section: e.seat for e in of_type(rnd.start_events, "hold")}
    assert held == {"ace": 0, "marriage": 1}
    clubs = position(HOLD, ["A♥ 2♠", "K♥ Q♥ 3♠", "4♠ 10♣"], "5♠", "10♣", dealer=2)
    assert not of_type(clubs.start_events, "hold")


# ----- combinations played by one player, in any order --------------------------------------


def test_one_player_who_plays_all_the_cards_of_a_combination_of_trumps_whenever_wins_it():
    # Clubs are trumps. A plays 2♣ early and K♣ much later; in between B plays 3♣, 6♠ and Q♣.
    rnd = position(STOCK, ["2♣ K♣ 5♥ 9♥", "3♣ 6♠ Q♣ 9♠", "5♦ 8♥"], "10♣", "10♣", dealer=2, phase="stops")
    for seat, text in [(0, "2♣"), (1, "3♣"), (1, "6♠"), (1, "Q♣")]:
        rnd.apply(Play(seat, parse_card(text)))
    events = rnd.apply(Play(0, parse_card("K♣")))
    combo = of_type(events, "combo-set")
    assert [(e.seat, e.section, set(e.cards)) for e in combo] == [(0, "ends", set(parse_cards("2♣ K♣")))]
    assert rnd.ledger.board["ends"] == 0
    # King and queen of trumps played by two players: Matrimony stays on the board.
    assert rnd.ledger.board["matrimony"] == 3


def test_a_combination_of_trumps_is_not_won_until_its_last_card_is_played():
    rnd = position(STOCK, ["2♣ K♣ 5♥ 9♥", "3♣ 6♠ Q♣ 9♠", "5♦ 8♥"], "10♣", "10♣", dealer=2, phase="stops")
    events = rnd.apply(Play(0, parse_card("2♣")))
    assert not of_type(events, "combo-set") and rnd.ledger.board["ends"] == 3


def test_consecutive_runs_still_need_one_card_right_after_the_other():
    rummoli = pytest.importorskip("stops.profiles").get_profile("rummoli")
    assert all(run.consecutive for run in rummoli.play_runs)
    assert not rummoli.board(None).set_index


# ----- the dealer wins by the turn-up --------------------------------------------------------


def test_the_dealer_who_turns_up_the_ace_of_trumps_takes_its_section_at_once():
    rnd = position(STOCK, ["2♠", "3♠", "4♠"], "5♠ A♦", "A♦", dealer=1)
    paid = [e for e in rnd.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]
    assert [(e.source.key, e.target.key, e.amount, e.rule) for e in paid] == [("ace", 1, 3, "trumps.dealer-turn-up")]
    assert rnd.phase == "stops" and not rnd.over


def test_a_turn_up_that_pays_nothing_changes_nothing():
    rnd = position(STOCK, ["2♠", "3♠", "4♠"], "5♠ 7♦", "7♦", dealer=1)
    assert not [e for e in rnd.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]


def test_where_the_turn_up_wins_the_round_the_dealer_is_paid_as_if_out():
    rnd = position(WINS_ROUND, ["2♠ 3♥", "3♠", "4♠ 5♥ 6♥"], "5♠ 9♦", "9♦", dealer=1)
    assert rnd.over and rnd.winner == 1 and rnd.moves == []
    win = of_type(rnd.start_events, "turn-up-win")
    assert [(e.seat, str(e.card), e.section) for e in win] == [(1, "9♦", "pope")]
    taken = {e.source.key: e.amount for e in rnd.start_events if e.type == "transfer" and e.target.key == 1 and e.source.kind == "section"}
    assert taken == {"pope": 3, "kitty": 3}
    count = {e.source.key: e.amount for e in rnd.start_events if e.type == "transfer" and e.reason == "card-count"}
    assert count == {0: 2, 2: 3}
    # Without the option, the Pope alone pays and play goes on.
    plain = position(STOCK, ["2♠ 3♥", "3♠", "4♠ 5♥ 6♥"], "5♠ 9♦", "9♦", dealer=1)
    assert not plain.over and plain.ledger.board["kitty"] == 3


def test_the_turn_up_phase_takes_no_move():
    rnd = position(STOCK, ["2♠", "3♠", "4♠"], "5♠ 7♦", "7♦", phase="turn-up")
    assert rnd.phase == "stops"
    assert STOCK.phase("turn-up").legal_moves(rnd) == []
    with pytest.raises(IllegalMove):
        STOCK.phase("turn-up").check(rnd, Play(0, parse_card("2♠")))


# ----- the fast playout reads the same board -------------------------------------------------


@pytest.mark.parametrize("profile", [STOCK, WINS_ROUND, HOLD], ids=lambda p: p.name)
def test_the_fast_playout_ends_rounds_with_trumps_exactly_as_the_round(profile):
    bot = BasicBot()
    for seed in range(40):
        rng = random.Random(seed)
        players = 3 + seed % 3
        rnd = deal_round(profile, seed=seed, dealer=seed % players, players=players)
        for _ in range(rng.randrange(12)):
            if rnd.over:
                break
            after = rnd.clone()
            after.apply(rng.choice(rnd.legal_moves()))
            if not after.over:
                rnd = after
        if rnd.over:
            continue
        fast = finish_stops(rnd)
        while not rnd.over:
            rnd.apply(bot.choose(rnd, rnd.to_move()))
        assert fast == (list(rnd.ledger.balances), rnd.winner), seed
