"""Tripoli option ``ghost_auction``: before the stops phase, players bid to swap with the ghost hand.

Bidding goes round from the dealer's left. A player bids more than the bid standing
(at least 1), or passes; a pass is final. The moves are the auction moves every game shares
(:class:`stops.moves.Bid` and :class:`stops.moves.Pass`): ``{"player": "A", "bid": 3}`` and
``{"player": "A", "pass": true}``. When every other player has passed, the last
bidder pays his bid into the Pozo and swaps his hand for the ghost hand, unseen; his old
hand becomes the ghost hand and is never played. If everyone passes, nobody swaps.

With finite chip stacks a bid is capped by the bidder's chips. With a running score
(``ledger``) a bid has no cap. :meth:`GhostAuctionPhase.legal_moves` gives the bids as one
:class:`~stops.moves.BidRange`, never one move per amount.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..cards import Card
from ..errors import IllegalMove
from ..events import Event
from ..chips import player, section
from ..moves import Bid, Move, Pass, bid_range
from ..owners import WIDOW
from ..seats import from_left_of

POZO = "pozo"


@dataclass(slots=True)
class AuctionState:
    """Where the bidding stands: seats in bidding order, who passed, the bid standing."""

    order: tuple[int, ...]
    turn: int = 0  # index in ``order`` of the seat to bid
    passed: set[int] = field(default_factory=set)
    high: int = 0
    bidder: int | None = None
    done: bool = False

    def copy(self) -> "AuctionState":
        return AuctionState(self.order, self.turn, set(self.passed), self.high, self.bidder, self.done)

    @property
    def seat(self) -> int:
        return self.order[self.turn]


# ----- events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GhostBid(Event):
    type: ClassVar[str] = "ghost-bid"
    seat: int
    amount: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "amount": self.amount, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class GhostPass(Event):
    type: ClassVar[str] = "ghost-pass"
    seat: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class GhostSwap(Event):
    """The highest bidder swapped his hand (``cards`` many) for the ghost hand (``ghost_cards`` many)."""

    type: ClassVar[str] = "ghost-swap"
    seat: int
    amount: int
    cards: int
    ghost_cards: int
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "player": names[self.seat],
            "amount": self.amount,
            "cards": self.cards,
            "ghost_cards": self.ghost_cards,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class NoSwap(Event):
    """Everyone passed: nobody swaps with the ghost hand."""

    type: ClassVar[str] = "ghost-kept"
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "rule": self.rule}



# ----- the phase -------------------------------------------------------------------------


def auction(rnd) -> AuctionState | None:
    return rnd.data.get("auction")


class GhostAuctionPhase:
    name = "ghost-auction"
    moves = (Bid, Pass)
    events = (GhostBid, GhostPass, GhostSwap, NoSwap)

    def start(self, rnd, setup: dict) -> list[Event]:
        order = from_left_of(rnd.n, rnd.dealer)
        state = AuctionState(order)
        rnd.data["auction"] = state
        if not rnd.widow:  # a position without a ghost hand: nothing to bid for
            state.done = True
        return []

    def done(self, rnd) -> bool:
        return auction(rnd).done

    def to_move(self, rnd) -> int | None:
        state = auction(rnd)
        return None if state.done else state.seat

    def bid_range(self, rnd, seat: int) -> tuple[int, int | None]:
        """The smallest and largest bid ``seat`` may make (largest None: no cap)."""
        lowest = auction(rnd).high + 1
        if rnd.profile.bankroll == "chips":
            return lowest, int(rnd.ledger.balances[seat])
        return lowest, None

    def legal_moves(self, rnd) -> list[Move]:
        state = auction(rnd)
        if state.done:
            return []
        seat = state.seat
        return [Pass(seat)] + bid_range(seat, *self.bid_range(rnd, seat))

    def check(self, rnd, move: Move) -> None:
        state = auction(rnd)
        rule = rnd.profile.rule("ghost-auction")
        if not isinstance(move, (Bid, Pass)):
            raise IllegalMove(rule, f"the ghost-hand auction takes a bid or a pass, not {move}")
        if move.seat != state.seat:
            who = "nobody" if move.seat is None else rnd.name(move.seat)
            raise IllegalMove(rule, f"{rnd.name(state.seat)} bids now, not {who}")
        if isinstance(move, Bid):
            lowest, highest = self.bid_range(rnd, move.seat)
            amount = move.amount
            if amount < lowest:
                standing = f"the bid standing is {state.high}" if state.bidder is not None else "the first bid is at least 1"
                raise IllegalMove(rule, f"{rnd.name(move.seat)} cannot bid {amount}: bids rise ({standing})")
            if highest is not None and amount > highest:
                raise IllegalMove(rule, f"{rnd.name(move.seat)} cannot bid {amount}: they hold only {highest} chips")

    def apply(self, rnd, move: Move) -> list[Event]:
        state = auction(rnd)
        rule = rnd.profile.rule("ghost-auction")
        seat = move.seat
        events: list[Event]
        if isinstance(move, Bid):
            state.high, state.bidder = move.amount, seat
            events = [GhostBid(seat, move.amount, rule)]
        else:
            state.passed.add(seat)
            events = [GhostPass(seat, rule)]
        still_in = [s for s in state.order if s not in state.passed]
        if not still_in:
            state.done = True
            return events + [NoSwap(rule)]
        if still_in == [state.bidder]:
            state.done = True
            return events + self.swap(rnd, state.bidder, state.high)
        for step in range(1, len(state.order) + 1):
            index = (state.turn + step) % len(state.order)
            if state.order[index] not in state.passed:
                state.turn = index
                break
        return events

    def swap(self, rnd, seat: int, amount: int) -> list[Event]:
        """The winner pays his bid into the Pozo and takes the ghost hand; his hand becomes the ghost hand."""
        rule = rnd.profile.rule("ghost-auction")
        events = rnd.pay(player(seat), section(POZO), amount, "ghost-auction", rule, "ghost-price")
        old = sorted(rnd.hands[seat])
        ghost: tuple[Card, ...] = rnd.widow
        for c in old:
            rnd.owner[c] = WIDOW
        for c in ghost:
            rnd.owner[c] = seat
        rnd.hands[seat] = set(ghost)
        rnd.widow = tuple(old)
        return events + [GhostSwap(seat, amount, len(old), len(ghost), rule)]


def auction_view(rnd, seat, view: dict) -> None:
    """The bidding, for renderers and bots: the bid standing, who passed, the bid range of the seat to move."""
    state = auction(rnd)
    if state is None:
        return
    names = rnd.names
    entry = {
        "high": state.high,
        "bidder": None if state.bidder is None else names[state.bidder],
        "passed": [names[s] for s in state.order if s in state.passed],
        "done": state.done,
    }
    if not state.done:
        lowest, highest = PHASE.bid_range(rnd, state.seat)
        entry["min_bid"], entry["max_bid"] = lowest, highest
    view["auction"] = entry


PHASE = GhostAuctionPhase()
