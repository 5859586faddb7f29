"""Bots for every decision of every game: ghost-hand bids (Tripoli), widow swap and auction,
betting (Rummoli), leads everywhere; deterministic, and blind to hidden cards."""

from __future__ import annotations

import json

import pytest

from bot_helpers import dealt, decision_variants, public_twin
from stops.bots import BOTS, BasicBot, ExpertBot, make_bot
from stops.cards import parse_cards
from stops.deal import Deal
from stops.round import Round
from stops.hints import hint, split_bids
from stops.moves import listed
from stops.phases.automatic import AutomaticPhase
from stops.profiles import PHASES, get_profile

# Every game, at its defaults, with its optional phases, and with a ledger bankroll.
GAMES = decision_variants()


def decision_kinds(rnd) -> set[str]:
    return {type(m).key for m in rnd.legal_moves()}


@pytest.mark.parametrize("game,options", GAMES)
@pytest.mark.parametrize("level", sorted(BOTS))
def test_every_bot_makes_every_decision_with_legal_moves(game, options, level):
    seen: set[str] = set()
    for seed in range(3 if level == "expert" else 12):
        rnd = dealt(game, 4, seed=seed, dealer=seed % 4, **options)
        bots = [make_bot(level, seat + 10 * seed, playouts=8) for seat in range(4)]
        while not rnd.over:
            seat = rnd.to_move()
            moves = rnd.legal_moves()
            if len(moves) > 1:
                seen |= {rnd.phase}
            move = bots[seat].choose(rnd, seat)
            assert listed(move, moves)
            rnd.apply(move)
    decisions = {p for p in get_profile(game, options or None).phases if not isinstance(PHASES[p], AutomaticPhase)}
    assert seen == decisions if level != "expert" else "stops" in seen


def deal_with(game: str, seat_cards: dict[int, str], dealer: int = 3, seed: int = 3, **options) -> Round:
    """A full deal where some seats hold the given cards; the rest is shuffled to the others."""
    import random

    from stops.cards import DECK
    from stops.deal import hand_sizes

    profile = get_profile(game, options or None)
    sizes, widow_size = hand_sizes(4, dealer, profile.widow_position)
    fixed = {seat: parse_cards(text) for seat, text in seat_cards.items()}
    used = {c for cards in fixed.values() for c in cards}
    rest = [DECK[c] for c in range(52) if c not in used]
    random.Random(seed).shuffle(rest)
    hands = []
    for seat in range(4):
        if seat in fixed:
            assert len(fixed[seat]) == sizes[seat]
            hands.append(tuple(fixed[seat]))
        else:
            hands.append(tuple(rest[: sizes[seat]]))
            rest = rest[sizes[seat]:]
    return Round(profile, list("ABCD"), dealer, Deal(tuple(hands), tuple(rest)))


def test_basic_bids_for_the_ghost_hand_with_a_poor_hand_and_passes_with_a_good_one():
    poor = "2♠ 4♠ 6♠ 8♠ 3♥ 5♥ 9♥ 7♦ J♣ 10♦ K♣"  # eleven separate cards
    good = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"  # one run
    for text, bids in ((poor, True), (good, False)):
        rnd = deal_with("tripoli", {0: text}, ghost_auction=True, no_poker=True)
        assert rnd.phase == "ghost-auction" and rnd.to_move() == 0
        move = BasicBot().choose(rnd, 0)
        assert (type(move).key == "bid") == bids, text


def test_basic_dealer_swaps_a_poor_hand_for_the_widow():
    # No pay card, no pair, no straight or flush, no two cards in a row.
    rnd = deal_with("rummoli", {3: "2♠ 3♥ 5♦ 6♣ 8♠ 9♥ J♣ Q♦ K♠ A♥"})
    assert rnd.phase == "widow-exchange" and rnd.to_move() == 3
    assert BasicBot().choose(rnd, 3).swap is True


def test_basic_dealer_keeps_a_good_hand():
    rnd = deal_with("rummoli", {3: "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 2♥ 3♥"})
    assert BasicBot().choose(rnd, 3).swap is False


def test_basic_bets_strong_poker_hands_and_folds_weak_ones_facing_a_bet():
    from stops.heuristics import betting_action

    assert betting_action(0.8, ["check", "bet", "fold"]) == "bet"
    assert betting_action(0.8, ["call", "raise", "fold"]) == "raise"
    assert betting_action(0.05, ["call", "raise", "fold"]) == "fold"
    assert betting_action(0.05, ["check", "bet", "fold"]) == "check"


def reach(rnd, phase: str, bot=None):
    bot = bot or BasicBot()
    while not rnd.over and rnd.phase != phase:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    return rnd


@pytest.mark.parametrize("game,options,phase", [
    ("rummoli", {}, "widow-exchange"),
    ("rummoli", {}, "betting"),
    ("tripoli", {"ghost_auction": True, "no_poker": True}, "ghost-auction"),
    ("tripoli", {}, "stops"),
    ("rummoli", {}, "stops"),
])
def test_hidden_cards_change_no_decision_and_no_hint(game, options, phase):
    checked = 0
    for seed in range(12):
        rnd = reach(dealt(game, 4, seed=seed, dealer=seed % 4, **options), phase)
        if rnd.over or rnd.phase != phase or len(rnd.legal_moves()) < 2:
            continue
        if any(e.type in ("swap", "ghost-swap") for e in rnd.log):
            continue
        seat = rnd.to_move()
        other = public_twin(rnd, seat)
        if other is None:
            continue
        assert other.hands != rnd.hands
        assert ExpertBot(5, playouts=30).choose(rnd, seat) == ExpertBot(5, playouts=30).choose(other, seat)
        assert hint(rnd, seat, 30, seed=2) == hint(other, seat, 30, seed=2)
        checked += 1
        if checked == 2:
            break
    assert checked, "no twin found"


@pytest.mark.parametrize("game,options,phase", [
    ("rummoli", {}, "widow-exchange"),
    ("rummoli", {}, "betting"),
    ("tripoli", {"ghost_auction": True}, "ghost-auction"),
])
def test_hints_rate_every_option_outside_the_stops_phase(game, options, phase):
    for seed in range(10):
        rnd = reach(dealt(game, 4, seed=seed, dealer=seed % 4, **options), phase)
        if rnd.phase == phase and not rnd.over and len(rnd.legal_moves()) > 1:
            break
    else:
        pytest.fail(f"no {phase} decision found")
    seat = rnd.to_move()
    result = hint(rnd, seat, playouts=20, seed=1)
    json.dumps(result)
    rated, high = split_bids(rnd.legal_moves())
    assert [o["move"] for o in result["options"]] == [m.to_json(rnd.names) for m in rated + ([high] if high else [])]
    assert all(o["reason"] and o["reason_code"] for o in result["options"])
    first = hint(rnd, seat, playouts=20, seed=1)
    assert first == result
