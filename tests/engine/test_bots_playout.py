"""The fast playout simulator ends every stops phase with exactly the chips Round moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tiers import examples

from bot_helpers import GAME_VARIANTS, VARIANTS

from stops import hints
from stops.bots import BasicBot, ExpertBot
from stops.deal import deal_for
from stops.moves import concrete
from stops.round import Round
from stops.playout import fast_rules, finish_betting, finish_stops
from stops.profiles import PROFILES, get_profile


def play_out(rnd, bot=None):
    bot = bot or BasicBot()
    while not rnd.over:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return list(rnd.ledger.balances), rnd.winner


def played_on(rnd, move, keep):
    """``rnd`` after ``move`` when ``keep(round after it)``, else ``rnd`` unchanged."""
    after = rnd.clone()
    after.apply(move)
    return after if keep(after) else rnd


def reach_stops(rnd, rng):
    """Play any phase before the stops phase with random legal moves."""
    while not rnd.over and rnd.phase != "stops":
        rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))




def test_every_game_is_simulated_fast():
    for name in PROFILES:
        assert fast_rules(get_profile(name)) is not None, name


@settings(max_examples=examples(300), deadline=None)
@given(
    game=st.sampled_from(sorted(VARIANTS)),
    variant=st.integers(0, 10),
    players=st.integers(2, 9),
    seed=st.integers(0, 2**32),
    random_moves=st.integers(0, 12),
)
def test_fast_simulator_reproduces_hand_chips_and_winner(game, variant, players, seed, random_moves):
    profile = get_profile(game, VARIANTS[game][variant % len(VARIANTS[game])])
    players = min(max(players, profile.min_players), profile.max_players)
    rng = random.Random(seed)
    dealer = seed % players
    rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
    reach_stops(rnd, rng)
    assume(not rnd.over)  # the round ended before its stops phase (Pope Joan's Pope turned up, "wins-round")
    # Some random plays first, so the simulator starts from mid-round positions too (but
    # never the play that ends the round: there is a stops phase left to simulate).
    for _ in range(random_moves):
        rnd = played_on(rnd, rng.choice(concrete(rnd.legal_moves(), 3)), lambda after: not after.over)
    assert rnd.phase == "stops" and not rnd.over
    fast_balances, fast_winner = finish_stops(rnd)
    assert (fast_balances, fast_winner) == play_out(rnd)


def test_the_fast_playout_is_checked_in_every_registered_game():
    assert {game for game, _ in GAME_VARIANTS} == set(PROFILES)


@pytest.mark.parametrize(("game", "options"), GAME_VARIANTS)
def test_the_fast_playout_ends_each_stops_phase_with_the_chips_and_winner_of_round_apply_in_every_game(game, options):
    # Every game and variant, from the first play of its stops phase and from mid-round, with
    # three to seven players; the same basic bots on both sides.
    profile = get_profile(game, options)
    for seed in range(examples(12)):
        rng = random.Random(seed)
        players = profile.min_players + seed % (min(profile.max_players, 7) - profile.min_players + 1)
        dealer = seed % players
        rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
        reach_stops(rnd, rng)
        if rnd.over:
            continue
        for _ in range(seed % 3 * 4):  # none, 4 or 8 plays first, never the last one
            rnd = played_on(rnd, rng.choice(concrete(rnd.legal_moves(), 3)), lambda after: not after.over)
        assert finish_stops(rnd) == play_out(rnd), (game, options, seed)


def test_fast_simulator_leaves_the_hand_untouched():
    profile = get_profile("michigan")
    rnd = Round(profile, list("ABCD"), 0, deal_for(profile, 3, 4, 0))
    before = (list(rnd.owner), list(rnd.ledger.balances), dict(rnd.ledger.board))
    finish_stops(rnd)
    assert before == (list(rnd.owner), list(rnd.ledger.balances), dict(rnd.ledger.board))


@settings(max_examples=examples(200), deadline=None)
@given(
    variant=st.sampled_from([{}, {"starting_chips": 10}, {"bankroll": "ledger"}, {"max_raises": 0, "bet_unit": 2}, {"widow_first": True}]),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32),
    random_bets=st.integers(0, 4),
)
def test_fast_betting_reproduces_the_rummoli_betting_round_and_stops(variant, players, seed, random_bets):
    profile = get_profile("rummoli", variant)
    rng = random.Random(seed)
    dealer = seed % players
    rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
    while not rnd.over and rnd.phase not in ("betting", "stops"):
        rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))
    # A betting round where nobody can act (all in after the widow auction) is over at once.
    assume(rnd.phase == "betting")
    for _ in range(random_bets):  # random actions, but never the one that ends the betting round
        rnd = played_on(rnd, rng.choice(concrete(rnd.legal_moves(), 3)), lambda after: after.phase == "betting")
    assert rnd.phase == "betting" and not rnd.over
    assert finish_betting(rnd) == play_out(rnd)


# ----- hints and the expert bot play their playouts on the fast path ---------------------------


def decision(game: str, phase: str, seed: int = 3):
    """A four-player round of ``game`` at its first decision in ``phase`` with several options."""
    profile = get_profile(game)
    rng = random.Random(seed)
    rnd = Round(profile, list("ABCD"), 0, deal_for(profile, rng, 4, 0))
    bot = BasicBot()
    while rnd.phase != phase or len(rnd.legal_moves()) < 2:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return rnd


def counted(monkeypatch, owner, name: str) -> list:
    """Count the calls of ``owner.name`` (it still runs)."""
    calls = []
    original = getattr(owner, name)

    def counting(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_hints_and_the_expert_play_a_stops_decision_out_on_the_fast_playout_alone(monkeypatch, game):
    rnd = decision(game, "stops")
    seat, options = rnd.to_move(), len(rnd.legal_moves())
    fast = counted(monkeypatch, hints, "simulate")
    slow = counted(monkeypatch, Round, "apply")
    hints.hint(rnd, seat, playouts=6, seed=1)
    ExpertBot(1, playouts=4).choose(rnd, seat)
    assert (len(fast), len(slow)) == ((6 + 4) * options, 0)


def test_hints_and_the_expert_play_a_betting_decision_out_on_the_fast_playout(monkeypatch):
    rnd = decision("rummoli", "betting")
    seat, options = rnd.to_move(), len(rnd.legal_moves())
    finished = []
    original = hints.finish_fast
    monkeypatch.setattr(hints, "finish_fast", lambda after: finished.append(original(after)) or finished[-1])
    slow = counted(monkeypatch, Round, "apply")
    hints.hint(rnd, seat, playouts=6, seed=1)
    ExpertBot(1, playouts=4).choose(rnd, seat)
    # Each option is played once per sample on the round; the fast playout finishes the rest
    # (the betting round, or the stops phase when the option ended it) at once.
    assert len(slow) == len(finished) == (6 + 4) * options
    assert all(result is not None for result in finished)
