"""Replays: a round as a versioned JSON document (the deal plus the moves).

See ``docs/replay-format.md`` for the format. :func:`load_replay` validates a document and
raises :class:`~stops.errors.ReplayError` naming the field or move at fault;
:meth:`Replay.play` replays it; :func:`walkthrough` gives every step with its events, their
messages (:mod:`stops.messages`) and the view after it, for the site; :func:`record` turns a
played round back into a document.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, CardError, parse_card
from .deal import Deal
from .enums import Bankroll, FirstLeader
from .errors import IllegalMove, LimitError, ReplayError, SetupError, StopsError, clean_text, shown
from .events import Dealt, Event
from .kernel.leads import LEADS
from .round import Round
from .chips import Amount, format_amount
from .messages import event_messages
from .limits import MAX_DOCUMENT, MAX_MOVES, MAX_NAME, MAX_NOTE, MAX_REDEALS, check_chips, check_value, loads, parse_amount
from .moves import Move, MoveFormatError, Redeal, move_from_json
from .profiles import PROFILES
from .profiles.base import Profile
from .session import Session
from .view import round_view, went_out

FORMAT = "stops-replay"
VERSION = 1
TOP_LEVEL = {
    "format", "version", "game", "options", "players", "dealer", "board", "balances",
    "deal", "position", "moves", "session_end", "seed", "title", "description", "notes",
}
POSITION_FIELDS = {"hands", "widow", "turn_up", "phase", "leader", "stopped", "last"}


@dataclass
class Replay:
    """A validated replay document, ready to play."""

    profile: Profile
    names: tuple[str, ...]
    dealer: int
    deal: Deal
    full_deal: bool
    moves: list[Move]
    board: dict[str, Amount] | None = None
    balances: list[Amount] | None = None
    phase: str | None = None
    setup: dict = field(default_factory=dict)
    source: str | None = None
    # This round ends the session: settle the board after it (with these showdown deals).
    session_end: list[dict[int, tuple[Card, ...]]] | None = None
    # Notes for people, by step: 0 is the position at the start, i the step of moves[i - 1].
    notes: dict[int, str] = field(default_factory=dict)

    def start(self) -> Round:
        """The round at its start: antes paid, cards dealt, nothing played."""
        try:
            return Round(
                self.profile,
                self.names,
                self.dealer,
                self.deal,
                balances=self.balances,
                board=self.board,
                full_deal=self.full_deal,
                phase=self.phase,
                setup=self.setup,
            )
        except StopsError as error:
            raise error.at("deal" if self.full_deal else "position") from None

    def play(self) -> tuple[Round, list[tuple[Move, list[Event]]]]:
        """Play every move; an illegal one raises ReplayError naming ``moves[i]``."""
        rnd = self.start()
        steps = []
        for index, move in enumerate(self.moves):
            try:
                events = rnd.apply(move)
            except IllegalMove as error:
                raise error.at(f"moves[{index}]") from None
            steps.append((move, events))
        return rnd, steps

    def settle(self, rnd: Round):
        """When the document ends the session: the session after settling, and its events."""
        if self.session_end is None:
            return None, []
        if not rnd.over:
            raise ReplayError("the round is not over, so the session cannot end after it", path="session_end")
        session = Session.after_round(rnd)
        try:
            events = session.finish(self.session_end)
        except SetupError as error:
            raise error.at("session_end") from None
        return session, events


def _fail(path: str, message: str):
    raise ReplayError(message, path=path)


def _turn_up(doc: dict, path: str) -> Card | None:
    """The card a deal (or position) turns up for trumps, or None when it names none."""
    if "turn_up" not in doc:
        return None
    try:
        return parse_card(doc["turn_up"])
    except CardError as error:
        raise error.at(path) from None


def _cards(value, path: str) -> list[Card]:
    if not isinstance(value, list):
        _fail(path, "expected a list of cards")
    cards = []
    for i, text in enumerate(value):
        try:
            cards.append(parse_card(text))
        except CardError as error:
            raise error.at(f"{path}[{i}]") from None
    return cards


def _hands(value, names: Sequence[str], path: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, dict):
        _fail(path, f"expected an object {{player: [cards]}}, not {shown(value)}")
    for name in value:
        if name not in names:
            _fail(f"{path}.{name}", f"unknown player (players: {', '.join(names)})")
    missing = [name for name in names if name not in value]
    if missing:
        _fail(path, f"no hand for {', '.join(missing)}")
    return tuple(tuple(_cards(value[name], f"{path}.{name}")) for name in names)


def _amount(value, path: str) -> Amount:
    try:
        return parse_amount(value)
    except ValueError as error:
        _fail(path, str(error))
    except LimitError as error:
        raise error.at(path) from None


def _player(value, names: Sequence[str], path: str) -> int:
    if value not in names:
        _fail(path, f"unknown player {shown(value)} (players: {', '.join(names)})")
    return list(names).index(value)


def _played(text, deal: Deal, names: Sequence[str], profile: Profile, path: str) -> Card:
    """A card a position says was played (the one that stopped the last sequence, the last one
    of the sequence in play): a card named nowhere in the position, as every played card is."""
    try:
        c = parse_card(text)
    except CardError as error:
        raise error.at(path) from None
    holder = next((names[seat] for seat, hand in enumerate(deal.hands) if c in hand), None)
    if holder is None and c in deal.widow:
        holder = f"the {profile.widow_name}"
    if holder is not None:
        _fail(path, f"{c} has been played, so the position holds it nowhere (it gives it to {holder})")
    return c


def parse_document(data) -> dict:
    """The document as a dict: a dict is taken as is, text (or UTF-8 bytes) is read as JSON,
    both within the limits of :mod:`stops.limits`."""
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data)
    else:
        check_value(data)
    if not isinstance(data, dict):
        raise ReplayError("a replay is a JSON object")
    return data


def read_version(doc: dict, version: int, what: str = "version") -> None:
    """The document's ``version`` is the JSON integer ``version`` (not ``true``, not ``1.0``), or absent."""
    value = doc.get("version", version)
    if type(value) is not int or value != version:
        _fail("version", f"this engine reads {what} {version} (a whole number), not {shown(value)}")


def read_game(doc: dict) -> tuple[Profile, list[str]]:
    """The ``game`` with its ``options``, and the ``players``, of a replay or session document."""
    game = doc.get("game")
    if not isinstance(game, str) or game not in PROFILES:
        _fail("game", f"unknown game {shown(game)} (games: {', '.join(PROFILES)})")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        _fail("options", "expected an object {option: value}")
    try:
        profile = PROFILES[game].configure(options)
    except SetupError as error:
        raise error.at("options") from None
    names = doc.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        _fail("players", "expected a list of player names in seat order")
    for seat, name in enumerate(names):
        if len(name) > MAX_NAME:
            raise LimitError(f"a player name is at most {MAX_NAME} characters, not {len(name)}", path=f"players[{seat}]")
        if clean_text(name) != name:
            _fail(f"players[{seat}]", f"a player name is printable text, not {shown(name)}")
    if len(set(names)) != len(names):
        _fail("players", "player names must be different")
    try:
        profile.check_players(len(names))
    except SetupError as error:
        raise error.at("players") from None
    return profile, names


def read_board(doc: dict, profile: Profile) -> dict[str, Amount] | None:
    """The chips on each board section before the first ante (``board``), or None."""
    board = None
    if "board" in doc:
        if not isinstance(doc["board"], dict):
            _fail("board", "expected an object {section: chips}")
        board = {}
        for sid, value in doc["board"].items():
            if sid not in profile.section_ids():
                _fail(f"board.{sid}", f"unknown section (sections: {', '.join(profile.section_ids())})")
            board[sid] = _amount(value, f"board.{sid}")
            if board[sid] < 0:
                _fail(f"board.{sid}", "a section never holds a negative amount")
    return board


def read_chips(doc: dict, profile: Profile, names) -> tuple[dict[str, Amount] | None, list[Amount] | None]:
    """The ``board`` and the ``balances`` (:func:`read_board`, :func:`read_balances`), within
    the limits on a document's chips all together (:func:`stops.limits.check_chips`)."""
    board = read_board(doc, profile)
    balances = read_balances(doc, profile, names)
    check_chips([(f"board.{sid}", amount) for sid, amount in (board or {}).items()]
                + [(f"balances.{name}", amount) for name, amount in zip(names, balances or ())])
    return board, balances


def read_balances(doc: dict, profile: Profile, names) -> list[Amount] | None:
    """Each player's balance before the first ante (``balances``), or None."""
    balances = None
    if "balances" in doc:
        if not isinstance(doc["balances"], dict):
            _fail("balances", "expected an object {player: chips}")
        start = profile.starting_chips if profile.bankroll == Bankroll.CHIPS else 0
        balances = [start] * len(names)
        for name, value in doc["balances"].items():
            seat = _player(name, names, f"balances.{name}")
            balances[seat] = _amount(value, f"balances.{name}")
    return balances


def read_notes(value, moves: int) -> dict[int, str]:
    """``notes``: ``{"<step>": "text"}``, a step from 0 (the start) to the number of moves; the
    text is plain (shown as text, never as markup), one or more lines, at most MAX_NOTE characters."""
    if not isinstance(value, dict):
        _fail("notes", 'expected an object {"<step>": "text"} (step 0 is the start)')
    notes = {}
    for key, text in value.items():
        path = f"notes.{clean_text(key, 20)}"
        if not (key.isascii() and key.isdigit() and str(int(key)) == key and int(key) <= moves):
            _fail(path, f"a note's key is a step number from 0 to {moves}, not {shown(key)}")
        if not isinstance(text, str):
            _fail(path, f"a note is text, not {shown(text)}")
        if len(text) > MAX_NOTE:
            raise LimitError(f"a note is at most {MAX_NOTE} characters, not {len(text)}", path=path)
        if clean_text(text.replace("\n", " "), MAX_NOTE) != text.replace("\n", " "):
            _fail(path, "a note is printable text (lines may break), without control characters")
        if text.strip():
            notes[int(key)] = text.strip()
    return dict(sorted(notes.items()))


def read_session_end(doc: dict, names: Sequence[str]) -> list[dict[int, tuple[Card, ...]]] | None:
    """``session_end`` (a replay's or a session's): ``{"deals": [{player: [cards]}, ...]}``, the
    hands of each final showdown in order, by seat; None when the document has no such field.
    Read here: the objects, the players, the cards; whether the deals are legal (who is dealt,
    how many cards, each card once) is the session's to check as it takes them
    (:meth:`stops.session.Session.finish`), since only the settlement knows its showdowns."""
    if "session_end" not in doc:
        return None
    end = doc["session_end"]
    if not isinstance(end, dict) or set(end) - {"deals"}:
        _fail("session_end", "expected {} or {'deals': [{player: [5 cards]}, ...]}")
    deals = end.get("deals", [])
    if not isinstance(deals, list):
        _fail("session_end.deals", "expected a list of deals, one per final showdown")
    out = []
    for index, deal_doc in enumerate(deals):
        path = f"session_end.deals[{index}]"
        if not isinstance(deal_doc, dict):
            _fail(path, "expected an object {player: [5 cards]}")
        out.append({_player(name, names, f"{path}.{name}"): tuple(_cards(cards, f"{path}.{name}"))
                    for name, cards in deal_doc.items()})
    return out


def load_replay(data, source: str | None = None) -> Replay:
    """Validate a replay document (dict or JSON text) and return a :class:`Replay`."""
    doc = parse_document(data)
    unknown = sorted(set(doc) - TOP_LEVEL)
    if unknown:
        _fail(unknown[0], f"unknown field (fields: {', '.join(sorted(TOP_LEVEL))})")
    if doc.get("format", FORMAT) != FORMAT:
        _fail("format", f"expected {FORMAT!r}")
    read_version(doc, VERSION)
    profile, names = read_game(doc)
    dealer = _player(doc.get("dealer"), names, "dealer")

    if ("deal" in doc) == ("position" in doc):
        _fail("deal", "a replay has either a full 'deal' or a mid-hand 'position'")
    setup: dict = {}
    phase = None
    if "deal" in doc:
        deal_doc = doc["deal"]
        if not isinstance(deal_doc, dict) or set(deal_doc) - {"turn_up"} != {"hands", "widow"}:
            _fail("deal", "expected {'hands': {player: [cards]}, 'widow': [cards]} (and 'turn_up': card where the game turns one up)")
        deal = Deal(_hands(deal_doc["hands"], names, "deal.hands"), tuple(_cards(deal_doc["widow"], "deal.widow")),
                    _turn_up(deal_doc, "deal.turn_up"))
        full = True
    else:
        pos = doc["position"]
        if not isinstance(pos, dict) or "hands" not in pos:
            _fail("position", "expected {'hands': {player: [cards]}, 'widow': [cards], ...}")
        extra = sorted(set(pos) - POSITION_FIELDS)
        if extra:
            _fail(f"position.{extra[0]}", f"unknown field (fields: {', '.join(sorted(POSITION_FIELDS))})")
        deal = Deal(_hands(pos["hands"], names, "position.hands"), tuple(_cards(pos.get("widow", []), "position.widow")),
                    _turn_up(pos, "position.turn_up"))
        full = False
        phase = pos.get("phase")
        if "leader" in pos:
            if profile.first_leader == FirstLeader.HOLDER and (phase or profile.phases[0]) != "stops":
                raise ReplayError(f"in {profile.title} with these options the first leader is whoever holds the card the first "
                                  "lead names, read from the hands when the play starts: a position before the play names none",
                                  path="position.leader", rule=profile.rule(LEADS[profile.first_lead].rule))
            setup["leader"] = _player(pos["leader"], names, "position.leader")
        if "stopped" in pos:
            setup["stopped"] = _played(pos["stopped"], deal, names, profile, "position.stopped")
        if "last" in pos:
            last = pos["last"]
            if not isinstance(last, dict) or set(last) != {"player", "card"}:
                _fail("position.last", "expected {'player': name, 'card': card}")
            setup["last_seat"] = _player(last["player"], names, "position.last.player")
            setup["last"] = _played(last["card"], deal, names, profile, "position.last.card")

    board, balances = read_chips(doc, profile, names)
    raw_moves = doc.get("moves", [])
    if not isinstance(raw_moves, list):
        _fail("moves", "expected a list of moves")
    if len(raw_moves) > MAX_MOVES:
        raise LimitError(f"a document holds at most {MAX_MOVES} moves, not {len(raw_moves)}", path="moves")
    moves = []
    move_types = profile.move_types()
    for index, raw in enumerate(raw_moves):
        try:
            moves.append(move_from_json(raw, names, move_types))
        except MoveFormatError as error:
            raise error.at(f"moves[{index}]") from None
    redeals = sum(isinstance(m, Redeal) for m in moves)
    if redeals > MAX_REDEALS:
        raise LimitError(f"a document holds at most {MAX_REDEALS} redeals, not {redeals}", path="moves")
    session_end = read_session_end(doc, names)
    notes = read_notes(doc["notes"], len(moves)) if "notes" in doc else {}
    return Replay(profile, tuple(names), dealer, deal, full, moves, board, balances, phase, setup, source, session_end,
                  notes)


def read_replay_file(path: str) -> Replay:
    """The replay in the file at ``path`` (UTF-8 JSON; read no further than the size limit)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_DOCUMENT + 1)
    except OSError as error:
        raise ReplayError(f"cannot read the file: {error.strerror}") from None
    return load_replay(data, source=path)


# ----- outputs ----------------------------------------------------------------------


def result_json(rnd: Round) -> dict:
    """Per player gross, net and balance for the round, and each board section after it."""
    results = rnd.results()
    return {
        "game": rnd.profile.name,
        "winner": None if rnd.winner is None else rnd.names[rnd.winner],
        "went_out": went_out(rnd),
        "over": rnd.over,
        "players": {
            name: {
                "gross": format_amount(results["gross"][seat]),
                "net": format_amount(results["net"][seat]),
                "balance": format_amount(results["balances"][seat]),
            }
            for seat, name in enumerate(rnd.names)
        },
        "board": {sid: format_amount(amount) for sid, amount in results["board"].items()},
    }


def told(events: list[Event], names, profile: Profile) -> dict:
    """Events in their JSON form, and beside them their messages (one per event, in order)."""
    data = [e.to_json(names) for e in events]
    return {"events": data, "messages": event_messages(data, profile.words_json())}


def session_end_json(session, events: list[Event]) -> dict:
    """The settlement at the end of the session: its events (and messages), the balances, the board, the winners."""
    names = session.names
    return {
        **told(events, names, session.profile),
        "balances": {names[s]: format_amount(session.ledger.balances[s]) for s in range(session.n)},
        "board": {sid: format_amount(amount) for sid, amount in session.ledger.board.items()},
        "winners": session.winners(),
    }


def walkthrough(data, source: str | None = None) -> dict:
    """Every step of a replay with its events and the view after it (all JSON)."""
    replay = data if isinstance(data, Replay) else load_replay(data, source)
    rnd = replay.start()
    names = rnd.names
    start = {**told(rnd.start_events, names, rnd.profile), "view": round_view(rnd)}
    steps = []
    for index, move in enumerate(replay.moves):
        try:
            events = rnd.apply(move)
        except IllegalMove as error:
            raise error.at(f"moves[{index}]") from None
        steps.append({"move": move.to_json(names), **told(events, names, rnd.profile), "view": round_view(rnd)})
    for step, note in replay.notes.items():  # a note rides beside its step's narration
        (steps[step - 1] if step else start)["note"] = note
    out = {
        "game": rnd.profile.name,
        "players": list(names),
        "dealer": names[rnd.dealer],
        "start": start,
        "steps": steps,
        "result": result_json(rnd),
    }
    session, events = replay.settle(rnd)
    if session is not None:
        out["session_end"] = session_end_json(session, events)
    return out


def record(rnd: Round, **extra) -> dict:
    """The replay document of a hand played from a full deal."""
    dealt = next(e for e in rnd.start_events if isinstance(e, Dealt))
    names = rnd.names
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": rnd.profile.name,
        "options": dict(rnd.profile.values),
        "players": list(names),
        "dealer": names[rnd.dealer],
    }
    doc.update(extra)
    if any(rnd.start_board.values()):
        doc["board"] = {sid: format_amount(amount) for sid, amount in rnd.start_board.items() if amount}
    if any(rnd.start_balances):
        doc["balances"] = {name: format_amount(rnd.start_balances[s]) for s, name in enumerate(names)}
    doc["deal"] = Deal(dealt.hands, dealt.widow, dealt.turn_up).to_json(names)
    doc["moves"] = [m.to_json(names) for m in rnd.moves]
    return doc
