"""JSON in, JSON out: the small API the site's engine worker calls through Pyodide.

Every function takes and returns JSON text, so nothing but strings crosses the boundary
between JavaScript and Python. :func:`call` is the one entry point the worker uses: it
dispatches an operation by name and always returns ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "..."}`` (errors travel back as data, never as a traceback).

- :func:`walkthrough` -- every step of a replay document, with its events and the view
  after it (what the build embeds in the page);
- :func:`branch` -- "what if?": replay the document's first ``step`` moves, play another
  legal ``move`` instead of the recorded one, then let bots play the round to its end;
- the play page's operations over a session document (:mod:`stops.table`): :func:`new_session`,
  :func:`state`, :func:`legal_moves`, :func:`apply`, :func:`bot_move`, :func:`next_round`,
  :func:`check_document`, :func:`export_round`, :func:`round_walkthrough`. Each takes the
  whole document and answers with the new document and what the page draws (``state``).
"""

from __future__ import annotations

import json

from .bots import BOTS, make_bot
from .errors import IllegalMove, ReplayError, StopsError
from .moves import MoveFormatError, move_from_json
from .replay import load_replay, result_json
from .replay import walkthrough as replay_walkthrough
from . import table as tables

# A round of any game ends long before this many moves; the guard only stops a runaway bot.
MAX_MOVES = 2000


class WebError(ValueError):
    """A request the API cannot answer; the message is shown to the reader as is."""


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def walkthrough(doc_json: str) -> str:
    """The walkthrough of a replay document (JSON text in, JSON text out)."""
    return _dumps(replay_walkthrough(doc_json))


def branch(doc_json: str, step: int, move_json: str, bot: str = "basic", seed: int = 0) -> str:
    """The new line of play when ``move`` is played instead of the document's move ``step``.

    The result has the walkthrough's shape: ``start`` is the position at the branch point
    (no events, the view before the alternative move), ``steps`` begins with the
    alternative move and goes on with the bots' moves to the end of the round, and
    ``result`` is the round's result. ``branch`` says where the line left the document.
    """
    replay = load_replay(doc_json)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(replay.moves):
        raise WebError(f"step must be a whole number from 0 to {len(replay.moves)}, not {step!r}")
    if bot not in BOTS:
        raise WebError(f"unknown bot level {bot!r} (levels: {', '.join(BOTS)})")
    rnd = replay.start()
    names = rnd.names
    for index, recorded in enumerate(replay.moves[:step]):
        try:
            rnd.apply(recorded)
        except IllegalMove as error:
            raise WebError(f"moves[{index}]: {error}") from None
    if rnd.over:
        raise WebError(f"the round is over after {step} moves: there is nothing to play instead")
    try:
        move_data = json.loads(move_json) if isinstance(move_json, str) else move_json
        move = move_from_json(move_data, names)
    except json.JSONDecodeError as error:
        raise WebError(f"the move is not valid JSON: {error.msg}") from None
    except (MoveFormatError, StopsError, KeyError, ValueError) as error:
        raise WebError(f"the move cannot be read: {error}") from None
    start = {"events": [], "view": rnd.view()}
    steps = []
    try:
        events = rnd.apply(move)
    except IllegalMove as error:
        raise WebError(f"{move_data.get('player', 'the table')} cannot make this move: {error}") from None
    steps.append({"move": move.to_json(names), "events": [e.to_json(names) for e in events], "view": rnd.view()})
    bots = {seat: make_bot(bot, seed * 100 + seat) for seat in range(rnd.n)}
    while not rnd.over:
        if len(steps) > MAX_MOVES:
            raise WebError(f"the round did not end within {MAX_MOVES} moves")
        seat = rnd.to_move()
        chosen = bots[seat].choose(rnd, seat)
        events = rnd.apply(chosen)
        steps.append({"move": chosen.to_json(names), "events": [e.to_json(names) for e in events],
                      "view": rnd.view()})
    return _dumps({
        "game": rnd.profile.name,
        "players": list(names),
        "dealer": names[rnd.dealer],
        "branch": {"step": step, "move": move.to_json(names), "bot": bot, "seed": seed},
        "start": start,
        "steps": steps,
        "result": result_json(rnd),
    })


# ----- the play page: a session document in, the table's state out ----------------------


def _json_arg(value, path: str):
    """An argument given as JSON text or as the value itself."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except json.JSONDecodeError as error:
        raise ReplayError(f"not valid JSON: {error.msg}", path) from None


def _answer(table, seat, **extra) -> str:
    return _dumps(table.state(seat) | extra)


def new_session(setup_json, seat: str | None = None) -> str:
    """A new table from the set-up form: its document with the first round dealt, and its state."""
    return _answer(tables.load_table(tables.new_session(_json_arg(setup_json, "setup"))), seat)


def state(doc_json, seat: str | None = None) -> str:
    """Where the session stands, as ``seat`` sees it (None: every card shown)."""
    return _answer(tables.load_table(doc_json), seat)


def legal_moves(doc_json) -> str:
    """The legal moves of the decision due (bids as ranges ``{"min", "max"}``)."""
    table = tables.load_table(doc_json)
    return _dumps({"to_move": table.to_move(), "controller": table.controller(table.to_move()), "legal": table.legal()})


def apply(doc_json, move_json, seat: str | None = None) -> str:
    """Play ``move``; the answer holds its events and the new document."""
    table = tables.load_table(doc_json)
    events = table.apply(_json_arg(move_json, "move"))
    return _answer(table, seat, events=events)


def bot_move(doc_json, seat: str | None = None, playouts: int = 100) -> str:
    """The bot to move decides and plays; the answer holds its move and events."""
    if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= 2000:
        raise WebError(f"playouts must be a whole number from 1 to 2000, not {playouts!r}")
    table = tables.load_table(doc_json)
    move, events = table.bot_move(playouts)
    return _answer(table, seat, move=move, events=events)


def next_round(doc_json, seat: str | None = None) -> str:
    """Deal the next round of the session (the deal passes left)."""
    table = tables.load_table(doc_json)
    events = table.deal_next()
    return _answer(table, seat, events=events)


def check_document(doc_json) -> str:
    """Validate an imported session or replay; ``{"valid", "kind", "document"}`` or ``{"valid": false, "error"}``."""
    return _dumps(tables.check_document(doc_json))


def export_round(doc_json, round: int) -> str:
    """Round ``round`` (0-based) of the session as a stops-replay document."""
    return _dumps(tables.load_table(doc_json).round_replay(round))


def round_walkthrough(doc_json, round: int | None = None) -> str:
    """Every step of a round of the session (default: the round in play), like :func:`walkthrough`."""
    return _dumps(tables.walkthrough(tables.load_table(doc_json), round))


OPERATIONS = {
    "walkthrough": walkthrough,
    "branch": branch,
    "new_session": new_session,
    "state": state,
    "legal_moves": legal_moves,
    "apply": apply,
    "bot_move": bot_move,
    "next_round": next_round,
    "check_document": check_document,
    "export_round": export_round,
    "round_walkthrough": round_walkthrough,
}


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
