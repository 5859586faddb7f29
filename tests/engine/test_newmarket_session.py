"""Newmarket sessions: horses carry over, the deal passes left, free staking, the dummy
sale, leaving when one cannot stake, a misdeal, and the whole-chip split at the end."""

import pytest

from stops.deal import deal_for
from stops.errors import IllegalMove
from stops.moves import Bid, Pass, Redeal
from stops.phases.staking import Stake
from stops.phases.widow_exchange import Swap
from stops.profiles import get_profile
from stops.round import Round
from stops.session import Session, play_session
from stops.bots import make_bot

from rulecheck import covers

NAMES = ["A", "B", "C", "D"]


def bots_play(rnd, level="basic"):
    bots = {s: make_bot(level, s) for s in range(rnd.n)}
    while not rnd.over:
        seat = rnd.to_move()
        rnd.apply(bots[seat].choose(rnd, seat))
    return rnd


@covers("newmarket.carry-over", "newmarket.dealer-rotation")
def test_a_horse_nobody_won_stays_and_the_next_stakes_add_to_it_and_the_deal_passes_left():
    session = Session(get_profile("newmarket"), NAMES, seed=4, dealer=1)
    rnd = bots_play(session.next_round())
    left = dict(rnd.ledger.board)
    session.record(rnd)
    assert session.dealer == 2
    nxt = session.next_round()
    assert nxt.dealer == 2
    assert nxt.ledger.board == {sid: amount + 4 for sid, amount in left.items()}


@covers("newmarket.stake")
def test_with_free_staking_each_player_from_the_dealers_left_places_their_chips_where_they_like():
    profile = get_profile("newmarket", {"staking": "free", "free_stake": 2})
    rnd = Round(profile, NAMES, 3, deal_for(profile, 1, 4, 3))
    assert rnd.phase == "staking" and rnd.ledger.board == {"AH": 0, "KC": 0, "QD": 0, "JS": 0}
    assert rnd.to_move() == 0
    assert [m.section for m in rnd.legal_moves()] == ["AH", "KC", "QD", "JS"]
    for seat, sid in ((0, "QD"), (0, "QD"), (1, "AH"), (1, "JS"), (2, "KC"), (2, "KC"), (3, "QD")):
        assert rnd.to_move() == seat
        events = rnd.apply(Stake(seat, sid))
        assert events[0].reason == "stake" and events[0].rule == "newmarket.stake"
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Stake(0, "AH"))
    assert error.value.rule == "newmarket.stake"
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Stake(3, "kitty"))
    assert error.value.rule == "newmarket.stake"
    rnd.apply(Stake(3, "JS"))
    assert rnd.phase == "stops"
    assert rnd.ledger.board == {"AH": 1, "KC": 2, "QD": 3, "JS": 2}
    assert rnd.ledger.balances == [18, 18, 18, 18]


@covers("newmarket.dealer-swap")
def test_with_the_dummy_sale_the_player_left_of_the_dealer_may_swap_for_the_dummy_unseen():
    profile = get_profile("newmarket", {"dummy_sale": True})
    rnd = Round(profile, NAMES, 3, deal_for(profile, 1, 4, 3))
    dummy = set(rnd.widow)
    assert rnd.to_move() == 0
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Swap(3, True))
    assert error.value.rule == "newmarket.dealer-swap"
    rnd.apply(Swap(0, True))
    assert rnd.hands[0] == dummy and rnd.phase == "stops"


@covers("newmarket.widow-auction")
def test_if_they_keep_their_hand_the_others_may_buy_the_dummy_from_the_dealer():
    profile = get_profile("newmarket", {"dummy_sale": True})
    rnd = Round(profile, NAMES, 3, deal_for(profile, 1, 4, 3))
    dummy = set(rnd.widow)
    rnd.apply(Swap(0, False))
    assert rnd.state.widow.auction.bidders == (1, 2)  # not A, who kept; never the dealer
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Bid(3, 1))
    assert error.value.rule == "newmarket.widow-auction"
    rnd.apply(Bid(1, 2))
    rnd.apply(Pass(2))
    assert rnd.hands[1] == dummy
    assert rnd.ledger.balances == [16, 14, 16, 18]


@covers("newmarket.bankroll")
def test_a_player_who_cannot_stake_on_every_horse_leaves_the_session():
    profile = get_profile("newmarket", {"starting_chips": 5})
    session = Session(profile, ["A", "B", "C", "D"], seed=3, dealer=0)
    session.ledger.balances[2] = 3
    session._departures()
    assert 2 not in session.active and session.events[-1].type == "leave"


@covers("newmarket.bankroll")
def test_with_free_staking_a_player_who_cannot_place_their_stake_leaves():
    profile = get_profile("newmarket", {"staking": "free", "free_stake": 3, "starting_chips": 5})
    session = Session(profile, ["A", "B", "C", "D"], seed=3, dealer=0)
    session.ledger.balances[1] = 2
    session._departures()
    assert 1 not in session.active


@covers("newmarket.misdeal")
def test_a_misdeal_puts_the_stakes_back_and_the_same_dealer_deals_again():
    profile = get_profile("newmarket")
    rnd = Round(profile, NAMES, 3, deal_for(profile, 1, 4, 3))
    other = deal_for(profile, 2, 4, 3)
    rnd.apply(Redeal(None, other.hands, other.widow))
    assert rnd.ledger.board == {"AH": 4, "KC": 4, "QD": 4, "JS": 4} and rnd.ledger.balances == [16] * 4
    assert rnd.dealer == 3


@covers("newmarket.session-end")
def test_at_the_end_the_horses_are_shared_in_whole_chips_and_the_odd_ones_stay():
    session = Session(get_profile("newmarket"), ["A", "B", "C"], seed=1, dealer=0, rounds=1)
    session.ledger.board.update({"AH": 7, "KC": 3, "QD": 0, "JS": 2})
    events = [e.to_json(session.names) for e in session.finish()]
    splits = {e["section"]: (e["share"], e["left"]) for e in events if e["type"] == "split"}
    assert splits == {"AH": (2, 1), "KC": (1, 0), "JS": (0, 2)}
    assert session.ledger.board == {"AH": 1, "KC": 0, "QD": 0, "JS": 2}
    assert session.ledger.balances == [23, 23, 23]


@covers("newmarket.session-end")
def test_a_session_lasts_the_agreed_rotations_and_most_chips_wins():
    session = play_session(Session(get_profile("newmarket", {"rotations": 2}), ["A", "B", "C"], seed=5),
                           lambda rnd: make_bot("basic", 0).choose(rnd, rnd.to_move()))
    assert session.played == 6 or len(session.active) < 3
    best = max(session.ledger.balances)
    assert session.winners() == [n for n, b in zip(session.names, session.ledger.balances) if b == best]


@covers("newmarket.dealer-swap")
def test_with_the_dealer_first_to_the_dummy_the_dealer_may_swap_for_it_unseen():
    profile = get_profile("newmarket", {"dummy_sale": True, "dummy_first": "dealer"})
    rnd = Round(profile, NAMES, 3, deal_for(profile, 1, 4, 3))
    dummy = set(rnd.widow)
    assert rnd.to_move() == 3
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Swap(0, True))
    assert error.value.rule == "newmarket.dealer-swap"
    rnd.apply(Swap(3, True))
    assert rnd.hands[3] == dummy and rnd.phase == "stops"


@covers("newmarket.widow-auction")
def test_if_the_dealer_keeps_their_hand_the_others_from_their_left_may_buy_the_dummy_from_them():
    profile = get_profile("newmarket", {"dummy_sale": True, "dummy_first": "dealer"})
    rnd = Round(profile, NAMES, 3, deal_for(profile, 1, 4, 3))
    dummy = set(rnd.widow)
    rnd.apply(Swap(3, False))
    assert rnd.state.widow.auction.bidders == (0, 1, 2)  # everyone but the dealer, from his left
    rnd.apply(Bid(0, 1))
    rnd.apply(Bid(1, 2))
    rnd.apply(Pass(2))
    rnd.apply(Pass(0))
    assert rnd.hands[1] == dummy
    assert rnd.ledger.balances == [16, 14, 16, 18]
