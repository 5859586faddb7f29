"""The narrator's sentences as a native reader asked for them (docs/narration/review.md): one
card left said in the singular, nothing shared of zero chips, a single bidder, one hand at the
final showdown, the widow's price told by the payment only, a card list read as a list, and
Nain Jaune's unopposed payment by its name. English through the terminal renderer."""

from stops.messages import message
from stops.narrate import text
from stops.profiles import PROFILES


def told(game: str, event: dict) -> str:
    profile = PROFILES[game]
    return text(message(event, profile.words_json()), profile.words)


def test_a_payment_for_one_card_left_is_said_in_the_singular():
    one = {"type": "transfer", "kind": "card-count", "from": {"player": "A"}, "to": {"player": "B"}, "amount": 1}
    assert told("michigan", one) == "A pays B 1 chip for the one card left in hand."
    assert "one for each card" in told("michigan", one | {"amount": 3})


def test_a_section_too_poor_to_share_is_not_shared_in_zero_chips():
    split = {"type": "split", "players": ["C", "A"], "section": "KC", "share": 0, "left": 1}
    said = told("newmarket", split)
    assert "cannot split the 1 chip" in said and "0 chips" not in said


def test_a_single_bidder_is_told_alone():
    auction = {"type": "widow-auction", "bidders": ["D"]}
    assert told("rummoli", auction) == "Only D may bid for the widow."
    assert "in turn" in told("rummoli", auction | {"bidders": ["B", "C"]})


def test_the_widow_bought_names_no_price_the_payment_told():
    swap = {"type": "widow-swap", "player": "B", "price": 3}
    assert "3" not in told("michigan", swap) and "chip" not in told("michigan", swap)


def test_a_final_showdown_of_one_hand_names_no_best_hand():
    shown = {"player": "A", "hand": "pair", "cards": ["6♠", "6♦", "5♥", "4♦", "2♦"]}
    showdown = {"type": "final-showdown", "section": "rummoli", "amount": 18, "hands": [shown], "winners": ["A"]}
    said = told("rummoli", showdown)
    assert said.startswith("Only A is left") and "Best hand" not in said


def test_a_list_of_cards_reads_as_a_list():
    held = {"type": "hold", "player": "A", "cards": ["K♥", "Q♥"], "section": "king_queen"}
    assert told("tripoli", held) == "A holds K♥ and Q♥."


def test_going_out_unopposed_is_named_by_the_game():
    paid = {"type": "transfer", "kind": "unopposed", "from": {"section": "dwarf"}, "to": {"player": "A"}, "amount": 5}
    assert "a grand opéra" in told("nain_jaune", paid)
