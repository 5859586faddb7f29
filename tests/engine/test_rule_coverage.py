"""Every rule id is claimed by at least one test (its ``@covers`` marker), and no test claims a
rule id that does not exist.

What this checks is the claim, not that the claiming test would fail when its rule is broken:
that is what ``tools/plant_faults.py`` measures, for the faults it plants."""

import importlib
from pathlib import Path

import pytest

from stops.profiles import PROFILES, RULES, rule_ids

HERE = Path(__file__).parent
# Every registered game: its test modules mark the rules they check with @covers.
GAMES = sorted(PROFILES)


def covered_rule_ids() -> set[str]:
    found: set[str] = set()
    for path in sorted(HERE.glob("test_*.py")):
        module = importlib.import_module(path.stem)
        for value in vars(module).values():
            found.update(getattr(value, "rule_ids", ()))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_of_the_game_has_a_test(game):
    missing = [rule for rule in rule_ids(game) if rule not in covered_rule_ids()]
    assert not missing, f"rules without a test: {', '.join(missing)}"


def test_tests_only_claim_rule_ids_that_exist():
    unknown = sorted(covered_rule_ids() - set(RULES))
    assert not unknown, f"unknown rule ids in @covers: {unknown}"
