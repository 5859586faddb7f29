"""Pope Joan's bots with the Pope at a stop (pope_any_time): the basic bot plays the Pope where
it plays on itself and keeps it otherwise; the hints rate playing it and keeping it."""

from pope_joan_helpers import play, position

from stops.bots import BasicBot
from stops.hints import hint
from stops.moves import StandIn

ANY_TIME = {"pope_any_time": True}


def basic(rnd):
    return BasicBot().choose(rnd, rnd.to_move())


def test_basic_plays_the_pope_where_it_holds_the_card_after_the_missing_one():
    rnd = position(["9♠ 2♥", "9♦ J♠ 3♥", "Q♠ 4♥"], "10♠ K♠ 5♣", "5♣", **ANY_TIME)  # Peel's example
    play(rnd, "9♠")
    assert basic(rnd) == StandIn(1, rnd.profile.stand_in)


def test_basic_plays_the_pope_where_nothing_can_follow_the_missing_card():
    rnd = position(["Q♠ 2♥", "9♦ 3♥", "4♥ 5♥"], "K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "Q♠")  # the K♠ is missing: the Pope stands for a king, which nothing follows, and B leads
    assert rnd.to_move() == 1 and basic(rnd) == StandIn(1, rnd.profile.stand_in)


def test_basic_keeps_the_pope_where_a_rival_may_play_on():
    rnd = position(["9♠ 2♥", "9♦ 3♥ 6♣", "J♠ 4♥"], "10♠ K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    assert basic(rnd) == StandIn(1, None)


def test_basic_plays_the_pope_when_it_is_its_last_card():
    rnd = position(["9♠ 2♥", "9♦", "J♠ 4♥"], "10♠ K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    assert basic(rnd) == StandIn(1, rnd.profile.stand_in)


def test_the_hints_rate_the_pope_played_and_kept_with_their_reasons():
    rnd = position(["9♠ 2♥", "9♦ J♠ 3♥", "Q♠ 4♥"], "10♠ K♠ 5♣", "5♣", **ANY_TIME)
    play(rnd, "9♠")
    result = hint(rnd, 1, playouts=40, seed=2)
    codes = [o["reason_code"] for o in result["options"]]
    assert codes == ["stand-in", "stand-in-kept"]
    assert result["options"][0]["reason_message"]["args"]["section"] == {"noun": {"id": "pope"}}
    assert result["options"][result["best"]]["move"] == {"player": "B", "stand_in": "9♦"}
