"""Dealing: the order cards go round, and deals drawn from a seed.

The whole deck is dealt one card at a time clockwise, starting left of the dealer, to
every player and to one extra hand (the widow or ghost hand), which receives the first
or the last card of each circuit as the profile says. A deal drawn from a seed is turned
into explicit hands at once, so a replay never depends on the random generator.

Where the profile turns up a trump (``Profile.turn_up``), the deal names the card turned:
``to-stock`` turns up the last card of the pack onto the extra hand (the rest go round
the circuit), ``to-dealer`` turns up the last card the dealer receives, which stays in
the dealer's hand. Its suit is trumps for the round.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import DECK, Card

WIDOW = -1


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


def circuit(players: int, dealer: int, widow_position: str) -> list[int]:
    """Who receives a card, in order, in one circuit; WIDOW stands for the extra hand."""
    seats = [(dealer + 1 + i) % players for i in range(players)]
    return [WIDOW, *seats] if widow_position == "first" else [*seats, WIDOW]


def deal_in_order(cards: list[Card], players: int, dealer: int, widow_position: str, turn_up: str = "none") -> Deal:
    """Deal ``cards`` one at a time round the circuit (and turn up a trump as ``turn_up`` says)."""
    order = circuit(players, dealer, widow_position)
    hands: list[list[Card]] = [[] for _ in range(players)]
    widow: list[Card] = []
    turned = None
    if turn_up == "to-stock":  # the last card of the pack, face up, to the extra hand
        *cards, turned = cards
        widow.append(turned)
    for index, c in enumerate(cards):
        seat = order[index % len(order)]
        (widow if seat == WIDOW else hands[seat]).append(c)
        if turn_up == "to-dealer" and seat == dealer:  # the dealer's last card, face up
            turned = c
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(sorted(widow)), turned)


def hand_sizes(players: int, dealer: int, widow_position: str, cards: int = 52, turn_up: str = "none") -> tuple[list[int], int]:
    """The size of each player's hand (seat order) and of the widow after a full deal."""
    order = circuit(players, dealer, widow_position)
    sizes = {seat: 0 for seat in order}
    if turn_up == "to-stock":  # the turned card goes to the extra hand, outside the circuit
        cards -= 1
        sizes[WIDOW] = 1
    for index in range(cards):
        sizes[order[index % len(order)]] += 1
    return [sizes[s] for s in range(players)], sizes[WIDOW]


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def deal_from_seed(seed: int | random.Random, players: int, dealer: int, widow_position: str, turn_up: str = "none") -> Deal:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return deal_in_order(shuffled_deck(rng), players, dealer, widow_position, turn_up)
