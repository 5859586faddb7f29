"""Cards: ranks, suits, colours, and the ways a card may be written."""

import pytest

from stops.cards import ACE, DECK, CardError, Colour, Suit, format_card, parse_card, parse_cards
from stops.kernel.sequence import next_card


@pytest.mark.parametrize("text", ["9♦", "9D", "9d", " 9♦ ", "9♢"])
def test_nine_of_diamonds_is_read_in_every_notation(text):
    assert str(parse_card(text)) == "9♦"


@pytest.mark.parametrize("text", ["10♦", "TD", "10D", "td", "10d", "T♦"])
def test_ten_is_written_10_or_T(text):
    assert str(parse_card(text)) == "10♦"


@pytest.mark.parametrize("text", ["1♦", "11D", "9X", "", "♦", "10", "AA", "Z♠"])
def test_unknown_cards_are_refused_with_the_text(text):
    with pytest.raises(CardError, match="card"):
        parse_card(text)


def test_a_card_that_is_not_text_is_refused():
    with pytest.raises(CardError):
        parse_card(9)


def test_formatting_goes_both_ways_for_every_card():
    for card in DECK:
        assert parse_card(str(card)) == card
        assert parse_card(card.ascii) == card
        assert format_card(card, ascii=True) == card.ascii


def test_ranks_run_from_two_to_ace_high():
    spades = [c for c in DECK if c.suit is Suit.SPADES]
    assert [str(c) for c in spades] == ["2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠"]
    assert spades[-1].rank == ACE and spades[-1].is_ace


def test_hearts_and_diamonds_are_red_spades_and_clubs_black():
    assert parse_card("K♥").colour is Colour.RED and parse_card("2♦").colour is Colour.RED
    assert parse_card("K♠").colour is Colour.BLACK and parse_card("2♣").colour is Colour.BLACK
    assert Colour.RED.opposite is Colour.BLACK and set(Colour.BLACK.suits) == {Suit.SPADES, Suit.CLUBS}


def test_the_next_card_up_stays_in_the_suit_and_ends_after_the_ace():
    assert next_card(parse_card("9♦")) == parse_card("10♦")
    assert next_card(parse_card("K♣")) == parse_card("A♣")
    assert next_card(parse_card("A♦")) is None


def test_a_list_of_cards_may_be_one_string():
    assert [str(c) for c in parse_cards("9♦, 10D jd")] == ["9♦", "10♦", "J♦"]
