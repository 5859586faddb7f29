"""One auction for a hand (stops.kernel.auction), whatever the hand: the widow exchange's
(Michigan's and Rummoli's widow, Newmarket's dummy) and Tripoli's ghost auction bid by the
same rules, and a bid, a bet or a payment is capped by what the player can still pay, as
the ledger says (payable, Ledger.limit, Ledger.can_pay): finite stacks cap it, a running score does not.
"""

from fractions import Fraction

import pytest

from stops.bots import BasicBot
from stops.chips import player, section
from stops.deal import Deal, deal_for
from stops.errors import IllegalMove
from stops.kernel import auction
from stops.ledger import Ledger, payable
from stops.moves import Bid, BidRange, Pass
from stops.phases.widow_exchange import Swap
from stops.profiles import PROFILES
from stops.round import Round

from rulecheck import covers

NAMES = ["A", "B", "C", "D", "E"]  # five: Newmarket's dummy has three bidders (not its chooser, not the dealer)
AUCTION_PHASES = ("widow-exchange", "ghost-auction")


def auction_games() -> list[tuple[str, dict]]:
    """Each game that plays an auction phase, by default or with one option on (that option)."""
    found = []
    for name, profile in PROFILES.items():
        if set(profile.configure({}).phases) & set(AUCTION_PHASES):
            found.append((name, {}))
            continue
        for option in profile.options:
            if option.default is False and set(profile.configure({option.name: True}).phases) & set(AUCTION_PHASES):
                found.append((name, {option.name: True}))
    return found


GAMES = auction_games()
DEALER = 4


def no_pay_cards_but_the_dealers(profile, deal: Deal) -> Deal:
    """``deal`` with the pay cards that forbid a bid (``profile.exchange.pay_cards``) moved from
    the other hands to the dealer's and the widow, for cards of theirs that are not pay cards."""
    pay = profile.exchange.pay_cards
    hands = [list(h) for h in deal.hands]
    spare = [(DEALER, i) for i, c in enumerate(hands[DEALER]) if c not in pay]
    widow = list(deal.widow)
    spare += [(None, i) for i, c in enumerate(widow) if c not in pay]
    for seat in range(len(hands)):
        for i, c in enumerate(hands[seat]):
            if seat != DEALER and c in pay:
                where, j = spare.pop()
                pile = widow if where is None else hands[where]
                hands[seat][i], pile[j] = pile[j], c
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(sorted(widow)), deal.turn_up)


def at_auction(game: str, options: dict, bankroll: str | None = None) -> Round:
    """A five-player round at the first bid of its auction, three bidders at least (basic
    bots up to the auction; the widow's first chooser keeps his hand)."""
    profile = PROFILES[game].configure(options | ({"bankroll": bankroll} if bankroll else {}))
    bot = BasicBot()
    for seed in range(40):
        rnd = Round(profile, NAMES, DEALER, no_pay_cards_but_the_dealers(profile, deal_for(profile, seed, len(NAMES), DEALER)))
        while not rnd.over and rnd.phase not in AUCTION_PHASES:
            rnd.apply(bot.choose(rnd, rnd.to_move()))
        if rnd.over:
            continue
        if any(isinstance(m, Swap) for m in rnd.legal_moves()):
            rnd.apply(Swap(rnd.to_move(), False))
        if rnd.phase in AUCTION_PHASES and len(bidders_of(rnd)) >= 3:
            return rnd
    raise AssertionError(f"no deal of {game} reaches an auction with three bidders")


def bidders_of(rnd) -> tuple[int, ...]:
    state = rnd.state.widow.auction if rnd.phase == "widow-exchange" else rnd.state.auction
    return () if state.done else state.bidders


def rule_of(rnd) -> str:
    return rnd.profile.rule("ghost-auction" if rnd.phase == "ghost-auction" else "widow-auction")


def test_every_game_with_an_auction_option_is_found():
    assert {name for name, _ in GAMES} >= {"michigan", "rummoli", "newmarket", "tripoli"}


@covers("michigan.widow-auction", "rummoli.widow-auction", "newmarket.widow-auction", "tripoli.ghost-auction")
@pytest.mark.parametrize("game,options", GAMES, ids=[name for name, _ in GAMES])
def test_in_every_auction_bids_rise_a_pass_is_final_and_the_last_bidder_pays_and_swaps(game, options):
    rnd = at_auction(game, options)
    first, second, third = bidders_of(rnd)[:3]
    rule = rule_of(rnd)
    hand = set(rnd.widow)
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Bid(second, 1))  # not his turn
    assert refused.value.rule == rule and f"{rnd.names[first]} bids now" in refused.value.message
    events = rnd.apply(Bid(first, 1))
    assert [e.to_json(rnd.names) for e in events] == [{"type": "widow-bid", "player": rnd.names[first], "amount": 1, "rule": rule}]
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Bid(second, 1))  # bids rise
    assert refused.value.rule == rule and "the bid standing is 1" in refused.value.message
    assert [(m.low, m.high) for m in rnd.legal_moves() if isinstance(m, BidRange)][0][0] == 2
    rnd.apply(Pass(second))
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Bid(second, 5))  # a pass is final
    assert refused.value.rule == rule and "a pass is final" in refused.value.message
    rnd.apply(Bid(third, 2))
    while rnd.phase in AUCTION_PHASES and rnd.to_move() != third:
        assert rnd.to_move() not in (second, third)  # the turn skips who passed and whose bid stands
        events = rnd.apply(Pass(rnd.to_move()))
    kinds = [e.type for e in events]
    assert "widow-bid" in kinds and "transfer" in kinds and kinds[-1] in ("widow-swap", "ghost-swap")
    price = [e for e in events if e.type == "transfer"][0]
    assert price.source == player(third) and price.amount == 2 and price.kind == "widow-price"
    assert set(rnd.hands[third]) == hand


@covers("michigan.widow-auction", "rummoli.widow-auction", "newmarket.widow-auction", "tripoli.ghost-auction")
@pytest.mark.parametrize("game,options", GAMES, ids=[name for name, _ in GAMES])
def test_in_every_auction_nobody_takes_the_hand_when_everyone_passes(game, options):
    rnd = at_auction(game, options)
    hand, balances = rnd.widow, list(rnd.ledger.balances)
    events = []
    while rnd.phase in AUCTION_PHASES:
        events += rnd.apply(Pass(rnd.to_move()))
    assert [e.type for e in events][-1] == "widow-kept" and rnd.widow == hand
    assert rnd.ledger.balances == balances


@covers("rummoli.bankroll", "tripoli.bankroll")
@pytest.mark.parametrize("game,options", GAMES, ids=[name for name, _ in GAMES])
def test_a_bid_is_capped_by_what_the_bidder_can_still_pay(game, options):
    rnd = at_auction(game, options, bankroll="chips")
    seat = rnd.to_move()
    rnd.ledger.balances[seat] = Fraction(7, 2)  # whole bids only: at most 3
    assert [(m.low, m.high) for m in rnd.legal_moves() if isinstance(m, BidRange)] == [(1, 3)]
    with pytest.raises(IllegalMove) as refused:
        rnd.apply(Bid(seat, 4))
    assert refused.value.rule == rule_of(rnd) and "cannot bid 4: they hold only 3 chips" in refused.value.message
    rnd.ledger.balances[seat] = 0
    assert rnd.legal_moves() == [Pass(seat)]
    running = at_auction(game, options, bankroll="ledger")
    seat = running.to_move()
    running.ledger.balances[seat] = -50
    assert [(m.low, m.high) for m in running.legal_moves() if isinstance(m, BidRange)] == [(1, None)]
    running.apply(Bid(seat, 500))


# ----- the kernel on its own ------------------------------------------------------------------


def test_an_auction_without_bidders_is_over_at_once_and_nobody_wins():
    state = auction.start(())
    assert state.done and state.turn is None and auction.winner(state) is None


def test_a_lone_bidder_wins_with_his_first_bid_and_a_lone_pass_ends_it():
    state = auction.start((2,))
    auction.act(state, 2, 3)
    assert state.done and auction.winner(state) == 2 and state.high == 3
    state = auction.start((2,))
    auction.act(state, 2, None)
    assert state.done and auction.winner(state) is None


def test_the_turn_goes_round_the_bidders_still_in_past_the_bid_standing():
    state = auction.start((1, 2, 3, 0))
    auction.act(state, 1, 1)
    auction.act(state, 2, None)
    assert state.turn == 3
    auction.act(state, 3, 2)
    assert state.turn == 0
    auction.act(state, 0, None)
    assert state.turn == 1  # 2 and 0 passed for good
    assert auction.bids(state, None) == (3, None) and auction.bids(state, Fraction(9, 2)) == (3, 4)
    auction.act(state, 1, None)
    assert state.done and auction.winner(state) == 3 and state.high == 2
    assert auction.refusal(state, 1, 5, None, str) == "the auction is over"


# ----- what a player can still pay ----------------------------------------------------------


@pytest.mark.parametrize("balance", [10, 3, Fraction(5, 2), 0, -4])
def test_a_finite_stack_pays_at_most_what_it_holds_and_a_running_score_pays_everything(balance):
    for capped in (True, False):
        ledger = Ledger([balance, 0], {"pot": 0}, capped=capped)
        most = ledger.limit(0)
        assert most == (max(balance, 0) if capped else None)
        for owed in (1, 3, 7):
            paid = payable(owed, balance, capped)
            assert paid == (owed if most is None else min(owed, most))
            assert ledger.can_pay(0, owed) == (paid == owed)
            event = ledger.copy().transfer(player(0), section("pot"), owed, "test", "test.rule")
            assert (event.amount if event else 0) == paid
            assert (event.owed if event else None) == (owed if event and paid < owed else None)
