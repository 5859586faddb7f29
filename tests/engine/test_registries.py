"""The registries (event types, move types, phases, rules, lead rules) are built from the
one list of profiles, with nothing registered on import: importing any single engine
module gives the same registries as importing all of them, and each registry is complete
as soon as the module that owns it is imported. Each check runs in an interpreter that has
imported no engine module before: one interpreter loads the standard library, then forks a
child per module (an interpreter start per module cost a minute under load)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Fresh interpreters, and one fixture for the module: make test only, on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("registries")]

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(
    "stops" + ("." + ".".join(path.relative_to(ENGINE / "stops").with_suffix("").parts)).removesuffix(".__init__")
    for path in (ENGINE / "stops").rglob("*.py")
    if path.name != "__main__.py"
)

# (owner module, attribute) of every registry; the dump names each entry (and its class).
# argv: groups of modules, comma-separated; each group is imported in a child of its own and
# gives one line of JSON, in order. The parent imports no engine module, so each child starts
# from a clean slate (the standard library preloaded).
DUMP = """
import importlib, json, os, sys
import dataclasses, enum, fractions, functools, hashlib, itertools, math, random, re, typing  # preloaded
def names(table):
    return {key: getattr(value, "__qualname__", type(value).__qualname__) for key, value in table.items()} if isinstance(table, dict) else list(table)
def dump(modules):
    for name in modules:
        importlib.import_module(name)
    registries = {}
    for owner, attribute in [
        ("stops.profiles", "EVENT_TYPES"), ("stops.profiles", "EVENT_CLASSES"), ("stops.profiles", "MOVE_TYPES"),
        ("stops.profiles", "PHASES"), ("stops.profiles", "RULES"), ("stops.kernel.leads", "LEADS"), ("stops.messages", "NARRATORS"),
    ]:
        registries[owner + "." + attribute] = names(getattr(importlib.import_module(owner), attribute))
    return json.dumps(registries, sort_keys=True)
assert not any(name == "stops" or name.startswith("stops.") for name in sys.modules)
for group in sys.argv[1:]:
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        try:
            out = dump(group.split(","))
        except BaseException as error:
            out = json.dumps({"error": repr(error)})
        os.write(write, out.encode() + b"\\n")
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        sys.stdout.write(pipe.read().decode())
    os.waitpid(child, 0)
"""


def registries_after(*groups: tuple[str, ...]) -> list[dict]:
    """The registries after importing each group of modules, each in a clean interpreter."""
    done = subprocess.run([sys.executable, "-c", DUMP, *(",".join(g) for g in groups)], capture_output=True,
                          text=True, cwd=ENGINE, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="module")
def after_each() -> dict:
    """module (or "*", every module at once) -> the registries after importing it alone."""
    found = registries_after(tuple(MODULES), *((m,) for m in MODULES))
    return {"*": found[0], **dict(zip(MODULES, found[1:]))}


def test_the_registries_hold_every_game(after_each):
    ALL = after_each["*"]
    assert len(ALL["stops.profiles.EVENT_TYPES"]) == len(ALL["stops.profiles.EVENT_CLASSES"]) > 20
    assert {"play", "redeal", "bid", "swap", "raise"} <= set(ALL["stops.profiles.MOVE_TYPES"])
    assert {"michigan.kitty", "tripoli.pozo", "rummoli.deadlock"} <= set(ALL["stops.profiles.RULES"])


@pytest.mark.parametrize("module", MODULES)
def test_importing_one_module_gives_the_same_registries_as_importing_all(module, after_each):
    assert "error" not in after_each[module], after_each[module]
    assert after_each[module] == after_each["*"]


def test_every_event_a_page_lays_out_is_an_event_type_of_some_game():
    from stops.messages import DISPLAYS
    from stops.profiles import EVENT_TYPES

    assert set(DISPLAYS) <= set(EVENT_TYPES), set(DISPLAYS) - set(EVENT_TYPES)
    assert set(DISPLAYS.values()) == {"hands", "cards", "notice", "out"}


def test_every_transfer_a_page_lays_out_on_its_own_is_a_kind_of_payment():
    from stops.events import TRANSFER_KINDS
    from stops.messages import TRANSFER_DISPLAYS
    from stops.profiles import EVENT_TYPES

    assert {kind for _, kind in TRANSFER_DISPLAYS} <= set(TRANSFER_KINDS)
    assert {type_ for type_, _ in TRANSFER_DISPLAYS} <= set(EVENT_TYPES)
    assert set(TRANSFER_DISPLAYS.values()) == {"win"}
