"""One fixed-limit betting round, as pure functions over its state.

From the dealer's left each player may check, bet (one ``unit``), call, raise (by one
``unit``) or fold; at most ``max_raises`` raises follow the bet. With finite chip stacks
(``chips`` is the stack, None for a running score) a player bets or raises only when he
can pay the whole amount; a call is capped at his stack (then he is all in and acts no
more). The round ends when every player still in has acted and matched the highest bet,
or when all but one have folded. :mod:`stops.phases.betting` plays it with events and
:mod:`stops.playout` on integers, both through these functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    order = tuple((dealer + i) % n for i in range(1, n + 1))
    state = BettingState(order, [0] * n)
    state.turn = order[-1]
    return state


def refusals(state: BettingState, seat: int, chips: int | None, unit: int, max_raises: int) -> dict[str, str | None]:
    """Each action, and why ``seat`` may not take it now (None: allowed); ``{player}`` in a
    reason stands for the player's name."""
    to_call = state.current - state.put[seat]
    why: dict[str, str | None] = {}
    why["check"] = None if to_call <= 0 else f"there is a bet of {state.current} to call"
    why["bet"] = (
        "there is already a bet: call, raise or fold" if state.current > 0
        else f"a bet is {unit} and {{player}} holds {chips}" if chips is not None and chips < unit
        else None
    )
    why["call"] = None if to_call > 0 else "there is no bet to call"
    why["raise"] = (
        "there is no bet to raise: bet or check" if state.current == 0
        else f"at most {max_raises} raises" if state.raises >= max_raises
        else f"a raise costs {to_call + unit} and {{player}} holds {chips}" if chips is not None and chips < to_call + unit
        else None
    )
    why["fold"] = None
    return why


def allowed(state: BettingState, seat: int, chips: int | None, unit: int, max_raises: int) -> list[str]:
    """The actions ``seat`` may take now, in :data:`ACTIONS` order."""
    why = refusals(state, seat, chips, unit, max_raises)
    return [action for action in ACTIONS if why[action] is None]


def act(state: BettingState, seat: int, action: str, unit: int) -> int:
    """Take ``action`` for ``seat`` (an allowed one); returns the chips it owes for it
    (what it pays, capped at its stack, goes in :func:`paid`)."""
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
    state.current += unit
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
