"""Untrusted documents and requests: every one gets a result or the engine's clean error.

A clean error is a :class:`~stops.errors.StopsError` with a message free of control
characters, the ``path`` of the offending field or move and the ``rule`` it breaks; the CLI
prints it as one line with exit status 2, ``stops.web.call`` returns it as data. Beyond a
limit of :mod:`stops.limits` the error names the limit.
"""

import json
from fractions import Fraction
import subprocess
import sys
from pathlib import Path

import pytest

from stops import limits, web
from stops import table as tables
from stops.cards import parse_card as parse
from stops.errors import IllegalMove, LimitError, ReplayError, StopsError
from stops.moves import Redeal
from stops.replay import load_replay, walkthrough

REPO = Path(__file__).resolve().parents[2]
NINE = json.loads((REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8"))
FULL = json.loads((REPO / "examples" / "michigan" / "full-hand.json").read_text(encoding="utf-8"))


def refused(doc) -> StopsError:
    with pytest.raises(StopsError) as error:
        load_replay(doc).play()
    return error.value


def changed(doc: dict, **fields) -> dict:
    return {**json.loads(json.dumps(doc)), **fields}


def run_cli(*args, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "stops", *args], capture_output=True, cwd=REPO, input=stdin,
                          env={"PYTHONPATH": str(REPO / "engine"), "PYTHONIOENCODING": "utf-8"})


# ----- versions -------------------------------------------------------------------


@pytest.mark.parametrize("version", [True, 1.0, "1", 2])
def test_only_the_whole_number_1_is_version_1(version):
    error = refused(changed(NINE, version=version))
    assert error.path == "version" and "version 1" in error.message


# ----- numbers ----------------------------------------------------------------------


@pytest.mark.parametrize("amount", ["1e5000", "1e100000000", "9" * 5000, 10**16, "1/0x", "1/0"])
def test_an_amount_too_large_or_malformed_is_refused_at_its_field(amount):
    error = refused(changed(NINE, board={"QD": amount}))
    assert error.path == "board.QD"
    assert isinstance(error, LimitError) == (amount in ("9" * 5000, 10**16))


def test_a_json_integer_of_thousands_of_digits_is_refused_by_the_number_limit():
    text = json.dumps(changed(NINE, board={"QD": 1})).replace('"QD": 1', '"QD": ' + "7" * 5000)
    error = refused(text)
    assert isinstance(error, LimitError) and f"the limit is {limits.MAX_DIGITS}" in error.message


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1000000001e999990"])
def test_a_json_number_beyond_a_floats_range_is_refused_by_the_number_limit_in_every_web_operation(number):
    """Read as a float it would be infinity, which no strict JSON answer can carry (the fuzz harness
    found a card written 1000000001e999990 reaching the session cache's digest)."""
    text = json.dumps(NINE, ensure_ascii=False).replace('"5♠"', number, 1)
    assert number in text
    error = refused(text)
    assert isinstance(error, LimitError) and "beyond the range of a JSON number" in error.message
    for op in ("walkthrough", "example_block"):
        reply = answer(op, json.dumps({"doc_json": text}))
        assert reply["ok"] is False and "beyond the range" in reply["error"]["message"], op
    checked = answer("check_document", json.dumps({"doc_json": text}))["result"]
    assert checked["valid"] is False and "beyond the range" in checked["error"]["message"]
    session = json.dumps(tables.new_session({"game": "pope_joan", "players": ["A", "B", "C"], "bots": {}, "seed": 5}))
    first = json.loads(session)["rounds"][0]["deal"]["hands"]["A"][0]
    session = session.replace(json.dumps(first), number, 1)
    for op, args in (("state", {"seat": 0}), ("legal_moves", {}), ("export_round", {"round": 0}),
                     ("round_walkthrough", {"round": 0}), ("apply", {"move_json": "{}", "seat": 0})):
        reply = answer(op, json.dumps({"doc_json": session, **args}))
        assert reply["ok"] is False and "beyond the range" in reply["error"]["message"], op
    with pytest.raises(LimitError):
        load_replay(changed(NINE, board={"QD": float("inf")}))


def test_an_exact_fraction_within_the_limits_is_read_exactly():
    hand, _ = load_replay(changed(NINE, board={"QD": "7/3"})).play()
    assert hand.start_board["QD"] * 3 == 7


# ----- structure ------------------------------------------------------------------


def test_deep_nesting_is_refused_by_the_depth_limit_not_a_recursion_error():
    error = refused('{"title": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert isinstance(error, LimitError) and f"the limit is {limits.MAX_DEPTH}" in error.message
    deep: list = []
    for _ in range(limits.MAX_DEPTH + 5):
        deep = [deep]
    assert isinstance(refused(changed(NINE, title=deep)), LimitError)


def test_a_document_larger_than_the_size_limit_is_refused_before_it_is_parsed():
    error = refused(json.dumps(changed(NINE, description="x" * limits.MAX_DOCUMENT)))
    assert isinstance(error, LimitError) and "the limit is" in error.message


def test_more_moves_than_the_limit_are_refused_naming_the_limit():
    error = refused(changed(NINE, moves=[{"player": "A", "play": "5♠"}] * (limits.MAX_MOVES + 1)))
    assert isinstance(error, LimitError) and error.path == "moves" and str(limits.MAX_MOVES) in error.message


def test_more_redeals_than_the_limit_are_refused_naming_the_limit():
    redeal = {"redeal": FULL["deal"]}
    error = refused(changed(FULL, moves=[redeal] * (limits.MAX_REDEALS + 1)))
    assert isinstance(error, LimitError) and str(limits.MAX_REDEALS) in error.message


@pytest.mark.parametrize("hands", ["A B", ["A"], None, 3, {"A": "2♠"}])
def test_a_malformed_redeal_is_a_format_error_at_the_move(hands):
    error = refused(changed(FULL, moves=[{"redeal": {"hands": hands, "widow": []}}]))
    assert isinstance(error, ReplayError) and error.path.startswith("moves[0].redeal")


# ----- text --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["\udc80", "A\nB", "\x1b[31mred", "\u202eevil", "x" * 41])
def test_a_player_name_is_short_printable_text(name):
    players = [name] + NINE["players"][1:]
    error = refused(changed(NINE, players=players))
    assert error.path == "players[0]"


@pytest.mark.parametrize("field", ["a\nb", "\x1b[2Jclear", "\udcff", "\u2028line"])
def test_control_characters_in_a_field_name_never_reach_the_error_line(field):
    error = refused(changed(NINE, **{field: 1}))
    line = str(error)
    assert line.isprintable() and "\\" in line and error.to_json()["path"].isprintable()


def test_a_lone_surrogate_in_a_player_name_gives_the_cli_one_error_line(tmp_path):
    doc = changed(NINE, players=["\udc80"] + NINE["players"][1:], dealer="\udc80")
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    proc = run_cli("replay", str(path))
    lines = proc.stderr.decode("utf-8").splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and lines[0].startswith("stops: error: ") and "players[0]" in lines[0]


def test_a_file_that_is_not_utf8_gives_the_one_line_error(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(NINE, ensure_ascii=False).encode("latin-1", errors="replace") + b"\xff\xfe")
    proc = run_cli("replay", str(path))
    lines = proc.stderr.decode("utf-8").splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "not UTF-8" in lines[0]


# ----- the web API ------------------------------------------------------------------


def answer(op, args_text: str) -> dict:
    text = web.call(op, args_text)
    return json.loads(text)  # strict JSON: no NaN, no Infinity


@pytest.mark.parametrize("seed", ["NaN", "Infinity", "-Infinity", "1.5", "true", "1e400", '"7"'])
def test_a_branch_seed_is_a_whole_number_and_the_answer_is_strict_json(seed):
    args = '[%s, 0, %s, "basic", %s]' % (json.dumps(json.dumps(NINE)), json.dumps(json.dumps({"player": "A", "play": "5♠"})), seed)
    reply = answer("branch", args)
    assert reply["ok"] is False and set(reply["error"]) == {"message", "path", "rule"}


@pytest.mark.parametrize("args", ["[1, 2, 3, 4, 5, 6]", '{"nope": 1}', '"text"', "[null]", "{", "[" * 50])
def test_web_call_answers_every_malformed_request_with_the_engine_error_shape(args):
    for op in web.OPERATIONS:
        reply = answer(op, args)
        if op in ("walkthrough", "branch") or not reply["ok"]:
            assert reply["ok"] is False and set(reply["error"]) == {"message", "path", "rule"}
            assert "bug" not in reply["error"]["message"]


# ----- amounts and hands the rules meet late ------------------------------------------

EXAMPLES = sorted((REPO / "examples").rglob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fractional_board_amounts_give_serializable_events_splits_and_showdowns(path):
    from stops.profiles import PROFILES

    doc = json.loads(path.read_text(encoding="utf-8"))
    sections = PROFILES[doc["game"]].configure(doc.get("options", {})).section_ids()
    # Thirds, none of them whole (a grand opéra takes all five of them: still a fraction).
    doc["board"] = {sid: f"{7 + 3 * i}/3" for i, sid in enumerate(sections)}
    reply = json.loads(web.call("walkthrough", json.dumps([json.dumps(doc)])))
    assert reply["ok"] is True, reply["error"]
    result = reply["result"]["result"]
    figures = list(result["board"].values()) + [p["balance"] for p in result["players"].values()]
    assert any(isinstance(a, str) and "/" in a for a in figures)


def test_a_card_repeated_inside_one_final_showdown_hand_is_refused_at_that_hand():
    doc = json.loads((REPO / "examples" / "rummoli" / "session-end-showdown.json").read_text(encoding="utf-8"))
    doc["session_end"]["deals"][0]["A"] = ["2♣", "2♣", "9♠", "J♥", "K♣"]
    with pytest.raises(StopsError) as caught:
        walkthrough(doc)  # the settlement checks the deals as it takes them
    error = caught.value
    assert error.path == "session_end.deals[0].A" and "2♣ is dealt twice" in error.message


def test_a_position_before_the_stops_phase_gives_every_player_a_card():
    doc = json.loads((REPO / "examples" / "rummoli" / "session-end-showdown.json").read_text(encoding="utf-8"))
    del doc["session_end"]
    doc["position"] = {"hands": {"A": [], "B": ["5♥", "9♣"], "C": ["3♦", "4♦", "6♥"]}, "widow": [], "phase": "betting"}
    doc["moves"] = []
    error = refused(doc)
    assert error.path == "position" and error.rule == "rummoli.deal" and "A hold(s) no card" in error.message


def test_a_redeal_whose_first_phase_cannot_start_is_refused_and_changes_nothing():
    hand = load_replay(NINE).start()
    before = (list(hand.ledger.balances), dict(hand.ledger.board), list(hand.owner), len(hand.log), hand.state.copy())
    empty_leader = ((), (parse("Q♦"),), (parse("10♦"),), (parse("6♠"),))
    with pytest.raises(IllegalMove) as error:
        hand.apply(Redeal(None, empty_leader, ()))
    assert error.value.rule == "michigan.misdeal"
    assert (list(hand.ledger.balances), dict(hand.ledger.board), list(hand.owner), len(hand.log), hand.state) == before
    assert hand.legal_moves()


# ----- bids --------------------------------------------------------------------------


@pytest.mark.parametrize("example, options", [
    ("tripoli/ghost-auction", {}),
    ("tripoli/ghost-auction", {"bankroll": "ledger"}),
    ("rummoli/widow-auction", {}),
])
def test_legal_moves_give_an_auctions_bids_as_one_range_whatever_the_stack(example, options):
    doc = json.loads((REPO / "examples" / f"{example}.json").read_text(encoding="utf-8"))
    doc["options"] = {**doc.get("options", {}), **options}
    doc["balances"] = {name: limits.MAX_AMOUNT for name in doc["players"]}
    walk = json.loads(web.walkthrough(json.dumps(doc)))
    views = [walk["start"]["view"]] + [step["view"] for step in walk["steps"]]
    ranges = [m["bid"] for view in views for m in view["legal"] if "bid" in m]
    assert ranges and all(set(r) == {"min", "max"} for r in ranges)
    assert all(r["max"] is None for r in ranges) if options else any(r["max"] > 10**8 for r in ranges)
    assert all(len(view["legal"]) <= 2 for view in views if view["phase"] in ("ghost-auction", "widow-exchange"))


def test_a_note_may_hold_the_no_break_spaces_of_french_typography_but_no_control_character():
    from stops.replay import walkthrough

    doc = json.loads((REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8"))
    told = walkthrough(doc | {"notes": {"0": "Comptez les carreaux\u202f: A en a trois.\nB\u00a0aussi."}})
    assert told["start"]["note"] == "Comptez les carreaux\u202f: A en a trois.\nB\u00a0aussi."
    reply = json.loads(web.call("walkthrough", json.dumps([json.dumps(doc | {"notes": {"0": "bad\u202etext"}})])))
    assert reply["ok"] is False and reply["error"]["path"] == "notes.0"


def antes_at_the_deal(path: Path) -> bool:
    doc = changed(json.loads(path.read_text(encoding="utf-8")), moves=[])
    doc.pop("notes", None)
    rnd = load_replay(doc).start()
    return any(getattr(e, "reason", None) == "ante" for e in rnd.start_events)


def one_example_per_game_with_antes_at_the_deal() -> list[Path]:
    """(Newmarket and Poch stake in a phase of their own: their stakes are moves.)"""
    seen, chosen = set(), []
    for path in EXAMPLES:
        if path.parent.name not in seen and antes_at_the_deal(path):
            seen.add(path.parent.name)
            chosen.append(path)
    return chosen


@pytest.mark.parametrize("path", one_example_per_game_with_antes_at_the_deal(), ids=lambda p: p.parent.name)
@pytest.mark.parametrize("flags", [[], ["--json"]], ids=["text", "json"])
def test_an_ante_capped_at_a_fractional_stack_is_told_exactly_by_the_cli(path, flags, tmp_path, capsys):
    from stops import cli
    from stops.profiles import PROFILES
    from stops.session import full_ante

    doc = json.loads(path.read_text(encoding="utf-8"))
    options = dict(doc.get("options", {}))
    if "bankroll" in {option.name for option in PROFILES[doc["game"]].options}:
        options["bankroll"] = "chips"
    profile = PROFILES[doc["game"]].configure(options)
    first = max(doc["players"], key=lambda name: full_ante(profile, name == doc["dealer"]))  # one who antes
    # Below the ante by a third: the ante is capped at the stack, a fraction of chips.
    stack = f"{3 * full_ante(profile, first == doc['dealer']) - 1}/3"
    # No moves: the antes are the start of the round, and a shorter stack may make later moves illegal.
    doc = changed(doc, options=options, balances={**doc.get("balances", {}), first: stack}, moves=[])
    doc.pop("session_end", None)
    doc.pop("notes", None)
    file = tmp_path / "fractional-stack.json"
    file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    status = cli.main(["replay", str(file), *flags])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    if flags:
        antes = [e for e in json.loads(out)["events"] if e.get("reason") == "ante" and e["from"] == {"player": first}]
        assert sum(Fraction(e["amount"]) for e in antes) == Fraction(stack)
    else:
        assert f"{first} antes {stack} " in out
