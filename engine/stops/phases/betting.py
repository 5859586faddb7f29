"""One fixed-limit poker betting round, then the showdown for the Poker pot.

From the dealer's left each player may check, bet (one ``bet_unit``), call, raise (by one
``bet_unit``) or fold; at most ``max_raises`` raises follow the bet. Bets go into the
profile's poker section (``profile.betting.section``). The round ends when every player
still in has acted and matched the highest bet. The best five-card hand among the players
who have not folded takes the whole section; tied hands split it in equal whole shares and
the odd chips stay. If everyone else folds, the last player takes it unseen.

With finite chip stacks a player bets or raises only when he can pay the whole amount; a
call is capped at his stack (he is then all in and acts no more; there are no side pots).
The winner (on a tie, the tied player nearest the dealer's left) is the round's
``state.first_leader``, who leads first in the stops phase. Folding loses only the Poker pot.

The round is :mod:`stops.kernel.betting` and the showdown (what it compares, the winners,
the split) :func:`stops.kernel.showdown.showdown`, which the fast playout calls too; this
phase checks moves and tells what happens as events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..errors import IllegalMove, shown
from ..chips import format_amount, player, section
from ..enums import BetSizes, Ranker, Terms
from ..events import Event
from ..limits import MAX_AMOUNT
from ..moves import AmountRange, Move, MoveFormatError
from ..awards import Split, pay_shares
from ..kernel import betting as kernel
from ..kernel.showdown import RANKERS, may_open, showdown
from .holding import Stayed
from .poker_phase import Showdown, ShownHand


# ----- moves ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BettingMove(Move):
    """A betting action, written ``{"player": "A", "<action>": true}``; the action is the key.

    With fixed sizes (Rummoli) a bet or a raise is one ``unit`` and the value only says yes.
    With sizes in a range (Poch's vying) a bet or a raise names its chips above the highest
    total: ``{"player": "A", "bet": 3}`` (``amount``); its legal moves are ranges
    (:class:`BetRange`, :class:`RaiseRange`)."""

    key: ClassVar[str] = "betting"
    sized: ClassVar[bool] = False  # whether the action may name an amount
    amount: int | None = None

    @property
    def action(self) -> str:
        return self.key

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], self.key: True if self.amount is None else self.amount}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "BettingMove":
        value = data[cls.key]
        amount = isinstance(value, int) and not isinstance(value, bool)
        if value is True:
            return cls(seat)
        if cls.sized and amount:
            # Any whole number is read: one outside the bets the table allows (0, or above the
            # stakes) is refused by the game with its range and rule, as an illegal move.
            if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
                raise MoveFormatError(f"a {cls.key} is at most {MAX_AMOUNT:,} chips, not {value}", path=cls.key)
            return cls(seat, value)
        if amount:
            raise MoveFormatError(f"a {cls.key} names no amount (the game sets what it puts in):"
                                  f" write {{\"player\": name, \"{cls.key}\": true}}, not {shown(value)}", path=cls.key)
        sized = " or a whole number of chips" if cls.sized else ""
        raise MoveFormatError(f"a {cls.key} is written {{\"player\": name, \"{cls.key}\": true{sized}}}, not {shown(value)}", path=cls.key)

    def __str__(self) -> str:
        return self.key if self.amount is None else f"{self.key} {self.amount}"


@dataclass(frozen=True, slots=True)
class Check(BettingMove):
    key: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True)
class Bet(BettingMove):
    key: ClassVar[str] = "bet"
    sized: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Call(BettingMove):
    key: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Raise(BettingMove):
    key: ClassVar[str] = "raise"
    sized: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Fold(BettingMove):
    key: ClassVar[str] = "fold"


BETTING_MOVES = {cls.key: cls for cls in (Check, Bet, Call, Raise, Fold)}


@dataclass(frozen=True, slots=True)
class BetRange(AmountRange):
    """The bets a player may open with: ``{"player": "A", "bet": {"min": 1, "max": 10}}``."""

    key: ClassVar[str] = "bet"

    def make(self, amount: int) -> Bet:
        return Bet(self.seat, amount)


@dataclass(frozen=True, slots=True)
class RaiseRange(AmountRange):
    """The raises a player may make, in chips above the highest total."""

    key: ClassVar[str] = "raise"

    def make(self, amount: int) -> Raise:
        return Raise(self.seat, amount)


SIZE_RANGES = {"bet": BetRange, "raise": RaiseRange}


# ----- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetMade(Event):
    """A betting action; ``amount`` is what the player put in with it (0 for a check or a fold).

    ``terms`` names the words the catalogs tell it in (``"poker"``: check, bet, call, raise,
    fold; ``"vying"``: pass, poch, hold); the JSON carries it only when it is not poker."""

    type: ClassVar[str] = "bet"
    seat: int
    action: str
    amount: int
    rule: str
    terms: str = "poker"

    def to_json(self, names) -> dict:
        out = {"type": self.type, "player": names[self.seat], "action": self.action, "amount": format_amount(self.amount), "rule": self.rule}
        if self.terms != "poker":
            out["terms"] = self.terms
        return out


@dataclass(frozen=True, slots=True)
class FoldOut(Event):
    """Everyone else folded: ``seat`` takes the betting section without showing."""

    type: ClassVar[str] = "fold-out"
    seat: int
    rule: str
    terms: str = "poker"

    def to_json(self, names) -> dict:
        out = {"type": self.type, "player": names[self.seat], "rule": self.rule}
        if self.terms != "poker":
            out["terms"] = self.terms
        return out


@dataclass(frozen=True, slots=True)
class SetsShown(Showdown):
    """The vying's showdown: each player's best set (``category`` None: no set) and the
    winner (none when nobody holds a set: the section stays). The JSON form is the showdown's."""

    type: ClassVar[str] = "sets-shown"


# The event that tells a showdown, by what it compares (stops.kernel.showdown.RANKERS).
SHOWDOWN_EVENTS = {Ranker.POKER: Showdown, Ranker.SETS: SetsShown}


# ----- state ---------------------------------------------------------------------------


def stack(rnd, seat: int) -> int | None:
    """The whole chips ``seat`` can still put in (the ledger's :meth:`~stops.ledger.Ledger.limit`):
    his stack with finite chips, None (no limit) with a running score."""
    most = rnd.ledger.limit(seat)
    return None if most is None else int(most)


def all_in(rnd, seat: int) -> bool:
    """Whether ``seat`` has nothing left to put in (only with finite chips)."""
    return rnd.ledger.limit(seat) == 0


class BettingPhase:
    """One betting round on the profile's :class:`~stops.profiles.base.Betting` rules; the
    same phase serves Rummoli's poker betting (``PHASE``) and Poch's vying (``VYING``)."""

    moves = tuple(BETTING_MOVES.values())
    events = (BetMade, FoldOut, Showdown, SetsShown, Split, Stayed)
    slots = ("betting", "first_leader")

    def __init__(self, name: str):
        self.name = name

    def start(self, rnd, setup: dict) -> list[Event]:
        rnd.state.betting = kernel.start(rnd.dealer, rnd.n)
        return self._next_turn(rnd)

    def done(self, rnd) -> bool:
        return rnd.state.betting.done

    def to_move(self, rnd) -> int | None:
        return rnd.state.betting.turn

    # ----- rules ----------------------------------------------------------------------

    def _refusals(self, rnd, seat: int) -> dict[str, str | None]:
        """Each action and why it is not allowed (None: allowed)."""
        rules = rnd.profile.betting
        opens = may_open(rnd.profile, rnd.hands[seat], rnd.trump)
        why = kernel.refusals(rnd.state.betting, seat, stack(rnd, seat), rules, opens)
        return {action: None if reason is None else reason.format(player=rnd.name(seat)) for action, reason in why.items()}

    def legal_moves(self, rnd) -> list:
        state = rnd.state.betting
        if state.done or state.turn is None:
            return []
        seat = state.turn
        rules = rnd.profile.betting
        opens = may_open(rnd.profile, rnd.hands[seat], rnd.trump)
        actions = kernel.allowed(state, seat, stack(rnd, seat), rules, opens)
        if rules.sizes == BetSizes.FIXED:
            return [BETTING_MOVES[action](seat) for action in actions]
        low, high = kernel.size_range(state, seat, stack(rnd, seat), rules)
        return [SIZE_RANGES[action](seat, low, high) if action in SIZE_RANGES else BETTING_MOVES[action](seat) for action in actions]

    def rule_of(self, rnd, action: str) -> str:
        """The rule id of an action (the profile's ``betting.rules``, else its betting rule)."""
        return rnd.profile.rule(rnd.profile.betting.rule_name(action))

    def check(self, rnd, move: Move) -> None:
        state = rnd.state.betting
        rules = rnd.profile.betting
        if not isinstance(move, BettingMove):
            rule = self.rule_of(rnd, "betting")
            raise IllegalMove(f"the {self.name} takes a check, bet, call, raise or fold, not {move}", rule=rule)
        rule = self.rule_of(rnd, move.action)
        if move.seat != state.turn:  # the order of speaking, or the fold that left it: not this action's rule
            if move.seat in state.folded:
                raise IllegalMove(f"{rnd.name(move.seat)} has folded", rule=self.rule_of(rnd, "fold"))
            raise IllegalMove(f"{rnd.name(state.turn)} acts now, not {rnd.name(move.seat)}", rule=self.rule_of(rnd, "betting"))
        reason = self._refusals(rnd, move.seat)[move.action]
        if reason is not None:
            raise IllegalMove(f"{rnd.name(move.seat)} cannot {move.action}: {reason}", rule=rule)
        if move.action in SIZE_RANGES:
            low, high = kernel.size_range(state, move.seat, stack(rnd, move.seat), rules)
            if rules.sizes == BetSizes.FIXED:
                if move.amount not in (None, low):
                    raise IllegalMove(f"a {move.action} is {low} (fixed), not {move.amount}", rule=rule)
            elif move.amount is None or not low <= move.amount <= high:
                raise IllegalMove(f"a {move.action} of {rnd.name(move.seat)} is from {low} to {high} chips"
                                  + ("" if move.amount is None else f", not {move.amount}"), rule=rule)

    def apply(self, rnd, move: BettingMove) -> list[Event]:
        state = rnd.state.betting
        rules = rnd.profile.betting
        rule = self.rule_of(rnd, move.action)
        seat, action = move.seat, move.action
        owed = kernel.act(state, seat, action, rules.unit if move.amount is None else move.amount)
        transfers = rnd.pay(player(seat), section(rules.section), owed, action, rule, "bet") if owed else []
        paid = sum(t.amount for t in transfers)
        kernel.paid(state, seat, paid)
        events: list[Event] = [BetMade(seat, action, paid, rule, rules.terms)] + transfers
        return events + self._next_turn(rnd)

    # ----- turns and the end ------------------------------------------------------------

    def _next_turn(self, rnd) -> list[Event]:
        state = rnd.state.betting
        kind, who = kernel.next_turn(state, lambda seat: all_in(rnd, seat))
        if kind == "turn":
            state.turn = who
            return []
        if kind == "fold-out":
            return self._fold_out(rnd, who)
        return self._showdown(rnd, who)

    def _finish(self, rnd, winners: tuple[int, ...]) -> None:
        state = rnd.state.betting
        state.turn = None
        state.done = True
        state.winners = winners
        if winners:
            rnd.state.first_leader = kernel.first_leader(state, winners)

    def _fold_out(self, rnd, seat: int) -> list[Event]:
        rules = rnd.profile.betting
        name = rules.rule_name("fold-out")
        rule = rnd.profile.rule(name)
        self._finish(rnd, (seat,))
        return [FoldOut(seat, rule, rules.terms)] + rnd.pay(section(rules.section), player(seat), rnd.ledger.board[rules.section], name, rule, "fold-out")

    def _showdown(self, rnd, live: list[int]) -> list[Event]:
        state = rnd.state.betting
        profile = rnd.profile
        rules = profile.betting
        name = rules.rule_name("showdown")
        rule = profile.rule(name)
        sid = rules.section
        ranker = RANKERS[rules.ranker]
        trump = rnd.trump
        keys = {s: ranker.key(profile, rnd.hands[s], trump) for s in live}
        winners, share, left = showdown(ranker, keys, state.order, rnd.ledger.board[sid])
        state.shown = tuple(ShownHand(s, *ranker.describe(profile, rnd.hands[s], trump)) for s in live)
        self._finish(rnd, winners)
        events: list[Event] = [SHOWDOWN_EVENTS[ranker.name](sid, state.shown, winners, rule)]
        if not winners:
            return events + [Stayed(sid, rnd.ledger.board[sid], "nobody", (), profile.rule("carry-over"))]
        return events + pay_shares(rnd, sid, winners, share, left, name, rule, "showdown")


def betting_view(rnd, seat: int | None, view: dict) -> None:
    """The betting round's public state; the hands shown at the showdown."""
    state = rnd.state.betting
    if state is None:
        return
    names = rnd.names
    view["betting"] = {
        "bet": state.current,
        "raises": state.raises,
        "put": {names[s]: state.put[s] for s in range(rnd.n)},
        "folded": [names[s] for s in state.order if s in state.folded],
        "turn": None if state.turn is None else names[state.turn],
        # What the player to act must add to stay in, and the section the bets go to.
        "to_call": 0 if state.turn is None else state.current - state.put[state.turn],
        "pot": rnd.profile.betting.section,
        "done": state.done,
        "winners": [names[s] for s in state.winners],
        "shown": [shown.to_json(names) for shown in state.shown],
    }
    if rnd.profile.betting.terms != Terms.POKER:  # the words the page speaks them in
        view["betting"]["terms"] = rnd.profile.betting.terms


PHASE = BettingPhase("betting")
VYING = BettingPhase("vying")
