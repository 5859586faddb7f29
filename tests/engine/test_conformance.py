"""Conformance: every profile, under every combination of its options, plays rounds that keep
the invariants of a stops game (in the spirit of OpenSpiel's random-simulation test).

The cases come from the profiles' own option descriptions (``Profile.options``): the values of
each option worth playing (every choice of an enumeration, both values of a flag, the minimum
and default of a number, and its maximum where these are one) and the number of players, from the least any option allows to
the most (kept within what a case's options allow: Nain Jaune's two players only with
``two_players``). How many cases depends on the test tier (``tests/tiers.py``, set by the make target):

- ``make check``: a pairwise covering array (every two values of two factors meet in some case);
- ``make test``: a 3-wise covering array (every three values of three factors meet), each row
  played with several seeds (other deals, other dealers);
- ``make test-exhaustive``: the cartesian product of every option's values, the players cycling.

A new option is covered by all three the day it is added to a profile, with no test to edit.
For each case a random round and a basic-bot round are played, checking at every step:

- chips are conserved (players plus board), and finite stacks never go below 0;
- every card is in exactly one place, a played card came from the hand of the seat that
  played it, and no card is played twice;
- a seat's view shows its own hand only, never the widow, and legal moves only to the seat
  to move;
- an illegal move (a legal move by the wrong seat, a card the rules forbid, a bid outside the
  range, a redeal that is no deal) raises IllegalMove naming one of the game's rules and
  changes nothing;
- the round ends, with a winner who holds no card (or none, after a deadlock; or the
  dealer, before any move, who wins by the turn-up);
- record -> replay gives the same state and the same events, and the same seed gives the same
  round even when the global random generator is disturbed between steps;
- a whole session conserves chips through its settlement.

Every value of every option that changes a round's rules acts in some case: the first case with
that value (then the same case with other seeds, for a value that acts only on some deals, as
Pope Joan's Pope turned up does) whose round differs from the same round with the option at its
default is played with the checks above. A value whose cases never differ fails, naming it.

Hook for more checks: every event of every round played here goes through each function in
:data:`EVENT_CHECKS` as ``check(event_json, rnd)`` (``rnd`` is the round after the event);
append to it (or parametrize over it) to check, for instance, that every event narrates in
every language.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import random
from typing import NamedTuple

import pytest
from covering import covered_by, covering_array, tuples_of
from tiers import SEEDS, STRENGTH

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

# The rules of a session rather than of a round: the stacks and the bankroll, the session's
# length and its end. Options of these rules act across rounds, which the session test plays.
SESSION_RULES = frozenset({"bankroll", "session-end", "final-showdown"})


def option_values(option) -> list:
    """The values of one option worth playing: its choices, both flags, the minimum and default of
    a number; a number of a round whose minimum is its default (Newmarket's Kitty stake and free
    stake, Rummoli's bet unit) is played at its maximum too, so that it varies. (A session's
    length would vary nothing here: the session test plays three rounds.)"""
    if option.choices is not None:
        return list(option.choices)
    if isinstance(option.default, bool):
        return [False, True]
    values = {option.default, option.minimum if option.minimum is not None else option.default}
    if len(values) == 1 and option.maximum is not None and option.rule not in SESSION_RULES:
        values.add(option.maximum)
    return sorted(values)


def combinations(profile) -> list[dict]:
    """The cartesian product of the options' values (the exhaustive tier)."""
    names = [o.name for o in profile.options]
    return [dict(zip(names, values)) for values in itertools.product(*(option_values(o) for o in profile.options))]


def factors(profile) -> list[tuple[str, list]]:
    """What a conformance case chooses: each option's values worth playing, and the players, from
    the fewest any one value allows to the most (a case then keeps within what its own options
    allow: :func:`seated`)."""
    tables = [profile.configure({o.name: value}) for o in profile.options for value in option_values(o)]
    players = list(range(min(p.min_players for p in tables), max(p.max_players for p in tables) + 1))
    return [(o.name, option_values(o)) for o in profile.options] + [(PLAYERS, players)]


PLAYERS = "players"  # the factor beside the options (no option has that name)


def seated(configured, players: int) -> int:
    """The number of players within what the options allow (Poch's five cards each from 32
    cards serve six at most)."""
    return min(max(players, configured.min_players), configured.max_players)


def allowed(game: str, values: dict) -> bool:
    """Whether some case can play these values together: the number of players within what the
    options among them allow (the other options at their defaults, which allow the most)."""
    if PLAYERS not in values:
        return True
    configured = PROFILES[game].configure({name: value for name, value in values.items() if name != PLAYERS})
    return configured.min_players <= values[PLAYERS] <= configured.max_players


class Case(NamedTuple):
    game: str
    name: str  # the test id's tail: the row (and seed) of the array, or the product's index
    options: dict
    players: int
    seed: int  # the deal, the dealer and the bots' choices


def cases(game: str, strength: int | None = STRENGTH, seeds: int = SEEDS) -> list[Case]:
    """The conformance cases of one game: the rows of a covering array of its factors of the
    given strength (the players kept within what each row's options allow, and a row added for
    each combination that lost), each played with ``seeds`` seeds; or (strength None) the
    product of the options' values, the number of players cycling with the index."""
    profile = PROFILES[game]
    named = factors(profile)
    if strength is None:
        players = named[-1][1]
        return [Case(game, str(index), options, seated(profile.configure(options), players[index % len(players)]), index)
                for index, options in enumerate(combinations(profile))]
    rows = []
    for row in covering_array([len(values) for _, values in named], strength):
        chosen = {name: values[i] for (name, values), i in zip(named, row)}
        players = chosen.pop(PLAYERS)
        rows.append((chosen, seated(profile.configure(chosen), players)))
    rows += completing(game, named, rows, strength)
    out = []
    for number, (chosen, players) in enumerate(rows):
        for k in range(seeds):
            out.append(Case(game, f"{number}" + (f"s{k}" if seeds > 1 else ""), chosen, players, number + 1000 * k))
    return out


def completing(game: str, named, rows, strength: int) -> list[tuple[dict, int]]:
    """Rows for the combinations the array's rows lost where a number of players was brought
    within what their options allow: each with those values, the other options at their
    defaults (which allow the most)."""
    defaults = {o.name: o.default for o in PROFILES[game].options}
    seen = [{**chosen, PLAYERS: players} for chosen, players in rows]
    extra = []
    for chosen in itertools.combinations(range(len(named)), min(strength, len(named))):
        names = [named[i][0] for i in chosen]
        have = {tuple(json.dumps(row[name]) for name in names) for row in seen}
        for values in itertools.product(*(named[i][1] for i in chosen)):
            wanted = dict(zip(names, values))
            if allowed(game, wanted) and tuple(json.dumps(v) for v in values) not in have:
                row = {**defaults, PLAYERS: PROFILES[game].min_players, **wanted}
                seen.append(row)
                have.add(tuple(json.dumps(v) for v in values))
                extra.append(({name: value for name, value in row.items() if name != PLAYERS}, row[PLAYERS]))
    return extra


CASES = [case for game in PROFILES for case in cases(game)]


def case_id(case: Case) -> str:
    return f"{case.game}-{case.name}"


def new_round(profile, players: int, seed: int) -> Round:
    dealer = seed % players
    return Round(profile, [chr(65 + s) for s in range(players)], dealer, deal_for(profile, seed, players, dealer))


def fingerprint(rnd: Round):
    return (
        list(rnd.ledger.balances), dict(rnd.ledger.board), [sorted(h) for h in rnd.hands], list(rnd.owner),
        tuple(rnd.widow), rnd.winner, rnd.over, rnd.phase_index, len(rnd.log), len(rnd.moves), repr(rnd.state),
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


def play(rnd: Round, bot, rng: random.Random, disturb: bool = False, checked: bool = True) -> Round:
    """The round played out by ``bot``, every step checked (``checked``: False plays it only,
    for a twin whose events are compared with a checked round's)."""
    total = rnd.ledger.total()
    played = set()
    steps = 0
    while not rnd.over:
        steps += 1
        assert steps <= 3000, "the round must end"
        seat = rnd.to_move()
        if checked:
            before = fingerprint(rnd)  # the refused probes must leave the round exactly as it was
            tried = probes(rnd, rng)
            for probe in tried:
                with pytest.raises(IllegalMove) as refused:
                    rnd.apply(probe)
                assert refused.value.rule and refused.value.rule.startswith(f"{rnd.profile.name}.")
            assert fingerprint(rnd) == before, f"one of {[str(probe) for probe in tried]} changed the round"
            check_views(rnd, seat)
        if disturb:
            random.seed(rng.randrange(10**9))
            random.random()
        move = bot.choose(rnd, seat)
        if isinstance(move, Play):
            assert rnd.owner[move.card] == seat and move.card not in played
            played.add(move.card)
        happened = rnd.apply(move)
        if not checked:
            continue
        for event in happened:
            for check in EVENT_CHECKS:
                check(event.to_json(rnd.names), rnd)
        assert rnd.ledger.total() == total, "chips are conserved"
        if rnd.ledger.capped:
            assert min(rnd.ledger.balances) >= 0
        check_cards(rnd)
        assert all(rnd.owner[c] == PLAYED for c in played)
    if rnd.winner is not None and any(e.type == "turn-up-win" for e in rnd.log):
        assert rnd.winner == rnd.dealer and not rnd.moves, "a win by the turn-up is the dealer's, before any move"
    elif rnd.winner is not None:
        assert not rnd.hands[rnd.winner], "the winner holds no card"
        assert all(rnd.hands[s] for s in range(rnd.n) if s != rnd.winner), "the round ends with the first player out"
    else:
        assert any(e.type == "deadlock" for e in rnd.log), "a round without a winner ends in a deadlock"
    assert not any(rnd.owner[c] == DEAD for c in played)
    return rnd


def events(rnd: Round) -> list:
    return [e.to_json(rnd.names) for e in rnd.log]


def check_case(case: Case) -> None:
    """A random and a basic-bot round of the case, every step checked, each recorded and replayed;
    the random one again with the global generator disturbed."""
    profile = PROFILES[case.game].configure(case.options)
    seed = case.seed
    for level, bot in (("random", RandomBot(seed)), ("basic", BasicBot(seed))):
        rnd = play(new_round(profile, case.players, seed), bot, random.Random(seed))
        doc = json.loads(json.dumps(record(rnd), ensure_ascii=False))
        again, _ = load_replay(doc).play()
        assert fingerprint(again) == fingerprint(rnd) and events(again) == events(rnd), f"{level}: record -> replay differs"
        if level == "random":  # the same seed, the global generator disturbed: the same round
            twin = play(new_round(profile, case.players, seed), RandomBot(seed), random.Random(seed), disturb=True, checked=False)
            assert events(twin) == events(rnd)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_option_combination_plays_conforming_rounds_that_replay_exactly(case):
    check_case(case)


# The profile's fields such options set: a round is played alike whatever they hold.
SESSION_FIELDS = frozenset({"values", "starting_chips", "session_length", "bankroll"})
# The seeds tried for each case, its own first, for a value that acts only on some deals (Pope
# Joan's Pope turned up, one deal in 51) or some plays.
ACTING_SEEDS = 300


def round_values(profile) -> list[tuple[str, object]]:
    """Every value but the default of every option of a round (not of the session)."""
    return [(o.name, value) for o in profile.options if o.rule not in SESSION_RULES
            for value in option_values(o) if json.dumps(value) != json.dumps(o.default)]


def round_rules(profile) -> list:
    """A configured profile's fields, but for those of the session."""
    return [(f.name, getattr(profile, f.name)) for f in dataclasses.fields(profile) if f.name not in SESSION_FIELDS]


def random_events(profile, players: int, seed: int) -> list:
    """The events of a round played out by the random bot, unchecked."""
    rnd = new_round(profile, players, seed)
    bot = RandomBot(seed)
    while not rnd.over:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return events(rnd)


@functools.cache
def tier_rows(game: str) -> tuple[Case, ...]:
    """The tier's cases of a game, one seed each (their array made once per game)."""
    return tuple(cases(game, seeds=1))


def acting_case(game: str, name: str, value) -> Case | None:
    """The first of the tier's cases with option ``name`` at ``value`` where the value acts: the
    table it seats is one the default refuses, or its random-bot round differs from the same round
    with the option at its default. Each case's own seed is tried first, then the seeds of the
    tier's other seeds of that case (``seed + 1000 k``) and further ones, up to ``ACTING_SEEDS``;
    cases whose rules the value leaves as they are (the Kitty stake without a Kitty) are passed over."""
    base = PROFILES[game]
    default = next(o.default for o in base.options if o.name == name)
    pairs = []
    for case in tier_rows(game):
        if json.dumps(case.options[name]) == json.dumps(value):
            on, off = base.configure(case.options), base.configure({**case.options, name: default})
            if round_rules(on) != round_rules(off):
                pairs.append((case, on, off))
    for k in range(ACTING_SEEDS):
        for case, on, off in pairs:
            seed = case.seed + 1000 * k
            if not off.min_players <= case.players <= off.max_players or \
                    random_events(on, case.players, seed) != random_events(off, case.players, seed):
                return case._replace(name=f"{case.name}-seed{seed}", seed=seed)
    return None


ROUND_VALUES = [(game, name, value) for game in PROFILES for name, value in round_values(PROFILES[game])]


def test_every_option_of_a_round_has_a_value_besides_its_default_to_play():
    """A number whose minimum is its default is played at its maximum too (Newmarket's Kitty
    stake and free stake, Rummoli's bet unit were only ever played at 1)."""
    for game, profile in PROFILES.items():
        varied = {name for name, _ in round_values(profile)}
        assert [o.name for o in profile.options if o.rule not in SESSION_RULES and o.name not in varied] == [], game


@pytest.mark.parametrize("game, name, value", ROUND_VALUES, ids=[f"{g}-{n}={json.dumps(v)}" for g, n, v in ROUND_VALUES])
def test_every_value_of_every_option_of_a_round_acts_in_a_conformance_round_that_conforms(game, name, value):
    """A value that the tier's cases hold but that changes none of their rounds is not tested by
    them (Pope Joan's Pope turned up, Nain Jaune's two players before the players factor reached
    two): the first case where it acts is played with every check."""
    case = acting_case(game, name, value)
    assert case is not None, f"{game}: {name}={value!r} changes no round of the cases that hold it ({ACTING_SEEDS} seeds each)"
    check_case(case)


def session_cases(game: str) -> list[Case]:
    """A session per row of the tier's array (one seed), or per seventh case of the product."""
    return cases(game, seeds=1) if STRENGTH is not None else cases(game)[::7]


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_a_session_of_every_game_conserves_chips_through_its_settlement(game):
    for case in session_cases(game):
        profile = PROFILES[game].configure(case.options)
        session = Session(profile, [chr(65 + s) for s in range(case.players)], seed=case.seed, rounds=3)
        total = sum(session.ledger.balances) + sum(session.ledger.board.values())
        bot = BasicBot(case.seed)
        play_session(session, lambda rnd: bot.choose(rnd, rnd.to_move()))
        assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == total
        assert session.over() and session.winners()
        assert session.played == session.rounds or len(session.active) < profile.min_players or session.busted
        assert all(e.rule.startswith(f"{game}.") for e in session.events)
        for showdown in (e for e in session.events if e.type == "final-showdown"):
            cards = [c for _, dealt, _ in showdown.hands for c in dealt]
            assert len(cards) == 5 * len(showdown.hands) == len(set(cards))


def test_the_product_holds_every_value_of_every_option_of_every_profile_once_per_combination():
    for profile in PROFILES.values():
        combos = combinations(profile)
        assert len(combos) == len({json.dumps(c, sort_keys=True) for c in combos})
        for option in profile.options:
            assert {json.dumps(c[option.name]) for c in combos} == {json.dumps(v) for v in option_values(option)}


@pytest.mark.parametrize("strength", [2, 3])
@pytest.mark.parametrize("game", sorted(PROFILES))
def test_the_covering_arrays_meet_every_combination_of_values_of_any_strength_factors(game, strength):
    named = factors(PROFILES[game])
    sizes = [len(values) for _, values in named]
    rows = covering_array(sizes, strength)
    assert covered_by(rows, sizes, strength) == tuples_of(sizes, strength)
    # checked here from scratch as well, on the values themselves: every pair or triple of factors
    # shows every combination of their values in some case
    played = cases(game, strength, seeds=1)
    assert len(rows) <= len(played) < max(2, len(combinations(PROFILES[game]))) * len(named[-1][1])
    for chosen in itertools.combinations(range(len(named)), min(strength, len(named))):
        seen = {tuple(({**case.options, PLAYERS: case.players})[named[i][0]] for i in chosen) for case in played}
        wanted = {values for values in itertools.product(*(named[i][1] for i in chosen))
                  if allowed(game, dict(zip((named[i][0] for i in chosen), values)))}
        # more may be seen: a number of players the defaults refuse, with the option that allows it
        assert {json.dumps(v) for v in wanted} <= {json.dumps(v) for v in seen}, [named[i][0] for i in chosen]
    for case in played:  # and never a table the case's own options refuse
        configured = PROFILES[game].configure(case.options)
        assert configured.min_players <= case.players <= configured.max_players, case


def test_the_tier_plays_each_row_with_its_seeds_and_distinct_deals():
    for game in PROFILES:
        played = cases(game)
        assert len({case.name for case in played}) == len(played)
        assert len({(json.dumps(case.options, sort_keys=True), case.players, case.seed) for case in played}) == len(played)


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_every_registered_profile_is_its_defaults_configured(game):
    """The registered profile is what ``configure`` makes of the defaults: a conformance case
    with no options plays the game that every other case varies from (issue 24)."""
    profile = PROFILES[game]
    configured = profile.configure({})
    assert [f.name for f in dataclasses.fields(profile)
            if getattr(profile, f.name) != getattr(configured, f.name)] == []
