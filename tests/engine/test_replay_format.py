"""The replay format: documents that play, and bad ones that get one clear error line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stops.cli import main
from stops.errors import ReplayError
from stops.replay import load_replay, record, result_json
from stops.session import Session
from stops.profiles import get_profile
from stops.bots import BasicBot

ROOT = Path(__file__).parents[2]
NINE = ROOT / "examples" / "michigan" / "nine-of-diamonds.json"
FULL = ROOT / "examples" / "michigan" / "full-hand.json"


def nine():
    return json.loads(NINE.read_text(encoding="utf-8"))


def run_cli(tmp_path, doc_or_text, *extra):
    path = tmp_path / "replay.json"
    path.write_text(doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text, ensure_ascii=False), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "stops", "replay", str(path), *extra],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "engine"), "PATH": "/usr/bin:/bin"},
    )


def test_the_full_hand_example_is_a_complete_deal_played_to_the_end():
    replay = load_replay(FULL.read_text(encoding="utf-8"))
    rnd, _ = replay.play()
    assert replay.full_deal and rnd.over and rnd.winner is not None


def test_a_recorded_hand_replays_to_the_same_events_and_ledger():
    session = Session(get_profile("michigan"), "ABCDE", seed=9)
    rnd = session.next_round()
    bot = BasicBot(1)
    while not rnd.over:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    again, _ = load_replay(json.dumps(record(rnd))).play()
    assert [e.to_json(again.names) for e in again.log] == [e.to_json(rnd.names) for e in rnd.log]
    assert result_json(again) == result_json(rnd)


def test_replay_json_output_gives_gross_net_and_the_board(tmp_path):
    out = run_cli(tmp_path, nine(), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["players"]["B"] == {"gross": 18, "net": 12, "balance": 12}
    assert data["board"] == {"AH": 4, "KC": 4, "QD": 0, "JS": 4, "kitty": 0}


def test_replay_narrates_the_events_and_prints_the_ledger(tmp_path):
    out = run_cli(tmp_path, nine())
    assert out.returncode == 0
    assert "C plays on with 10♦." in out.stdout and "Q♦ is a stop: K♦ is in the widow." in out.stdout
    ledger = {line.split()[0]: line.split()[1:] for line in out.stdout.splitlines() if line[:1] in "ABCD" and len(line.split()) == 4}
    assert ledger["B"] == ["18", "12", "12"] and ledger["A"] == ["0", "-8", "-8"]


def bad(tmp_path, doc, expected):
    out = run_cli(tmp_path, doc)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert lines[0].startswith("stops: error: ") and expected in lines[0], lines[0]
    return lines[0]


def test_an_unknown_card_names_its_field(tmp_path):
    doc = nine()
    doc["position"]["hands"]["B"][1] = "3X"
    bad(tmp_path, doc, "position.hands.B[1]: unknown card '3X'")


def test_a_card_dealt_twice_is_named(tmp_path):
    doc = nine()
    doc["position"]["hands"]["D"] = ["9♦"]
    bad(tmp_path, doc, "9♦ is dealt twice (A and D)")


def test_a_move_by_the_wrong_player_names_the_move(tmp_path):
    doc = nine()
    doc["moves"][1] = {"player": "B", "play": "10♦"}
    line = bad(tmp_path, doc, "moves[1]: B cannot play 10♦: C holds it (michigan.follow)")
    assert line.count("moves[1]") == 1


@pytest.mark.parametrize("change, path, rule", [
    (lambda d: d.update(players=["A", "B"]), "players", "michigan.players"),
    (lambda d: d["moves"].__setitem__(1, {"player": "B", "play": "10♦"}), "moves[1]", "michigan.follow"),
])
def test_an_error_keeps_its_rule_as_a_field_through_the_loader_and_the_cli_shows_it_once(tmp_path, change, path, rule):
    doc = nine()
    change(doc)
    with pytest.raises(ReplayError) as error:
        load_replay(doc).play()
    assert (error.value.path, error.value.rule) == (path, rule) and rule not in error.value.message
    line = bad(tmp_path, doc, f"{path}: ")
    assert line.endswith(f" ({rule})") and line.count(rule) == 1


def test_bad_json_names_line_and_column(tmp_path):
    bad(tmp_path, '{"game": "michigan",\n "players": [}', "not valid JSON")


def test_a_missing_file_is_an_error_not_a_traceback(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "stops", "replay", str(tmp_path / "nope.json")],
        capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "engine"), "PATH": "/usr/bin:/bin"},
    )
    assert out.returncode == 2 and "cannot read the file" in out.stderr


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d.update(game="bridge"), "game: unknown game 'bridge'"),
        (lambda d: d.update(game=["michigan"]), "game: unknown game ['michigan']"),
        (lambda d: d["moves"].insert(0, {"player": "A", "bid": "3"}), "moves[0].bid: a bid is a whole number"),
        (lambda d: d.update(players=["A", "B"]), "players: "),
        (lambda d: d.update(dealer="Z"), "dealer: unknown player 'Z'"),
        (lambda d: d.update(version=9), "version: this engine reads version 1"),
        (lambda d: d.update(colour="red"), "colour: unknown field"),
        (lambda d: d["moves"].append({"player": "A", "play": "5♠"}), "moves[5]: the round is over"),
        (lambda d: d["moves"].insert(0, {"player": "A"}), "moves[0]: a move has exactly one action"),
        (lambda d: d["moves"].insert(0, {"player": "Q", "play": "9♦"}), "moves[0].player: unknown player 'Q'"),
        (lambda d: d["position"]["hands"].pop("C"), "position.hands: no hand for C"),
        (lambda d: d.update(board={"pot": 1}), "board.pot: unknown section"),
        (lambda d: d.update(options={"bankroll": "gold"}), "options: option bankroll must be one of"),
        (lambda d: d["moves"].__setitem__(0, {"player": "A", "play": "J♦"}), "moves[0]: A cannot lead J♦"),
    ],
)
def test_malformed_replays_are_refused_with_the_field_or_move(change, expected):
    doc = nine()
    change(doc)
    with pytest.raises(ReplayError) as error:
        load_replay(doc).play()
    assert expected in str(error.value)


def test_a_full_deal_must_hold_all_52_cards():
    doc = json.loads(FULL.read_text(encoding="utf-8"))
    doc["deal"]["widow"].pop()
    with pytest.raises(ReplayError, match="missing"):
        load_replay(doc).play()


def test_cli_main_returns_two_on_error(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("[]", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "a replay is a JSON object" in capsys.readouterr().err


def test_a_card_held_nowhere_is_named_as_played():
    doc = nine()
    doc["moves"] = [{"player": "A", "play": "2♣"}]
    with pytest.raises(ReplayError, match="A does not hold 2♣ \\(it has been played\\)"):
        load_replay(doc).play()


@pytest.mark.parametrize("seat, card", [(None, 0), (7, 0), ("A", 0), (0, 52), (0, -1), (0, "9♦")])
def test_malformed_moves_through_the_python_api_are_illegal_and_change_nothing(seat, card):
    from stops.errors import IllegalMove
    from stops.moves import Play

    rnd = load_replay(nine()).start()
    before = (list(rnd.ledger.balances), list(rnd.owner))
    with pytest.raises(IllegalMove):
        rnd.apply(Play(seat, card))
    assert (list(rnd.ledger.balances), list(rnd.owner)) == before
