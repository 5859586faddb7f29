"""Puzzles: a position is kept when its best option beats the second by a clear margin (standard
errors of the playout-by-playout difference, and chips), and only if a second rating at another
seed finds the same best option; the generator is deterministic from its seed, whatever the
number of processes, and resumes from its saved sessions."""

import json
import math
from pathlib import Path

import pytest

from stops import puzzles
from stops.replay import load_replay

from michigan_helpers import position
from tiers import TIER
from poch_helpers import play, position as poch_position

QUICK = puzzles.Settings(playouts=200, screen=60, sample=0.3)
# Enough to find a few puzzles, for the tests of how they are gathered rather than rated.
GLANCE = puzzles.Settings(playouts=40, screen=20, sample=0.1)
REPO = Path(__file__).resolve().parents[2]
COMMITTED = sorted((REPO / "site" / "puzzles").glob("*.json"))


def test_the_site_keeps_a_puzzles_file_for_every_game():
    assert [path.stem for path in COMMITTED] == sorted(puzzles.PROFILES)


def test_a_position_with_one_clearly_best_move_is_found_and_kept():
    # A leads: the jack of spades wins its box of 20 chips at once; after the two of clubs, B's
    # three of clubs goes out and A is left holding the jack.
    rnd = position({"A": "J♠ 2♣ 4♣", "B": "3♣", "C": "6♥", "D": "7♥"}, board={"JS": 16})
    found = puzzles.consider(rnd, 0, QUICK, 11, 12)
    assert found is not None
    best = found["rating"]["options"][found["margin"]["best"]]
    assert best["move"] == {"player": "A", "play": "J♠"}
    assert found["margin"]["chips"] >= 20 and "pay-card" in found["themes"]
    assert found["check"]["best"] == found["margin"]["best"]
    assert found["solver"] == "A" and found["step"] == 0


def test_a_position_whose_options_are_equal_is_dropped():
    # Either two leads to the same end: nobody can follow, so A plays the other next and goes out.
    rnd = position({"A": "2♣ 2♦", "B": "5♥", "C": "6♥", "D": "7♥"})
    assert puzzles.consider(rnd, 0, QUICK, 11, 12) is None


def test_a_margin_counts_standard_errors_of_the_difference_playout_by_playout():
    class Tally:
        def __init__(self, gains):
            self.gains = gains

    rating = {"options": [{"expected": 1.0}, {"expected": 3.0}]}
    found = puzzles.margin(rating, [Tally([0, 1, 2, 1]), Tally([2, 3, 4, 3])])
    # The difference is 2 in every playout: no spread at all, however noisy each option is.
    assert found["best"] == 1 and found["second"] == 0 and found["chips"] == 2.0 and found["sigmas"] is None
    assert puzzles.is_clear(found, puzzles.Settings(chips=2.0)) and not puzzles.is_clear(found, puzzles.Settings(chips=2.5))


def test_the_range_above_the_rated_bids_is_compared_by_the_top_bids_playouts_not_the_last_options():
    # B answers A's poch of 3: hold, raise 1 to 6 one by one, fold, and the raises above 6 at
    # once; fold is listed after the raises, so the last tally is not the top raise's.
    rnd = poch_position({"A": "7♠ 7♥ K♦ A♣", "B": "8♠ 8♥ 8♦ 9♣", "C": "J♠ Q♠ 10♣ 10♦", "D": "A♠ A♥ 9♦ 9♥"}, phase="vying")
    play(rnd, "A poch 3")
    rating, tallies = puzzles.rate(rnd, rnd.to_move(), 30, 1, QUICK.budget)
    labels = [option["label"] for option in rating["options"]]
    assert labels[-2:] == ["fold", "raise 7 to 10"] and len(tallies) == len(labels)
    top = labels.index("raise 6")
    assert tallies[-1] is tallies[top] and tallies[-1] is not tallies[-2]
    assert rating["options"][-1]["expected"] == round(tallies[top].mean() - 1, 3)


def test_the_generator_is_deterministic_from_its_seed_whatever_the_processes(tmp_path):
    one = puzzles.generate("pope_joan", count=4, seed=3, jobs=1, settings=GLANCE, sessions=8)
    two = puzzles.generate("pope_joan", count=4, seed=3, jobs=2, settings=GLANCE, sessions=8)
    assert one == two and len(one["puzzles"]) >= 2
    other = puzzles.generate("pope_joan", count=4, seed=4, jobs=1, settings=GLANCE, sessions=8)
    assert [p["position"] for p in other["puzzles"]] != [p["position"] for p in one["puzzles"]]


def test_an_interrupted_run_resumes_from_its_saved_sessions(tmp_path, monkeypatch):
    first = puzzles.generate("pope_joan", count=3, seed=5, settings=GLANCE, sessions=8, work=tmp_path)
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == first["sessions"]
    monkeypatch.setattr(puzzles, "play_session", lambda *args: pytest.fail("a saved session was played again"))
    assert puzzles.generate("pope_joan", count=3, seed=5, settings=GLANCE, sessions=8, work=tmp_path) == first


def test_each_phase_of_the_game_gets_its_share_before_any_phase_gets_more():
    # Michigan's widow auction comes only with an option, and its stops are far more common.
    phases = puzzles.decision_phases("michigan")
    assert len(phases) == 2
    found = puzzles.generate("michigan", count=2, seed=2, settings=GLANCE, sessions=8)
    assert sorted(p["phase"] for p in found["puzzles"]) == sorted(phases)


def test_a_puzzles_position_replays_to_the_solvers_decision():
    found = puzzles.generate("michigan", count=2, seed=1, settings=GLANCE, sessions=8)
    assert len(found["puzzles"]) == 2
    for puzzle in found["puzzles"]:
        rnd = load_replay(puzzle["position"]).play()[0]
        assert rnd.name(rnd.to_move()) == puzzle["solver"] and rnd.phase == puzzle["phase"]
        assert [o["move"] for o in puzzle["rating"]["options"]] == [m.to_json(rnd.names) for m in rnd.legal_moves()]


def thinnest_margins(found: list[dict]) -> list[dict]:
    """The puzzles the full tier re-rates: each phase's two of fewest standard errors (the likeliest
    to change their best option if the engine's playouts changed); every puzzle in the exhaustive tier."""
    if TIER == "exhaustive":
        return found
    def sigmas(puzzle):
        return math.inf if puzzle["margin"]["sigmas"] is None else puzzle["margin"]["sigmas"]
    phases = sorted({puzzle["phase"] for puzzle in found})
    return [p for phase in phases for p in sorted((p for p in found if p["phase"] == phase), key=sigmas)[:2]]


@pytest.mark.slow  # 1,000 playouts per option for each puzzle re-rated
@pytest.mark.parametrize("path", COMMITTED, ids=lambda path: path.stem)
def test_every_committed_puzzle_keeps_its_best_option_at_another_seed(path):
    found = json.loads(path.read_text(encoding="utf-8"))
    assert found["game"] == path.stem and path.stem in puzzles.PROFILES
    settings = puzzles.Settings(**found["settings"])
    assert len(found["puzzles"]) >= 30
    for puzzle in thinnest_margins(found["puzzles"]):
        rnd = load_replay(puzzle["position"]).play()[0]
        seat = rnd.to_move()
        rating, tallies = puzzles.rate(rnd, seat, settings.playouts, puzzle["check"]["seed"] + 1, settings.budget)
        assert puzzles.margin(rating, tallies)["best"] == puzzle["margin"]["best"], puzzle["id"]
