"""Conformance: every profile, under every combination of its options, plays rounds that keep
the invariants of a stops game (in the spirit of OpenSpiel's random-simulation test).

The combinations come from the profiles' own option descriptions (``Profile.options``): every
choice of an enumeration, both values of a flag, and the minimum and default of a number.
For each combination a random round and a basic-bot round are played, checking at every step:

- chips are conserved (players plus board), and finite stacks never go below 0;
- every card is in exactly one place, a played card came from the hand of the seat that
  played it, and no card is played twice;
- a seat's view shows its own hand only, never the widow, and legal moves only to the seat
  to move;
- an illegal move (a legal move by the wrong seat, a card the rules forbid, a bid outside the
  range, a redeal that is no deal) raises IllegalMove naming one of the game's rules and
  changes nothing;
- the round ends, with a winner who holds no card (or none, after a deadlock);
- record -> replay gives the same state and the same events, and the same seed gives the same
  round even when the global random generator is disturbed between steps;
- a whole session conserves chips through its settlement.

Hook for more checks: every event of every round played here goes through each function in
:data:`EVENT_CHECKS` as ``check(event_json, rnd)`` (``rnd`` is the round after the event);
append to it (or parametrize over it) to check, for instance, that every event narrates in
every language.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest

from stops.bots import BasicBot, RandomBot
from stops.cards import DECK
from stops.deal import deal_for
from stops.errors import IllegalMove
from stops.moves import Bid, BidRange, Play, Redeal
from stops.profiles import PROFILES
from stops.replay import load_replay, record
from stops.round import DEAD, PLAYED, Round
from stops.session import Session, play_session
from stops.view import round_view

# Checks run on every event of every conformance round: fn(event_json, rnd) -> None.
EVENT_CHECKS: list = []


def option_values(option) -> list:
    """The values of one option worth playing: its choices, both flags, its minimum and default."""
    if option.choices is not None:
        return list(option.choices)
    if isinstance(option.default, bool):
        return [False, True]
    return sorted({option.default, option.minimum if option.minimum is not None else option.default})


def combinations(profile) -> list[dict]:
    names = [o.name for o in profile.options]
    return [dict(zip(names, values)) for values in itertools.product(*(option_values(o) for o in profile.options))]


CASES = [(game, index, options) for game, profile in PROFILES.items() for index, options in enumerate(combinations(profile))]


def case_id(case) -> str:
    game, index, options = case
    return f"{game}-{index}"


def new_round(profile, index: int) -> Round:
    span = profile.max_players - profile.min_players + 1
    players = profile.min_players + index % span
    dealer = index % players
    return Round(profile, [chr(65 + s) for s in range(players)], dealer, deal_for(profile, index, players, dealer))


def fingerprint(rnd: Round):
    return (
        list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], list(rnd.owner),
        tuple(rnd.widow), rnd.winner, rnd.over, rnd.phase_index, len(rnd.log), len(rnd.moves),
        json.dumps(round_view(rnd), sort_keys=True, default=str),
    )


def check_cards(rnd: Round) -> None:
    held = [c for hand in rnd.hands for c in hand]
    assert len(held) == len(set(held)), "a card is in two hands"
    assert not set(held) & set(rnd.widow), "a card is both held and in the widow"
    for c in range(52):
        where = rnd.owner[c]
        if where >= 0:
            assert c in rnd.hands[where]
        elif c in rnd.widow:
            assert where == -1
    assert {c for c in range(52) if rnd.owner[c] >= 0} == set(held)


def check_views(rnd: Round, seat: int) -> None:
    """A seat sees its own hand only, never the widow, and legal moves only when it is to move."""
    for viewer in range(rnd.n):
        view = round_view(rnd, viewer)
        assert [("hand" in p) for p in view["players"]] == [s == viewer for s in range(rnd.n)]
        assert view["widow"] is None and (view["legal"] == [] or viewer == seat)


def probes(rnd: Round, rng: random.Random) -> list:
    """Moves the rules forbid here."""
    seat = rnd.to_move()
    legal = rnd.legal_moves()
    out = []
    if rnd.n > 1:
        other = (seat + 1 + rng.randrange(rnd.n - 1)) % rnd.n
        move = rng.choice(legal)
        move = move.bid(move.low) if isinstance(move, BidRange) else move
        out.append(dataclasses.replace(move, seat=other))
    listed = {json.dumps(m.to_json(rnd.names)) for m in legal}
    card = Play(seat, DECK[rng.randrange(52)])
    if json.dumps(card.to_json(rnd.names)) not in listed:
        out.append(card)
    for entry in legal:
        if isinstance(entry, BidRange):
            out.append(Bid(seat, entry.low - 1) if entry.low > 1 or entry.high is None else Bid(seat, entry.high + 1))
            if entry.high is not None:
                out.append(Bid(seat, entry.high + 1))
    twice = tuple(tuple(DECK[:2]) for _ in range(rnd.n))
    out.append(Redeal(None, twice, ()))
    return out


def play(rnd: Round, bot, rng: random.Random, disturb: bool = False) -> Round:
    total = rnd.ledger.total()
    played = set()
    steps = 0
    while not rnd.over:
        steps += 1
        assert steps <= 3000, "the round must end"
        for probe in probes(rnd, rng):
            before = fingerprint(rnd)
            with pytest.raises(IllegalMove) as refused:
                rnd.apply(probe)
            assert refused.value.rule and refused.value.rule.startswith(f"{rnd.profile.name}.")
            assert fingerprint(rnd) == before, f"{probe} changed the round"
        seat = rnd.to_move()
        check_views(rnd, seat)
        if disturb:
            random.seed(rng.randrange(10**9))
            random.random()
        move = bot.choose(rnd, seat)
        if isinstance(move, Play):
            assert rnd.owner[move.card] == seat and move.card not in played
            played.add(move.card)
        for event in rnd.apply(move):
            for check in EVENT_CHECKS:
                check(event.to_json(rnd.names), rnd)
        assert rnd.ledger.total() == total, "chips are conserved"
        if rnd.ledger.capped:
            assert min(rnd.ledger.balances) >= 0
        check_cards(rnd)
        assert all(rnd.owner[c] == PLAYED for c in played)
    if rnd.winner is not None:
        assert not rnd.hands[rnd.winner], "the winner holds no card"
        assert all(rnd.hands[s] for s in range(rnd.n) if s != rnd.winner), "the round ends with the first player out"
    else:
        assert any(e.type == "deadlock" for e in rnd.log), "a round without a winner ends in a deadlock"
    assert not any(rnd.owner[c] == DEAD for c in played)
    return rnd


def events(rnd: Round) -> list:
    return [e.to_json(rnd.names) for e in rnd.log]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_option_combination_plays_conforming_rounds_that_replay_exactly(case):
    game, index, options = case
    profile = PROFILES[game].configure(options)
    for level, bot in (("random", RandomBot(index)), ("basic", BasicBot(index))):
        rnd = play(new_round(profile, index), bot, random.Random(index))
        doc = json.loads(json.dumps(record(rnd), ensure_ascii=False))
        again, _ = load_replay(doc).play()
        assert fingerprint(again) == fingerprint(rnd) and events(again) == events(rnd), f"{level}: record -> replay differs"
        if level == "random":  # the same seed, the global generator disturbed: the same round
            twin = play(new_round(profile, index), RandomBot(index), random.Random(index), disturb=True)
            assert events(twin) == events(rnd)


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_a_session_of_every_game_conserves_chips_through_its_settlement(game):
    for index, options in enumerate(combinations(PROFILES[game])[::7]):
        profile = PROFILES[game].configure(options)
        players = profile.min_players + index % (profile.max_players - profile.min_players + 1)
        session = Session(profile, [chr(65 + s) for s in range(players)], seed=index, rounds=3)
        total = sum(session.ledger.balances) + sum(session.ledger.board.values())
        bot = BasicBot(index)
        play_session(session, lambda rnd: bot.choose(rnd, rnd.to_move()))
        assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == total
        assert session.over() and session.winners()
        assert session.played == session.rounds or len(session.active) < profile.min_players or session.busted
        assert all(e.rule.startswith(f"{game}.") for e in session.events)
        for showdown in (e for e in session.events if e.type == "final-showdown"):
            cards = [c for _, dealt, _ in showdown.hands for c in dealt]
            assert len(cards) == 5 * len(showdown.hands) == len(set(cards))


def test_the_combinations_cover_every_value_of_every_option_of_every_profile():
    for profile in PROFILES.values():
        combos = combinations(profile)
        assert len(combos) == len({json.dumps(c, sort_keys=True) for c in combos})
        for option in profile.options:
            assert {json.dumps(c[option.name]) for c in combos} == {json.dumps(v) for v in option_values(option)}
