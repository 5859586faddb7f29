"""The planted faults of tools/plant_faults.py still apply to the engine as it is: each one's
text occurs exactly once in its file, so that the fault table measures real faults (a fault
whose text has moved would be reported as an error, not measured)."""

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("plant_faults", REPO / "tools" / "plant_faults.py")
plant_faults = importlib.util.module_from_spec(spec)
sys.modules["plant_faults"] = plant_faults  # its dataclasses look their module up
spec.loader.exec_module(plant_faults)


@pytest.mark.parametrize("fault", plant_faults.FAULTS, ids=lambda f: f.name)
def test_each_planted_fault_changes_exactly_one_place_of_the_engine(fault):
    text = (REPO / "engine" / "stops" / fault.file).read_text(encoding="utf-8")
    assert text.count(fault.old) == 1
    assert fault.old != fault.new


def test_the_planted_faults_are_at_least_ten_of_different_kinds_in_several_modules():
    faults = plant_faults.FAULTS
    assert len(faults) >= 10 and len({f.name for f in faults}) == len(faults)
    assert len({f.file for f in faults}) >= 6
