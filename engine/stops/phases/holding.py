"""Tripoli, phase 1: sections won by holding cards, with no decision to make.

Whoever holds a pay card (A♥ K♥ Q♥ J♥ 10♥, or Boodle's A♥ K♣ Q♦ J♠) takes that
section. Whoever holds a King and a Queen of one suit takes King-Queen; whoever holds the
8, 9 and 10 of one suit takes the Pozo. Several holders of a combination split it in equal
whole shares (a player counts once, however many combinations he holds); the odd chips
stay. A section whose card (or combination) lies in the ghost hand stays on the board.

The phase reads the round's sections (``rnd.sections``: the profile's, with the sections
of trumps resolved to cards for the suit turned up): a section ``won_by="hold"`` is won by the
holder of its one card; ``won_by="combo-hold"`` lists its cards suit by suit, and a player
who holds every card of one suit's group wins it. ``profile.rule_names.section_rule``
names the rule of each section.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import DECK, Card
from ..chips import format_amount
from ..enums import HOLD_KINDS, Award, WonBy
from ..events import Event, WonWithCards
from ..awards import Split, award, from_dealer_left
from ..kernel import claims, sets
from ..kernel.sequence import rank_places
from ..owners import WIDOW
from .automatic import AutomaticPhase

# ----- events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Held(WonWithCards):
    """A player shows the cards that win a section by holding them."""

    type: ClassVar[str] = "hold"


@dataclass(frozen=True, slots=True)
class Stayed(Event):
    """Nobody wins a section this phase: it stays on the board with ``amount`` chips.

    ``where`` is ``"ghost"`` when its card (or a winning combination) lies in the ghost
    hand, listed in ``cards``; ``"nobody"`` when no hand holds it at all.
    """

    type: ClassVar[str] = "stay"
    section: str
    amount: int
    where: str
    cards: tuple[Card, ...]
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "section": self.section,
            "amount": format_amount(self.amount),
            "where": self.where,
            "cards": [str(c) for c in self.cards],
            "rule": self.rule,
        }



# ----- the phase -------------------------------------------------------------------------


class HoldingPhase(AutomaticPhase):
    name = "holding"
    events = (Held, Stayed, Split)
    rule = "hearts"
    no_move = "phase 1 needs no move: holders are paid at once"
    slots = ("held_sections",)

    def start(self, rnd, setup: dict) -> list[Event]:
        profile = rnd.profile
        events: list[Event] = []
        taken: list[str] = []
        for sec in rnd.sections:  # the round's: sections of trumps resolved to cards
            if sec.won_by not in HOLD_KINDS or sec.id == rnd.state.turn_up_section:
                continue  # not won by holding, or already the dealer's by the turn-up (phases.turn_up)
            name = profile.rule_names.section_rule(sec.id)
            rule = profile.rule(name)
            shown = self.holders(rnd, sec)
            if not shown:
                events.append(self.stays(rnd, sec))
                continue
            taken.append(sec.id)
            seats = [seat for seat in from_dealer_left(rnd) if seat in shown]
            if sec.award == Award.BEST:
                seats = [self.best(rnd, sec, {seat: shown[seat] for seat in seats})]
            events += [Held(seat, sec.id, shown[seat], rule) for seat in seats]
            events += award(rnd, sec.id, seats, name, rule, "held")
        rnd.state.held_sections = tuple(taken)
        return events

    def holders(self, rnd, sec) -> dict[int, tuple[Card, ...]]:
        """The seats that hold the section's card (or a whole group of it, or a run), with the cards shown."""
        if sec.won_by == WonBy.RUN_HOLD:
            trump = rnd.trump
            found = {seat: sets.best_run(rnd.hands[seat], rnd.profile.follow, sec.min_run, rank_places(rnd.profile), trump)
                     for seat in range(rnd.n)}
            return {seat: tuple(DECK[c] for c in best[0]) for seat, best in found.items() if best is not None}
        return {seat: tuple(DECK[c] for c in cards) for seat, cards in claims.holders(rnd.owner, sec.cards, sec.won_by).items()}

    def best(self, rnd, sec, shown: dict[int, tuple[Card, ...]]) -> int:
        """The one winner of a section awarded to the ``best`` holder: the best run (or the
        first holder of a card or group), nearest the dealer's left between equals."""
        if sec.won_by != WonBy.RUN_HOLD:
            return next(iter(shown))
        trump = rnd.trump
        keys = {seat: sets.run_key(tuple(int(c) for c in cards), rank_places(rnd.profile), trump) for seat, cards in shown.items()}
        return sets.best_seat(keys, from_dealer_left(rnd))

    def stays(self, rnd, sec) -> Stayed:
        """The section stays: its card (or a whole group) is in the ghost hand, or nobody holds it."""
        groups = claims.groups(sec.cards, sec.won_by)
        shown = rnd.profile.widow_sections_shown
        ghost = tuple(DECK[c] for group in groups if shown and all(rnd.owner[c] == WIDOW for c in group) for c in group)
        amount = rnd.ledger.board[sec.id]
        if ghost:  # the rule of sections whose cards lie in the extra hand, where the game names one
            rules = rnd.profile.rules
            return Stayed(sec.id, amount, "ghost", ghost, rnd.profile.rule("ghost-sections" if "ghost-sections" in rules else "carry-over"))
        return Stayed(sec.id, amount, "nobody", (), rnd.profile.rule("carry-over"))


PHASE = HoldingPhase()
