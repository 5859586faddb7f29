"""The fast playout simulator ends every stops phase with exactly the chips Round moves, each
card claiming on it what it claims in the round."""

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
from stops.kernel import step
from stops.moves import Play, StandIn, Stop, concrete
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


# ----- each card's claim, the round's and the playout's -----------------------------------------


def decisions(moves, move) -> list[tuple]:
    """A decision of the round with a choice, as the playout's walk asks it: ``("stop", seat,
    cards, stopped?)`` where the player on turn may stop at will, ``("stand", seat, played?)``
    where the stand-in's holder may play it at a stop, then ``("card", seat, cards, card)``
    where a card is chosen among several (:func:`stops.kernel.step.play`)."""
    plays = sorted(int(m.card) for m in moves if isinstance(m, Play))
    out = []
    if any(isinstance(m, Stop) for m in moves):
        out.append(("stop", move.seat, plays, isinstance(move, Stop)))
    elif any(isinstance(m, StandIn) for m in moves):
        out.append(("stand", move.seat, isinstance(move, StandIn) and move.card is not None))
    if isinstance(move, Play) and len(plays) > 1:
        out.append(("card", move.seat, plays, int(move.card)))
    return out


def card_by_card(monkeypatch, rnd, rng):
    """Play ``rnd`` out with random legal moves, then play the same cards out from the same
    position on the fast playout; returns what each side's card plays claimed, in order, and
    how each ended (the kernel's step, :func:`stops.kernel.step.play`, as each side calls it).

    The round calls the step once per card; the playout once for the whole phase (a play, or
    mid-sequence :func:`~stops.kernel.step.resume`), choosing (``policy``, ``stop``,
    ``stand``) where a player has a choice: there it must be offered the very choice the round
    offers, and it makes the round's."""
    start = rnd.clone()
    calls = []  # (playing on?, the table and state it was given, claims, what it returned)
    original, resumed = step.play, step.resume

    def recording(rules, owner, counts, seat, c, alone, recent, played_by, claims, choose=None, **more):
        given = (list(owner), list(counts), seat, c, alone, tuple(recent), dict(played_by))
        out = original(rules, owner, counts, seat, c, alone, recent, played_by, claims, choose, **more)
        calls.append((choose is not None, given, list(claims), out))
        return out

    def resuming(rules, owner, counts, seat, c, alone, recent, played_by, claims, choose, **more):
        given = (list(owner), list(counts), None, None, alone, tuple(recent), dict(played_by))
        out = resumed(rules, owner, counts, seat, c, alone, recent, played_by, claims, choose, **more)
        calls.append((True, given, list(claims), out))
        return out

    monkeypatch.setattr(step, "play", recording)
    monkeypatch.setattr(step, "resume", resuming)
    choices = []  # the round's decisions with a choice, as the walk asks them (decisions())
    while not rnd.over:
        moves = rnd.legal_moves()
        move = rng.choice(moves)
        choices += decisions(moves, move)
        rnd.apply(move)
    by_round = [call for call in calls if not call[0]]
    calls.clear()

    def asked(kind, *offered):
        assert choices, f"the playout has a choice ({kind}) where the round had none"
        made = choices.pop(0)
        assert made[:len(offered) + 1] == (kind, *offered), (made, offered)
        return made[-1]

    def same_choice(owner, seat, cards, pay, follow, top):
        return asked("card", seat, sorted(cards))

    profile = start.profile
    stop = (lambda owner, seat, cards: asked("stop", seat, sorted(cards))) if profile.may_stop else None
    stand = (lambda owner, holder, stopped, follow: asked("stand", holder)) if profile.stand_in is not None else None
    balances, winner = finish_stops(start, policy=same_choice, stop=stop, stand=stand)
    assert not choices, "the round had a choice the playout never met"
    (playing_on, given, claimed, ended), = calls
    assert playing_on
    return by_round, (given, claimed, ended), (balances, winner), (list(rnd.ledger.balances), rnd.winner)


@settings(max_examples=examples(300), deadline=None)
@given(
    game=st.sampled_from(sorted(VARIANTS)),
    variant=st.integers(0, 10),
    players=st.integers(2, 9),
    seed=st.integers(0, 2**32),
    random_moves=st.integers(0, 12),
)
def test_every_card_claims_in_the_fast_playout_what_it_claims_in_the_round(game, variant, players, seed, random_moves):
    # Random positions of every registered game (random moves through the phases before the
    # stops play and some way into it), then random cards to the end: the pay cards and runs
    # each card wins, in order, who has played alone so far, how the phase ends, the choices
    # and the chips are the same on both sides.
    profile = get_profile(game, VARIANTS[game][variant % len(VARIANTS[game])])
    players = min(max(players, profile.min_players), profile.max_players)
    rng = random.Random(seed)
    dealer = seed % players
    rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
    reach_stops(rnd, rng)
    assume(not rnd.over)  # the round ended before its stops phase (Pope Joan's Pope turned up, "wins-round")
    for _ in range(random_moves):
        rnd = played_on(rnd, rng.choice(concrete(rnd.legal_moves(), 3)), lambda after: not after.over)
    with pytest.MonkeyPatch.context() as monkeypatch:
        by_round, (given, claimed, ended), fast, slow = card_by_card(monkeypatch, rnd, rng)
    first = by_round[0][1]
    assert first == given or given[2] is None and first[:2] + first[4:] == given[:2] + given[4:]  # the same table and state
    assert [claim for _, _, claims, _ in by_round for claim in claims] == claimed
    last_seat, last_card, alone, _, _, turn, _, _ = by_round[-1][3]
    assert ended[:3] == (last_seat, last_card, alone)
    # The round's last card went out, or stopped a sequence that nobody could lead after.
    assert ended[5] == (step.WENT_OUT if turn == step.WENT_OUT else step.DEADLOCK)
    assert fast == slow


@pytest.mark.parametrize(("game", "options", "move"), [
    ("nain_jaune", {"may_stop": True}, Stop),
    ("nain_jaune", {"may_stop": True, "gap": "skip-rank", "deal": "all"}, Stop),
    ("pope_joan", {"pope_any_time": True}, StandIn),
    ("pope_joan", {"pope_any_time": True, "lead": "any", "ace_high": True}, StandIn),
])
def test_a_stop_at_will_and_the_pope_at_a_stop_are_played_on_the_fast_playout_as_in_the_round(game, options, move):
    # Random play through the options' own moves (stops at will, the Pope played in place of a
    # missing card or kept) from the first lead and from mid-round: every card claims the same
    # on both sides, and the chips and the winner are the same; the moves were met.
    profile = get_profile(game, options)
    met = 0
    for seed in range(examples(24)):
        rng = random.Random(seed)
        players = 3 + seed % 4
        dealer = seed % players
        rnd = Round(profile, [f"P{i}" for i in range(players)], dealer, deal_for(profile, rng, players, dealer))
        if rnd.over:
            continue
        for _ in range(seed % 3 * 3):
            rnd = played_on(rnd, rng.choice(rnd.legal_moves()), lambda after: not after.over)
        with pytest.MonkeyPatch.context() as monkeypatch:
            log = len(rnd.log)
            by_round, (given, claimed, ended), fast, slow = card_by_card(monkeypatch, probe := rnd.clone(), rng)
        met += any(isinstance(m, move) for m in probe.moves[len(rnd.moves):])
        assert [claim for _, _, claims, _ in by_round for claim in claims] == claimed, (game, options, seed)
        assert fast == slow, (game, options, seed)
        assert len(rnd.log) == log
    assert met, f"no {move.key} was played"


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
