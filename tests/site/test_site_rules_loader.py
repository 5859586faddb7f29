"""A rules page loads only pages/rules.mjs up front; when a table is needed, it asks for
every module the tables import at once (its MODULES list, preloaded), so that none waits for
another to arrive. The list must be exactly what they import, module by module."""

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "site" / "static"
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^"\';]*?from\s*["\'](\.{1,2}/[^"\']+)["\']', re.M)
DYNAMIC_IMPORT = re.compile(r'import\(\s*["\'](\.{1,2}/[^"\']+)["\']\s*\)')


def imports(module: Path, pattern=STATIC_IMPORT) -> set[Path]:
    return {(module.parent / name).resolve() for name in pattern.findall(module.read_text(encoding="utf-8"))}


def closure(roots: set[Path]) -> set[Path]:
    seen, queue = set(), list(roots)
    while queue:
        module = queue.pop()
        if module in seen:
            continue
        seen.add(module)
        queue += imports(module)
    return seen


def test_the_rules_loader_preloads_exactly_the_modules_its_tables_import():
    loader = STATIC / "pages" / "rules.mjs"
    text = loader.read_text(encoding="utf-8")
    listed = {(STATIC / name).resolve() for name in re.findall(r'"([\w/-]+\.mjs)"', text.split("const MODULES = [")[1].split("];")[0])}
    # What the loader imports when a table is needed, and everything those import up front
    # (a module's own later import(), like the share-link codec, is not needed to draw a table).
    needed = closure(imports(loader, DYNAMIC_IMPORT)) - {loader}
    assert needed, "the loader imports nothing"
    assert sorted(p.relative_to(STATIC).as_posix() for p in listed) == sorted(p.relative_to(STATIC).as_posix() for p in needed)
