"""The `stops` command with Tripoli: replay, record, sim and play."""

import io
import json

import pytest
from tripoli_helpers import EXAMPLES

from stops.cli import main
from stops.replay import load_replay


@pytest.mark.parametrize("name", ["ghost-hearts", "king-queen-split", "poker-tie", "first-lead", "full-hand", "ghost-auction", "pozo-once"])
def test_replay_narrates_every_tripoli_example(name, capsys):
    assert main(["replay", str(EXAMPLES / f"{name}.json")]) == 0
    out = capsys.readouterr().out
    assert "winner:" in out and "board:" in out
    assert "hold:" not in out and "showdown:" not in out.replace("poker showdown:", "")  # narrated, not dumped


def test_replay_narrates_holding_showdown_and_the_auction(capsys):
    main(["replay", str(EXAMPLES / "ghost-auction.json")])
    out = capsys.readouterr().out
    assert "A holds A♥." in out and "A takes the A♥ section: " in out
    assert "Showdown for the Pot." in out and "Best hand: C." in out
    assert "A bids 4 chips for the spare hand" in out and "C passes" in out
    assert "A pays 4 chips into the Kitty for the spare hand." in out and "A swaps their hand for the spare hand." in out


def test_replay_json_gives_the_events(capsys):
    assert main(["replay", str(EXAMPLES / "king-queen-split.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "tripoli" and out["board"]["king_queen"] == 1
    assert any(e["type"] == "split" for e in out["events"])


@pytest.mark.parametrize("options", [[], ["--option", "ghost_auction=true"], ["--option", "no_poker=true", "--option", "boodle_cards=true", "--option", "bankroll=ledger"]])
def test_record_prints_a_replay_that_plays_to_the_end(options, capsys):
    assert main(["record", "tripoli", "--players", "5", "--seed", "3", *options]) == 0
    rnd, _ = load_replay(capsys.readouterr().out).play()
    assert rnd.over and rnd.winner is not None


def test_sim_runs_two_hundred_rounds_of_five_players(capsys):
    assert main(["sim", "tripoli", "--players", "5", "--rounds", "200", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tripoli: 200 rounds")


@pytest.mark.parametrize("bots", ["random", "basic"])
def test_sim_with_the_auction_and_every_bot(bots, capsys):
    assert main(["sim", "tripoli", "--players", "3", "--rounds", "30", "--seed", "2", "--bots", bots, "--option", "ghost_auction=true"]) == 0
    assert "30 rounds" in capsys.readouterr().out


def test_play_in_the_terminal_with_the_auction(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "tripoli", "--players", "3", "--rounds", "2", "--seed", "4", "--option", "ghost_auction=true"]) == 0
    out = capsys.readouterr().out
    assert "Round 1" in out and "Showdown for the Pot" in out and "Winner:" in out
