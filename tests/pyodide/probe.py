"""What tools/pyodide_run.mjs promises, seen from inside: used by test_pyodide_run.py."""

import json
import os
import sys

what = sys.argv[1]
if what == "env":
    import stops  # from the wheel, not from the repository

    print(json.dumps({
        "argv": sys.argv,
        "cwd": os.getcwd(),
        "platform": sys.platform,
        "version": list(sys.version_info[:3]),
        "stops_file": stops.__file__,
        "stops_path": list(getattr(stops, "__path__", [])),
        "path0": sys.path[0],
        "repo_visible": os.path.isfile("pyproject.toml"),
    }))
elif what == "streams":
    # Partial lines, many lines, non-ASCII, bytes on the buffer, both streams.
    sys.stdout.write("no newline yet|")
    sys.stdout.flush()
    sys.stderr.write("to stderr ✓\n")
    for i in range(3000):
        print(i, "é" * (i % 7))
    sys.stdout.buffer.write(b"raw bytes \xe2\x9c\x93\n")
    sys.stdout.write("last line without newline")
    sys.exit(int(sys.argv[2]))
elif what == "raise":
    def fail():
        raise ValueError("boom from probe")

    fail()