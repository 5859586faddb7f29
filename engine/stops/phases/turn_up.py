"""The dealer wins by the turn-up: an automatic phase before play (Pope Joan; Poch's
``turn_up_to_dealer``).

When the card turned up for trumps is the card of a section of the round's board (a pay card:
the ace, king, queen or jack of trumps, or the Pope; or the one card a section is won by
holding: Poch's honours), the dealer takes that section at once, and the holding phase does
not claim it again (the round's ``state.turn_up_section``). Where the profile says so
(``turn_up_wins_round``: Pope Joan's ``pope_turnup``), that section also wins the dealer the
round as if they had gone out: the going-out sections and, unless ``turn_up_win_cards`` is
False, the card count from every rival; the round ends without play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card
from ..chips import player, section
from ..enums import HOLD_KINDS
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
    slots = ("turn_up_section",)

    def start(self, rnd, setup: dict) -> list[Event]:
        turned = rnd.turned_up
        sid = None if turned is None else section_of(rnd, turned)
        if sid is None:
            return []
        profile = rnd.profile
        rule = profile.rule(self.rule)
        rnd.state.turn_up_section = sid
        events = rnd.pay(section(sid), player(rnd.dealer), rnd.ledger.board[sid], self.rule, rule, "turn-up")
        if sid in profile.turn_up_wins_round:
            events.append(WonByTurnUp(rnd.dealer, turned, sid, rule))
            for gid in profile.going_out_sections:  # Game, told as the turn-up's win (nobody went out)
                name = profile.rule_names.going_out_rule(gid)
                events += rnd.pay(section(gid), player(rnd.dealer), rnd.ledger.board[gid], name, profile.rule(name), "turn-up-win")
            if profile.turn_up_win_cards:  # and the card count, as a going out (its sections are empty now)
                events += going_out_payments(rnd, rnd.dealer)
            else:  # Pope Joan's pope_turnup=pope-and-game: the cards are thrown in unplayed
                rnd.end(rnd.dealer)
        return events


def section_of(rnd, card) -> str | None:
    """The section ``card`` wins: as a pay card of the round, or as the one card of a section
    won by holding it."""
    found = rnd.pay_on_play.get(card)
    if found is not None:
        return found
    return next((sec.id for sec in rnd.sections if sec.won_by in HOLD_KINDS and sec.cards == (card,)), None)


PHASE = TurnUpPhase()
