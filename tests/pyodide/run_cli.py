"""The engine's CLI as a script, for tools/pyodide_run.mjs (`python -m stops` on Pyodide)."""

import sys

from stops.cli import main

sys.exit(main(sys.argv[1:]))
