"""The engine is layered one way: a module imports only modules of lower layers, and only
at its top (never inside a function), so there is no import cycle, hidden or not.

cards → chips → events → ledger → moves → kernel → phases → profiles → round →
view/session/replay → heuristics → playout → hints → bots → web/cli (the full order is
LAYERS below). A new module takes its place in LAYERS; the test names any module missing.
"""

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PACKAGE = ENGINE / "stops"

# Lowest first. A module may import modules of earlier layers; within one layer, only
# modules listed before it in that layer.
LAYERS = [
    ["errors"],
    ["cards"],
    ["enums"],  # the fixed sets of values a profile's fields take
    ["owners"],  # where a card is: the owner codes
    ["seats"],  # the order round the table
    ["chips"],
    ["limits"],
    ["events"],
    ["words"],  # a game's nouns (their grammar is in the catalogs)
    ["messages"],  # every event as a message (reads only the events' JSON)
    ["narrate"],  # the messages in English, for the terminal
    ["ledger"],
    ["moves"],
    ["rules", "deal", "poker"],
    ["kernel", "kernel.sequence", "kernel.leads", "kernel.claims", "kernel.step", "kernel.betting", "kernel.auction",
     "kernel.sets", "kernel.showdown"],
    ["awards"],
    ["phases", "phases.automatic", "phases.holding", "phases.poker_phase", "phases.stops", "phases.betting",
     "phases.widow_exchange", "phases.ghost_auction", "phases.turn_up", "phases.staking"],
    ["profiles.base", "profiles.michigan", "profiles.tripoli", "profiles.rummoli", "profiles.newmarket", "profiles.nain_jaune",
     "profiles.poch", "profiles.pope_joan", "profiles"],
    ["round"],
    ["view", "session", "replay"],
    ["determinize", "heuristics"],
    ["playout"],
    ["hints"],
    ["bots"],
    ["table"],  # the play page's session tables
    ["editor"],  # the example editor: deals, deal checks, the stops-example block
    ["puzzles"],  # the puzzle generator: bot sessions, their decisions rated
    ["web", "cli", "__main__"],
    ["__init__"],
]
RANK = {name: (layer, index) for layer, names in enumerate(LAYERS) for index, name in enumerate(names)}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def resolve(name: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The engine modules an import statement in module ``name`` brings in."""
    if isinstance(node, ast.Import):
        return [alias.name[len("stops."):] for alias in node.names if alias.name.startswith("stops.")]
    if node.level == 0:
        if not (node.module or "").startswith("stops"):
            return []
        base = node.module[len("stops."):] if node.module != "stops" else ""
    else:
        package = name.split(".") if MODULES[name].name == "__init__.py" else name.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([node.module] if node.module else []))
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}" if base else alias.name
        found.append(sub if sub in MODULES else (base or "__init__"))
    return found


def imports(name: str):
    """(line, imported module, at top level?) for each engine import in module ``name``."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    top = set()
    for node in tree.body:
        top.add(node)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            top.update(node.body)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target in resolve(name, node):
                yield node.lineno, target, node in top
            if node not in top and not resolve(name, node):
                yield node.lineno, None, False


def test_every_engine_module_has_a_layer():
    missing = sorted(set(MODULES) - set(RANK))
    assert not missing, f"put these modules in LAYERS: {missing}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_imports_only_lower_layers_and_only_at_its_top(name):
    problems = []
    for line, target, at_top in imports(name):
        where = f"stops/{MODULES[name].relative_to(PACKAGE)}:{line}"
        if not at_top:
            problems.append(f"{where}: import inside a function or block ({target or 'a library'})")
        elif target is not None and target != name and RANK.get(target, (99,)) >= RANK.get(name, (-1,)):
            problems.append(f"{where}: {name} imports {target}, which is not below it")
    assert not problems, "\n".join(problems)
