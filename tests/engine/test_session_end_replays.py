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


def set_card(player, index, card):
    return lambda d: d["session_end"]["deals"][0][player].__setitem__(index, card)


@pytest.mark.parametrize(
    "change, path, rule, message",
    [
        (lambda d: d["session_end"]["deals"][0]["A"].pop(), "session_end.deals[0].A", "rummoli.final-showdown",
         "a final showdown deals 5 cards, not 4"),
        (set_card("B", 0, "2♣"), "session_end.deals[0].B", "rummoli.final-showdown", "2♣ is dealt twice (A and B)"),
        (set_card("A", 1, "2♣"), "session_end.deals[0].A", "rummoli.final-showdown", "2♣ is dealt twice (A and A)"),
        (set_card("C", 0, "3X"), "session_end.deals[0].C[0]", None, "unknown card '3X'"),
        (lambda d: d["session_end"]["deals"][0].pop("C"), "session_end.deals[0]", "rummoli.final-showdown",
         "a final showdown deals to B, C, A"),
        (lambda d: d["session_end"]["deals"][0].update(Z=[]), "session_end.deals[0].Z", None, "unknown player 'Z'"),
        (lambda d: d["session_end"]["deals"].append(d["session_end"]["deals"][0]), "session_end.deals", "rummoli.session-end",
         "1 recorded deal(s) left over after the settlement"),
        (lambda d: d["session_end"].update(deals=[]), "session_end.deals", "rummoli.final-showdown",
         "a final showdown needs one more recorded deal (there are 0)"),
        (lambda d: d["session_end"].update(pot=1), "session_end", None, "expected {}"),
        (lambda d: d.update(moves=[]), "session_end", None, "the round is not over"),
    ],
)
def test_a_final_showdown_deal_that_is_not_legal_is_refused_naming_the_field_and_the_rule(change, path, rule, message):
    document = doc("rummoli/session-end-showdown.json")
    change(document)
    with pytest.raises(ReplayError) as error:
        settle(document)
    assert (error.value.path, error.value.rule) == (path, rule)
    assert error.value.message.startswith(message) and "rummoli." not in error.value.message
