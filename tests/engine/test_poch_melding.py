"""Poch, stage 1: melding — the trump honours, Marriage and Sequence are paid to their holders."""

from poch_helpers import of_type, position, transfers
from rulecheck import covers

# D deals; hearts are trumps (the option trumps=hearts), unless a test turns up a card.
HANDS = {
    "A": "A♥ 10♥ 7♠ 8♠ 9♠ 10♠ J♣",
    "B": "K♥ Q♥ 7♦ 8♦ 9♦ A♣ K♣",
    "C": "J♥ 7♥ 8♥ 9♥ Q♦ K♦ A♦",
    "D": "J♠ Q♠ K♠ A♠ 7♣ 8♣ 9♣",
}


def melding(hands=None, options=None, **kw):
    options = {"trumps": "hearts", **(options or {})}
    return position({**HANDS, **(hands or {})}, phase="holding", options=options, **kw)


def held(rnd):
    return [(e["player"], e["section"]) for e in (ev.to_json(rnd.names) for ev in rnd.log) if e["type"] == "hold"]


def paid(rnd, reason=None):
    return transfers([e.to_json(rnd.names) for e in rnd.log], reason)


@covers("poch.trumps", "poch.trump-honour", "poch.marriage", "poch.sequence")
def test_the_card_the_dealer_turns_up_makes_its_suit_trumps_for_every_bowl_of_trumps():
    rnd = position(HANDS, phase="holding", turn_up="J♠")  # D's last card: spades are trumps
    turned = [e.to_json(rnd.names) for e in rnd.log if e.type == "turn-up"]
    assert turned == [{"type": "turn-up", "dealer": "D", "card": "J♠", "trump": "S", "where": "dealer", "rule": "poch.trumps"}]
    assert "J♠" in [str(c) for c in rnd.hands[3]]  # it stays in the dealer's hand
    assert held(rnd) == [("D", "ace"), ("D", "king"), ("D", "queen"), ("D", "jack"), ("A", "ten"), ("D", "marriage"), ("A", "sequence")]


@covers("poch.trumps")
def test_with_trumps_hearts_no_card_is_turned_and_hearts_are_trumps():
    rnd = melding()
    assert rnd.trump == 1 and not [e for e in rnd.log if e.type == "turn-up"]


@covers("poch.trump-honour")
def test_whoever_holds_an_honour_of_trumps_takes_its_bowl():
    rnd = melding()
    assert ("A", "ace") in held(rnd) and ("A", "ten") in held(rnd) and ("B", "king") in held(rnd)
    assert ({"section": "jack"}, {"player": "C"}, 4) in paid(rnd)


@covers("poch.marriage")
def test_the_king_and_queen_of_trumps_in_one_hand_also_take_marriage():
    rnd = melding()
    assert ("B", "marriage") in held(rnd) and ("B", "queen") in held(rnd)
    rnd = melding({"B": "K♥ 6♥ 7♦ 8♦ 9♦ A♣ K♣", "C": "J♥ 7♥ 8♥ 9♥ Q♥ K♦ A♦"}, options={"pack": "52"})  # the queen elsewhere
    assert "marriage" not in [sid for _, sid in held(rnd)]
    assert [e for e in (ev.to_json(rnd.names) for ev in rnd.log) if e["type"] == "stay" and e["section"] == "marriage"]


@covers("poch.sequence")
def test_the_seven_eight_and_nine_of_trumps_take_sequence():
    rnd = melding()
    assert ("C", "sequence") in held(rnd)


def sequence_winners(hands, **options):
    rnd = melding(hands, options={"sequence": "best-run", **options})
    return [(e["player"], e["cards"]) for e in (ev.to_json(rnd.names) for ev in rnd.log)
            if e["type"] == "hold" and e["section"] == "sequence"]


@covers("poch.sequence")
def test_best_run_the_longest_run_in_one_suit_takes_sequence_alone():
    # A: 7-8-9-10♠ (four), C: 7-8-9♥ (three, trumps), D: J-Q-K-A♠ (four, higher).
    assert sequence_winners(HANDS) == [("D", ["J♠", "Q♠", "K♠", "A♠"])]


@covers("poch.sequence")
def test_best_run_between_runs_of_one_length_the_higher_wins_then_one_in_trumps_then_the_nearest_the_dealers_left():
    threes = {"A": "7♠ 8♠ 9♠ K♣", "B": "7♦ 8♦ 9♦ K♠", "C": "7♣ 8♣ 9♣ K♦", "D": "J♥ Q♥ 7♥ 9♥"}
    assert [p for p, _ in sequence_winners(threes)] == ["A"]  # three runs to a 9: A is nearest D's left
    higher = dict(threes, C="8♣ 9♣ 10♣ K♦")
    assert [p for p, _ in sequence_winners(higher)] == ["C"]  # to the 10 beats to the 9
    trumps = dict(threes, D="J♦ Q♦ 7♥ 8♥ 9♥")  # D adds 7-8-9 of hearts
    assert [p for p, _ in sequence_winners(trumps)] == ["D"]  # to the 9 in trumps beats to the 9 in other suits


def test_nobody_holding_a_run_of_three_sequence_stays():
    hands = {"A": "7♠ 9♠ J♠ K♠ A♥ 10♥ 8♣", "B": "K♥ Q♥ 7♦ 9♦ J♦ A♣ Q♣", "C": "J♥ 7♥ 9♥ 8♦ 10♦ K♦ 10♣",
             "D": "8♠ 10♠ Q♠ A♠ 7♣ 9♣ J♣"}
    rnd = melding(hands, options={"sequence": "best-run"})
    stays = [e["section"] for e in (ev.to_json(rnd.names) for ev in rnd.log) if e["type"] == "stay"]
    assert "sequence" in stays


@covers("poch.trump-honour")
def test_an_honour_held_is_told_as_shown_then_taken_never_as_played():
    from stops.messages import event_messages

    rnd = melding()
    told = [m["id"] for m in event_messages([e.to_json(rnd.names) for e in rnd.log], rnd.profile.words_json())]
    assert "%(player)s holds %(cards)s." in told
    assert "%(player)s takes %(section)s: %(amount)s." in told
    assert not [m for m in told if "plays" in m]
