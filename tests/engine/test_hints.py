"""Hints rate every legal option by determinized Monte Carlo, from the seat's view only."""

from __future__ import annotations

import json

import pytest

from bot_helpers import advance, dealt, twin
from michigan_helpers import position
from stops.determinize import information_set, sample_owner
from stops.hints import hint


def test_a_hint_lists_every_legal_option_with_its_figures():
    rnd = dealt(seed=1)
    seat = rnd.to_move()
    result = hint(rnd, seat, playouts=50, seed=3)
    json.dumps(result)  # JSON-able
    legal = [m.to_json(rnd.names) for m in rnd.legal_moves()]
    assert [o["move"] for o in result["options"]] == legal
    for option in result["options"]:
        assert option["playouts"] == 50
        assert 0 <= option["win_rate"] <= 1
        assert option["stderr"] >= 0
        assert option["reason"] and option["reason_code"]
    best = result["options"][result["best"]]
    assert best["expected"] == max(o["expected"] for o in result["options"])


def test_a_hint_is_the_same_for_the_same_seed():
    rnd = advance(dealt(seed=2), 5)
    seat = rnd.to_move()
    assert hint(rnd, seat, 80, seed=5) == hint(rnd, seat, 80, seed=5)


@pytest.mark.parametrize("seed", range(5))
def test_hidden_cards_do_not_change_the_hint(seed):
    rnd = advance(dealt(seed=seed + 20, dealer=seed % 4), 4 + 3 * seed)
    seat = rnd.to_move()
    other = twin(rnd, seat, seed=seed)
    assert hint(rnd, seat, 60, seed=7) == hint(other, seat, 60, seed=7)


def test_a_forced_play_says_so():
    rnd = position({"A": "9♦ J♦", "B": "10♦ 3♣", "C": "2♠"}, "K♦", last={"player": "A", "card": "9♦"})
    result = hint(rnd, 1, playouts=10, seed=0)
    assert [o["reason_code"] for o in result["options"]] == ["forced"]


def test_a_run_to_a_pay_box_is_explained_and_rated_best():
    rnd = position({"A": "10♣ J♣ Q♣ K♣ 2♦", "B": "3♦", "C": "5♥ 6♥"}, leader="A", board={"KC": 8})
    result = hint(rnd, 0, playouts=40, seed=1)
    by_card = {o["move"]["play"]: o for o in result["options"]}
    assert by_card["10♣"]["reason_code"] == "wins-section"
    assert by_card["10♣"]["expected"] > by_card["2♦"]["expected"]
    assert result["options"][result["best"]]["move"]["play"] == "10♣"


def test_a_stop_before_an_unplayed_card_places_it_in_the_widow():
    # A leads 9♦; C plays 10♦; ... the sequence stops at Q♦ because K♦ is in the widow.
    rnd = position({"A": "9♦ J♦ 2♠ 5♠", "B": "Q♦ 3♣ 4♣", "C": "10♦ 2♥ 6♥", "D": "7♣ 8♣"}, "K♦ 3♥", leader="A")
    for text in ("9♦", "10♦", "J♦", "Q♦"):
        seat = rnd.to_move()
        from stops.cards import parse_card
        from stops.moves import Play

        rnd.apply(Play(seat, parse_card(text)))
    info = information_set(rnd, 0)
    import random

    for s in range(20):
        owner = sample_owner(info, random.Random(s))
        assert owner[parse_card("K♦")] == -1
        # Sizes are kept.
        assert [owner.count(p) for p in (1, 2, 3, -1)] == [len(rnd.hands[1]), len(rnd.hands[2]), len(rnd.hands[3]), len(rnd.widow)]


def test_a_lead_shows_the_leader_holds_no_lower_card_of_that_suit():
    rnd = dealt(seed=4)
    leader = rnd.to_move()
    move = next(m for m in rnd.legal_moves() if m.card % 13 > 0)
    rnd.apply(move)
    watcher = (leader + 1) % 4
    if rnd.to_move() is None:
        return
    info = information_set(rnd, watcher)
    import random

    lower = [c for c in range(move.card - move.card % 13, move.card) if info.base[c] == -9]
    for s in range(30):
        owner = sample_owner(info, random.Random(s))
        assert all(owner[c] != leader for c in lower)


def test_samples_keep_every_hand_size_even_under_tight_constraints():
    import random

    from stops.determinize import InfoSet

    # Three unknown cards, two places of room 1 and 2; two cards may only go to place 1.
    info = InfoSet(0, tuple([-2] * 49 + [-9, -9, -9]), ((1, 1), (2, 2)), (49,), ((50, (1,)), (51, (1,))))
    for seed in range(20):
        owner = sample_owner(info, random.Random(seed))
        assert owner.count(1) == 1 and owner.count(2) == 2 and -9 not in owner


from hypothesis import given, settings
from hypothesis import strategies as st

GAME_VARIANTS = [("michigan", {}), ("tripoli", {"ghost_auction": True}), ("tripoli", {}), ("rummoli", {})]


@settings(max_examples=120, deadline=None)
@given(variant=st.integers(0, len(GAME_VARIANTS) - 1), seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_the_true_deal_is_always_one_of_the_samples(variant, seed, plies):
    """What a seat infers (known places, cards a place cannot hold, room per place) never
    rules out the real position."""
    import random

    from stops.bots import RandomBot

    game, options = GAME_VARIANTS[variant]
    rnd = dealt(game, 4, seed=seed % 1000, dealer=seed % 4, **options)
    bot = RandomBot(seed)
    for _ in range(plies):
        if rnd.over:
            break
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    for seat in range(4):
        info = information_set(rnd, seat)
        for c in range(52):
            if info.base[c] != -9:
                assert info.base[c] == rnd.owner[c], (c, seat)
        for c, allowed in info.constrained:
            assert rnd.owner[c] in allowed, (c, seat, allowed)
        unknown = [c for c in range(52) if info.base[c] == -9]
        room = dict(info.capacity)
        for c in unknown:
            room[rnd.owner[c]] -= 1
        assert set(room.values()) <= {0}
        owner = sample_owner(info, random.Random(seed))
        for place in set(rnd.owner):
            if place != -2:
                assert owner.count(place) == rnd.owner.count(place)
