"""The registries (event types, move types, phases, rules, lead rules) are built from the
one list of profiles, with nothing registered on import: importing any single engine
module gives the same registries as importing all of them, and each registry is complete
as soon as the module that owns it is imported. Each check runs in a fresh interpreter."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(
    "stops" + ("." + ".".join(path.relative_to(ENGINE / "stops").with_suffix("").parts)).removesuffix(".__init__")
    for path in (ENGINE / "stops").rglob("*.py")
    if path.name != "__main__.py"
)

# (owner module, attribute) of every registry; the dump names each entry (and its class).
DUMP = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
def names(table):
    return {key: getattr(value, "__qualname__", type(value).__qualname__) for key, value in table.items()} if isinstance(table, dict) else list(table)
registries = {}
for owner, attribute in [
    ("stops.profiles", "EVENT_TYPES"), ("stops.profiles", "EVENT_CLASSES"), ("stops.profiles", "MOVE_TYPES"),
    ("stops.profiles", "PHASES"), ("stops.profiles", "RULES"), ("stops.kernel.leads", "LEADS"), ("stops.messages", "NARRATORS"),
]:
    registries[owner + "." + attribute] = names(getattr(importlib.import_module(owner), attribute))
print(json.dumps(registries, sort_keys=True))
"""


def registries_after(*modules: str) -> dict:
    done = subprocess.run([sys.executable, "-c", DUMP, *modules], capture_output=True, text=True, cwd=ENGINE, check=True)
    return json.loads(done.stdout)


ALL = registries_after(*MODULES)


def test_the_registries_hold_every_game():
    assert len(ALL["stops.profiles.EVENT_TYPES"]) == len(ALL["stops.profiles.EVENT_CLASSES"]) > 20
    assert {"play", "redeal", "bid", "swap", "raise"} <= set(ALL["stops.profiles.MOVE_TYPES"])
    assert {"michigan.kitty", "tripoli.pozo", "rummoli.deadlock"} <= set(ALL["stops.profiles.RULES"])


@pytest.mark.parametrize("module", MODULES)
def test_importing_one_module_gives_the_same_registries_as_importing_all(module):
    assert registries_after(module) == ALL


def test_every_event_a_page_lays_out_is_an_event_type_of_some_game():
    from stops.messages import DISPLAYS
    from stops.profiles import EVENT_TYPES

    assert set(DISPLAYS) <= set(EVENT_TYPES), set(DISPLAYS) - set(EVENT_TYPES)
    assert set(DISPLAYS.values()) == {"hands", "cards", "notice"}
