"""Pope Joan's compartments: the trump honours, the Pope, Matrimony and Intrigue, and the
dealer who wins by the turn-up."""

from pope_joan_helpers import of_type, play, position, taken
from rulecheck import covers

from stops.moves import Play
from stops.cards import parse_card
from stops.replay import result_json
from stops.view import round_view


@covers("pope_joan.trump-honour")
def test_playing_an_honour_of_trumps_wins_its_compartment():
    # Clubs are trumps (the 10♣ is turned up). A leads the ace of clubs: it wins Ace.
    rnd = position(["A♣ 2♥", "3♥", "4♥"], "5♠ 10♣", "10♣")
    events = play(rnd, "A♣")
    assert taken(events) == {"ace": 1}  # the dressing: 1 chip
    assert [e.rule for e in events if e.type == "transfer"] == ["pope_joan.trump-honour"]


@covers("pope_joan.trump-honour")
def test_the_same_honour_of_another_suit_wins_nothing():
    rnd = position(["A♣ 2♥", "3♥", "4♥"], "5♠ 10♥", "10♥")
    assert taken(play(rnd, "A♣")) == {}


@covers("pope_joan.pope")
def test_playing_the_nine_of_diamonds_wins_the_pope_whatever_the_trumps():
    rnd = position(["9♦ 2♥", "3♥", "4♥"], "5♠ 10♠", "10♠")
    events = play(rnd, "9♦")
    assert taken(events) == {"pope": 6}
    assert [e.rule for e in events if e.type == "transfer"] == ["pope_joan.pope"]


@covers("pope_joan.matrimony", "pope_joan.intrigue", "pope_joan.trump-honour")
def test_one_player_who_plays_jack_queen_and_king_of_trumps_collects_five_compartments():
    rnd = position(["J♥ Q♥ K♥ 2♠", "3♠", "4♠"], "5♣ 10♥", "10♥")
    events = play(rnd, "J♥", "Q♥", "K♥")
    assert taken(events, 0) == {"jack": 1, "queen": 1, "king": 1, "intrigue": 2, "matrimony": 2}
    sets = of_type(events, "combo-set")
    assert [(e.section, e.rule) for e in sets] == [("intrigue", "pope_joan.intrigue"), ("matrimony", "pope_joan.matrimony")]


@covers("pope_joan.matrimony")
def test_matrimony_is_won_by_one_player_who_plays_king_and_queen_of_trumps_whenever_each_was_played():
    # Hearts are trumps; leads are any card: A leads K♥ early, Q♥ much later.
    rnd = position(["K♥ 2♠ Q♥ 7♣ 9♠", "3♠ 9♣", "4♠ 6♣ 10♣"], "5♠ 10♥", "10♥", lead="any")
    events = play(rnd, "K♥")  # the king is a stop at once; A leads again
    assert not of_type(events, "combo-set")
    # 2♠ 3♠ 4♠ (5♠ is in the stock): C leads 6♣, A follows with 7♣ and stops (no 8♣): A leads Q♥.
    events = play(rnd, "2♠", "3♠", "4♠", "6♣", "7♣", "Q♥")
    assert [(e.seat, e.section) for e in of_type(events, "combo-set")] == [(0, "matrimony")]
    assert taken(events, 0) == {"matrimony": 2, "queen": 1}


@covers("pope_joan.intrigue")
def test_queen_and_jack_of_trumps_played_by_two_players_leave_intrigue_on_the_board():
    rnd = position(["J♥ 2♠", "Q♥ 3♠", "4♠"], "5♠ 10♥", "10♥")
    events = play(rnd, "J♥", "Q♥")
    assert not of_type(events, "combo-set") and rnd.ledger.board["intrigue"] == 2


@covers("pope_joan.matrimony", "pope_joan.intrigue")
def test_with_combo_held_whoever_is_dealt_both_cards_shows_them_and_takes_it_before_play():
    rnd = position(["K♥ Q♥ 2♠", "J♥ 3♠", "4♠"], "5♠ 10♥", "10♥", phase=None, combo="held")
    held = of_type(rnd.start_events, "hold")
    assert [(e.seat, e.section, e.rule) for e in held] == [(0, "matrimony", "pope_joan.matrimony")]
    assert taken(rnd.start_events, 0) == {"matrimony": 2}
    stayed = of_type(rnd.start_events, "stay")
    assert [(e.section, e.where) for e in stayed] == [("intrigue", "nobody")]  # the stock's cards stay unseen
    assert rnd.phase == "stops"


@covers("pope_joan.dealer-turn-up")
def test_the_dealer_who_turns_up_an_honour_of_trumps_takes_its_compartment_at_once():
    rnd = position(["2♠", "3♠", "4♠"], "5♠ Q♦", "Q♦", dealer=1, phase=None)
    paid = [e for e in rnd.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]
    assert [(e.source.key, e.target.key, e.amount, e.rule) for e in paid] == [("queen", 1, 1, "pope_joan.dealer-turn-up")]
    assert rnd.phase == "stops" and not rnd.over


@covers("pope_joan.dealer-turn-up")
def test_the_pope_turned_up_pays_the_dealer_the_pope_and_play_goes_on():
    rnd = position(["2♠", "3♠", "4♠"], "5♠ 9♦", "9♦", dealer=1, phase=None)
    assert taken(rnd.start_events, 1) == {"pope": 6} and not rnd.over


@covers("pope_joan.dealer-turn-up", "pope_joan.game", "pope_joan.card-count")
def test_with_wins_round_the_pope_turned_up_wins_the_dealer_the_round_without_play():
    rnd = position(["2♠ 3♥", "3♠", "4♠ 5♥ 6♥"], "5♠ 9♦", "9♦", dealer=1, phase=None, pope_turnup="wins-round")
    assert rnd.over and rnd.winner == 1 and rnd.moves == []
    assert taken(rnd.start_events, 1) == {"pope": 6, "game": 1}
    assert of_type(rnd.start_events, "turn-up-win")[0].section == "pope"
    count = {e.source.key: e.amount for e in rnd.start_events if e.type == "transfer" and e.reason == "card-count"}
    assert count == {0: 2, 2: 3}
    # The dealer won the round without going out: the view and the result say so (the pages
    # then say "wins the round", not "went out first").
    assert round_view(rnd)["winner"] == rnd.names[1] and round_view(rnd)["went_out"] is False
    assert result_json(rnd)["went_out"] is False


def test_a_player_who_plays_the_last_card_of_a_hand_wins_the_round_by_going_out():
    rnd = position(["2♠", "3♠ 4♥", "5♥"], "6♥", "6♥", dealer=1, phase=None)
    while not rnd.over:
        rnd.apply(rnd.legal_moves()[0])
    assert round_view(rnd)["went_out"] is True and result_json(rnd)["went_out"] is True


@covers("pope_joan.dealer-turn-up", "pope_joan.game")
def test_with_pope_and_game_the_pope_turned_up_wins_the_dealer_game_too_and_the_cards_are_thrown_in():
    rnd = position(["2♠ 3♥", "3♠", "4♠ 5♥ 6♥"], "5♠ 9♦", "9♦", dealer=1, phase=None, pope_turnup="pope-and-game")
    assert rnd.over and rnd.winner == 1 and rnd.moves == []
    assert taken(rnd.start_events, 1) == {"pope": 6, "game": 1}
    assert of_type(rnd.start_events, "turn-up-win")[0].section == "pope"
    game = [e for e in rnd.start_events if e.type == "transfer" and e.target.key == 1 and e.source.key == "game"]
    assert [(e.kind, e.rule) for e in game] == [("turn-up-win", "pope_joan.game")]
    assert not [e for e in rnd.start_events if e.type == "transfer" and e.reason == "card-count"]  # no chip per card


@covers("pope_joan.dealer-turn-up")
def test_with_pope_and_game_an_honour_turned_up_pays_its_compartment_and_play_goes_on():
    rnd = position(["2♠", "3♠", "4♠"], "5♠ K♣", "K♣", dealer=1, phase=None, pope_turnup="pope-and-game")
    assert taken(rnd.start_events, 1) == {"king": 1} and not rnd.over and rnd.phase == "stops"


@covers("pope_joan.carry-over")
def test_a_compartment_whose_card_lies_in_the_stock_stays_for_the_next_dressing():
    rnd = position(["2♠ 3♥", "3♠", "4♠"], "5♠ A♥ 10♥", "10♥")
    while not rnd.over:
        rnd.apply(rnd.legal_moves()[0])
    assert rnd.ledger.board["ace"] == 1
