"""Nain Jaune's board: five cases staked 1 to 5, won by playing their card; the first player
out is paid the value of the cards left; a case's card still held doubles that case; going
out before anyone else has played (grand opéra) takes the whole board."""

from stops.cards import DECK, parse_cards
from stops.replay import load_replay

from nain_jaune_helpers import of_type, play, position, transfers
from rulecheck import covers

PLAYERS = ["A", "B", "C", "D"]
CASE_CARDS = {"TD": "10♦", "JC": "J♣", "QS": "Q♠", "KH": "K♥", "dwarf": "7♦"}


@covers("nain_jaune.ante", "nain_jaune.board")
def test_every_player_antes_one_to_five_chips_on_the_five_cases():
    rnd = position({"A": "8♦ 2♣", "B": "4♥", "C": "J♠", "D": "K♠"}, board={"dwarf": 3})
    assert rnd.ledger.board == {"TD": 4, "JC": 8, "QS": 12, "KH": 16, "dwarf": 23}
    assert rnd.ledger.balances == [50 - 15] * 4


@covers("nain_jaune.case")
def test_playing_a_case_card_wins_everything_on_its_case_at_once():
    rnd = position({"A": "6♣ 7♦ 2♣", "B": "8♥ 4♥", "C": "J♠", "D": "K♠"}, leader="A")
    events = play(rnd, "A 6♣", "A 7♦")
    assert transfers(events, "case") == [({"section": "dwarf"}, {"player": "A"}, 20)]
    assert events[-1]["type"] != "out" and rnd.ledger.board["dwarf"] == 0


@covers("nain_jaune.case", "nain_jaune.talon")
def test_a_case_whose_card_is_in_the_talon_stays_on_the_board():
    rnd = position({"A": "6♣ 2♣", "B": "8♥ 4♥", "C": "J♠", "D": "K♠"}, "7♦", leader="A")
    events = play(rnd, "A 6♣", "A 2♣")
    assert of_type(events, "out") and rnd.ledger.board["dwarf"] == 20


@covers("nain_jaune.card-count", "nain_jaune.going-out")
def test_the_first_player_out_is_paid_the_value_of_each_rivals_cards():
    # Values: ace 1, 2 to 10 their face, jack, queen and king 10 each.
    rnd = position({"A": "6♣", "B": "A♥ 9♥", "C": "J♠ 2♦", "D": "K♠ Q♥ 3♣"}, leader="A")
    events = play(rnd, "A 6♣")
    assert of_type(events, "out")[0]["player"] == "A"
    assert transfers(events, "card-value") == [
        ({"player": "B"}, {"player": "A"}, 10), ({"player": "C"}, {"player": "A"}, 12), ({"player": "D"}, {"player": "A"}, 23)]


@covers("nain_jaune.held-penalty")
def test_a_case_card_still_held_when_the_round_ends_doubles_its_case():
    rnd = position({"A": "6♣", "B": "Q♠ A♥", "C": "7♦ 2♦", "D": "3♣"}, leader="A", board={"QS": 5})
    events = play(rnd, "A 6♣")
    penalties = transfers(events, "held-penalty")
    # After the card payments, in seat order from the winner's left: B's queen, then C's dwarf.
    assert penalties == [({"player": "B"}, {"section": "QS"}, 17), ({"player": "C"}, {"section": "dwarf"}, 20)]
    assert events.index(next(e for e in events if e.get("reason") == "held-penalty")) > max(
        i for i, e in enumerate(events) if e.get("reason") == "card-value")
    assert rnd.ledger.board["QS"] == 34 and rnd.ledger.board["dwarf"] == 40
    assert all(e["rule"] == "nain_jaune.held-penalty" for e in events if e.get("reason") == "held-penalty")


@covers("nain_jaune.held-penalty")
def test_every_holder_of_a_case_card_pays_its_penalty_the_seat_at_the_winners_right_too():
    # C goes out; D, B and A each still hold a case card: D (C's left) first, then A, then B at C's right.
    rnd = position({"A": "K♥ 2♣", "B": "J♣ 4♥", "C": "6♣", "D": "T♦ 3♣"}, leader="C")
    events = play(rnd, "C 6♣")
    assert of_type(events, "out")[0]["player"] == "C"
    assert transfers(events, "held-penalty") == [
        ({"player": "D"}, {"section": "TD"}, 4), ({"player": "A"}, {"section": "KH"}, 16),
        ({"player": "B"}, {"section": "JC"}, 8)]


@covers("nain_jaune.held-penalty", "nain_jaune.bankroll")
def test_a_penalty_is_paid_at_most_from_what_the_holder_has_left():
    rnd = position({"A": "6♣", "B": "K♥ Q♠ K♣", "C": "2♦", "D": "3♣"}, leader="A", balances={"B": 40})
    events = play(rnd, "A 6♣")
    # B antes 15 (25 left), pays A 30 for three court cards but has only 25; nothing is left for the penalties.
    assert transfers(events, "card-value")[0] == ({"player": "B"}, {"player": "A"}, 25)
    assert not [t for t in transfers(events, "held-penalty") if t[0] == {"player": "B"}]
    assert rnd.ledger.balances[1] == 0


def full_deal(hands: dict[str, str], talon: str) -> dict:
    return {"hands": {p: hands[p].split() for p in PLAYERS}, "widow": talon.split()}


def rest_of_pack(*used: str) -> list[str]:
    taken = set(parse_cards(" ".join(used)))
    return [str(c) for c in DECK if c not in taken]


def grand_opera_round(options=None):
    # A, left of the dealer, holds ace to queen: he plays them all in his first turn.
    a = "A♠ 2♥ 3♠ 4♠ 5♠ 6♠ 7♦ 8♠ 9♠ 10♦ J♣ Q♠"
    rest = rest_of_pack(a)
    hands = {"A": a, "B": " ".join(rest[0:12]), "C": " ".join(rest[12:24]), "D": " ".join(rest[24:36])}
    doc = {"game": "nain_jaune", "players": PLAYERS, "dealer": "D", "deal": full_deal(hands, " ".join(rest[36:]))}
    if options:
        doc["options"] = options
    rnd = load_replay(doc).start()
    return rnd, play(rnd, *(f"A {card}" for card in a.split()))


@covers("nain_jaune.grand-opera")
def test_grand_opera_going_out_before_anyone_else_has_played_takes_every_case():
    rnd, events = grand_opera_round()
    assert of_type(events, "out")[0]["player"] == "A"
    taken = {t[0]["section"] for t in transfers(events, "grand-opera")}
    assert taken == {"KH"}  # the other four were won by their cards on the way
    assert sum(rnd.ledger.board.values()) == 0
    assert not transfers(events, "held-penalty")  # nothing left on the board to double


@covers("nain_jaune.grand-opera")
def test_without_the_grand_opera_option_going_out_first_takes_no_case():
    rnd, events = grand_opera_round({"grand_opera": False})
    assert not transfers(events, "grand-opera")
    # C holds K♥ but has paid A everything for the cards in hand: nothing left to double it.
    assert rnd.ledger.board == {"TD": 0, "JC": 0, "QS": 0, "KH": 16, "dwarf": 0}
    assert rnd.ledger.balances[2] == 0
