"""Properties of every Michigan round, over random deals of 3 to 8 players and random legal play."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stops.view import round_view
from stops.bots import RandomBot
from stops.deal import deal_from_seed
from stops.round import Round
from stops.profiles import get_profile
from stops.replay import load_replay, record

# Every option combination (rotations only matters to sessions).
OPTIONS = st.fixed_dictionaries(
    {
        "bankroll": st.sampled_from(["ledger", "chips"]),
        "starting_chips": st.sampled_from([100, 7]),
        "widow_auction": st.booleans(),
    }
)


def play_out(players, seed, options, on_step=None):
    profile = get_profile("michigan", options)
    names = [chr(65 + i) for i in range(players)]
    dealer = seed % players
    rnd = Round(profile, names, dealer, deal_from_seed(seed, players, dealer, profile.widow_position))
    bot = RandomBot(seed)
    plays = steps = 0
    while not rnd.over:
        move = bot.choose(rnd, rnd.to_move())
        rnd.apply(move)
        plays += move.key == "play"
        steps += 1
        if on_step:
            on_step(rnd)
        assert plays <= 52 and steps <= 52 + 2000, "a round plays each card at most once and ends"
    return rnd


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6), options=OPTIONS)
def test_chips_are_conserved_at_every_step(players, seed, options):
    totals = []
    rnd = play_out(players, seed, options, on_step=lambda h: totals.append(h.ledger.total()))
    start = sum(rnd.start_balances)
    assert set(totals) == {start}


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6), options=OPTIONS)
def test_every_card_is_played_at_most_once_and_never_from_the_widow_or_a_dead_hand(players, seed, options):
    rnd = play_out(players, seed, options)
    played = [e.card for e in rnd.log if e.type == "play"]
    assert len(played) == len(set(played))
    dead = {c for c in range(52) if rnd.owner[c] == -3}
    assert not set(played) & (set(rnd.widow) | dead)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6), options=OPTIONS)
def test_the_round_ends_with_one_winner_who_has_no_cards(players, seed, options):
    rnd = play_out(players, seed, options)
    outs = [e for e in rnd.log if e.type == "out"]
    assert len(outs) == 1 and rnd.winner == outs[0].seat and not rnd.hands[rnd.winner]
    assert all(rnd.hands[s] for s in range(players) if s != rnd.winner)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6), options=OPTIONS)
def test_replaying_the_recorded_moves_reproduces_state_and_events(players, seed, options):
    rnd = play_out(players, seed, options)
    again, _ = load_replay(json.dumps(record(rnd), ensure_ascii=False)).play()
    assert [e.to_json(again.names) for e in again.log] == [e.to_json(rnd.names) for e in rnd.log]
    assert again.ledger.balances == rnd.ledger.balances and again.ledger.board == rnd.ledger.board
    assert again.owner == rnd.owner and round_view(again) == round_view(rnd)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6))
def test_equal_seeds_give_equal_games(players, seed):
    a, b = play_out(players, seed, {}), play_out(players, seed, {})
    assert [e.to_json(a.names) for e in a.log] == [e.to_json(b.names) for e in b.log]


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6))
def test_disturbing_the_global_random_generator_changes_nothing(players, seed):
    quiet = play_out(players, seed, {})
    noisy = play_out(players, seed, {}, on_step=lambda h: random.seed(random.random()))
    assert [e.to_json(quiet.names) for e in quiet.log] == [e.to_json(noisy.names) for e in noisy.log]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6), data=st.data())
def test_an_illegal_move_leaves_the_state_unchanged(players, seed, data):
    from stops.cards import DECK
    from stops.errors import IllegalMove
    from stops.moves import Play

    profile = get_profile("michigan")
    names = [chr(65 + i) for i in range(players)]
    rnd = Round(profile, names, 0, deal_from_seed(seed, players, 0, "last"))
    bot = RandomBot(seed)
    while not rnd.over:
        legal = rnd.legal_moves()
        wrong = Play(data.draw(st.integers(0, players - 1)), DECK[data.draw(st.integers(0, 51))])
        if wrong not in legal:
            before = (list(rnd.ledger.balances), dict(rnd.ledger.board), list(rnd.owner), rnd.stops.copy(), len(rnd.log))
            try:
                rnd.apply(wrong)
            except IllegalMove as error:
                assert error.rule.startswith("michigan.")
            else:
                raise AssertionError(f"{wrong} was accepted but is not legal")
            assert (list(rnd.ledger.balances), dict(rnd.ledger.board), list(rnd.owner), rnd.stops.copy(), len(rnd.log)) == before
        rnd.apply(bot.choose(rnd, rnd.to_move()))
