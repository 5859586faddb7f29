"""Bots in Michigan: one interface, legal choices, determinism, and no peeking."""

from __future__ import annotations

import random

import pytest

from bot_helpers import advance, dealt, twin
from michigan_helpers import position
from stops.bots import BOTS, BasicBot, ExpertBot, make_bot
from stops.cards import parse_card
from stops.moves import Play


@pytest.mark.parametrize("level", sorted(BOTS))
def test_every_bot_plays_a_whole_round_with_legal_moves(level):
    rnd = dealt(seed=5)
    bots = [make_bot(level, seat, playouts=20) for seat in range(rnd.n)]
    while not rnd.over:
        seat = rnd.to_move()
        move = bots[seat].choose(rnd, seat)
        assert move in rnd.legal_moves()
        rnd.apply(move)
    assert rnd.winner is not None


@pytest.mark.parametrize("level", sorted(BOTS))
def test_a_forced_play_is_made_by_every_bot(level):
    rnd = position({"A": "J♦ 4♠", "B": "10♦ 3♣", "C": "2♠"}, "K♦", last={"player": "A", "card": "9♦"})
    assert make_bot(level, 0, playouts=5).choose(rnd, 1) == Play(1, parse_card("10♦"))


def test_basic_leads_the_longest_run():
    rnd = position({"A": "2♠ 3♠ 9♥ 10♥ J♥", "B": "4♠ Q♥", "C": "K♥ 5♠"}, leader="A")
    assert BasicBot().choose(rnd, 0) == Play(0, parse_card("9♥"))


def test_basic_leads_a_run_it_stops_itself():
    # 2♦ 3♦ 4♦ then 5♦ is out of play: A stops it and leads again; 9♥ 10♥ 11♥ runs longer but B follows.
    rnd = position({"A": "2♦ 3♦ 4♦ 9♥ 10♥ J♥ Q♥", "B": "K♥ 6♦", "C": "7♦ 2♣"}, leader="A")
    assert BasicBot().choose(rnd, 0) == Play(0, parse_card("2♦"))


def test_basic_keeps_a_lone_ace_when_another_lead_is_as_good():
    # 5♥ stops too (6♥ is out of play): A keeps A♠ for later.
    rnd = position({"A": "A♠ 5♥", "B": "7♥ 2♣", "C": "3♣"}, leader="A")
    assert BasicBot().choose(rnd, 0) == Play(0, parse_card("5♥"))


def test_basic_prefers_the_run_that_reaches_a_pay_box_to_a_longer_run():
    rnd = position({"A": "10♣ J♣ Q♣ K♣ 2♦ 3♦ 4♦ 5♦ 6♦", "B": "A♣ 7♦", "C": "8♦"}, leader="A")
    assert BasicBot().choose(rnd, 0) == Play(0, parse_card("10♣"))


def test_the_expert_is_deterministic_for_a_seed():
    rnd = advance(dealt(seed=11), 3)
    seat = rnd.to_move()
    choices = {ExpertBot(seed=4, playouts=60).choose(rnd, seat) for _ in range(3)}
    assert len(choices) == 1


def test_the_expert_ignores_the_global_random_generator():
    rnd = advance(dealt(seed=12), 2)
    seat = rnd.to_move()
    random.seed(1)
    first = ExpertBot(seed=9, playouts=40).choose(rnd, seat)
    random.seed(2)
    random.random()
    assert ExpertBot(seed=9, playouts=40).choose(rnd, seat) == first


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("plies", [0, 7, 15])
def test_hidden_cards_do_not_change_the_decision(seed, plies):
    rnd = advance(dealt(seed=seed, dealer=seed % 4), plies)
    seat = rnd.to_move()
    other = twin(rnd, seat, seed=seed + 100)
    assert other.hands[seat] == rnd.hands[seat]
    assert [other.hands[s] for s in range(4) if s != seat] != [rnd.hands[s] for s in range(4) if s != seat]
    for level in ("basic", "expert"):
        a = make_bot(level, 3, playouts=50).choose(rnd, seat)
        b = make_bot(level, 3, playouts=50).choose(other, seat)
        assert a == b, level


def test_the_expert_takes_a_sure_box():
    # A leads: 10♣ J♣ Q♣ K♣ wins the K♣ box (8 chips on it); 2♦ lets B go out with 3♦ first.
    rnd = position({"A": "10♣ J♣ Q♣ K♣ 2♦", "B": "3♦", "C": "5♥ 6♥"}, leader="A", board={"KC": 8})
    assert ExpertBot(seed=1, playouts=100).choose(rnd, 0) == Play(0, parse_card("10♣"))


def test_basic_leads_low_in_a_suit_whose_ace_it_keeps():
    # Neither lead stops by itself; A keeps A♣ for later and leads 3♣ rather than from his
    # longer diamonds.
    rnd = position({"A": "3♣ A♣ 3♦ 6♦ 8♦", "B": "4♣ 4♦", "C": "5♦ 5♣"}, leader="A")
    assert BasicBot().choose(rnd, 0) == Play(0, parse_card("3♣"))
