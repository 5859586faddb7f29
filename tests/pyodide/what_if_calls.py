"""Ask stops.web the build's first-level "What if?" questions as the site's worker asks them
(`call("branch", args)`), and compare each answer with the one the build shipped.

    what_if_calls.py QUESTIONS.json

QUESTIONS.json: [{"args": [doc_json, step, move_json, bot, seed], "shipped": "<answer text>"}].
Prints {"platform", "asked", "differ": [the first few that differ]} as JSON. Used by
test_what_if_on_pyodide.py under Pyodide (tools/pyodide_run.mjs).
"""

import json
import sys

from stops import web

questions = json.loads(open(sys.argv[1], encoding="utf-8").read())
differ = []
for question in questions:
    got = web.call("branch", json.dumps(question["args"], ensure_ascii=False))
    # What the worker receives: the call's envelope around the answer's own text.
    if got != '{"ok":true,"result":' + question["shipped"] + "}":
        differ.append({"args": question["args"][1:], "got": got[:300]})
print(json.dumps({"platform": sys.platform, "asked": len(questions), "differ": differ[:5]}, ensure_ascii=False))
