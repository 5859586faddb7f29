"""JSON in, JSON out: the small API the site's engine worker calls through Pyodide.

Every function takes and returns JSON text, so nothing but strings crosses the boundary
between JavaScript and Python. :func:`call` is the one entry point the worker uses: it
dispatches an operation by name and always returns ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "..."}`` (errors travel back as data, never as a traceback).

- :func:`walkthrough` -- every step of a replay document, with its events, their messages
  (``"messages"``, one per event: :mod:`stops.messages`) and the view after it (what the
  build embeds in the page);
- :func:`branch` -- "what if?": replay the document's first ``step`` moves, play another
  legal ``move`` instead of the recorded one, then let bots play the round to its end;
- :func:`hint` -- the engine's rating of every legal option of the player to move after the
  document's first ``step`` moves (:func:`stops.hints.hint`), reasons as catalog messages;
- the play page's operations over a session document (:mod:`stops.table`): :func:`new_session`,
  :func:`state`, :func:`legal_moves`, :func:`apply`, :func:`bot_move`, :func:`next_round`,
  :func:`check_document`, :func:`export_round`, :func:`round_walkthrough`. Each takes the
  whole document and answers with the new document and what the page draws (``state``).
"""

from __future__ import annotations

import hashlib
import inspect
import json

from .bots import BOTS, make_bot
from .errors import IllegalMove, ReplayError, StopsError, shown
from .hints import hint as rate
from .limits import MAX_MOVES, loads
from .moves import MoveFormatError, move_from_json
from .messages import event_messages, view_notices
from .replay import load_replay, parse_document, result_json, told
from .replay import walkthrough as replay_walkthrough
from . import editor
from . import table as tables
from .view import round_view

# The largest seed a request may give (bots seed their generators from it).
MAX_SEED = 2**53


class WebError(ReplayError):
    """A request the API cannot answer: ``path`` names the argument (``step``, ``move``)."""


def _dumps(value) -> str:
    # allow_nan=False: a NaN would reach the browser as bare ``NaN``, which JSON.parse rejects.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _whole(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise WebError(f"{name} is a whole number from {low} to {high:,}, not {shown(value)}", path=name)
    return value


def walkthrough(doc_json: str) -> str:
    """The walkthrough of a replay document (JSON text in, JSON text out)."""
    return _dumps(replay_walkthrough(doc_json))


def _position(doc_json: str, step: int):
    """The round after the document's first ``step`` moves, with a decision still to make."""
    replay = load_replay(doc_json)
    _whole(step, "step", 0, len(replay.moves))
    rnd = replay.start()
    for index, recorded in enumerate(replay.moves[:step]):
        try:
            rnd.apply(recorded)
        except IllegalMove as error:
            raise error.at(f"moves[{index}]") from None
    if rnd.over:
        raise WebError(f"the round is over after {step} moves: there is nothing to play instead", path="step")
    return rnd


def branch(doc_json: str, step: int, move_json: str, bot: str = "basic", seed: int = 0) -> str:
    """The new line of play when ``move`` is played instead of the document's move ``step``.

    The result has the walkthrough's shape: ``start`` is the position at the branch point
    (no events, the view before the alternative move), ``steps`` begins with the
    alternative move and goes on with the bots' moves to the end of the round, and
    ``result`` is the round's result. ``branch`` says where the line left the document.
    """
    seed = _whole(seed, "seed", -MAX_SEED, MAX_SEED)
    if not isinstance(bot, str) or bot not in BOTS:
        raise WebError(f"unknown bot level {shown(bot)} (levels: {', '.join(BOTS)})", path="bot")
    rnd = _position(doc_json, step)
    names = rnd.names
    move_data = loads(move_json, "the move") if isinstance(move_json, (str, bytes)) else move_json
    try:
        move = move_from_json(move_data, names, rnd.profile.move_types())
    except MoveFormatError as error:
        raise error.at("move") from None
    start = {"events": [], "messages": [], "view": round_view(rnd)}
    steps = []
    try:
        events = rnd.apply(move)
    except IllegalMove as error:
        raise error.at("move") from None
    steps.append({"move": move.to_json(names), **told(events, names, rnd.profile), "view": round_view(rnd)})
    bots = {seat: make_bot(bot, seed * 100 + seat) for seat in range(rnd.n)}
    while not rnd.over:
        if len(steps) > MAX_MOVES:
            raise WebError(f"the round did not end within {MAX_MOVES} moves")
        seat = rnd.to_move()
        chosen = bots[seat].choose(rnd, seat)
        events = rnd.apply(chosen)
        steps.append({"move": chosen.to_json(names), **told(events, names, rnd.profile), "view": round_view(rnd)})
    return _dumps({
        "game": rnd.profile.name,
        "players": list(names),
        "dealer": names[rnd.dealer],
        "branch": {"step": step, "move": move.to_json(names), "bot": bot, "seed": seed},
        "start": start,
        "steps": steps,
        "result": result_json(rnd),
    })


# A hint on a page answers within a second on Pyodide at 500 playouts (make bench: bench_bots).
MAX_PLAYOUTS = 2000


def hint(doc_json: str, step: int, playouts: int = 500, seed: int = 0) -> str:
    """Every legal option of the player to move after the document's first ``step`` moves,
    rated by ``playouts`` determinized playouts (:func:`stops.hints.hint`): expected chips,
    standard error, win rate and a reason (an English sentence and a catalog message)."""
    playouts = _whole(playouts, "playouts", 1, MAX_PLAYOUTS)
    seed = _whole(seed, "seed", -MAX_SEED, MAX_SEED)
    rnd = _position(doc_json, step)
    return _dumps(rate(rnd, rnd.to_move(), playouts, seed))


# ----- the play page: a session document in, the table's state out ----------------------
#
# Each request holds the whole session and a table replays it from its first round, so a long
# session would cost its whole replay on every request. The worker keeps the table of its last
# answer, keyed by the digest of that answer's document: the page's next request sends that very
# document (with a move to add, or asking for the state), and the table goes on from where it
# stands instead of replaying. Any other document (an undo, an import) is replayed as before. A
# table is taken out of the cache while a request changes it, so a request that fails leaves
# nothing half-changed behind.

_last: dict[str, tables.Table] = {}  # digest of the document -> its table (the last answer's only)


def document_digest(doc: dict) -> str:
    """The sha256 of a document's canonical JSON (keys sorted): equal documents, equal digests."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


def _table(doc_json) -> tables.Table:
    """The table of a session document: the cached one when the document is the last answer's."""
    doc = parse_document(doc_json)
    key = document_digest(doc)
    table = _last.pop(key, None)
    if table is not None and document_digest(table.doc) == key:  # (unless a caller changed it since)
        return table
    return tables.Table(doc)


def _keep(table: tables.Table) -> tables.Table:
    _last.clear()
    _last[document_digest(table.doc)] = table
    return table


def forget_tables() -> None:
    """Empty the cache (the tests compare answers with and without it)."""
    _last.clear()



def _json_arg(value, path: str):
    """An argument given as JSON text or as the value itself."""
    if not isinstance(value, str):
        return value
    try:
        return loads(value, f"the {path}")
    except StopsError as error:
        raise error.at(path) from None


def _answer(table, seat, **extra) -> str:
    """The table's state for ``seat``; events come with their messages (one per event)."""
    if "events" in extra:
        extra["messages"] = event_messages(extra["events"], table.profile.words_json())
    answer = table.state(seat) | extra
    answer["notices"] = view_notices(answer.get("view"))
    return _dumps(answer)


def new_session(setup_json, seat: str | None = None) -> str:
    """A new table from the set-up form: its document with the first round dealt, and its state."""
    return _answer(_keep(tables.load_table(tables.new_session(_json_arg(setup_json, "setup")))), seat)


def state(doc_json, seat: str | None = None) -> str:
    """Where the session stands, as ``seat`` sees it (None: every card shown)."""
    return _answer(_keep(_table(doc_json)), seat)


def legal_moves(doc_json) -> str:
    """The legal moves of the decision due (bids as ranges ``{"min", "max"}``)."""
    table = _keep(_table(doc_json))
    return _dumps({"to_move": table.to_move(), "controller": table.controller(table.to_move()), "legal": table.legal()})


def apply(doc_json, move_json, seat: str | None = None) -> str:
    """Play ``move``; the answer holds its events and the new document."""
    table = _table(doc_json)
    events = table.apply(_json_arg(move_json, "move"))
    return _answer(_keep(table), seat, events=events)


def bot_move(doc_json, seat: str | None = None, playouts: int = 100) -> str:
    """The bot to move decides and plays; the answer holds its move and events."""
    if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= 2000:
        raise WebError(f"playouts must be a whole number from 1 to 2000, not {shown(playouts)}", path="playouts")
    table = _table(doc_json)
    move, events = table.bot_move(playouts)
    return _answer(_keep(table), seat, move=move, events=events)


def next_round(doc_json, seat: str | None = None) -> str:
    """Deal the next round of the session (the deal passes left)."""
    table = _table(doc_json)
    events = table.deal_next()
    return _answer(_keep(table), seat, events=events)


def check_document(doc_json) -> str:
    """Validate an imported session or replay; ``{"valid", "kind", "document"}`` or ``{"valid": false, "error"}``."""
    return _dumps(tables.check_document(doc_json))


def export_round(doc_json, round: int) -> str:
    """Round ``round`` (0-based) of the session as a stops-replay document."""
    return _dumps(_keep(_table(doc_json)).round_replay(round))


def round_walkthrough(doc_json, round: int | None = None) -> str:
    """Every step of a round of the session (default: the round in play), like :func:`walkthrough`."""
    return _dumps(tables.walkthrough(_keep(_table(doc_json)), round))


# ----- the example editor: a replay document built piece by piece (stops.editor) ---------


def seeded_deal(doc_json, seed: int) -> str:
    """The document (game, options, players, dealer) with a full deal drawn from ``seed``."""
    return _dumps(editor.seeded_deal(_json_arg(doc_json, "document"), seed))


def check_deal(doc_json) -> str:
    """``{"valid", "kind", "sizes"}`` or ``{"valid": false, "sizes", "error": {message, path, rule}}``."""
    return _dumps(editor.check_deal(_json_arg(doc_json, "document")))


def game_pack(doc_json) -> str:
    """``{"pack", "ranks"}``: the cards the document's game deals with its options, in order."""
    return _dumps(editor.game_pack(_json_arg(doc_json, "document")))


def edit_state(doc_json) -> str:
    """The walkthrough of the document so far, who is to move and the legal moves."""
    return _dumps(editor.edit_state(_json_arg(doc_json, "document")))


def example_block(doc_json, collapsed: bool = False) -> str:
    """The replay as a ```` ```stops-example ```` block (JSON text of the block's text)."""
    return _dumps(editor.example_block(_json_arg(doc_json, "document"), collapsed is True))


def read_example_block(text: str) -> str:
    """The replay in a ```` ```stops-example ```` block: ``{"document", "collapsed"}``."""
    return _dumps(editor.read_example_block(text))


OPERATIONS = {
    "walkthrough": walkthrough,
    "branch": branch,
    "hint": hint,
    "new_session": new_session,
    "state": state,
    "legal_moves": legal_moves,
    "apply": apply,
    "bot_move": bot_move,
    "next_round": next_round,
    "check_document": check_document,
    "export_round": export_round,
    "round_walkthrough": round_walkthrough,
    "seeded_deal": seeded_deal,
    "check_deal": check_deal,
    "game_pack": game_pack,
    "edit_state": edit_state,
    "example_block": example_block,
    "read_example_block": read_example_block,
}


def call(op: str, args_json: str) -> str:
    """Run ``op`` with the JSON-encoded arguments (a list, or an object of keyword arguments).

    Always returns JSON text: ``{"ok": true, "result": <the operation's JSON>}`` or
    ``{"ok": false, "error": {"message": ..., "path": ..., "rule": ...}}`` -- the engine's
    own error (:class:`~stops.errors.StopsError`), never the text of another exception.
    """
    try:
        if not isinstance(op, str) or op not in OPERATIONS:
            raise WebError(f"unknown operation {shown(op)} (operations: {', '.join(OPERATIONS)})", path="op")
        args = loads(args_json, "the arguments") if args_json else []
        function = OPERATIONS[op]
        try:
            bound = inspect.signature(function).bind(*args) if isinstance(args, list) else (
                inspect.signature(function).bind(**args) if isinstance(args, dict) else None)
        except TypeError as error:
            raise WebError(f"{op}: bad arguments ({error})", path="args") from None
        if bound is None:
            raise WebError("the arguments are a JSON list or object", path="args")
        result = function(*bound.args, **bound.kwargs)
    except StopsError as error:
        return _dumps({"ok": False, "error": error.to_json()})
    except Exception as error:  # an engine bug: still an answer, never a hung request
        return _dumps({"ok": False, "error": {"message": f"the engine failed on this request ({type(error).__name__}); this is a bug",
                                               "path": None, "rule": None}})
    return '{"ok":true,"result":' + result + "}"
