"""Rummoli sessions: antes, the board, carry-over, the deal passing left, misdeals, stacks and
the final showdown at the end of the session."""

import pytest

from stops.bots import BasicBot, RandomBot
from stops.cards import DECK, parse_cards
from stops.deal import deal_from_seed
from stops.errors import SetupError
from stops.round import Round
from stops.moves import Redeal
from stops.profiles import get_profile
from stops.session import Session, play_session

from rulecheck import covers
from rummoli_helpers import of_type, transfers

RUMMOLI = get_profile("rummoli")
SECTIONS = ("rummoli", "poker", "TS", "JD", "QC", "KH", "AS", "ace_king", "seven_eight_nine")


class StackedDeck:
    """Stands in for the session's generator: the next shuffle puts these cards on top."""

    def __init__(self, *tops):
        self.tops = list(tops)

    def shuffle(self, deck):
        top = parse_cards(self.tops.pop(0))
        deck[:] = top + [c for c in DECK if c not in top]


def stacked(hands_in_deal_order):
    """Deck text that deals these five-card hands one card at a time, in this order."""
    hands = [h.split() for h in hands_in_deal_order]
    return " ".join(hands[i][k] for k in range(5) for i in range(len(hands)))


def random_play(seed=0):
    bot = RandomBot(seed)
    return lambda rnd: bot.choose(rnd, rnd.to_move())


def basic_play(seed=0):
    bot = BasicBot(seed)
    return lambda rnd: bot.choose(rnd, rnd.to_move())


def session_with_board(board, dealer=3, names="ABCD", **options):
    session = Session(get_profile("rummoli", options), list(names), seed=1, dealer=dealer, rounds=0)
    for sid, amount in board.items():
        session.ledger.board[sid] = amount
        session.ledger.balances[0] -= amount  # chips on the board came from the players
    return session


@covers("rummoli.players")
def test_two_to_eight_players():
    for n in (2, 8):
        RUMMOLI.check_players(n)
    for n in (1, 9):
        with pytest.raises(SetupError) as error:
            RUMMOLI.check_players(n)
        assert error.value.rule == "rummoli.players"


@covers("rummoli.board", "rummoli.ante")
def test_everyone_antes_one_chip_on_each_of_the_nine_pots():
    assert RUMMOLI.section_ids() == SECTIONS
    rnd = Round(RUMMOLI, list("ABCDE"), 0, deal_from_seed(3, 5, 0, "last"))
    antes = [e for e in rnd.start_events if e.type == "transfer"]
    assert len(antes) == 5 * 9 and {e.amount for e in antes} == {1} and {e.rule for e in antes} == {"rummoli.ante"}
    assert rnd.ledger.board == {sid: 5 for sid in SECTIONS}
    assert rnd.ledger.balances == [91] * 5


@covers("rummoli.deal")
def test_the_whole_deck_is_dealt_to_the_players_and_the_widow():
    deal = deal_from_seed(3, 8, 0, "last")
    rnd = Round(RUMMOLI, list("ABCDEFGH"), 0, deal)
    sizes = sorted(len(h) for h in rnd.hands) + [len(rnd.widow)]
    assert sum(sizes) == 52 and min(sizes) >= 5
    with pytest.raises(SetupError) as error:
        Round(RUMMOLI, list("ABCDEFGH"), 0, type(deal)(deal.hands, deal.widow[1:]))
    assert error.value.rule == "rummoli.deal"


@covers("rummoli.carry-over")
def test_unwon_pots_stay_on_the_board_for_the_next_round():
    session = Session(RUMMOLI, list("ABCD"), seed=3, rounds=3)
    rnd = session.next_round()
    choose = random_play(1)
    while not rnd.over:
        rnd.apply(choose(rnd))
    left = dict(rnd.ledger.board)
    session.record(rnd)
    nxt = session.next_round()
    for sid in SECTIONS:
        assert nxt.ledger.board[sid] == left[sid] + 4


@covers("rummoli.dealer-rotation")
def test_the_deal_passes_to_the_left_after_each_round():
    session = Session(RUMMOLI, list("ABCD"), seed=3, dealer=2, rounds=4)
    dealers = []
    choose = basic_play(2)
    while not session.over():
        rnd = session.next_round()
        dealers.append(rnd.names[rnd.dealer])
        while not rnd.over:
            rnd.apply(choose(rnd))
        session.record(rnd)
    assert dealers == ["C", "D", "A", "B"]


@covers("rummoli.misdeal")
def test_a_misdeal_puts_back_the_bids_and_bets_and_the_same_dealer_deals_again():
    deal = deal_from_seed(11, 4, 3, "last")
    rnd = Round(RUMMOLI, list("ABCD"), 3, deal)
    after_ante = (list(rnd.ledger.balances), dict(rnd.ledger.board))
    choose = random_play(5)
    while rnd.phase != "stops":
        rnd.apply(choose(rnd))
    other = deal_from_seed(12, 4, 3, "last")
    events = rnd.apply(Redeal(None, other.hands, other.widow))
    assert events[0].type == "misdeal"
    assert (rnd.ledger.balances, rnd.ledger.board) == after_ante
    assert rnd.dealer == 3 and rnd.phase in ("widow-exchange", "betting")
    assert rnd.state.betting is None or not any(rnd.state.betting.put)
    assert rnd.ledger.total() == 400


@covers("rummoli.bankroll")
def test_chip_stacks_by_default_and_a_player_who_cannot_ante_leaves():
    assert RUMMOLI.bankroll == "chips" and RUMMOLI.starting_chips == 100
    profile = get_profile("rummoli", {"starting_chips": 12})
    session = Session(profile, list("ABC"), seed=4, rounds=5)
    play_session(session, random_play(3))
    left = [e for e in session.events if e.type == "leave"]
    for e in left:
        assert e.rule == "rummoli.bankroll"
    assert all(b >= 0 for b in session.ledger.balances)
    assert sum(session.ledger.balances) + sum(session.ledger.board.values()) == 36
    ledger = get_profile("rummoli", {"bankroll": "ledger"})
    assert Round(ledger, list("AB"), 0, deal_from_seed(1, 2, 0, "last")).ledger.balances == [-9, -9]


@covers("rummoli.session-end", "rummoli.final-showdown")
def test_the_session_ends_after_the_agreed_rounds_and_the_board_goes_to_a_final_showdown():
    session = Session(RUMMOLI, list("ABCD"), seed=8, rounds=3)
    play_session(session, random_play(8))
    assert session.played == 3 and session.finished
    finals = [e for e in session.events if e.type == "final-showdown"]
    assert len(finals) == 1
    assert sum(session.ledger.board.values()) in (0, 1, 2, 3)  # odd chips are given out too: 0
    assert sum(session.ledger.board.values()) == 0
    assert sum(session.ledger.balances) == 400


@covers("rummoli.session-end")
def test_the_session_ends_when_one_player_is_left_with_chips():
    profile = get_profile("rummoli", {"starting_chips": 30})
    session = Session(profile, list("AB"), seed=3, rounds=50)
    play_session(session, basic_play(1))
    assert session.played < 50 and session.active == [1]
    assert [e.to_json(session.names) for e in session.events if e.type == "leave"] == [{"type": "leave", "player": "A", "rule": "rummoli.bankroll"}]
    # the one left takes the whole board in the final showdown
    assert sum(session.ledger.board.values()) == 0
    assert session.ledger.balances == [0, 60]


@covers("rummoli.final-showdown")
def test_the_final_showdown_pools_the_board_and_the_best_five_cards_take_it():
    session = session_with_board({"rummoli": 7, "poker": 3, "ace_king": 5})
    # dealer D: the cards go to A, B, C, D in turn
    session.rng = StackedDeck(stacked(["2♠ 2♥ 7♦ 9♣ K♣", "Q♠ Q♥ Q♦ 4♣ 3♦", "3♠ 6♥ 8♦ 10♣ J♣", "5♠ 5♦ 9♥ 9♠ 6♣"]))
    events = [e.to_json(session.names) for e in session.finish()]
    pool = transfers(events, "pool")
    assert sorted(pool, key=str) == sorted([({"section": "poker"}, {"section": "rummoli"}, 3), ({"section": "ace_king"}, {"section": "rummoli"}, 5)], key=str)
    final = of_type(events, "final-showdown")[0]
    assert final["amount"] == 15 and final["winners"] == ["B"] and final["rule"] == "rummoli.final-showdown"
    assert sorted(final["hands"][1]["cards"]) == sorted(["Q♠", "Q♥", "Q♦", "3♦", "4♣"])
    assert final["hands"][1]["hand"] == "three of a kind"
    assert transfers(events, "final-showdown") == [({"section": "rummoli"}, {"player": "B"}, 15)]
    assert sum(session.ledger.board.values()) == 0


@covers("rummoli.final-showdown")
def test_final_ties_split_with_odd_chips_one_at_a_time_from_the_dealers_left():
    session = session_with_board({"rummoli": 11}, dealer=1)  # B deals: C, D, A, B
    tie = ["2♠ 3♥ 5♦ 9♣ K♣", "4♠ 6♥ 8♦ 10♣ J♣", "2♣ 3♠ 5♥ 9♦ K♦", "2♦ 3♣ 5♠ 9♥ K♥"]
    session.rng = StackedDeck(stacked(tie))  # C, A and B tie; D is worse
    events = [e.to_json(session.names) for e in session.finish()]
    final = of_type(events, "final-showdown")[0]
    assert final["winners"] == ["C", "A", "B"]
    assert transfers(events, "final-showdown") == [
        ({"section": "rummoli"}, {"player": "C"}, 4),
        ({"section": "rummoli"}, {"player": "A"}, 4),
        ({"section": "rummoli"}, {"player": "B"}, 3),
    ]


@covers("rummoli.final-showdown")
def test_final_poker_per_pot_one_showdown_per_pot_smallest_first():
    session = session_with_board({"rummoli": 7, "poker": 2, "ace_king": 5, "TS": 0}, final_poker_per_pot=True)
    a_wins = ["A♠ A♥ A♦ 9♣ K♣", "2♠ 3♥ 5♦ 7♣ 8♣", "4♠ 6♥ 8♦ 10♣ J♣", "5♠ 5♦ 9♥ 9♠ 6♣"]
    b_wins = ["2♠ 3♥ 5♦ 7♣ 8♣", "A♠ A♥ A♦ 9♣ K♣", "4♠ 6♥ 8♦ 10♣ J♣", "5♠ 5♦ 9♥ 9♠ 6♣"]
    d_wins = ["2♠ 3♥ 5♦ 7♣ 8♣", "4♠ 6♥ 8♦ 10♣ J♣", "5♠ 5♦ 9♥ 9♠ 6♣", "A♠ A♥ A♦ 9♣ K♣"]
    session.rng = StackedDeck(stacked(a_wins), stacked(b_wins), stacked(d_wins))
    events = [e.to_json(session.names) for e in session.finish()]
    finals = of_type(events, "final-showdown")
    assert [(f["section"], f["amount"], f["winners"]) for f in finals] == [("poker", 2, ["A"]), ("ace_king", 5, ["B"]), ("rummoli", 7, ["D"])]
    assert not transfers(events, "pool")
    assert session.ledger.balances[3] == 100 + 7
