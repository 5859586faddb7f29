"""JSON in, JSON out: the small API the site's engine worker calls through Pyodide.

Every function takes and returns JSON text, so nothing but strings crosses the boundary
between JavaScript and Python. :func:`call` is the one entry point the worker uses: it
dispatches an operation by name and always returns ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "..."}`` (errors travel back as data, never as a traceback).

- :func:`walkthrough` -- every step of a replay document, with its events and the view
  after it (what the build embeds in the page);
- :func:`branch` -- "what if?": replay the document's first ``step`` moves, play another
  legal ``move`` instead of the recorded one, then let bots play the round to its end;
- :func:`hint` -- the engine's rating of every legal option of the player to move after the
  document's first ``step`` moves (:func:`stops.hints.hint`).
"""

from __future__ import annotations

import json

from .bots import BOTS, make_bot
from .errors import IllegalMove, StopsError
from .moves import MoveFormatError, move_from_json
from .replay import load_replay, result_json
from .replay import walkthrough as replay_walkthrough

# A round of any game ends long before this many moves; the guard only stops a runaway bot.
MAX_MOVES = 2000


class WebError(ValueError):
    """A request the API cannot answer; the message is shown to the reader as is."""


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def walkthrough(doc_json: str) -> str:
    """The walkthrough of a replay document (JSON text in, JSON text out)."""
    return _dumps(replay_walkthrough(doc_json))


def _position(doc_json: str, step: int):
    """The round after the document's first ``step`` moves, with a decision still to make."""
    replay = load_replay(doc_json)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(replay.moves):
        raise WebError(f"step must be a whole number from 0 to {len(replay.moves)}, not {step!r}")
    hand = replay.start()
    for index, recorded in enumerate(replay.moves[:step]):
        try:
            hand.apply(recorded)
        except IllegalMove as error:
            raise WebError(f"moves[{index}]: {error}") from None
    if hand.over:
        raise WebError(f"the round is over after {step} moves: there is nothing to play instead")
    return hand


def branch(doc_json: str, step: int, move_json: str, bot: str = "basic", seed: int = 0) -> str:
    """The new line of play when ``move`` is played instead of the document's move ``step``.

    The result has the walkthrough's shape: ``start`` is the position at the branch point
    (no events, the view before the alternative move), ``steps`` begins with the
    alternative move and goes on with the bots' moves to the end of the round, and
    ``result`` is the round's result. ``branch`` says where the line left the document.
    """
    hand = _position(doc_json, step)
    if bot not in BOTS:
        raise WebError(f"unknown bot level {bot!r} (levels: {', '.join(BOTS)})")
    names = hand.names
    try:
        move_data = json.loads(move_json) if isinstance(move_json, str) else move_json
        move = move_from_json(move_data, names)
    except json.JSONDecodeError as error:
        raise WebError(f"the move is not valid JSON: {error.msg}") from None
    except (MoveFormatError, StopsError, KeyError, ValueError) as error:
        raise WebError(f"the move cannot be read: {error}") from None
    start = {"events": [], "view": hand.view()}
    steps = []
    try:
        events = hand.apply(move)
    except IllegalMove as error:
        raise WebError(f"{move_data.get('player', 'the table')} cannot make this move: {error}") from None
    steps.append({"move": move.to_json(names), "events": [e.to_json(names) for e in events], "view": hand.view()})
    bots = {seat: make_bot(bot, seed * 100 + seat) for seat in range(hand.n)}
    while not hand.over:
        if len(steps) > MAX_MOVES:
            raise WebError(f"the round did not end within {MAX_MOVES} moves")
        seat = hand.to_move()
        chosen = bots[seat].choose(hand, seat)
        events = hand.apply(chosen)
        steps.append({"move": chosen.to_json(names), "events": [e.to_json(names) for e in events],
                      "view": hand.view()})
    return _dumps({
        "game": hand.profile.name,
        "players": list(names),
        "dealer": names[hand.dealer],
        "branch": {"step": step, "move": move.to_json(names), "bot": bot, "seed": seed},
        "start": start,
        "steps": steps,
        "result": result_json(hand),
    })


# Hints on a page answer within a second on Pyodide (bench/bench_hints_web.py measures it).
MAX_PLAYOUTS = 2000


def hint(doc_json: str, step: int, playouts: int = 500, seed: int = 0) -> str:
    """Every legal option of the player to move after the document's first ``step`` moves,
    rated by ``playouts`` determinized playouts (:func:`stops.hints.hint`): expected chips,
    standard error, win rate and a reason (an English sentence and a catalog message)."""
    from .hints import hint as rate

    if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= MAX_PLAYOUTS:
        raise WebError(f"playouts must be a whole number from 1 to {MAX_PLAYOUTS}, not {playouts!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WebError(f"seed must be a whole number, not {seed!r}")
    hand = _position(doc_json, step)
    seat = hand.to_move()
    if seat is None:
        raise WebError(f"nobody is to move after {step} moves")
    return _dumps(rate(hand, seat, playouts, seed))


OPERATIONS = {"walkthrough": walkthrough, "branch": branch, "hint": hint}


def call(op: str, args_json: str) -> str:
    """Run ``op`` with the JSON-encoded arguments (a list, or an object of keyword arguments).

    Always returns JSON text: ``{"ok": true, "result": <the operation's JSON>}`` or
    ``{"ok": false, "error": "<one readable line>"}``.
    """
    try:
        if op not in OPERATIONS:
            raise WebError(f"unknown operation {op!r} (operations: {', '.join(OPERATIONS)})")
        args = json.loads(args_json) if args_json else []
        if isinstance(args, dict):
            result = OPERATIONS[op](**args)
        elif isinstance(args, list):
            result = OPERATIONS[op](*args)
        else:
            raise WebError("the arguments are a JSON list or object")
    except (StopsError, WebError) as error:
        return _dumps({"ok": False, "error": str(error)})
    except TypeError as error:
        return _dumps({"ok": False, "error": f"{op}: bad arguments: {error}"})
    except Exception as error:  # an engine bug: still an answer, never a hung request
        return _dumps({"ok": False, "error": f"{type(error).__name__}: {error}"})
    return '{"ok":true,"result":' + result + "}"
