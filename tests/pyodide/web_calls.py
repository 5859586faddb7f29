"""Call stops.web the way the site's engine worker does; print the answers as one JSON list.

    web_calls.py '[["branch", [DOC_TEXT, 0, MOVE_TEXT]], ...]'

Used by test_web_on_pyodide.py, under Pyodide (tools/pyodide_run.mjs) and under CPython.
"""

import json
import sys

import stops
from stops import web

calls = json.loads(sys.argv[1])
answers = [json.loads(web.call(op, json.dumps(args))) for op, args in calls]
print(json.dumps({"platform": sys.platform, "stops": stops.__file__, "answers": answers}, ensure_ascii=False))
