"""What happened: the events a move (or the start of a round) produces.

Each event is a small frozen dataclass with a ``type`` (its JSON name) and the ``rule`` id
that caused it. ``to_json(names)`` gives the JSON form the site and the CLI narrate; seats
become player names there. Events are records only: applying them is the state's job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import RANK_LABELS, Card
from .chips import Account, Amount, format_amount


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_json(self, names) -> dict:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Transfer(Event):
    """Chips moved from one account to another.

    ``kind`` says what sort of payment it is, the same in every game (the narrator's key,
    :data:`TRANSFER_KINDS`); ``reason`` names it in the game's own rules (a rule name such
    as "box" or "pope"). ``owed``: what was due when a player's finite stack paid less
    (a capped payment); None when the whole amount was paid."""

    type: ClassVar[str] = "transfer"
    source: Account
    target: Account
    amount: Amount
    reason: str
    rule: str
    kind: str = "payment"
    owed: Amount | None = None

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "from": self.source.to_json(names),
            "to": self.target.to_json(names),
            "amount": format_amount(self.amount),
            "reason": self.reason,
            "kind": self.kind,
            "rule": self.rule,
        } | ({} if self.owed is None else {"owed": format_amount(self.owed)})


# What sort of payment a transfer is, the same in every game.
TRANSFER_KINDS = {
    "ante": "a player antes on a section before the deal",
    "stake": "a player stakes a chip on a section of their choice",
    "refund": "a misdeal hands a payment back",
    "pay-card": "the player of a pay card takes its section",
    "combo": "a player who played a run or a set of cards takes its section",
    "held": "a player holding a section's cards takes it",
    "showdown": "the best hand at a showdown takes its section",
    "fold-out": "the last player in takes the section unseen",
    "bet": "a player puts chips into the section of the betting",
    "going-out": "the first player out takes a section",
    "unopposed": "a player out before anyone else played takes every section",
    "card-count": "a rival pays the first player out one chip (or the rate) per card left",
    "card-value": "a rival pays the first player out the value of the cards left",
    "penalty": "a player still holding a pay card pays its section as much as it holds",
    "deadlock": "at a deadlock each player pays per card left into a section",
    "turn-up": "the dealer turned up a section's card and takes the section",
    "turn-up-win": "the dealer who wins the round by the turn-up also takes a going-out section",
    "widow-price": "the winner of an auction pays his bid for the extra hand (to the dealer, or into a section)",
    "pool": "a section's chips are pooled into another at a session's end",
    "final-showdown": "the winner of a final showdown collects a pot",
    "session-split": "a share of a section at a session's end",
    "payment": "a payment of no other kind",
}


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards were dealt (or a position was set up)."""

    type: ClassVar[str] = "deal"
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]
    rule: str
    turn_up: Card | None = None  # the card turned up for trumps, where the game turns one up

    def to_json(self, names) -> dict:
        doc = {
            "type": self.type,
            "dealer": names[self.dealer],
            "hands": {names[seat]: [str(c) for c in cards] for seat, cards in enumerate(self.hands)},
            "widow": [str(c) for c in self.widow],
            "rule": self.rule,
        }
        if self.turn_up is not None:
            doc["turn_up"] = str(self.turn_up)
        return doc


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A card was played in the stops phase; ``lead`` when it starts a sequence."""

    type: ClassVar[str] = "play"
    seat: int
    card: Card
    lead: bool
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "card": str(self.card), "lead": self.lead, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """The sequence stopped after ``card``: an ace, or ``next`` is in the widow (or dead) or already played."""

    type: ClassVar[str] = "stop"
    card: Card
    next: Card | None
    # "widow", "played", "dead", "turn-up" (the card turned up for trumps), None after an ace; in a
    # rank sequence "nobody" (no one holds the next rank: a new run) or "nobody-skip" (the run goes
    # on from a higher rank the last card's player holds)
    where: str | None
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "card": str(self.card),
            "next": None if self.next is None else str(self.next),
            "where": self.where,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` is on turn and holds no card of ``rank`` (the rank the sequence needs): the
    turn passes to the next player (a rank sequence played in turn order)."""

    type: ClassVar[str] = "passed"
    seat: int
    rank: int  # the missing rank (0 = two ... 12 = ace)
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rank": RANK_LABELS[self.rank], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class StoppedAtWill(Event):
    """``seat`` was on turn and could play a card of ``rank`` but stopped (Nain Jaune's
    voluntary stop): the turn passes on as if he could not."""

    type: ClassVar[str] = "stop-at-will"
    seat: int
    rank: int  # the rank he could have played (0 = two ... 12 = ace)
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rank": RANK_LABELS[self.rank], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class StoodIn(Event):
    """At a stop, ``seat`` played ``card`` (the profile's stand-in, Pope Joan's Pope) in
    place of ``missing``, the next card nobody could play: the sequence goes on from
    ``missing`` (the card it stands for)."""

    type: ClassVar[str] = "stand-in"
    seat: int
    card: Card
    missing: Card
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "card": str(self.card), "missing": str(self.missing),
                "rule": self.rule}


@dataclass(frozen=True, slots=True)
class StandInKept(Event):
    """At a stop, ``seat`` kept ``card`` (the profile's stand-in) instead of playing it in
    place of the missing card: the stop stands."""

    type: ClassVar[str] = "stand-in-kept"
    seat: int
    card: Card
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "card": str(self.card), "rule": self.rule}


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """A player played his last card: the round ends at once and he wins it."""

    type: ClassVar[str] = "out"
    seat: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Excused(Event):
    """When a rival went out, ``seat`` still held ``card``, which excuses him: he pays
    nothing for the cards left in his hand (Pope Joan's ``pope_excuses``)."""

    type: ClassVar[str] = "excused"
    seat: int
    card: Card
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "card": str(self.card), "rule": self.rule}


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """After the deal, ``card`` is turned up for trumps (its suit is trumps this round):
    the last card of the pack onto the extra hand (``where="stock"``), never played, the
    dealer's last card (``where="dealer"``), which stays in the dealer's hand, or the last
    card dealt (``where="hand"``), which stays in the hand of ``holder``, who received it."""

    type: ClassVar[str] = "turn-up"
    dealer: int
    card: Card
    where: str
    rule: str
    holder: int | None = None

    def to_json(self, names) -> dict:
        doc = {"type": self.type, "dealer": names[self.dealer], "card": str(self.card),
               "trump": self.card.suit.letter, "where": self.where, "rule": self.rule}
        if self.holder is not None:
            doc["holder"] = names[self.holder]
        return doc


@dataclass(frozen=True, slots=True)
class Misdealt(Event):
    """A misdeal: the round's payments were put back and the same dealer deals again."""

    type: ClassVar[str] = "misdeal"
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Left(Event):
    """A player who could not pay his full ante left the session, keeping what he holds."""

    type: ClassVar[str] = "leave"
    seat: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """A player cannot pay his full ante (or paid a payment short): the session ends at once
    (``Profile.session_end_on_bust``)."""

    type: ClassVar[str] = "bust"
    seat: int
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class DutyPassed(Event):
    """``seat`` holds no card of ``colour``: the duty to play passes clockwise to ``to`` (past ``skipped``)."""

    type: ClassVar[str] = "duty-passes"
    seat: int
    to: int
    skipped: tuple[int, ...]
    colour: str
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "from": names[self.seat],
            "to": names[self.to],
            "skipped": [names[s] for s in self.skipped],
            "colour": self.colour,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class Deadlocked(Event):
    """Nobody holds a card of ``colour``: everyone pays 1 chip per card into the deadlock section; no winner."""

    type: ClassVar[str] = "deadlock"
    colour: str
    cards: tuple[int, ...]  # cards left, per seat
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "colour": self.colour, "cards": {names[s]: n for s, n in enumerate(self.cards)}, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class WonWithCards(Event):
    """``seat`` wins ``section`` with ``cards``, by ``rule``: what a combination played and
    cards shown from the hand (phases.holding.Held) tell alike."""

    seat: int
    section: str
    cards: tuple[Card, ...]
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "section": self.section, "cards": [str(c) for c in self.cards], "rule": self.rule}


@dataclass(frozen=True, slots=True)
class ComboPlayed(WonWithCards):
    """``seat`` played ``cards`` himself, one right after the other, and wins ``section``."""

    type: ClassVar[str] = "combo"


@dataclass(frozen=True, slots=True)
class SetPlayed(ComboPlayed):
    """``seat`` has played all of ``cards`` this round, whenever each was played, and wins
    ``section`` (a combination not played in a row: Pope Joan's Matrimony and Intrigue)."""

    type: ClassVar[str] = "combo-set"


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A bid (``amount``) or a pass (None) in an auction for the extra hand: the widow
    exchange's and the ghost auction's alike (:mod:`stops.kernel.auction`)."""

    type: ClassVar[str] = "widow-bid"
    seat: int
    amount: int | None
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "player": names[self.seat], "amount": self.amount, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class NoSwap(Event):
    """Nobody takes the extra hand (nobody bid, or nobody could): it stays as dealt."""

    type: ClassVar[str] = "widow-kept"
    rule: str

    def to_json(self, names) -> dict:
        return {"type": self.type, "rule": self.rule}


# The events every round and session can produce, whatever its phases; each phase lists its
# own (``phase.events``) and a profile its own (``profile.events``): see ``stops.profiles``.
ROUND_EVENTS: tuple[type[Event], ...] = (Transfer, Dealt, Misdealt, Left)
