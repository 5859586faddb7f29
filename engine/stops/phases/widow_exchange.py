"""The widow exchange: the dealer may swap his hand for the widow, or the widow is auctioned.

The dealer decides first, unseen: he may swap his hand for the widow unless his hand holds
a pay card (then he is not asked). If he keeps his hand, the other players whose hands hold
no pay card bid upward in turn from the dealer's left (minimum 1; a pass is final) until
one bidder remains (the auction of :mod:`stops.kernel.auction`); he pays his bid to the
dealer and swaps. No bid, no swap. The hand given up is dead: its cards never play (owner
code DEAD), and the widow is empty.

The profile names its pay cards in ``profile.exchange.pay_cards``; the rule names are
``dealer-swap`` and ``widow-auction`` (``pay-cards`` when a pay card forbids the swap).
Where ``profile.exchange.first_chooser`` is ``dealer-left`` (Newmarket's dummy sale), the
player at the dealer's left decides first instead, and the others (not the dealer, who is
paid) bid in turn from his left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..cards import Card
from ..enums import FirstChooser
from ..errors import IllegalMove
from ..events import BidMade, Event, NoSwap
from ..chips import player
from ..kernel import auction as kernel
from ..moves import Bid, Move, MoveFormatError, Pass, bid_range
from ..owners import DEAD
from ..seats import from_left_of, others_from_left_of


# ----- moves ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """The dealer swaps his hand for the widow (``swap: true``) or keeps it (``swap: false``)."""

    key: ClassVar[str] = "swap"
    swap: bool

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "swap": self.swap}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Swap":
        if not isinstance(data["swap"], bool):
            raise MoveFormatError("a swap is true (swap hands with the widow) or false (keep the hand)", path="swap")
        return cls(seat, data["swap"])

    def __str__(self) -> str:
        return "swap hands with the widow" if self.swap else "keep your hand"



# ----- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealerKeeps(Event):
    """The dealer keeps his hand: he declined, or a pay card in it forbids the swap."""

    type: ClassVar[str] = "dealer-keeps"
    seat: int
    pay_card: bool
    rule: str
    dealer: bool = True  # the one who keeps is the dealer (not the first chooser at his left)

    def to_json(self, names) -> dict:
        out = {"type": self.type, "player": names[self.seat], "pay_card": self.pay_card, "rule": self.rule}
        if not self.dealer:
            out["dealer"] = False
        return out


@dataclass(frozen=True, slots=True)
class AuctionOpened(Event):
    """The widow is auctioned among these bidders, in turn from the dealer's left."""

    type: ClassVar[str] = "widow-auction"
    bidders: tuple[int, ...]
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "bidders": [names[s] for s in self.bidders], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """``seat`` took the widow; his old hand (``dead``) is dead. ``price`` paid to the dealer (0 for the dealer)."""

    type: ClassVar[str] = "widow-swap"
    seat: int
    price: int
    dead: tuple[Card, ...]
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "price": self.price, "dead": [str(c) for c in self.dead], "rule": self.rule}



# ----- state ---------------------------------------------------------------------------


@dataclass(slots=True)
class WidowState:
    """Where the exchange stands: ``stage`` is "dealer" (the first chooser decides),
    "auction" (``auction``: :mod:`stops.kernel.auction`) or "done"."""

    stage: str
    auction: kernel.AuctionState = field(default_factory=lambda: kernel.start(()))
    swapped_by: int | None = None
    price: int = 0

    def copy(self) -> "WidowState":
        return WidowState(self.stage, self.auction.copy(), self.swapped_by, self.price)


def chooser(rnd) -> int:
    """Who decides first whether to swap unseen: the dealer, or the player at his left."""
    return from_left_of(rnd.n, rnd.dealer)[0] if rnd.profile.exchange.first_chooser == FirstChooser.DEALER_LEFT else rnd.dealer


def chooser_words(rnd) -> str:
    return "the dealer" if chooser(rnd) == rnd.dealer else "the player left of the dealer"


def holds_pay_card(rnd, seat: int) -> bool:
    pay = rnd.profile.exchange.pay_cards
    return any(c in pay for c in rnd.hands[seat])


def swap_with_widow(rnd, seat: int) -> tuple[Card, ...]:
    """``seat`` takes the widow's cards; his own become dead. Returns the dead cards."""
    dead = tuple(sorted(rnd.hands[seat]))
    for c in dead:
        rnd.owner[c] = DEAD
    for c in rnd.widow:
        rnd.owner[c] = seat
    rnd.hands[seat] = set(rnd.widow)
    rnd.widow = ()
    return dead


# ----- the phase -----------------------------------------------------------------------


class WidowExchangePhase:
    name = "widow-exchange"
    moves = (Swap, Bid, Pass)
    events = (DealerKeeps, AuctionOpened, BidMade, Swapped, NoSwap)
    slots = ("widow",)

    def start(self, rnd, setup: dict) -> list[Event]:
        state = WidowState("dealer")
        rnd.state.widow = state
        if not rnd.widow:  # nothing to swap for (a position without a widow)
            state.stage = "done"
            return [NoSwap(rnd.profile.rule(rnd.profile.rule_names.widow))]
        first = chooser(rnd)
        if holds_pay_card(rnd, first):
            return [DealerKeeps(first, True, rnd.profile.rule("pay-cards"), first == rnd.dealer)] + self._open_auction(rnd)
        return []

    def _open_auction(self, rnd) -> list[Event]:
        state = rnd.state.widow
        rule = rnd.profile.rule("widow-auction")
        state.stage = "auction"
        first = chooser(rnd)
        order = [seat for seat in others_from_left_of(rnd.n, first) if seat != rnd.dealer]
        state.auction = kernel.start(s for s in order if not holds_pay_card(rnd, s))
        events: list[Event] = [AuctionOpened(state.auction.bidders, rule)]
        if state.auction.done:
            state.stage = "done"
            return events + [NoSwap(rule)]
        return events

    def done(self, rnd) -> bool:
        return rnd.state.widow.stage == "done"

    def to_move(self, rnd) -> int | None:
        state = rnd.state.widow
        if state.stage == "dealer":
            return chooser(rnd)
        return state.auction.turn

    def legal_moves(self, rnd) -> list[Move]:
        state = rnd.state.widow
        if state.stage == "dealer":
            first = chooser(rnd)
            return [Swap(first, True), Swap(first, False)]
        if state.stage != "auction":
            return []
        seat = state.auction.turn
        return [Pass(seat)] + bid_range(seat, *kernel.bids(state.auction, rnd.ledger.limit(seat)))

    def check(self, rnd, move: Move) -> None:
        state = rnd.state.widow
        rule = rnd.profile.rule
        first = chooser(rnd)
        widow = rnd.profile.widow_name
        if isinstance(move, Swap):
            if move.seat != first:
                raise IllegalMove(f"only {chooser_words(rnd)} ({rnd.name(first)}) may swap their hand for the {widow}", rule=rule("dealer-swap"))
            if move.swap and holds_pay_card(rnd, first):
                cards = " ".join(str(c) for c in sorted(rnd.hands[first]) if c in rnd.profile.exchange.pay_cards)
                raise IllegalMove(f"{rnd.name(first)} holds a pay card ({cards}) and may not swap their hand for the {widow}", rule=rule("dealer-swap"))
            if state.stage != "dealer":
                raise IllegalMove(f"{chooser_words(rnd)} has already kept their hand: the {widow} is auctioned", rule=rule("dealer-swap"))
            return
        if not isinstance(move, (Bid, Pass)):
            raise IllegalMove(f"the widow exchange takes a swap or a bid, not {move}", rule=rule("widow-auction"))
        if state.stage != "auction":
            raise IllegalMove(f"{chooser_words(rnd)} ({rnd.name(first)}) decides first whether to swap with the {widow}", rule=rule("dealer-swap"))
        seat = move.seat
        if seat == rnd.dealer:
            raise IllegalMove(f"the dealer does not bid for the {widow}", rule=rule("widow-auction"))
        if seat not in state.auction.bidders:
            why = "has already kept their hand" if seat == first else "holds a pay card"
            raise IllegalMove(f"{rnd.name(seat)} {why} and may not bid for the {widow}", rule=rule("widow-auction"))
        amount = move.amount if isinstance(move, Bid) else None
        why = kernel.refusal(state.auction, seat, amount, rnd.ledger.limit(seat), rnd.name)
        if why is not None:
            raise IllegalMove(why, rule=rule("widow-auction"))

    def apply(self, rnd, move: Move) -> list[Event]:
        state = rnd.state.widow
        rule = rnd.profile.rule
        if isinstance(move, Swap):
            first = chooser(rnd)
            if move.swap:
                state.stage = "done"
                state.swapped_by = first
                dead = swap_with_widow(rnd, first)
                return [Swapped(first, 0, dead, rule("dealer-swap"))]
            return [DealerKeeps(first, False, rule("dealer-swap"), first == rnd.dealer)] + self._open_auction(rnd)
        auction, auction_rule = state.auction, rule("widow-auction")
        amount = move.amount if isinstance(move, Bid) else None
        kernel.act(auction, move.seat, amount)
        events: list[Event] = [BidMade(move.seat, amount, auction_rule)]
        if not auction.done:
            return events
        state.stage = "done"
        winner = kernel.winner(auction)
        if winner is None:
            return events + [NoSwap(auction_rule)]
        state.swapped_by, state.price = winner, auction.high
        events += rnd.pay(player(winner), player(rnd.dealer), auction.high, "widow-auction", auction_rule, "widow-price")
        return events + [Swapped(winner, auction.high, swap_with_widow(rnd, winner), auction_rule)]


def widow_view(rnd, seat: int | None, view: dict) -> None:
    """The exchange's public state: the stage, the bidders, the high bid, who swapped."""
    state = rnd.state.widow
    view["dead_cards"] = rnd.owner.count(DEAD)  # the hand given up in a swap
    if state is None:
        return
    auction = state.auction
    view["widow_exchange"] = {
        "stage": state.stage,
        "bidders": [rnd.names[s] for s in auction.bidders],
        "passed": [rnd.names[s] for s in auction.bidders if s in auction.passed],
        "high_bid": auction.high,
        "high_bidder": None if auction.bidder is None else rnd.names[auction.bidder],
        "swapped_by": None if state.swapped_by is None else rnd.names[state.swapped_by],
        "price": state.price,
    }


PHASE = WidowExchangePhase()
