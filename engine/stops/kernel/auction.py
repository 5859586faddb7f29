"""One auction for a hand, as pure functions over its state.

The bidders bid in turn, in the order the caller gives (from the dealer's left for the
ghost hand; from the first chooser's left, without the dealer, for the widow and the
dummy). Each bids more than the bid standing (the first bid is at least 1) or passes, and
a pass is final. The turn goes round the bidders who have not passed, past the one whose
bid stands; when no other is left the bid standing wins the hand at its price (nobody wins
when everyone passed). A bid is at most what the bidder can still pay (``most``, the
ledger's :meth:`~stops.ledger.Ledger.limit`: his stack with finite stacks, None with a
running score, no cap).

:mod:`stops.phases.widow_exchange` (the widow, the dummy) and
:mod:`stops.phases.ghost_auction` (Tripoli's ghost hand) play it: they say who bids, check
the moves and turn what these functions find into events (a bid or a pass, the price, the
swap, nobody's taking the hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class AuctionState:
    bidders: tuple[int, ...]  # who may bid, in turn order
    passed: set = field(default_factory=set)
    high: int = 0  # the bid standing (0: none yet)
    bidder: int | None = None  # whose bid stands
    turn: int | None = None  # the seat to bid; None once the auction is over
    done: bool = False

    def copy(self) -> "AuctionState":
        return AuctionState(self.bidders, set(self.passed), self.high, self.bidder, self.turn, self.done)


def start(bidders) -> AuctionState:
    """A new auction among ``bidders``; the first of them bids first (none: it is over)."""
    bidders = tuple(bidders)
    return AuctionState(bidders, turn=bidders[0] if bidders else None, done=not bidders)


def bids(state: AuctionState, most) -> tuple[int, int | None]:
    """The bids the seat to bid may make, lowest and highest (highest None: no cap; none at
    all when highest < lowest): above the bid standing, up to the whole chips of ``most``."""
    return state.high + 1, None if most is None else int(most)


def refusal(state: AuctionState, seat: int, amount: int | None, most, name) -> str | None:
    """Why ``seat`` may not bid ``amount`` (None: pass) now, in words (``name(seat)``: a
    player's name), or None: allowed. Whether ``seat`` is a bidder at all is the caller's
    to say (it knows why not)."""
    if state.done:
        return "the auction is over"
    if seat in state.passed:
        return f"{name(seat)} has passed; a pass is final"
    if seat != state.turn:
        return f"{name(state.turn)} bids now, not {name(seat)}"
    if amount is None:
        return None
    low, high = bids(state, most)
    if amount < low:
        if state.bidder is None:
            return f"{name(seat)} cannot bid {amount}: the first bid is at least 1"
        return f"{name(seat)} cannot bid {amount}: bids rise, and the bid standing is {state.high}"
    if high is not None and amount > high:
        return f"{name(seat)} cannot bid {amount}: they hold only {high} chips"
    return None


def act(state: AuctionState, seat: int, amount: int | None) -> None:
    """``seat`` (the seat to bid, an allowed move) bids ``amount`` or passes (None); the turn
    goes on (:func:`next_turn`), or the auction is over (:func:`winner`)."""
    if amount is None:
        state.passed.add(seat)
    else:
        state.high, state.bidder = amount, seat
    state.turn = next_turn(state)
    state.done = state.turn is None


def next_turn(state: AuctionState) -> int | None:
    """The next bidder after the seat to bid who has not passed and whose bid does not
    stand; None when there is none: the auction is over."""
    order = state.bidders
    start = order.index(state.turn)
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if seat not in state.passed and seat != state.bidder:
            return seat
    return None


def winner(state: AuctionState) -> int | None:
    """Who takes the hand once the auction is over (at the price ``state.high``): the last
    bidder, or None when everyone passed."""
    return state.bidder if state.done else None
