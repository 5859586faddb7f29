"""Properties of every Rummoli round and session, over 2 to 8 players, every rule option and
random or basic legal play: conservation, single use of cards, termination or deadlock,
replay identity, equal seeds giving equal games, and no use of the global generator."""

import dataclasses
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stops.view import round_view
from stops.bots import BasicBot, RandomBot
from stops.deal import deal_from_seed
from stops.round import Round
from stops.profiles import get_profile
from stops.replay import load_replay, record
from stops.session import Session, play_session

OPTIONS = st.fixed_dictionaries(
    {
        "bankroll": st.sampled_from(["chips", "ledger"]),
        "starting_chips": st.sampled_from([100, 25, 10]),
        "widow_first": st.sampled_from([False, True]),
        "bet_unit": st.sampled_from([1, 2, 5]),
        "max_raises": st.sampled_from([0, 1, 3]),
        "final_poker_per_pot": st.sampled_from([False, True]),
    }
)
PLAYERS = st.integers(2, 8)
SEEDS = st.integers(0, 10**6)
BOT = st.sampled_from(["random", "basic"])
FAST = settings(max_examples=40, deadline=None)


def new_hand(players, seed, options):
    profile = get_profile("rummoli", options)
    names = [chr(65 + i) for i in range(players)]
    dealer = seed % players
    return Round(profile, names, dealer, deal_from_seed(seed, players, dealer, profile.widow_position))


def play_out(players, seed, options, level="random", on_step=None):
    rnd = new_hand(players, seed, options)
    bot = (RandomBot if level == "random" else BasicBot)(seed)
    steps = 0
    while not rnd.over:
        seat = rnd.to_move()
        rnd.apply(bot.choose(rnd, seat))
        steps += 1
        if on_step:
            on_step(rnd)
        # every decision but a card play is bounded: bids rise (at most the stack), bets are capped
        assert steps <= 52 + 3 * players * 4 + 2 * players + 200, "the round must end"
    return rnd


def state_of(rnd):
    return (list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], list(rnd.owner), rnd.widow, rnd.winner, rnd.over)


def events_of(rnd):
    return [e.to_json(rnd.names) for e in rnd.log]


@FAST
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_chips_are_conserved_at_every_step(players, seed, options, level):
    totals = []
    rnd = play_out(players, seed, options, level, on_step=lambda h: totals.append(h.ledger.total()))
    assert set(totals) == {sum(rnd.start_balances) + sum(rnd.start_board.values())}
    if options["bankroll"] == "chips":
        assert min(rnd.ledger.balances) >= 0


@FAST
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_every_card_is_played_at_most_once_and_never_from_the_widow_or_a_dead_hand(players, seed, options, level):
    rnd = play_out(players, seed, options, level)
    played = [e.card for e in rnd.log if e.type == "play"]
    assert len(played) == len(set(played))
    dealt = next(e for e in rnd.log if e.type == "deal")
    swap = [e for e in rnd.log if e.type == "widow-swap"]
    never = set(swap[0].dead) if swap else set(dealt.widow)
    assert not set(played) & never
    owners = {c for c in range(52) if rnd.owner[c] >= 0}
    assert owners == set().union(*rnd.hands)


@FAST
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_the_round_ends_with_one_player_out_or_a_deadlock(players, seed, options, level):
    rnd = play_out(players, seed, options, level)
    outs = [e for e in rnd.log if e.type == "out"]
    locks = [e for e in rnd.log if e.type == "deadlock"]
    assert len(outs) + len(locks) == 1
    if outs:
        assert rnd.winner == outs[0].seat and not rnd.hands[rnd.winner]
        assert all(rnd.hands[s] for s in range(players) if s != rnd.winner)
    else:
        assert rnd.winner is None
        colour = locks[0].colour
        wanted = {"red": (1, 2), "black": (0, 3)}[colour]
        assert not any(c // 13 in wanted for h in rnd.hands for c in h)


@FAST
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_a_recorded_round_replays_to_the_same_state_and_events(players, seed, options, level):
    rnd = play_out(players, seed, options, level)
    doc = json.loads(json.dumps(record(rnd), ensure_ascii=False))
    again, _ = load_replay(doc).play()
    assert state_of(again) == state_of(rnd)
    assert events_of(again) == events_of(rnd)


@FAST
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_equal_seeds_give_equal_games(players, seed, options, level):
    one = play_out(players, seed, options, level)
    two = play_out(players, seed, options, level)
    assert events_of(one) == events_of(two) and [m.to_json(one.names) for m in one.moves] == [m.to_json(two.names) for m in two.moves]


@settings(max_examples=15, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_disturbing_the_global_random_generator_changes_nothing(players, seed, options, level):
    """RLCard's determinism check: only the game's own seeded generators are used."""
    reference = play_out(players, seed, options, level)

    def disturb(_hand):
        random.seed(random.random() * 1e9)
        random.random()

    random.seed(12345)
    disturbed = play_out(players, seed, options, level, on_step=disturb)
    assert events_of(disturbed) == events_of(reference)

    def run_session():
        session = Session(get_profile("rummoli", options), [chr(65 + i) for i in range(players)], seed=seed, rounds=2)
        bot = (RandomBot if level == "random" else BasicBot)(seed)

        def choose(rnd):
            random.random()
            return bot.choose(rnd, rnd.to_move())

        play_session(session, choose)
        return [e.to_json(session.names) for e in session.events], session.ledger.balances

    first = run_session()
    random.seed(999)
    assert run_session() == first


@settings(max_examples=20, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, level=BOT)
def test_a_session_conserves_chips_and_the_final_showdown_empties_the_board(players, seed, options, level):
    profile = get_profile("rummoli", options)
    session = Session(profile, [chr(65 + i) for i in range(players)], seed=seed, rounds=3)
    start = sum(session.ledger.balances)
    bot = (RandomBot if level == "random" else BasicBot)(seed)
    play_session(session, lambda rnd: bot.choose(rnd, rnd.to_move()))
    assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == start
    if session.active:
        assert sum(session.ledger.board.values()) == 0
    finals = [e for e in session.events if e.type == "final-showdown"]
    for e in finals:
        cards = [c for _, dealt, _ in e.hands for c in dealt]
        assert len(cards) == 5 * len(e.hands) == 5 * len(set(e.hands)) and len(set(cards)) == len(cards)


@settings(max_examples=20, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS)
def test_illegal_moves_change_nothing_and_views_hide_other_hands(players, seed, options):
    from stops.errors import IllegalMove

    rnd = new_hand(players, seed, options)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while not rnd.over:
        seat = rnd.to_move()
        legal = rnd.legal_moves()
        # a legal move of this position made by the wrong seat is refused
        wrong = rng.choice(legal)
        other = (seat + 1 + rng.randrange(players - 1)) % players
        before = (state_of(rnd), len(rnd.log), len(rnd.moves))
        try:
            rnd.apply(dataclasses.replace(wrong, seat=other))
        except IllegalMove:
            assert (state_of(rnd), len(rnd.log), len(rnd.moves)) == before
        else:
            continue
        view = round_view(rnd, other)
        for entry in view["players"]:
            assert ("hand" in entry) == (entry["name"] == rnd.names[other])
        assert view["widow"] is None and view["legal"] == []
        rnd.apply(bot.choose(rnd, seat))
