"""Properties of every Tripoli round, over 3 to 9 players, every option combination and random play."""

import itertools
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
from stops.session import Session

FLAGS = ("equal_antes", "no_poker", "ghost_auction", "boodle_cards", "hearts_only_combos", "pozo_once")
COMBINATIONS = [
    {**dict(zip(FLAGS, values)), "bankroll": bankroll}
    for values in itertools.product((False, True), repeat=len(FLAGS))
    for bankroll in ("chips", "ledger")
]
OPTIONS = st.sampled_from(COMBINATIONS)
PLAYERS = st.integers(3, 9)
SEEDS = st.integers(0, 10**6)
BOT = st.sampled_from(["random", "basic"])


def test_the_combinations_are_every_option_value():
    assert len(COMBINATIONS) == 2 ** 7
    profile = get_profile("tripoli")
    assert set(FLAGS) | {"bankroll"} <= {o.name for o in profile.options}


def new_hand(players, seed, options):
    profile = get_profile("tripoli", options)
    names = [chr(65 + i) for i in range(players)]
    dealer = seed % players
    return Round(profile, names, dealer, deal_from_seed(seed, players, dealer, profile.widow_position))


def play_out(players, seed, options, bot="random", on_step=None):
    rnd = new_hand(players, seed, options)
    chooser = (RandomBot if bot == "random" else BasicBot)(seed)
    plays = steps = 0
    while not rnd.over:
        move = chooser.choose(rnd, rnd.to_move())
        rnd.apply(move)
        plays += move.key == "play"
        steps += 1
        if on_step:
            on_step(rnd)
        # Each card is played once at most; an auction ends once all but one have passed
        # (random bidders pass with probability 1/21 at least, so this bound is generous).
        assert plays <= 52 and steps <= 52 + 2000, "the round terminates"
    return rnd


def state_of(rnd):
    return (
        [sorted(h) for h in rnd.hands],
        sorted(rnd.widow),
        list(rnd.owner),
        list(rnd.ledger.balances),
        dict(rnd.ledger.board),
        rnd.winner,
        rnd.over,
        [e.to_json(rnd.names) for e in rnd.log],
    )


@settings(max_examples=80, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, bot=BOT)
def test_chips_are_conserved_at_every_step(players, seed, options, bot):
    totals = []
    rnd = play_out(players, seed, options, bot, on_step=lambda h: totals.append(h.ledger.total()))
    start = sum(rnd.start_balances) + sum(rnd.start_board.values())
    assert set(totals) <= {start}
    assert rnd.ledger.total() == start
    if options["bankroll"] == "chips":
        assert min(rnd.ledger.balances) >= 0
    assert min(rnd.ledger.board.values()) >= 0


@settings(max_examples=80, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, bot=BOT)
def test_every_card_is_played_at_most_once_and_never_from_the_ghost_hand(players, seed, options, bot):
    rnd = play_out(players, seed, options, bot)
    played = [e.card for e in rnd.log if e.type == "play"]
    assert len(played) == len(set(played))
    assert not set(played) & set(rnd.widow)
    held = set().union(*rnd.hands) | set(rnd.widow)
    assert held.isdisjoint(played) and len(held) + len(played) == 52


@settings(max_examples=80, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, bot=BOT)
def test_each_round_ends_with_exactly_one_winner_who_is_out_of_cards(players, seed, options, bot):
    rnd = play_out(players, seed, options, bot)
    assert rnd.over and rnd.winner is not None
    outs = [e for e in rnd.log if e.type == "out"]
    assert [e.seat for e in outs] == [rnd.winner]
    assert not rnd.hands[rnd.winner]
    assert all(rnd.hands[s] for s in range(rnd.n) if s != rnd.winner)


@settings(max_examples=60, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, bot=BOT)
def test_replaying_the_recorded_moves_reproduces_the_state_and_the_events(players, seed, options, bot):
    rnd = play_out(players, seed, options, bot)
    doc = json.loads(json.dumps(record(rnd), ensure_ascii=False))
    again, _ = load_replay(doc).play()
    assert state_of(again) == state_of(rnd)
    assert [m.to_json(rnd.names) for m in again.moves] == doc["moves"]


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, bot=BOT)
def test_equal_seeds_give_equal_games(players, seed, options, bot):
    assert state_of(play_out(players, seed, options, bot)) == state_of(play_out(players, seed, options, bot))


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, bot=BOT)
def test_an_illegal_move_leaves_the_state_untouched(players, seed, options, bot):
    from stops.errors import IllegalMove
    from stops.cards import DECK
    from stops.moves import Bid, Pass, Play

    rnd = new_hand(players, seed, options)
    chooser = (RandomBot if bot == "random" else BasicBot)(seed)
    rng = random.Random(seed)
    while not rnd.over:
        seat = rnd.to_move()
        legal = {json.dumps(m.to_json(rnd.names)) for m in rnd.legal_moves()}
        probe = rng.choice([Play(rng.randrange(players), DECK[rng.randrange(52)]), Bid(rng.randrange(players), rng.randrange(-1, 9)), Pass(rng.randrange(players))])
        if json.dumps(probe.to_json(rnd.names)) not in legal and not (isinstance(probe, Bid) and rnd.phase == "ghost-auction" and probe.seat == seat and probe.amount > 0):
            before = state_of(rnd)
            try:
                rnd.apply(probe)
            except IllegalMove as error:
                assert error.rule.startswith("tripoli.")
                assert state_of(rnd) == before
        if not rnd.over:
            rnd.apply(chooser.choose(rnd, rnd.to_move()))


def _disturbing_run(players, seed, options, disturb):
    """RLCard's determinism check: touch the global ``random`` between steps; nothing may change."""
    trace = []
    rnd = new_hand(players, seed, options)
    bots = [RandomBot(seed + s) for s in range(players)]
    while not rnd.over:
        if disturb:
            random.seed(random.randrange(10**9) if disturb == "draw" else seed * 7 + len(trace))
            random.random()
        seat = rnd.to_move()
        move = bots[seat].choose(rnd, seat)
        trace.append((move.to_json(rnd.names), [e.to_json(rnd.names) for e in rnd.apply(move)], json.dumps(round_view(rnd, seat), sort_keys=True)))
    return trace


@settings(max_examples=25, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS)
def test_disturbing_the_global_random_generator_changes_nothing(players, seed, options):
    plain = _disturbing_run(players, seed, options, None)
    assert _disturbing_run(players, seed, options, "draw") == plain
    assert _disturbing_run(players, seed, options, "reseed") == plain


@settings(max_examples=15, deadline=None)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, rounds=st.integers(1, 12), chips=st.sampled_from([20, 40, 100]))
def test_a_session_conserves_chips_and_ends_after_the_rounds_or_when_too_few_can_pay(players, seed, options, rounds, chips):
    profile = get_profile("tripoli", {**options, "rounds": rounds, "starting_chips": chips})
    session = Session(profile, [chr(65 + i) for i in range(players)], seed=seed)
    total = sum(session.ledger.balances)
    bots = [BasicBot(seed + s) for s in range(players)]
    while not session.over():
        rnd = session.next_round()
        while not rnd.over:
            seat = rnd.to_move()
            rnd.apply(bots[session.active[seat]].choose(rnd, seat))
        session.record(rnd)
        assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == total
    assert session.finish() == []
    assert session.played == rounds or len(session.active) < 3
    assert all(e.rule == "tripoli.elimination" for e in session.events if e.type == "leave")
