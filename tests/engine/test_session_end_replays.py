"""A replay can end the session after its round: the board is settled by the game's rule."""

import json
from pathlib import Path

import pytest

from stops.errors import ReplayError
from stops.replay import load_replay, walkthrough

from rulecheck import covers

ROOT = Path(__file__).parents[2]


def doc(path):
    return json.loads((ROOT / "examples" / path).read_text(encoding="utf-8"))


def settle(document):
    replay = load_replay(document)
    rnd, _ = replay.play()
    return replay.settle(rnd)


@covers("rummoli.final-showdown", "rummoli.session-end")
def test_the_pooled_board_goes_to_the_final_showdown_and_the_odd_chip_to_the_first_from_the_dealers_left():
    session, events = settle(doc("rummoli/session-end-showdown.json"))
    pooled = [e for e in events if e.type == "transfer" and e.reason == "pool"]
    assert sum(e.amount for e in pooled) == 35 and all(e.target.key == "rummoli" for e in pooled)
    showdown = next(e for e in events if e.type == "final-showdown")
    assert showdown.amount == 35 and [session.names[s] for s in showdown.winners] == ["B", "C"]
    paid = {session.names[e.target.key]: e.amount for e in events if e.type == "transfer" and e.reason == "final-showdown"}
    assert paid == {"B": 18, "C": 17}
    assert dict(zip(session.names, session.ledger.balances)) == {"A": 99, "B": 107, "C": 105}
    assert not any(session.ledger.board.values()) and session.winners() == ["B"]


def test_the_walkthrough_carries_the_settlement():
    walk = walkthrough(doc("rummoli/session-end-showdown.json"))
    assert walk["session_end"]["winners"] == ["B"]
    assert walk["session_end"]["balances"] == {"A": 99, "B": 107, "C": 105}


@covers("michigan.session-end")
def test_a_michigan_session_ending_after_the_nine_of_diamonds_shares_the_boxes_exactly():
    document = doc("michigan/nine-of-diamonds.json")
    document["session_end"] = {}
    session, events = settle(document)
    assert {e.reason for e in events} == {"session-split"}
    assert dict(zip(session.names, session.ledger.balances)) == {"A": -5, "B": 15, "C": -6, "D": -4}


def test_tripoli_settles_nothing_at_the_end():
    document = doc("tripoli/full-hand.json")
    document["session_end"] = {}
    session, events = settle(document)
    assert events == [] and sum(session.ledger.board.values()) > 0


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["session_end"]["deals"][0]["A"].pop(), "session_end.deals[0].A: a final showdown deals 5 cards, not 4"),
        (lambda d: d["session_end"]["deals"][0]["B"].__setitem__(0, "2♣"), "session_end.deals[0].B: 2♣ is dealt twice"),
        (lambda d: d["session_end"]["deals"][0].pop("C"), "session_end: a final showdown deals to B, C, A"),
        (lambda d: d["session_end"]["deals"].append(d["session_end"]["deals"][0]), "session_end.deals: 1 recorded deal(s) left over"),
        (lambda d: d["session_end"].update(deals=[]), "session_end: a final showdown needs one more recorded deal"),
        (lambda d: d["session_end"].update(pot=1), "session_end: expected {}"),
        (lambda d: d.update(moves=[]), "session_end: the round is not over"),
    ],
)
def test_a_bad_settlement_is_refused_naming_the_field(change, expected):
    document = doc("rummoli/session-end-showdown.json")
    change(document)
    with pytest.raises(ReplayError) as error:
        settle(document)
    assert expected in str(error.value)
