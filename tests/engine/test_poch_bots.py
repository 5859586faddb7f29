"""Poch's bots: every decision (the vying, the stops leads) on the fast playout; the expert
beats the basic bot, which beats the random one."""

from __future__ import annotations

import random
import re

import pytest

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tiers import examples

from stops import hints
from stops.bots import BasicBot, ExpertBot
from stops.cli import main
from stops.deal import deal_for
from stops.heuristics import bet_size
from stops.moves import AmountRange, concrete
from stops.phases.betting import BetRange
from stops.playout import finish_betting
from stops.profiles import get_profile
from stops.round import Round

from test_bots_playout import counted, play_out, played_on


def at_vying(seed=3, **options):
    profile = get_profile("poch", options or None)
    rnd = Round(profile, list("ABCD"), 0, deal_for(profile, seed, 4, 0))
    assert rnd.phase == "vying"
    return rnd


@settings(max_examples=examples(150), deadline=None)
@given(
    variant=st.sampled_from([{}, {"starting_chips": 12}, {"bankroll": "ledger"}, {"max_raises": 0, "max_poch": 3},
                             {"open_needs_set": True, "pack": "52"}, {"first_leader": "dealer-left"}]),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32),
    random_actions=st.integers(0, 4),
)
def test_the_fast_playout_reproduces_the_vying_and_the_stops_play(variant, players, seed, random_actions):
    profile = get_profile("poch", variant)
    rng = random.Random(seed)
    dealer = seed % players
    rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
    assume(rnd.phase == "vying")
    for _ in range(random_actions):  # random actions, never the one that ends the vying
        rnd = played_on(rnd, rng.choice(concrete(rnd.legal_moves(), 3)), lambda after: after.phase == "vying")
    assert finish_betting(rnd) == play_out(rnd)


def test_hints_and_the_expert_play_a_vying_decision_out_on_the_fast_playout(monkeypatch):
    rnd = at_vying()
    seat = rnd.to_move()
    rated = hints.split_bids(rnd.legal_moves())[0]  # a pass and the six smallest poches
    finished = []
    original = hints.finish_fast
    monkeypatch.setattr(hints, "finish_fast", lambda after: finished.append(original(after)) or finished[-1])
    slow = counted(monkeypatch, Round, "apply")
    result = hints.hint(rnd, seat, playouts=6, seed=1)
    ExpertBot(1, playouts=4).choose(rnd, seat)
    assert len(slow) == len(finished) == (6 + 4) * len(rated)
    assert all(outcome is not None for outcome in finished)
    # The poches above the six rated are one more option, the range itself.
    assert result["options"][-1]["move"]["bet"] == {"min": 7, "max": 10}


def test_the_basic_bot_passes_with_a_pair_and_poches_more_the_stronger_its_set():
    assert bet_size(1, 10, 0.3) == 1 and bet_size(1, 10, 0.7) == 10
    assert bet_size(1, 10, 0.45) < bet_size(1, 10, 0.6)
    for seed in range(40):
        rnd = at_vying(seed)
        seat = rnd.to_move()
        move = BasicBot().choose(rnd, seat)
        ranged = next(m for m in rnd.legal_moves() if isinstance(m, AmountRange))
        assert isinstance(ranged, BetRange)
        holds_trips = any(sum(1 for c in rnd.hands[seat] if c.rank == r) >= 3 for r in range(13))
        assert (move.key == "bet") == holds_trips, (seed, sorted(rnd.hands[seat]))


@pytest.mark.slow  # a tournament: make test, not make check
def test_in_a_tournament_expert_beats_basic_and_basic_beats_random(capsys):
    code = main(["tournament", "poch", "--players", "3", "--seats", "expert,basic,random", "--rounds", "40",
                 "--seed", "2", "--playouts", "8"])
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"expert - basic: .*\(expert beats basic\)", out), out
    assert re.search(r"basic - random: .*\(basic beats random\)", out), out
