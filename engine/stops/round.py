"""One round of a stops game: the state, its legal moves and ``apply(move) -> events``.

A :class:`Round` starts with the ante and the deal, then runs the profile's phases in
order. ``legal_moves()`` lists what may be played now, ``check(move)`` raises
:class:`~stops.errors.IllegalMove` naming the rule, and ``apply(move)`` checks, changes
the state and returns the events. An illegal move leaves the state exactly as it was.
The history (``moves``) with the deal replays the round exactly.

Where the profile turns up a trump, the deal names the card turned up: its suit is
``trump``, the card ``turned_up`` (public), and the round's board
(:meth:`~stops.profiles.base.Profile.board`) resolves the sections of trumps to cards:
``sections``, ``pay_on_play``, ``layout`` (the pay table and runs) and ``play_rules`` (the
stops play on the kernel's compact table) are the round's, which every phase reads instead
of the profile's.

What the phases keep between moves is the round's :class:`RoundState` (``rnd.state``): one
typed slot per thing kept, each written by the one phase that declares it in its ``slots``
(a betting round's bets, the stops play's sequence, the sections held in phase 1...) and
read by attribute by the later phases, the views and the bots. It has no other room: a
name no phase declares cannot be set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .deal import TURN_UP_PLACES, Deal, last_receiver, sizes_for
from .enums import Bankroll, TurnUp
from .errors import IllegalMove, SetupError, shown
from .events import Dealt, Event, Misdealt, Transfer, TurnedUp
from .chips import Amount, player, section
from .kernel.auction import AuctionState
from .kernel.betting import BettingState
from .ledger import Ledger
from .moves import Move, Redeal
from .owners import DEAD, OUT, PLACES, PLAYED, WIDOW
from .phases.poker_phase import ShownHand
from .phases.staking import StakingState
from .phases.stops import StopsState
from .phases.widow_exchange import WidowState
from .profiles.base import Profile

# Where a card is, besides a player's seat (0..n-1): stops.owners.
WHERE = {**PLACES, OUT: "out of the pack"}


@dataclass(slots=True)
class RoundState:
    """What the phases of a round keep between moves, one slot each (None or empty until its
    phase has run). Each slot is written by the one phase that declares it in ``slots``
    (named in the comments); any other code reads it. A redeal starts from a new one."""

    # staking: who stakes now and the chips he has left to place
    staking: StakingState | None = None
    # widow-exchange: where the exchange stands
    widow: WidowState | None = None
    # ghost-auction: the auction for the ghost hand
    auction: AuctionState | None = None
    # turn-up: the section the dealer took by the card turned up (the holding phase skips it)
    turn_up_section: str | None = None
    # holding: the sections won by holding cards (the going out may skip them: Tripoli's pozo_once)
    held_sections: tuple[str, ...] = ()
    # poker-showdown: the hands shown for the Pot
    showdown: tuple[ShownHand, ...] | None = None
    # betting, vying: the betting round, and the seat it makes lead first in the stops play
    betting: BettingState | None = None
    first_leader: int | None = None
    # stops: where the stops play stands
    stops: StopsState | None = None

    def copy(self) -> "RoundState":
        """A copy to play on: a phase's state object (changed in place as the phase goes on)
        is copied by its ``copy``; the rest (tuples, numbers, None) is shared. (Round.clone
        calls it for every sampled world of a hint: written out, for speed.)"""
        return RoundState(staking=self.staking and self.staking.copy(), widow=self.widow and self.widow.copy(),
                          auction=self.auction and self.auction.copy(), turn_up_section=self.turn_up_section,
                          held_sections=self.held_sections, showdown=self.showdown,
                          betting=self.betting and self.betting.copy(), first_leader=self.first_leader,
                          stops=self.stops and self.stops.copy())


def setup_fields(phase) -> tuple[str, ...]:
    """The fields of a position's set-up that ``phase`` starts from (none unless it says)."""
    return getattr(phase, "setup_fields", ())


class Round:
    """The state of one round."""

    def __init__(
        self,
        profile: Profile,
        players: Sequence[str],
        dealer: int,
        deal: Deal,
        *,
        balances: Sequence[Amount] | None = None,
        board: dict[str, Amount] | None = None,
        full_deal: bool = True,
        phase: str | None = None,
        setup: dict | None = None,
    ):
        profile.check_players(len(players))
        profile = profile.seated(len(players))  # the pack for this many players
        if len(set(players)) != len(players):
            raise SetupError("player names must be different")
        if not 0 <= dealer < len(players):
            raise SetupError(f"the dealer must be one of the {len(players)} players")
        self.profile = profile
        self.names = tuple(players)
        self.n = len(players)
        self.dealer = dealer
        self.ledger = Ledger(
            balances if balances is not None else [self._start_balance()] * self.n,
            {sid: 0 for sid in profile.section_ids()} | dict(board or {}),
            capped=profile.bankroll == Bankroll.CHIPS,
        )
        unknown = set(self.ledger.board) - set(profile.section_ids())
        if unknown:
            raise SetupError(
                f"unknown board section {sorted(unknown)[0]!r} (sections: {', '.join(profile.section_ids())})", rule=profile.rule("board")
            )
        self.start_balances = list(self.ledger.balances)
        self.start_board = dict(self.ledger.board)
        self.moves: list[Move] = []
        self.log: list[Event] = []
        self.winner: int | None = None
        self.over = False
        self.state = RoundState()
        self.phase_index = 0
        self.full_deal = full_deal
        self.log.extend(self._ante())
        # Where the latest deal starts in the log: a redeal puts back what was paid after it.
        self.deal_mark = len(self.log)
        dealt = self._install(deal, full_deal)
        self.log.append(dealt)
        self.log.extend(self._turn_up())
        first = 0 if phase is None else self._phase_number(phase)
        self._check_position(dealt, first)
        self.start_events: list[Event] = list(self.log) + self._start_phases(first, setup or {})
        self.log = list(self.start_events)

    # ----- set-up -------------------------------------------------------------------

    def _start_balance(self) -> Amount:
        return self.profile.starting_chips if self.profile.bankroll == Bankroll.CHIPS else 0

    def _phase_number(self, phase: str) -> int:
        if phase not in self.profile.phases:
            raise SetupError(f"unknown phase {shown(phase)} for {self.profile.name} (phases: {', '.join(self.profile.phases)})",
                             path="phase")
        return self.profile.phases.index(phase)

    def _ante(self) -> list[Event]:
        rule = self.profile.rule("ante")
        events = []
        for seat in range(self.n):
            ante = self.profile.dealer_ante if (seat == self.dealer and self.profile.dealer_ante) else self.profile.ante
            for sid, amount in ante.items():
                event = self.ledger.transfer(player(seat), section(sid), amount, "ante", rule, "ante")
                if event:
                    events.append(event)
        return events

    def _install(self, deal: Deal, full_deal: bool) -> Dealt:
        """Place the cards (checking that no card is dealt twice and that a full deal is
        complete; nothing changes when a check fails) and return the deal's event."""
        if len(deal.hands) != self.n:
            raise SetupError(f"the deal has {len(deal.hands)} hands for {self.n} players", rule=self.profile.rule("deal"))
        profile = self.profile
        owner = [PLAYED if profile.in_pack(c) else OUT for c in range(52)]
        seen: dict[Card, str] = {}
        holders = list(enumerate(deal.hands)) + [(WIDOW, deal.widow)]
        for seat, cards in holders:
            label = f"the {profile.widow_name}" if seat == WIDOW else self.names[seat]
            for c in cards:
                if c in seen:
                    raise SetupError(f"{c} is dealt twice ({seen[c]} and {label})", rule=profile.rule("deal"))
                if owner[c] == OUT:
                    raise SetupError(f"{c} is not in the pack of {profile.title} ({label} is dealt it)", rule=profile.rule("pack"))
                seen[c] = label
                owner[c] = seat
        self._check_turn_up(deal)
        if full_deal:
            missing = [str(c) for c in profile.pack if c not in seen]
            if missing:
                raise SetupError(f"a full deal holds all {len(profile.pack)} cards of the pack; missing {' '.join(missing)}",
                                 rule=profile.rule("deal"))
            sizes, widow_size = sizes_for(profile, self.n, self.dealer)
            actual = [len(h) for h in deal.hands]
            if actual != sizes or len(deal.widow) != widow_size:
                expected = ", ".join(f"{self.names[s]} {sizes[s]}" for s in range(self.n))
                raise SetupError(
                    f"hand sizes do not follow the deal (expected {expected}, {self.profile.widow_name} {widow_size})",
                    rule=self.profile.rule("deal"),
                )
        self.owner = owner
        self.hands = [set(h) for h in deal.hands]
        self.widow = tuple(sorted(deal.widow))
        self.turned_up = deal.turn_up
        return Dealt(self.dealer, tuple(tuple(sorted(h)) for h in deal.hands), self.widow, self.profile.rule("deal"), deal.turn_up)

    def _check_turn_up(self, deal: Deal) -> None:
        """A deal names its turn-up exactly when the profile turns one up, and the card lies
        where the profile puts it (the extra hand, or the dealer's hand)."""
        mode, profile = self.profile.turn_up, self.profile
        if mode == TurnUp.NONE:
            if deal.turn_up is not None:
                raise SetupError(f"{profile.title} turns up no card; the deal names {deal.turn_up}", rule=profile.rule("deal"))
            return
        rule = profile.rule(profile.rule_names.turn_up)
        if deal.turn_up is None:
            raise SetupError(f"{profile.title} turns up a card for trumps; the deal must name it (turn_up)", rule=rule)
        if mode == TurnUp.TO_STOCK and deal.turn_up not in deal.widow:
            raise SetupError(f"the turn-up {deal.turn_up} lies in the {profile.widow_name}, but the deal puts it elsewhere", rule=rule)
        if mode == TurnUp.TO_DEALER and deal.turn_up not in deal.hands[self.dealer]:
            raise SetupError(f"the turn-up {deal.turn_up} is the dealer's last card, but the deal does not give it to {self.names[self.dealer]}", rule=rule)
        if mode == TurnUp.TO_LAST:
            holder = self._turn_up_holder(deal)
            receiver = self._last_receiver()
            if holder is None or (self.full_deal and holder != receiver):
                raise SetupError(f"the turn-up {deal.turn_up} is the last card dealt, which goes to "
                                 f"{self.names[receiver]}, but the deal does not give it there", rule=rule)

    def _last_receiver(self) -> int:
        """Who receives the last card dealt to a player in a full deal of this round's pack."""
        profile = self.profile.seated(self.n)
        return last_receiver(self.n, self.dealer, profile.widow_position, len(profile.pack), profile.deal_plan)

    @staticmethod
    def _turn_up_holder(deal: Deal) -> int | None:
        return next((seat for seat, hand in enumerate(deal.hands) if deal.turn_up in hand), None)

    def _turn_up(self) -> list[Event]:
        """The trump suit (``trump``: the turn-up's, or fixed by the rules), the round's board
        resolved for it, and the event."""
        c = self.turned_up
        trump = self.profile.fixed_trump if c is None else int(c.suit)
        self.trump = None if trump is None else Suit(trump)
        self.layout = self.profile.board(trump)
        self.sections = self.layout.sections
        self.pay_on_play = self.layout.pay_on_play
        self.play_rules = self.profile.play_rules(trump)
        if c is None:
            return []
        where = TURN_UP_PLACES[self.profile.turn_up]
        holder = self.owner[c] if where == "hand" else None
        return [TurnedUp(self.dealer, c, where, self.profile.rule(self.profile.rule_names.turn_up), holder)]

    def _start_phases(self, first: int, setup: dict) -> list[Event]:
        """Start at phase ``first``. ``setup`` (a position's ``leader``, ``stopped``, ``last``)
        goes to the phase that reads it (its ``setup_fields``) when that phase starts, however
        many phases come before it; a field that no phase from ``first`` on reads is refused, and
        so is one of a round that is over before the phase that reads it starts."""
        later = [self.profile.phase(name) for name in self.profile.phases[first:]]
        unread = sorted(set(setup) - {field for phase in later for field in setup_fields(phase)})
        if unread:
            raise SetupError(f"no phase of {self.profile.name} from {self.profile.phases[first]!r} on starts from it",
                             path=unread[0])  # within the position (Replay.start places it)
        self._setup = dict(setup)
        self.phase_index = first
        events = self._start_phase() + self._advance()
        if self.over and self._setup:  # over at its start (Pope Joan's Pope turned up): never dropped unsaid
            name = min(set(self._setup) - {"last_seat"})
            reader = next(phase for phase in later if name in setup_fields(phase))
            raise SetupError(f"the round is over before its {reader.name} phase, which this sets up", path=name)
        return events

    def _start_phase(self) -> list[Event]:
        phase = self.profile.phase(self.phase)
        given = {field: self._setup.pop(field) for field in setup_fields(phase) if field in self._setup}
        return phase.start(self, given)

    def _advance(self) -> list[Event]:
        """Enter the next phases while the current one is finished and the round goes on."""
        events: list[Event] = []
        while not self.over and self.profile.phase(self.phase).done(self) and self.phase_index + 1 < len(self.profile.phases):
            self.phase_index += 1
            events += self._start_phase()
        return events

    # ----- the game interface -------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.profile.phases[self.phase_index]

    def to_move(self) -> int | None:
        """The seat that must move now, or None when the round is over."""
        if self.over:
            return None
        return self.profile.phase(self.phase).to_move(self)

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        return self.profile.phase(self.phase).legal_moves(self)

    def check(self, move: Move) -> None:
        """Raise IllegalMove (with the rule id) unless ``move`` is legal now."""
        if isinstance(move, Redeal):
            if self.over:
                raise IllegalMove("the round is over; a redeal comes before its end", rule=self.profile.rule("misdeal"))
            return
        if self.over:
            raise IllegalMove("the round is over", rule=self.profile.rule("going-out"))
        seat = move.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalMove(f"there is no player at seat {seat!r}", rule=self.profile.rule("players"))
        self.profile.phase(self.phase).check(self, move)

    def apply(self, move: Move) -> list[Event]:
        """Check ``move``, play it and return what happened."""
        self.check(move)
        if isinstance(move, Redeal):
            events = self._redeal(move)
        else:
            events = self.profile.phase(self.phase).apply(self, move)
            events += self._advance()
        self.moves.append(move)
        self.log.extend(events)
        return events

    def _redeal(self, move: Redeal) -> list[Event]:
        """Misdeal: put back every payment since the last deal, deal again, restart the phases.

        Only the payments made since the latest deal go back (``deal_mark``): an earlier
        redeal's refunds are not reversed again, so the log grows by one round per redeal.
        A redeal that is not a valid deal, or whose first phase cannot start, changes nothing.
        """
        rule = self.profile.rule("misdeal")
        saved = dict(self.__dict__)
        saved_ledger = self.ledger.copy()
        events: list[Event] = [Misdealt(rule)]
        for event in reversed(self.log[self.deal_mark:]):
            if isinstance(event, Transfer):
                back = self.ledger.transfer(event.target, event.source, event.amount, "misdeal", rule, "refund")
                if back:
                    events.append(back)
        try:
            dealt = self._install(Deal(move.hands, move.widow, move.turn_up), full_deal=self.full_deal)
            self._check_position(dealt, 0)
            events.append(dealt)
            self.winner = None
            self.over = False
            self.state = RoundState()
            events += self._turn_up()
            events += self._start_phases(0, {})
        except SetupError as error:
            self.__dict__.clear()
            self.__dict__.update(saved)
            self.ledger = saved_ledger
            raise IllegalMove(f"the redeal is not a valid deal: {error.message}", rule=rule) from None
        self.deal_mark = len(self.log) + events.index(dealt)
        return events

    def _check_position(self, dealt: Dealt, first: int) -> None:
        """A position that starts before the stops phase gives every player a card (a player
        without one could neither lead nor have gone out)."""
        if self.full_deal or "stops" not in self.profile.phases or first >= self.profile.phases.index("stops"):
            return
        empty = [self.names[s] for s, cards in enumerate(dealt.hands) if not cards]
        if empty:
            raise SetupError(f"{', '.join(empty)} hold(s) no card, yet the stops phase is still to come", rule=self.profile.rule("deal"))

    # ----- helpers used by the phases ----------------------------------------------

    def name(self, seat: int) -> str:
        return self.names[seat]

    def holder_phrase(self, c: Card) -> str:
        """Where ``c`` is, as a phrase: "C holds it", "it is in the widow", "it has been played"."""
        holder = self.owner[c]
        if holder >= 0:
            return f"{self.names[holder]} holds it"
        return {WIDOW: f"it is in the {self.profile.widow_name}", PLAYED: "it has been played", DEAD: "it is in the dead hand",
                OUT: "it is not in the pack"}[holder]

    def pay(self, source, target, amount: Amount, reason: str, rule: str, kind: str = "payment") -> list[Event]:
        event = self.ledger.transfer(source, target, amount, reason, rule, kind)
        return [event] if event else []

    def where(self, c: Card) -> str:
        """Who holds ``c`` (a name), or where it is: "the widow", "played", "dead"."""
        holder = self.owner[c]
        return self.names[holder] if holder >= 0 else WHERE[holder]

    def end(self, winner: int | None) -> None:
        self.winner = winner
        self.over = True

    def clone(self) -> "Round":
        """A copy that can be played on without touching this one (the log is shared, not copied)."""
        other = object.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.ledger = self.ledger.copy()
        other.owner = list(self.owner)
        other.hands = [set(h) for h in self.hands]
        other.moves = list(self.moves)
        other.log = list(self.log)
        other.state = self.state.copy()
        other._setup = dict(self._setup)
        return other

    # ----- results ------------------------------------------------------------------

    def results(self) -> dict:
        """Gross (all received) and net (balance change) for each player, and the board."""
        gross: list[Amount] = [0] * self.n
        for event in self.log:
            if isinstance(event, Transfer):
                if event.target.kind == "player":
                    gross[event.target.key] += event.amount
                if event.source.kind == "player" and event.reason == "misdeal":
                    gross[event.source.key] -= event.amount
        return {
            "winner": self.winner,
            "gross": gross,
            "net": [self.ledger.balances[s] - self.start_balances[s] for s in range(self.n)],
            "balances": list(self.ledger.balances),
            "board": dict(self.ledger.board),
        }
