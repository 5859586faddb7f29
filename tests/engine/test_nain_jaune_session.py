"""A Nain Jaune session: the deal and its talon by the number of players, the session ending
at once when a player cannot pay in full, and the board shared in whole chips at the end."""

import pytest

from stops.bots import BasicBot
from stops.deal import deal_for
from stops.errors import SetupError
from stops.profiles import get_profile
from stops.round import Round
from stops.session import Session, play_session

from rulecheck import covers

TALON = {3: (15, 7), 4: (12, 4), 5: (9, 7), 6: (8, 4), 7: (7, 3), 8: (6, 4)}


@covers("nain_jaune.deal", "nain_jaune.talon")
@pytest.mark.parametrize("players", sorted(TALON))
def test_hand_sizes_and_the_talon_depend_on_the_number_of_players(players):
    profile = get_profile("nain_jaune")
    deal = deal_for(profile, players, players, 0)
    size, talon = TALON[players]
    assert [len(hand) for hand in deal.hands] == [size] * players and len(deal.widow) == talon


@covers("nain_jaune.deal", "nain_jaune.misdeal")
def test_a_deal_with_the_wrong_hand_sizes_is_refused():
    profile = get_profile("nain_jaune")
    deal = deal_for(profile, 1, 4, 0)
    short = type(deal)(deal.hands[:3] + (deal.hands[3][:-1],), deal.widow + deal.hands[3][-1:])
    with pytest.raises(SetupError) as error:
        Round(profile, list("ABCD"), 0, short)
    assert error.value.rule == "nain_jaune.deal"


def played(session):
    bot = BasicBot(0)
    return play_session(session, lambda rnd: bot.choose(rnd, rnd.to_move()))


@covers("nain_jaune.bust")
def test_the_session_ends_at_once_when_a_player_cannot_pay_his_full_ante():
    profile = get_profile("nain_jaune", {"starting_chips": 15, "rotations": 3})
    session = played(Session(profile, list("ABCD"), seed=2))
    assert session.played < session.rounds
    busts = [e for e in session.events if e.type == "bust"]
    assert len(busts) == 1 and busts[0].rule == "nain_jaune.bust"
    assert session.ledger.balances[busts[0].seat] < 15
    assert session.active == [0, 1, 2, 3]  # nobody leaves: the session ends


@covers("nain_jaune.session-end")
def test_at_the_end_the_board_is_shared_in_whole_chips_and_the_odd_ones_stay():
    session = Session(get_profile("nain_jaune"), list("ABC"), seed=0)
    session.ledger.board.update({"dwarf": 7, "KH": 3})
    events = session.finish()
    shares = [(e.source.key, e.target.key, e.amount) for e in events if e.type == "transfer"]
    assert sorted(shares) == sorted([("dwarf", s, 2) for s in range(3)] + [("KH", s, 1) for s in range(3)])
    assert session.ledger.board["dwarf"] == 1 and session.ledger.board["KH"] == 0
    assert [e.left for e in events if e.type == "split"] == [0, 1]  # king, then the dwarf: one chip stays


@covers("nain_jaune.dealer-rotation", "nain_jaune.carry-over")
def test_the_deal_passes_left_and_what_is_not_won_stays_on_the_board():
    session = Session(get_profile("nain_jaune", {"starting_chips": 1000}), list("ABC"), seed=1)
    dealers, boards = [], []
    bot = BasicBot(0)
    while not session.over():
        rnd = session.next_round()
        dealers.append(session.dealer)
        start = dict(rnd.ledger.board)
        while not rnd.over:
            rnd.apply(bot.choose(rnd, rnd.to_move()))
        boards.append((start, dict(rnd.ledger.board)))
        session.record(rnd)
    assert dealers == [(dealers[0] + i) % 3 for i in range(3)]
    for (_, end), (start, _) in zip(boards, boards[1:]):
        assert start == {sid: end[sid] + 3 * ante for sid, ante in {"TD": 1, "JC": 2, "QS": 3, "KH": 4, "dwarf": 5}.items()}


@covers("nain_jaune.players")
@pytest.mark.parametrize("players", [2, 9])
def test_nain_jaune_is_for_three_to_eight_players(players):
    with pytest.raises(SetupError) as error:
        Session(get_profile("nain_jaune"), [chr(65 + i) for i in range(players)])
    assert error.value.rule == "nain_jaune.players"


@covers("nain_jaune.players", "nain_jaune.deal")
@pytest.mark.parametrize("deal,size,talon", [("talon", 22, 8), ("all", 26, 0)])
def test_with_two_players_on_two_may_play_22_cards_each_and_8_in_the_talon(deal, size, talon):
    profile = get_profile("nain_jaune", {"two_players": True, "deal": deal})
    hands = deal_for(profile, 5, 2, 0)
    assert [len(hand) for hand in hands.hands] == [size, size] and len(hands.widow) == talon
    finished = played(Session(profile, ["A", "B"], seed=5))
    assert finished.over and sum(finished.ledger.balances) + sum(finished.ledger.board.values()) == 2 * 50
    with pytest.raises(SetupError) as error:
        Session(profile, ["A"])
    assert error.value.rule == "nain_jaune.players"
