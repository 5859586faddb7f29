"""One fixed-limit poker betting round, then the showdown for the Poker pot.

From the dealer's left each player may check, bet (one ``bet_unit``), call, raise (by one
``bet_unit``) or fold; at most ``max_raises`` raises follow the bet. Bets go into the
profile's poker section (``profile.betting.section``). The round ends when every player
still in has acted and matched the highest bet. The best five-card hand among the players
who have not folded takes the whole section; tied hands split it in equal whole shares and
the odd chips stay. If everyone else folds, the last player takes it unseen.

With finite chip stacks a player bets or raises only when he can pay the whole amount; a
call is capped at his stack (he is then all in and acts no more; there are no side pots).
The winner (on a tie, the tied player nearest the dealer's left) is stored in
``rnd.data["first_leader"]`` for the stops phase. Folding loses only the Poker pot.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card
from ..errors import IllegalMove
from ..chips import format_amount, player, section
from ..events import Event
from ..moves import Move, MoveFormatError
from ..poker import Category, evaluate, hand_key
from ..awards import Split, award
from ..kernel import betting as kernel
from .poker_phase import Showdown, ShownHand



# ----- poker hands of any size ------------------------------------------------------------

_SHIFT = 26  # the poker module's key layout: category << 26 | detail


def poker_key(cards) -> int:
    """The poker key of the best hand among ``cards``; fewer than five cards (a position
    set up mid-game) rank by pairs, trips and quads, with what kickers there are."""
    cards = tuple(cards)
    if len(cards) >= 5:
        return hand_key(cards)
    counts = Counter(c % 13 for c in cards)
    by_count: dict[int, int] = {}
    for rank, count in counts.items():
        by_count[count] = by_count.get(count, 0) | 1 << rank
    singles = by_count.get(1, 0)
    if 4 in by_count:
        return Category.FOUR_OF_A_KIND << _SHIFT | by_count[4] << 13
    if 3 in by_count:
        return Category.THREE_OF_A_KIND << _SHIFT | by_count[3] << 13 | singles
    pairs = by_count.get(2, 0)
    if pairs and pairs & (pairs - 1):
        return Category.TWO_PAIR << _SHIFT | pairs << 13
    if pairs:
        return Category.PAIR << _SHIFT | pairs << 13 | singles
    return Category.HIGH_CARD << _SHIFT | singles


def poker_name(cards) -> str:
    cards = tuple(cards)
    return str(Category(poker_key(cards) >> _SHIFT)) if len(cards) < 5 else evaluate(cards).name


def best_five(cards) -> tuple[Card, ...]:
    cards = tuple(cards)
    return evaluate(cards).best if len(cards) >= 5 else tuple(sorted(cards, key=lambda c: (-(c % 13), c)))


# ----- moves ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BettingMove(Move):
    """A betting action, written ``{"player": "A", "<action>": true}``; the action is the key.

    The size of a bet or a raise is fixed (``bet_unit``), so the value only says yes."""

    key: ClassVar[str] = "betting"

    @property
    def action(self) -> str:
        return self.key

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], self.key: True}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "BettingMove":
        if data[cls.key] in (False, None):
            raise MoveFormatError(f"a {cls.key} is written {{\"player\": name, \"{cls.key}\": true}}, not {data[cls.key]!r}")
        return cls(seat)

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True, slots=True)
class Check(BettingMove):
    key: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True)
class Bet(BettingMove):
    key: ClassVar[str] = "bet"


@dataclass(frozen=True, slots=True)
class Call(BettingMove):
    key: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Raise(BettingMove):
    key: ClassVar[str] = "raise"


@dataclass(frozen=True, slots=True)
class Fold(BettingMove):
    key: ClassVar[str] = "fold"


BETTING_MOVES = {cls.key: cls for cls in (Check, Bet, Call, Raise, Fold)}


# ----- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetMade(Event):
    """A betting action; ``amount`` is what the player put in with it (0 for a check or a fold)."""

    type: ClassVar[str] = "bet"
    seat: int
    action: str
    amount: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "action": self.action, "amount": format_amount(self.amount), "rule": self.rule}


@dataclass(frozen=True, slots=True)
class FoldOut(Event):
    """Everyone else folded: ``seat`` takes the Poker pot without showing."""

    type: ClassVar[str] = "fold-out"
    seat: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rule": self.rule}



# ----- state ---------------------------------------------------------------------------


def stack(rnd, seat: int) -> int | None:
    """What ``seat`` can still put in: his stack with finite chips, None (no limit) with a running score."""
    return max(int(rnd.ledger.balances[seat]), 0) if rnd.ledger.capped else None


def all_in(rnd, seat: int) -> bool:
    return rnd.ledger.capped and rnd.ledger.balances[seat] <= 0


class BettingPhase:
    name = "betting"
    moves = tuple(BETTING_MOVES.values())
    events = (BetMade, FoldOut, Showdown, Split)

    def start(self, rnd, setup: dict) -> list[Event]:
        rnd.data["betting"] = kernel.start(rnd.dealer, rnd.n)
        return self._next_turn(rnd)

    def done(self, rnd) -> bool:
        return rnd.data["betting"].done

    def to_move(self, rnd) -> int | None:
        return rnd.data["betting"].turn

    # ----- rules ----------------------------------------------------------------------

    def _refusals(self, rnd, seat: int) -> dict[str, str | None]:
        """Each action and why it is not allowed (None: allowed)."""
        rules = rnd.profile.betting
        why = kernel.refusals(rnd.data["betting"], seat, stack(rnd, seat), rules.unit, rules.max_raises)
        return {action: None if reason is None else reason.format(player=rnd.name(seat)) for action, reason in why.items()}

    def legal_moves(self, rnd) -> list[Move]:
        state = rnd.data["betting"]
        if state.done or state.turn is None:
            return []
        rules = rnd.profile.betting
        return [BETTING_MOVES[action](state.turn) for action in kernel.allowed(state, state.turn, stack(rnd, state.turn), rules.unit, rules.max_raises)]

    def check(self, rnd, move: Move) -> None:
        state = rnd.data["betting"]
        rule = rnd.profile.rule("betting")
        if not isinstance(move, BettingMove):
            raise IllegalMove(rule, f"the betting round takes a check, bet, call, raise or fold, not {move}")
        if move.seat != state.turn:
            if move.seat in state.folded:
                raise IllegalMove(rule, f"{rnd.name(move.seat)} has folded")
            raise IllegalMove(rule, f"{rnd.name(state.turn)} acts now, not {rnd.name(move.seat)}")
        reason = self._refusals(rnd, move.seat)[move.action]
        if reason is not None:
            raise IllegalMove(rule, f"{rnd.name(move.seat)} cannot {move.action}: {reason}")

    def apply(self, rnd, move: BettingMove) -> list[Event]:
        state = rnd.data["betting"]
        rule = rnd.profile.rule("betting")
        seat, action = move.seat, move.action
        owed = kernel.act(state, seat, action, rnd.profile.betting.unit)
        transfers = rnd.pay(player(seat), section(rnd.profile.betting.section), owed, action, rule) if owed else []
        paid = sum(t.amount for t in transfers)
        kernel.paid(state, seat, paid)
        events: list[Event] = [BetMade(seat, action, paid, rule)] + transfers
        return events + self._next_turn(rnd)

    # ----- turns and the end ------------------------------------------------------------

    def _next_turn(self, rnd) -> list[Event]:
        state = rnd.data["betting"]
        kind, who = kernel.next_turn(state, lambda seat: all_in(rnd, seat))
        if kind == "turn":
            state.turn = who
            return []
        if kind == "fold-out":
            return self._fold_out(rnd, who)
        return self._showdown(rnd, who)

    def _finish(self, rnd, winners: tuple[int, ...]) -> None:
        state = rnd.data["betting"]
        state.turn = None
        state.done = True
        state.winners = winners
        rnd.data["first_leader"] = kernel.first_leader(state, winners)

    def _fold_out(self, rnd, seat: int) -> list[Event]:
        rule = rnd.profile.rule("fold-out")
        sid = rnd.profile.betting.section
        self._finish(rnd, (seat,))
        return [FoldOut(seat, rule)] + rnd.pay(section(sid), player(seat), rnd.ledger.board[sid], "fold-out", rule)

    def _showdown(self, rnd, live: list[int]) -> list[Event]:
        state = rnd.data["betting"]
        rule = rnd.profile.rule("showdown")
        sid = rnd.profile.betting.section
        winners = showdown_winners({s: poker_key(rnd.hands[s]) for s in live})
        state.shown = tuple(ShownHand(s, poker_name(rnd.hands[s]), best_five(rnd.hands[s])) for s in live)
        self._finish(rnd, winners)
        return [Showdown(sid, state.shown, winners, rule)] + award(rnd, sid, list(winners), "showdown", rule)


def showdown_winners(keys: dict[int, int]) -> tuple[int, ...]:
    """The seats whose poker key is the best (in seat order of ``keys``)."""
    top = max(keys.values())
    return tuple(s for s, key in keys.items() if key == top)


def betting_view(rnd, seat: int | None, view: dict) -> None:
    """The betting round's public state; the hands shown at the showdown."""
    state = rnd.data.get("betting")
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


PHASE = BettingPhase()
