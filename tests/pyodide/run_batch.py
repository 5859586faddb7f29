"""Run the engine's CLI several times in one interpreter (Pyodide starts slowly).

    run_batch.py '[["replay", "examples/a.json", "--json"], ...]'

Each run's stdout/stderr are captured and its exit status computed as for
`python -m stops ARGS`; the results are printed as one JSON list after a
line holding only MARKER, so that anything else written to the real stdout
cannot be mistaken for them.
"""

import io
import json
import sys
import traceback
from contextlib import redirect_stderr, redirect_stdout

MARKER = "=====stops-batch-results====="


def text_stream() -> io.TextIOWrapper:
    # Like a real sys.stdout: text with a .buffer beneath.
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n", write_through=True)


def run(argv: list[str]) -> dict:
    from stops.cli import main

    out, err = text_stream(), text_stream()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
        except BaseException:
            traceback.print_exc()
            code = 1
    if code is None:
        code = 0
    elif not isinstance(code, int):
        err.write(f"{code}\n")
        code = 1
    out.flush()
    err.flush()
    return {
        "argv": argv,
        "code": code,
        "stdout": out.buffer.getvalue().decode("utf-8"),
        "stderr": err.buffer.getvalue().decode("utf-8"),
    }


def main() -> int:
    runs = json.loads(sys.argv[1])
    results = [run(argv) for argv in runs]
    sys.stdout.write(f"\n{MARKER}\n{json.dumps(results)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
