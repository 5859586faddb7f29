"""`stops tournament` and the `?` hint of `stops play`."""

from __future__ import annotations

import builtins

from stops.cli import main


def test_tournament_prints_chips_per_round_with_intervals(capsys):
    code = main(["tournament", "michigan", "--players", "3", "--seats", "expert,basic,random", "--rounds", "3", "--seed", "2", "--playouts", "5"])
    out = capsys.readouterr().out
    assert code == 0
    assert "3 deals x 3 seat rotations = 9 rounds" in out
    for level in ("expert", "basic", "random"):
        assert level in out
    assert "95% CI" in out and "expert - basic" in out and "basic - random" in out


def test_tournament_is_reproducible(capsys):
    args = ["tournament", "tripoli", "--players", "3", "--seats", "basic,random,random", "--rounds", "4", "--seed", "3"]
    main(args)
    first = capsys.readouterr().out.splitlines()[1:]
    main(args)
    assert capsys.readouterr().out.splitlines()[1:] == first


def test_tournament_needs_one_bot_per_player(capsys):
    assert main(["tournament", "rummoli", "--players", "3", "--seats", "basic,random", "--rounds", "3"]) == 2
    assert "names 2 bots for 3 players" in capsys.readouterr().err


def test_a_question_mark_in_play_shows_a_hint(capsys, monkeypatch):
    answers = iter(["?", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "michigan", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "hint (500 playouts per option" in out
    assert "out first" in out
