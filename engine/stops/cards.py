"""Cards of the 52-card deck: suits, ranks, colours, parsing and formatting.

A card is a small int, ``suit * 13 + rank``, wrapped in :class:`Card` so that it
prints as ``9♦``. Ranks run ``2`` (0) to ``A`` (12): the ace is high in stops play.
Suits are ordered ♠ ♥ ♦ ♣. Every card object is one of the 52 in :data:`DECK`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import StopsError, shown

RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_LETTERS = ("S", "H", "D", "C")


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def colour(self) -> "Colour":
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    def __str__(self) -> str:
        return self.symbol


class Colour(IntEnum):
    BLACK = 0
    RED = 1

    @property
    def suits(self) -> tuple[Suit, Suit]:
        return (Suit.HEARTS, Suit.DIAMONDS) if self is Colour.RED else (Suit.SPADES, Suit.CLUBS)

    @property
    def opposite(self) -> "Colour":
        return Colour.BLACK if self is Colour.RED else Colour.RED


# Rank indexes, named for readability in rules code.
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)


class CardError(StopsError, ValueError):
    """A text that does not name a card."""


class Card(int):
    """One card; an int ``suit * 13 + rank`` that prints as ``9♦``."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return SUITS[self // 13]

    @property
    def rank(self) -> int:
        return self % 13

    @property
    def colour(self) -> Colour:
        return self.suit.colour

    @property
    def is_ace(self) -> bool:
        return self % 13 == ACE

    @property
    def ascii(self) -> str:
        return RANK_LABELS[self % 13] + SUIT_LETTERS[self // 13]

    def __str__(self) -> str:
        return RANK_LABELS[self % 13] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


SUITS = tuple(Suit)
DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))

_RANK_BY_TEXT = {label: index for index, label in enumerate(RANK_LABELS)}
_RANK_BY_TEXT["T"] = TEN
_SUIT_BY_TEXT = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.symbol] = _suit
    _SUIT_BY_TEXT[_suit.letter] = _suit
# Text-style variants of the suit symbols (♤ ♡ ♢ ♧ and the emoji selector).
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


def card(rank: int, suit: Suit | int) -> Card:
    return DECK[int(suit) * 13 + rank]


def parse_card(text: str) -> Card:
    """Read ``9♦``, ``9D``, ``9d``, ``10♦``, ``TD`` or ``10D``."""
    if not isinstance(text, str):
        raise CardError(f"a card must be written as text like '9♦' or '9D', not {shown(text)}")
    cleaned = text.strip().replace("\ufe0f", "").upper()
    if len(cleaned) < 2:
        raise CardError(f"unknown card {shown(text)}")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    rank = _RANK_BY_TEXT.get(rank_text)
    suit = _SUIT_BY_TEXT.get(suit_text)
    if rank is None or suit is None:
        raise CardError(f"unknown card {shown(text)} (expected a rank 2-10, J, Q, K, A or T and a suit ♠ ♥ ♦ ♣ or S H D C)")
    return DECK[suit * 13 + rank]


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read a list of cards, or one string of cards separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [parse_card(t) for t in texts]


def format_card(c: int, ascii: bool = False) -> str:
    c = DECK[c]
    return c.ascii if ascii else str(c)


def format_cards(cards: Iterable[int], ascii: bool = False) -> str:
    return " ".join(format_card(c, ascii) for c in cards)


def sort_cards(cards: Iterable[int]) -> list[Card]:
    """Cards sorted by suit (♠ ♥ ♦ ♣) then rank, as a hand is shown."""
    return [DECK[c] for c in sorted(cards)]


def by_rank(c: int) -> tuple[int, int]:
    """Sort key: rank first, then suit."""
    return (c % 13, c // 13)
