"""Rummoli example replays, the command line and the narration of every Rummoli event."""

import json
from pathlib import Path

import pytest

from stops import messages, narrate
from stops.cli import main
from stops.replay import load_replay, read_replay_file, walkthrough

from rulecheck import covers

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rummoli"
FILES = sorted(EXAMPLES.glob("*.json"))


def events_of(name):
    rnd, _ = read_replay_file(str(EXAMPLES / f"{name}.json")).play()
    return rnd, [e.to_json(rnd.names) for e in rnd.log]


def test_every_example_replays_and_walks_through():
    assert len(FILES) >= 10
    for path in FILES:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["game"] == "rummoli" and doc["title"] and doc["description"]
        walk = walkthrough(doc)
        assert len(walk["steps"]) == len(doc["moves"])


def kinds(events):
    return [e["type"] for e in events]


@covers("rummoli.dealer-swap", "rummoli.pay-cards", "rummoli.widow-auction")
def test_example_dealer_holds_a_pay_card():
    rnd, events = events_of("dealer-holds-a-pay-card")
    assert {"dealer-keeps", "widow-auction", "widow-swap"} <= set(kinds(events))
    assert [e for e in events if e["type"] == "widow-swap"][0]["player"] == "C"


@covers("rummoli.widow-auction")
def test_example_widow_auction_with_three_bidders():
    rnd, events = events_of("widow-auction")
    bids = [(e["player"], e["amount"]) for e in events if e["type"] == "widow-bid"]
    assert bids == [("A", 1), ("B", 2), ("C", None), ("A", 3), ("B", None)]
    assert [e for e in events if e["type"] == "widow-swap"][0] == {"type": "widow-swap", "player": "A", "price": 3, "dead": ["2♠", "5♥", "7♦", "3♣", "9♣"], "rule": "rummoli.widow-auction"}


@covers("rummoli.betting", "rummoli.fold-out")
def test_examples_betting_raise_and_fold_and_fold_out():
    rnd, events = events_of("betting-raise-and-fold")
    actions = [(e["player"], e["action"]) for e in events if e["type"] == "bet"]
    assert actions == [("A", "bet"), ("B", "raise"), ("C", "fold"), ("D", "call"), ("A", "call")]
    assert [e for e in events if e["type"] == "showdown"][0]["winners"] == ["B"]
    rnd, events = events_of("fold-out")
    assert "showdown" not in kinds(events) and "fold-out" in kinds(events)


@covers("rummoli.colour-switch", "rummoli.duty-passes", "rummoli.deadlock")
def test_examples_colour_switch_duty_and_deadlock():
    rnd, events = events_of("colour-switch")
    leads = [e["card"] for e in events if e["type"] == "play" and e["lead"]]
    assert leads == ["2♠", "9♥", "6♣", "7♦"]  # black after the ace, red again after the 6♣ stop
    assert rnd.over and rnd.names[rnd.winner] == "B"  # played to the payout: B's 7♦ is the last card
    rnd, events = events_of("duty-passes")
    assert [e["to"] for e in events if e["type"] == "duty-passes"] == ["C"]
    rnd, events = events_of("deadlock")
    assert rnd.over and rnd.winner is None and rnd.ledger.board["rummoli"] == 19


@covers("rummoli.ace-king", "rummoli.seven-eight-nine")
def test_examples_combination_pots():
    rnd, events = events_of("ace-king")
    assert [e["section"] for e in events if e["type"] == "combo"] == ["ace_king"]
    rnd, events = events_of("ace-king-two-players")
    assert "combo" not in kinds(events) and rnd.ledger.board["ace_king"] == 4
    rnd, events = events_of("seven-eight-nine")
    assert [e["section"] for e in events if e["type"] == "combo"] == ["seven_eight_nine"]


def test_every_rummoli_event_has_a_narrator():
    seen = set()
    for path in FILES:
        rnd, _ = read_replay_file(str(path)).play()
        for event in rnd.log:
            data = event.to_json(rnd.names)
            seen.add(data["type"])
            assert event.type in messages.NARRATORS, event.type
            assert not narrate.describe(data, rnd.profile).startswith(data["type"] + ":")
    assert {"widow-swap", "widow-bid", "bet", "showdown", "fold-out", "duty-passes", "deadlock", "combo"} <= seen


def test_cli_replay_prints_the_narration_and_the_ledger(capsys):
    assert main(["replay", str(EXAMPLES / "widow-auction.json")]) == 0
    out = capsys.readouterr().out
    assert "A bids 3 chips for the widow." in out and "A takes up the widow" in out and "balance" in out
    assert main(["replay", str(EXAMPLES / "deadlock.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"]["rummoli"] == 19 and data["winner"] is None


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_cli_record_prints_a_replay_that_plays_back(capsys, seed):
    assert main(["record", "rummoli", "--players", "4", "--seed", str(seed)]) == 0
    doc = json.loads(capsys.readouterr().out)
    rnd, _ = load_replay(doc).play()
    assert rnd.over


def test_cli_sim_plays_200_rounds(capsys):
    assert main(["sim", "rummoli", "--players", "4", "--rounds", "200", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Rummoli: 200 rounds" in out


def test_cli_sim_with_options_and_random_bots(capsys):
    args = ["sim", "rummoli", "--players", "3", "--rounds", "30", "--seed", "2", "--bots", "random"]
    args += ["--option", "widow_first=true", "--option", "final_poker_per_pot=true", "--option", "bet_unit=2"]
    assert main(args) == 0


def test_cli_play_against_bots(capsys, monkeypatch):
    answers = iter(["1"] * 300)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "rummoli", "--players", "3", "--seed", "4", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "Final standings" in out and "Final showdown" in out
