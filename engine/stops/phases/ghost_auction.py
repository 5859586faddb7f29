"""Tripoli option ``ghost_auction``: before the stops phase, players bid to swap with the ghost hand.

Bidding goes round from the dealer's left (the auction of :mod:`stops.kernel.auction`). A
player bids more than the bid standing (at least 1), or passes; a pass is final. The moves
are the auction moves every game shares (:class:`stops.moves.Bid` and
:class:`stops.moves.Pass`): ``{"player": "A", "bid": 3}`` and ``{"player": "A", "pass":
true}``, and so are the bids' events (:class:`stops.events.BidMade`,
:class:`stops.events.NoSwap`). When every other player has passed, the last bidder pays
his bid into the Pozo and swaps his hand for the ghost hand, unseen; his old hand becomes
the ghost hand and is never played. If everyone passes, nobody swaps.

A bid is at most what the bidder can still pay (:meth:`stops.ledger.Ledger.limit`): his
chips with finite stacks, no cap with a running score (``ledger``).
:meth:`GhostAuctionPhase.legal_moves` gives the bids as one :class:`~stops.moves.BidRange`,
never one move per amount.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card
from ..errors import IllegalMove
from ..events import BidMade, Event, NoSwap
from ..chips import player, section
from ..kernel import auction as kernel
from ..moves import Bid, Move, Pass, bid_range
from ..owners import WIDOW
from ..seats import from_left_of

POZO = "pozo"


# ----- events ----------------------------------------------------------------------------


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


# ----- the phase -------------------------------------------------------------------------


def auction(rnd) -> kernel.AuctionState | None:
    return rnd.state.auction


class GhostAuctionPhase:
    name = "ghost-auction"
    moves = (Bid, Pass)
    events = (BidMade, GhostSwap, NoSwap)
    slots = ("auction",)

    def start(self, rnd, setup: dict) -> list[Event]:
        # a position without a ghost hand: nothing to bid for, nobody bids
        rnd.state.auction = kernel.start(from_left_of(rnd.n, rnd.dealer) if rnd.widow else ())
        return []

    def done(self, rnd) -> bool:
        return auction(rnd).done

    def to_move(self, rnd) -> int | None:
        return auction(rnd).turn

    def bid_range(self, rnd, seat: int) -> tuple[int, int | None]:
        """The smallest and largest bid ``seat`` may make (largest None: no cap)."""
        return kernel.bids(auction(rnd), rnd.ledger.limit(seat))

    def legal_moves(self, rnd) -> list[Move]:
        state = auction(rnd)
        if state.done:
            return []
        seat = state.turn
        return [Pass(seat)] + bid_range(seat, *self.bid_range(rnd, seat))

    def check(self, rnd, move: Move) -> None:
        state = auction(rnd)
        rule = rnd.profile.rule("ghost-auction")
        if not isinstance(move, (Bid, Pass)):
            raise IllegalMove(f"the ghost-hand auction takes a bid or a pass, not {move}", rule=rule)
        amount = move.amount if isinstance(move, Bid) else None
        why = kernel.refusal(state, move.seat, amount, rnd.ledger.limit(move.seat), rnd.name)
        if why is not None:
            raise IllegalMove(why, rule=rule)

    def apply(self, rnd, move: Move) -> list[Event]:
        state = auction(rnd)
        rule = rnd.profile.rule("ghost-auction")
        amount = move.amount if isinstance(move, Bid) else None
        kernel.act(state, move.seat, amount)
        events: list[Event] = [BidMade(move.seat, amount, rule)]
        if not state.done:
            return events
        winner = kernel.winner(state)
        if winner is None:
            return events + [NoSwap(rule)]
        return events + self.swap(rnd, winner, state.high)

    def swap(self, rnd, seat: int, amount: int) -> list[Event]:
        """The winner pays his bid into the Pozo and takes the ghost hand; his hand becomes the ghost hand."""
        rule = rnd.profile.rule("ghost-auction")
        events = rnd.pay(player(seat), section(POZO), amount, "ghost-auction", rule, "widow-price")
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
        "passed": [names[s] for s in state.bidders if s in state.passed],
        "done": state.done,
    }
    if not state.done:
        lowest, highest = PHASE.bid_range(rnd, state.turn)
        entry["min_bid"], entry["max_bid"] = lowest, highest
    view["auction"] = entry


PHASE = GhostAuctionPhase()
