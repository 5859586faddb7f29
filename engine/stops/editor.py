"""What the example editor asks of the engine: deals, deal checks and the site's example block.

The editor (``site/static/model/editor.mjs``) builds a replay document (docs/replay-format.md)
piece by piece; the engine decides whether each piece holds:

- :func:`seeded_deal` -- a full deal drawn from a seed for the table set up so far;
- :func:`check_deal` -- is this deal (or mid-round position) one the game can start from? The
  answer names the hand sizes the deal needs and, for a bad one, the error
  ``{message, path, rule}``;
- :func:`edit_state` -- the walkthrough so far and the legal moves of the decision due;
- :func:`example_block` / :func:`read_example_block` -- a replay as the site's
  ```` ```stops-example ```` Markdown block (site_build/examples.py reads it), and back.

Nothing here raises for bad input but :class:`~stops.errors.StopsError` (the web API turns it
into ``{"ok": false, "error": ...}``).
"""

from __future__ import annotations

import json
import re

from .deal import deal_for, sizes_for
from .errors import ReplayError, StopsError
from .limits import MAX_DOCUMENT
from .replay import FORMAT, VERSION, load_replay, parse_document, read_game, walkthrough
from .table import MAX_SEED

FENCE = "stops-example"
# The fields of a replay, in the order a block writes them (the rest follow in their own order).
FIELD_ORDER = ("format", "version", "title", "description", "game", "options", "players", "dealer", "seed",
               "board", "balances", "deal", "position", "moves", "notes", "session_end")
_OPENING = re.compile(r"^(`{3,}|~{3,})\s*stops-example\b[^\n]*\n")


def _setup(doc) -> tuple:
    """The profile, names and dealer seat of a document's table (``game``, ``options``,
    ``players``, ``dealer``), checked as a replay checks them."""
    doc = parse_document(doc)
    profile, names = read_game(doc)
    dealer = doc.get("dealer")
    if dealer not in names:
        raise ReplayError(f"the dealer must be one of the players ({', '.join(names)})", path="dealer")
    return doc, profile, names, names.index(dealer)


def deal_sizes(doc) -> dict:
    """How many cards each hand and the extra hand hold after a full deal at this table."""
    _, profile, names, dealer = _setup(doc)
    sizes, widow = sizes_for(profile, len(names), dealer)
    return {"hands": dict(zip(names, sizes)), "widow": widow}


def game_pack(doc) -> dict:
    """The pack the document's game plays with its options: ``pack`` (the cards by suit, each
    suit lowest first in the game's rank order) and ``ranks`` (the rank order, lowest first)."""
    described = read_game(parse_document(doc))[0].describe()
    return {"pack": described["pack"], "ranks": described["ranks"]}


def seeded_deal(doc, seed: int) -> dict:
    """The document with a full ``deal`` drawn from ``seed`` (recorded in ``seed``), no moves."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise ReplayError(f"a seed is a whole number from 0 to {MAX_SEED - 1}", path="seed")
    doc, profile, names, dealer = _setup(doc)
    deal = deal_for(profile, seed, len(names), dealer)
    out = {key: value for key, value in doc.items() if key not in ("deal", "position", "moves", "notes")}
    out["seed"] = seed
    out["deal"] = deal.to_json(names)
    out["moves"] = []
    return out


def check_deal(doc) -> dict:
    """Can the round start from this document's ``deal`` (every card of the game's pack once, its hand
    sizes) or ``position`` (each card at most once; a card named nowhere counts as played)?

    Answers ``{"valid": true, "kind": "deal"|"position", "sizes": ..., "phases": [...]}`` or
    ``{"valid": false, "sizes": ... or null, "phases": [...] or null, "error": {message, path, rule}}``
    (``phases``: the phases of the game with these options, where a position may start); the
    moves are not looked at."""
    try:
        sizes = deal_sizes(doc)
        phases = list(_setup(doc)[1].phases)
    except StopsError as error:
        return {"valid": False, "sizes": None, "phases": None, "error": error.to_json()}
    try:
        data = parse_document(doc)
        kind = "position" if "position" in data else "deal"
        load_replay({key: value for key, value in data.items() if key not in ("moves", "notes", "session_end")}).start()
    except StopsError as error:
        return {"valid": False, "sizes": sizes, "phases": phases, "error": error.to_json()}
    return {"valid": True, "kind": kind, "sizes": sizes, "phases": phases}


def edit_state(doc) -> dict:
    """Where the document being edited stands: its walkthrough (every step so far, notes
    included), who is to move and the legal moves there (bids as ranges), and whether the
    round is over. A move the rules forbid raises, naming ``moves[i]``."""
    replay = load_replay(doc)
    walk = walkthrough(replay)
    rnd, _ = replay.play()
    seat = None if rnd.over else rnd.to_move()
    return {"walk": walk, "over": rnd.over, "to_move": None if seat is None else rnd.names[seat],
            "legal": [] if rnd.over else [move.to_json(rnd.names) for move in rnd.legal_moves()]}


def ordered(doc: dict) -> dict:
    """The document's fields in the order a person reads them."""
    first = {key: doc[key] for key in FIELD_ORDER if key in doc}
    return first | {key: value for key, value in doc.items() if key not in first}


def block_json(doc: dict) -> str:
    """The document as JSON a person can read in Markdown: one field per line, one move and one note per line."""
    def dumps(value):
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in ordered(doc).items():
        if key == "moves" and value:
            inner = ",\n".join(f"    {dumps(move)}" for move in value)
            lines.append(f'  "moves": [\n{inner}\n  ]')
        elif key == "notes" and isinstance(value, dict) and value:
            inner = ",\n".join(f"    {dumps(step)}: {dumps(text)}" for step, text in value.items())
            lines.append(f'  "notes": {{\n{inner}\n  }}')
        elif key in ("deal", "position") and isinstance(value, dict) and isinstance(value.get("hands"), dict):
            parts = [f'    "hands": {{\n' + ",\n".join(f"      {dumps(n)}: {dumps(c)}" for n, c in value["hands"].items())
                     + "\n    }"]
            parts += [f"    {dumps(k)}: {dumps(v)}" for k, v in value.items() if k != "hands"]
            lines.append(f'  {dumps(key)}: {{\n' + ",\n".join(parts) + "\n  }")
        else:
            lines.append(f"  {dumps(key)}: {dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def example_block(doc, collapsed: bool = False) -> str:
    """The replay as a ```` ```stops-example ```` block for a page of site/content (it must play)."""
    data = parse_document(doc)
    walkthrough(data)  # the block must play: the build would stop on it
    data = {"format": FORMAT, "version": VERSION} | data
    return f"```{FENCE}{' collapsed' if collapsed else ''}\n{block_json(data)}\n```\n"


def read_example_block(text) -> dict:
    """The replay of a ```` ```stops-example ```` block (with or without its fences), checked
    by playing it: ``{"document": ..., "collapsed": bool}``. A ``file:`` block names a file of
    the repository, which only the site's build can read."""
    if not isinstance(text, str):
        raise ReplayError("a stops-example block is text")
    if len(text) > MAX_DOCUMENT:
        raise ReplayError(f"a block is at most {MAX_DOCUMENT} characters")
    body = text.strip()
    collapsed = False
    opening = _OPENING.match(body + "\n")
    if opening:
        collapsed = "collapsed" in opening.group(0).split()
        body = (body + "\n")[opening.end():].rstrip()
        fence = opening.group(1)
        if not body.endswith(fence[0] * 3):
            raise ReplayError(f"the block is not closed: it needs a closing {fence} line")
        body = body.rstrip(fence[0]).rstrip()
    elif body.startswith(("```", "~~~")):
        raise ReplayError(f"the block's fence is not {FENCE}", path="block")
    if body.startswith("file:"):
        raise ReplayError("this block names a file of the site's repository ("
                          + body[len("file:"):].strip()[:80] + "): paste the replay document itself", path="block")
    data = parse_document(body)
    walkthrough(data)
    return {"document": data, "collapsed": collapsed}
