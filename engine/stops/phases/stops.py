"""The stops phase, common to every game of the family.

A sequence runs upward in one suit. Whoever holds the next card must play it, whatever
his seat. It stops after an ace or when nobody holds the next card (it is in the widow,
dead or already played). The lead rules differ by game and are named by the profile
(``first_lead``, ``restart``); they are the functions in :data:`LEAD_RULES`.
The round ends at once when a player plays his last card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import DECK, Card
from ..errors import IllegalMove, SetupError
from ..events import Event, Played, Stopped, WentOut
from ..chips import player, section
from ..moves import Move, Play


@dataclass(slots=True)
class StopsState:
    """Where the stops phase stands."""

    lead_pending: bool
    leader: int | None  # who must lead (when lead_pending)
    first: bool  # the next lead is the phase's first
    last: Card | None = None  # the last card played in the sequence
    last_seat: int | None = None
    stopped: Card | None = None  # the card that stopped the previous sequence

    def copy(self) -> "StopsState":
        return StopsState(self.lead_pending, self.leader, self.first, self.last, self.last_seat, self.stopped)


# ----- lead rules: (hand, seat, state) -> the cards that seat may lead --------------------


def lowest_by_suit(cards) -> dict[int, Card]:
    lowest: dict[int, Card] = {}
    for c in cards:
        suit = c // 13
        if suit not in lowest or c < lowest[suit]:
            lowest[suit] = c
    return lowest


def lead_chosen_suit(rnd, seat: int, state: StopsState) -> list[Card]:
    """The lowest card of any suit the leader holds."""
    return sorted(lowest_by_suit(rnd.hands[seat]).values())


def lead_other_suit(rnd, seat: int, state: StopsState) -> list[Card]:
    """The lowest card of another suit than the one that stopped; that suit only if nothing else."""
    lowest = lowest_by_suit(rnd.hands[seat])
    if state.stopped is not None:
        others = [c for suit, c in lowest.items() if suit != state.stopped // 13]
        if others:
            return sorted(others)
    return sorted(lowest.values())


def lead_longest_suit(rnd, seat: int, state: StopsState) -> list[Card]:
    """The lowest card of the leader's longest suit (his choice between equally long ones)."""
    counts: dict[int, int] = {}
    for c in rnd.hands[seat]:
        counts[c // 13] = counts.get(c // 13, 0) + 1
    longest = max(counts.values())
    lowest = lowest_by_suit(rnd.hands[seat])
    return sorted(c for suit, c in lowest.items() if counts[suit] == longest)


def lead_opposite_colour(rnd, seat: int, state: StopsState) -> list[Card]:
    """The lowest card of each suit of the colour opposite the card that stopped (any suit first)."""
    lowest = lowest_by_suit(rnd.hands[seat])
    if state.stopped is None:
        return sorted(lowest.values())
    wanted = state.stopped.colour.opposite
    return sorted(c for c in lowest.values() if c.colour is wanted)


def lead_lowest_card(rnd, seat: int, state: StopsState) -> list[Card]:
    """The lowest card of the whole hand (his choice between equal ranks)."""
    cards = rnd.hands[seat]
    rank = min(c % 13 for c in cards)
    return sorted(c for c in cards if c % 13 == rank)


@dataclass(frozen=True)
class LeadRule:
    cards: Callable
    rule: str  # the rule name (without the game prefix) a lead under it applies
    explain: str  # what the rule asks, for error messages


LEAD_RULES: dict[str, LeadRule] = {
    "chosen-suit": LeadRule(lead_chosen_suit, "lead-lowest", "a lead is the lowest card of the chosen suit"),
    "other-suit": LeadRule(lead_other_suit, "restart", "after a stop, lead the lowest card of another suit (the same suit only when nothing else is left)"),
    "longest-suit": LeadRule(lead_longest_suit, "first-lead", "the first lead is the lowest card of the longest suit"),
    "any-suit": LeadRule(lead_chosen_suit, "restart", "after a stop, lead the lowest card of any suit"),
    "lowest-card": LeadRule(lead_lowest_card, "first-lead", "the first card is the lowest of the whole hand"),
    "opposite-colour": LeadRule(
        lead_opposite_colour, "colour-switch", "after a stop or an ace, play the lowest card of a suit of the opposite colour"
    ),
}


def first_leader(rnd) -> int:
    """Who leads first: left of the dealer, or a seat a previous phase chose (``data['first_leader']``)."""
    if rnd.profile.first_leader == "dealer-left":
        return (rnd.dealer + 1) % rnd.n
    # A position that starts at the stops phase has no earlier phase to choose: dealer's left.
    return rnd.data.get("first_leader", (rnd.dealer + 1) % rnd.n)


def lead_rule(rnd, state: StopsState) -> LeadRule:
    return LEAD_RULES[rnd.profile.first_lead if state.first else rnd.profile.restart]


# ----- the phase -----------------------------------------------------------------------


class StopsPhase:
    name = "stops"
    moves = (Play,)
    events = (Played, Stopped, WentOut)

    def start(self, rnd, setup: dict) -> list[Event]:
        """Begin with a lead by the first leader, or resume a position given by ``setup``."""
        state = StopsState(lead_pending=True, leader=None, first=True)
        rnd.stops = state
        if "last" in setup:  # mid-sequence: the next card follows ``last``
            state.lead_pending = False
            state.first = False
            state.last, state.last_seat = setup["last"], setup["last_seat"]
            nxt = state.last.next_up()
            if nxt is None or rnd.owner[nxt] < 0:
                raise SetupError(f"nobody holds the card after {state.last}: the position should be a lead", rnd.profile.rule("stop"))
            return []
        if "stopped" in setup:  # a lead after a stop
            state.first = False
            state.stopped = setup["stopped"]
        state.leader = setup.get("leader", None)
        if state.leader is None:
            state.leader = first_leader(rnd)
        if state.stopped is not None and rnd.profile.find_leader is not None:
            # ``leader`` played the stopping card; the profile may pass the duty on.
            return self.restart(rnd, state.leader, state.stopped)
        if not rnd.hands[state.leader]:
            raise SetupError(f"{rnd.name(state.leader)} must lead but holds no card", rnd.profile.rule("first-lead"))
        return []

    def done(self, rnd) -> bool:
        return rnd.over

    def to_move(self, rnd) -> int | None:
        state = rnd.stops
        if state.lead_pending:
            return state.leader
        return rnd.owner[state.last + 1]

    def legal_moves(self, rnd) -> list[Move]:
        state = rnd.stops
        if state.lead_pending:
            return [Play(state.leader, c) for c in lead_rule(rnd, state).cards(rnd, state.leader, state)]
        nxt = Card(state.last + 1)
        return [Play(rnd.owner[nxt], nxt)]

    def check(self, rnd, move: Move) -> None:
        state = rnd.stops
        rule = rnd.profile.rule
        if not isinstance(move, Play):
            raise IllegalMove(rule("follow"), f"the stops phase takes card plays, not {move}")
        seat, c = move.seat, move.card
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise IllegalMove(rule("follow"), f"{c!r} is not a card")
        c = DECK[c]
        name = rnd.name(seat)
        if state.lead_pending:
            lead = lead_rule(rnd, state)
            if seat != state.leader:
                turn_rule = rule("first-lead") if state.first else rule(LEAD_RULES[rnd.profile.restart].rule)
                raise IllegalMove(turn_rule, f"{rnd.name(state.leader)} leads now, not {name}")
            if rnd.owner[c] == -1:
                raise IllegalMove(rule(rnd.profile.widow_rule), f"{c} is in the {rnd.profile.widow_name} and is never played")
            if rnd.owner[c] != seat:
                raise IllegalMove(rule(lead.rule), f"{name} does not hold {c} ({rnd.holder_phrase(c)})")
            allowed = lead.cards(rnd, seat, state)
            if c not in allowed:
                choices = " ".join(str(x) for x in allowed)
                raise IllegalMove(rule(lead.rule), f"{name} cannot lead {c}: {lead.explain} ({choices})")
            return
        nxt = state.last.next_up()
        holder = rnd.owner[nxt]
        if rnd.owner[c] == -1:
            raise IllegalMove(rule(rnd.profile.widow_rule), f"{c} is in the {rnd.profile.widow_name} and is never played")
        if c != nxt:
            raise IllegalMove(rule("follow"), f"the next card is {nxt} ({rnd.name(holder)} holds it), not {c}")
        if seat != holder:
            raise IllegalMove(rule("follow"), f"{name} cannot play {c}: {rnd.name(holder)} holds it")

    def apply(self, rnd, move: Play) -> list[Event]:
        state = rnd.stops
        profile = rnd.profile
        seat, c = move.seat, DECK[move.card]
        lead = state.lead_pending
        play_rule = profile.rule(lead_rule(rnd, state).rule) if lead else profile.rule("follow")
        rnd.hands[seat].discard(c)
        rnd.owner[c] = -2  # played
        events: list[Event] = [Played(seat, c, lead, play_rule)]
        state.lead_pending = False
        state.first = False
        state.last, state.last_seat = c, seat
        sid = profile.pay_on_play.get(c)
        if sid is not None:
            events += rnd.pay(section(sid), player(seat), rnd.ledger.board[sid], profile.pay_rule, profile.rule(profile.pay_rule))
        for hook in profile.after_play:
            events += hook(rnd, seat, c)
        if not rnd.hands[seat]:
            events += self.go_out(rnd, seat)
            return events
        nxt = c.next_up()
        holder = -2 if nxt is None else rnd.owner[nxt]
        if holder >= 0:
            return events
        where = None if nxt is None else {-1: "widow", -2: "played", -3: "dead"}[holder]
        events.append(Stopped(c, nxt, where, profile.rule("stop")))
        return events + self.restart(rnd, seat, c)

    def restart(self, rnd, seat: int, stopped: Card) -> list[Event]:
        """After a stop: the player who played the stopping card leads (profiles may pass the duty on)."""
        state = rnd.stops
        state.lead_pending = True
        state.stopped = stopped
        find = rnd.profile.find_leader
        if find is None:
            state.leader = seat
            return []
        return find(rnd, seat, stopped)

    def go_out(self, rnd, seat: int) -> list[Event]:
        profile = rnd.profile
        events: list[Event] = [WentOut(seat, profile.rule("going-out"))]
        for sid in profile.going_out_for(rnd.data.get("held_sections", ())):
            rule = profile.going_out_rules.get(sid, sid)
            events += rnd.pay(section(sid), player(seat), rnd.ledger.board[sid], rule, profile.rule(rule))
        for offset in range(1, rnd.n):
            rival = (seat + offset) % rnd.n
            owed = profile.card_count_rate * len(rnd.hands[rival])
            events += rnd.pay(player(rival), player(seat), owed, "card-count", profile.rule("card-count"))
        rnd.end(seat)
        return events


PHASE = StopsPhase()
