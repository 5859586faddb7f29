"""One betting round, as pure functions over its state.

From the dealer's left each player may check, bet, call, raise or fold; at most
``max_raises`` raises follow the bet. The rules are data (the profile's
:class:`~stops.profiles.base.Betting`): a bet or a raise is one ``unit`` (``sizes``
"fixed", Rummoli) or any whole number from ``unit`` to ``max_bet`` chips above the highest
total (``sizes`` "range", Poch's vying); a fold with nothing to call may be refused
(``free_fold`` False), and so may opening without a set (``opener`` "needs-set", decided
by the caller as ``may_open``). With finite chip stacks (``chips`` is the stack, None for
a running score) a player bets or raises only when he can pay the whole amount; a call is
capped at his stack (then he is all in and acts no more). The round ends when every player still in has acted and matched the highest bet,
or when all but one have folded. :mod:`stops.phases.betting` plays it with events and
:mod:`stops.playout` on integers, both through these functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..enums import BetSizes
from ..seats import from_left_of

ACTIONS = ("check", "bet", "call", "raise", "fold")


@dataclass(slots=True)
class BettingState:
    order: tuple[int, ...]  # every seat, from the dealer's left
    put: list[int]  # what each seat has bet this round
    current: int = 0  # the bet to match
    raises: int = 0
    folded: set = field(default_factory=set)
    acted: set = field(default_factory=set)  # who has acted since the last bet or raise
    turn: int | None = None
    done: bool = False
    winners: tuple[int, ...] = ()
    shown: tuple = ()  # the showdown's hands, once shown

    def copy(self) -> "BettingState":
        return BettingState(self.order, list(self.put), self.current, self.raises, set(self.folded), set(self.acted),
                            self.turn, self.done, self.winners, self.shown)


def start(dealer: int, n: int) -> BettingState:
    """A new round; the search for the first turn starts at the dealer's left (:func:`next_turn`)."""
    order = from_left_of(n, dealer)
    state = BettingState(order, [0] * n)
    state.turn = order[-1]
    return state


def to_call(state: BettingState, seat: int) -> int:
    return state.current - state.put[seat]


def size_range(state: BettingState, seat: int, chips: int | None, rules) -> tuple[int, int]:
    """The sizes a bet or a raise of ``seat`` may have now, lowest and highest, in chips
    above the highest total: ``unit`` alone with fixed sizes, else ``unit`` to ``max_bet``;
    with a finite stack, at most what is left after the call (empty when high < low)."""
    low = rules.unit
    high = rules.unit if rules.sizes == BetSizes.FIXED else rules.max_bet
    if chips is not None:
        left = chips - to_call(state, seat)
        if rules.sizes == BetSizes.FIXED and left < low:
            return low, low - 1
        high = min(high, left)
    return low, high


def _why_not(state: BettingState, seat: int, chips: int | None, rules, may_open: bool) -> dict[str, str | None]:
    """Each action, and why ``seat`` may not take it now as a template (:func:`refusals`
    fills it in), or None: allowed."""
    owed = to_call(state, seat)
    low, high = size_range(state, seat, chips, rules)
    return {
        "check": None if owed <= 0 else "there is a bet of {current} to call",
        "bet": (
            "there is already a bet: call, raise or fold" if state.current > 0
            else "only a player holding a set may open" if not may_open
            else "a bet is {cost} and {{player}} holds {chips}" if high < low
            else None
        ),
        "call": None if owed > 0 else "there is no bet to call",
        "raise": (
            "there is no bet to raise: bet or check" if state.current == 0
            else "at most {max_raises} raises" if state.raises >= rules.max_raises
            else "a raise costs {cost} and {{player}} holds {chips}" if high < low
            else None
        ),
        "fold": None if rules.free_fold or owed > 0 else "there is no bet to answer: nothing is lost by staying in",
    }


def refusals(state: BettingState, seat: int, chips: int | None, rules, may_open: bool = True) -> dict[str, str | None]:
    """Each action, and why ``seat`` may not take it now (None: allowed); ``{player}`` in a
    reason stands for the player's name. ``rules`` is the profile's
    :class:`~stops.profiles.base.Betting`; ``may_open`` is False when the opener rule
    (``needs-set``) keeps this seat from betting first."""
    owed = to_call(state, seat)
    low = size_range(state, seat, chips, rules)[0]
    values = {"current": state.current, "chips": chips, "max_raises": rules.max_raises,
              "cost": f"{owed + low}" if rules.sizes == BetSizes.FIXED else f"at least {owed + low}"}
    return {action: None if why is None else why.format(**values)
            for action, why in _why_not(state, seat, chips, rules, may_open).items()}


def allowed(state: BettingState, seat: int, chips: int | None, rules, may_open: bool = True) -> list[str]:
    """The actions ``seat`` may take now, in :data:`ACTIONS` order (the reasons against the
    others are not written out: :func:`refusals` does)."""
    why = _why_not(state, seat, chips, rules, may_open)
    return [action for action in ACTIONS if why[action] is None]


def act(state: BettingState, seat: int, action: str, size: int) -> int:
    """Take ``action`` for ``seat`` (an allowed one; ``size`` is a bet's or a raise's chips
    above the highest total); returns the chips it owes for it (what it pays, capped at its
    stack, goes in :func:`paid`)."""
    if action == "fold":
        state.folded.add(seat)
        return 0
    if action == "check":
        state.acted.add(seat)
        return 0
    if action == "call":
        state.acted.add(seat)
        return state.current - state.put[seat]
    if action == "raise":
        state.raises += 1
    state.current += size
    state.acted = {seat}
    return state.current - state.put[seat]


def paid(state: BettingState, seat: int, amount: int) -> None:
    state.put[seat] += amount


def next_turn(state: BettingState, all_in) -> tuple[str, object]:
    """What comes next: ``("turn", seat)``, ``("fold-out", seat)`` (everyone else folded) or
    ``("showdown", live seats)``; ``all_in(seat)`` says who can act no more."""
    order = state.order
    live = [s for s in order if s not in state.folded]
    if len(live) == 1:
        return "fold-out", live[0]
    can_act = [s for s in live if not all_in(s)]
    n = len(order)
    start = order.index(state.turn)
    for step in range(1, n + 1):
        seat = order[(start + step) % n]
        if seat not in can_act:
            continue
        if state.put[seat] < state.current or (seat not in state.acted and len(can_act) > 1):
            return "turn", seat
    return "showdown", live


def first_leader(state: BettingState, winners) -> int:
    """The winner nearest the dealer's left (the stops phase's first leader)."""
    return min(winners, key=state.order.index)
