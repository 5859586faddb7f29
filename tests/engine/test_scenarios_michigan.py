"""Audit scenarios for Michigan, written from DECISIONS.md alone.

Each test is a small concrete position; it checks the chips, who plays next, which
moves are legal or illegal and the rule id cited. Tests marked xfail(strict=True) are
places where the engine disagrees with DECISIONS.md (see docs/audit.md).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from stops.cards import DECK, parse_card
from stops.deal import deal_from_seed
from stops.errors import IllegalMove, ReplayError, SetupError
from stops.round import Round
from stops.moves import Play, Redeal
from stops.profiles import get_profile
from stops.replay import load_replay, result_json
from stops.session import Session, play_session

from positions import NAMES, start_position

BOXES = ("AH", "KC", "QD", "JS")


def c(text):
    return parse_card(text)


def position(hands, widow="", **extra):
    return start_position("michigan", hands, widow, **extra)


def mv(rnd, text):
    name, card = text.split()
    return Play(rnd.names.index(name), c(card))


def play(rnd, *texts):
    out = []
    for text in texts:
        out += [e.to_json(rnd.names) for e in rnd.apply(mv(rnd, text))]
    return out


def illegal(rnd, text):
    before = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], rnd.to_move())
    with pytest.raises(IllegalMove) as info:
        rnd.apply(mv(rnd, text))
    after = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], rnd.to_move())
    assert before == after, "an illegal move must leave the state unchanged"
    return info.value.rule


def legal(rnd):
    return sorted(f"{rnd.names[m.seat]} {m.card}" for m in rnd.legal_moves())


def who(rnd):
    seat = rnd.to_move()
    return None if seat is None else rnd.names[seat]


def names_for(n):
    return [chr(65 + i) for i in range(n)]


# ----- players, ante, deal ---------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 9])
def test_player_count_outside_3_to_8_is_refused(n):
    profile = get_profile("michigan")
    with pytest.raises(SetupError) as info:
        Round(profile, names_for(n), 0, deal_from_seed(1, n, 0, "last"))
    assert info.value.rule == "michigan.players"


@pytest.mark.parametrize("n", range(3, 9))
def test_ante_each_player_one_per_box_two_on_kitty(n):
    profile = get_profile("michigan")
    rnd = Round(profile, names_for(n), 0, deal_from_seed(7, n, 0, "last"))
    for box in BOXES:
        assert rnd.ledger.board[box] == n
    assert rnd.ledger.board["kitty"] == 2 * n
    assert rnd.ledger.balances == [-6] * n


def expected_sizes(n, dealer, widow_last=True):
    """From DECISIONS: one card at a time clockwise from the dealer's left; the extra hand last
    (or first); the first receivers of each circuit get the extra cards."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    order = order + ["W"] if widow_last else ["W"] + order
    sizes = {k: 0 for k in order}
    for i in range(52):
        sizes[order[i % len(order)]] += 1
    return [sizes[s] for s in range(n)], sizes["W"]


@pytest.mark.parametrize("n", range(3, 9))
@pytest.mark.parametrize("dealer", [0, 2])
def test_deal_sizes_widow_receives_last_card_of_each_circuit(n, dealer):
    profile = get_profile("michigan")
    deal = deal_from_seed(3, n, dealer, profile.widow_position)
    sizes, widow = expected_sizes(n, dealer)
    assert [len(h) for h in deal.hands] == sizes
    assert len(deal.widow) == widow
    Round(profile, names_for(n), dealer, deal)  # accepted as a full deal


def test_four_players_hand_sizes_are_11_11_10_10_10():
    sizes, widow = expected_sizes(4, 3)
    assert sizes == [11, 11, 10, 10] and widow == 10
    deck = list(DECK)
    hands = {"A": deck[0:11], "B": deck[11:22], "C": deck[22:32], "D": deck[32:42]}
    doc = {
        "game": "michigan",
        "players": NAMES,
        "dealer": "D",
        "deal": {"hands": {k: [str(x) for x in v] for k, v in hands.items()}, "widow": [str(x) for x in deck[42:]]},
    }
    load_replay(doc).start()
    # The widow receiving 11 (first in each circuit) is not a Michigan deal.
    bad = {"A": deck[0:11], "B": deck[11:21], "C": deck[21:31], "D": deck[31:41]}
    doc["deal"] = {"hands": {k: [str(x) for x in v] for k, v in bad.items()}, "widow": [str(x) for x in deck[41:]]}
    with pytest.raises(ReplayError) as info:
        load_replay(doc).start()
    assert "michigan.deal" in str(info.value)


def test_widow_auction_option_exists_and_is_off():
    """DECISIONS: 'No widow exchange or auction in this profile (option widow_auction, off).'"""
    profile = get_profile("michigan")
    assert "widow_auction" in {o.name for o in profile.options}
    assert profile.option("widow_auction") is False
    get_profile("michigan", {"widow_auction": False})


# ----- the worked example ---------------------------------------------------------------


def worked_example():
    return position(
        {"A": "9♦ J♦ 5♠ 8♥", "B": "Q♦ 3♣", "C": "10♦ 2♠ 7♥ 4♣", "D": "6♠"},
        "K♦",
    )


def test_worked_example_exact_chips_and_out_of_seat_order():
    rnd = worked_example()
    assert rnd.ledger.board == {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 8}
    assert who(rnd) == "A"
    order = []
    for text in ["A 9♦", "C 10♦", "A J♦", "B Q♦", "B 3♣"]:
        order.append(who(rnd))
        assert legal(rnd) == [text] or text == "A 9♦"
        play(rnd, text)
    assert order == ["A", "C", "A", "B", "B"]
    assert rnd.over and rnd.names[rnd.winner] == "B"
    res = result_json(rnd)
    assert res["players"]["B"] == {"gross": 18, "net": 12, "balance": 12}
    assert res["players"]["A"]["net"] == -6 - 2
    assert res["players"]["C"]["net"] == -6 - 3
    assert res["players"]["D"]["net"] == -6 - 1
    assert res["board"] == {"AH": 4, "KC": 4, "QD": 0, "JS": 4, "kitty": 0}
    assert sum(rnd.ledger.balances) + sum(rnd.ledger.board.values()) == 0


def test_worked_example_nobody_may_skip_ten_of_diamonds():
    rnd = worked_example()
    play(rnd, "A 9♦")
    assert who(rnd) == "C" and legal(rnd) == ["C 10♦"]
    assert illegal(rnd, "B Q♦") == "michigan.follow"
    assert illegal(rnd, "A J♦") == "michigan.follow"
    assert illegal(rnd, "C 2♠") == "michigan.follow"


def test_worked_example_q_diamonds_is_a_stop_because_k_is_in_the_widow():
    rnd = worked_example()
    events = play(rnd, "A 9♦", "C 10♦", "A J♦", "B Q♦")
    stops = [e for e in events if e["type"] == "stop"]
    assert len(stops) == 1 and stops[0]["rule"] == "michigan.stop"
    box = [e for e in events if e["type"] == "transfer" and e["from"] == {"section": "QD"}]
    assert box[0]["to"] == {"player": "B"} and box[0]["amount"] == 4 and box[0]["rule"] == "michigan.box"
    assert who(rnd) == "B" and legal(rnd) == ["B 3♣"]
    assert illegal(rnd, "B K♦") == "michigan.widow"


# ----- leads ------------------------------------------------------------------------------


def test_first_lead_is_left_of_dealer():
    rnd = position({"A": "5♠ 9♠ 3♥", "B": "2♣ 6♣", "C": "4♦", "D": "7♦"}, dealer="C")
    assert who(rnd) == "D"
    assert illegal(rnd, "A 3♥") == "michigan.first-lead"


def test_lead_is_lowest_card_of_chosen_suit():
    rnd = position({"A": "5♠ 9♠ 3♥", "B": "2♣ 6♣", "C": "4♦", "D": "7♦"})
    assert legal(rnd) == ["A 3♥", "A 5♠"]
    assert illegal(rnd, "A 9♠") == "michigan.lead-lowest"


def test_next_holder_plays_whatever_his_seat_and_may_play_several_in_a_row():
    rnd = position({"A": "5♠ 2♥", "B": "2♣ 3♣", "C": "6♠ 7♠ 8♠ 4♦", "D": "7♦"})
    play(rnd, "A 5♠")
    assert who(rnd) == "C"
    play(rnd, "C 6♠")
    assert who(rnd) == "C" and legal(rnd) == ["C 7♠"]
    play(rnd, "C 7♠")
    assert legal(rnd) == ["C 8♠"]


def test_stop_on_ace_stopper_leads_another_suit():
    rnd = position({"A": "Q♠ A♠ 4♥ 6♥", "B": "K♠ 3♣", "C": "5♦ 6♦", "D": "7♦ 8♦"}, leader="A", stopped="10♣")
    events = play(rnd, "A Q♠", "B K♠", "A A♠")
    # A♠ is an ace: a stop; A (who played it) leads the lowest of another suit.
    assert [e["rule"] for e in events if e["type"] == "stop"] == ["michigan.stop"]
    assert who(rnd) == "A"
    assert legal(rnd) == ["A 4♥"]
    assert illegal(rnd, "A 6♥") == "michigan.restart"
    assert illegal(rnd, "B 3♣") == "michigan.restart"


def test_stop_on_widow_card_and_box_in_widow_never_pays():
    rnd = position({"A": "9♣ 10♣ 3♥ 2♦", "B": "5♠ 6♠", "C": "4♦ 5♦", "D": "7♦"}, "J♣ K♣")
    events = play(rnd, "A 9♣", "A 10♣")
    assert [e["rule"] for e in events if e["type"] == "stop"] == ["michigan.stop"]
    assert who(rnd) == "A"
    assert legal(rnd) == ["A 2♦", "A 3♥"]
    assert illegal(rnd, "A J♣") == "michigan.widow"
    assert rnd.ledger.board["KC"] == 4


def test_stop_on_already_played_card():
    # 10♦ is named nowhere: it was already played.
    rnd = position({"A": "9♦ 3♥", "B": "J♦ 5♠", "C": "4♣ 5♣", "D": "7♣"})
    events = play(rnd, "A 9♦")
    assert [e["type"] for e in events].count("stop") == 1
    assert who(rnd) == "A" and legal(rnd) == ["A 3♥"]
    assert illegal(rnd, "B J♦") in ("michigan.restart", "michigan.first-lead")


def test_restart_another_suit_when_he_has_one():
    rnd = position({"A": "2♦ 7♣ 9♣", "B": "5♠ 6♠", "C": "4♦ 5♦", "D": "7♥"}, leader="A", stopped="K♦")
    assert legal(rnd) == ["A 7♣"]
    assert illegal(rnd, "A 2♦") == "michigan.restart"
    assert illegal(rnd, "A 9♣") == "michigan.restart"


def test_restart_same_suit_only_when_nothing_else_from_lowest():
    rnd = position({"A": "2♦ 5♦", "B": "5♠ 6♠", "C": "4♦ 6♦", "D": "7♥"}, leader="A", stopped="K♦")
    assert legal(rnd) == ["A 2♦"]
    assert illegal(rnd, "A 5♦") == "michigan.restart"


def test_restart_other_player_cannot_lead():
    rnd = position({"A": "2♦ 5♣", "B": "5♠ 6♠", "C": "4♦ 6♦", "D": "7♥"}, leader="A", stopped="K♦")
    assert illegal(rnd, "B 5♠") == "michigan.restart"


# ----- boxes, kitty, going out -------------------------------------------------------------


def test_boxes_only_by_playing_holding_wins_nothing():
    rnd = position({"A": "3♦", "B": "A♥ K♣ Q♦ J♠", "C": "4♠", "D": "5♣"})
    events = play(rnd, "A 3♦")
    assert rnd.over and rnd.names[rnd.winner] == "A"
    assert rnd.ledger.board["AH"] == 4 and rnd.ledger.board["KC"] == 4
    assert rnd.ledger.board["QD"] == 4 and rnd.ledger.board["JS"] == 4
    # Kitty 8 + 4 (B) + 1 + 1
    assert result_json(rnd)["players"]["A"]["gross"] == 14
    assert not [e for e in events if e["type"] == "transfer" and e["reason"] == "box"]


def test_playing_box_card_wins_whole_box_with_carry_over():
    rnd = position({"A": "Q♣ 2♥", "B": "K♣ 2♠", "C": "4♠", "D": "5♣"}, board={"KC": 7})
    assert rnd.ledger.board["KC"] == 11
    events = play(rnd, "A Q♣", "B K♣")
    paid = [e for e in events if e["type"] == "transfer" and e["from"] == {"section": "KC"}]
    assert paid == [dict(paid[0], to={"player": "B"}, amount=11, rule="michigan.box")]
    assert rnd.ledger.board["KC"] == 0
    assert who(rnd) == "B"  # A♣ not held: K♣ stops? A♣ named nowhere -> played


def test_going_out_takes_kitty_plus_one_per_card_and_ends_at_once():
    rnd = position({"A": "9♦", "B": "2♣ 3♣ 4♣", "C": "10♦ 5♠", "D": "6♠ 7♠ 8♠ 9♠"}, board={"kitty": 5})
    assert rnd.ledger.board["kitty"] == 13
    events = play(rnd, "A 9♦")
    assert rnd.over and who(rnd) is None and rnd.legal_moves() == []
    # C holds 10♦ but the round is over.
    assert illegal(rnd, "C 10♦") == "michigan.going-out"
    res = result_json(rnd)
    assert res["players"]["A"]["gross"] == 13 + 3 + 2 + 4
    assert res["players"]["A"]["net"] == 13 + 3 + 2 + 4 - 6
    assert res["players"]["B"]["net"] == -6 - 3
    assert res["board"]["kitty"] == 0
    kinds = [e["rule"] for e in events if e["type"] == "transfer"]
    assert "michigan.kitty" in kinds and "michigan.card-count" in kinds
    assert [e["rule"] for e in events if e["type"] == "out"] == ["michigan.going-out"]


# ----- carry-over, sessions, misdeal -------------------------------------------------------


def first_legal(rnd):
    return rnd.legal_moves()[0]


def test_carry_over_next_ante_adds_to_unwon_sections_and_deal_passes_left():
    session = Session(get_profile("michigan"), NAMES, seed=5, dealer=3)
    rnd = session.next_round()
    assert rnd.dealer == 3
    while not rnd.over:
        rnd.apply(first_legal(rnd))
    session.record(rnd)
    left = dict(session.ledger.board)
    assert session.dealer == 0
    nxt = session.next_round()
    assert nxt.dealer == 0
    for sid, amount in left.items():
        assert nxt.ledger.board[sid] == amount + (8 if sid == "kitty" else 4)


def test_session_is_full_rotations_everyone_deals_equally():
    profile = get_profile("michigan", {"rotations": 2})
    session = Session(profile, names_for(3), seed=1, dealer=0)
    dealers = []
    while not session.over():
        rnd = session.next_round()
        dealers.append(rnd.dealer)
        while not rnd.over:
            rnd.apply(first_legal(rnd))
        session.record(rnd)
    assert sorted(dealers) == [0, 0, 1, 1, 2, 2]


def test_end_of_session_board_shared_in_exact_fractions():
    session = Session(get_profile("michigan"), names_for(3), seed=1, dealer=0, rounds=0)
    session.ledger.balances = [-3, -2, -2]
    session.ledger.board = {"AH": 3, "KC": 1, "QD": 0, "JS": 0, "kitty": 3}
    session.finish()
    assert session.ledger.board == {"AH": 0, "KC": 0, "QD": 0, "JS": 0, "kitty": 0}
    assert session.ledger.balances == [Fraction(-2, 3), Fraction(1, 3), Fraction(1, 3)]
    assert sum(session.ledger.balances) == 0
    assert session.winners() == ["B", "C"]  # equal balances share the win


def test_full_session_conserves_and_settles_exactly():
    session = play_session(Session(get_profile("michigan"), names_for(5), seed=11), first_legal)
    assert all(v == 0 for v in session.ledger.board.values())
    assert sum(session.ledger.balances) == 0


def test_misdeal_puts_ledger_back_same_dealer_no_new_ante():
    rnd = worked_example()
    play(rnd, "A 9♦", "C 10♦", "A J♦", "B Q♦")
    assert rnd.ledger.balances[1] == -2
    redeal = {"A": "2♠ 3♠", "B": "4♠ 5♠", "C": "6♠ 7♠", "D": "8♠ 9♠"}
    events = rnd.apply(Redeal(None, tuple(tuple(c(x) for x in redeal[p].split()) for p in NAMES), (c("K♦"),)))
    assert rnd.ledger.balances == [-6, -6, -6, -6]
    assert rnd.ledger.board == {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 8}
    assert rnd.dealer == 3 and who(rnd) == "A"
    assert not [e for e in events if e.to_json(rnd.names).get("reason") == "ante"]
    assert any(e.to_json(rnd.names)["type"] == "misdeal" for e in events)


def test_misdeal_full_deal_same_dealer_no_new_ante():
    profile = get_profile("michigan")
    rnd = Round(profile, NAMES, 1, deal_from_seed(2, 4, 1, "last"))
    for _ in range(3):
        rnd.apply(first_legal(rnd))
    board_after_ante = {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 8}
    d2 = deal_from_seed(9, 4, 1, "last")
    rnd.apply(Redeal(None, d2.hands, d2.widow))
    assert rnd.ledger.board == board_after_ante
    assert rnd.ledger.balances == [-6] * 4
    assert rnd.dealer == 1 and who(rnd) == "C"
    assert not rnd.over


# ----- chips bankroll --------------------------------------------------------------------


def test_chips_player_pays_at_most_what_he_holds():
    rnd = position(
        {"A": "9♦", "B": "2♣ 3♣ 4♣", "C": "5♠", "D": "6♠"},
        options={"bankroll": "chips"},
        balances={"A": 100, "B": 7, "C": 100, "D": 100},
    )
    assert rnd.ledger.balances[1] == 1
    play(rnd, "A 9♦")
    assert rnd.ledger.balances[1] == 0  # owed 3, held 1
    assert min(rnd.ledger.balances) >= 0
    assert sum(rnd.ledger.balances) + sum(rnd.ledger.board.values()) == 307


def test_chips_departure_before_deal_keeps_what_he_holds():
    profile = get_profile("michigan", {"bankroll": "chips", "starting_chips": 20})
    session = Session(profile, NAMES, seed=3, dealer=0)
    session.ledger.balances = [20, 5, 20, 20]
    session.ledger.board = {"AH": 15, "KC": 0, "QD": 0, "JS": 0, "kitty": 0}
    session._departures()
    assert 1 not in session.active
    assert session.ledger.balances[1] == 5
    rnd = session.next_round()
    assert rnd.names == ("A", "C", "D")
    assert rnd.ledger.board["AH"] == 18


def test_chips_player_with_exact_ante_stays():
    profile = get_profile("michigan", {"bankroll": "chips"})
    session = Session(profile, NAMES, seed=3, dealer=0)
    session.ledger.balances = [6, 100, 100, 100]
    session._departures()
    assert 0 in session.active


def test_ledger_balances_may_go_negative():
    rnd = position({"A": "9♦", "B": "2♣ 3♣ 4♣", "C": "5♠", "D": "6♠"})
    play(rnd, "A 9♦")
    assert rnd.ledger.balances[1] == -9


def test_invalid_redeal_is_refused_and_state_unchanged():
    rnd = worked_example()
    play(rnd, "A 9♦", "C 10♦")
    before = (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], who(rnd))
    dup = (tuple([c("2♠")]), tuple([c("2♠")]), (), ())
    with pytest.raises(IllegalMove) as info:
        rnd.apply(Redeal(None, dup, ()))
    assert info.value.rule == "michigan.misdeal"
    assert before == (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], who(rnd))


def test_option_defaults():
    p = get_profile("michigan")
    assert p.bankroll == "ledger" and p.starting_chips == 100
    assert "michigan.widow" in __import__("stops.profiles", fromlist=["RULES"]).RULES


def test_every_transfer_names_reason_and_rule():
    from stops.profiles import RULES

    session = play_session(Session(get_profile("michigan"), names_for(4), seed=21), first_legal)
    for rnd in session.past_rounds:
        for e in rnd.log:
            j = e.to_json(rnd.names)
            assert j["rule"] in RULES
            if j["type"] == "transfer":
                assert j["reason"] and isinstance(j["amount"], int)
