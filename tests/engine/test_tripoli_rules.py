"""Tripoli rules, one group of tests per rule id; each test fails when its rule is broken."""

import pytest
from rulecheck import covers
from tripoli_helpers import dealt, move, of_type, play, position, start_events, transfers

from stops.view import round_view
from stops.cards import DECK, parse_card
from stops.deal import Deal, deal_in_order
from stops.errors import IllegalMove, SetupError
from stops.round import Round
from stops.moves import Bid, BidRange, Pass, Play, Redeal
from stops.profiles import get_profile
from stops.profiles import rule_ids
from stops.session import Session, play_session

TRIPOLI = get_profile("tripoli")


def first_move(rnd):
    return rnd.legal_moves()[0]


# ----- players, board, ante, deal --------------------------------------------------------


@covers("tripoli.players")
@pytest.mark.parametrize("players", [2, 10])
def test_tripoli_is_for_three_to_nine_players(players):
    with pytest.raises(SetupError) as refused:
        dealt(players=players)
    assert refused.value.rule == "tripoli.players"


@covers("tripoli.players", "tripoli.deal")
def test_nine_players_get_five_or_six_cards_each():
    rnd = dealt(players=9, seed=3)
    # 52 cards round 10 hands: 5 each, and the two that receive first (ghost, dealer's left) 6.
    assert sorted(len(h) for h in rnd.hands) == [5] * 8 + [6]
    assert len(rnd.hands[1]) == 6 and len(rnd.widow) == 6


@covers("tripoli.board")
def test_the_board_has_eight_sections():
    assert TRIPOLI.section_ids() == ("AH", "KH", "QH", "JH", "TH", "king_queen", "pozo", "pot")
    assert get_profile("tripoli", {"boodle_cards": True}).section_ids() == ("AH", "KC", "QD", "JS", "king_queen", "pozo", "pot")
    assert get_profile("tripoli", {"no_poker": True}).section_ids() == ("AH", "KH", "QH", "JH", "TH", "king_queen", "pozo")


@covers("tripoli.board")
def test_an_unknown_section_is_refused():
    with pytest.raises(SetupError) as refused:
        Round(TRIPOLI, ["A", "B", "C"], 0, deal_in_order(list(DECK), 3, 0, "first"), board={"KC": 3})
    assert refused.value.rule == "tripoli.board"


@covers("tripoli.ante")
def test_the_dealer_antes_two_on_every_section_and_the_others_one():
    rnd = dealt(players=4, dealer=2)
    antes = [e for e in rnd.start_events if e.type == "transfer" and e.reason == "ante"]
    by_seat = {}
    for e in antes:
        assert e.rule == "tripoli.ante"
        by_seat.setdefault(e.source.key, []).append(e.amount)
    assert by_seat == {0: [1] * 8, 1: [1] * 8, 2: [2] * 8, 3: [1] * 8}
    assert sum(rnd.ledger.balances) + sum(rnd.ledger.board.values()) == 400


@covers("tripoli.ante")
def test_equal_antes_everyone_puts_one():
    rnd = dealt(players=4, dealer=2, equal_antes=True)
    antes = [e.amount for e in rnd.start_events if e.type == "transfer" and e.reason == "ante"]
    assert antes == [1] * 32


@covers("tripoli.ghost-hand", "tripoli.deal")
def test_the_ghost_hand_receives_the_first_card_of_each_circuit():
    assert TRIPOLI.widow_position == "first"
    deal = deal_in_order(list(DECK), 4, 3, "first")
    assert deal.widow == tuple(DECK[i] for i in range(0, 52, 5))
    assert deal.hands[0] == tuple(DECK[i] for i in range(1, 52, 5))  # A sits left of the dealer D
    assert [len(h) for h in deal.hands] == [11, 10, 10, 10] and len(deal.widow) == 11


@covers("tripoli.deal")
def test_a_full_deal_with_the_ghost_hand_last_is_refused():
    wrong = deal_in_order(list(DECK), 4, 3, "last")  # the ghost hand gets 10, D gets 11... wrong
    with pytest.raises(SetupError) as refused:
        Round(TRIPOLI, ["A", "B", "C", "D"], 3, Deal(wrong.hands, wrong.widow))
    assert refused.value.rule == "tripoli.deal"


@covers("tripoli.ghost-hand")
def test_a_card_of_the_ghost_hand_is_never_played():
    rnd = position({"A": "2♣ 3♣", "B": "5♣", "C": "6♣", "D": "7♣"}, "4♣", phase="stops")
    rnd.apply(move(rnd, "A 2♣"))
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Play(1, parse_card("4♣")))
    assert refused.value.rule == "tripoli.ghost-hand"


# ----- phase 1: holding ------------------------------------------------------------------


@covers("tripoli.hearts")
def test_the_holder_of_a_heart_takes_its_section():
    rnd = position({"A": "A♥ 2♣", "B": "K♥", "C": "Q♥ 10♥", "D": "J♥"}, options={"no_poker": True})
    events = start_events(rnd)
    assert [(e["player"], e["section"]) for e in of_type(events, "hold")] == [("A", "AH"), ("B", "KH"), ("C", "QH"), ("D", "JH"), ("C", "TH")]
    assert transfers(events, "hearts") == [("AH", "A", 5), ("KH", "B", 5), ("QH", "C", 5), ("JH", "D", 5), ("TH", "C", 5)]
    assert all(e["rule"] == "tripoli.hearts" for e in events if e["type"] in ("hold",) or e.get("reason") == "hearts")


@covers("tripoli.hearts")
def test_boodle_cards_pay_the_holders_of_a_heart_k_club_q_diamond_j_spade():
    rnd = position({"A": "K♣ K♥", "B": "Q♦", "C": "J♠ Q♥", "D": "A♥"}, options={"boodle_cards": True, "no_poker": True})
    events = start_events(rnd)
    assert transfers(events, "hearts") == [("AH", "D", 5), ("KC", "A", 5), ("QD", "B", 5), ("JS", "C", 5)]


@covers("tripoli.king-queen")
def test_a_king_and_queen_of_one_suit_take_king_queen_but_of_two_suits_do_not():
    rnd = position({"A": "K♠ Q♠", "B": "K♦ Q♣", "C": "2♣", "D": "3♣"}, options={"no_poker": True})
    events = start_events(rnd)
    assert [(e["player"], e["cards"], e["rule"]) for e in of_type(events, "hold") if e["section"] == "king_queen"] == [("A", ["Q♠", "K♠"], "tripoli.king-queen")]
    assert transfers(events, "king-queen") == [("king_queen", "A", 5)]


@covers("tripoli.king-queen")
def test_hearts_only_combos_king_queen_must_be_hearts():
    rnd = position({"A": "K♠ Q♠", "B": "K♥ Q♥", "C": "2♣", "D": "3♣"}, options={"no_poker": True, "hearts_only_combos": True})
    assert transfers(start_events(rnd), "king-queen") == [("king_queen", "B", 5)]


@covers("tripoli.eight-nine-ten")
def test_eight_nine_ten_of_one_suit_take_the_pozo():
    rnd = position({"A": "8♣ 9♣ 10♣", "B": "8♦ 9♦ 10♠", "C": "2♣", "D": "3♣"}, options={"no_poker": True})
    events = start_events(rnd)
    assert [(e["player"], e["rule"]) for e in of_type(events, "hold") if e["section"] == "pozo"] == [("A", "tripoli.eight-nine-ten")]
    assert transfers(events, "eight-nine-ten") == [("pozo", "A", 5)]


@covers("tripoli.eight-nine-ten")
def test_hearts_only_combos_eight_nine_ten_must_be_hearts():
    rnd = position({"A": "8♣ 9♣ 10♣", "B": "8♥ 9♥ 10♥", "C": "2♣", "D": "3♣"}, options={"no_poker": True, "hearts_only_combos": True})
    assert transfers(start_events(rnd), "eight-nine-ten") == [("pozo", "B", 5)]


@covers("tripoli.split")
def test_several_holders_split_equally_a_player_counts_once_odd_chips_stay():
    # A holds two 8-9-10s, B one, C one: three holders of 5 chips -> 1 each, 2 stay.
    rnd = position({"A": "8♣ 9♣ 10♣ 8♠ 9♠ 10♠", "B": "8♦ 9♦ 10♦", "C": "8♥ 9♥ 10♥", "D": "2♣"}, options={"no_poker": True})
    events = start_events(rnd)
    assert of_type(events, "split") == [{"type": "split", "section": "pozo", "players": ["A", "B", "C"], "share": 1, "left": 2, "rule": "tripoli.split"}]
    assert transfers(events, "eight-nine-ten") == [("pozo", "A", 1), ("pozo", "B", 1), ("pozo", "C", 1)]
    assert all(e["rule"] == "tripoli.split" for e in events if e["type"] == "transfer" and e["reason"] == "eight-nine-ten")
    assert rnd.ledger.board["pozo"] == 2


@covers("tripoli.split")
def test_a_split_is_ordered_from_the_dealers_left():
    rnd = position({"A": "K♣ Q♣", "B": "2♣", "C": "K♠ Q♠", "D": "3♣"}, dealer="B", options={"no_poker": True})
    (split,) = of_type(start_events(rnd), "split")
    assert split["players"] == ["C", "A"]


@covers("tripoli.ghost-sections")
def test_sections_whose_cards_lie_in_the_ghost_hand_stay():
    rnd = position({"A": "2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, "A♥ K♠ Q♠ 8♦ 9♦ 10♦", options={"no_poker": True})
    stays = {e["section"]: e for e in of_type(start_events(rnd), "stay")}
    assert stays["AH"] == {"type": "stay", "section": "AH", "amount": 5, "where": "ghost", "cards": ["A♥"], "rule": "tripoli.ghost-sections"}
    assert stays["king_queen"]["where"] == "ghost" and stays["king_queen"]["cards"] == ["Q♠", "K♠"]
    assert stays["pozo"]["rule"] == "tripoli.ghost-sections"
    assert rnd.ledger.board["AH"] == 5 and rnd.ledger.board["pozo"] == 5


@covers("tripoli.carry-over")
def test_a_section_nobody_holds_stays_and_the_next_ante_adds_to_it():
    rnd = position({"A": "2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, "", options={"no_poker": True}, board={"KH": 7})
    stay = next(e for e in of_type(start_events(rnd), "stay") if e["section"] == "KH")
    assert stay["rule"] == "tripoli.carry-over" and stay["amount"] == 12
    assert rnd.ledger.board["KH"] == 12


@covers("tripoli.carry-over", "tripoli.dealer-rotation")
def test_in_a_session_unwon_sections_carry_and_the_deal_passes_left():
    session = Session(TRIPOLI, ["A", "B", "C", "D"], seed=4, dealer=0, rounds=3)
    dealers = []
    while not session.over():
        rnd = session.next_round()
        dealers.append(rnd.dealer)
        board_before = dict(session.ledger.board)
        antes = {sid: 0 for sid in board_before}
        for e in rnd.start_events:
            if e.type == "transfer" and e.reason == "ante":
                antes[e.target.key] += e.amount
        assert {sid: rnd.ledger.board[sid] for sid in board_before} != {} and all(
            rnd.start_board[sid] == board_before[sid] for sid in board_before
        )
        after_ante = {sid: board_before[sid] + antes[sid] for sid in board_before}
        for e in rnd.start_events:
            if e.type == "stay":
                assert after_ante[e.section] == e.amount
        while not rnd.over:
            rnd.apply(first_move(rnd))
        session.record(rnd)
    assert dealers == [0, 1, 2]


# ----- phase 2: poker --------------------------------------------------------------------


@covers("tripoli.poker")
def test_the_best_poker_hand_takes_the_pot():
    rnd = position(
        {"A": "2♠ 2♥ 5♦ 9♣ J♠", "B": "3♠ 3♥ 3♦ 9♦ J♦", "C": "4♣ 6♣ 7♣ 10♣ K♣", "D": "5♠ 6♠ 7♠ 8♠ 9♠ A♦"},
        "A♥ K♥ Q♥ J♥ 10♥",
    )
    events = start_events(rnd)
    (sd,) = of_type(events, "showdown")
    assert sd["winners"] == ["D"] and sd["rule"] == "tripoli.poker"
    assert {h["player"]: h["hand"] for h in sd["hands"]} == {"A": "pair", "B": "three of a kind", "C": "flush", "D": "straight flush"}
    assert transfers(events, "poker") == [("pot", "D", 5)]


@covers("tripoli.poker")
def test_the_wheel_is_the_lowest_straight_and_suits_never_break_ties():
    rnd = position(
        {"A": "A♠ 2♥ 3♦ 4♣ 5♠", "B": "2♠ 3♥ 4♦ 5♣ 6♥", "C": "2♣ 3♣ 4♥ 5♦ 6♦", "D": "7♣ 7♦ J♣ Q♦ K♠"},
        "A♥ K♥ Q♥ J♥ 10♥",
    )
    (sd,) = of_type(start_events(rnd), "showdown")
    assert sd["winners"] == ["B", "C"]
    assert transfers(start_events(rnd), "poker") == [("pot", "B", 2), ("pot", "C", 2)]
    assert rnd.ledger.board["pot"] == 1


@covers("tripoli.poker")
def test_no_poker_skips_the_showdown_and_has_no_pot():
    rnd = dealt(seed=1, no_poker=True)
    assert "pot" not in rnd.ledger.board
    assert not of_type(start_events(rnd), "showdown")
    assert rnd.profile.phases == ("holding", "stops")


# ----- the ghost-hand auction -------------------------------------------------------------


def auction_hand(**options):
    return dealt(players=4, seed=2, dealer=3, ghost_auction=True, **options)


@covers("tripoli.ghost-auction")
def test_the_auction_goes_round_from_the_dealers_left_and_bids_rise():
    rnd = auction_hand()
    assert rnd.phase == "ghost-auction" and rnd.to_move() == 0
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Bid(1, 3))  # B bids out of turn
    assert refused.value.rule == "tripoli.ghost-auction"
    with pytest.raises(IllegalMove):
        rnd.apply(Bid(0, 0))  # the first bid is at least 1
    play(rnd, "A bid 2")
    for amount in (1, 2):
        with pytest.raises(IllegalMove) as refused:
            rnd.apply(Bid(1, amount))
        assert refused.value.rule == "tripoli.ghost-auction"
    with pytest.raises(IllegalMove):
        rnd.apply(Play(1, next(iter(rnd.hands[1]))))
    play(rnd, "B bid 3")
    assert round_view(rnd)["auction"]["high"] == 3 and round_view(rnd)["auction"]["bidder"] == "B"


@covers("tripoli.ghost-auction")
def test_a_pass_is_final_and_the_highest_bidder_pays_the_pozo_and_swaps():
    rnd = auction_hand()
    ghost, b_cards = set(rnd.widow), set(rnd.hands[1])
    pozo = rnd.ledger.board["pozo"]
    events = play(rnd, "A pass", "B bid 2", "C bid 3", "D pass", "B bid 5")
    assert rnd.to_move() == 2  # A and D passed for good: C is next
    events += play(rnd, "C pass")
    assert transfers(events, "ghost-auction") == [("B", "pozo", 5)]
    assert rnd.ledger.board["pozo"] == pozo + 5
    assert set(rnd.hands[1]) == ghost and set(rnd.widow) == b_cards
    assert all(rnd.owner[c] == -1 for c in b_cards)
    assert rnd.phase == "stops"


@covers("tripoli.ghost-auction")
def test_no_bid_no_swap():
    rnd = auction_hand()
    before = [set(h) for h in rnd.hands], rnd.widow
    events = play(rnd, "A pass", "B pass", "C pass", "D pass")
    assert of_type(events, "widow-kept") and not transfers(events)
    assert ([set(h) for h in rnd.hands], rnd.widow) == before
    assert rnd.phase == "stops"


@covers("tripoli.ghost-auction", "tripoli.bankroll")
def test_with_chips_a_bid_is_capped_by_the_bidders_stack():
    rnd = dealt(players=4, seed=2, dealer=3, ghost_auction=True)
    rnd.ledger.balances[0] = 6
    assert rnd.legal_moves()[1:] == [BidRange(0, 1, 6)]
    assert isinstance(rnd.legal_moves()[0], Pass)
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Bid(0, 7))
    assert refused.value.rule == "tripoli.ghost-auction"


def test_with_a_ledger_a_bid_has_no_cap():
    rnd = dealt(players=4, seed=2, dealer=3, ghost_auction=True, bankroll="ledger")
    play(rnd, "A bid 500")
    assert round_view(rnd)["auction"]["max_bid"] is None


# ----- phase 3: stops ----------------------------------------------------------------------


@covers("tripoli.first-lead")
def test_the_first_leader_is_left_of_the_dealer_and_leads_the_lowest_of_his_longest_suit():
    rnd = position({"A": "2♠ 7♥ 9♥ 4♦ 6♦ 8♦", "B": "3♠", "C": "4♠", "D": "5♠"}, phase="stops")
    assert rnd.to_move() == 0
    assert [str(m.card) for m in rnd.legal_moves()] == ["4♦"]
    for bad in ("A 2♠", "A 7♥", "A 6♦"):
        with pytest.raises(IllegalMove) as refused:
            rnd.apply(move(rnd, bad))
        assert refused.value.rule == "tripoli.first-lead"
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(move(rnd, "B 3♠"))
    assert refused.value.rule == "tripoli.first-lead"


@covers("tripoli.first-lead")
def test_between_equally_long_suits_the_leader_chooses():
    rnd = position({"B": "2♠ 5♠ 7♥ 9♥ 4♦", "A": "3♠", "C": "4♠", "D": "5♦"}, dealer="A", phase="stops")
    assert [str(m.card) for m in rnd.legal_moves()] == ["2♠", "7♥"]
    assert play(rnd, "B 7♥")[0]["rule"] == "tripoli.first-lead"


@covers("tripoli.restart")
def test_after_a_stop_the_stopper_leads_the_lowest_card_of_any_suit_even_the_same():
    rnd = position({"A": "2♣ 5♣ 9♣ 3♥", "B": "3♣ 7♣ 8♦", "C": "K♠", "D": "A♠"}, "4♣", phase="stops")
    events = play(rnd, "A 2♣", "B 3♣")
    assert of_type(events, "stop") == [{"type": "stop", "card": "3♣", "next": "4♣", "where": "widow", "rule": "tripoli.stop"}]
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(move(rnd, "A 5♣"))  # B played the stopping card: B leads
    assert refused.value.rule == "tripoli.restart"
    assert {str(m.card) for m in rnd.legal_moves()} == {"7♣", "8♦"}
    hand2 = rnd
    lead = play(hand2, "B 7♣")[0]
    assert lead == {"type": "play", "player": "B", "card": "7♣", "lead": True, "rule": "tripoli.restart"}


@covers("tripoli.restart")
def test_a_restart_must_be_the_lowest_card_of_the_suit():
    rnd = position({"A": "2♣ 5♣ 7♣ 3♥ 5♥", "B": "K♠", "C": "Q♠", "D": "A♠"}, "3♣", phase="stops")
    play(rnd, "A 2♣")
    for bad in ("A 5♥", "A 7♣"):
        with pytest.raises(IllegalMove) as refused:
            rnd.apply(move(rnd, bad))
        assert refused.value.rule == "tripoli.restart"
    assert [str(m.card) for m in rnd.legal_moves()] == ["3♥", "5♣"]


@covers("tripoli.follow", "tripoli.stop")
def test_whoever_holds_the_next_card_must_play_it_and_a_stop_comes_after_an_ace():
    rnd = position({"A": "Q♣ 3♥", "B": "K♣ 4♥", "C": "A♣ 5♥", "D": "2♠"}, phase="stops")
    play(rnd, "A Q♣")
    assert rnd.to_move() == 1
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(move(rnd, "C A♣"))
    assert refused.value.rule == "tripoli.follow"
    events = play(rnd, "B K♣", "C A♣")
    assert of_type(events, "stop") == [{"type": "stop", "card": "A♣", "next": None, "where": None, "rule": "tripoli.stop"}]
    assert rnd.to_move() == 2


@covers("tripoli.going-out", "tripoli.card-count", "tripoli.pozo")
def test_the_first_out_ends_the_round_takes_the_pozo_and_a_chip_per_card():
    rnd = position({"A": "2♣", "B": "3♥ 4♥", "C": "5♥ 6♥ 7♥", "D": "8♠"}, "3♣", phase="stops", board={"pozo": 3})
    events = play(rnd, "A 2♣")
    assert of_type(events, "out") == [{"type": "out", "player": "A", "rule": "tripoli.going-out"}]
    assert transfers(events) == [("pozo", "A", 8), ("B", "A", 2), ("C", "A", 3), ("D", "A", 1)]
    assert [e["rule"] for e in events if e["type"] == "transfer"] == ["tripoli.pozo"] + ["tripoli.card-count"] * 3
    assert rnd.over and rnd.winner == 0 and rnd.legal_moves() == []
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(move(rnd, "D 8♠"))
    assert refused.value.rule == "tripoli.going-out"


@covers("tripoli.pozo")
def test_pozo_once_the_winner_takes_the_pozo_only_if_nobody_took_it_in_phase_one():
    def round_with(hands, option):
        rnd = position(hands, "2♦", options={"no_poker": True, "pozo_once": option}, board={"pozo": 4})
        return rnd, play(rnd, "A 2♣")

    # B and C share the Kitty (4 + 5 = 9): 4 each, 1 stays.
    taken = {"A": "2♣", "B": "8♥ 9♥ 10♥", "C": "8♠ 9♠ 10♠", "D": "7♠ 9♣"}
    rnd, events = round_with(taken, True)
    assert transfers(events, "pozo") == [] and rnd.ledger.board["pozo"] == 1
    rnd, events = round_with(taken, False)
    assert transfers(events, "pozo") == [("pozo", "A", 1)]
    not_taken = {"A": "2♣", "B": "8♥ 9♥ 9♣", "C": "3♠ 5♠", "D": "7♠ 9♠"}
    rnd, events = round_with(not_taken, True)
    assert transfers(events, "pozo") == [("pozo", "A", 9)]


@covers("tripoli.pozo")
def test_pozo_once_bids_into_the_pozo_stay_when_it_was_taken_in_phase_one():
    rnd = position(
        {"A": "2♣", "B": "8♥ 9♥ 10♥", "C": "3♠ 5♠", "D": "7♠ 9♠"}, "J♦ Q♦",
        options={"no_poker": True, "pozo_once": True, "ghost_auction": True},
    )
    play(rnd, "A pass", "B pass", "C bid 2", "D pass")
    assert rnd.ledger.board["pozo"] == 2
    events = play(rnd, "A 2♣")
    assert of_type(events, "out") and transfers(events, "pozo") == []
    assert rnd.ledger.board["pozo"] == 2


# ----- bankroll, misdeal, session ---------------------------------------------------------


@covers("tripoli.bankroll")
def test_with_chips_a_player_pays_at_most_what_he_holds():
    rnd = position({"A": "2♣", "B": "3♥ 4♥ 5♥ 6♥", "C": "7♥", "D": "8♠"}, "3♣", phase="stops", balances={"B": 10})
    assert rnd.ledger.balances[1] == 2  # 10 less an ante of 8
    events = play(rnd, "A 2♣")
    assert ("B", "A", 2) in transfers(events, "card-count")
    assert rnd.ledger.balances[1] == 0


@covers("tripoli.bankroll")
def test_with_a_ledger_balances_may_go_negative():
    rnd = position({"A": "2♣", "B": "3♥ 4♥ 5♥ 6♥", "C": "7♥", "D": "8♠"}, "3♣", phase="stops", options={"bankroll": "ledger"})
    play(rnd, "A 2♣")
    assert rnd.ledger.balances[1] == -12


@covers("tripoli.misdeal")
def test_a_misdeal_puts_back_every_payment_of_the_phases_and_deals_again_without_ante():
    rnd = dealt(seed=5, dealer=3)
    assert [e for e in rnd.start_events if e.type == "transfer" and e.reason != "ante"]
    other = dealt(seed=6, dealer=3)  # the same ante, then phases 1 and 2 on another deal
    redeal = next(e for e in other.start_events if e.type == "deal")
    events = [e.to_json(rnd.names) for e in rnd.apply(Redeal(None, redeal.hands, redeal.widow))]
    assert events[0] == {"type": "misdeal", "rule": "tripoli.misdeal"}
    assert not [e for e in events if e["type"] == "transfer" and e["reason"] == "ante"]
    assert of_type(events, "showdown")  # the phases run again on the new deal
    assert rnd.ledger.balances == other.ledger.balances and rnd.ledger.board == other.ledger.board


@covers("tripoli.session-end")
def test_a_session_lasts_the_agreed_rounds_settles_nothing_and_most_chips_wins():
    profile = get_profile("tripoli", {"rounds": 3})
    session = play_session(Session(profile, ["A", "B", "C", "D"], seed=9), first_move)
    assert session.played == 3
    assert session.finish() == [] or session.finished
    assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == 400
    best = max(session.ledger.balances)
    assert session.winners() == [n for n, b in zip(session.names, session.ledger.balances) if b == best]


@covers("tripoli.elimination", "tripoli.session-end")
def test_a_player_who_cannot_pay_his_full_ante_is_out_and_keeps_his_chips():
    profile = get_profile("tripoli", {"starting_chips": 12})
    session = Session(profile, ["A", "B", "C", "D"], seed=1, dealer=0)
    left = [e.to_json(session.names) for e in session.events if e.type == "leave"]
    # The dealer owes 16 (2 on each of 8 sections) and holds 12: he is out; so is every
    # next dealer in turn, so the session ends before a deal.
    assert left[0] == {"type": "leave", "player": "A", "rule": "tripoli.elimination"}
    assert session.ledger.balances[0] == 12
    assert session.over()


@covers("tripoli.elimination")
def test_with_equal_antes_a_player_short_of_eight_is_out_and_the_others_play_on():
    profile = get_profile("tripoli", {"starting_chips": 100, "equal_antes": True, "rounds": 50})
    session = Session(profile, ["A", "B", "C", "D"], seed=1, dealer=0)
    session.ledger.balances[1] = 7
    session.ledger.balances[0] += 93
    session._departures()
    assert session.active == [0, 2, 3]
    rnd = session.next_round()
    assert rnd.names == ("A", "C", "D")
    with_chips = play_session(session, first_move)
    assert len(with_chips.active) >= 0
    assert sum(with_chips.ledger.balances) + sum(with_chips.ledger.board.values()) == 400


def test_every_tripoli_rule_id_has_a_test():
    import importlib
    from pathlib import Path

    found = set()
    for path in sorted(Path(__file__).parent.glob("test_tripoli_*.py")):
        module = importlib.import_module(path.stem)
        for value in vars(module).values():
            found.update(getattr(value, "rule_ids", ()))
    missing = [rule for rule in rule_ids("tripoli") if rule not in found]
    assert not missing, f"rules without a test: {', '.join(missing)}"


@covers("tripoli.misdeal")
def test_each_redeal_puts_back_only_the_payments_since_the_latest_deal_so_the_log_grows_linearly():
    hand = dealt(seed=5, dealer=3)
    other = dealt(seed=6, dealer=3)
    deals = [next(e for e in h.start_events if e.type == "deal") for h in (other, hand)]
    added = []
    for k in range(20):
        before = len(hand.log)
        redeal = deals[k % 2]
        hand.apply(Redeal(None, redeal.hands, redeal.widow))
        added.append(len(hand.log) - before)
        same = other if k % 2 == 0 else dealt(seed=5, dealer=3)
        assert hand.ledger.balances == same.ledger.balances and hand.ledger.board == same.ledger.board
    assert max(added) <= 2 * min(added)  # was doubling with every redeal
    assert len(hand.log) < 25 * max(added)
