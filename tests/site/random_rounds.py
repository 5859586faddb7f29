"""Random rounds of every game, every option switched on and off: the events they produce,
with the engine's message for each (what the narration tests tell in every language).

The option combinations are the tier's covering array, not their product (Poch alone has
1,536 combinations of its switches); the sessions go on until every event type has occurred.
Bots play at random; each session is short, with small stacks so that players leave, and
one round per game is dealt again (a misdeal), so that every event type occurs."""

import itertools
import random

from covering import covering_array
from stops.bots import make_bot
from tiers import STRENGTH
from stops.deal import deal_for
from stops.moves import Redeal
from stops.profiles import PROFILES
from stops.replay import told
from stops.session import Session

NAMES = ("A", "B", "C", "D")


def option_combinations(profile):
    """Combinations of the profile's on/off options and choices (numbers at their defaults): a
    covering array of the tier's strength (tests/tiers.py: every pair, or every three, of their
    values meet in some combination), or the whole product in the exhaustive tier."""
    switches = [o for o in profile.options if isinstance(o.default, bool) or o.choices]
    values = [list(o.choices or (False, True)) for o in switches]
    rows = (itertools.product(*(range(len(v)) for v in values)) if STRENGTH is None
            else covering_array([len(v) for v in values], STRENGTH))
    for row in rows:
        yield {o.name: v[i] for o, v, i in zip(switches, values, row, strict=True)}


def session_lines(game: str, options: dict, seed: int, misdeal: bool):
    """(game, event JSON, message) for every event of one short random session."""
    # Small stacks (9 chips, or the least the game allows) so that players leave or bust.
    least = next((o.minimum or 0 for o in PROFILES[game].options if o.name == "starting_chips"), 0)
    profile = PROFILES[game].configure({**options, "starting_chips": max(9, least)})
    players = NAMES[: 3 + seed % 2]
    session = Session(profile, players, seed=seed, rounds=3)
    rng = random.Random(seed)
    bots = {seat: make_bot("random" if (seed + seat) % 2 else "basic", seed * 100 + seat) for seat in range(len(players))}
    seen = 0
    while not session.over():
        rnd = session.next_round()
        lines = [told(session.events[seen:], session.names, profile), told(rnd.start_events, rnd.names, profile)]
        seen = len(session.events)
        moves = 0
        while not rnd.over:
            if misdeal and moves == 2:
                deal = deal_for(profile, rng, rnd.n, rnd.dealer)
                move = Redeal(None, tuple(tuple(h) for h in deal.hands), tuple(deal.widow))
                misdeal = False
            else:
                move = bots[rnd.to_move()].choose(rnd, rnd.to_move())
            lines.append(told(rnd.apply(move), rnd.names, profile))
            moves += 1
        session.record(rnd)
        for part in lines:
            yield from ((game, e, m) for e, m in zip(part["events"], part["messages"], strict=True))
    part = told(session.finish(), session.names, profile)
    yield from ((game, e, m) for e, m in zip(part["events"], part["messages"], strict=True))
    part = told(session.events[seen:], session.names, profile)
    yield from ((game, e, m) for e, m in zip(part["events"], part["messages"], strict=True))


def random_lines(event_types, seeds=2, more=2000):
    """Every event of random sessions of every game and option combination (``seeds`` each);
    then more sessions of the games that can produce a type not seen yet, seed after seed,
    until every type of ``event_types`` has occurred (or
    ``more`` sessions were played: the test then names the types still missing)."""
    seen = set()
    combos = [(game, options) for game, profile in PROFILES.items() for options in option_combinations(profile)]
    for number, (game, options) in enumerate(combos):
        for seed in range(seeds):
            for line in session_lines(game, options, seed, misdeal=number == 0 and seed == 0):
                seen.add(line[1]["type"])
                yield line
    produces = {game: set(profile.event_classes()) for game, profile in PROFILES.items()}
    for extra in range(more):
        missing = set(event_types) - seen
        if not missing:
            return
        # Only the games that can still produce a missing type (more games must not dilute the search).
        able = [(game, options) for game, options in combos if produces[game] & missing] or combos
        game, options = able[extra % len(able)]
        for line in session_lines(game, options, seeds + extra, misdeal=False):
            if line[1]["type"] not in seen:
                seen.add(line[1]["type"])
                yield line
