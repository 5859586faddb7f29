"""Puzzles: positions from seeded bot games where one option is clearly the best.

``generate`` plays bot sessions (basic bots at every seat, every phase of the game, its defaults
and each of its options changed in turn, three players or more) and, at a sample of the
decisions with two options or more, rates every option by the hints' Monte Carlo
(:func:`stops.hints.evaluate`: every option played on the same samples of the hidden cards).
A position is kept when the best option beats the second by ``sigmas`` standard errors of
their difference, playout by playout, *and* by ``chips`` chips at least; it is then rated again
at another seed and dropped if its best option changes. Each kept position becomes a puzzle:
the round so far in the replay format, the solver's seat, the rated options, themes named by
the rules and events involved, a difficulty (how far the basic bot's own choice is from the
best), and the seeds.

Deterministic from its seed: the sessions are numbered, each rated on its own from seeds
derived from the generator's seed and its number, and consumed in order in batches of a fixed
size (whatever the number of processes); a phase that already has its share of puzzles is not
rated in a later batch. Resumable: each session's result is saved in the work folder, and a
session found there is read, not played again.
"""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from . import heuristics
from .hints import evaluate, option_tallies, rated_options, split_bids
from .profiles import PROFILES
from .replay import record
from .session import Session

FORMAT = "stops-puzzles"
VERSION = 1
BATCH = 8  # sessions rated before the phases' shares are counted again (fixed: the result is the same for any --jobs)
NAMES = "ABCDEFGH"
CARD_PLAY = "stops"  # the phase every game has, with the most decisions by far


@dataclass(frozen=True)
class Settings:
    playouts: int = 1000       # per option, for the rating and the check at a second seed
    screen: int = 150          # playouts of the first, cheap look at a decision
    sigmas: float = 3.0        # the best beats the second by this many standard errors...
    chips: float = 1.0         # ...and by this many chips at least
    sample: float = 0.3        # the share of the card play's decisions looked at (every decision of another phase is)
    budget: int = 3_000_000    # the work of one rating (see stops.hints.WORK_BUDGET)


# ----- one decision -------------------------------------------------------------------------


def rate(rnd, seat: int, playouts: int, seed: int, budget: int) -> tuple[dict, list]:
    """The hint's table of every option (:func:`stops.hints.rated_options`), and the tally
    behind each option, in the same order."""
    rated, high = split_bids(rnd.legal_moves())
    tallies = evaluate(rnd, seat, playouts, seed, rated, budget=budget, keep=True)
    return rated_options(rnd, seat, rated, high, tallies, seed), option_tallies(rated, high, tallies)


def margin(rating: dict, tallies: list) -> dict:
    """How far the best option is ahead of the second: chips, and standard errors of the
    playout-by-playout difference (the options share their samples); ``tallies``: one per
    option (:func:`rate`)."""
    order = sorted(range(len(rating["options"])), key=lambda i: (-rating["options"][i]["expected"], i))
    best, second = order[0], order[1]
    first, other = tallies[best].gains, tallies[second].gains
    gap = rating["options"][best]["expected"] - rating["options"][second]["expected"]
    diffs = [a - b for a, b in zip(first, other)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    stderr = sd / math.sqrt(n) if n else 0.0
    sigmas = gap / stderr if stderr > 0 else (math.inf if gap > 0 else 0.0)
    return {"best": best, "second": second, "chips": round(gap, 3), "stderr": round(stderr, 3),
            "sigmas": round(sigmas, 2) if math.isfinite(sigmas) else None}


def is_clear(found: dict, settings: Settings) -> bool:
    sigmas = math.inf if found["sigmas"] is None else found["sigmas"]
    return found["chips"] >= settings.chips and sigmas >= settings.sigmas


# Themes: ids the catalogs name ("puzzle theme: <id>"), from the phase, the best option's move
# and its reason (stops.hints.REASONS).
PHASE_THEMES = {"widow-exchange": "widow", "ghost-auction": "ghost-auction", "staking": "stakes"}
STOP_REASONS = {"ace-lead", "top-lead"}  # the option spends a sure stop
OWN_STOP_REASONS = {"run-to-ace", "run-to-top", "self-stop"}
BLUFF_REASONS = {"weak-hand-bet", "weak-set-poch", "no-set-poch"}
VALUE_REASONS = {"strong-hand-bet", "strong-set-poch"}


def themes(rnd, rating: dict, found: dict) -> list[str]:
    options = rating["options"]
    best, second = options[found["best"]], options[found["second"]]
    code, kind = best["reason_code"], next(iter(k for k in best["move"] if k != "player"), "")
    out = []
    if rnd.phase in PHASE_THEMES:
        out.append(PHASE_THEMES[rnd.phase])
    if kind in ("fold", "call", "check"):
        out.append(kind)
    elif code in BLUFF_REASONS:
        out.append("bluff")
    elif code in VALUE_REASONS:
        out.append("value-bet")
    if code == "wins-section":
        out.append("pay-card")
    if code in STOP_REASONS | OWN_STOP_REASONS:
        out.append("own-stop")
    elif any(o["reason_code"] in STOP_REASONS for o in options):
        out.append("keep-stop")
    if code == "run":
        out.append("run")
    if kind == "play" and best["win_rate"] - second["win_rate"] >= 0.25:
        out.append("go-out-first")
    return out or [rnd.phase]


def difficulty(rnd, seat: int, rating: dict) -> dict:
    """Where the basic bot's own choice ranks among the options (1: it finds the best), and
    the chips it gives up."""
    options = rating["options"]
    chosen = heuristics.basic_move(rnd, seat).to_json(rnd.names)
    index = next((i for i, o in enumerate(options) if o["move"] == chosen), None)
    if index is None:  # a bid beyond the rated ones: the range that holds it
        index = len(options) - 1
    order = sorted(range(len(options)), key=lambda i: (-options[i]["expected"], i))
    rank = order.index(index)
    return {"level": 1 + min(rank, 2), "basic": options[index]["move"],
            "cost": round(options[order[0]]["expected"] - options[index]["expected"], 3)}


# ----- one session ----------------------------------------------------------------------------


def session_setup(game: str, number: int, needed: list[str]) -> tuple[dict, int]:
    """The options and players of session ``number``: the defaults every other session, else
    one option set to another of its values, each option in turn, of those whose game has a
    ``needed`` phase (a phase that only an option brings, such as an auction, is not waited
    for through every other option); players from the fewest."""
    profile = PROFILES[game]
    variants = [{o.name: v} for o in profile.options for v in option_values(o) if v != o.default]
    variants = [v for v in variants if set(profile.configure(v).phases) & set(needed)] or [{}]
    if set(profile.phases) & set(needed):
        options = variants[(number // 2) % len(variants)] if number % 2 else {}
    else:
        options = variants[number % len(variants)]
    players = list(range(max(profile.min_players, 3), min(profile.max_players, 6) + 1))
    return options, players[number % len(players)]


def option_values(option) -> list:
    """The values of an option a session may play: its choices, or both values of a flag (a
    number keeps its default)."""
    if option.choices is not None:
        return list(option.choices)
    if isinstance(option.default, bool):
        return [False, True]
    return [option.default]


def seeds(seed: int, number: int) -> tuple[int, int, int]:
    """The session's deal, the rating's and the check's seeds."""
    base = (seed * 1_000_003 + number * 7_919) & 0x7FFFFFFF
    return base, base ^ 0x5A5A5A5, base ^ 0x2C2C2C2C


def play_session(game: str, seed: int, number: int, needed: list[str], settings: Settings) -> dict:
    """The puzzles of session ``number``, at decisions of the ``needed`` phases."""
    options, players = session_setup(game, number, needed)
    profile = PROFILES[game].configure(options)
    deal_seed, rating_seed, check_seed = seeds(seed, number)
    session = Session(profile, list(NAMES[:players]), seed=deal_seed)
    sampler = random.Random(deal_seed)
    found, looked = [], 0
    while not session.over():
        rnd = session.next_round()
        while not rnd.over:
            seat = rnd.to_move()
            if (rnd.phase in needed and len(split_bids(rnd.legal_moves())[0]) >= 2
                    and (rnd.phase != CARD_PLAY or sampler.random() < settings.sample)):
                looked += 1
                puzzle = consider(rnd, seat, settings, rating_seed + len(rnd.moves), check_seed + len(rnd.moves))
                if puzzle is not None:
                    found.append({**puzzle, "id": f"{game}-{seed}-{number}-{session.played}-{len(rnd.moves)}",
                                  "session": number})
            rnd.apply(heuristics.basic_move(rnd, seat))
        session.record(rnd)
    session.finish()
    return {"number": number, "looked": looked, "puzzles": found}


def consider(rnd, seat: int, settings: Settings, rating_seed: int, check_seed: int) -> dict | None:
    """The puzzle at this decision, or None: a cheap look first, then the rating, then the check."""
    screen, tallies = rate(rnd, seat, settings.screen, rating_seed, settings.budget)
    look = margin(screen, tallies)
    if look["chips"] < settings.chips / 2 or (look["sigmas"] is not None and look["sigmas"] < settings.sigmas / 2):
        return None
    rating, tallies = rate(rnd, seat, settings.playouts, rating_seed, settings.budget)
    found = margin(rating, tallies)
    if not is_clear(found, settings):
        return None
    check, tallies = rate(rnd, seat, settings.playouts, check_seed, settings.budget)
    again = margin(check, tallies)
    if again["best"] != found["best"]:
        return None
    for option in rating["options"]:
        del option["reason"]  # the page tells the reason from its message, in its language
    return {
        "game": rnd.profile.name,
        "phase": rnd.phase,
        "solver": rnd.name(seat),
        "position": record(rnd),
        "step": len(rnd.moves),
        "rating": rating,
        "margin": found,
        "check": {"seed": check_seed, "playouts": check["playouts"], "best": again["best"], "margin": again},
        "themes": themes(rnd, rating, found),
        "difficulty": difficulty(rnd, seat, rating),
    }


# ----- a game's set ----------------------------------------------------------------------------


def decision_phases(game: str) -> list[str]:
    """The phases of the game (over its options) where a player chooses between moves."""
    profile = PROFILES[game]
    phases = []
    for name, values in [(None, [None])] + [(o.name, option_values(o)) for o in profile.options]:
        for value in values:
            configured = profile.configure({} if name is None else {name: value})
            for phase in configured.phases:
                if phase not in phases and configured.phase(phase).moves:
                    phases.append(phase)
    return phases


def generate(game: str, count: int = 30, seed: int = 1, jobs: int = 1, work: Path | None = None,
             settings: Settings = Settings(), sessions: int = 160, progress=None) -> dict:
    """At least ``count`` puzzles of ``game`` (if ``sessions`` sessions hold them), their share
    of each phase first: the puzzles document."""
    if game not in PROFILES:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(sorted(PROFILES))})")
    phases = decision_phases(game)
    share = math.ceil(count / len(phases))
    if work is not None:
        work.mkdir(parents=True, exist_ok=True)
    kept: list[dict] = []
    spare: list[dict] = []  # clear puzzles of a phase that had its share: they fill a set left short
    per_phase = dict.fromkeys(phases, 0)
    looked = played = 0
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        for start in range(0, sessions, BATCH):
            needed = [p for p in phases if per_phase[p] < share]
            if not needed:
                break
            numbers = range(start, min(start + BATCH, sessions))
            for result in _run(game, seed, numbers, needed, settings, work, pool):
                played += 1
                looked += result["looked"]
                for puzzle in result["puzzles"]:
                    if per_phase[puzzle["phase"]] < share:
                        kept.append(puzzle)
                        per_phase[puzzle["phase"]] += 1
                    else:
                        spare.append(puzzle)
            if progress:
                progress(f"{game}: {played} sessions, {looked} decisions looked at, {len(kept)} puzzles "
                         f"({', '.join(f'{p} {n}' for p, n in per_phase.items())})")
    finally:
        if pool is not None:
            pool.shutdown()
    kept += spare[:max(0, count - len(kept))]
    return {"format": FORMAT, "version": VERSION, "game": game, "seed": seed,
            "settings": asdict(settings), "sessions": played, "looked": looked, "puzzles": kept}


def _run(game, seed, numbers, needed, settings, work, pool):
    """Each session's result, in order: read from ``work`` when saved there, else played."""
    def saved(number):
        return None if work is None else work / f"{game}-{seed}-{number}.json"

    results, todo = {}, []
    for number in numbers:
        path = saved(number)
        if path is not None and path.exists():
            found = json.loads(path.read_text(encoding="utf-8"))
            if found.get("needed") == needed and found.get("settings") == asdict(settings):
                results[number] = found["result"]
                continue
        todo.append(number)
    args = [(game, seed, number, needed, settings) for number in todo]
    done = pool.map(_play, args) if pool is not None else map(_play, args)
    for number, result in zip(todo, done):
        results[number] = result
        path = saved(number)
        if path is not None:
            path.write_text(json.dumps({"needed": needed, "settings": asdict(settings), "result": result},
                                       ensure_ascii=False), encoding="utf-8")
    return [results[number] for number in numbers]


def _play(args):
    return play_session(*args)
