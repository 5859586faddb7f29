"""Dealing: the order cards go round, and deals drawn from a seed.

By default (deal plan ``circuit``) the whole pack is dealt one card at a time clockwise,
starting left of the dealer, to every player and to one extra hand (the widow, ghost
hand, dummy...), which receives the first or the last card of each circuit as the profile
says. A deal plan may instead be a table of hand sizes by number of players: the cards go
round the players only until each hand is full, and the rest of the pack is the extra hand
(a talon or stock). A deal drawn from a seed is turned into explicit hands at once, so a
replay never depends on the random generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import DECK, Card

WIDOW = -1


@dataclass(frozen=True)
class Deal:
    """The hands in seat order and the widow."""

    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]


def circuit(players: int, dealer: int, widow_position: str) -> list[int]:
    """Who receives a card, in order, in one circuit; WIDOW stands for the extra hand."""
    seats = [(dealer + 1 + i) % players for i in range(players)]
    return [WIDOW, *seats] if widow_position == "first" else [*seats, WIDOW]


def hand_size(plan: str | Mapping[int, int], players: int) -> int | None:
    """The cards per hand a table plan deals to ``players`` (None for ``circuit``)."""
    if plan == "circuit":
        return None
    if players not in plan:
        raise ValueError(f"the deal table has no hand size for {players} players")
    return plan[players]


def recipients(count: int, players: int, dealer: int, widow_position: str, plan: str | Mapping[int, int] = "circuit") -> list[int]:
    """Who receives each of ``count`` cards, in dealing order (WIDOW for the extra hand)."""
    size = hand_size(plan, players)
    if size is None:
        order = circuit(players, dealer, widow_position)
        return [order[i % len(order)] for i in range(count)]
    seats = [(dealer + 1 + i) % players for i in range(players)]
    dealt = min(count, size * players)
    return [seats[i % players] for i in range(dealt)] + [WIDOW] * (count - dealt)


def deal_in_order(cards: list[Card], players: int, dealer: int, widow_position: str,
                  plan: str | Mapping[int, int] = "circuit") -> Deal:
    """Deal ``cards`` in order by the plan (round the circuit, by default)."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    widow: list[Card] = []
    for c, seat in zip(cards, recipients(len(cards), players, dealer, widow_position, plan)):
        (widow if seat == WIDOW else hands[seat]).append(c)
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(sorted(widow)))


def hand_sizes(players: int, dealer: int, widow_position: str, cards: int = 52,
               plan: str | Mapping[int, int] = "circuit") -> tuple[list[int], int]:
    """The size of each player's hand (seat order) and of the widow after a full deal."""
    sizes = {seat: 0 for seat in range(-1, players)}
    for seat in recipients(cards, players, dealer, widow_position, plan):
        sizes[seat] += 1
    return [sizes[s] for s in range(players)], sizes[WIDOW]


def shuffled_deck(rng: random.Random, pack: Sequence[Card] = DECK) -> list[Card]:
    deck = list(pack)
    rng.shuffle(deck)
    return deck


def deal_from_seed(seed: int | random.Random, players: int, dealer: int, widow_position: str,
                   pack: Sequence[Card] = DECK, plan: str | Mapping[int, int] = "circuit") -> Deal:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return deal_in_order(shuffled_deck(rng, pack), players, dealer, widow_position, plan)


def deal_for(profile, seed: int | random.Random, players: int, dealer: int) -> Deal:
    """A deal of ``profile``'s pack by its plan, drawn from ``seed``."""
    profile = profile.seated(players)
    return deal_from_seed(seed, players, dealer, profile.widow_position, profile.pack, profile.deal_plan)


def sizes_for(profile, players: int, dealer: int) -> tuple[list[int], int]:
    """Each hand's size and the extra hand's after a full deal of ``profile``'s pack."""
    profile = profile.seated(players)
    return hand_sizes(players, dealer, profile.widow_position, len(profile.pack), profile.deal_plan)
