"""Import every module the engine's source names in an import statement, wherever it stands
(at a module's top or inside a function), one by one; print the ones that fail as JSON.

    import_engine_imports.py ENGINE_DIR

Run in the site's runtime (tests/pyodide/run_vendored.mjs), this fails when the trimmed
standard library archive lacks a module the engine can reach.
"""

import ast
import importlib
import json
import sys
from pathlib import Path

root = Path(sys.argv[1])
sources = sorted(root.rglob("*.py"))
if not sources:
    sys.exit(f"no engine source under {root}")
modules, from_names = set(), set()
for path in sources:
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            modules.add(node.module)
            from_names.update((node.module, alias.name) for alias in node.names)
failed, imported = {}, []
for name in sorted(name for name in modules if name.partition(".")[0] != "stops"):
    try:
        importlib.import_module(name)
        imported.append(name)
    except Exception as error:  # noqa: BLE001 (a module that does not import, whatever the reason)
        failed[name] = f"{type(error).__name__}: {error}"
for module, name in sorted(from_names):
    if module.partition(".")[0] == "stops" or module in failed or name == "*":
        continue
    try:  # a name the module has, or gives through its __getattr__, else a submodule
        if not hasattr(importlib.import_module(module), name):
            importlib.import_module(f"{module}.{name}")
        imported.append(f"{module}.{name}")
    except Exception as error:  # noqa: BLE001
        failed[f"{module}.{name}"] = f"{type(error).__name__}: {error}"
print(json.dumps({"imported": imported, "failed": failed}))
