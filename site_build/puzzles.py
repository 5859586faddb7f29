"""The puzzle pages, `/<lang>/<game>/puzzles/`: "find the best play", one position at a time.

The puzzles are the engine's (`stops puzzles GAME`, engine/stops/puzzles.py), kept in
`site/puzzles/<game>.json`. The build reads each file, checks every puzzle against the engine
(its position replays, the solver is to move, every rated option is a legal move, its best is
the rating's best) and drops any whose margin is not significant by the file's own settings
(a puzzle shown is always one whose answer is clear). What the page needs that only the engine
knows is computed here and shipped as data (`puzzles.json` beside the page): the position as the
solver sees it (the other hands hidden) and the legal moves as the play page gets them. The
verdict of a choice, the rating and the streak are the browser's (static/model/puzzle.mjs);
only "Play it out" asks the live engine.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from .errors import BuildError
from .i18n import N_
from .labels import PHASES

# The themes the generator tags (engine/stops/puzzles.py `themes`), named for a player; a
# puzzle without one of these is tagged with its phase (labels.PHASES).
THEMES = {
    "pay-card": N_("winning a pay card"),
    "own-stop": N_("playing your own stop"),
    "keep-stop": N_("keeping a stop back"),
    "run": N_("playing a run"),
    "go-out-first": N_("going out before the others"),
    "fold": N_("folding"),
    "call": N_("calling"),
    "check": N_("checking"),
    "bluff": N_("bluffing"),
    "value-bet": N_("betting a strong hand"),
    "widow": N_("the widow exchange"),
    "ghost-auction": N_("the spare-hand auction"),
    "stakes": N_("the stakes"),
    # The card play's own fallback (none of the above): which card, when nothing else says so.
    "stops": N_("choosing which card to play"),
}
LEVELS = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}
FOLDER = "puzzles"  # site/puzzles/<game>.json
DATA = "puzzles.json"  # beside each puzzle page


def load_puzzles(root: Path, game: str) -> dict:
    path = root / "site" / FOLDER / f"{game}.json"
    shown = f"site/{FOLDER}/{game}.json"
    if not path.is_file():
        raise BuildError(f"{shown}: missing (make it with `stops puzzles {game} --out {shown}`)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise BuildError(f"{shown}:{err.lineno}: invalid JSON: {err.msg}") from None
    if data.get("format") != "stops-puzzles" or data.get("version") != 1 or data.get("game") != game:
        raise BuildError(f"{shown}: not a version 1 stops-puzzles file of {game}")
    return data


def significant(puzzle: dict, settings) -> bool:
    """The best option beats the second by the settings' standard errors and chips, and the
    check at the second seed found the same best option."""
    from stops.puzzles import is_clear

    return is_clear(puzzle["margin"], settings) and puzzle["check"]["best"] == puzzle["rating"]["best"]


def settings_of(data: dict):
    from stops.puzzles import Settings

    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in (data.get("settings") or {}).items() if k in known})


def checked_puzzle(puzzle: dict, where: str) -> dict:
    """The puzzle as the page ships it, after the engine replays its position."""
    from stops.replay import ReplayError, load_replay
    from stops.table import legal_json
    from stops.view import round_view

    try:
        replay = load_replay(json.dumps(puzzle["position"]))
        rnd = replay.start()
        for move in replay.moves:
            rnd.apply(move)
    except (ReplayError, Exception) as err:  # any refusal of the engine is the file's problem
        raise BuildError(f"{where}: its position does not replay: {err}") from None
    if puzzle["step"] != len(replay.moves) or rnd.over:
        raise BuildError(f"{where}: step {puzzle['step']} is not a decision of its position")
    seat = rnd.to_move()
    if rnd.name(seat) != puzzle["solver"]:
        raise BuildError(f"{where}: {puzzle['solver']} is not to move in its position ({rnd.name(seat)} is)")
    legal = legal_json(rnd)
    options = puzzle["rating"]["options"]
    from stops.hints import split_bids

    rated, high = split_bids(rnd.legal_moves())
    expected = [m.to_json(rnd.names) for m in rated] + ([high.to_json(rnd.names)] if high is not None else [])
    if [o["move"] for o in options] != expected:
        raise BuildError(f"{where}: its rated options are not the position's legal moves")
    best = max(range(len(options)), key=lambda i: (options[i]["expected"], -i))
    if best != puzzle["rating"]["best"]:
        raise BuildError(f"{where}: its best option is not the one rated highest")
    for theme in puzzle["themes"]:
        if theme not in THEMES and theme not in PHASES:
            raise BuildError(f"{where}: unknown theme {theme!r} (name it in site_build/puzzles.py THEMES)")
    return {
        "id": puzzle["id"], "phase": puzzle["phase"], "solver": puzzle["solver"], "step": puzzle["step"],
        "position": puzzle["position"], "view": round_view(rnd, seat), "legal": legal,
        "rating": {"best": puzzle["rating"]["best"], "options": [
            {key: option[key] for key in ("move", "expected", "stderr", "win_rate", "playouts", "reason_code",
                                         "reason_message")} for option in options]},
        "margin": puzzle["margin"], "check": {"playouts": puzzle["check"]["playouts"],
                                              "best": puzzle["check"]["best"]},
        "themes": puzzle["themes"], "difficulty": puzzle["difficulty"],
        # The board of the position's own options (a session with an option may lay out other sections).
        "board": rnd.profile.describe()["sections"],
    }


def game_puzzles(root: Path, game: str) -> dict:
    """The game's puzzles as the pages ship them (the significant ones, checked), with the
    settings they were found with."""
    data = load_puzzles(root, game)
    settings = settings_of(data)
    shown = []
    for index, puzzle in enumerate(data.get("puzzles") or []):
        if puzzle.get("game") != game:
            raise BuildError(f"site/{FOLDER}/{game}.json: puzzles[{index}] is of another game")
        if significant(puzzle, settings):
            shown.append(checked_puzzle(puzzle, f"site/{FOLDER}/{game}.json: puzzles[{index}] ({puzzle.get('id')})"))
    if not shown:
        raise BuildError(f"site/{FOLDER}/{game}.json: no puzzle with a significant margin")
    ids = [p["id"] for p in shown]
    if len(set(ids)) != len(ids):
        raise BuildError(f"site/{FOLDER}/{game}.json: two puzzles share an id")
    return {"game": game, "settings": {"playouts": settings.playouts, "sigmas": settings.sigmas, "chips": settings.chips},
            "puzzles": shown}


def theme_labels(puzzles: dict, gettext) -> dict:
    """The names of the themes the game's puzzles have, in the page's language."""
    used = []
    for puzzle in puzzles["puzzles"]:
        used += [t for t in puzzle["themes"] if t not in used]
    return {theme: gettext(THEMES[theme] if theme in THEMES else PHASES[theme]) for theme in used}
