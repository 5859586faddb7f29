#!/usr/bin/env python3
"""Build the stops site: site/ content + templates/ + catalogs -> _site/.

    python build.py                 # build into _site/
    python build.py --out DIR       # build elsewhere
    python build.py --serve         # build, serve on 127.0.0.1:8000, rebuild on change
    python build.py --content DIR   # another content folder (the tests use this)

Every page is read and checked before anything is written; any problem stops the build
with `file:line: reason`.
"""

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from site_build.errors import BuildError
from site_build.site import REPO, Sources, build


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "_site", help="output folder (default _site/)")
    parser.add_argument("--content", type=Path, help="content folder (default site/content/)")
    parser.add_argument("--root", type=Path, help="folder that `file:` examples are relative to (default: the repo)")
    parser.add_argument("--serve", action="store_true", help="serve on 127.0.0.1 and rebuild on change")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    sources = Sources()
    if args.content:
        sources = replace(sources, content=args.content.resolve())
    if args.root:
        sources = replace(sources, root=args.root.resolve())
    if args.serve:
        from site_build.serve import serve

        serve(sources, args.out, args.port)
        return 0
    try:
        count, seconds = build(sources, args.out)
    except BuildError as err:
        print(f"build failed:\n{err}", file=sys.stderr)
        return 1
    print(f"built {count} pages into {args.out} in {seconds:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
