"""The dealer wins by the turn-up: an automatic phase before play (Pope Joan).

When the card turned up for trumps is a pay card of the round's board (the ace, king,
queen or jack of trumps, or the Pope), the dealer takes that section at once. Where the
profile says so (``turn_up_wins_round``: Pope Joan's ``pope_turnup=wins-round``), that
section also wins the dealer the round as if they had gone out: the going-out sections
and the card count from every rival, and the round ends without play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card
from ..chips import player, section
from ..events import Event
from .automatic import AutomaticPhase
from .stops import going_out_payments


@dataclass(frozen=True, slots=True)
class WonByTurnUp(Event):
    """The dealer turned up ``card``, the card of ``section``, and wins the round without play."""

    type: ClassVar[str] = "turn-up-win"
    seat: int
    card: Card
    section: str
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "card": str(self.card), "section": self.section, "rule": self.rule}


class TurnUpPhase(AutomaticPhase):
    name = "turn-up"
    events = (WonByTurnUp,)
    rule = "dealer-turn-up"
    no_move = "the turn-up needs no move: the dealer is paid at once"

    def start(self, rnd, setup: dict) -> list[Event]:
        turned = rnd.data.get("turn_up")
        sid = None if turned is None else rnd.pay_on_play.get(turned)
        if sid is None:
            return []
        profile = rnd.profile
        rule = profile.rule(self.rule)
        events = rnd.pay(section(sid), player(rnd.dealer), rnd.ledger.board[sid], self.rule, rule, "turn-up")
        if sid in profile.turn_up_wins_round:
            events.append(WonByTurnUp(rnd.dealer, turned, sid, rule))
            events += going_out_payments(rnd, rnd.dealer)
        return events


PHASE = TurnUpPhase()
