"""Poch, stage 3: playing out — any card leads, the holder of the next card follows, a stop
gives the lead back, the first player out takes the centre and a chip per card."""

import pytest

from stops.errors import IllegalMove
from stops.moves import Play

from poch_helpers import move, of_type, play, position, transfers
from rulecheck import covers

# D deals; the 32-card pack (7 to ace).
HANDS = {"A": "7♠ 9♠ A♥ K♣", "B": "8♠ 10♠ J♠ 9♣", "C": "Q♠ 7♦ 8♦", "D": "K♠ 9♦ 7♣ 8♣"}


def stops(hands=None, **kw):
    return position({**HANDS, **(hands or {})}, leader=kw.pop("leader", "A"), **kw)


def cards(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())


@covers("poch.lead-any")
def test_a_lead_may_be_any_card_of_the_hand():
    rnd = stops()
    assert cards(rnd) == sorted(["7♠", "9♠", "A♥", "K♣"])
    play(rnd, "A K♣")  # not the lowest of anything
    assert of_type([e.to_json(rnd.names) for e in rnd.log], "play")[-1]["card"] == "K♣"


@covers("poch.follow")
def test_whoever_holds_the_next_card_plays_it_wherever_they_sit():
    rnd = stops()
    play(rnd, "A 7♠")
    assert rnd.names[rnd.to_move()] == "B" and cards(rnd) == ["8♠"]
    play(rnd, "B 8♠", "A 9♠", "B 10♠")
    assert rnd.names[rnd.to_move()] == "B"  # B holds the J♠ too, and plays on
    with pytest.raises(IllegalMove) as error:
        rnd.apply(Play(2, rnd.legal_moves()[0].card))
    assert error.value.rule == "poch.follow"


@covers("poch.stop", "poch.lead-any")
def test_after_the_ace_or_a_card_already_played_the_sequence_stops_and_its_player_leads_any_card():
    rnd = stops()
    events = play(rnd, "A 7♠", "B 8♠", "A 9♠", "B 10♠", "B J♠", "C Q♠", "D K♠")
    assert of_type(events, "stop")  # nobody holds the A♠ (out of play in this position)
    assert rnd.names[rnd.to_move()] == "D" and cards(rnd) == sorted(["9♦", "7♣", "8♣"])
    rnd = stops({"A": "7♠ 9♠ A♠ K♣", "D": "K♠ 9♦ 7♣ 8♣"})
    events = play(rnd, "A A♠")
    assert of_type(events, "stop") and rnd.names[rnd.to_move()] == "A"


@covers("poch.going-out", "poch.centre", "poch.card-count")
def test_the_first_player_out_takes_the_centre_and_a_chip_for_each_card_left():
    rnd = stops({"A": "7♠", "B": "8♠ 10♠ J♠"}, board={"centre": 6, "ace": 3})
    events = play(rnd, "A 7♠")
    assert rnd.over and rnd.winner == 0
    assert transfers(events, "centre") == [({"section": "centre"}, {"player": "A"}, 6 + 4)]  # with this round's antes
    assert sorted(amount for _, _, amount in transfers(events, "card-count")) == [3, 3, 4]
    assert rnd.ledger.board["ace"] == 3 + 4  # the other bowls stay


@covers("poch.sweep")
def test_sweep_the_first_player_out_also_takes_every_bowl_left():
    rnd = stops({"A": "7♠", "B": "8♠ 10♠ J♠"}, board={"centre": 6, "ace": 3, "sequence": 5}, options={"sweep": True})
    events = play(rnd, "A 7♠")
    taken = {source["section"]: amount for source, _, amount in transfers(events) if "section" in source}
    assert taken == {sid: 4 + {"centre": 6, "ace": 3, "sequence": 5}.get(sid, 0) for sid in rnd.profile.section_ids()}
    assert not any(rnd.ledger.board.values())
