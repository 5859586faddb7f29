"""The fast playout simulator ends every stops phase with exactly the chips Round moves."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stops.bots import BasicBot
from stops.deal import deal_from_seed
from stops.moves import concrete
from stops.round import Round
from stops.playout import fast_rules, finish_stops
from stops.profiles import PROFILES, get_profile


def play_out(rnd, bot=None):
    bot = bot or BasicBot()
    while not rnd.over:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return list(rnd.ledger.balances), rnd.winner


def reach_stops(rnd, rng):
    """Play any phase before the stops phase with random legal moves."""
    while not rnd.over and rnd.phase != "stops":
        rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))


# Rule options that change the stops phase or what comes before it.
VARIANTS = {
    "michigan": [{}, {"bankroll": "chips", "starting_chips": 8}],
    "tripoli": [{}, {"pozo_once": True}, {"ghost_auction": True}, {"no_poker": True, "bankroll": "ledger"}, {"starting_chips": 6}],
    "rummoli": [{}, {"widow_first": True}, {"starting_chips": 6}, {"bankroll": "ledger"}],
}


def test_every_game_is_simulated_fast():
    for name in PROFILES:
        assert fast_rules(get_profile(name)) is not None, name


@settings(max_examples=300, deadline=None)
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
    rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_from_seed(rng, players, dealer, profile.widow_position))
    reach_stops(rnd, rng)
    # Some random plays first, so the simulator starts from mid-hand positions too.
    for _ in range(random_moves):
        if rnd.over:
            break
        rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))
    if rnd.over:
        return
    fast_balances, fast_winner = finish_stops(rnd)
    assert (fast_balances, fast_winner) == play_out(rnd)


def test_fast_simulator_leaves_the_hand_untouched():
    profile = get_profile("michigan")
    rnd = Round(profile, list("ABCD"), 0, deal_from_seed(3, 4, 0, profile.widow_position))
    before = (list(rnd.owner), list(rnd.ledger.balances), dict(rnd.ledger.board))
    finish_stops(rnd)
    assert before == (list(rnd.owner), list(rnd.ledger.balances), dict(rnd.ledger.board))


@settings(max_examples=200, deadline=None)
@given(
    variant=st.sampled_from([{}, {"starting_chips": 10}, {"bankroll": "ledger"}, {"max_raises": 0, "bet_unit": 2}, {"widow_first": True}]),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32),
    random_bets=st.integers(0, 4),
)
def test_fast_betting_reproduces_the_rummoli_betting_round_and_stops(variant, players, seed, random_bets):
    from stops.playout import fast_betting, finish_betting

    profile = get_profile("rummoli", variant)
    rng = random.Random(seed)
    dealer = seed % players
    rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_from_seed(rng, players, dealer, profile.widow_position))
    while not rnd.over and rnd.phase != "betting":
        rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))
    for _ in range(random_bets):
        if rnd.phase == "betting" and not rnd.over:
            rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))
    if not fast_betting(rnd):
        return
    assert finish_betting(rnd) == play_out(rnd)
