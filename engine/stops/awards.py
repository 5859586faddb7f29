"""Paying a section to its winners: whole to one, equal whole shares to several.

Shared by every phase that awards a section to tied winners (Tripoli's holding and poker
phases, Rummoli's showdown): the odd chips stay in the section for the next round. The
split itself is the kernel's (:func:`stops.kernel.showdown.split`), which the fast playout
reads too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .chips import format_amount, player, section
from .events import Event
from .kernel.showdown import split
from .seats import from_left_of


@dataclass(frozen=True, slots=True)
class Split(Event):
    """Tied winners share a section: ``share`` chips each, ``left`` odd chips stay in it."""

    type: ClassVar[str] = "split"
    section: str
    seats: tuple[int, ...]
    share: int
    left: int
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "section": self.section,
            "players": [names[s] for s in self.seats],
            "share": format_amount(self.share),
            "left": format_amount(self.left),
            "rule": self.rule,
        }



def from_dealer_left(rnd) -> tuple[int, ...]:
    """Every seat, starting left of the dealer."""
    return from_left_of(rnd.n, rnd.dealer)


def award(rnd, sid: str, seats, reason: str, rule: str, kind: str) -> list[Event]:
    """Pay section ``sid`` to its winners: whole to one, equal whole shares to several (odd
    chips stay: :func:`stops.kernel.showdown.split`)."""
    share, left = split(rnd.ledger.board[sid], len(seats))
    return pay_shares(rnd, sid, seats, share, left, reason, rule, kind)


def pay_shares(rnd, sid: str, seats, share, left, reason: str, rule: str, kind: str) -> list[Event]:
    """Pay ``share`` of section ``sid`` to each winner (``left`` stays in it): to one under
    ``rule``, to several as a ``Split`` under the game's split rule."""
    if len(seats) == 1:
        return rnd.pay(section(sid), player(seats[0]), share, reason, rule, kind)
    split_rule = rnd.profile.rule("split")
    events: list[Event] = [Split(sid, tuple(seats), share, left, split_rule)]
    for seat in seats:
        events += rnd.pay(section(sid), player(seat), share, reason, split_rule, kind)
    return events
