"""Every rule id has at least one test that fails when that rule is broken."""

import importlib
from pathlib import Path

import pytest

from stops.profiles import RULES, rule_ids

HERE = Path(__file__).parent
# Every game: its test modules mark the rules they check with @covers.
GAMES = ["michigan", "tripoli", "rummoli", "newmarket", "nain_jaune", "poch", "pope_joan"]


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
