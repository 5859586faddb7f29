"""Dealing: the order cards go round, and deals drawn from a seed.

By default (deal plan ``circuit``) the whole pack is dealt one card at a time clockwise,
starting left of the dealer, to every player and to one extra hand (the widow, ghost
hand, dummy...), which receives the first or the last card of each circuit as the profile
says. A deal plan may instead be a table of hand sizes by number of players: the cards go
round the players only until each hand is full, and the rest of the pack is the extra hand
(a talon or stock). A deal drawn from a seed is turned into explicit hands at once, so a
replay never depends on the random generator.

Where the profile turns up a trump (``Profile.turn_up``), the deal names the card turned:
``to-stock`` turns up the last card of the pack onto the extra hand (the rest go round
the circuit), ``to-dealer`` turns up the last card the dealer receives, which stays in
the dealer's hand, ``to-last`` the last card dealt to a player, whoever receives it, which
stays in that player's hand. Its suit is trumps for the round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import DECK, Card
from .enums import DealPlan, TurnUp, WidowPosition
from .owners import WIDOW
from .seats import from_left_of

# Where the card turned up for trumps lies, by the profile's ``turn_up`` mode (the event's and
# the view's word for it).
TURN_UP_PLACES = {TurnUp.TO_STOCK: "stock", TurnUp.TO_DEALER: "dealer", TurnUp.TO_LAST: "hand"}


@dataclass(frozen=True)
class Deal:
    """The hands in seat order, the widow, and the card turned up for trumps (or None)."""

    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]
    turn_up: Card | None = None

    def to_json(self, names) -> dict:
        """The deal as a document writes it (``turn_up`` only where a card is turned up)."""
        doc = {"hands": {names[s]: [str(c) for c in cards] for s, cards in enumerate(self.hands)},
               "widow": [str(c) for c in self.widow]}
        if self.turn_up is not None:
            doc["turn_up"] = str(self.turn_up)
        return doc


def circuit(players: int, dealer: int, widow_position: WidowPosition) -> list[int]:
    """Who receives a card, in order, in one circuit; WIDOW stands for the extra hand."""
    seats = from_left_of(players, dealer)
    return [WIDOW, *seats] if widow_position == WidowPosition.FIRST else [*seats, WIDOW]


def hand_size(plan: DealPlan | Mapping[int, int], players: int) -> int | None:
    """The cards per hand a table plan deals to ``players`` (None for ``circuit``)."""
    if plan == DealPlan.CIRCUIT:
        return None
    if players not in plan:
        raise ValueError(f"the deal table has no hand size for {players} players")
    return plan[players]


def recipients(count: int, players: int, dealer: int, widow_position: WidowPosition,
               plan: DealPlan | Mapping[int, int] = DealPlan.CIRCUIT) -> list[int]:
    """Who receives each of ``count`` cards, in dealing order (WIDOW for the extra hand)."""
    size = hand_size(plan, players)
    if size is None:
        order = circuit(players, dealer, widow_position)
        return [order[i % len(order)] for i in range(count)]
    seats = from_left_of(players, dealer)
    dealt = min(count, size * players)
    return [seats[i % players] for i in range(dealt)] + [WIDOW] * (count - dealt)


def deal_in_order(cards: list[Card], players: int, dealer: int, widow_position: WidowPosition, turn_up: TurnUp = TurnUp.NONE,
                  plan: DealPlan | Mapping[int, int] = DealPlan.CIRCUIT) -> Deal:
    """Deal ``cards`` in order by the plan (round the circuit, by default), and turn up a
    trump as ``turn_up`` says."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    widow: list[Card] = []
    turned = None
    if turn_up == TurnUp.TO_STOCK:  # the last card of the pack, face up, to the extra hand
        *cards, turned = cards
        widow.append(turned)
    for c, seat in zip(cards, recipients(len(cards), players, dealer, widow_position, plan)):
        (widow if seat == WIDOW else hands[seat]).append(c)
        if turn_up == TurnUp.TO_DEALER and seat == dealer:  # the dealer's last card, face up
            turned = c
        if turn_up == TurnUp.TO_LAST and seat != WIDOW:  # the last card dealt to a player, face up
            turned = c
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(sorted(widow)), turned)


def last_receiver(players: int, dealer: int, widow_position: WidowPosition, cards: int,
                  plan: DealPlan | Mapping[int, int] = DealPlan.CIRCUIT) -> int:
    """The seat that receives the last card dealt to a player in a full deal of ``cards``."""
    return [seat for seat in recipients(cards, players, dealer, widow_position, plan) if seat != WIDOW][-1]


def hand_sizes(players: int, dealer: int, widow_position: WidowPosition, cards: int = 52, turn_up: TurnUp = TurnUp.NONE,
               plan: DealPlan | Mapping[int, int] = DealPlan.CIRCUIT) -> tuple[list[int], int]:
    """The size of each player's hand (seat order) and of the widow after a full deal."""
    sizes = {seat: 0 for seat in range(-1, players)}
    if turn_up == TurnUp.TO_STOCK:  # the turned card goes to the extra hand, outside the circuit
        cards -= 1
        sizes[WIDOW] = 1
    for seat in recipients(cards, players, dealer, widow_position, plan):
        sizes[seat] += 1
    return [sizes[s] for s in range(players)], sizes[WIDOW]


def shuffled_deck(rng: random.Random, pack: Sequence[Card] = DECK) -> list[Card]:
    deck = list(pack)
    rng.shuffle(deck)
    return deck


def deal_from_seed(seed: int | random.Random, players: int, dealer: int, widow_position: WidowPosition,
                   turn_up: TurnUp = TurnUp.NONE, pack: Sequence[Card] = DECK,
                   plan: DealPlan | Mapping[int, int] = DealPlan.CIRCUIT) -> Deal:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return deal_in_order(shuffled_deck(rng, pack), players, dealer, widow_position, turn_up, plan)


def deal_for(profile, seed: int | random.Random, players: int, dealer: int) -> Deal:
    """A deal of ``profile``'s pack by its plan (and its turn-up), drawn from ``seed``."""
    profile = profile.seated(players)
    return deal_from_seed(seed, players, dealer, profile.widow_position, profile.turn_up, profile.pack, profile.deal_plan)


def sizes_for(profile, players: int, dealer: int) -> tuple[list[int], int]:
    """Each hand's size and the extra hand's after a full deal of ``profile``'s pack."""
    profile = profile.seated(players)
    return hand_sizes(players, dealer, profile.widow_position, len(profile.pack), profile.turn_up, profile.deal_plan)
