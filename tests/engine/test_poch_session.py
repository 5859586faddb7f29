"""Poch sessions: everyone deals once, then the board is shared in whole chips; stacks."""

from stops.bots import BasicBot
from stops.profiles import get_profile
from stops.session import Session, play_session

from rulecheck import covers

POCH = get_profile("poch")


def basic(seed=0):
    bot = BasicBot(seed)
    return lambda rnd: bot.choose(rnd, rnd.to_move())


@covers("poch.session-end", "poch.dealer-rotation")
def test_a_session_is_one_rotation_of_the_deal_then_the_board_is_shared_in_whole_chips():
    session = play_session(Session(POCH, list("ABCD"), seed=4), basic())
    assert session.played == 4
    assert [r.dealer for r in session.past_rounds] == [(session.past_rounds[0].dealer + i) % 4 for i in range(4)]
    splits = [e.to_json(session.names) for e in session.events if e.type == "split"]
    assert splits, "something is left on the board to share"
    for split in splits:
        assert split["rule"] == "poch.session-end"
        assert isinstance(split["share"], int) and 0 <= split["left"] < len(split["players"])
    left = sum(session.ledger.board.values())
    assert left == sum(split["left"] for split in splits)  # only the odd chips stay
    assert sum(session.ledger.balances) + left == 4 * 50


@covers("poch.bankroll")
def test_chips_by_default_and_nobody_pays_more_than_they_hold():
    assert POCH.bankroll == "chips" and POCH.starting_chips == 50
    session = play_session(Session(get_profile("poch", {"starting_chips": 12, "rotations": 2}), list("ABC"), seed=1), basic())
    assert min(session.ledger.balances) >= 0
    ledger = play_session(Session(get_profile("poch", {"bankroll": "ledger"}), list("ABC"), seed=1), basic())
    assert sum(ledger.ledger.balances) + sum(ledger.ledger.board.values()) == 0
