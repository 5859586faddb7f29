"""The 9♦ worked example of the Michigan source, reproduced event by event."""

from pathlib import Path

from stops.replay import read_replay_file, result_json, walkthrough

from rulecheck import covers

EXAMPLE = Path(__file__).parents[2] / "examples" / "michigan" / "nine-of-diamonds.json"


def events_after_ante():
    replay = read_replay_file(str(EXAMPLE))
    rnd, steps = replay.play()
    return rnd, [e.to_json(rnd.names) for _, events in steps for e in events]


@covers("michigan.follow", "michigan.box", "michigan.stop", "michigan.restart", "michigan.kitty", "michigan.card-count", "michigan.going-out")
def test_every_event_of_the_nine_of_diamonds_example():
    rnd, events = events_after_ante()
    assert events == [
        {"type": "play", "player": "A", "card": "9♦", "lead": True, "rule": "michigan.lead-lowest"},
        {"type": "play", "player": "C", "card": "10♦", "lead": False, "rule": "michigan.follow"},
        {"type": "play", "player": "A", "card": "J♦", "lead": False, "rule": "michigan.follow"},
        {"type": "play", "player": "B", "card": "Q♦", "lead": False, "rule": "michigan.follow"},
        {"type": "transfer", "from": {"section": "QD"}, "to": {"player": "B"}, "amount": 4, "reason": "box", "kind": "pay-card", "rule": "michigan.box"},
        {"type": "stop", "card": "Q♦", "next": "K♦", "where": "widow", "rule": "michigan.stop"},
        {"type": "play", "player": "B", "card": "3♣", "lead": True, "rule": "michigan.restart"},
        {"type": "out", "player": "B", "rule": "michigan.going-out"},
        {"type": "transfer", "from": {"section": "kitty"}, "to": {"player": "B"}, "amount": 8, "reason": "kitty", "kind": "going-out", "rule": "michigan.kitty"},
        {"type": "transfer", "from": {"player": "C"}, "to": {"player": "B"}, "amount": 3, "reason": "card-count", "kind": "card-count", "rule": "michigan.card-count"},
        {"type": "transfer", "from": {"player": "D"}, "to": {"player": "B"}, "amount": 1, "reason": "card-count", "kind": "card-count", "rule": "michigan.card-count"},
        {"type": "transfer", "from": {"player": "A"}, "to": {"player": "B"}, "amount": 2, "reason": "card-count", "kind": "card-count", "rule": "michigan.card-count"},
    ]


def test_the_play_goes_a_c_a_b_not_in_seat_order():
    _, events = events_after_ante()
    plays = [e["player"] for e in events if e["type"] == "play"]
    assert plays[:4] == ["A", "C", "A", "B"]


@covers("michigan.ante")
def test_each_box_holds_4_and_the_kitty_8_before_the_lead():
    replay = read_replay_file(str(EXAMPLE))
    rnd = replay.start()
    assert rnd.ledger.board == {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 8}


def test_b_grosses_18_and_nets_12_the_rivals_pay_by_their_cards():
    rnd, _ = events_after_ante()
    result = result_json(rnd)
    assert result["winner"] == "B"
    assert result["players"]["B"] == {"gross": 18, "net": 12, "balance": 12}
    assert result["players"]["A"] == {"gross": 0, "net": -8, "balance": -8}
    assert result["players"]["C"] == {"gross": 0, "net": -9, "balance": -9}
    assert result["players"]["D"] == {"gross": 0, "net": -7, "balance": -7}
    assert result["board"] == {"AH": 4, "KC": 4, "QD": 0, "JS": 4, "kitty": 0}


def test_the_q_diamonds_box_paid_4_to_b():
    _, events = events_after_ante()
    box = [e for e in events if e["type"] == "transfer" and e["reason"] == "box"]
    assert box == [{"type": "transfer", "from": {"section": "QD"}, "to": {"player": "B"}, "amount": 4, "reason": "box", "kind": "pay-card", "rule": "michigan.box"}]


def test_the_walkthrough_shows_each_step_with_the_view_after_it():
    steps = walkthrough(EXAMPLE.read_text(encoding="utf-8"))
    assert [s["move"] for s in steps["steps"]][1] == {"player": "C", "play": "10♦"}
    assert steps["steps"][1]["view"]["to_move"] == "A"
    assert steps["steps"][-1]["view"]["winner"] == "B"
    assert steps["result"]["players"]["B"]["net"] == 12
