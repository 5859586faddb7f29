"""Free staking: before play each player, in turn from the dealer's left, places his stake
on sections of his choice, one chip at a time (Newmarket's ``staking=free``).

The profile names the sections one may stake on (``stake_sections``) and the chips each
player places (``free_stake``); a move is ``{"player": "A", "stake": "QD"}``, one chip on
that section (a transfer with reason ``stake`` under the rule ``stake``). With finite
stacks a player pays at most what he holds. The phase is over when everyone has staked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..chips import player, section
from ..errors import IllegalMove, shown
from ..events import Event
from ..moves import Move, MoveFormatError
from ..seats import from_left_of


@dataclass(frozen=True, slots=True)
class Stake(Move):
    """One chip on the section ``section``."""

    key: ClassVar[str] = "stake"
    section: str

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "stake": self.section}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Stake":
        if not isinstance(data["stake"], str):
            raise MoveFormatError(f"a stake names a section, like {{\"player\": \"A\", \"stake\": \"QD\"}}, not {shown(data['stake'])}", path="stake")
        return cls(seat, data["stake"])

    def __str__(self) -> str:
        return f"stake a chip on {self.section}"


@dataclass(slots=True)
class StakingState:
    """Who stakes now (``turn``, an index into ``order``) and how many chips he has left to place."""

    order: tuple[int, ...]
    turn: int
    left: int

    def copy(self) -> "StakingState":
        return StakingState(self.order, self.turn, self.left)


def seat_to_stake(rnd) -> int | None:
    state = rnd.state.staking
    return state.order[state.turn] if state.turn < len(state.order) else None


class StakingPhase:
    name = "staking"
    moves = (Stake,)
    events = ()
    slots = ("staking",)

    def start(self, rnd, setup: dict) -> list[Event]:
        order = from_left_of(rnd.n, rnd.dealer)
        rnd.state.staking = StakingState(order, 0, rnd.profile.free_stake)
        return []

    def done(self, rnd) -> bool:
        return seat_to_stake(rnd) is None

    def to_move(self, rnd) -> int | None:
        return seat_to_stake(rnd)

    def legal_moves(self, rnd) -> list[Move]:
        seat = seat_to_stake(rnd)
        return [] if seat is None else [Stake(seat, sid) for sid in rnd.profile.stake_sections]

    def check(self, rnd, move: Move) -> None:
        rule = rnd.profile.rule("stake")
        if not isinstance(move, Stake):
            raise IllegalMove(f"the stakes come first: place a chip on a section, not {move}", rule=rule)
        seat = seat_to_stake(rnd)
        if move.seat != seat:
            raise IllegalMove(f"{rnd.name(seat)} stakes now, not {rnd.name(move.seat)}", rule=rule)
        if move.section not in rnd.profile.stake_sections:
            raise IllegalMove(f"no stake may go on {move.section!r} (sections: {', '.join(rnd.profile.stake_sections)})", rule=rule)

    def apply(self, rnd, move: Move) -> list[Event]:
        state = rnd.state.staking
        events = rnd.pay(player(move.seat), section(move.section), 1, "stake", rnd.profile.rule("stake"), "stake")
        state.left -= 1
        if state.left == 0:
            state.turn += 1
            state.left = rnd.profile.free_stake
        return events


def staking_view(rnd, seat: int | None, view: dict) -> None:
    """Who stakes now and how many chips he still places."""
    state = rnd.state.staking
    if state is None:
        return
    who = seat_to_stake(rnd)
    view["staking"] = {"player": None if who is None else rnd.names[who], "left": state.left if who is not None else 0}


PHASE = StakingPhase()
