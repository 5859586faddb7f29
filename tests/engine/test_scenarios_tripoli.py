"""Audit scenarios for Tripoli, written from DECISIONS.md alone (see docs/audit.md)."""

from __future__ import annotations

import pytest

from stops.cards import parse_card
from stops.deal import deal_from_seed
from stops.errors import IllegalMove, ReplayError, SetupError
from stops.round import Round
from stops.profiles import get_profile
from stops.replay import load_replay, result_json
from stops.session import Session, play_session

from positions import NAMES, start_position
from tripoli_helpers import move as mv, play

HEART_SECTIONS = ("AH", "KH", "QH", "JH", "TH")


def c(text):
    return parse_card(text)


def position(hands, widow="", **extra):
    return start_position("tripoli", hands, widow, **extra)


def illegal(rnd, text):
    before = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], rnd.to_move(), rnd.widow)
    with pytest.raises(IllegalMove) as info:
        rnd.apply(mv(rnd, text))
    after = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], rnd.to_move(), rnd.widow)
    assert before == after
    return info.value.rule


def legal_plays(rnd):
    return sorted(f"{rnd.names[m.seat]} {m.card}" for m in rnd.legal_moves())


def who(rnd):
    seat = rnd.to_move()
    return None if seat is None else rnd.names[seat]


def events_of(rnd):
    return [e.to_json(rnd.names) for e in rnd.log]


def paid(events, sid):
    """(player, amount) for each transfer out of section ``sid``."""
    return [(e["to"]["player"], e["amount"]) for e in events if e["type"] == "transfer" and e["from"] == {"section": sid}]


def names_for(n):
    return [chr(65 + i) for i in range(n)]


# ----- ante, board, deal -----------------------------------------------------------------


def test_board_has_eight_sections():
    assert set(get_profile("tripoli").section_ids()) == {"AH", "KH", "QH", "JH", "TH", "king_queen", "pozo", "pot"}


@pytest.mark.parametrize("n", range(3, 10))
def test_dealer_antes_two_others_one(n):
    profile = get_profile("tripoli")
    rnd = Round(profile, names_for(n), 1, deal_from_seed(4, n, 1, profile.widow_position), phase="stops")
    for sid in profile.section_ids():
        assert rnd.ledger.board[sid] == n + 1
    assert rnd.ledger.balances[1] == 100 - 16
    assert all(rnd.ledger.balances[s] == 100 - 8 for s in range(n) if s != 1)


def test_equal_antes_everyone_one():
    profile = get_profile("tripoli", {"equal_antes": True})
    rnd = Round(profile, NAMES, 3, deal_from_seed(4, 4, 3, profile.widow_position), phase="stops")
    assert all(v == 4 for v in rnd.ledger.board.values())
    assert rnd.ledger.balances == [92] * 4


@pytest.mark.parametrize("n", [2, 10])
def test_player_count_outside_3_to_9_refused(n):
    with pytest.raises(SetupError) as info:
        get_profile("tripoli").check_players(n)
    assert info.value.rule == "tripoli.players"


@pytest.mark.parametrize("n", range(3, 10))
def test_ghost_hand_receives_first_card_of_each_circuit(n):
    dealer = 0
    order = ["G"] + [(dealer + 1 + i) % n for i in range(n)]
    sizes = {k: 0 for k in order}
    for i in range(52):
        sizes[order[i % len(order)]] += 1
    deal = deal_from_seed(8, n, dealer, get_profile("tripoli").widow_position)
    assert len(deal.widow) == sizes["G"]
    assert [len(h) for h in deal.hands] == [sizes[s] for s in range(n)]


def test_four_players_ghost_11_then_11_10_10_10():
    from stops.cards import DECK

    deck = [str(x) for x in DECK]
    doc = {
        "game": "tripoli",
        "players": NAMES,
        "dealer": "D",
        "deal": {"hands": {"A": deck[11:22], "B": deck[22:32], "C": deck[32:42], "D": deck[42:52]}, "widow": deck[0:11]},
    }
    load_replay(doc).start()
    doc["deal"] = {"hands": {"A": deck[0:11], "B": deck[11:22], "C": deck[22:32], "D": deck[32:42]}, "widow": deck[42:52]}
    with pytest.raises(ReplayError, match="tripoli.deal"):
        load_replay(doc).start()


# ----- phase 1 ---------------------------------------------------------------------------


def test_phase1_pay_cards_by_holding_and_ghost_sections_stay():
    rnd = position(
        {"A": "A♥ 2♣ 3♣", "B": "J♥ 10♥ 4♣", "C": "Q♥ 5♣", "D": "6♣ 7♣"},
        "K♥ 2♦",
        board={"KH": 3},
    )
    ev = events_of(rnd)
    assert paid(ev, "AH") == [("A", 5)]
    assert paid(ev, "QH") == [("C", 5)]
    assert paid(ev, "JH") == [("B", 5)] and paid(ev, "TH") == [("B", 5)]
    assert paid(ev, "KH") == []
    assert rnd.ledger.board["KH"] == 8
    stay = [e for e in ev if e["type"] == "stay" and e["section"] == "KH"]
    assert stay and stay[0]["rule"] == "tripoli.ghost-sections"
    rules = {e["rule"] for e in ev if e["type"] == "transfer" and e["from"].get("section") in HEART_SECTIONS}
    assert rules == {"tripoli.hearts"}


def test_phase1_king_queen_split_player_counts_once_odd_chip_stays():
    rnd = position(
        {"A": "K♠ Q♠ K♣ Q♣ 2♦", "B": "K♦ Q♦ 3♦", "C": "4♦ 5♦", "D": "6♦"},
        "7♦",
    )
    ev = events_of(rnd)
    assert sorted(paid(ev, "king_queen")) == [("A", 2), ("B", 2)]
    assert rnd.ledger.board["king_queen"] == 1
    split = [e for e in ev if e["type"] == "split" and e["section"] == "king_queen"]
    assert split and split[0]["rule"] == "tripoli.split" and split[0]["left"] == 1


def test_phase1_eight_nine_ten_split_three_ways_odd_stays():
    rnd = position(
        {"A": "8♠ 9♠ 10♠", "B": "8♥ 9♥ 10♥", "C": "8♣ 9♣ 10♣ 2♦", "D": "3♦"},
        "4♦",
        board={"pozo": 3},
    )
    ev = events_of(rnd)
    # pozo: 3 + 5 = 8 -> 2 each, 2 stay
    assert sorted(paid(ev, "pozo")) == [("A", 2), ("B", 2), ("C", 2)]
    assert rnd.ledger.board["pozo"] == 2


def test_phase1_eight_nine_ten_single_holder_takes_whole_pozo():
    rnd = position({"A": "8♦ 9♦ 10♦ 2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, "6♣")
    assert paid(events_of(rnd), "pozo") == [("A", 5)]
    assert rnd.ledger.board["pozo"] == 0


def test_phase1_combo_in_ghost_hand_stays():
    rnd = position({"A": "K♠ 2♣", "B": "Q♠ 3♣", "C": "4♣", "D": "5♣"}, "K♦ Q♦ 8♥ 9♥ 10♥")
    ev = events_of(rnd)
    assert paid(ev, "king_queen") == [] and paid(ev, "pozo") == []
    assert rnd.ledger.board["king_queen"] == 5 and rnd.ledger.board["pozo"] == 5
    stays = {e["section"]: e["rule"] for e in ev if e["type"] == "stay"}
    assert stays["king_queen"] == "tripoli.ghost-sections"
    assert stays["pozo"] == "tripoli.ghost-sections"


def test_hearts_only_combos_option():
    rnd = position(
        {"A": "K♠ Q♠ 8♠ 9♠ 10♠", "B": "K♥ Q♥ 2♣", "C": "4♣", "D": "5♣"},
        "6♣",
        options={"hearts_only_combos": True},
    )
    ev = events_of(rnd)
    assert paid(ev, "king_queen") == [("B", 5)]
    assert paid(ev, "pozo") == []
    assert rnd.ledger.board["pozo"] == 5


def test_combos_default_any_suit():
    rnd = position({"A": "K♠ Q♠ 8♠ 9♠ 10♠", "B": "2♣", "C": "4♣", "D": "5♣"}, "6♣")
    ev = events_of(rnd)
    assert paid(ev, "king_queen") == [("A", 5)]
    assert paid(ev, "pozo") == [("A", 5)]


def test_boodle_cards_option_sections():
    profile = get_profile("tripoli", {"boodle_cards": True})
    assert set(profile.section_ids()) == {"AH", "KC", "QD", "JS", "king_queen", "pozo", "pot"}
    rnd = position({"A": "K♣ Q♦ 2♠", "B": "K♥ J♠ 3♠", "C": "4♠", "D": "5♠"}, "A♥", options={"boodle_cards": True})
    ev = events_of(rnd)
    assert paid(ev, "KC") == [("A", 5)] and paid(ev, "QD") == [("A", 5)] and paid(ev, "JS") == [("B", 5)]
    assert rnd.ledger.board["AH"] == 5


# ----- phase 2 ---------------------------------------------------------------------------


def poker_hand(a, b, cc="K♣ K♦ 7♥ 8♥ 9♣", d="10♥ J♥ Q♠ 2♦ 3♣", board=None):
    return position({"A": a, "B": b, "C": cc, "D": d}, phase="poker-showdown", board=board)


def test_poker_six_high_straight_beats_wheel():
    rnd = poker_hand("A♠ 2♥ 3♦ 4♣ 5♠", "2♠ 3♥ 4♦ 5♣ 6♠")
    assert paid(events_of(rnd), "pot") == [("B", 5)]


def test_poker_wheel_is_a_straight_beating_trips():
    rnd = poker_hand("A♠ 2♥ 3♦ 4♣ 5♠", "9♠ 9♥ 9♦ K♠ Q♣")
    assert paid(events_of(rnd), "pot") == [("A", 5)]


def test_poker_royal_flush_beats_straight_flush():
    rnd = poker_hand("10♠ J♠ Q♠ K♠ A♠", "9♥ 10♥ J♥ Q♥ K♥", d="2♦ 3♦ 4♦ 5♦ 6♣")
    assert paid(events_of(rnd), "pot") == [("A", 5)]


def test_poker_wheel_straight_flush_beats_four_of_a_kind():
    rnd = poker_hand("A♠ 2♠ 3♠ 4♠ 5♠", "9♥ 9♣ 9♦ 9♠ K♥", cc="K♣ K♦ 7♥ 8♥ 10♣", d="10♥ J♥ Q♥ 2♦ 3♣")
    assert paid(events_of(rnd), "pot") == [("A", 5)]


def test_poker_full_house_beats_flush_beats_straight():
    rnd = poker_hand("2♠ 5♠ 7♠ 9♠ J♠", "3♥ 3♣ 3♦ 4♥ 4♣", cc="5♥ 6♦ 7♣ 8♦ 9♦", d="K♣ K♦ 2♦ 10♥ Q♠")
    assert paid(events_of(rnd), "pot") == [("B", 5)]


def test_poker_best_five_of_a_long_hand():
    # B holds a flush among ten cards; A a pair.
    rnd = poker_hand("A♠ A♥ 3♦ 4♣ 6♠", "2♥ 4♥ 6♥ 8♥ 10♥ 3♠ 5♠ 7♣ 9♣ J♦", cc="K♣ K♦ 7♥ 9♥ 8♣", d="10♣ J♥ Q♠ 2♦ 3♣")
    assert paid(events_of(rnd), "pot") == [("B", 5)]


def test_poker_tie_split_suits_never_break_ties_odd_stays():
    rnd = poker_hand("A♠ K♠ 7♦ 5♣ 3♥", "A♥ K♥ 7♣ 5♦ 3♠", cc="2♣ 4♦ 6♥ 8♠ 10♣", d="2♦ 4♠ 6♣ 8♥ J♣")
    assert sorted(paid(events_of(rnd), "pot")) == [("A", 2), ("B", 2)]
    assert rnd.ledger.board["pot"] == 1


def test_poker_flush_tie_by_ranks_split():
    rnd = poker_hand("2♠ 4♠ 6♠ 8♠ 10♠", "2♥ 4♥ 6♥ 8♥ 10♥", cc="3♣ 3♦ 5♣ 7♦ 9♣", d="J♣ Q♦ K♣ 5♦ 7♣", board={"pot": 1})
    assert sorted(paid(events_of(rnd), "pot")) == [("A", 3), ("B", 3)]
    assert rnd.ledger.board["pot"] == 0


def test_no_poker_option_removes_pot():
    profile = get_profile("tripoli", {"no_poker": True})
    assert "pot" not in profile.section_ids()
    rnd = Round(profile, NAMES, 3, deal_from_seed(4, 4, 3, profile.widow_position))
    assert "pot" not in rnd.ledger.board
    antes = {}
    for e in events_of(rnd):
        if e["type"] == "transfer" and e["reason"] == "ante":
            antes[e["from"]["player"]] = antes.get(e["from"]["player"], 0) + e["amount"]
    assert antes == {"A": 7, "B": 7, "C": 7, "D": 14}
    assert not [e for e in events_of(rnd) if e["type"] == "showdown"]
    with pytest.raises(ReplayError):
        position({"A": "2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, options={"no_poker": True}, board={"pot": 3})


# ----- phase 3 ---------------------------------------------------------------------------


def test_first_lead_lowest_of_longest_suit_with_choice_between_equals():
    rnd = position(
        {"A": "5♠ 8♠ J♠ 4♥ 6♥ 9♥ 2♣", "B": "3♣ 4♣", "C": "5♣ 6♣", "D": "7♣"}, phase="stops"
    )
    assert who(rnd) == "A"
    assert legal_plays(rnd) == ["A 4♥", "A 5♠"]
    assert illegal(rnd, "A 2♣") == "tripoli.first-lead"
    assert illegal(rnd, "A 8♠") == "tripoli.first-lead"
    assert illegal(rnd, "B 3♣") == "tripoli.first-lead"


def test_first_lead_single_longest_suit():
    rnd = position({"A": "5♠ 8♠ J♠ 2♣", "B": "3♣ 4♣", "C": "5♣ 6♣", "D": "7♣"}, dealer="D", phase="stops")
    assert legal_plays(rnd) == ["A 5♠"]


def test_restart_any_suit_including_the_same():
    rnd = position({"A": "2♦ 5♦ 3♣", "B": "4♣ 6♣", "C": "7♣", "D": "8♣"}, phase="stops", leader="A", stopped="K♦")
    assert legal_plays(rnd) == ["A 2♦", "A 3♣"]
    assert illegal(rnd, "A 5♦") == "tripoli.restart"


def test_stopper_leads_after_a_stop():
    rnd = position({"A": "9♠ 2♥", "B": "10♠ 4♥ 3♦", "C": "7♣", "D": "8♣"}, "J♠", phase="stops")
    events = play(rnd, "A 9♠", "B 10♠")
    assert [e["rule"] for e in events if e["type"] == "stop"] == ["tripoli.stop"]
    assert who(rnd) == "B" and legal_plays(rnd) == ["B 3♦", "B 4♥"]
    assert illegal(rnd, "B J♠") == "tripoli.ghost-hand"


def test_going_out_takes_pozo_and_one_per_card():
    rnd = position({"A": "9♠", "B": "10♠ 4♥ 3♦", "C": "7♣ 5♣", "D": "8♣"}, phase="stops", board={"pozo": 4})
    assert rnd.ledger.board["pozo"] == 9
    play(rnd, "A 9♠")
    assert rnd.over and rnd.names[rnd.winner] == "A"
    res = result_json(rnd)
    assert res["players"]["A"]["gross"] == 9 + 3 + 2 + 1
    assert res["board"]["pozo"] == 0
    rules = {e["rule"] for e in events_of(rnd) if e["type"] == "transfer" and e["reason"] != "ante"}
    assert rules == {"tripoli.pozo", "tripoli.card-count"}


def _pozo_left_after_phase1(options):
    # Two 8-9-10 holders split 5: 2 each, 1 stays; A then goes out.
    return position(
        {"A": "2♣", "B": "8♠ 9♠ 10♠ 3♦ 4♦", "C": "8♥ 9♥ 10♥ 5♦ 6♦", "D": "7♦ 8♦"},
        "2♦",
        options=options,
    )


def test_pozo_default_stops_winner_takes_what_stays_after_phase1():
    rnd = _pozo_left_after_phase1(None)
    assert rnd.ledger.board["pozo"] == 1
    play(rnd, "A 2♣")
    assert paid(events_of(rnd), "pozo")[-1] == ("A", 1)
    assert rnd.ledger.board["pozo"] == 0


def test_pozo_once_stops_winner_takes_nothing_if_taken_in_phase1():
    rnd = _pozo_left_after_phase1({"pozo_once": True})
    play(rnd, "A 2♣")
    assert ("A", 1) not in paid(events_of(rnd), "pozo")
    assert rnd.ledger.board["pozo"] == 1


def test_pozo_once_stops_winner_takes_it_if_nobody_took_it():
    rnd = position({"A": "2♣", "B": "3♣ 4♣", "C": "5♣", "D": "6♣"}, "8♠ 9♠ 10♠", options={"pozo_once": True})
    assert rnd.ledger.board["pozo"] == 5
    play(rnd, "A 2♣")
    assert paid(events_of(rnd), "pozo") == [("A", 5)]


# ----- ghost auction ---------------------------------------------------------------------


def auction_hand(**kw):
    return position(
        {"A": "2♣ 3♣", "B": "4♣ 5♣", "C": "6♣ 7♣", "D": "8♣ 9♣"},
        "J♦ Q♦ K♦",
        options={"ghost_auction": True},
        phase="ghost-auction",
        **kw,
    )


def test_ghost_auction_not_in_default_profile():
    assert "ghost-auction" not in get_profile("tripoli").phases


def test_ghost_auction_bids_rise_passes_final_winner_pays_pozo_and_swaps():
    rnd = auction_hand()
    assert who(rnd) == "A"
    play(rnd, "A bid 2")
    assert who(rnd) == "B"
    assert illegal(rnd, "B bid 2") == "tripoli.ghost-auction"
    assert illegal(rnd, "C bid 5") == "tripoli.ghost-auction"
    play(rnd, "B bid 3", "C pass", "D pass")
    assert who(rnd) == "A"
    play(rnd, "A pass")
    # B is the last bidder: pays 3 into the Pozo and swaps.
    assert rnd.phase == "stops"
    assert rnd.ledger.board["pozo"] == 5 + 3
    assert rnd.ledger.balances[1] == 92 - 3
    assert sorted(rnd.hands[1]) == sorted(c(x) for x in "J♦ Q♦ K♦".split())
    assert sorted(rnd.widow) == sorted(c(x) for x in "4♣ 5♣".split())
    ev = events_of(rnd)
    swap = [e for e in ev if e["type"] == "transfer" and e["reason"] == "ghost-auction"]
    assert swap and swap[0]["to"] == {"section": "pozo"} and swap[0]["rule"] == "tripoli.ghost-auction"
    # The old hand is now the ghost hand and never plays.
    assert who(rnd) == "A"


def test_ghost_auction_pass_is_final():
    rnd = auction_hand()
    play(rnd, "A pass", "B bid 1", "C bid 2", "D pass")
    assert who(rnd) == "B"
    play(rnd, "B bid 3")
    assert who(rnd) == "C"  # A passed: never asked again
    assert illegal(rnd, "A bid 4") == "tripoli.ghost-auction"
    play(rnd, "C pass")
    assert rnd.phase == "stops"
    assert rnd.ledger.board["pozo"] == 8


def test_ghost_auction_no_bid_no_swap():
    rnd = auction_hand()
    play(rnd, "A pass", "B pass", "C pass", "D pass")
    assert rnd.phase == "stops"
    assert rnd.ledger.board["pozo"] == 5
    assert sorted(rnd.widow) == sorted(c(x) for x in "J♦ Q♦ K♦".split())
    assert sorted(rnd.hands[0]) == [c("2♣"), c("3♣")]


def test_ghost_auction_minimum_bid_is_one():
    rnd = auction_hand()
    assert illegal(rnd, "A bid 0") == "tripoli.ghost-auction"


def test_ghost_auction_runs_after_poker_before_stops():
    assert get_profile("tripoli", {"ghost_auction": True}).phases[-2:] == ("ghost-auction", "stops")


# ----- sessions --------------------------------------------------------------------------


def test_session_player_who_cannot_pay_leaves_keeping_chips():
    profile = get_profile("tripoli")
    session = Session(profile, NAMES, seed=2, dealer=0)
    session.ledger.balances = [100, 10, 100, 100]
    session._departures()
    assert 1 in session.active  # owes 8 as non-dealer
    session.dealer = 1
    session._departures()
    assert 1 not in session.active  # owes 16 as dealer
    assert session.ledger.balances[1] == 10


def test_session_rounds_option_and_conservation():
    profile = get_profile("tripoli", {"rounds": 3})
    session = play_session(Session(profile, NAMES, seed=4, dealer=0), lambda h: h.legal_moves()[0])
    assert session.played == 3
    assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == 400


@pytest.mark.parametrize("text,sid", [("A♥", "AH"), ("K♥", "KH"), ("Q♥", "QH"), ("J♥", "JH"), ("10♥", "TH")])
def test_each_heart_section_held_pays_in_ghost_stays(text, sid):
    rnd = position({"A": "2♣", "B": text + " 3♣", "C": "4♣", "D": "5♣"}, "6♣")
    assert paid(events_of(rnd), sid) == [("B", 5)]
    rnd = position({"A": "2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, text + " 6♣", board={sid: 2})
    assert paid(events_of(rnd), sid) == []
    assert rnd.ledger.board[sid] == 7
    assert [e["rule"] for e in events_of(rnd) if e["type"] == "stay" and e["section"] == sid] == ["tripoli.ghost-sections"]


def test_option_defaults():
    p = get_profile("tripoli")
    assert p.bankroll == "chips" and p.starting_chips == 100
    for name in ("equal_antes", "no_poker", "ghost_auction", "boodle_cards", "hearts_only_combos", "pozo_once"):
        assert p.option(name) is False


def test_misdeal_after_phase1_puts_ledger_back_no_new_ante():
    from stops.moves import Redeal

    profile = get_profile("tripoli")
    rnd = Round(profile, NAMES, 3, deal_from_seed(1, 4, 3, profile.widow_position))
    ante_only = Round(profile, NAMES, 3, deal_from_seed(1, 4, 3, profile.widow_position), phase="stops")
    d2 = deal_from_seed(2, 4, 3, profile.widow_position)
    again = Round(profile, NAMES, 3, d2)
    rnd.apply(Redeal(None, d2.hands, d2.widow))
    # Same as a fresh round on the new deal: one ante only, phase 1 paid on the new cards.
    assert rnd.ledger.balances == again.ledger.balances
    assert rnd.ledger.board == again.ledger.board
    assert sum(ante_only.ledger.board.values()) == 40
    assert rnd.dealer == 3 and who(rnd) == "A"
