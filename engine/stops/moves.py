"""The moves a player (or the table) can make, as small frozen dataclasses.

A move names who makes it (``seat``; None for a table action such as a redeal). Its
JSON form is ``{"player": "A", "<action>": value}``; :func:`move_from_json` reads it
back, given the move types of the game (each phase lists its own).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .cards import Card, CardError, parse_card
from .errors import StopsError, shown
from .limits import MAX_AMOUNT


class MoveFormatError(StopsError, ValueError):
    """A move written in a form no move type reads; ``path`` is the field inside the move."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message, path=path)


def card_list(value, path: str) -> tuple[Card, ...]:
    """A JSON list of cards; MoveFormatError names the field (``redeal.hands.B[3]``)."""
    if not isinstance(value, list):
        raise MoveFormatError(f"expected a list of cards, not {shown(value)}", path=path)
    cards = []
    for i, text in enumerate(value):
        try:
            cards.append(parse_card(text))
        except CardError as error:
            raise MoveFormatError(error.message, path=f"{path}[{i}]") from None
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Move:
    key: ClassVar[str] = "move"
    seat: int | None

    def to_json(self, names) -> dict:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Move":
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play a card in the stops phase (a lead or the next card of the sequence)."""

    key: ClassVar[str] = "play"
    card: Card

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "play": str(self.card)}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Play":
        return cls(seat, parse_card(data["play"]))

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Stop(Move):
    """Stop playing although one could play on (Nain Jaune's voluntary stop, where the
    profile allows it: ``Profile.may_stop``): the turn passes on as if one held no card of
    the next rank."""

    key: ClassVar[str] = "stop"

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "stop": True}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Stop":
        if data["stop"] is not True:
            raise MoveFormatError(f"a stop is written {{\"player\": name, \"stop\": true}}, not {shown(data['stop'])}", path="stop")
        return cls(seat)

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class StandIn(Move):
    """At a stop, the holder of the profile's stand-in card (Pope Joan's Pope:
    ``Profile.stand_in``) plays it in place of the missing next card (``card`` is that
    card), or keeps it and lets the stop stand (``card`` None)."""

    key: ClassVar[str] = "stand_in"
    card: Card | None

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "stand_in": None if self.card is None else str(self.card)}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "StandIn":
        value = data["stand_in"]
        if value is None:
            return cls(seat, None)
        if not isinstance(value, str):
            raise MoveFormatError(f"a stand-in names the card played in place of the missing one, or is null to let the stop "
                                  f"stand, not {shown(value)}", path="stand_in")
        return cls(seat, parse_card(value))

    def __str__(self) -> str:
        return "let the stop stand" if self.card is None else f"play {self.card} in place of the missing card"


@dataclass(frozen=True, slots=True)
class Redeal(Move):
    """A misdeal: the same dealer deals these hands again, with no new ante."""

    key: ClassVar[str] = "redeal"
    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]
    turn_up: Card | None = None  # the card turned up for trumps, where the game turns one up

    def to_json(self, names) -> dict:
        deal = {
            "hands": {names[seat]: [str(c) for c in cards] for seat, cards in enumerate(self.hands)},
            "widow": [str(c) for c in self.widow],
        }
        if self.turn_up is not None:
            deal["turn_up"] = str(self.turn_up)
        return {"redeal": deal}

    @classmethod
    def from_json(cls, data: dict, seat: int | None, names=()) -> "Redeal":
        deal = data["redeal"]
        if not isinstance(deal, dict) or set(deal) - {"turn_up"} != {"hands", "widow"}:
            raise MoveFormatError("a redeal holds {'hands': {player: [cards]}, 'widow': [cards]} (and 'turn_up': card where the game turns one up)", path="redeal")
        hands = deal["hands"]
        if not isinstance(hands, dict):
            raise MoveFormatError(f"expected an object {{player: [cards]}}, not {shown(hands)}", path="redeal.hands")
        missing = [name for name in names if name not in hands]
        if missing or len(hands) != len(names):
            raise MoveFormatError(f"a redeal must give a hand to each of {', '.join(names)}", path="redeal.hands")
        return cls(
            None,
            tuple(card_list(hands[name], f"redeal.hands.{name}") for name in names),
            card_list(deal["widow"], "redeal.widow"),
            card_list([deal["turn_up"]], "redeal.turn_up")[0] if "turn_up" in deal else None,
        )

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True, slots=True)
class Bid(Move):
    """Bid chips in an auction (for a hand swap); it must beat the bid standing."""

    key: ClassVar[str] = "bid"
    amount: int

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "bid": self.amount}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Bid":
        amount = data["bid"]
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise MoveFormatError(f"a bid is a whole number of chips, not {shown(amount)}", path="bid")
        if not 0 < amount <= MAX_AMOUNT:
            raise MoveFormatError(f"a bid is from 1 to {MAX_AMOUNT:,} chips, not {amount}", path="bid")
        return cls(seat, amount)

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class AmountRange:
    """How legal moves describe a choice of amount: any whole number from ``low`` to
    ``high`` (``high`` None: no cap, with a running score). Not a move itself:
    :meth:`make` makes one. Each kind names its action (``key``) and the move it makes
    (``make``): an auction's bid (:class:`BidRange`), a bet of a chosen size.

    JSON ``{"player": "A", "<key>": {"min": 3, "max": 12}}`` (``max`` null when open). A
    range is never enumerated by the engine: a stack of a million chips is one entry.
    """

    key: ClassVar[str] = "amount"
    seat: int
    low: int
    high: int | None

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], self.key: {"min": self.low, "max": self.high}}

    def make(self, amount: int) -> Move:
        raise NotImplementedError

    def amount_of(self, move) -> int | None:
        """The amount of ``move`` if it is a move of this range's kind and seat, else None."""
        made = self.make(self.low)
        if type(move) is not type(made) or move.seat != self.seat:
            return None
        return move.amount

    def __contains__(self, move) -> bool:
        """A move (or an amount) of this range."""
        amount = move if isinstance(move, int) else self.amount_of(move)
        return amount is not None and self.low <= amount and (self.high is None or amount <= self.high)

    def bid(self, amount: int) -> Move:
        """The move of this range for ``amount`` (the name the auctions speak)."""
        return self.make(amount)

    def lowest(self, count: int) -> list[Move]:
        """The ``count`` smallest moves of the range (fewer when it is shorter)."""
        top = self.low + count - 1 if self.high is None else min(self.high, self.low + count - 1)
        return [self.make(amount) for amount in range(self.low, top + 1)]

    def above(self, count: int) -> "AmountRange | None":
        """The range less its ``count`` smallest amounts, or None when nothing is left."""
        low = self.low + count
        return None if self.high is not None and low > self.high else type(self)(self.seat, low, self.high)

    def __str__(self) -> str:
        return f"{self.key} {self.low} or more" if self.high is None else (
            f"{self.key} {self.low}" if self.high == self.low else f"{self.key} {self.low} to {self.high}")


@dataclass(frozen=True, slots=True)
class BidRange(AmountRange):
    """An auction's bids (for a hand swap): ``{"player": "A", "bid": {"min": 3, "max": 12}}``."""

    key: ClassVar[str] = "bid"

    def make(self, amount: int) -> Bid:
        return Bid(self.seat, amount)


def bid_range(seat: int, low: int, high: int | None) -> list[BidRange]:
    """The bid range of ``seat`` as a legal-move entry: ``[range]``, or ``[]`` when no bid fits."""
    return [] if high is not None and high < low else [BidRange(seat, low, high)]


def listed(move: Move, legal: list) -> bool:
    """Whether ``move`` is one of the ``legal`` entries (an amount: within a listed range)."""
    return any(move in entry if isinstance(entry, AmountRange) else move == entry for entry in legal)


def concrete(moves: list, bids: int) -> list[Move]:
    """Legal moves with each range replaced by its ``bids`` smallest amounts (for playouts and tests)."""
    out: list[Move] = []
    for move in moves:
        out.extend(move.lowest(bids) if isinstance(move, AmountRange) else [move])
    return out


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Pass in an auction; a pass is final."""

    key: ClassVar[str] = "pass"

    def to_json(self, names) -> dict:
        return {"player": names[self.seat], "pass": True}

    @classmethod
    def from_json(cls, data: dict, seat: int | None) -> "Pass":
        if data["pass"] is not True:
            raise MoveFormatError(f"a pass is written {{\"player\": name, \"pass\": true}}, not {shown(data['pass'])}", path="pass")
        return cls(seat)

    def __str__(self) -> str:
        return "pass"


# Moves every round reads, whatever its phases; each phase lists its own (``phase.moves``).
ROUND_MOVES: tuple[type[Move], ...] = (Redeal,)


def move_from_json(data, names, types: Mapping[str, type[Move]]) -> Move:
    """Read a move from its JSON form; ``names`` are the players in seat order, ``types`` the
    move types by action key (a profile's :meth:`~stops.profiles.base.Profile.move_types`)."""
    if not isinstance(data, dict):
        raise MoveFormatError(f"a move is an object like {{\"player\": \"A\", \"play\": \"9♦\"}}, not {shown(data)}")
    actions = [key for key in data if key != "player"]
    if len(actions) != 1 or actions[0] not in types:
        known = ", ".join(sorted(types))
        raise MoveFormatError(f"a move has exactly one action ({known}); got {shown(sorted(actions)) if actions else 'none'}")
    cls = types[actions[0]]
    seat = None
    if "player" in data:
        name = data["player"]
        if name not in names:
            raise MoveFormatError(f"unknown player {shown(name)} (players: {', '.join(names)})", path="player")
        seat = list(names).index(name)
    elif cls is not Redeal:
        raise MoveFormatError("a move must name its 'player'")
    if cls is Redeal:
        return Redeal.from_json(data, None, names)
    try:
        return cls.from_json(data, seat)
    except CardError as error:
        raise MoveFormatError(error.message, path=cls.key) from None
