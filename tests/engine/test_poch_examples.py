"""The Poch example replays (examples/poch/): each shows what it says, replayed on CPython."""

import json
from pathlib import Path

from stops.profiles import get_profile
from stops.replay import load_replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "poch"


def replayed(name):
    replay = load_replay(json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")))
    rnd = replay.start()
    for move in replay.moves:
        rnd.apply(move)
    return rnd, [e.to_json(rnd.names) for e in rnd.log]


def test_the_vying_example_pays_the_trump_honours_then_three_eights_take_the_pocher_bowl():
    rnd, log = replayed("vying")
    held = {e["section"]: e["player"] for e in log if e["type"] == "hold"}
    assert held == {"ace": "D", "king": "D", "queen": "B", "jack": "A", "ten": "B"}  # stage 1 before the vying
    shown = [e for e in log if e["type"] == "sets-shown"]
    assert len(shown) == 1 and shown[0]["winners"] == ["B"]
    assert [h["player"] for h in shown[0]["hands"]] == ["B", "C"]  # A and D passed
    assert rnd.phase == "stops" and rnd.names[rnd.to_move()] == "B"


def test_the_melding_example_the_turned_up_card_makes_its_suit_trumps_and_the_honours_pay():
    rnd, log = replayed("melding")
    assert [e["card"] for e in log if e["type"] == "turn-up"] == ["J♠"]
    held = {e["section"]: e["player"] for e in log if e["type"] == "hold"}
    assert held == {"ace": "C", "king": "D", "queen": "B", "jack": "C", "ten": "B"}
    assert {e["section"] for e in log if e["type"] == "stay"} == {"marriage", "sequence"}


def test_the_full_round_example_ends_with_the_first_player_out_taking_the_centre():
    rnd, log = replayed("three-sets-then-stops")
    assert rnd.over and rnd.names[rnd.winner] == "D"
    assert [e["player"] for e in log if e["type"] == "out"] == ["D"]
    assert any(e["type"] == "transfer" and e["reason"] == "centre" and e["to"] == {"player": "D"} for e in log)


def test_the_face_up_example_the_queen_of_trumps_lies_face_up_pays_the_dealer_and_stops_the_jack():
    rnd, log = replayed("face-up-trump")
    assert [(e["card"], e["where"]) for e in log if e["type"] == "turn-up"] == [("Q♥", "stock")]
    paid = [e for e in log if e["type"] == "transfer" and e["reason"] == "dealer-turn-up"]
    assert [(e["from"]["section"], e["to"]["player"]) for e in paid] == [("queen", "A")]
    assert [e["card"] for e in log if e["type"] == "stop" and e.get("where") == "turn-up"] == ["J♥"]
    assert rnd.over and rnd.names[rnd.winner] == "A"


def test_the_32_card_example_deals_six_hands_of_five_or_six_and_the_first_leader_goes_out_alone():
    rnd, log = replayed("pack-32-six-players")
    dealt = next(e for e in log if e["type"] == "deal")
    assert sorted(len(hand) for hand in dealt["hands"].values()) == [5, 5, 5, 5, 6, 6] and dealt["widow"] == []
    assert rnd.over and rnd.names[rnd.winner] == "E"
    assert {e["player"] for e in log if e["type"] == "play"} == {"E"}  # out before anyone else plays
    assert rnd.profile.seated(6).pack != get_profile("poch").seated(6).pack  # the default would deal 52


def test_the_52_card_example_deals_thirteen_each_and_plays_cards_below_the_seven():
    rnd, log = replayed("pack-52-four-players")
    dealt = next(e for e in log if e["type"] == "deal")
    assert [len(hand) for hand in dealt["hands"].values()] == [13] * 4
    hearts = [(e["player"], e["card"]) for e in log if e["type"] == "play" and e["card"].endswith("♥")][1:10]
    assert [card for _, card in hearts] == ["5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥"]
    assert {player for player, _ in hearts} == {"A", "B", "C", "D"}
    assert rnd.over and rnd.names[rnd.winner] == "A"
