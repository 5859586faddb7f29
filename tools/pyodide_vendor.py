"""Vendor the Pyodide runtime and the engine wheel into one directory a page can load.

    python tools/pyodide_vendor.py --out DIR --wheel dist/stops-X.Y.Z-py3-none-any.whl

Copies from node_modules/pyodide what ``loadPyodide()`` fetches by default
(pyodide.mjs / pyodide.js, pyodide.asm.mjs, pyodide.asm.wasm,
python_stdlib.zip, pyodide-lock.json), copies the wheel(s) beside them and
registers them in DIR/pyodide-lock.json with ``pyodide lockfile add-wheels``
(pyodide-build / pyodide-lock), so that in a page

    const pyodide = await loadPyodide({indexURL: "pyodide/"});
    await pyodide.loadPackage("stops");   // sha256-checked against the lockfile

works without any network access but to the site itself.

By default the lockfile keeps only the packages whose files are in DIR (the
engine wheel), since the others would be 404s there; --keep-all-packages keeps
Pyodide's full package list. Must run with a Python that has pyodide-build
and pkginfo installed (the project's .venv).

The standard library archive is trimmed to what the engine can import (--full-stdlib
keeps Pyodide's whole archive): Pyodide's own start-up (its `_pyodide` package, the
`pyodide` modules its JavaScript imports by name, `site` and the codecs), every module the
engine's wheel imports anywhere (at the top of a module or inside a function, found
with ast), the few that Pyodide or the standard library import inside functions on the
paths the site takes (found by running them: tests/pyodide/every_operation.py), and
everything those import when they are imported, transitively. Their comments are taken
out (each line kept in its place; a module whose syntax tree would change stays as it
is). The archive is written deterministically (sorted names, fixed dates, deflate level
9): the same inputs give the same bytes, so the memory snapshot's cache key holds; each
is kept in build/stdlib-cache/ under a digest of its inputs.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_PYODIDE = REPO / "node_modules" / "pyodide"
# Trimmed archives, under a digest of what makes them (the archive, the wheels, this file).
STDLIB_CACHE = REPO / "build" / "stdlib-cache"

# What loadPyodide() loads by default, plus both entry points (module and
# classic script). Each must exist in the npm package.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Older Pyodide releases shipped a classic-script asm loader too.
OPTIONAL_FILES = ("pyodide.asm.js",)
LOCKFILE = "pyodide-lock.json"
STDLIB = "python_stdlib.zip"

# What Pyodide's start-up imports from the archive: CPython's `site`, its own `_pyodide` package
# (its core's Python half), and the modules its JavaScript imports by name (pyodide.asm.mjs:
# `import_module("pyodide.code")`, ...).
STDLIB_PACKAGES = ("_pyodide",)
STDLIB_STARTUP = ("site", "sitecustomize", "usercustomize", "importlib", "functools", "pyodide", "pyodide.code",
                  "pyodide.ffi", "pyodide._package_loader", "pyodide.webloop", "pyodide._state")
# Codecs are looked up by name at run time (`encodings.search_function`), which no import
# statement shows: the ones a text, a path or a zip member's name can need (cp437: zipfile's
# names without the UTF-8 flag, as loadPackage reads a wheel).
STDLIB_CODECS = ("encodings.aliases", "encodings.ascii", "encodings.cp437", "encodings.latin_1",
                 "encodings.utf_8", "encodings.utf_8_sig", "encodings.utf_16", "encodings.utf_32",
                 "encodings.raw_unicode_escape", "encodings.unicode_escape")
# Imported inside a function on a path the site takes, so not found by following the imports
# that run when a module is imported: loadPackage("stops") (the worker when the build made no
# snapshot) reads the wheel's metadata (importlib.metadata, email) and unpacks it (tarfile,
# zipfile, sysconfig). tests/pyodide/test_runtime_stdlib.py runs every path under Pyodide
# with the whole archive and fails when a module it reads from it is not here.
STDLIB_LAZY = ("importlib.metadata", "email", "tarfile", "zipfile", "sysconfig",
               "_sysconfigdata__emscripten_wasm32-emscripten")
# An import inside a function of a module that cannot parse here (a newer Python's syntax)
# is found by this pattern; `def` blocks are skipped by their indentation.
_IMPORT_LINE = re.compile(
    r"^([ \t]*)(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^#\n]+)|import[ \t]+([^#\n]+))", re.M)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pyodide_cli() -> list[str]:
    """The `pyodide` command of the Python running this script (its venv)."""
    exe = Path(sys.executable).parent / "pyodide"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("pyodide")
    if found:
        return [found]
    sys.exit(
        "pyodide_vendor: the `pyodide` command (pyodide-build) is not installed for "
        f"{sys.executable}; run `make setup` (dev extra: pyodide-build, pkginfo)"
    )


def copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and sha256(dst) == sha256(src):
        return
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copyfile(src, tmp)
    os.replace(tmp, dst)


def _absolute(level: int, module: str, package: str) -> str:
    """The absolute name of `from <level dots><module> import ...` in `package`."""
    if not level:
        return module
    parts = package.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join([*base, module] if module else base)


def _imports_by_lines(text: str, package: str, everywhere: bool) -> list[tuple[str, tuple[str, ...]]]:
    """The imports of a module this Python cannot parse, line by line (inside `def`s too if `everywhere`)."""
    found = []
    inside_def = None  # the indentation of the `def` whose body the scan is in
    for match in re.finditer(r"^([ \t]*)(\S.*)$", text, re.M):
        indent, line = len(match.group(1)), match.group(2)
        if line.startswith("#"):
            continue
        if inside_def is not None and indent > inside_def and not everywhere:
            continue
        inside_def = indent if re.match(r"(async[ \t]+)?def[ \t]", line) else None
        statement = _IMPORT_LINE.match(text, match.start())
        if statement is None:
            continue
        if statement.group(4):
            found += [(part.split(" as ")[0].strip(), ()) for part in statement.group(4).split(",")]
        else:
            dots = len(statement.group(2)) - len(statement.group(2).lstrip("."))
            names = statement.group(3).strip().strip("()").replace("\\\n", " ").split(",")
            found.append((_absolute(dots, statement.group(2).lstrip("."), package),
                          tuple(n.split(" as ")[0].strip() for n in names if n.strip())))
    return found


def module_imports(source: bytes, name: str, is_package: bool, everywhere: bool) -> list[tuple[str, tuple[str, ...]]]:
    """Every `(module, names)` a module imports, as absolute names: the imports that run when
    it is imported (at its top, in a class body, under an `if` or `try`) or when a name is
    imported from it (its module-level `__getattr__`, as `concurrent.futures` has), and also
    those inside its functions when `everywhere`. `names` are those of `from module import names`, which
    may be submodules."""
    package = name if is_package else name.rpartition(".")[0]
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a newer Python's syntax (the archive is Pyodide's Python)
        return _imports_by_lines(source.decode("utf-8", "replace"), package, everywhere)
    found = []
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((_absolute(node.level, node.module or "", package), tuple(a.name for a in node.names)))
        if everywhere:
            todo.extend(ast.iter_child_nodes(node))
        elif _is_main_block(node):  # `if __name__ == "__main__":` runs as a script only
            todo.extend(node.orelse)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))
    return found


def getattr_imports(source: bytes, name: str, is_package: bool) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """What `from module import NAME` imports through the module's own `__getattr__` (as
    `concurrent.futures` gives ProcessPoolExecutor): {NAME: imports}, from each branch
    `if name == "NAME":` of it."""
    package = name if is_package else name.rpartition(".")[0]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    found: dict[str, list] = {}
    for function in tree.body:
        if not (isinstance(function, ast.FunctionDef) and function.name == "__getattr__"):
            continue
        for branch in function.body:
            test = getattr(branch, "test", None)
            if not (isinstance(branch, ast.If) and isinstance(test, ast.Compare)):
                continue
            named = [c.value for c in (test.left, *test.comparators) if isinstance(c, ast.Constant)]
            for node in (n for statement in branch.body for n in ast.walk(statement)):
                if isinstance(node, ast.ImportFrom):
                    for key in named:
                        found.setdefault(key, []).append(
                            (_absolute(node.level, node.module or "", package), tuple(a.name for a in node.names)))
                elif isinstance(node, ast.Import):
                    for key in named:
                        found.setdefault(key, []).extend((alias.name, ()) for alias in node.names)
    return found


def _is_main_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return (isinstance(node, ast.If) and isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


def _module_name(path: str) -> tuple[str, bool]:
    """`a/b/__init__.py` -> ("a.b", True); `a/c.py` -> ("a.c", False)."""
    stem = path[: -len(".py")].replace("/", ".")
    return (stem[: -len(".__init__")], True) if stem.endswith(".__init__") else (stem, False)


def engine_imports(wheels: list[Path]) -> set[str]:
    """Every module the wheels' code imports, anywhere in it, but their own."""
    own, found = set(), set()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for path in archive.namelist():
                if path.endswith(".py"):
                    name, is_package = _module_name(path)
                    own.add(name.partition(".")[0])
                    for module, names in module_imports(archive.read(path), name, is_package, everywhere=True):
                        found.add(module)
                        found.update(f"{module}.{n}" for n in names if n != "*")
    return {name for name in found if name and name.partition(".")[0] not in own}


def stdlib_modules(archive: zipfile.ZipFile, wheels: list[Path]) -> dict[str, str]:
    """The modules of Pyodide's standard library archive the engine can import: {module: file}."""
    files = set(archive.namelist())
    by_name = {}
    for path in files:
        if path.endswith(".py"):
            by_name[_module_name(path)[0]] = path
    roots = {name for name in by_name if name.partition(".")[0] in STDLIB_PACKAGES}
    roots |= {*STDLIB_STARTUP, *STDLIB_CODECS, *STDLIB_LAZY, *engine_imports(wheels)}
    keep: dict[str, str] = {}
    lazy: dict[str, dict] = {}  # module -> its __getattr__'s imports by name
    # Module names, and (module, name) for `from module import name`, which waits in
    # `deferred` until the module itself has been read.
    todo: list = sorted(roots) + sorted(tuple(r.rsplit(".", 1)) for r in roots if "." in r and r not in by_name)
    deferred: list = []
    while todo or deferred:
        if not todo:
            todo = [item for item in deferred if item[0] in keep]
            deferred = [item for item in deferred if item[0] not in keep]
            if not todo:
                break
        item = todo.pop()
        if isinstance(item, tuple):
            module, attribute = item
            if module not in keep:
                if module in by_name:
                    deferred.append(item)
                continue
            for imported, names in lazy[module].get(attribute, ()):
                todo.append(imported)
                todo += [f"{imported}.{n}" for n in names if n != "*"] + [(imported, n) for n in names if n != "*"]
            continue
        name = item
        if name in keep or name not in by_name:  # a built-in module (in the wasm), or none
            continue
        path = keep[name] = by_name[name]
        source, is_package = archive.read(path), path.endswith("/__init__.py")
        lazy[name] = getattr_imports(source, name, is_package)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # its packages
        for module, names in module_imports(source, name, is_package, everywhere=False):
            todo.append(module)
            todo += [f"{module}.{n}" for n in names if n != "*"]
            todo += [(module, n) for n in names if n != "*"]
    return dict(sorted(keep.items()))


def without_comments(source: bytes) -> bytes:
    """The module's source with its comments taken out and every line kept where it was (a
    traceback's line numbers hold). Unchanged unless this Python parses both to the same syntax
    tree: a module of a newer Python's syntax stays as it is."""
    try:
        tokens = [t for t in tokenize.tokenize(io.BytesIO(source).readline) if t.type == tokenize.COMMENT]
        lines = source.decode("utf-8").splitlines(keepends=True)
        for token in reversed(tokens):
            (row, start), (_, end) = token.start, token.end
            if row <= 2 and re.match(r"#.*coding[:=]", token.string):  # the encoding declaration stays
                continue
            line = lines[row - 1]
            lines[row - 1] = line[:start].rstrip(" \t") + line[end:]
        stripped = "".join(lines).encode("utf-8")
        if ast.dump(ast.parse(source)) != ast.dump(ast.parse(stripped)):
            return source
    except (SyntaxError, tokenize.TokenError, UnicodeDecodeError, ValueError):
        return source
    return stripped


def trim_stdlib(source: Path, target: Path, wheels: list[Path], cache: Path | None = None) -> list[str]:
    """Write the archive of `stdlib_modules` to `target`, comments out, deterministically;
    return the files it holds. With a `cache`, an archive made before from the same inputs is
    copied instead."""
    key = hashlib.sha256()
    for part in (source, *wheels, Path(__file__)):
        key.update(bytes.fromhex(sha256(part)))
    cached = cache / f"{key.hexdigest()[:32]}.zip" if cache is not None else None
    tmp = target.with_name(target.name + ".tmp")
    if cached is not None and cached.is_file():
        shutil.copyfile(cached, tmp)
    else:
        with zipfile.ZipFile(source) as archive, zipfile.ZipFile(tmp, "w") as trimmed:
            for path in sorted(stdlib_modules(archive, wheels).values()):
                info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3  # Unix, so that the mode below is read as one
                info.external_attr = 0o644 << 16
                trimmed.writestr(info, without_comments(archive.read(path)), compresslevel=9)
        if cached is not None:
            cache.mkdir(parents=True, exist_ok=True)
            partial = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
            shutil.copyfile(tmp, partial)
            os.replace(partial, cached)
    if target.exists() and target.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        os.replace(tmp, target)
    with zipfile.ZipFile(target) as archive:
        return archive.namelist()


def vendor(out: Path, wheels: list[Path], pyodide_dir: Path, keep_all: bool, full_stdlib: bool = False) -> dict:
    missing = [name for name in (*RUNTIME_FILES, LOCKFILE) if not (pyodide_dir / name).is_file()]
    if missing:
        sys.exit(
            f"pyodide_vendor: {pyodide_dir} lacks {', '.join(missing)}; "
            "run `make node_modules/.installed`"
        )
    for wheel in wheels:
        if not wheel.is_file() or not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"pyodide_vendor: {wheel} is not a pure-Python wheel file")

    out.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES + OPTIONAL_FILES:
        if name == STDLIB and not full_stdlib:
            trim_stdlib(pyodide_dir / name, out / name, wheels, STDLIB_CACHE)
        elif (pyodide_dir / name).is_file():
            copy_if_changed(pyodide_dir / name, out / name)

    # Stale wheels (an older engine version) must not linger beside the new one.
    keep = {w.name for w in wheels}
    for old in out.glob("*.whl"):
        if old.name not in keep:
            old.unlink()
    for wheel in wheels:
        copy_if_changed(wheel, out / wheel.name)

    new_lock = out / (LOCKFILE + ".new")
    subprocess.run(
        [
            *pyodide_cli(),
            "lockfile",
            "add-wheels",
            "--input",
            str(pyodide_dir / LOCKFILE),
            "--output",
            str(new_lock),
            "--base-path",
            str(out),
            *(w.name for w in wheels),
        ],
        cwd=out,
        check=True,
    )
    lock = json.loads(new_lock.read_text())
    new_lock.unlink()

    packages = lock["packages"]
    for wheel in wheels:
        entry = next((p for p in packages.values() if p["file_name"] == wheel.name), None)
        if entry is None:
            sys.exit(f"pyodide_vendor: {wheel.name} is not in the new lockfile")
        if entry["sha256"] != sha256(out / wheel.name):
            sys.exit(f"pyodide_vendor: sha256 of {wheel.name} in the lockfile is wrong")
    if not keep_all:
        lock["packages"] = {
            name: p for name, p in packages.items() if (out / p["file_name"]).is_file()
        }
    tmp = out / (LOCKFILE + ".tmp")
    tmp.write_text(json.dumps(lock, indent=None, sort_keys=True) + "\n")
    os.replace(tmp, out / LOCKFILE)
    return lock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="directory to fill")
    parser.add_argument(
        "--wheel", required=True, action="append", type=Path, help="pure wheel to add (repeatable)"
    )
    parser.add_argument(
        "--pyodide",
        type=Path,
        default=DEFAULT_PYODIDE,
        help="the npm pyodide package directory (default: node_modules/pyodide)",
    )
    parser.add_argument(
        "--keep-all-packages",
        action="store_true",
        help="keep Pyodide's whole package list in the lockfile (their files are not vendored)",
    )
    parser.add_argument(
        "--full-stdlib",
        action="store_true",
        help="copy Pyodide's whole standard library archive instead of the engine's part of it",
    )
    args = parser.parse_args(argv)
    out = args.out.resolve()
    lock = vendor(out, [w.resolve() for w in args.wheel], args.pyodide.resolve(), args.keep_all_packages,
                  args.full_stdlib)

    total = 0
    for path in sorted(out.iterdir()):
        if path.is_file():
            total += path.stat().st_size
            print(f"{path.stat().st_size:>12,}  {path.name}")
    print(f"{total:>12,}  total in {out} (Python {lock['info']['python']}, "
          f"packages: {', '.join(sorted(lock['packages']))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
