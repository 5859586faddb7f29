"""The puzzle trainer's model (site/static/model/puzzle.mjs) under Node, on the puzzles the
build ships for every game: the verdicts, the Glicko-2 rating, the streak, the next puzzle,
set links and storage."""

import json
import subprocess
from pathlib import Path

from node_tests import node_or_skip

from site_build.pages import GAMES
from site_build.puzzles import game_puzzles

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def test_the_puzzle_model_passes_under_node(tmp_path):
    node = node_or_skip()
    games = [game_puzzles(REPO, game) for game in GAMES]
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(games, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run([node, "--test", "--test-reporter=spec", str(HERE / "puzzle_models.test.mjs")],
                          capture_output=True, text=True, env={"PUZZLE_FIXTURES": str(path), "PATH": "/usr/bin:/bin"},
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "fail 0" in proc.stdout and "pass 11" in proc.stdout, proc.stdout
