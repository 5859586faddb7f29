"""Every example and every stops.web operation, called the way the site's engine worker calls them.

    every_operation.py [--quick]

For every example replay: its walkthrough, a "what if?" (every other legal move at its first
step and one later step, each played out by a bot), a hint, and the example editor's
operations. For every game: a session from the play page's set-up form played a few decisions
in (state, legal moves, a move, bots' moves, the next round, a round exported and walked
through, an import checked). Then the requests the engine answers with an error: an unknown
operation, bad arguments, a document that is not JSON, an illegal move.

Prints one JSON object: the platform, the answers' sha256 (CPython and Pyodide must agree),
how many answers were ok, every call that failed unexpectedly, and the modules imported
(`sys.modules`, and those of them read from the standard library archive), which tests/pyodide/test_runtime_stdlib.py compares with the trimmed
standard library. Runs under CPython and under Pyodide (tools/pyodide_run.mjs, or the worker's
way from the vendored runtime: tests/pyodide/run_vendored.mjs).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from stops import web
from stops.profiles import PROFILES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


ANSWERED: dict[str, int] = {}  # operation -> how many ok answers


def web_call(op: str, args) -> dict:
    answer = json.loads(web.call(op, json.dumps(args)))
    if answer["ok"]:
        ANSWERED[op] = ANSWERED.get(op, 0) + 1
    return answer


def concrete(move: dict) -> dict:
    """A legal move as a player makes it: a bid or bet given as a range takes its smallest amount."""
    return {key: value["min"] if isinstance(value, dict) and "min" in value else value for key, value in move.items()}


def example_calls(text: str, quick: bool) -> list[tuple[str, object, bool]]:
    """(op, args, must the answer be ok) for one example."""
    doc = json.loads(text)
    moves = doc["moves"]
    calls: list[tuple[str, object, bool]] = [("walkthrough", [text], True)]
    for step in sorted({0, len(moves) // 2}) if moves else []:
        start = {key: value for key, value in doc.items() if key not in ("notes", "session_end")}
        shown = json.loads(web.edit_state(json.dumps(dict(start, moves=moves[:step]))))
        others = [concrete(move) for move in shown["legal"] if concrete(move) != moves[step]][: 1 if quick else 3]
        for n, move in enumerate(others):
            bot = ("basic", "random", "expert")[n % 3]
            calls.append(("branch", [text, step, json.dumps(move, ensure_ascii=False), bot, n], True))
        calls.append(("hint", [text, step, 8 if quick else 40, step], True))
    calls += [
        ("edit_state", [text], True),
        ("check_deal", [text], True),
        ("game_pack", [text], True),
        ("example_block", [text, True], True),
        ("read_example_block", [f"```stops-example\n{text}\n```"], True),
        ("seeded_deal", [{"game": doc["game"], "options": doc.get("options", {}), "players": doc["players"],
                          "dealer": doc["dealer"]}, 11], True),
    ]
    return calls


def session_answers(profile, answers: list, failures: list) -> None:
    """A session at the play page's settings, a few decisions in, then its later operations."""
    players = ["A", "B", "C", "D"][: max(profile.min_players, min(4, profile.max_players))]
    setup = {"game": profile.name, "players": players, "seed": 7,
             "bots": {seat: bot for seat, bot in zip(players[1:], ("expert", "basic", "random"))}}

    def record(op, args, must=True):
        answer = web_call(op, args)
        answers.append(answer)
        if must and not answer["ok"]:
            failures.append([op, profile.name, answer["error"]])
        return answer

    # A session document before its first deal: the next round is its first.
    record("next_round", [{"format": "stops-session", **setup, "dealer": players[-1]}, "A"])
    answer = record("new_session", [setup, "A"])
    if not answer["ok"]:
        return
    doc = answer["result"]["document"]
    record("state", [doc, "A"])
    record("check_document", [json.dumps(doc)])
    for _ in range(8):
        legal = record("legal_moves", [doc])
        if not legal["ok"]:
            return
        due = legal["result"]
        if due["to_move"] is None:  # the round is over
            answer = record("next_round", [doc, "A"])
        elif due["to_move"] == "A":
            answer = record("apply", [doc, json.dumps(concrete(due["legal"][0]), ensure_ascii=False), "A"])
        else:
            answer = record("bot_move", [doc, "A", 12])
        if not answer["ok"]:
            return
        doc = answer["result"]["document"]
    record("export_round", [doc, 0])
    record("round_walkthrough", [doc, None])


def from_archive() -> list[str]:
    """The modules imported from the standard library archive (not built in, not frozen)."""
    found = []
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if ".zip/" in origin:
            found.append(name)
    return sorted(found)


def main() -> int:
    quick = "--quick" in sys.argv[1:]
    answers: list = []
    failures: list = []
    examples = sorted(EXAMPLES.glob("*/*.json"))
    for path in examples:
        text = path.read_text(encoding="utf-8")
        for op, args, must in example_calls(text, quick):
            answer = web_call(op, args)
            answers.append(answer)
            if must and not answer["ok"]:
                failures.append([op, path.name, answer["error"]])
    for profile in PROFILES.values():
        session_answers(profile, answers, failures)
    nine = (EXAMPLES / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8")
    errors = [
        ("nope", []),
        ("walkthrough", [nine, "extra", "arguments"]),
        ("walkthrough", ["{not json"]),
        ("branch", [nine, 1, json.dumps({"player": "A", "play": "J♦"})]),
        ("branch", [nine, 99, "{}"]),
        ("check_document", ['{"format": "stops-session", "game": "tripoli", "players": ["A"], "seed": 1}']),
        ("read_example_block", ["no block here"]),
    ]
    expected_errors = 0
    for op, args in errors:
        answer = web_call(op, args)
        answers.append(answer)
        refused = not answer["ok"] or answer["result"].get("valid") is False
        expected_errors += refused
        if not refused:
            failures.append([op, "an error expected", answer])
    text = json.dumps(answers, ensure_ascii=False, sort_keys=True)
    print(json.dumps({
        "platform": sys.platform,
        "examples": len(examples),
        "games": len(PROFILES),
        "calls": len(answers),
        "ok": sum(1 for answer in answers if answer["ok"]),
        "answered": dict(sorted(ANSWERED.items())),
        "operations": sorted(web.OPERATIONS),
        "errors_as_data": expected_errors,
        "failures": failures,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "modules": sorted(sys.modules),
        "from_archive": from_archive(),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
