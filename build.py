#!/usr/bin/env python3
"""Build the stops site: site/ content + templates/ + catalogs -> _site/.

    python build.py --wheel dist/stops-X.Y.Z-py3-none-any.whl   # build into _site/
    python build.py --wheel W --out DIR       # build elsewhere
    python build.py --wheel W --serve         # build, serve on 127.0.0.1:8000, rebuild on change
    python build.py --no-engine               # no Pyodide/engine in the site (no "What if?")
    python build.py --content DIR ...         # another content folder (the tests use this)

The engine wheel (`make wheel`) and the Pyodide runtime (node_modules/pyodide, `make node`)
go into `<out>/pyodide/`; without them the build fails unless --no-engine is given.

Every page is read and checked before anything is written; any problem stops the build
with `file:line: reason`.
"""

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from site_build.engine import Engine
from site_build.errors import BuildError
from site_build.site import REPO, Sources, build


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "_site", help="output folder (default _site/)")
    parser.add_argument("--content", type=Path, help="content folder (default site/content/)")
    parser.add_argument("--root", type=Path, help="folder that `file:` examples are relative to (default: the repo)")
    parser.add_argument("--serve", action="store_true", help="serve on 127.0.0.1 and rebuild on change")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--wheel", type=Path, help="the engine wheel to vendor (dist/stops-*.whl; `make wheel`)")
    parser.add_argument("--no-engine", action="store_true",
                        help="leave the Pyodide runtime and the engine out (the examples then have no \"What if?\")")
    args = parser.parse_args(argv)
    if args.no_engine and args.wheel:
        parser.error("--wheel and --no-engine exclude each other")
    if not args.no_engine and not args.wheel:
        print("build failed:\nno engine wheel: pass --wheel dist/stops-<version>-py3-none-any.whl "
              "(build it with `make wheel`), or --no-engine for a site without the live engine", file=sys.stderr)
        return 1
    engine = None if args.no_engine else Engine(args.wheel.resolve())
    sources = Sources()
    if args.content:
        sources = replace(sources, content=args.content.resolve())
    if args.root:
        sources = replace(sources, root=args.root.resolve())
    if args.serve:
        from site_build.engine import check_engine
        from site_build.serve import serve

        if engine is not None:
            try:
                check_engine(engine)
            except BuildError as err:
                print(f"build failed:\n{err}", file=sys.stderr)
                return 1

        serve(sources, args.out, args.port, engine)
        return 0
    try:
        count, seconds = build(sources, args.out, engine=engine)
    except BuildError as err:
        print(f"build failed:\n{err}", file=sys.stderr)
        return 1
    print(f"built {count} pages into {args.out} in {seconds:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
