"""Poker hands: the best five-card hand among any number of cards, as one int.

Some stops games (Tripoli, Rummoli) settle a pot with a poker hand, and a
hand there can hold many more than seven cards. This module ranks any 5 to 52
distinct cards exactly by standard poker rules, over their best five:

    straight flush > four of a kind > full house > flush > straight
    > three of a kind > two pair > pair > high card

The ace plays high, and also low in A-2-3-4-5 (the wheel, the lowest straight
and the lowest straight flush). Suits never break ties. A royal flush is the
ace-high straight flush.

The hand is evaluated as a whole, never by trying five-card subsets: the cards
become a 52-bit mask (bit ``suit * 13 + rank``), i.e. four 13-bit rank masks,
one per suit. Bitwise arithmetic on those masks gives the ranks held at least
twice, three and four times, and small tables built at import (8192 entries
each) give the highest bit(s) of a rank mask and the straight in it.

The key of a hand is ``category << 26 | detail`` where ``detail`` is made of
rank *bits* (1 << rank) so that integer order is poker order:

    high card, flush     top five rank bits
    pair                 pair bit << 13 | top three other rank bits
    two pair             both pair bits << 13 | top other rank bit
    three of a kind      trips bit << 13 | top two other rank bits
    straight             rank of the top card (3 for the wheel)
    full house           trips bit << 13 | pair bit
    four of a kind       quads bit << 13 | top other rank bit
    straight flush       rank of the top card (12 for a royal flush)

Two hands have the same key exactly when they are the same poker hand.

Exactly five cards, the most common call (a five-card showdown, the bots' strength of a
hand), take a shorter way to the same key: the product of one prime per rank names the
ranks held, with their repeats, and two tables built at import from the evaluator above
(6,175 products, and 1,287 more for the flushes: the 7,462 classes of five-card hands) give
the key; the five cards form a flush when they share a suit.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import TypeVar

from .cards import DECK, Card

__all__ = [
    "Category",
    "PokerHand",
    "evaluate",
    "hand_key",
    "hand_key_mask",
    "cards_mask",
    "category_of",
    "compare",
    "best_hands",
    "poker_key",
    "poker_name",
    "best_five",
]

K = TypeVar("K")


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """English name: ``"full house"``."""
        return _LABELS[self]

    def __str__(self) -> str:
        return _LABELS[self]


_LABELS = {c: c.name.lower().replace("_", " ") for c in Category}

# ---------------------------------------------------------------------------
# Tables, built at import (a few milliseconds).

_SHIFT = 26  # category << _SHIFT; every detail is below 1 << 26
_HIGH = Category.HIGH_CARD << _SHIFT
_PAIR = Category.PAIR << _SHIFT
_TWO_PAIR = Category.TWO_PAIR << _SHIFT
_TRIPS = Category.THREE_OF_A_KIND << _SHIFT
_STRAIGHT = Category.STRAIGHT << _SHIFT
_FLUSH = Category.FLUSH << _SHIFT
_FULL_HOUSE = Category.FULL_HOUSE << _SHIFT
_QUADS = Category.FOUR_OF_A_KIND << _SHIFT
_STRAIGHT_FLUSH = Category.STRAIGHT_FLUSH << _SHIFT
_ROYAL_KEY = _STRAIGHT_FLUSH | 12

_R = 8191  # 13 rank bits


def _build_tops() -> list[list[int]]:
    # tops[n][m]: the n highest bits of m if m has at least n bits, else 0.
    # Built by doubling: for b = 1 << k and i < b, m = b + i has top bit b and
    # its n - 1 next bits are the n - 1 top bits of i.
    top1 = [0]
    for k in range(13):
        top1 += [1 << k] * (1 << k)
    tops = [[], top1]
    for n in range(2, 6):
        prev = tops[-1]
        table = [0]
        for k in range(13):
            b = 1 << k
            table += [b | x if x else 0 for x in prev[:b]]
        tops.append(table)
    return tops


# With at least five distinct cards, every lookup below has enough bits: the
# kickers of a pair are three of at least three other ranks, and so on.
_, _TOP1, _TOP2, _TOP3, _, _TOP5 = _build_tops()


def _build_straights() -> list[int]:
    # _STRAIGHTS[m]: rank of the top card of the highest straight in m, else 0.
    table = [0] * 8192
    runs = [(0b11111 << low, low + 4) for low in range(9)]  # 2-6 (top 4) .. 10-A (top 12)
    runs.insert(0, ((1 << 12) | 0b1111, 3))  # the wheel, A-2-3-4-5 (top 3: the five)
    for run, top in runs:  # ascending, so a higher straight overwrites a lower one
        # every superset of `run`: enumerate the subsets of its complement
        free = _R ^ run
        sub = free
        while True:
            table[run | sub] = top
            if sub == 0:
                break
            sub = (sub - 1) & free
    return table


_STRAIGHTS = _build_straights()

# Card -> its bit in the 52-bit mask, as a float: the cards' bits are summed by
# sum(), whose float loop is exact below 2**53 and stays fast where its int loop
# would leave the C long range (32 bits on Pyodide's wasm32, and on Windows).
# A dict, so that a bad card is a KeyError (a tuple would wrap negative indexes).
_FBIT = {i: float(1 << i) for i in range(52)}
_fbit = _FBIT.__getitem__
_MAX_MASK = 1 << 52

# ---------------------------------------------------------------------------
# The evaluator.


def hand_key_mask(mask: int) -> int:
    """Key of the best five-card hand in a 52-bit card mask (bit ``suit * 13 + rank``).

    The fastest entry point, without checks: the mask must hold at least five
    cards and no bit above 51 (:func:`cards_mask` builds one from cards).
    """
    s0 = mask & _R
    s1 = (mask >> 13) & _R
    s2 = (mask >> 26) & _R
    s3 = mask >> 39

    # Flush (possibly straight flush) in any suit?
    flush = _TOP5[s0] or _TOP5[s1] or _TOP5[s2] or _TOP5[s3]
    if flush:
        f1 = _TOP5[s1]
        f2 = _TOP5[s2]
        f3 = _TOP5[s3]
        if f1 or f2 or f3:  # more than one suit may hold five: take the best
            sf = max(_STRAIGHTS[s0] if _TOP5[s0] else 0, _STRAIGHTS[s1] if f1 else 0,
                     _STRAIGHTS[s2] if f2 else 0, _STRAIGHTS[s3] if f3 else 0)
            flush = max(_TOP5[s0], f1, f2, f3)
        else:
            sf = _STRAIGHTS[s0]
        if sf:
            return _STRAIGHT_FLUSH | sf

    a01 = s0 & s1
    a23 = s2 & s3
    o01 = s0 | s1
    o23 = s2 | s3
    ranks = o01 | o23
    quads = a01 & a23
    if quads:
        q = _TOP1[quads]
        return _QUADS | q << 13 | _TOP1[ranks ^ q]
    trips = (a01 & o23) | (a23 & o01)
    if trips:
        t = _TOP1[trips]
        pairs = (a01 | a23 | (o01 & o23)) ^ t
        if pairs:
            return _FULL_HOUSE | t << 13 | _TOP1[pairs]
        if flush:
            return _FLUSH | flush
        st = _STRAIGHTS[ranks]
        if st:
            return _STRAIGHT | st
        return _TRIPS | t << 13 | _TOP2[ranks ^ t]
    if flush:
        return _FLUSH | flush
    st = _STRAIGHTS[ranks]
    if st:
        return _STRAIGHT | st
    pairs = a01 | a23 | (o01 & o23)
    if pairs:
        p = _TOP1[pairs]
        pairs ^= p
        if pairs:
            p |= _TOP1[pairs]
            return _TWO_PAIR | p << 13 | _TOP1[ranks ^ p]
        return _PAIR | p << 13 | _TOP3[ranks ^ p]
    return _HIGH | _TOP5[ranks]


# ---------------------------------------------------------------------------
# Five cards: a lookup by the product of their ranks' primes (keys from hand_key_mask).

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # per rank, two to ace
# Card -> its rank's prime; a dict, so that a bad card is a KeyError (as _FBIT).
_RANK_PRIME = {c: _PRIMES[c % 13] for c in range(52)}


def _build_fives() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Keys by the product of the ranks' primes: (five distinct ranks in two suits or more,
    the same five ranks as a flush, ranks held more than once). Every product is below
    41 ** 5 < 2 ** 27, a small int on every platform."""
    distinct: dict[int, int] = {}
    flush: dict[int, int] = {}
    repeated: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        # One hand of these ranks: the k-th card of a rank in the k-th suit (ranks come sorted).
        mask, product, prev, k, most = 0, 1, -1, 0, 0
        for r in ranks:
            k = k + 1 if r == prev else 0
            most = max(most, k)
            prev = r
            mask |= 1 << (r + 13 * k)
            product *= _PRIMES[r]
        if most == 0:  # five ranks, all in spades: a flush; one card moved to hearts: none
            flush[product] = hand_key_mask(mask)
            low = 1 << ranks[0]
            distinct[product] = hand_key_mask(mask ^ low | low << 13)
        elif most < 4:  # (five of one rank is no hand)
            repeated[product] = hand_key_mask(mask)
    return distinct, flush, repeated


_DISTINCT5, _FLUSH5, _REPEATED5 = _build_fives()


def cards_mask(cards: Iterable[int]) -> int:
    """The 52-bit mask of some cards (bit ``card``); ValueError for a bad or repeated card."""
    try:
        n = len(cards)  # type: ignore[arg-type]
    except TypeError:  # an iterator: read it once
        cards = tuple(cards)
        n = len(cards)
    try:
        mask = int(sum(map(_fbit, cards)))
    except (KeyError, TypeError):
        raise ValueError(_bad_card(cards)) from None
    # A repeated card carries into another bit, so fewer bits than cards; a sum
    # too big to be exact in a float can only come from repeats too.
    if mask.bit_count() != n or mask >= _MAX_MASK:
        raise ValueError(_repeated(cards))
    return mask


def hand_key(cards: Iterable[int]) -> int:
    """Key of the best five-card hand among ``cards`` (5 to 52 distinct cards).

    Higher is better; equal keys mean equal hands. Same as ``evaluate(cards).key``.
    """
    try:
        n = len(cards)  # type: ignore[arg-type]
    except TypeError:  # an iterator: read it once
        cards = tuple(cards)
        n = len(cards)
    if n == 5:  # the lookup by the ranks' primes (see _build_fives)
        try:
            a, b, c, d, e = cards
            prime = _RANK_PRIME
            product = prime[a] * prime[b] * prime[c] * prime[d] * prime[e]
        except (KeyError, TypeError, ValueError):
            raise ValueError(_bad_card(cards)) from None
        key = _DISTINCT5.get(product)
        if key is not None:  # five ranks: five distinct cards, a flush when they share a suit
            return _FLUSH5[product] if a // 13 == b // 13 == c // 13 == d // 13 == e // 13 else key
        if len({a, b, c, d, e}) == 5:
            return _REPEATED5[product]
        raise ValueError(_repeated(cards))
    try:
        mask = int(sum(map(_fbit, cards)))
    except (KeyError, TypeError):
        raise ValueError(_bad_card(cards)) from None
    if n < 5 or mask.bit_count() != n or mask >= _MAX_MASK:  # see cards_mask
        raise ValueError(_too_few(n) if n < 5 else _repeated(cards))
    return hand_key_mask(mask)


def category_of(key: int) -> Category:
    """The category of a hand key (ROYAL_FLUSH for the ace-high straight flush)."""
    if key == _ROYAL_KEY:
        return Category.ROYAL_FLUSH
    return Category(key >> _SHIFT)


# ---------------------------------------------------------------------------
# Hands of any size: fewer than five cards (a position set up mid-game).


def poker_key(cards: Iterable[int]) -> int:
    """The key of the best hand among ``cards`` (:func:`hand_key`); fewer than five cards
    rank by their pairs, trips and quads, with what kickers there are."""
    cards = tuple(cards)
    if len(cards) >= 5:
        return hand_key(cards)
    counts = Counter(c % 13 for c in cards)
    by_count: dict[int, int] = {}
    for rank, count in counts.items():
        by_count[count] = by_count.get(count, 0) | 1 << rank
    singles = by_count.get(1, 0)
    if 4 in by_count:
        return _QUADS | by_count[4] << 13
    if 3 in by_count:
        return _TRIPS | by_count[3] << 13 | singles
    pairs = by_count.get(2, 0)
    if pairs and pairs & (pairs - 1):
        return _TWO_PAIR | pairs << 13
    if pairs:
        return _PAIR | pairs << 13 | singles
    return _HIGH | singles


def poker_name(cards: Iterable[int]) -> str:
    """The English name of the best hand among ``cards`` (of any size: :func:`poker_key`)."""
    cards = tuple(cards)
    return str(Category(poker_key(cards) >> _SHIFT)) if len(cards) < 5 else evaluate(cards).name


def best_five(cards: Iterable[int]) -> tuple[Card, ...]:
    """The cards that make the best hand among ``cards``, for display (:attr:`PokerHand.best`;
    fewer than five: all of them, highest first)."""
    cards = tuple(cards)
    return evaluate(cards).best if len(cards) >= 5 else tuple(sorted(cards, key=lambda c: (-(c % 13), c)))


# ---------------------------------------------------------------------------
# Error messages (built only when raising).


def _too_few(n: int) -> str:
    return f"a poker hand needs at least 5 cards, got {n}"


def _bad_card(cards: Iterable[object]) -> str:
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            return f"not a card: {c!r} (cards are ints 0..51)"
    return "not a card"  # pragma: no cover


def _repeated(cards: Iterable[int]) -> str:
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            return f"card {DECK[c]} appears more than once"
        seen.add(c)
    return "repeated card"  # pragma: no cover


# ---------------------------------------------------------------------------
# Full evaluation, with the five cards that make the hand.


@dataclass(frozen=True, slots=True)
class PokerHand:
    """The best five-card poker hand among some cards.

    ``best`` lists the five cards that make it, for display: the cards of the
    combination first, highest first, then the kickers, highest first (a wheel
    reads 5 4 3 2 A). When several cards could serve, the first suit in
    ♠ ♥ ♦ ♣ order is used.
    """

    category: Category
    key: int
    best: tuple[Card, ...]

    @property
    def name(self) -> str:
        """English name of the category: ``"full house"``."""
        return _LABELS[self.category]

    def __str__(self) -> str:
        return f"{_LABELS[self.category]}: {' '.join(map(str, self.best))}"

    def __lt__(self, other: PokerHand) -> bool:
        return self.key < other.key

    def __le__(self, other: PokerHand) -> bool:
        return self.key <= other.key

    def __gt__(self, other: PokerHand) -> bool:
        return self.key > other.key

    def __ge__(self, other: PokerHand) -> bool:
        return self.key >= other.key


def _bits_desc(m: int) -> list[int]:
    """Ranks of the set bits of a rank mask, highest first."""
    out = []
    while m:
        r = m.bit_length() - 1
        out.append(r)
        m ^= 1 << r
    return out


def evaluate(cards: Iterable[int]) -> PokerHand:
    """The best five-card poker hand among ``cards`` (5 to 52 distinct cards)."""
    cards = tuple(cards)
    key = hand_key(cards)
    mask = cards_mask(cards)
    suits = [(mask >> (13 * s)) & _R for s in range(4)]
    cat = key >> _SHIFT
    detail = key & ((1 << _SHIFT) - 1)

    def pick(rank: int, count: int) -> list[Card]:
        """``count`` cards of ``rank``, in suit order."""
        got = [DECK[s * 13 + rank] for s in range(4) if suits[s] >> rank & 1]
        return got[:count]

    def straight(top: int, suit: int | None) -> list[Card]:
        ranks = [top - i for i in range(5)] if top > 3 else [3, 2, 1, 0, 12]
        if suit is None:
            return [pick(r, 1)[0] for r in ranks]
        return [DECK[suit * 13 + r] for r in ranks]

    best: list[Card]
    if cat == Category.STRAIGHT_FLUSH:
        suit = next(s for s in range(4) if _TOP5[suits[s]] and _STRAIGHTS[suits[s]] == detail)
        best = straight(detail, suit)
    elif cat == Category.FLUSH:
        suit = next(s for s in range(4) if _TOP5[suits[s]] == detail)
        best = [DECK[suit * 13 + r] for r in _bits_desc(detail)]
    elif cat == Category.STRAIGHT:
        best = straight(detail, None)
    else:
        # Grouped categories: the combination's rank bits sit above bit 13,
        # the kickers' (or the full house's pair) below.
        high = _bits_desc(detail >> 13)
        low = _bits_desc(detail & _R)
        group = {
            Category.FOUR_OF_A_KIND: (4, 1),
            Category.FULL_HOUSE: (3, 2),
            Category.THREE_OF_A_KIND: (3, 1),
            Category.TWO_PAIR: (2, 1),
            Category.PAIR: (2, 1),
            Category.HIGH_CARD: (1, 1),
        }[Category(cat)]
        if cat == Category.HIGH_CARD:
            high, low = _bits_desc(detail), []
        best = [c for r in high for c in pick(r, group[0])]
        best += [c for r in low for c in pick(r, group[1])]
    return PokerHand(category_of(key), key, tuple(best))


# ---------------------------------------------------------------------------
# Comparisons and showdowns.


def _key_of(x: PokerHand | int | Iterable[int]) -> int:
    if isinstance(x, PokerHand):
        return x.key
    if isinstance(x, int):
        return x
    return hand_key(x)


def compare(a: PokerHand | int | Iterable[int], b: PokerHand | int | Iterable[int]) -> int:
    """-1, 0 or 1 as hand ``a`` is worse than, as good as, or better than ``b``.

    Each side may be a :class:`PokerHand`, a key (int) or the cards themselves.
    """
    ka = _key_of(a)
    kb = _key_of(b)
    return (ka > kb) - (ka < kb)


def best_hands(hands: Mapping[K, Iterable[int]]) -> list[K]:
    """The names of the hands tied for best, in the mapping's order ([] if none)."""
    keys = {name: hand_key(cards) for name, cards in hands.items()}
    if not keys:
        return []
    top = max(keys.values())
    return [name for name, k in keys.items() if k == top]

