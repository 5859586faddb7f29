"""The build's first-level "What if?" answers (site_build/what_if.py) are what the engine in the
reader's browser would answer: every shipped answer, asked of `stops.web` on Pyodide (the npm
runtime under Node, the engine from its wheel, one process for all of them) as the site's worker
asks it, comes back byte for byte. (On CPython, in every language: tests/site/test_site_what_if.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from site_build.site import Sources, render_site

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "what_if_calls.py"


def questions() -> list[dict]:
    """Every shipped answer once (each example's folder is shared by its languages), with the
    request the widget sends for it from the English page."""
    outputs = render_site(Sources(), engine=True)
    asked, seen = [], set()
    for path in sorted(outputs):
        if not (path.startswith("en/examples/") and path.endswith(".json")):
            continue
        data = json.loads(outputs[path])
        if "what_if" not in data or data["what_if"]["href"] in seen:
            continue
        seen.add(data["what_if"]["href"])
        folder = data["what_if"]["href"]  # under the site root
        doc_json = json.dumps({**data["document"], "moves": [step["move"] for step in data["walk"]["steps"]]},
                              ensure_ascii=False)
        for step in data["what_if"]["steps"]:
            for answer in json.loads(outputs[f"{folder}{step}.json"])["answers"]:
                branch = answer["branch"]
                asked.append({"args": [doc_json, branch["step"], json.dumps(branch["move"], ensure_ascii=False),
                                       branch["bot"], branch["seed"]],
                              "shipped": json.dumps(answer, ensure_ascii=False, separators=(",", ":"))})
    return asked


def test_every_shipped_answer_is_what_stops_web_branch_returns_on_pyodide(pyodide_run, tmp_path):
    asked = questions()
    assert len(asked) > 100
    (tmp_path / "questions.json").write_text(json.dumps(asked, ensure_ascii=False), encoding="utf-8")
    proc = pyodide_run(SCRIPT, "questions.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    there = json.loads(proc.stdout)
    assert there["platform"] == "emscripten"
    assert there["asked"] == len(asked) and there["differ"] == [], there["differ"]
