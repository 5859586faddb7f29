"""Audit scenarios for Rummoli, written from DECISIONS.md alone (see docs/audit.md)."""

from __future__ import annotations

import pytest

from stops.cards import parse_card
from stops.deal import deal_from_seed
from stops.errors import IllegalMove, SetupError
from stops.round import Round
from stops.profiles import get_profile
from stops.replay import result_json
from stops.session import Session, play_session

from positions import NAMES, start_position
from rummoli_helpers import move as mv, play

POTS = ("rummoli", "poker", "TS", "JD", "QC", "KH", "AS", "ace_king", "seven_eight_nine")


def c(text):
    return parse_card(text)


def position(hands, widow="", *, phase="stops", **extra):
    return start_position("rummoli", hands, widow, phase=phase, **extra)


def illegal(rnd, text):
    before = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], rnd.to_move(), rnd.widow, list(rnd.owner))
    with pytest.raises(IllegalMove) as info:
        rnd.apply(mv(rnd, text))
    after = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], rnd.to_move(), rnd.widow, list(rnd.owner))
    assert before == after
    return info.value.rule


def legal(rnd):
    out = []
    for m in rnd.legal_moves():
        d = m.to_json(rnd.names)
        out.append(" ".join(str(v) if not isinstance(v, bool) else k for k, v in d.items() if k != "player"))
    return sorted(out)


def legal_plays(rnd):
    return sorted(f"{rnd.names[m.seat]} {m.card}" for m in rnd.legal_moves())


def who(rnd):
    seat = rnd.to_move()
    return None if seat is None else rnd.names[seat]


def events_of(rnd):
    return [e.to_json(rnd.names) for e in rnd.log]


def paid(events, sid):
    return [(e["to"]["player"], e["amount"]) for e in events if e["type"] == "transfer" and e["from"] == {"section": sid}]


def names_for(n):
    return [chr(65 + i) for i in range(n)]


def total(rnd):
    return sum(rnd.ledger.balances) + sum(rnd.ledger.board.values())


# ----- board, ante, deal -----------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 9))
def test_nine_pots_one_chip_each(n):
    profile = get_profile("rummoli")
    assert set(profile.section_ids()) == set(POTS)
    rnd = Round(profile, names_for(n), 0, deal_from_seed(3, n, 0, profile.widow_position))
    assert all(rnd.ledger.board[p] == n for p in POTS)
    assert rnd.ledger.balances == [91] * n


@pytest.mark.parametrize("n", [1, 9])
def test_players_2_to_8(n):
    with pytest.raises(SetupError) as info:
        get_profile("rummoli").check_players(n)
    assert info.value.rule == "rummoli.players"


@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("n", range(2, 9))
def test_widow_last_or_first(n, first):
    profile = get_profile("rummoli", {"widow_first": first} if first else None)
    order = [(0 + 1 + i) % n for i in range(n)]
    order = ["W"] + order if first else order + ["W"]
    sizes = {k: 0 for k in order}
    for i in range(52):
        sizes[order[i % len(order)]] += 1
    deal = deal_from_seed(5, n, 0, profile.widow_position)
    assert len(deal.widow) == sizes["W"] and [len(h) for h in deal.hands] == [sizes[s] for s in range(n)]
    Round(profile, names_for(n), 0, deal)


# ----- widow exchange --------------------------------------------------------------------


def exchange(hands, widow="2♥ 3♥ 4♥", **kw):
    return position(hands, widow, phase="widow-exchange", **kw)


PLAIN = {"A": "5♣ 6♣ 7♦ 8♦ 2♠", "B": "3♣ 4♣ 5♦ 6♦ 3♠", "C": "2♣ 9♣ 2♦ 3♦ 4♠", "D": "8♣ 10♣ 4♦ 9♦ 5♠"}


def test_dealer_without_pay_card_may_swap_unseen_and_old_hand_is_dead():
    rnd = exchange(PLAIN)
    assert who(rnd) == "D" and sorted(m.swap for m in rnd.legal_moves()) == [False, True]
    events = play(rnd, "D swap")
    assert sorted(rnd.hands[3]) == [c("2♥"), c("3♥"), c("4♥")]
    assert rnd.widow == ()
    assert [e["rule"] for e in events if e["type"] == "widow-swap"] == ["rummoli.dealer-swap"]
    assert rnd.ledger.balances == [91] * 4
    assert rnd.phase == "betting" and who(rnd) == "A"


def test_dealer_swap_refused_with_pay_card_and_auction_opens():
    hands = dict(PLAIN, D="8♣ 10♣ 4♦ 9♦ A♠")
    rnd = exchange(hands)
    assert who(rnd) == "A"  # the dealer is not asked: the auction opens at his left
    assert illegal(rnd, "D swap") in ("rummoli.dealer-swap", "rummoli.pay-cards")
    ev = events_of(rnd)
    assert [e["pay_card"] for e in ev if e["type"] == "dealer-keeps"] == [True]


@pytest.mark.parametrize("pay", ["10♠", "J♦", "Q♣", "K♥", "A♠", "A♦", "K♦"])
def test_each_pay_card_forbids_the_dealer_swap(pay):
    hands = dict(PLAIN, D="8♣ 10♣ 4♦ 9♦ " + pay)
    rnd = exchange(hands)
    assert who(rnd) != "D"


@pytest.mark.parametrize("card", ["7♠", "8♥", "9♣"])
def test_sevens_eights_nines_are_not_pay_cards(card):
    hands = dict(PLAIN, C="2♣ Q♥ 2♦ 3♦ 4♠", D="8♣ 10♣ 4♦ J♣ " + card)
    rnd = exchange(hands, widow="2♥ 3♥ 4♥" if card != "8♥" else "2♥ 3♥ 4♥ 5♥")
    assert who(rnd) == "D"


def test_auction_only_players_without_pay_cards_from_dealer_left():
    hands = {"A": "10♠ 6♣ 7♦ 8♦ 2♠", "B": "3♣ 4♣ 5♦ 6♦ 3♠", "C": "2♣ 9♣ 2♦ 3♦ 4♠", "D": "8♣ 10♣ 4♦ 9♦ 5♠"}
    rnd = exchange(hands)
    play(rnd, "D keep")
    ev = events_of(rnd)
    assert [e["bidders"] for e in ev if e["type"] == "widow-auction"] == [["B", "C"]]
    assert who(rnd) == "B"
    assert illegal(rnd, "A bid 3") == "rummoli.widow-auction"
    assert illegal(rnd, "D bid 3") == "rummoli.widow-auction"
    assert illegal(rnd, "B bid 0") == "rummoli.widow-auction"
    play(rnd, "B bid 1")
    assert who(rnd) == "C"
    assert illegal(rnd, "C bid 1") == "rummoli.widow-auction"
    play(rnd, "C bid 2")
    assert who(rnd) == "B"
    play(rnd, "B pass")
    # C is the one bidder left: he pays 2 to the dealer and swaps.
    assert rnd.ledger.balances[2] == 91 - 2 and rnd.ledger.balances[3] == 91 + 2
    assert sorted(rnd.hands[2]) == [c("2♥"), c("3♥"), c("4♥")]
    assert rnd.widow == ()
    assert rnd.phase == "betting"


def test_auction_pass_is_final_and_single_bidder_wins_at_his_bid():
    rnd = exchange(PLAIN)
    play(rnd, "D keep", "A pass", "B pass")
    assert who(rnd) == "C"
    assert illegal(rnd, "A bid 1") == "rummoli.widow-auction"
    play(rnd, "C bid 3")
    assert rnd.phase == "betting"
    assert rnd.ledger.balances[2] == 88 and rnd.ledger.balances[3] == 94


def test_auction_no_bid_no_swap():
    rnd = exchange(PLAIN)
    play(rnd, "D keep", "A pass", "B pass", "C pass")
    assert rnd.phase == "betting"
    assert sorted(rnd.widow) == [c("2♥"), c("3♥"), c("4♥")]
    assert rnd.ledger.balances == [91] * 4
    assert any(e["type"] == "widow-kept" for e in events_of(rnd))


def test_dead_hand_stops_a_sequence():
    hands = {
        "A": "5♣ 6♣ 7♦ 8♦ 2♠",
        "B": "3♣ 2♣ 10♦ 4♦ 4♠",
        "C": "3♥ 4♣ 5♦ 6♦ 3♠",
        "D": "8♣ 10♣ 2♦ 3♦ 5♠",
    }
    rnd = exchange(hands, widow="9♠ 9♥ 9♦ 9♣ 2♥")
    play(rnd, "D keep", "A pass", "B pass", "C bid 1")
    assert rnd.ledger.balances[2] == 90 and rnd.ledger.balances[3] == 92
    dead = [c(x) for x in hands["C"].split()]
    assert all(rnd.owner[x] == -3 for x in dead)
    play(rnd, "A check", "B check", "C check", "D check")
    assert rnd.phase == "stops"
    assert paid(events_of(rnd), "poker") == [("C", 4)]
    assert who(rnd) == "C" and legal_plays(rnd) == ["C 2♥"]
    events = play(rnd, "C 2♥")
    stop = [e for e in events if e["type"] == "stop"]
    assert len(stop) == 1
    # 3♥ lies in the dead hand: a stop; C switches to a black suit.
    assert who(rnd) == "C" and legal_plays(rnd) == ["C 9♠", "C 9♣"]
    assert illegal(rnd, "C 3♥") in ("rummoli.colour-switch", "rummoli.widow")


# ----- betting ---------------------------------------------------------------------------


BET_HANDS = {
    "A": "2♣ 4♦ 6♥ 8♠ 10♣",  # high card
    "B": "3♣ 3♦ 7♥ 9♠ J♣",  # pair of threes
    "C": "5♣ 5♦ 5♥ 9♣ Q♣",  # three fives
    "D": "6♣ 7♦ 8♥ J♠ K♣",  # high card
}


def betting(**kw):
    return position(BET_HANDS, "2♥ 3♥", phase="betting", **kw)


def test_betting_starts_left_of_dealer_check_around_showdown():
    rnd = betting()
    assert who(rnd) == "A"
    assert legal(rnd) == ["bet", "check", "fold"]
    assert illegal(rnd, "A call") == "rummoli.betting"
    assert illegal(rnd, "A raise") == "rummoli.betting"
    assert illegal(rnd, "B check") == "rummoli.betting"
    play(rnd, "A check", "B check", "C check", "D check")
    assert rnd.phase == "stops"
    assert paid(events_of(rnd), "poker") == [("C", 4)]
    # The poker winner leads the lowest card of his whole hand.
    assert who(rnd) == "C" and set(legal_plays(rnd)) == {"C 5♣", "C 5♦", "C 5♥"}
    assert illegal(rnd, "C 9♣") == "rummoli.first-lead"


def test_betting_bet_raise_call_fold_amounts():
    rnd = betting(options={"bet_unit": 2})
    play(rnd, "A check", "B bet")
    assert who(rnd) == "C"
    assert illegal(rnd, "C check") == "rummoli.betting"
    assert illegal(rnd, "C bet") == "rummoli.betting"
    play(rnd, "C raise", "D fold")
    assert who(rnd) == "A"
    play(rnd, "A fold")
    assert who(rnd) == "B"
    play(rnd, "B call")
    # B put 4, C put 4: the poker pot holds 4 + 8.
    assert rnd.phase == "stops"
    assert paid(events_of(rnd), "poker") == [("C", 12)]
    assert rnd.ledger.balances == [91, 87, 91 - 4 + 12, 91]
    sd = [e for e in events_of(rnd) if e["type"] == "showdown"][0]
    assert sorted(h["player"] for h in sd["hands"]) == ["B", "C"]
    assert sd["rule"] == "rummoli.showdown"


def test_betting_max_raises():
    rnd = betting(options={"max_raises": 1})
    play(rnd, "A bet", "B raise")
    assert illegal(rnd, "C raise") == "rummoli.betting"
    assert "raise" not in legal(rnd)
    play(rnd, "C call", "D call", "A call")
    assert rnd.phase == "stops"
    assert paid(events_of(rnd), "poker") == [("C", 4 + 8)]


def test_betting_default_three_raises():
    rnd = betting()
    play(rnd, "A bet", "B raise", "C raise", "D raise")
    assert who(rnd) == "A"
    assert "raise" not in legal(rnd)
    play(rnd, "A call", "B call", "C call")
    assert rnd.phase == "stops"
    assert paid(events_of(rnd), "poker") == [("C", 4 + 16)]


def test_fold_out_last_player_takes_pot_unseen():
    rnd = betting()
    events = play(rnd, "A bet", "B fold", "C fold", "D fold")
    assert rnd.phase == "stops"
    assert not [e for e in events if e["type"] == "showdown"]
    fo = [e for e in events if e["type"] == "fold-out"]
    assert fo and fo[0]["player"] == "A" and fo[0]["rule"] == "rummoli.fold-out"
    assert paid(events, "poker") == [("A", 5)]
    assert who(rnd) == "A" and legal_plays(rnd) == ["A 2♣"]


def test_showdown_tie_split_odd_stays_and_nearest_dealer_left_leads():
    hands = {
        "A": "2♣ 4♦ 6♥ 8♠ 10♣",
        "B": "3♣ 5♦ 7♥ 9♠ K♣",
        "C": "3♦ 5♣ 7♠ 9♥ K♦",  # same ranks as B
        "D": "2♦ 4♣ 6♠ 8♥ J♠",
    }
    rnd = position(hands, "2♥ 3♥", phase="betting", dealer="C")
    # D is left of dealer C
    assert who(rnd) == "D"
    play(rnd, "D check", "A check", "B check", "C check")
    assert sorted(paid(events_of(rnd), "poker")) == [("B", 2), ("C", 2)]
    assert rnd.ledger.board["poker"] == 0
    rnd = position(hands, "2♥ 3♥", phase="betting", dealer="A", board={"poker": 1})
    play(rnd, "B check", "C check", "D check", "A check")
    assert sorted(paid(events_of(rnd), "poker")) == [("B", 2), ("C", 2)]
    assert rnd.ledger.board["poker"] == 1
    # Tie between B and C; B is nearer the dealer's (A) left: B leads.
    assert who(rnd) == "B" and legal_plays(rnd) == ["B 3♣"]
    rnd = position(hands, "2♥ 3♥", phase="betting", dealer="B")
    play(rnd, "C check", "D check", "A check", "B check")
    assert who(rnd) == "C" and legal_plays(rnd) == ["C 3♦"]


def test_folded_player_still_plays_stops():
    hands = {
        "A": "2♣ 3♣ 4♦ 6♥ 8♠",
        "B": "3♦ 5♦ 7♥ 9♠ K♣",
        "C": "4♣ 5♣ 6♣ 7♠ 9♥",
        "D": "2♦ 6♦ 8♥ J♠ Q♠",
    }
    rnd = position(hands, "2♥ 3♥", phase="betting")
    play(rnd, "A fold", "B check", "C check", "D check")
    assert rnd.phase == "stops"
    # C (a straight? no: 4 5 6 7 9 - high card 9) ... whoever won leads; A folded but holds cards.
    assert len(rnd.hands[0]) == 5
    # Drive the stops phase: A must play whenever he holds the next card.
    while not rnd.over:
        moves = rnd.legal_moves()
        rnd.apply(moves[0])
    assert any(e["type"] == "play" and e["player"] == "A" for e in events_of(rnd))


def test_folded_player_must_follow_and_can_go_out():
    rnd = position(
        {"A": "2♣ 3♣ 4♦ 9♥ 10♥", "B": "5♦ 7♥ 9♠ K♣ Q♦", "C": "4♣ 5♣ 6♣ 7♠ J♥", "D": "2♦ 6♦ 8♥ J♠ Q♠"},
        "2♥ 3♥",
        phase="betting",
    )
    play(rnd, "A fold", "B check", "C check", "D check")
    assert not any(e["type"] == "fold-out" for e in events_of(rnd))
    leader = who(rnd)
    assert leader != "A"


# ----- stops phase -----------------------------------------------------------------------


def test_first_lead_lowest_of_whole_hand_choice_between_equal_ranks():
    rnd = position({"A": "3♥ 3♠ 4♦ 9♣", "B": "5♠", "C": "6♠", "D": "7♠"})
    assert who(rnd) == "A"
    assert legal_plays(rnd) == ["A 3♠", "A 3♥"]
    assert illegal(rnd, "A 4♦") == "rummoli.first-lead"


def test_colour_switch_after_stop_choice_between_two_suits():
    # A plays 5♣, 6♣ is in the widow: stop. A must play the lowest card of a red suit.
    rnd = position({"A": "5♣ 7♥ 9♥ 8♦ 2♠", "B": "3♠", "C": "4♠", "D": "K♠"}, "6♣", last={"player": "D", "card": "4♣"})
    events = play(rnd, "A 5♣")
    assert [e["rule"] for e in events if e["type"] == "stop"] == ["rummoli.stop"]
    assert who(rnd) == "A"
    assert legal_plays(rnd) == ["A 7♥", "A 8♦"]
    assert illegal(rnd, "A 2♠") == "rummoli.colour-switch"
    assert illegal(rnd, "A 9♥") == "rummoli.colour-switch"


def test_colour_switch_after_ace_same_player_continues():
    rnd = position({"A": "K♥ A♥ 3♣ 2♠ 5♦", "B": "4♠", "C": "5♠", "D": "6♠"}, last={"player": "B", "card": "Q♥"})
    play(rnd, "A K♥", "A A♥")
    assert who(rnd) == "A"
    assert legal_plays(rnd) == ["A 2♠", "A 3♣"]
    assert illegal(rnd, "A 5♦") == "rummoli.colour-switch"


def test_duty_passes_clockwise_to_first_holder_of_colour():
    # A stops on a red card and holds no black card; B holds none either; C does.
    rnd = position({"A": "5♥ 9♦", "B": "2♦ 3♦", "C": "4♣ 2♠ 8♥", "D": "6♠"}, "6♥", last={"player": "D", "card": "4♥"})
    events = play(rnd, "A 5♥")
    duty = [e for e in events if e["type"] == "duty-passes"]
    assert duty and duty[0]["to"] == "C" and duty[0]["rule"] == "rummoli.duty-passes"
    assert who(rnd) == "C"
    assert legal_plays(rnd) == ["C 2♠", "C 4♣"]
    assert illegal(rnd, "D 6♠") == "rummoli.duty-passes"  # who leads now: the duty passed on to C


def test_duty_passes_clockwise_wraps_past_dealer():
    rnd = position({"A": "6♠", "B": "2♦ 3♦", "C": "5♥ 9♦", "D": "8♥ 9♥"}, "6♥", last={"player": "D", "card": "4♥"})
    play(rnd, "C 5♥")
    assert who(rnd) == "A"


def test_deadlock_everyone_pays_per_card_into_rummoli_no_winner():
    rnd = position(
        {"A": "5♥ 9♥ 2♦", "B": "3♦ 4♦", "C": "7♦ 8♦ 10♥", "D": "Q♦ J♥"},
        "6♥ 5♦",
        board={"rummoli": 6},
        last={"player": "B", "card": "4♥"},
    )
    assert rnd.ledger.board["rummoli"] == 10
    events = play(rnd, "A 5♥")
    assert rnd.over and rnd.winner is None and who(rnd) is None
    dl = [e for e in events if e["type"] == "deadlock"]
    assert dl and dl[0]["rule"] == "rummoli.deadlock"
    pays = {e["from"]["player"]: e["amount"] for e in events if e["type"] == "transfer" and e["to"] == {"section": "rummoli"}}
    assert pays == {"A": 2, "B": 2, "C": 3, "D": 2}
    assert rnd.ledger.board["rummoli"] == 10 + 9
    assert result_json(rnd)["winner"] is None


def test_deadlock_pot_carries_to_next_round():
    session = Session(get_profile("rummoli"), NAMES, seed=1, dealer=3)
    session.ledger.board["rummoli"] = 19
    rnd = session.next_round()
    assert rnd.ledger.board["rummoli"] == 23


@pytest.mark.parametrize("before,card,sid", [("9♠", "10♠", "TS"), ("10♦", "J♦", "JD"), ("J♣", "Q♣", "QC"), ("Q♥", "K♥", "KH"), ("K♠", "A♠", "AS")])
def test_pot_cards_win_by_playing(before, card, sid):
    rnd = position({"A": card + " 2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, board={sid: 3}, last={"player": "B", "card": before})
    assert rnd.ledger.board[sid] == 7
    events = play(rnd, "A " + card)
    assert paid(events, sid) == [("A", 7)]
    assert [e["rule"] for e in events if e["type"] == "transfer" and e["from"] == {"section": sid}] == ["rummoli.pot-card"]


def test_holding_a_pot_card_wins_nothing():
    rnd = position({"A": "2♣", "B": "10♠ J♦ Q♣ K♥ A♠", "C": "4♣", "D": "5♣"})
    play(rnd, "A 2♣")
    assert rnd.over
    for sid in ("TS", "JD", "QC", "KH", "AS"):
        assert rnd.ledger.board[sid] == 4


def test_ace_king_same_player_k_then_a():
    rnd = position({"A": "K♦ A♦ 2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, last={"player": "B", "card": "Q♦"})
    events = play(rnd, "A K♦", "A A♦")
    assert paid(events, "ace_king") == [("A", 4)]
    combo = [e for e in events if e["type"] == "combo"]
    assert combo and combo[0]["rule"] == "rummoli.ace-king"


def test_ace_king_different_players_wins_nothing():
    rnd = position({"A": "K♦ 2♣", "B": "A♦ 3♣", "C": "4♣", "D": "5♣"}, last={"player": "B", "card": "Q♦"})
    events = play(rnd, "A K♦", "B A♦")
    assert paid(events, "ace_king") == []
    assert rnd.ledger.board["ace_king"] == 4


def test_seven_eight_nine_one_player_consecutively():
    rnd = position({"A": "7♠ 8♠ 9♠ 2♥", "B": "3♣", "C": "4♣", "D": "5♣"}, last={"player": "B", "card": "6♠"})
    events = play(rnd, "A 7♠", "A 8♠", "A 9♠")
    assert paid(events, "seven_eight_nine") == [("A", 4)]
    assert [e["rule"] for e in events if e["type"] == "combo"] == ["rummoli.seven-eight-nine"]


def test_seven_eight_nine_split_between_players_wins_nothing():
    rnd = position({"A": "7♥ 9♥ 2♠", "B": "8♥ 3♣", "C": "4♣", "D": "5♣"}, last={"player": "C", "card": "6♥"})
    events = play(rnd, "A 7♥", "B 8♥", "A 9♥")
    assert paid(events, "seven_eight_nine") == []
    assert rnd.ledger.board["seven_eight_nine"] == 4


def test_going_out_wins_rummoli_pot_plus_one_per_card():
    rnd = position({"A": "2♣", "B": "3♣ 4♣", "C": "5♣ 6♣ 7♣", "D": "8♣"}, board={"rummoli": 5})
    events = play(rnd, "A 2♣")
    assert rnd.over and rnd.names[rnd.winner] == "A"
    res = result_json(rnd)
    assert res["players"]["A"]["gross"] == 9 + 2 + 3 + 1
    rules = {e["rule"] for e in events if e["type"] == "transfer"}
    assert rules == {"rummoli.rummoli-pot", "rummoli.card-count"}
    assert total(rnd) == 400 + 5


def test_going_out_ends_at_once_mid_sequence():
    rnd = position({"A": "2♣", "B": "3♣ 4♣", "C": "5♣", "D": "8♣"})
    play(rnd, "A 2♣")
    assert rnd.over
    assert illegal(rnd, "B 3♣") == "rummoli.going-out"


# ----- end of session --------------------------------------------------------------------


def _rigged(session, hands_by_seat_order):
    """The final showdown's five-card hands as recorded deals, in dealing order (from the dealer's left)."""
    seats = [(session.dealer + 1 + i) % session.n for i in range(session.n)]
    return [{seat: tuple(c(x) for x in held.split()) for seat, held in zip(seats, hands_by_seat_order)}]


def test_end_of_session_pooled_showdown_odd_chips_from_dealer_left():
    session = Session(get_profile("rummoli"), ["A", "B", "C"], seed=1, dealer=0, rounds=0)
    session.ledger.board = {sid: 0 for sid in POTS} | {"rummoli": 3, "poker": 2, "TS": 2}
    # Dealing order from the dealer's (A) left: B, C, A. B and A tie; C loses.
    deals = _rigged(session, ["A♠ K♠ 7♦ 5♣ 3♥", "2♣ 4♦ 6♥ 8♠ 10♣", "A♥ K♥ 7♣ 5♦ 3♠"])
    events = [e.to_json(session.names) for e in session.finish(deals)]
    assert all(v == 0 for v in session.ledger.board.values())
    # 7 chips, two winners: 4 to B (first from the dealer's left), 3 to A.
    assert session.ledger.balances == [100 + 3, 100 + 4, 100]
    fs = [e for e in events if e["type"] == "final-showdown"]
    assert len(fs) == 1 and sorted(fs[0]["winners"]) == ["A", "B"]


def test_final_poker_per_pot_smallest_first():
    profile = get_profile("rummoli", {"final_poker_per_pot": True})
    session = Session(profile, ["A", "B", "C"], seed=1, dealer=2, rounds=0)
    session.ledger.board = {sid: 0 for sid in POTS} | {"rummoli": 5, "poker": 2, "TS": 3}
    events = [e.to_json(session.names) for e in session.finish()]
    fs = [e for e in events if e["type"] == "final-showdown"]
    assert [e["section"] for e in fs] == ["poker", "TS", "rummoli"]
    assert [e["amount"] for e in fs] == [2, 3, 5]
    assert all(v == 0 for v in session.ledger.board.values())
    assert sum(session.ledger.balances) == 310


def test_session_ends_when_one_player_left_with_chips():
    profile = get_profile("rummoli")
    session = Session(profile, ["A", "B", "C"], seed=1, dealer=0)
    session.ledger.balances = [200, 5, 95]
    session._departures()
    assert session.active == [0, 2] and not session.over()
    session.ledger.balances = [295, 5, 0]
    session._departures()
    assert session.active == [0] and session.over()
    assert session.ledger.balances[1] == 5


def test_full_session_conserves():
    profile = get_profile("rummoli")
    session = play_session(Session(profile, NAMES, seed=9, dealer=0, rounds=3), lambda h: h.legal_moves()[0])
    assert all(v == 0 for v in session.ledger.board.values())
    assert sum(session.ledger.balances) == 400


def test_option_defaults():
    p = get_profile("rummoli")
    assert p.bankroll == "chips" and p.starting_chips == 100
    assert p.option("bet_unit") == 1 and p.option("max_raises") == 3
    assert p.option("widow_first") is False and p.option("final_poker_per_pot") is False
