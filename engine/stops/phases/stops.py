"""The stops phase, common to every game of the family, played on the shared kernel.

A sequence runs upward in one suit. Whoever holds the next card must play it, whatever
his seat. It stops after an ace or when nobody holds the next card (it is in the widow,
dead or already played). Where the profile says so (``sequence="rank"``, ``turn="seat"``:
Nain Jaune) it runs by rank whatever the suit, in turn order: the player on turn plays any
card of the next rank he holds and plays on; one who holds none passes (a ``Passed``
event) and the next player is on turn; back round to the last player, it is a stop. The
lead rules differ by game and are named by the profile (``first_lead``, ``restart``); after a stop the player of the stopping card leads, or,
where the profile says the duty passes (``duty_passes``), the first player clockwise who
holds a card the restart rule allows; nobody: a deadlock. A pay card played wins its
section; a run the profile names (``play_runs``) wins its section when one player plays
it. The round ends at once when a player plays his last card. Where the profile allows it,
a player on turn who could play on may stop at will (``may_stop``: a ``Stop`` move; the turn
goes on from his left as if he could not), and at a stop before a card nobody can play, the
holder of the stand-in card (``stand_in``) may play it in that card's place (a ``StandIn``
move, asked before the lead; the sequence goes on from the card it replaced) or keep it.
Every one of these rules is a function of :mod:`stops.kernel`, and a card's play as a whole is one
(:func:`stops.kernel.step.play`), which the fast playout calls too; this phase checks
moves, keeps the round's state and turns what the kernel finds into events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import DECK, Card
from ..chips import player, section
from ..enums import FirstLeader, LeadKind, SequenceBy, Turn
from ..errors import IllegalMove, SetupError
from ..events import (ComboPlayed, Deadlocked, DutyPassed, Event, Excused, Passed, Played, SetPlayed, StandInKept, StoodIn,
                      Stopped, StoppedAtWill, WentOut)
from ..kernel import claims, step
from ..kernel.leads import first_leader as kernel_first_leader
from ..kernel.sequence import stop_place
from ..moves import Move, Play, StandIn, Stop
from ..owners import OUT, PLAYED, WIDOW
from ..seats import clockwise


@dataclass(slots=True)
class StopsState:
    """Where the stops phase stands (the round's ``state.stops``)."""

    lead_pending: bool
    leader: int | None  # who must lead (when lead_pending)
    first: bool  # the next lead is the phase's first
    last: Card | None = None  # the last card played in the sequence
    last_seat: int | None = None
    stopped: Card | None = None  # the card that stopped the previous sequence
    # Who has played this phase: ALONE_NOBODY, one seat (every card so far is his), or OPPOSED.
    alone: int = claims.ALONE_NOBODY
    # Mid-sequence: the seat that stopped at will since the last card (the turn goes on from its left).
    at_will: int | None = None
    # At a stop (lead_pending): the holder of the stand-in card, who decides before the lead.
    stand_in: int | None = None
    # The plays the profile's runs remember, and who played each card of a run played in any
    # order (a new dict when it changes: stops.kernel.step.play).
    recent: tuple = ()
    played_by: dict = field(default_factory=dict)

    def copy(self) -> "StopsState":
        return StopsState(self.lead_pending, self.leader, self.first, self.last, self.last_seat, self.stopped, self.alone,
                          self.at_will, self.stand_in, self.recent, self.played_by)


def first_leader(rnd) -> int:
    """Who leads first: left of the dealer, the holder of the card the first lead names, or a
    seat a previous phase chose (``state.first_leader``).

    A position that starts at the stops phase has no earlier phase to choose: dealer's left."""
    return kernel_first_leader(rnd.profile.first_leader, rnd.dealer, rnd.n, rnd.state.first_leader, rnd.owner,
                               rnd.play_rules.first_lead, rnd.profile.order)


def lead_cards(rnd, seat: int, state: StopsState) -> list[Card]:
    """The cards ``seat`` may lead now."""
    return [DECK[c] for c in step.lead_cards(rnd.play_rules, rnd.owner, seat, state.first, state.stopped)]


def follower(rnd, state: StopsState) -> tuple[int | None, tuple[int, ...], int]:
    """Who plays after the last card (:func:`stops.kernel.step.follower`; after a stop at will,
    :func:`~stops.kernel.step.stop_at_will`): his seat, the cards he may play, how many seats
    passed; (None, (), ...) when the sequence stops."""
    if state.at_will is not None:
        return step.stop_at_will(rnd.play_rules, rnd.owner, rnd.n, state.at_will, state.last, state.last_seat)
    return step.follower(rnd.play_rules, rnd.owner, rnd.n, state.last, state.last_seat)


def stopped(rnd, c: Card) -> Stopped:
    """The stop after ``c``: the top of the order, the next card in the widow, dead or played,
    or (turn order) nobody able to play on."""
    profile = rnd.profile
    nxt = profile.follow[c]
    if nxt < 0:
        return Stopped(c, None, None, profile.rule(profile.rule_names.top_stop))
    if profile.sequence == SequenceBy.RANK:
        # Nobody holds the next rank: the last card's player starts a new run, or (a restart by
        # skipping the rank, Nain Jaune's gap=skip-rank) goes on from a higher rank he holds.
        where = "nobody-skip" if profile.restart == LeadKind.SKIP_RANK else "nobody"
        return Stopped(c, None, where, profile.rule(profile.rule_names.gap))
    # The next card turned up for trumps: a stop everyone could see coming.
    where = "turn-up" if nxt == rnd.turned_up else stop_place(rnd.owner, c, profile.follow)
    return Stopped(c, DECK[nxt], where, profile.rule("stop"))


def leader_rule(rnd, state: StopsState) -> str:
    """The rule that says who leads now, which a lead out of turn breaks: the first lead's; after
    a stop, the profile's (``rule_names.restart_turn``, the lead's passing included), else the duty's
    where it passed on since the stop, the stop's own where the game has its own (Nain Jaune:
    after a king ``king-restart``, after a gap ``gap``), or the restart lead's."""
    profile = rnd.profile
    if state.first:  # the first leader: by his seat, or as the holder of the card the first lead names
        return profile.rule(rnd.play_rules.first_lead.rule if profile.first_leader == FirstLeader.HOLDER else "first-lead")
    if profile.rule_names.restart_turn:
        return profile.rule(profile.rule_names.restart_turn)
    if profile.duty_passes:
        for event in reversed(rnd.log):  # back to the stop: did the duty pass on after it?
            if isinstance(event, DutyPassed):
                return profile.rule("duty-passes")
            if isinstance(event, (Stopped, Played)):
                break
    stop = stopped(rnd, state.stopped).rule
    return stop if stop != profile.rule("stop") else profile.rule(rnd.play_rules.restart.rule)


class StopsPhase:
    name = "stops"
    moves = (Play, Stop, StandIn)
    # What a position may say of the play (replay.py's position.leader, .stopped, .last).
    setup_fields = ("leader", "stopped", "last", "last_seat")
    events = (Played, Stopped, WentOut, Excused, DutyPassed, Deadlocked, ComboPlayed, SetPlayed, Passed, StoppedAtWill,
              StoodIn, StandInKept)
    slots = ("stops",)

    def start(self, rnd, setup: dict) -> list[Event]:
        """Begin with a lead by the first leader, or resume a position given by ``setup``."""
        state = StopsState(lead_pending=True, leader=None, first=True)
        rnd.state.stops = state
        if any(place == PLAYED for place in rnd.owner):  # a position set up mid-round: others have played
            state.alone = claims.OPPOSED
        if "last" in setup:  # mid-sequence: the next card follows ``last``
            state.lead_pending = False
            state.first = False
            state.last, state.last_seat = setup["last"], setup["last_seat"]
            if follower(rnd, state)[0] is None:
                raise SetupError(f"nobody holds the card after {state.last}: the position should be a lead", rule=rnd.profile.rule("stop"))
            return []
        if "stopped" in setup:  # a lead after a stop
            state.first = False
            state.stopped = setup["stopped"]
        state.leader = setup.get("leader", None)
        if state.leader is None:
            state.leader = first_leader(rnd)
        events: list[Event] = []
        if state.stopped is not None and rnd.profile.duty_passes:
            # ``leader`` played the stopping card; the duty may pass on.
            events = self.restart(rnd, state.leader, state.stopped)
            if rnd.over:  # nobody may lead: a deadlock
                return events
        if not rnd.hands[state.leader]:  # (where the duty passed, the stopper may lead after all)
            raise SetupError(f"{rnd.name(state.leader)} must lead but holds no card", rule=rnd.profile.rule("first-lead"))
        if state.first and not lead_cards(rnd, state.leader, state):  # the first lead names a card another holds
            raise SetupError(f"{rnd.name(state.leader)} cannot lead first: {rnd.play_rules.first_lead.explain}",
                             rule=leader_rule(rnd, state))
        if state.stopped is not None:  # the stand-in's holder is asked first, as after any stop
            self.offer_stand_in(rnd)
        return events

    def done(self, rnd) -> bool:
        return rnd.over

    def to_move(self, rnd) -> int | None:
        state = rnd.state.stops
        if state.lead_pending:
            return state.leader if state.stand_in is None else state.stand_in
        return follower(rnd, state)[0]

    def legal_moves(self, rnd) -> list[Move]:
        state = rnd.state.stops
        if state.lead_pending:
            holder = state.stand_in
            if holder is None:
                return [Play(state.leader, c) for c in lead_cards(rnd, state.leader, state)]
            stand = StandIn(holder, rnd.profile.stand_in)
            if holder == state.leader:  # he stopped the sequence: the stand-in beside his leads
                return [Play(holder, c) for c in lead_cards(rnd, holder, state)] + [stand]
            return [stand, StandIn(holder, None)]
        seat, cards, _ = follower(rnd, state)
        plays: list[Move] = [Play(seat, DECK[c]) for c in cards]
        return plays + [Stop(seat)] if rnd.profile.may_stop else plays

    def check(self, rnd, move: Move) -> None:
        state = rnd.state.stops
        rule = rnd.profile.rule
        if isinstance(move, Stop):
            return self.check_stop(rnd, move)
        if isinstance(move, StandIn):
            return self.check_stand_in(rnd, move)
        if not isinstance(move, Play):
            raise IllegalMove(f"the stops phase takes card plays, not {move}", rule=rule("follow"))
        seat, c = move.seat, move.card
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise IllegalMove(f"{c!r} is not a card", rule=rule("follow"))
        c = DECK[c]
        name = rnd.name(seat)
        if rnd.owner[c] == OUT:
            raise IllegalMove(f"{c} is not in the pack of {rnd.profile.title}", rule=rule("pack"))
        if state.lead_pending:
            lead = step.lead_rule(rnd.play_rules, state.first)
            holder = state.stand_in
            if holder is not None and holder != state.leader:  # the stand-in's holder decides before the lead
                card, missing = rnd.profile.stand_in, DECK[rnd.profile.follow[state.stopped]]
                if seat == holder:
                    raise IllegalMove(f"{name} plays {card} in place of {missing}, or keeps "
                                      f"it (stand_in null), before {rnd.name(state.leader)} leads",
                                      rule=rule(rnd.profile.rule_names.stand_in))
                raise IllegalMove(f"{rnd.name(holder)} decides first whether to play {card} in place of {missing}, not {name}",
                                  rule=rule(rnd.profile.rule_names.stand_in))
            if seat != state.leader:
                raise IllegalMove(f"{rnd.name(state.leader)} leads now, not {name}", rule=leader_rule(rnd, state))
            if rnd.owner[c] == WIDOW:
                raise IllegalMove(f"{c} is in the {rnd.profile.widow_name} and is never played", rule=rule(rnd.profile.rule_names.widow))
            if rnd.owner[c] != seat:
                raise IllegalMove(f"{name} does not hold {c} ({rnd.holder_phrase(c)})", rule=rule(lead.rule))
            allowed = lead_cards(rnd, seat, state)
            if c not in allowed:
                choices = " ".join(str(x) for x in allowed)
                raise IllegalMove(f"{name} cannot lead {c}: {lead.explain} ({choices})", rule=rule(lead.rule))
            return
        holder, cards, _ = follower(rnd, state)
        if rnd.owner[c] == WIDOW:
            raise IllegalMove(f"{c} is in the {rnd.profile.widow_name} and is never played", rule=rule(rnd.profile.rule_names.widow))
        if rnd.profile.sequence == SequenceBy.SUIT:
            nxt = DECK[cards[0]]
            if c != nxt:
                raise IllegalMove(f"the next card is {nxt} ({rnd.name(holder)} holds it), not {c}", rule=rule("follow"))
            if seat != holder:
                raise IllegalMove(f"{name} cannot play {c}: {rnd.name(holder)} holds it", rule=rule("follow"))
            return
        if seat != holder:
            raise IllegalMove(f"{rnd.name(holder)} is on turn, not {name}", rule=rule(rnd.profile.rule_names.passing))
        if c not in cards:
            choices = " ".join(str(DECK[x]) for x in cards)
            raise IllegalMove(f"{name} cannot play {c}: after {state.last} comes a card of the next rank ({choices})", rule=rule("follow"))

    def check_stop(self, rnd, move: Stop) -> None:
        """A stop at will: by the player on turn, mid-sequence, where the profile allows it."""
        state = rnd.state.stops
        profile = rnd.profile
        name = rnd.name(move.seat)
        if state.lead_pending:
            if state.stand_in is not None and move.seat == state.stand_in != state.leader:
                raise IllegalMove(f"{name} keeps {profile.stand_in} with stand_in null: a stop at will is a turn's",
                                  rule=profile.rule(profile.rule_names.stand_in))
            if move.seat != state.leader:
                raise IllegalMove(f"{rnd.name(state.leader)} leads now, not {name}", rule=leader_rule(rnd, state))
            raise IllegalMove(f"{name} leads now: a sequence must be started, never declined", rule=leader_rule(rnd, state))
        if not profile.may_stop:
            raise IllegalMove(f"{name} cannot stop: in {profile.title} a player who can play on must", rule=profile.rule("follow"))
        holder, _, _ = follower(rnd, state)
        if move.seat != holder:
            raise IllegalMove(f"{rnd.name(holder)} is on turn, not {name}", rule=profile.rule(profile.rule_names.passing))

    def check_stand_in(self, rnd, move: StandIn) -> None:
        """The stand-in card played in place of the missing one, or kept: by its holder, at a
        stop before a card nobody can play, where the profile has such a card."""
        state = rnd.state.stops
        profile = rnd.profile
        name = rnd.name(move.seat)
        card = profile.stand_in
        name_of_rule = profile.rule_names.stand_in
        if name_of_rule is None:
            raise IllegalMove(f"no card stands in for a missing one in {profile.title}", rule=profile.rule("follow"))
        rule = profile.rule(name_of_rule)
        if card is None:
            option = next((o.name for o in profile.options if o.rule == name_of_rule), None)
            raise IllegalMove(f"no card stands in for a missing one without the option {option}", rule=rule)
        holder = state.stand_in if state.lead_pending else None
        if holder is None:
            raise IllegalMove(f"{card} may be played in place of a missing card only at a stop before one nobody can play", rule=rule)
        if move.seat != holder:
            raise IllegalMove(f"{rnd.name(holder)} holds {card}, not {name}", rule=rule)
        if move.card is not None and move.card != card:
            raise IllegalMove(f"only {card} may be played in place of the missing card, not {move.card}", rule=rule)
        if move.card is None and holder == state.leader:
            raise IllegalMove(f"{name} leads now: a lead keeps {card}", rule=leader_rule(rnd, state))

    def apply(self, rnd, move: Move) -> list[Event]:
        if isinstance(move, Stop):
            return self.stop_at_will(rnd, move.seat)
        if isinstance(move, StandIn):
            return self.stand_in(rnd, move)
        state = rnd.state.stops
        lead = state.lead_pending
        rule = rnd.profile.rule(step.lead_rule(rnd.play_rules, state.first).rule) if lead else rnd.profile.rule("follow")
        return self.play_card(rnd, move.seat, DECK[move.card], Played(move.seat, DECK[move.card], lead, rule))

    def play_card(self, rnd, seat: int, c: Card, told: Event, stands_for: int = -1) -> list[Event]:
        """``seat`` plays ``c`` (told by ``told``; ``stands_for``: in place of that card): what
        it claims, then going out, the next turn with the seats that passed, or the stop and
        the lead after it."""
        state = rnd.state.stops
        profile = rnd.profile
        rules = rnd.play_rules
        card = int(c)
        events: list[Event] = [told]
        state.lead_pending = False
        state.first = False
        state.at_will = state.stand_in = None
        state.last, state.last_seat = c, seat
        won: list = []  # what the play claims (stops.kernel.step.play)
        _, last, state.alone, state.recent, state.played_by, turn, _, passed = step.play(
            rules, rnd.owner, list(map(len, rnd.hands)), seat, card, state.alone, state.recent, state.played_by, won,
            stands_for=stands_for)
        rnd.hands[seat].discard(c)
        for _, s, run, cards in won:
            if run == step.PAY_CARD:
                sid = rules.sections[s]
                name = profile.rule_names.pay_rule(sid)
                events += rnd.pay(section(sid), player(seat), rnd.ledger.board[sid], name, profile.rule(name), "pay-card")
            else:
                events += self.run_won(rnd, seat, rnd.layout.play_runs[run], cards)
        if turn == step.WENT_OUT:
            return events + self.go_out(rnd, seat)
        c = state.last = DECK[last]  # the card it stood for, where it stood in
        if profile.turn == Turn.SEAT:
            rank = profile.follow[c] % 13
            events += [Passed(other, rank, profile.rule(profile.rule_names.passing)) for other in clockwise(rnd.n, seat, passed)]
        if turn is not None:
            return events
        events.append(stopped(rnd, c))
        return events + self.restart(rnd, seat, c)

    def stop_at_will(self, rnd, seat: int) -> list[Event]:
        """``seat``, on turn, stops though he could play on: the turn goes on from his left as if
        he held no card of the next rank, the others passing, and back round to the player of
        the last card it is a stop (:func:`stops.kernel.step.stop_at_will`)."""
        state = rnd.state.stops
        profile = rnd.profile
        rank = profile.follow[state.last] % 13
        events: list[Event] = [StoppedAtWill(seat, rank, profile.rule(profile.rule_names.stop))]
        turn, _, passed = step.stop_at_will(rnd.play_rules, rnd.owner, rnd.n, seat, state.last, state.last_seat)
        state.at_will = seat
        events += [Passed(other, rank, profile.rule(profile.rule_names.passing)) for other in clockwise(rnd.n, seat + 1, passed)]
        if turn is not None:
            return events
        events.append(stopped(rnd, state.last))
        return events + self.restart(rnd, state.last_seat, state.last)

    def stand_in(self, rnd, move: StandIn) -> list[Event]:
        """The stand-in's holder plays it in place of the card missing after the stop, and the
        sequence goes on from that card; or keeps it, and the stopper leads."""
        state = rnd.state.stops
        profile = rnd.profile
        rule = profile.rule(profile.rule_names.stand_in)
        card = profile.stand_in
        state.stand_in = None
        if move.card is None:
            return [StandInKept(move.seat, card, rule)]
        missing = DECK[profile.follow[state.stopped]]
        return self.play_card(rnd, move.seat, card, StoodIn(move.seat, card, missing, rule), stands_for=int(missing))

    def offer_stand_in(self, rnd) -> None:
        """At a stop, before the lead: the holder of the stand-in card decides first, where the
        game has one and a card is missing after the stopping card
        (:func:`stops.kernel.step.stand_in_holder`)."""
        state = rnd.state.stops
        if rnd.over or not state.lead_pending or state.stopped is None:
            return
        holder = step.stand_in_holder(rnd.play_rules, rnd.owner, int(state.stopped))
        state.stand_in = holder if holder >= 0 else None

    def run_won(self, rnd, seat: int, claim, cards) -> list[Event]:
        """``seat`` completed the run ``claim`` (one card right after the other, or, not
        ``consecutive``, all played by him this round) with ``cards``: he takes its section."""
        rule = rnd.profile.rule(claim.rule)
        combo = ComboPlayed if claim.consecutive else SetPlayed
        events: list[Event] = [combo(seat, claim.section, tuple(DECK[x] for x in cards), rule)]
        return events + rnd.pay(section(claim.section), player(seat), rnd.ledger.board[claim.section], claim.rule, rule, "combo")

    def restart(self, rnd, stopper: int, stopped: Card) -> list[Event]:
        """After a stop: the player of the stopping card leads; where the duty passes, the
        first player clockwise who can; nobody: a deadlock. The stand-in's holder, if any,
        decides first (:meth:`offer_stand_in`)."""
        state = rnd.state.stops
        state.lead_pending = True
        state.stopped = stopped
        state.at_will = None
        rules = rnd.play_rules
        leader, _, passed = step.after_stop(rules, rnd.owner, rnd.n, stopper, int(stopped), cards=False)
        if leader is None:
            return self.deadlock(rnd, rules.duty.asks(stopped))
        state.leader = leader
        self.offer_stand_in(rnd)
        if passed == 0:
            return []
        skipped = clockwise(rnd.n, stopper, passed)
        return [DutyPassed(stopper, leader, skipped, rules.duty.asks(stopped), rnd.profile.rule("duty-passes"))]

    def deadlock(self, rnd, colour: str) -> list[Event]:
        """Nobody can lead: everyone pays 1 chip per card left into the deadlock section; no winner."""
        rule = rnd.profile.rule("deadlock")
        counts = tuple(len(rnd.hands[s]) for s in range(rnd.n))
        events: list[Event] = [Deadlocked(colour, counts, rule)]
        sid = rnd.play_rules.sections[rnd.play_rules.deadlock]
        for seat, owed in enumerate(claims.deadlock_payments(counts)):
            events += rnd.pay(player(seat), section(sid), owed, "deadlock", rule, "deadlock")
        rnd.state.stops.leader = None
        rnd.end(None)
        return events

    def go_out(self, rnd, seat: int) -> list[Event]:
        return [WentOut(seat, rnd.profile.rule("going-out"))] + going_out_payments(rnd, seat)


def going_out_payments(rnd, seat: int) -> list[Event]:
    """``seat`` wins the round as the first player out: the going-out sections (every
    section when he went out unopposed, where the profile says so: ``unopposed_takes_all``),
    the card payments from each rival (per card, or per pip: ``card_value``; none from a rival
    who still holds a card that excuses him, ``excusing_cards``), and then each
    holder of a pay card still in hand pays its penalty (``held_penalty``); the round ends.
    (Also the dealer who wins by the turn-up.) What is paid, and in what order, is the
    kernel's (:func:`stops.kernel.step.going_out`); here it becomes events."""
    profile = rnd.profile
    rules = rnd.play_rules
    ids = rules.sections
    board = rnd.ledger.board
    stops = rnd.state.stops  # None: the dealer wins by the turn-up, before the play
    alone = stops.alone if stops is not None else claims.ALONE_NOBODY
    counts = [len(h) for h in rnd.hands]
    reason = "card-count" if profile.card_values is None else "card-value"  # per card, or by the cards' values
    events: list[Event] = []
    for kind, who, x in step.going_out(rules, rnd.owner, counts, seat, alone, rnd.state.held_sections):
        if kind == step.CARDS:
            events += rnd.pay(player(who), player(seat), x, reason, profile.rule("card-count"), reason)
        elif kind == step.EXCUSED:
            events.append(Excused(who, DECK[x], profile.rule(profile.rule_names.excuse)))
        elif kind == step.PENALTY:
            sid = ids[x]
            events += rnd.pay(player(who), section(sid), board[sid], "held-penalty", profile.rule("held-penalty"), "penalty")
        elif kind == step.TAKES:
            sid = ids[x]
            rule = profile.rule_names.going_out_rule(sid)
            events += rnd.pay(section(sid), player(seat), board[sid], rule, profile.rule(rule), "going-out")
        else:  # UNOPPOSED
            sid = ids[x]
            rule = profile.rule_names.unopposed
            events += rnd.pay(section(sid), player(seat), board[sid], rule, profile.rule(rule), "unopposed")
    rnd.end(seat)
    return events


PHASE = StopsPhase()
