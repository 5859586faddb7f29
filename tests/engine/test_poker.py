"""Poker hands: the best five cards among any number, ranked by standard poker rules."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from stops.cards import DECK, parse_cards
from stops.poker import (
    Category,
    PokerHand,
    best_hands,
    cards_mask,
    category_of,
    compare,
    evaluate,
    hand_key,
    hand_key_mask,
)


def rnd(text: str) -> PokerHand:
    return evaluate(parse_cards(text))


def key(text: str) -> int:
    return hand_key(parse_cards(text))


def shown(h: PokerHand) -> str:
    return " ".join(map(str, h.best))


# ---------------------------------------------------------------------------
# An independent reference: a plain five-card evaluator, and the brute force
# over every five-card subset.


def reference_five(five) -> tuple:
    """(category, tie-break ranks) of exactly five cards, the textbook way."""
    ranks = sorted((c % 13 for c in five), reverse=True)
    flush = len({c // 13 for c in five}) == 1
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    by_group = tuple(r for r, _ in groups)
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5: the five is the top card
            straight_top = 3
    if straight_top is not None and flush:
        return (8, (straight_top,))
    if shape == (4, 1):
        return (7, by_group)
    if shape == (3, 2):
        return (6, by_group)
    if flush:
        return (5, tuple(ranks))
    if straight_top is not None:
        return (4, (straight_top,))
    if shape == (3, 1, 1):
        return (3, by_group)
    if shape == (2, 2, 1):
        return (2, by_group)
    if shape == (2, 1, 1, 1):
        return (1, by_group)
    return (0, tuple(ranks))


def brute_force(cards) -> tuple:
    return max(map(reference_five, itertools.combinations(cards, 5)))


def sign(x) -> int:
    return (x > 0) - (x < 0)


def order(a, b) -> int:
    return (a > b) - (a < b)


@st.composite
def hands(draw, min_size: int = 5, max_size: int = 26) -> list[int]:
    """Distinct cards; half the time from a few suits and a run of ranks, so that
    flushes, straights (the wheel too) and big groups come up often."""
    n = draw(st.integers(min_size, max_size))
    pool = list(range(52))
    if draw(st.booleans()):
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
        low = draw(st.integers(0, 12))
        width = draw(st.integers(5, 13))
        narrow = [s * 13 + (low + i) % 13 for s in suits for i in range(width)]
        if len(narrow) >= min_size:
            pool = narrow
            n = min(n, len(pool))
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))


# ---------------------------------------------------------------------------
# Each category, with the five cards that make it.


@pytest.mark.parametrize(
    ("cards", "category", "best"),
    [
        ("A♠ J♥ 9♦ 6♣ 3♠ 2♥ 4♦", Category.HIGH_CARD, "A♠ J♥ 9♦ 6♣ 4♦"),
        ("8♠ 8♦ A♥ 10♣ 5♠ 3♥ 2♦", Category.PAIR, "8♠ 8♦ A♥ 10♣ 5♠"),
        ("K♠ K♥ 8♦ 8♣ Q♠ 3♥ 2♦", Category.TWO_PAIR, "K♠ K♥ 8♦ 8♣ Q♠"),
        ("7♣ 7♠ 7♥ A♦ J♠ 4♥ 2♣", Category.THREE_OF_A_KIND, "7♠ 7♥ 7♣ A♦ J♠"),
        ("9♥ 8♠ 7♦ 6♣ 5♠ 2♥ 2♦", Category.STRAIGHT, "9♥ 8♠ 7♦ 6♣ 5♠"),
        ("2♥ 9♥ J♥ 4♥ K♥ K♠ 9♦", Category.FLUSH, "K♥ J♥ 9♥ 4♥ 2♥"),
        ("Q♠ Q♥ Q♦ 5♣ 5♠ 2♥ 3♦", Category.FULL_HOUSE, "Q♠ Q♥ Q♦ 5♠ 5♣"),
        ("6♠ 6♥ 6♦ 6♣ K♠ 2♥ 3♦", Category.FOUR_OF_A_KIND, "6♠ 6♥ 6♦ 6♣ K♠"),
        ("9♦ 8♦ 7♦ 6♦ 5♦ A♠ A♥", Category.STRAIGHT_FLUSH, "9♦ 8♦ 7♦ 6♦ 5♦"),
        ("A♣ K♣ Q♣ J♣ 10♣ A♠ A♥", Category.ROYAL_FLUSH, "A♣ K♣ Q♣ J♣ 10♣"),
    ],
)
def test_each_category_is_recognized_with_its_best_five(cards, category, best):
    h = rnd(cards)
    assert h.category is category
    assert shown(h) == best
    assert h.key == key(cards)


def test_categories_rank_from_high_card_up_to_straight_flush():
    one_of_each = [
        "A♠ J♥ 9♦ 6♣ 3♠",
        "2♠ 2♦ 3♥ 4♣ 6♠",
        "2♠ 2♦ 3♥ 3♣ 4♠",
        "2♠ 2♦ 2♥ 3♣ 4♠",
        "A♠ 2♦ 3♥ 4♣ 5♠",
        "2♥ 3♥ 4♥ 5♥ 7♥",
        "2♠ 2♦ 2♥ 3♣ 3♠",
        "2♠ 2♦ 2♥ 2♣ 3♠",
        "A♦ 2♦ 3♦ 4♦ 5♦",
        "A♣ K♣ Q♣ J♣ 10♣",
    ]
    keys = [key(h) for h in one_of_each]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [rnd(h).category for h in one_of_each] == list(Category)


def test_each_hand_has_an_english_name():
    assert rnd("Q♠ Q♥ Q♦ 5♣ 5♠").name == "full house"
    assert rnd("A♣ K♣ Q♣ J♣ 10♣").name == "royal flush"
    assert rnd("2♠ 2♦ 3♥ 3♣ 4♠").name == "two pair"
    assert rnd("A♠ J♥ 9♦ 6♣ 3♠").name == "high card"
    assert str(rnd("6♠ 6♥ 6♦ 6♣ K♠")) == "four of a kind: 6♠ 6♥ 6♦ 6♣ K♠"


# ---------------------------------------------------------------------------
# Straights and the ace.


def test_the_wheel_is_the_lowest_straight():
    wheel = rnd("A♠ 2♦ 3♥ 4♣ 5♠")
    assert wheel.category is Category.STRAIGHT
    assert shown(wheel) == "5♠ 4♣ 3♥ 2♦ A♠"
    assert wheel.key < key("2♠ 3♦ 4♥ 5♣ 6♠")
    assert wheel.key > key("A♠ A♦ A♥ K♣ Q♠")  # still a straight, above any three of a kind


def test_the_wheel_is_the_lowest_straight_flush():
    steel_wheel = rnd("A♥ 2♥ 3♥ 4♥ 5♥")
    assert steel_wheel.category is Category.STRAIGHT_FLUSH
    assert shown(steel_wheel) == "5♥ 4♥ 3♥ 2♥ A♥"
    assert steel_wheel.key < key("2♠ 3♠ 4♠ 5♠ 6♠")
    assert steel_wheel.key > key("A♠ A♦ A♥ A♣ K♠")


def test_the_ace_high_straight_is_the_highest_straight():
    assert key("10♠ J♦ Q♥ K♣ A♠") > key("9♠ 10♦ J♥ Q♣ K♠")


def test_straights_do_not_wrap_around_the_ace():
    assert rnd("Q♠ K♦ A♥ 2♣ 3♠").category is Category.HIGH_CARD
    assert rnd("K♠ A♦ 2♥ 3♣ 4♠").category is Category.HIGH_CARD


def test_the_longest_run_plays_its_top_five():
    assert shown(rnd("4♠ 5♦ 6♥ 7♣ 8♠ 9♦ 10♥")) == "10♥ 9♦ 8♠ 7♣ 6♥"
    # with an ace and a six, 2-6 beats the wheel
    assert shown(rnd("A♠ 2♦ 3♥ 4♣ 5♠ 6♦")) == "6♦ 5♠ 4♣ 3♥ 2♦"


def test_a_royal_flush_is_the_top_straight_flush():
    royal = rnd("10♠ J♠ Q♠ K♠ A♠")
    assert royal.category is Category.ROYAL_FLUSH
    assert royal.key == key("10♣ J♣ Q♣ K♣ A♣")
    assert royal.key > key("9♠ 10♠ J♠ Q♠ K♠")
    assert category_of(royal.key) is Category.ROYAL_FLUSH
    assert category_of(key("9♠ 10♠ J♠ Q♠ K♠")) is Category.STRAIGHT_FLUSH
    assert royal.key >> 26 == Category.STRAIGHT_FLUSH  # its key is a straight flush's


# ---------------------------------------------------------------------------
# Ties and kickers.


def test_suits_never_break_ties():
    assert key("A♠ K♠ Q♠ J♠ 9♠") == key("A♥ K♥ Q♥ J♥ 9♥")
    assert key("8♠ 8♦ A♥ 10♣ 5♠") == key("8♥ 8♣ A♠ 10♦ 5♥")
    assert compare(parse_cards("2♠ 3♦ 4♥ 5♣ 6♠"), parse_cards("2♥ 3♣ 4♠ 5♦ 6♥")) == 0


@settings(max_examples=examples(200), deadline=None)
@given(hands(5, 13), st.permutations(range(4)))
def test_renaming_the_suits_never_changes_a_hand(cards, suits):
    renamed = [suits[c // 13] * 13 + c % 13 for c in cards]
    assert hand_key(renamed) == hand_key(cards)


def test_kickers_break_ties_in_order():
    assert key("8♠ 8♦ A♥ 10♣ 5♠") > key("8♥ 8♣ A♠ 10♦ 4♥")
    assert key("8♠ 8♦ A♥ 10♣ 5♠") < key("8♥ 8♣ A♠ J♦ 2♥")
    assert key("A♠ J♥ 9♦ 6♣ 3♠") > key("A♥ J♠ 9♣ 6♦ 2♠")
    assert key("K♠ K♥ 8♦ 8♣ Q♠") > key("K♦ K♣ 8♠ 8♥ J♠")


def test_cards_beyond_the_best_five_never_count():
    assert key("A♠ J♥ 9♦ 6♣ 4♠ 3♥ 2♦") == key("A♥ J♠ 9♣ 6♦ 4♥")
    assert key("6♠ 6♥ 6♦ 6♣ K♠ Q♥ J♦") == key("6♠ 6♥ 6♦ 6♣ K♦")


def test_two_pair_out_of_three_pairs_keeps_the_best_kicker():
    # the third pair's rank can be the kicker
    h = rnd("K♠ K♥ 8♦ 8♣ 5♠ 5♥ 2♦")
    assert h.category is Category.TWO_PAIR
    assert shown(h) == "K♠ K♥ 8♦ 8♣ 5♠"


def test_two_three_of_a_kinds_make_a_full_house_of_the_higher():
    h = rnd("A♠ A♥ A♦ K♠ K♥ K♦ 2♣")
    assert h.category is Category.FULL_HOUSE
    assert shown(h) == "A♠ A♥ A♦ K♠ K♥"
    assert h.key > key("A♠ A♥ A♦ Q♠ Q♥")


def test_four_of_a_kind_takes_the_best_other_card_as_kicker():
    assert shown(rnd("9♠ 9♥ 9♦ 9♣ K♠ K♥ K♦")) == "9♠ 9♥ 9♦ 9♣ K♠"


def test_a_flush_plays_its_five_highest_cards():
    assert shown(rnd("2♥ 9♥ J♥ 4♥ K♥ 3♥ A♠")) == "K♥ J♥ 9♥ 4♥ 3♥"
    assert key("A♥ 9♥ 7♥ 4♥ 3♥") > key("K♠ Q♠ J♠ 10♠ 8♠")


# ---------------------------------------------------------------------------
# Big hands (Rummoli, Tripoli: many cards).


def test_a_full_house_beats_a_flush_in_the_same_cards():
    h = rnd("2♠ 5♠ 7♠ 9♠ J♠ 7♥ 7♦ 9♥")
    assert h.category is Category.FULL_HOUSE
    assert shown(h) == "7♠ 7♥ 7♦ 9♠ 9♥"


def test_the_best_flush_counts_when_several_suits_have_five():
    cards = parse_cards("2♠ 5♠ 7♠ 9♠ J♠ 3♥ 5♥ 8♥ 10♥ A♥ 2♦ 4♦")
    h = evaluate(cards)
    assert h.category is Category.FLUSH
    assert shown(h) == "A♥ 10♥ 8♥ 5♥ 3♥"
    for suits in itertools.permutations(range(4)):  # whichever suits hold the two flushes
        renamed = [suits[c // 13] * 13 + c % 13 for c in cards]
        assert hand_key(renamed) == h.key, suits
        assert [c.rank for c in evaluate(renamed).best] == [12, 8, 6, 3, 1]


def test_a_straight_flush_in_one_suit_beats_a_higher_flush_in_another():
    cards = parse_cards("2♠ 3♠ 4♠ 5♠ 6♠ A♥ K♥ Q♥ J♥ 9♥")
    h = evaluate(cards)
    assert h.category is Category.STRAIGHT_FLUSH
    assert shown(h) == "6♠ 5♠ 4♠ 3♠ 2♠"
    for suits in itertools.permutations(range(4)):  # whichever suits hold them
        renamed = [suits[c // 13] * 13 + c % 13 for c in cards]
        assert hand_key(renamed) == h.key, suits


def test_the_whole_deck_holds_a_royal_flush():
    h = evaluate(range(52))
    assert h.category is Category.ROYAL_FLUSH
    assert shown(h) == "A♠ K♠ Q♠ J♠ 10♠"


def test_any_iterable_of_cards_will_do():
    cards = parse_cards("A♠ J♥ 9♦ 6♣ 3♠ 2♥")
    assert hand_key(iter(cards)) == hand_key(tuple(cards)) == hand_key(set(cards))
    assert evaluate(c for c in cards).key == hand_key([int(c) for c in cards])
    assert all(type(c) is type(DECK[0]) for c in evaluate(iter(cards)).best)


# ---------------------------------------------------------------------------
# Agreement with an independent brute force over every five-card subset.


@settings(max_examples=examples(60), deadline=None)
@given(hands(5, 26))
def test_the_hand_is_the_best_of_every_five_card_subset(cards):
    expected = brute_force(cards)
    h = evaluate(cards)
    assert len(h.best) == 5 and set(h.best) <= set(cards)
    assert reference_five(h.best) == expected
    category = Category.STRAIGHT_FLUSH if h.category is Category.ROYAL_FLUSH else h.category
    assert category == expected[0]
    assert h.key == hand_key(cards) == hand_key_mask(cards_mask(cards))


@settings(max_examples=examples(300), deadline=None)
@given(hands(5, 9), hands(5, 9))
def test_hands_are_ordered_as_the_brute_force_orders_them(a, b):
    assert compare(a, b) == order(brute_force(a), brute_force(b))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=5, max_size=5, unique=True), st.permutations(range(5)))
def test_the_order_of_the_cards_never_matters(cards, perm):
    assert hand_key([cards[i] for i in perm]) == hand_key(cards)
    # and a five-card hand shows all its cards
    assert sorted(evaluate(cards).best) == sorted(cards)


# ---------------------------------------------------------------------------
# Agreement with treys (a test dependency): the order of pairs of hands.


def _treys_cards(cards, Card):
    return [Card.new("23456789TJQKA"[c % 13] + "shdc"[c // 13]) for c in cards]


@pytest.mark.parametrize("size", [5, 7])
def test_pairs_of_hands_are_ordered_as_treys_orders_them(size):
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()

    def treys_rank(cards):  # lower is better in treys
        t = _treys_cards(cards, treys.Card)
        return evaluator.evaluate(t[:2], t[2:])

    rng = random.Random(size)
    checked = ties = 0
    for _ in range(3000):
        a = rng.sample(range(52), size)
        if rng.random() < 0.25:  # the same ranks in other suits: must tie
            suits = rng.sample(range(4), 4)
            b = [suits[c // 13] * 13 + c % 13 for c in a]
        else:
            b = rng.sample(range(52), size)
        expected = order(treys_rank(b), treys_rank(a))
        assert compare(a, b) == expected, (a, b)
        checked += 1
        ties += expected == 0
    assert ties > 500  # ties were really tested


# ---------------------------------------------------------------------------
# Comparing and showdowns.


def test_compare_takes_hands_keys_or_cards():
    strong, weak = rnd("6♠ 6♥ 6♦ 6♣ K♠"), rnd("A♠ J♥ 9♦ 6♣ 3♠")
    assert compare(strong, weak) == 1
    assert compare(weak.key, strong.key) == -1
    assert compare(parse_cards("6♠ 6♥ 6♦ 6♣ K♠"), strong) == 0
    assert weak < strong and strong >= weak


def test_the_best_hand_wins_the_showdown():
    players = {
        "ann": parse_cards("A♠ A♥ 3♦ 7♣ 9♠"),
        "bob": parse_cards("K♠ K♥ K♦ 2♣ 4♠"),
        "cy": parse_cards("Q♠ J♥ 9♦ 4♣ 2♠"),
    }
    assert best_hands(players) == ["bob"]


def test_tied_hands_share_the_showdown():
    players = {
        "ann": parse_cards("A♠ K♠ 3♦ 7♣ 9♠"),
        "bob": parse_cards("A♥ K♥ 3♣ 7♦ 9♥"),
        "cy": parse_cards("A♦ K♦ 3♠ 7♥ 8♦"),
    }
    assert best_hands(players) == ["ann", "bob"]
    assert best_hands({}) == []


# ---------------------------------------------------------------------------
# Errors.


@pytest.mark.parametrize("text", ["", "A♠", "A♠ K♠ Q♠ J♠"])
def test_a_hand_needs_at_least_five_cards(text):
    with pytest.raises(ValueError, match="at least 5 cards"):
        evaluate(parse_cards(text))
    with pytest.raises(ValueError, match="at least 5 cards"):
        hand_key(parse_cards(text))


def test_a_card_may_not_appear_twice():
    with pytest.raises(ValueError, match="A♠ appears more than once"):
        evaluate(parse_cards("A♠ K♠ Q♠ J♠ A♠"))
    with pytest.raises(ValueError, match="more than once"):
        hand_key([51] * 52)
    with pytest.raises(ValueError, match="more than once"):
        cards_mask([0, 0])


@pytest.mark.parametrize("bad", [52, -1, "A♠", None, 2.5])
def test_only_cards_0_to_51_are_cards(bad):
    with pytest.raises(ValueError, match="not a card"):
        hand_key([0, 1, 2, 3, bad])
    with pytest.raises(ValueError, match="not a card"):
        evaluate([0, 1, 2, 3, bad])


# ---------------------------------------------------------------------------
# Every five-card hand: the lookup by the ranks' primes against the evaluator of any
# number of cards, and the textbook count of each category.

# How many of the 2,598,960 five-card hands fall in each category (the royal flushes apart).
FIVE_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


@pytest.mark.slow  # 2.6 million hands: in make test, not in make check
def test_every_five_card_hand_has_the_key_of_the_evaluator_of_any_number_of_cards_and_the_textbook_counts():
    counts: Counter = Counter()
    disagree = []
    bit = [1 << c for c in range(52)]
    for a in range(48):  # the hands in order, their masks built up card by card
        for b in range(a + 1, 49):
            mb = bit[a] | bit[b]
            for c in range(b + 1, 50):
                mc = mb | bit[c]
                for d in range(c + 1, 51):
                    md = mc | bit[d]
                    for e in range(d + 1, 52):
                        k = hand_key((a, b, c, d, e))
                        counts[k] += 1
                        if k != hand_key_mask(md | bit[e]):
                            disagree.append((a, b, c, d, e))
    assert disagree == []
    assert len(counts) == 7_462  # the classes of five-card hands: equal keys, equal hands
    by_category: Counter = Counter()
    for k, n in counts.items():
        by_category[category_of(k)] += n
    assert by_category == FIVE_CARD_COUNTS


def test_five_cards_are_ranked_as_the_textbook_ranks_them_in_every_class():
    # One hand per class: each choice of ranks with their repeats (the k-th card of a rank in
    # the k-th suit, and five distinct ranks in two suits), and five distinct ranks in one suit.
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(map(ranks.count, ranks)) == 5:
            continue
        hands.append(tuple(r + 13 * (ranks[:i].count(r) or i % 2 * (len(set(ranks)) == 5)) for i, r in enumerate(ranks)))
        if len(set(ranks)) == 5:
            hands.append(ranks)  # all spades
    assert len(hands) == 7_462
    ordered = sorted(hands, key=hand_key)
    for a, b in zip(ordered, ordered[1:]):
        assert reference_five(a) < reference_five(b), (a, b)
