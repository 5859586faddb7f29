"""The play page's browser models (site/static/model/table.mjs and share.mjs), run under Node
on sessions the engine played: whose decision, undo, the session ledger, share links, storage."""

import json
import random
import subprocess
from pathlib import Path

import pytest
from node_tests import node_or_skip

from stops import web
from site_build.play import boards, drawn_board, player_ranges
from stops.profiles import PROFILES

HERE = Path(__file__).resolve().parent
READER = "Ana"
NAMES = [READER, "Ben", "Cleo", "Dev"]


def ok(op, *args):
    answer = json.loads(web.call(op, json.dumps(list(args))))
    assert answer["ok"], answer
    return answer["result"]


def step(state):
    doc = state["document"]
    if state["stage"] == "next-round":
        return ok("next_round", doc, READER)
    if state["controller"] == "person":
        move = state["legal"][0]
        if isinstance(move.get("bid"), dict):
            move = {"player": move["player"], "bid": move["bid"]["min"]}
        return ok("apply", doc, move, READER)
    return ok("bot_move", doc, READER, 5)


def run(state, until):
    for _ in range(5000):
        if until(state):
            return state
        state = step(state)
    raise AssertionError("never reached")


def setup(game, **extra):
    return {"game": game, "players": NAMES, "bots": {n: "basic" for n in NAMES[1:]}, "seed": 4} | extra


def count_cases(profile, tries: int = 40) -> list[dict]:
    """Option values chosen at random (some of the choices and booleans changed from their
    defaults) with the counts the configured profile allows and the board it draws."""
    rng = random.Random(profile.name)
    named = [o for o in profile.options if isinstance(o.default, bool) or o.choices]
    cases = []
    for _ in range(tries):
        values = {o.name: rng.choice((False, True) if isinstance(o.default, bool) else o.choices)
                  for o in named if rng.random() < 0.5}
        configured = profile.configure(values)
        cases.append({"values": values, "range": {"min": configured.min_players, "max": configured.max_players},
                      "board": drawn_board(configured)})
    return cases


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory):
    start = ok("new_session", setup("rummoli", length=2), READER)
    decisions = []
    state = start
    seen = set()
    legal = []  # the reader's legal moves at each of their decisions
    while state["stage"] != "over":
        kind = {"over": "over", "next-round": "next-round"}.get(state["stage"]) or ("reader" if state["controller"] == "person" else "bot")
        if kind == "reader":
            legal.append(state["legal"])
        if kind not in seen:
            seen.add(kind)
            decisions.append({"state": state, "expected": kind})
        state = step(state)
    decisions.append({"state": state, "expected": "over"})
    mid = run(start, lambda s: s["controller"] == "person" and sum(m["player"] == READER for m in s["document"]["rounds"][-1]["moves"]) >= 2)
    new_round = run(start, lambda s: len(s["document"]["rounds"]) == 2)
    # The engine's own earlier position: the same table replayed to just before the reader's last move.
    last = max(i for i, m in enumerate(mid["document"]["rounds"][-1]["moves"]) if m["player"] == READER)
    undone = run(start, lambda s: s["stage"] == "play" and len(s["document"]["rounds"]) == len(mid["document"]["rounds"])
                 and len(s["document"]["rounds"][-1]["moves"]) == last)
    full = [{"game": game, "document": run(ok("new_session", setup(game, length=1), READER), lambda s: s["stage"] == "over")["document"]}
            for game in sorted(PROFILES)]
    # A Tripoli round's walkthrough: the holding awards and the showdown open it.
    tripoli = ok("new_session", setup("tripoli"), READER)
    tripoli_walk = ok("round_walkthrough", tripoli["document"])
    # The reader's first decision after a bot's move, that move's answer, the reader's move on
    # from there, and the round so far told from its start: the reducer's steps.
    first_bot = next(d["state"] for d in decisions if d["expected"] == "bot")
    after_bot = step(first_bot)
    mid_walk = ok("round_walkthrough", mid["document"])
    # A whole round of Pope Joan: sections won as their cards are played, then a player going out.
    pope = run(ok("new_session", setup("pope_joan", length=1), READER), lambda s: s["stage"] == "over")
    pay_card_walk = ok("round_walkthrough", pope["document"], 0)
    # How many may play under each choice of the options that change it, as the engine's profiles
    # say (the play page and the editor look it up in the build's table, site_build/play.py).
    counts = [{"game": game, "players": player_ranges(PROFILES[game]), "boards": boards(PROFILES[game]),
               "cases": count_cases(PROFILES[game])} for game in sorted(PROFILES)]
    data = {"reader": READER, "playerCounts": counts, "decisions": decisions, "midRound": mid, "newRound": new_round,
            "undoneDocument": undone["document"], "over": state, "readerLegal": legal, "fullRounds": full, "tripoliWalk": tripoli_walk,
            "botTurn": first_bot, "afterBot": after_bot, "midWalk": mid_walk, "start": start,
            "payCardWalk": pay_card_walk}
    path = tmp_path_factory.mktemp("play") / "fixtures.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_play_models_pass_under_node(fixtures):
    node = node_or_skip()
    proc = subprocess.run([node, "--test", "--test-reporter=spec", str(HERE / "play_models.test.mjs")],
                          capture_output=True, text=True, env={"PLAY_FIXTURES": str(fixtures), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "fail 0" in proc.stdout and "pass 28" in proc.stdout, proc.stdout


def test_the_play_pages_reducer_passes_under_node(fixtures):
    node = node_or_skip()
    proc = subprocess.run([node, "--test", "--test-reporter=spec", str(HERE / "session.test.mjs")],
                          capture_output=True, text=True, env={"PLAY_FIXTURES": str(fixtures), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "fail 0" in proc.stdout and "pass 0" not in proc.stdout, proc.stdout
