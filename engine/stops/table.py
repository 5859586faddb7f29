"""A table in play: a whole session as one JSON document, replayed on every request.

The play page keeps no engine state between requests: it holds a *session document*
(``docs/replay-format.md``, "Sessions") and sends it with each request. :func:`load_table`
validates the document and replays it round by round through :class:`~stops.session.Session`
(the deal passing left, the board and the balances carried over, players leaving when they
cannot pay in chips mode) and every round through :mod:`stops.replay`, so a session
document is checked exactly like a replay. A :class:`Table` then answers what the page asks:
whose decision it is, the legal moves (a bid as a range), a move applied, a bot's move, the
next round dealt, the ledger of the session and its settlement, one round as a replay.

Chance is part of the document: each round's deal is in it (a replay's ``deal`` and
``moves``), and so are the hands of the session's final showdowns (Rummoli's), in
``session_end`` once the session is over. The seed only draws what the document does not hold
yet: the deal of a round not yet dealt (:func:`round_rng`), the final showdowns' hands of a
session that ends now (:func:`end_rng`), each written into the document at once. So any
document replays exactly from itself alone, whatever its seed.
"""

from __future__ import annotations

import random
from fractions import Fraction

from .bots import BOTS, make_bot
from .deal import deal_for
from .errors import ReplayError, SetupError, StopsError, shown
from .events import Left
from .round import Round
from .chips import format_amount
from .moves import move_from_json
from .replay import FORMAT as REPLAY_FORMAT
from .replay import VERSION as REPLAY_VERSION
from .replay import load_replay, parse_document, read_chips, read_game, read_session_end, read_version, session_end_json
from .replay import walkthrough as replay_walkthrough
from .session import Session, cut_for_dealer
from .view import round_view, went_out

FORMAT = "stops-session"
VERSION = 1
TOP_LEVEL = {"format", "version", "game", "options", "players", "bots", "seed", "dealer", "balances", "board", "rounds", "length",
             "session_end", "title"}
SETUP_FIELDS = {"game", "players", "bots", "options", "seed", "dealer", "length", "title"}
ROUND_FIELDS = {"deal", "position", "moves"}
# A seat the document does not name in ``bots`` is played by a person.
PERSON = "person"
MAX_ROUNDS = 1000
MAX_SEED = 2**53  # a seed survives a round trip through JavaScript numbers


def _fail(path: str | None, message: str):
    raise ReplayError(message, path=path)


def round_rng(seed: int, index: int) -> random.Random:
    """The generator that deals round ``index`` (0-based) of the session with ``seed``."""
    return random.Random(f"stops-session:{seed}:round:{index}")


def end_rng(seed: int) -> random.Random:
    """The generator that deals the final showdowns of the session with ``seed`` (when its
    document does not hold them yet)."""
    return random.Random(f"stops-session:{seed}:end")


def _seed(value, path: str = "seed") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEED:
        _fail(path, f"a seed is a whole number from 0 to {MAX_SEED - 1}, not {value!r}")
    return value


class Table:
    """A validated session document, replayed: the session, its rounds and where play stands."""

    def __init__(self, doc: dict):
        unknown = sorted(set(doc) - TOP_LEVEL)
        if unknown:
            _fail(unknown[0], f"unknown field (fields: {', '.join(sorted(TOP_LEVEL))})")
        if doc.get("format") != FORMAT:
            _fail("format", f"expected {FORMAT!r}")
        read_version(doc, VERSION, "session version")
        self.profile, names = read_game(doc)
        self.names = tuple(names)
        bots = doc.get("bots", {})
        if not isinstance(bots, dict):
            _fail("bots", "expected an object {player: bot level}")
        for name, level in bots.items():
            if name not in self.names:
                _fail(f"bots.{name}", f"unknown player (players: {', '.join(self.names)})")
            if not isinstance(level, str) or level not in BOTS:
                _fail(f"bots.{name}", f"unknown bot level {shown(level)} (levels: {', '.join(BOTS)})")
        self.bots = dict(bots)
        self.seed = _seed(doc.get("seed"))
        if "dealer" not in doc or doc["dealer"] not in self.names:
            _fail("dealer", f"the first dealer is one of the players ({', '.join(self.names)})")
        self.doc = {key: value for key, value in doc.items()}
        self.doc["format"], self.doc["version"] = FORMAT, VERSION
        self.doc["options"] = dict(self.profile.values)
        length = doc.get("length")
        if length is not None and (isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_ROUNDS):
            _fail("length", f"a session lasts from 1 to {MAX_ROUNDS} rounds, not {length!r}")
        self.session = Session(self.profile, self.names, self.seed, dealer=self.names.index(doc["dealer"]), rounds=length)
        self._start_state(doc)
        self.recorded_deals = read_session_end(doc, self.names)  # the final showdowns' hands; None: not yet
        rounds = doc.get("rounds", [])
        if not isinstance(rounds, list):
            _fail("rounds", "expected a list of rounds, each {'deal': ..., 'moves': [...]}")
        self.played: list[Round] = []
        self.replays = []
        self.left: list[list[str]] = [self._left_since(0)]  # who left before each round
        self.departures: list[list[dict]] = [self._departures_since(0)]  # the same, as events
        self.settlement = None
        for index, entry in enumerate(rounds):
            self._replay_round(index, entry)
        self._settle_if_over()
        if self.recorded_deals is not None and self.settlement is None:
            _fail("session_end", "the session is not over, so no final deal is dealt yet")

    # ----- loading ------------------------------------------------------------------

    def _start_state(self, doc: dict) -> None:
        """Balances and board before the first round (a session continued from a replay)."""
        board, balances = read_chips(doc, self.profile, self.names)
        self.session.start_from(None if balances is None else [_whole(amount) for amount in balances],
                                None if board is None else {sid: _whole(amount) for sid, amount in board.items()})

    def _left_since(self, mark: int) -> list[str]:
        return [self.names[e.seat] for e in self.session.events[mark:] if isinstance(e, Left)]

    def _departures_since(self, mark: int) -> list[dict]:
        return [e.to_json(self.names) for e in self.session.events[mark:] if isinstance(e, Left)]

    def _round_header(self) -> dict:
        """The replay fields of the next round: who plays, who deals, the carried-over state."""
        session = self.session
        seats = session.active
        return {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "game": self.profile.name,
            "options": dict(self.profile.values),
            "players": [self.names[s] for s in seats],
            "dealer": self.names[session.dealer],
            "balances": {self.names[s]: format_amount(session.ledger.balances[s]) for s in seats},
            "board": {sid: format_amount(amount) for sid, amount in session.ledger.board.items()},
        }

    def _replay_round(self, index: int, entry) -> None:
        path = f"rounds[{index}]"
        if self.played and not self.played[-1].over:
            _fail(path, f"round {index} is not over, so no round follows it")
        if self.session.over():
            _fail(path, f"the session is over after {index} rounds")
        if not isinstance(entry, dict):
            _fail(path, "expected an object {'deal': ..., 'moves': [...]}")
        unknown = sorted(set(entry) - ROUND_FIELDS)
        if unknown:
            _fail(f"{path}.{unknown[0]}", f"unknown field (fields: {', '.join(sorted(ROUND_FIELDS))})")
        doc = self._round_header() | entry
        try:
            replay = load_replay(doc)
            rnd, _ = replay.play()
        except ReplayError as error:
            raise error.at(path) from None
        self.played.append(rnd)
        self.replays.append(doc)
        if rnd.over:
            self._record(rnd)

    def _record(self, rnd: Round) -> None:
        """A round is over, whatever ended it (the last move, or its deal: a turn-up that wins
        the round): the session takes its ledger, who cannot pay leaves, and a session that
        is over now is settled now."""
        mark = len(self.session.events)
        self.session.record(rnd)
        self.left.append(self._left_since(mark))
        self.departures.append(self._departures_since(mark))
        self._settle_if_over()

    def _settle_if_over(self) -> None:
        """Settle a session that is over: its final showdowns deal the hands the document holds
        (``session_end``), or, when it holds none yet, hands drawn from the seed, which are
        written into the document at once."""
        if self.settlement is None and self.session.over() and (not self.played or self.played[-1].over):
            session = self.session
            try:
                events = session.finish(self.recorded_deals, end_rng(self.seed))
            except SetupError as error:
                raise error.at("session_end") from None
            self.settlement = session_end_json(session, events)
            deals = [{self.names[s]: [str(c) for c in deal[s]] for s in sorted(deal)} for deal in session.final_deals]
            self.settlement["deals"] = deals
            if deals or self.recorded_deals is not None:
                self.doc["session_end"] = {"deals": deals}

    # ----- where play stands --------------------------------------------------------

    @property
    def current(self) -> Round | None:
        return self.played[-1] if self.played else None

    def stage(self) -> str:
        """``play`` (a decision is due), ``next-round`` (deal the next round) or ``over``."""
        if self.settlement is not None:
            return "over"
        if self.current is None or self.current.over:
            return "next-round"
        return "play"

    def to_move(self) -> str | None:
        if self.stage() != "play":
            return None
        return self.current.names[self.current.to_move()]

    def controller(self, name: str | None) -> str | None:
        """Who decides for ``name``: a bot level, or ``person``."""
        return None if name is None else self.bots.get(name, PERSON)

    # ----- changes (each returns the events) ---------------------------------------

    def deal_next(self) -> list:
        if self.stage() != "next-round":
            _fail("rounds", "the round in play is not over" if self.stage() == "play" else "the session is over")
        index = len(self.played)
        session = self.session
        dealer = session.active.index(session.dealer)
        deal = deal_for(self.profile, round_rng(self.seed, index), len(session.active), dealer)
        names = [self.names[s] for s in session.active]
        entry = {"deal": deal.to_json(names), "moves": []}
        self._replay_round(index, entry)
        self.doc["rounds"] = list(self.doc.get("rounds", [])) + [entry]
        out = [e.to_json(self.current.names) for e in self.current.start_events]
        if self.current.over:  # the round ended at its deal: who cannot pay the next ante leaves now
            out += self.departures[-1]
        return out

    def apply(self, move_data, path: str = "move") -> list:
        if self.stage() != "play":
            _fail(path, "no decision is due: " + ("deal the next round" if self.stage() == "next-round" else "the session is over"))
        rnd = self.current
        try:
            move = move_from_json(move_data, rnd.names, rnd.profile.move_types())
            events = rnd.apply(move)
        except StopsError as error:  # its message, its rule, and where: the request's field
            raise error.at(path) from None
        rounds = self.doc["rounds"] = list(self.doc["rounds"])
        last = dict(rounds[-1])
        last["moves"] = list(last.get("moves", [])) + [move.to_json(rnd.names)]
        rounds[-1] = last
        self.replays[-1] = self.replays[-1] | {"moves": last["moves"]}
        out = [e.to_json(rnd.names) for e in events]
        if rnd.over:
            self._record(rnd)
            out += self.departures[-1]  # who cannot pay the next ante leaves now (chips mode)
        return out

    def bot_move(self, playouts: int = 100) -> tuple[dict, list]:
        """The bot to move chooses (from what its seat sees), and its move is applied."""
        name = self.to_move()
        level = self.controller(name)
        if name is None or level == PERSON:
            _fail("bots", f"{name or 'nobody'} is not a bot: there is no bot move to make")
        rnd = self.current
        seat = rnd.names.index(name)
        decision = self.seed * 1_000_003 + len(self.played) * 10_007 + len(rnd.moves)
        move = make_bot(level, decision, playouts=playouts).choose(rnd, seat).to_json(rnd.names)
        return move, self.apply(move, "bot")

    # ----- answers ------------------------------------------------------------------

    def legal(self) -> list[dict]:
        """The legal moves now (an auction's bids as one range, ``{"bid": {"min", "max"}}``)."""
        if self.stage() != "play":
            return []
        return legal_json(self.current)

    def ledger(self) -> dict:
        """Each round's dealer, winner, net and balance per player, the board after it."""
        rounds = []
        for index, rnd in enumerate(self.played):
            results = rnd.results()
            rounds.append({
                "round": index + 1,
                "dealer": rnd.names[rnd.dealer],
                "over": rnd.over,
                "winner": None if rnd.winner is None else rnd.names[rnd.winner],
                "went_out": went_out(rnd),
                "left_before": self.left[index],
                "players": {
                    name: {"net": format_amount(results["net"][seat]), "balance": format_amount(results["balances"][seat])}
                    for seat, name in enumerate(rnd.names)
                },
                "board": {sid: format_amount(amount) for sid, amount in results["board"].items()},
            })
        ledger = self.session.ledger
        return {
            "rounds": rounds,
            "balances": {name: format_amount(ledger.balances[s]) for s, name in enumerate(self.names)},
            "board": {sid: format_amount(amount) for sid, amount in ledger.board.items()},
            "active": [self.names[s] for s in self.session.active],
            "left": [name for group in self.left for name in group],
        }

    def round_replay(self, index: int) -> dict:
        """Round ``index`` as a stops-replay document (the last one ends the session when it did)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.played):
            _fail("round", f"the session has rounds 0 to {len(self.played) - 1}, not {index!r}")
        doc = dict(self.replays[index])
        doc["seed"] = self.seed
        if self.settlement is not None and index == len(self.played) - 1:
            doc["session_end"] = {"deals": self.settlement["deals"]} if self.settlement["deals"] else {}
        return doc

    def state(self, seat: str | None = None) -> dict:
        """Everything the play page draws, as seen by ``seat`` (None: every card shown)."""
        if seat is not None and seat not in self.names:
            _fail("seat", f"unknown player {seat!r} (players: {', '.join(self.names)})")
        rnd = self.current
        view = None
        if rnd is not None:
            view = round_view(rnd, rnd.names.index(seat) if seat in rnd.names else None)
            view["legal"] = self.legal() if (seat is None or self.to_move() == seat) else []
        to_move = self.to_move()
        return {
            "document": self.doc,
            "game": self.profile.name,
            "players": list(self.names),
            "bots": self.bots,
            "rounds": self.session.rounds,
            "round": len(self.played),
            "stage": self.stage(),
            "to_move": to_move,
            "controller": self.controller(to_move),
            "moves": len(rnd.moves) if rnd is not None else 0,
            "view": view,
            "replay": self.round_replay(len(self.played) - 1) if self.played else None,
            "legal": self.legal() if to_move is not None and (seat is None or seat == to_move) else [],
            "ledger": self.ledger(),
            "session_end": self.settlement,
        }


def _whole(amount):
    """An amount that is a whole number as an int (``"4/2"`` is 2)."""
    return int(amount) if isinstance(amount, Fraction) and amount.denominator == 1 else amount


def legal_json(rnd: Round) -> list[dict]:
    """The legal moves of ``rnd`` as JSON (an auction's bids as one range, ``max`` null when open)."""
    return [move.to_json(rnd.names) for move in rnd.legal_moves()]


def load_table(data) -> Table:
    """Validate a session document (dict or JSON text) and replay it."""
    return Table(parse_document(data))


# ----- new sessions and imports -------------------------------------------------------


def new_session(setup) -> dict:
    """The session document of a new table, its first round dealt.

    ``setup``: ``game``, ``players`` (names in seat order), ``bots`` ({name: level}; the
    others are people), ``options`` (every rule option, the bankroll and the session length
    among them), ``length`` (rounds in the session, for a game without a length option),
    ``seed`` (a whole number; drawn at random when absent) and ``dealer`` (a
    name; when absent the players cut for the deal)."""
    if not isinstance(setup, dict):
        _fail(None, "the set-up is an object {game, players, bots, options, seed, dealer}")
    unknown = sorted(set(setup) - SETUP_FIELDS)
    if unknown:
        _fail(unknown[0], f"unknown set-up field (fields: {', '.join(sorted(SETUP_FIELDS))})")
    seed = setup.get("seed")
    seed = random.SystemRandom().randrange(MAX_SEED) if seed is None else _seed(seed)
    doc = {"format": FORMAT, "version": VERSION} | {k: v for k, v in setup.items() if v is not None} | {"seed": seed}
    if setup.get("dealer") is None:
        _, players = read_game(doc)  # the players are checked before they cut for the deal
        doc["dealer"] = players[cut_for_dealer(random.Random(seed), len(players))]
    table = Table(doc)
    if table.stage() == "over":
        _fail("options.starting_chips", f"with {table.profile.starting_chips} chips each, too few players can pay the ante to play a round")
    table.deal_next()
    return table.doc


def session_from_replay(data) -> dict:
    """A session document whose first round is this replay (people at every seat but the first).

    The replay's balances and board become the session's starting state, so the round plays
    exactly as recorded and the session can go on after it."""
    replay_doc = parse_document(data)
    replay = load_replay(replay_doc)
    names = list(replay.names)
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": replay.profile.name,
        "options": dict(replay.profile.values),
        "players": names,
        "bots": {name: "basic" for name in names[1:]},
        "seed": _seed(replay_doc.get("seed", 0), "seed"),
        "dealer": names[replay.dealer],
        "rounds": [{key: replay_doc[key] for key in ROUND_FIELDS if key in replay_doc}],
    }
    for key in ("balances", "board", "title"):
        if key in replay_doc:
            doc[key] = replay_doc[key]
    Table(doc)  # the round replays inside a session too
    return doc


def check_document(data) -> dict:
    """Read an imported document: a session, or a replay turned into a session.

    Returns ``{"valid": true, "kind": "session"|"round", "document": <session document>}``
    or ``{"valid": false, "error": {"message", "path", "rule"}}``; never raises for bad input."""
    try:
        doc = parse_document(data)
        if doc.get("format") == FORMAT:
            return {"valid": True, "kind": "session", "document": load_table(doc).doc}
        return {"valid": True, "kind": "round", "document": session_from_replay(doc)}
    except StopsError as error:
        return {"valid": False, "error": error.to_json()}


def walkthrough(table: Table, index: int | None = None) -> dict:
    """Every step of round ``index`` (default: the one in play), as the replay walkthrough gives it."""
    index = len(table.played) - 1 if index is None else index
    return replay_walkthrough(table.round_replay(index))
