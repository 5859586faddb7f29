"""A session: rounds one after another, the deal passing left, the board carried over.

The session deals each round from its own seeded generator (the deals are explicit in
each round's replay), carries unwon sections and balances from round to round, lets a
player who cannot pay his full ante leave (finite chip stacks), and settles the board at
the end by the profile's rule (Michigan: an equal split in exact fractions).

Chance at the end is data too: a final showdown's hands (Rummoli) are taken from the deals
:meth:`Session.finish` is given, as a document records them, and only drawn when it is given
none; either way :attr:`Session.final_deals` holds them afterwards, for the document.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from .awards import Split
from .cards import Card
from .deal import deal_for, shuffled_deck
from .enums import Bankroll, Settlement
from .errors import SetupError
from .events import Busted, Event, Left
from .round import Round
from .chips import Amount, player, section
from .kernel.showdown import split
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
        chips = profile.bankroll == Bankroll.CHIPS
        start = profile.starting_chips if chips else 0
        self.ledger = Ledger([start] * self.n, {sid: 0 for sid in profile.section_ids()}, capped=chips)
        self.active = list(range(self.n))
        self.played = 0
        self.past_rounds: list[Round] = []
        self.events: list[Event] = []
        self.finished = False
        # The hands of each final showdown the settlement dealt (``final_deal``), in order.
        self.final_deals: list[dict[int, tuple[Card, ...]]] = []
        self._given: list[Mapping[int, Sequence[Card]]] | None = None  # the deals ``finish`` takes, or None: draw
        self._draw: random.Random = self.rng  # what draws them when none are given
        self.busted = False  # a player could not pay in full (``Profile.session_end_on_bust``)
        self._departures()

    @classmethod
    def after_round(cls, rnd: Round) -> "Session":
        """A session whose last round is ``rnd``: its ledger, the deal passed left, ready to settle."""
        session = cls(rnd.profile, rnd.names, dealer=rnd.dealer, rounds=1)
        session.record(rnd)
        return session

    def start_from(self, balances: Sequence[Amount] | None = None, board: Mapping[str, Amount] | None = None) -> None:
        """Start from these balances and board instead of the profile's (a session continued from
        a replay of a later round): everyone is seated again, then whoever cannot pay his full
        ante leaves (or the session ends, ``Profile.session_end_on_bust``)."""
        if self.played:
            raise SetupError("the balances and the board are set before the first round")
        if balances is not None:
            self.ledger.balances = list(balances)
        if board is not None:
            self.ledger.board.update(board)
        self.active = list(range(self.n))
        self.events.clear()
        self.busted = False
        self._departures()

    def final_deal(self, seats: list[int], cards: int = 5, rule: str | None = None) -> dict[int, tuple[Card, ...]]:
        """``cards`` cards to each of ``seats`` (in dealing order) for a final showdown: the next
        of the deals :meth:`finish` was given, checked against ``rule`` (default the session's
        end), or else drawn from a fresh pack. It is kept in :attr:`final_deals` either way."""
        if self._given is None:
            deck = shuffled_deck(self._draw)
            deal = {seat: tuple(sorted(deck[i::len(seats)][:cards])) for i, seat in enumerate(seats)}
        else:
            deal = self._given_deal(len(self.final_deals), seats, cards, rule or self.profile.rule("session-end"))
        self.final_deals.append(deal)
        return deal

    def _given_deal(self, index: int, seats: list[int], cards: int, rule: str) -> dict[int, tuple[Card, ...]]:
        """Given deal ``index``, if it deals ``cards`` different cards to each of ``seats`` and to
        nobody else; a ``SetupError`` names the deal (``deals[0]``) or the hand (``deals[0].A``)."""
        if index >= len(self._given):
            raise SetupError(f"a final showdown needs one more recorded deal (there are {len(self._given)})", rule=rule, path="deals")
        deal, path = self._given[index], f"deals[{index}]"
        if sorted(deal) != sorted(seats):
            raise SetupError(f"a final showdown deals to {', '.join(self.names[s] for s in seats)}", rule=rule, path=path)
        holder: dict[Card, str] = {}
        for seat, hand in deal.items():  # in the document's order, so the second of two copies is named
            name = self.names[seat]
            if len(hand) != cards:
                raise SetupError(f"a final showdown deals {cards} cards, not {len(hand)}", rule=rule, path=f"{path}.{name}")
            for c in hand:
                if c in holder:
                    raise SetupError(f"{c} is dealt twice ({holder[c]} and {name})", rule=rule, path=f"{path}.{name}")
                holder[c] = name
        return {seat: tuple(sorted(deal[seat])) for seat in seats}

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
                    self.events.append(Busted(broke[0], self.profile.rule(self.profile.rule_names.leave)))
                return
            seat = broke[0]
            self.active.remove(seat)
            self.events.append(Left(seat, self.profile.rule(self.profile.rule_names.leave)))
            if seat == self.dealer and self.active:
                self.dealer = self._next_active(seat)  # the new dealer may owe a larger ante

    def _next_active(self, seat: int) -> int:
        return next((candidate for candidate in from_left_of(self.n, seat) if candidate in self.active), seat)

    # ----- the end ------------------------------------------------------------------

    def finish(self, deals: Sequence[Mapping[int, Sequence[Card]]] | None = None,
               rng: random.Random | None = None) -> list[Event]:
        """Settle the board by the profile's rule; returns the events.

        A final showdown takes its hands from ``deals`` (one per showdown, in order: what a
        document recorded), each checked; without ``deals`` they are drawn from ``rng``
        (default the session's own generator). :attr:`final_deals` then holds every
        showdown's hands, for the document. A given deal that is not legal, one missing or
        one left over raises ``SetupError`` naming it (``deals[1].B``), and changes nothing."""
        if self.finished:
            return []
        settle = self.profile.session_end or SETTLEMENTS[self.profile.settlement]
        before = self.ledger.copy()
        self._given = None if deals is None else list(deals)
        self._draw = self.rng if rng is None else rng
        self.final_deals = []
        try:
            events = settle(self)
            if self._given is not None and len(self._given) > len(self.final_deals):
                left = len(self._given) - len(self.final_deals)
                raise SetupError(f"{left} recorded deal(s) left over after the settlement",
                                 rule=self.profile.rule("session-end"), path="deals")
        except SetupError:
            self.ledger, self.final_deals = before, []
            raise
        finally:
            self._given = None
        self.finished = True
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
        share, left = split(amount, len(seats))  # the kernel's equal whole shares, as a tie's
        events.append(Split(sid, tuple(seats), share, left, rule))
        for seat in seats:
            event = session.ledger.transfer(section(sid), player(seat), share, "session-split", rule, "session-split")
            if event:
                events.append(event)
    return events


# How a session's end settles the board, by ``Profile.settlement`` (when ``session_end`` is None).
SETTLEMENTS = {Settlement.SPLIT: split_board, Settlement.SPLIT_WHOLE: split_whole}


def play_session(session: Session, choose) -> Session:
    """Play every round, asking ``choose(hand) -> move`` for each decision; then settle."""
    while not session.over():
        rnd = session.next_round()
        while not rnd.over:
            rnd.apply(choose(rnd))
        session.record(rnd)
    session.finish()
    return session

