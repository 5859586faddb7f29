"""A session: rounds one after another, the deal passing left, the board carried over.

The session deals each round from its own seeded generator (the deals are explicit in
each round's replay), carries unwon sections and balances from round to round, lets a
player who cannot pay his full ante leave (finite chip stacks), and settles the board at
the end by the profile's rule (Michigan: an equal split in exact fractions).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from .awards import Split
from .deal import deal_for, shuffled_deck
from .errors import SetupError
from .events import Busted, Event, Left
from .round import Round
from .chips import Amount, player, section
from .ledger import Ledger
from .seats import from_left_of
from .profiles.base import Profile


def cut_for_dealer(rng: random.Random, players: int, profile: Profile | None = None) -> int:
    """Each player cuts a card of the game's pack; the highest rank (in the game's order) deals (ties cut again)."""
    contenders = list(range(players))
    while True:
        if profile is None:
            deck = shuffled_deck(rng)
            cuts = {seat: deck[i] % 13 for i, seat in enumerate(contenders)}
        else:
            deck = shuffled_deck(rng, profile.pack)
            cuts = {seat: profile.rank_key(deck[i]) for i, seat in enumerate(contenders)}
        best = max(cuts.values())
        contenders = [seat for seat, rank in cuts.items() if rank == best]
        if len(contenders) == 1:
            return contenders[0]


def full_ante(profile: Profile, is_dealer: bool) -> int:
    ante = profile.dealer_ante if (is_dealer and profile.dealer_ante) else profile.ante
    return sum(ante.values()) + profile.free_stake


class Session:
    """Rounds of one game among the same players."""

    def __init__(
        self,
        profile: Profile,
        players: Sequence[str],
        seed: int = 0,
        *,
        dealer: int | None = None,
        rounds: int | None = None,
    ):
        profile.check_players(len(players))
        self.profile = profile
        self.names = tuple(players)
        self.n = len(players)
        self.rng = random.Random(seed)
        self.dealer = cut_for_dealer(self.rng, self.n, profile) if dealer is None else dealer
        if rounds is None:
            rounds = profile.session_rounds(self.n)
        self.rounds = rounds
        start = profile.starting_chips if profile.bankroll == "chips" else 0
        self.ledger = Ledger([start] * self.n, {sid: 0 for sid in profile.section_ids()}, capped=profile.bankroll == "chips")
        self.active = list(range(self.n))
        self.played = 0
        self.past_rounds: list[Round] = []
        self.events: list[Event] = []
        self.finished = False
        # Explicit five-card deals for end-of-session showdowns (from a replay); else drawn.
        self.final_deals: list[dict[int, tuple]] | None = None
        self.busted = False  # a player could not pay in full (``Profile.session_end_on_bust``)
        self._departures()

    @classmethod
    def after_round(cls, rnd: Round, final_deals: list[dict[int, tuple]] | None = None) -> "Session":
        """A session whose last round is ``rnd``: its ledger, the deal passed left, ready to settle."""
        session = cls(rnd.profile, rnd.names, dealer=rnd.dealer, rounds=1)
        session.final_deals = final_deals
        session.record(rnd)
        return session

    def final_deal(self, seats: list[int], cards: int = 5) -> dict[int, tuple]:
        """Five cards to each of ``seats`` for a final showdown: the next recorded deal, or drawn."""
        if self.final_deals is not None:
            if not self.final_deals:
                raise SetupError("a final showdown needs one more recorded deal", self.profile.rule("session-end"))
            deal = self.final_deals.pop(0)
            if sorted(deal) != sorted(seats):
                names = ", ".join(self.names[s] for s in seats)
                raise SetupError(f"a final showdown deals to {names}", self.profile.rule("session-end"))
            dealt = [c for seat in sorted(deal) for c in deal[seat]]
            if len(set(dealt)) != len(dealt) or any(len(deal[seat]) != cards for seat in deal):
                raise SetupError(f"a final showdown deals {cards} different cards to each player", self.profile.rule("session-end"))
            return deal
        deck = shuffled_deck(self.rng)
        return {seat: tuple(sorted(deck[i::len(seats)][:cards])) for i, seat in enumerate(seats)}

    # ----- rounds -------------------------------------------------------------------

    def over(self) -> bool:
        return self.finished or self.busted or self.played >= self.rounds or len(self.active) < self.profile.min_players

    def next_round(self) -> Round:
        """Deal the next round to the players still in the session."""
        if self.over():
            raise SetupError("the session is over")
        seats = self.active
        dealer = seats.index(self.dealer)
        deal = deal_for(self.profile, self.rng, len(seats), dealer)
        return Round(
            self.profile,
            [self.names[s] for s in seats],
            dealer,
            deal,
            balances=[self.ledger.balances[s] for s in seats],
            board=dict(self.ledger.board),
        )

    def record(self, rnd: Round) -> None:
        """Take a finished round's balances and board, and pass the deal to the left."""
        for index, seat in enumerate(self.active):
            self.ledger.balances[seat] = rnd.ledger.balances[index]
        self.ledger.board = dict(rnd.ledger.board)
        self.past_rounds.append(rnd)
        self.played += 1
        self.dealer = self._next_active(self.dealer)
        self._departures()

    def _departures(self) -> None:
        """With finite stacks, a player who cannot pay his full ante leaves before the deal;
        where the profile says so (``session_end_on_bust``), the session ends at once instead
        (a payment the round could not take in full leaves too little for the next ante)."""
        while True:
            broke = [s for s in self.active if not self.ledger.can_pay(s, full_ante(self.profile, s == self.dealer))]
            if not broke:
                return
            if self.profile.session_end_on_bust:
                if not self.busted and self.played < self.rounds:
                    self.busted = True
                    self.events.append(Busted(broke[0], self.profile.rule(self.profile.leave_rule)))
                return
            seat = broke[0]
            self.active.remove(seat)
            self.events.append(Left(seat, self.profile.rule(self.profile.leave_rule)))
            if seat == self.dealer and self.active:
                self.dealer = self._next_active(seat)  # the new dealer may owe a larger ante

    def _next_active(self, seat: int) -> int:
        return next((candidate for candidate in from_left_of(self.n, seat) if candidate in self.active), seat)

    # ----- the end ------------------------------------------------------------------

    def finish(self) -> list[Event]:
        """Settle the board by the profile's rule; returns the events."""
        if self.finished:
            return []
        self.finished = True
        settle = self.profile.session_end or SETTLEMENTS[self.profile.settlement]
        events = settle(self)
        self.events += events
        return events

    def standings(self) -> list[tuple[str, Amount]]:
        """Players by final balance, best first."""
        order = sorted(range(self.n), key=lambda s: (-self.ledger.balances[s], s))
        return [(self.names[s], self.ledger.balances[s]) for s in order]

    def winners(self) -> list[str]:
        """The players with the highest balance (equal balances share the win)."""
        best = max(self.ledger.balances[s] for s in range(self.n))
        return [self.names[s] for s in range(self.n) if self.ledger.balances[s] == best]


def split_board(session: Session) -> list[Event]:
    """Share whatever is on the board equally among the players, in exact fractions."""
    rule = session.profile.rule("session-end")
    events: list[Event] = []
    seats = session.active
    for sid, amount in list(session.ledger.board.items()):
        if not amount:
            continue
        share = Fraction(amount, len(seats))
        for seat in seats:
            event = session.ledger.transfer(section(sid), player(seat), share, "session-split", rule, "session-split")
            if event:
                events.append(event)
    for seat in range(session.n):
        balance = session.ledger.balances[seat]
        if isinstance(balance, Fraction) and balance.denominator == 1:
            session.ledger.balances[seat] = int(balance)
    return events


def split_whole(session: Session) -> list[Event]:
    """Share each section equally among the players still seated, in whole chips (from the
    dealer's left); the odd chips stay on the board, and a ``Split`` event reports them."""
    rule = session.profile.rule("session-end")
    events: list[Event] = []
    seats = [seat for seat in from_left_of(session.n, session.dealer) if seat in session.active]
    if not seats:
        return events
    for sid, amount in list(session.ledger.board.items()):
        if not amount:
            continue
        share, left = divmod(amount, len(seats))
        events.append(Split(sid, tuple(seats), share, left, rule))
        for seat in seats:
            event = session.ledger.transfer(section(sid), player(seat), share, "session-split", rule, "session-split")
            if event:
                events.append(event)
    return events


# How a session's end settles the board, by ``Profile.settlement`` (when ``session_end`` is None).
SETTLEMENTS = {"split": split_board, "split-whole": split_whole}


def play_session(session: Session, choose) -> Session:
    """Play every round, asking ``choose(hand) -> move`` for each decision; then settle."""
    while not session.over():
        rnd = session.next_round()
        while not rnd.over:
            rnd.apply(choose(rnd))
        session.record(rnd)
    session.finish()
    return session

