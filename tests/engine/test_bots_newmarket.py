"""Newmarket's bots: every level makes every decision (stakes, the dummy sale, leads), the
basic bot stakes where it holds the horse card, and tournaments where expert beats basic and
basic beats random with 95 % intervals (`stops tournament`, paired over the same deals)."""

import re

import pytest

from stops.bots import make_bot
from stops.cli import main
from stops.deal import deal_for
from stops.heuristics import basic_move
from stops.phases.staking import Stake
from stops.profiles import get_profile
from stops.round import Round

SALE_AND_FREE = {"dummy_sale": True, "staking": "free", "free_stake": 2}


@pytest.mark.parametrize("level", ["random", "basic", "expert"])
def test_every_bot_stakes_buys_or_keeps_and_plays_a_whole_round_with_legal_moves(level):
    profile = get_profile("newmarket", SALE_AND_FREE)
    rnd = Round(profile, ["A", "B", "C", "D"], 3, deal_for(profile, 7, 4, 3))
    bots = {s: make_bot(level, s, playouts=8) for s in range(4)}
    kinds = set()
    while not rnd.over:
        seat = rnd.to_move()
        move = bots[seat].choose(rnd, seat)
        kinds.add(type(move).key)
        rnd.apply(move)
    assert {"stake", "swap", "play"} <= kinds


def test_the_basic_bot_stakes_on_a_horse_whose_card_it_holds():
    profile = get_profile("newmarket", {"staking": "free"})
    for seed in range(20):
        rnd = Round(profile, ["A", "B", "C", "D"], 3, deal_for(profile, seed, 4, 3))
        held = {profile.pay_on_play[c] for c in rnd.hands[0] if c in profile.pay_on_play}
        move = basic_move(rnd, 0)
        assert isinstance(move, Stake)
        if held:
            assert move.section in held


def paired(capsys, *args) -> str:
    assert main(["tournament", "newmarket", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.slow  # a tournament: make test, not make check
def test_basic_beats_random_with_95_percent_intervals(capsys):
    out = paired(capsys, "--players", "4", "--seats", "basic,random,basic,random", "--rounds", "400", "--seed", "1")
    assert re.search(r"basic - random: \+[\d.]+ \[\+[\d.]+, \+[\d.]+\]  \(basic beats random\)", out), out


@pytest.mark.slow  # a tournament: make test, not make check
def test_expert_beats_basic_with_95_percent_intervals(capsys):
    # The expert reads the dummy sale and the free stakes better than the basic bot.
    out = paired(capsys, "--players", "3", "--seats", "expert,basic,basic", "--rounds", "80", "--playouts", "20", "--seed", "1",
                 "--option", "dummy_sale=true", "--option", "staking=free")
    assert re.search(r"expert - basic: \+[\d.]+ \[\+[\d.]+, \+[\d.]+\]  \(expert beats basic\)", out), out
