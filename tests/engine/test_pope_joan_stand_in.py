"""Pope Joan's Pope at a stop (option pope_any_time, Peel): when a sequence stops before a card
nobody can play, the holder of the Pope may play it in that card's place; it wins the Pope and
the sequence goes on from the card it replaced."""

import pytest
from pope_joan_helpers import of_type, play, position, taken
from rulecheck import covers

from stops.cards import parse_card
from stops.determinize import information_set
from stops.errors import IllegalMove
from stops.moves import Play, StandIn
from stops.replay import load_replay

POPE = parse_card("9♦")
ANY_TIME = {"pope_any_time": True}


def stand_in(rnd, seat, card="9♦"):
    return rnd.apply(StandIn(seat, None if card is None else parse_card(card)))


def choices(rnd):
    """The legal moves as text: cards played or led, "pope" (the stand-in), "keep" (let the stop stand)."""
    out = []
    for m in rnd.legal_moves():
        out.append(str(m.card) if isinstance(m, Play) else "keep" if m.card is None else "pope")
    return sorted(out)


def peels_table(**options):
    """Peel's example: B holds the Pope and the J♠; A plays the 9♠, and the 10♠ is in the stock."""
    return position(["9♠ 2♥", "9♦ J♠ 3♥", "Q♠ 4♥"], "10♠ K♠ 5♣", "5♣", **(ANY_TIME | options))


@covers("pope_joan.pope-any-time", "pope_joan.pope")
def test_at_a_stop_the_popes_holder_may_play_it_in_place_of_the_missing_card_and_the_run_goes_on():
    rnd = peels_table()
    events = play(rnd, "9♠")
    stop = of_type(events, "stop")[-1]
    assert (str(stop.card), str(stop.next), stop.where) == ("9♠", "10♠", "widow")
    assert rnd.to_move() == 1 and choices(rnd) == ["keep", "pope"]  # B decides before A leads
    pope = rnd.ledger.board["pope"]
    events = stand_in(rnd, 1)
    stood = of_type(events, "stand-in")[0]
    assert (stood.seat, str(stood.card), str(stood.missing), stood.rule) == (1, "9♦", "10♠", "pope_joan.pope-any-time")
    assert taken(events, 1) == {"pope": pope}  # "first taking his winnings on Pope"
    assert [e.rule for e in of_type(events, "transfer")] == ["pope_joan.pope"]
    # The Pope stands for the 10♠: the J♠ follows, and its holder plays it.
    assert rnd.to_move() == 1 and choices(rnd) == ["J♠"]
    play(rnd, "J♠")
    assert rnd.to_move() == 2 and choices(rnd) == ["Q♠"]


@covers("pope_joan.pope-any-time")
def test_the_popes_holder_may_keep_it_and_the_stop_stands():
    rnd = peels_table()
    play(rnd, "9♠")
    events = stand_in(rnd, 1, None)
    kept = of_type(events, "stand-in-kept")[0]
    assert (kept.seat, str(kept.card), kept.rule) == (1, "9♦", "pope_joan.pope-any-time")
    assert not of_type(events, "transfer") and rnd.ledger.board["pope"] > 0
    assert rnd.to_move() == 0 and choices(rnd) == ["2♥"]  # A, who stopped, leads as usual
    assert POPE in rnd.hands[1]


@covers("pope_joan.pope-any-time", "pope_joan.restart")
def test_when_nobody_holds_the_card_after_the_one_the_pope_replaced_it_is_a_stop_and_the_popes_player_leads():
    rnd = position(["9♠ 2♥", "9♦ 3♥ 5♥", "Q♠ 4♥"], "10♠ J♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    events = stand_in(rnd, 1)
    stop = of_type(events, "stop")[-1]
    assert (str(stop.card), str(stop.next), stop.where) == ("10♠", "J♠", "widow")  # told after the card it stood for
    assert rnd.to_move() == 1 and choices(rnd) == ["3♥"]


@covers("pope_joan.pope-any-time")
def test_the_holder_who_stopped_the_run_may_play_the_pope_beside_his_leads():
    rnd = position(["9♠ 9♦ 2♥", "J♠ 3♥", "Q♠ 4♥"], "10♠ K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    assert rnd.to_move() == 0 and choices(rnd) == ["2♥", "9♦", "pope"]  # no "keep": a lead keeps it
    events = stand_in(rnd, 0)
    assert of_type(events, "stand-in") and rnd.to_move() == 1 and choices(rnd) == ["J♠"]


@covers("pope_joan.pope-any-time", "pope_joan.stop")
@pytest.mark.parametrize("lead, stopper", [("Q♣ K♣", "K♣"), ("6♦ 7♦", "7♦")])
def test_after_a_king_or_the_seven_of_diamonds_nothing_is_missing_and_the_pope_is_not_offered(lead, stopper):
    rnd = position(["Q♣ K♣ 6♦ 7♦ 2♥", "9♦ 3♥", "4♥ J♠"], "10♠ K♠ 5♠", "5♠", **ANY_TIME)
    for card in lead.split():
        play(rnd, card)
    assert rnd.to_move() == 0 and "pope" not in choices(rnd)
    with pytest.raises(IllegalMove) as refused:
        stand_in(rnd, 1)
    assert refused.value.rule == "pope_joan.pope-any-time"


@covers("pope_joan.pope-any-time")
def test_without_the_option_the_pope_is_never_played_in_place_of_a_missing_card():
    rnd = position(["9♠ 2♥", "9♦ J♠ 3♥", "Q♠ 4♥"], "10♠ K♠ 5♣", "5♣")
    play(rnd, "9♠")
    assert rnd.to_move() == 0 and choices(rnd) == ["2♥"]
    with pytest.raises(IllegalMove) as refused:
        stand_in(rnd, 1)
    assert refused.value.rule == "pope_joan.pope-any-time"
    assert "pope_any_time" in refused.value.message


@covers("pope_joan.pope-any-time")
def test_only_the_popes_holder_decides_and_only_with_the_pope():
    rnd = peels_table()
    play(rnd, "9♠")
    for seat, card, rule in ((2, "9♦", "pope_joan.pope-any-time"), (1, "J♠", "pope_joan.pope-any-time")):
        with pytest.raises(IllegalMove) as refused:
            stand_in(rnd, seat, card)
        assert refused.value.rule == rule
    with pytest.raises(IllegalMove) as refused:  # the stopper leads only once the holder has decided
        rnd.apply(Play(0, parse_card("2♥")))
    assert (refused.value.rule, refused.value.message) == (
        "pope_joan.pope-any-time", "B decides first whether to play 9♦ in place of 10♠, not A")
    with pytest.raises(IllegalMove) as refused:  # the holder plays it in place of the card, or keeps it
        rnd.apply(Play(1, POPE))
    assert refused.value.rule == "pope_joan.pope-any-time"


@covers("pope_joan.pope-any-time", "pope_joan.game")
def test_the_pope_played_as_the_last_card_goes_out():
    rnd = position(["9♠ 2♥", "9♦", "Q♠ 4♥"], "10♠ K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    events = stand_in(rnd, 1)
    assert of_type(events, "out") and rnd.over and rnd.winner == 1
    assert set(taken(events, 1)) == {"pope", "game"}


@covers("pope_joan.pope-any-time")
def test_the_pope_stands_in_again_at_a_later_stop_after_it_was_kept():
    rnd = position(["9♠ 2♥ 5♥ 8♣", "9♦ 3♥", "Q♠ 4♥ J♣"], "10♠ 6♥ K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    stand_in(rnd, 1, None)
    play(rnd, "2♥", "3♥", "4♥", "5♥")  # the 6♥ is in the stock: another stop, and B is asked again
    assert rnd.to_move() == 1 and choices(rnd) == ["keep", "pope"]


@covers("pope_joan.pope-any-time")
def test_a_kept_pope_is_known_to_the_table_and_the_sampler_puts_it_in_the_keepers_hand():
    rnd = peels_table()
    play(rnd, "9♠")
    stand_in(rnd, 1, None)
    info = information_set(rnd, 2)
    assert info.base[POPE] == 1


@covers("pope_joan.pope-any-time")
def test_the_stand_in_and_its_keeping_round_trip_through_the_replay_format():
    doc = {"game": "pope_joan", "players": ["A", "B", "C"], "dealer": "C", "options": ANY_TIME,
           "position": {"hands": {"A": ["9♠", "2♥"], "B": ["9♦", "J♠", "3♥"], "C": ["Q♠", "4♥"]},
                        "widow": ["10♠", "K♠", "5♣"], "turn_up": "5♣"},
           "moves": [{"player": "A", "play": "9♠"}, {"player": "B", "stand_in": "9♦"}, {"player": "B", "play": "J♠"}]}
    replay = load_replay(doc)
    assert replay.moves[1] == StandIn(1, POPE)
    assert [m.to_json(["A", "B", "C"]) for m in replay.moves] == doc["moves"]
    rnd = replay.start()
    for move in replay.moves:
        rnd.apply(move)
    assert rnd.to_move() == 2
    assert StandIn(1, None).to_json(["A", "B", "C"]) == {"player": "B", "stand_in": None}


@covers("pope_joan.pope-any-time")
def test_a_stop_the_stopper_alone_answered_shows_the_table_no_other_seat_holds_the_pope():
    rnd = position(["9♠ 2♥ 3♣", "J♠ 3♥", "Q♠ 4♥"], "10♠ 9♦ K♠ 5♣", "5♣", **ANY_TIME)  # the Pope in the stock
    play(rnd, "9♠")
    assert rnd.to_move() == 0  # nobody else was asked
    play(rnd, "2♥")
    info = information_set(rnd, 2)
    allowed = dict(info.constrained).get(POPE)
    assert allowed is not None and 1 not in allowed and 2 not in allowed  # the stock, or the stopper A
