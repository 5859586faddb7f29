"""Michigan sessions: carry-over, the deal passing left, misdeals, bankrolls and the final split."""

from fractions import Fraction

import pytest

from stops.bots import RandomBot
from stops.cards import parse_cards
from stops.errors import IllegalMove, SetupError
from stops.moves import Redeal
from stops.profiles import get_profile
from stops.session import Session, cut_for_dealer, play_session

from michigan_helpers import play, position
from rulecheck import covers

MICHIGAN = get_profile("michigan")


def random_play(seed=0):
    bot = RandomBot(seed)
    return lambda rnd: bot.choose(rnd, rnd.to_move())


@covers("michigan.carry-over")
def test_unwon_boxes_stay_on_the_board_for_the_next_round():
    session = Session(MICHIGAN, "ABCD", seed=3)
    rnd = session.next_round()
    choose = random_play(1)
    while not rnd.over:
        rnd.apply(choose(rnd))
    left = dict(rnd.ledger.board)
    session.record(rnd)
    assert left["kitty"] == 0 and any(left[b] for b in ("AH", "KC", "QD", "JS"))
    nxt = session.next_round()
    for box in ("AH", "KC", "QD", "JS"):
        assert nxt.ledger.board[box] == left[box] + 4


@covers("michigan.dealer-rotation")
def test_the_deal_passes_to_the_left_after_each_round():
    session = Session(MICHIGAN, "ABCD", seed=3, dealer=2)
    dealers = []
    choose = random_play(2)
    while not session.over():
        rnd = session.next_round()
        dealers.append(rnd.names[rnd.dealer])
        while not rnd.over:
            rnd.apply(choose(rnd))
        session.record(rnd)
    assert dealers == ["C", "D", "A", "B"]


def test_the_first_dealer_is_drawn_by_the_highest_cut():
    import random

    assert cut_for_dealer(random.Random(1), 4) == cut_for_dealer(random.Random(1), 4)
    assert {cut_for_dealer(random.Random(seed), 4) for seed in range(40)} == {0, 1, 2, 3}


@covers("michigan.session-end")
def test_a_session_lasts_the_agreed_rotations_and_the_board_is_split_in_exact_fractions():
    profile = get_profile("michigan", {"rotations": 2})
    session = play_session(Session(profile, "ABC", seed=11), random_play(4))
    assert session.played == 6
    assert all(amount == 0 for amount in session.ledger.board.values())
    assert sum(session.ledger.balances) == 0
    splits = [e for e in session.events if e.type == "transfer"]
    assert splits and all(e.reason == "session-split" and e.rule == "michigan.session-end" for e in splits)
    assert {e.target.key for e in splits} == {0, 1, 2}


@covers("michigan.session-end")
def test_the_split_is_exact_when_the_board_does_not_divide():
    session = Session(MICHIGAN, "ABC", seed=1)
    session.ledger.board["AH"] = 4
    session.ledger.balances[0] -= 4
    session.finish()
    assert session.ledger.board["AH"] == 0
    assert session.ledger.balances[1] == Fraction(4, 3) and sum(session.ledger.balances) == 0


@covers("michigan.session-end")
def test_the_highest_balance_wins_and_equal_balances_share_the_win():
    session = Session(MICHIGAN, "ABC", seed=1)
    session.ledger.balances[:] = [5, 5, -10]
    assert session.winners() == ["A", "B"]
    assert session.standings()[0] == ("A", 5)


@covers("michigan.misdeal")
def test_a_misdeal_puts_the_ledger_back_and_the_same_dealer_deals_without_a_new_ante():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 3♣ 4♣", "C": "2♥", "D": "6♠"}, widow="K♦")
    after_ante = (list(rnd.ledger.balances), dict(rnd.ledger.board))
    play(rnd, "A J♦", "B Q♦")
    assert rnd.ledger.board["QD"] == 0
    redeal = Redeal(None, (tuple(parse_cards("2♠ 3♠")), tuple(parse_cards("4♠")), tuple(parse_cards("5♥")), tuple(parse_cards("6♥"))), ())
    events = rnd.apply(redeal)
    assert events[0].type == "misdeal" and events[0].rule == "michigan.misdeal"
    assert (rnd.ledger.balances, rnd.ledger.board) == after_ante
    assert rnd.names[rnd.dealer] == "D" and rnd.names[rnd.to_move()] == "A"
    assert not [e for e in events if e.type == "transfer" and e.reason == "ante"]
    assert [str(m.card) for m in rnd.legal_moves()] == ["2♠"]


@covers("michigan.misdeal")
def test_an_invalid_redeal_is_refused_and_changes_nothing():
    rnd = position({"A": "J♦ 5♠", "B": "Q♦ 3♣ 4♣", "C": "2♥", "D": "6♠"}, widow="K♦")
    play(rnd, "A J♦", "B Q♦")
    before = (list(rnd.ledger.balances), dict(rnd.ledger.board), [set(h) for h in rnd.hands])
    bad = Redeal(None, (tuple(parse_cards("2♠")), tuple(parse_cards("2♠")), (), ()), ())
    with pytest.raises(IllegalMove) as error:
        rnd.apply(bad)
    assert error.value.rule == "michigan.misdeal"
    assert (list(rnd.ledger.balances), dict(rnd.ledger.board), [set(h) for h in rnd.hands]) == before


@covers("michigan.bankroll")
def test_with_chips_a_player_pays_at_most_what_he_holds():
    rnd = position(
        {"A": "3♠ 9♥ 8♦", "B": "4♠", "C": "5♠ 6♥", "D": "7♥"},
        options={"bankroll": "chips"},
        balances={"A": 7, "B": 10, "C": 10, "D": 10},
    )
    assert rnd.ledger.balances[0] == 1
    play(rnd, "A 3♠", "B 4♠")
    assert rnd.ledger.balances[0] == 0  # owed 2, held 1
    assert rnd.ledger.total() == 37


@covers("michigan.bankroll")
def test_with_a_ledger_balances_may_go_negative():
    rnd = position({"A": "3♠ 9♥ 8♦", "B": "4♠", "C": "5♠ 6♥", "D": "7♥"})
    play(rnd, "A 3♠", "B 4♠")
    assert rnd.ledger.balances[0] == -8


@covers("michigan.bankroll")
def test_a_player_who_cannot_pay_his_full_ante_leaves_the_session_keeping_what_he_holds():
    profile = get_profile("michigan", {"bankroll": "chips", "starting_chips": 9})
    session = Session(profile, "ABCDE", seed=2, dealer=0)
    rnd = session.next_round()
    choose = random_play(3)
    while not rnd.over:
        rnd.apply(choose(rnd))
    session.record(rnd)
    gone = [e for e in session.events if e.type == "leave"]
    assert gone and all(e.rule == "michigan.bankroll" for e in gone)
    for e in gone:
        assert e.seat not in session.active and 0 <= session.ledger.balances[e.seat] < 6
    if not session.over():
        nxt = session.next_round()
        assert nxt.n == len(session.active)


def test_unknown_options_and_bad_values_are_refused():
    with pytest.raises(SetupError, match="unknown option"):
        get_profile("michigan", {"kitty_size": 3})
    with pytest.raises(SetupError, match="bankroll"):
        get_profile("michigan", {"bankroll": "coins"})
