"""Pope Joan: going out (Game and a chip per card), the end of the session, and the bots."""

import re

import pytest

from pope_joan_helpers import NAMES, of_type, play, position, profile, taken
from rulecheck import covers

from stops.cli import main
from stops.session import Session, play_session
from stops.bots import BasicBot


@covers("pope_joan.going-out", "pope_joan.game", "pope_joan.card-count")
def test_the_first_player_out_takes_game_and_a_chip_for_each_card_left_in_each_hand():
    rnd = position(["2♠", "3♥ 4♥ 5♥", "6♣ 7♣"], "3♠ 9♥", "9♥")
    events = play(rnd, "2♠")
    assert of_type(events, "out")[0].rule == "pope_joan.going-out"
    assert rnd.over and rnd.winner == 0
    assert taken(events, 0) == {"game": 1}
    paid = {e.source.key: (e.amount, e.rule) for e in events if e.type == "transfer" and e.reason == "card-count"}
    assert paid == {1: (3, "pope_joan.card-count"), 2: (2, "pope_joan.card-count")}
    assert [e.rule for e in events if e.type == "transfer" and e.reason == "game"] == ["pope_joan.game"]


@covers("pope_joan.card-count")
def test_by_default_a_player_still_holding_the_pope_pays_for_his_cards_like_anyone():
    rnd = position(["2♠", "3♥ 4♥ 9♦", "6♣ 7♣"], "3♠ 9♥", "9♥")
    events = play(rnd, "2♠")
    paid = {e.source.key: e.amount for e in events if e.type == "transfer" and e.reason == "card-count"}
    assert paid == {1: 3, 2: 2} and not of_type(events, "excused")


@covers("pope_joan.pope-excuses")
def test_with_pope_excuses_a_player_still_holding_the_pope_pays_nothing_for_the_cards_left():
    rnd = position(["2♠", "3♥ 4♥ 9♦", "6♣ 7♣"], "3♠ 9♥", "9♥", pope_excuses=True)
    events = play(rnd, "2♠")
    paid = {e.source.key: e.amount for e in events if e.type == "transfer" and e.reason == "card-count"}
    assert paid == {2: 2}  # C pays; B, who holds the 9♦, pays nothing
    (excused,) = of_type(events, "excused")
    assert (excused.seat, str(excused.card), excused.rule) == (1, "9♦", "pope_joan.pope-excuses")
    assert events.index(excused) > max(i for i, e in enumerate(events) if e.type == "transfer")  # told after the payments
    assert not [e for e in events if e.type == "transfer" and (e.source.kind, e.source.key) == ("player", 1)]  # B paid nothing


@covers("pope_joan.pope-excuses")
def test_with_pope_excuses_a_player_who_has_played_the_pope_pays_as_usual():
    rnd = position(["2♠ 5♥", "3♠ 9♦ 4♥ K♣", "6♣ 7♣"], "4♠ 10♦ 6♥ 9♥", "9♥", pope_excuses=True)
    # A leads the 2♠, B follows with the 3♠ and leads on after each stop: the 9♦, then the
    # 4♥, on which A goes out with the 5♥.
    events = play(rnd, "2♠", "3♠", "9♦", "4♥", "5♥")
    assert rnd.over and rnd.winner == 0
    paid = {e.source.key: e.amount for e in events if e.type == "transfer" and e.reason == "card-count"}
    assert paid == {1: 1, 2: 2} and not of_type(events, "excused")


@covers("pope_joan.going-out")
def test_the_round_ends_at_once_even_when_the_last_card_is_a_pay_card():
    rnd = position(["9♦", "3♥ 4♥", "6♣"], "3♠ 9♥", "9♥")
    events = play(rnd, "9♦")
    assert taken(events, 0) == {"pope": 6, "game": 1} and rnd.over


@covers("pope_joan.session-end")
def test_at_the_end_of_the_session_the_board_is_shared_in_whole_chips_and_the_odd_ones_stay():
    session = Session(profile(bankroll="ledger"), NAMES[:3], seed=5, dealer=0)
    bot = BasicBot(1)
    play_session(session, lambda rnd: bot.choose(rnd, rnd.to_move()))
    splits = of_type(session.events, "split")
    assert splits and all(e.rule == "pope_joan.session-end" for e in splits)
    for e in splits:
        assert session.ledger.board[e.section] == e.left < 3
    assert all(amount < 3 for amount in session.ledger.board.values())
    assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == 0


@pytest.mark.slow  # a tournament: make test, not make check
def test_in_a_tournament_expert_beats_basic_and_basic_beats_random(capsys):
    """Paired over the same deals with 95 % intervals: 200 deals, 3 seat rotations each."""
    code = main(["tournament", "pope_joan", "--players", "3", "--seats", "expert,basic,random",
                 "--rounds", "200", "--seed", "1", "--playouts", "30"])
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"expert - basic: .*\(expert beats basic\)", out), out
    assert re.search(r"basic - random: .*\(basic beats random\)", out), out
