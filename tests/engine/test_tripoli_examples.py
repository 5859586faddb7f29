"""The Tripoli example replays (examples/tripoli/): their events and their figures."""

import json

import pytest
from rulecheck import covers
from tripoli_helpers import EXAMPLES, example, move, of_type, start_events, transfers

from stops.view import round_view
from stops.errors import IllegalMove
from stops.replay import load_replay, record, walkthrough


def all_events(rnd):
    return [e.to_json(rnd.names) for e in rnd.log]


@covers("tripoli.ghost-sections", "tripoli.carry-over")
def test_ghost_hearts_the_a_heart_section_stays_because_its_card_is_in_the_ghost_hand():
    rnd, _ = example("ghost-hearts")
    events = start_events(rnd)
    stays = [e for e in of_type(events, "stay") if e["section"] == "AH"]
    assert stays == [{"type": "stay", "section": "AH", "amount": 10, "where": "ghost", "cards": ["A♥"], "rule": "tripoli.ghost-sections"}]
    assert "A♥" in round_view(rnd)["widow"]
    assert not [e for e in of_type(events, "hold") if e["section"] == "AH"]
    # 5 carried + 5 of ante, untouched: still on the board after the round.
    assert rnd.ledger.board["AH"] == 10
    assert ("KH", "D", 5) in transfers(events, "hearts")
    assert rnd.results()["board"]["AH"] == 10


@covers("tripoli.king-queen", "tripoli.split")
def test_king_queen_split_two_holders_share_and_the_odd_chip_stays():
    rnd, _ = example("king-queen-split")
    events = start_events(rnd)
    holds = [e for e in of_type(events, "hold") if e["section"] == "king_queen"]
    assert [(e["player"], e["cards"]) for e in holds] == [("A", ["Q♠", "K♠"]), ("C", ["Q♥", "K♥", "Q♦", "K♦"])]
    split = of_type(events, "split")
    assert split == [{"type": "split", "section": "king_queen", "players": ["A", "C"], "share": 2, "left": 1, "rule": "tripoli.split"}]
    assert transfers(events, "king-queen") == [("king_queen", "A", 2), ("king_queen", "C", 2)]
    assert rnd.ledger.board["king_queen"] == 1


@covers("tripoli.poker", "tripoli.split")
def test_poker_tie_two_equal_straights_share_the_pot():
    rnd, _ = example("poker-tie")
    events = start_events(rnd)
    (showdown,) = of_type(events, "showdown")
    assert showdown["winners"] == ["A", "B"]
    shown = {h["player"]: h for h in showdown["hands"]}
    assert shown["A"]["hand"] == shown["B"]["hand"] == "straight"
    assert shown["A"]["cards"] == ["K♠", "Q♣", "J♠", "10♣", "9♠"]
    assert shown["B"]["cards"] == ["K♣", "Q♠", "J♣", "10♦", "9♦"]
    assert of_type(events, "split")[-1] == {"type": "split", "section": "pot", "players": ["A", "B"], "share": 2, "left": 1, "rule": "tripoli.split"}
    assert transfers(events, "poker") == [("pot", "A", 2), ("pot", "B", 2)]
    assert rnd.ledger.board["pot"] == 1


@covers("tripoli.first-lead", "tripoli.restart")
def test_first_lead_the_lowest_club_and_a_restart_in_the_same_suit():
    doc = json.loads((EXAMPLES / "first-lead.json").read_text(encoding="utf-8"))
    replay = load_replay(doc)
    rnd = replay.start()
    assert [str(m.card) for m in rnd.legal_moves()] == ["3♣"]
    for text in ("A 2♠", "A 5♣", "A 4♥"):
        with pytest.raises(IllegalMove) as refused:
            rnd.apply(move(rnd, text))
        assert refused.value.rule == "tripoli.first-lead"
    rnd, steps = replay.play()
    plays = [e.to_json(rnd.names) for _, events in steps for e in events if e.type == "play"]
    assert plays[0] == {"type": "play", "player": "A", "card": "3♣", "lead": True, "rule": "tripoli.first-lead"}
    # B stopped at 9♣ (10♣ in the spare hand) and leads clubs again: Q♣.
    assert plays[7] == {"type": "play", "player": "B", "card": "Q♣", "lead": True, "rule": "tripoli.restart"}
    out = [e.to_json(rnd.names) for e in steps[-1][1]]
    assert of_type(out, "out") == [{"type": "out", "player": "D", "rule": "tripoli.going-out"}]
    assert transfers(out) == [("pozo", "D", 5), ("A", "D", 4), ("B", "D", 1), ("C", "D", 2)]
    assert rnd.winner == 3


@covers("tripoli.pozo", "tripoli.card-count", "tripoli.going-out")
def test_full_hand_the_first_out_takes_the_pozo_and_a_chip_per_card():
    rnd, steps = example("full-hand")
    assert rnd.over and rnd.names[rnd.winner] == "C"
    last = [e.to_json(rnd.names) for e in steps[-1][1]]
    assert of_type(last, "out") == [{"type": "out", "player": "C", "rule": "tripoli.going-out"}]
    assert transfers(last, "pozo") == [("pozo", "C", 5)]
    assert transfers(last, "card-count") == [("D", "C", 4), ("A", "C", 6), ("B", "C", 1)]
    for name, cards in (("A", 6), ("B", 1), ("D", 4)):
        assert len(rnd.hands[rnd.names.index(name)]) == cards
    results = rnd.results()
    assert results["gross"] == [20, 0, 21, 5]
    assert results["net"] == [6, -9, 13, -15]
    assert results["board"] == {"AH": 0, "KH": 0, "QH": 0, "JH": 5, "TH": 0, "king_queen": 0, "pozo": 0, "pot": 0}


def test_full_hand_deal_is_what_stops_record_gives_for_seed_7(capsys):
    # The moves are the basic bots' of the day the example was recorded; the deal comes from the seed.
    from stops.cli import main

    assert main(["record", "tripoli", "--players", "4", "--seed", "7"]) == 0
    recorded = json.loads(capsys.readouterr().out)
    stored = json.loads((EXAMPLES / "full-hand.json").read_text(encoding="utf-8"))
    for key in ("deal", "dealer", "players", "options", "seed"):
        assert recorded[key] == stored[key]


@covers("tripoli.ghost-auction")
def test_ghost_auction_the_highest_bidder_pays_into_the_pozo_and_swaps():
    rnd, steps = example("ghost-auction")
    events = [e.to_json(rnd.names) for _, evs in steps[:6] for e in evs]
    assert [(e["player"], e["amount"]) for e in events if e["type"] == "widow-bid"] == [
        ("A", 1), ("B", 2), ("C", None), ("D", None), ("A", 4), ("B", None),
    ]
    assert transfers(events, "ghost-auction") == [("A", "pozo", 4)]
    (swap,) = of_type(events, "ghost-swap")
    assert swap == {"type": "ghost-swap", "player": "A", "amount": 4, "cards": 11, "ghost_cards": 11, "rule": "tripoli.ghost-auction"}
    dealt = next(e for e in rnd.start_events if e.type == "deal")
    assert set(rnd.widow) == set(dealt.hands[0])  # A's old hand is now the spare hand
    # The Kitty held 5 (ante) + 4 (bid): the first out, A, takes all 9.
    last = [e.to_json(rnd.names) for e in steps[-1][1]]
    assert transfers(last, "pozo") == [("pozo", "A", 9)]


@covers("tripoli.pozo", "tripoli.eight-nine-ten")
def test_pozo_once_the_pozo_taken_in_phase_one_is_not_paid_again():
    rnd, steps = example("pozo-once")
    events = start_events(rnd)
    assert [(e["player"], e["cards"]) for e in of_type(events, "hold") if e["section"] == "pozo"] == [("A", ["8♦", "9♦", "10♦"])]
    assert transfers(events, "eight-nine-ten") == [("pozo", "A", 5)]
    last = [e.to_json(rnd.names) for e in steps[-1][1]]
    assert of_type(last, "out")
    assert transfers(last, "pozo") == []
    assert rnd.ledger.board["pozo"] == 3  # B's bid stays for the next round


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_replays_walks_through_and_records_back(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["title"] and doc["description"]
    rnd, _ = load_replay(doc).play()
    assert rnd.over
    walk = walkthrough(doc)
    assert walk["result"]["winner"] == rnd.names[rnd.winner]
    if "deal" in doc:
        again, _ = load_replay(record(rnd)).play()
        assert [e.to_json(again.names) for e in again.log] == [e.to_json(rnd.names) for e in rnd.log]
