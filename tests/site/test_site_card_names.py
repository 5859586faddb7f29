"""Every card is said in the page language with its article and gender, in every form a
sentence needs ("la dame de carreau", "de l'as de pique", "au 10 de cœur"; "la reina de
diamantes", "del as de picas", "al 10 de corazones"; "the queen of diamonds"), and every card
shown on a page carries that name for assistive technology."""

import re

import pytest

from stops.profiles import PROFILES

from site_build.cardnames import DECK

from narration_helpers import speakers

# The grammar each language follows (its nouns, their gender, elision and contractions).
FRENCH_RANKS = {"J": "valet", "Q": "dame", "K": "roi", "A": "as"}
FRENCH_SUITS = {"♠": "pique", "♥": "cœur", "♦": "carreau", "♣": "trèfle"}
SPANISH_RANKS = {"J": "jota", "Q": "reina", "K": "rey", "A": "as"}
SPANISH_SUITS = {"♠": "picas", "♥": "corazones", "♦": "diamantes", "♣": "tréboles"}
ENGLISH_RANKS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
ENGLISH_SUITS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def french(card):
    noun, suit = FRENCH_RANKS.get(card[:-1], card[:-1]), FRENCH_SUITS[card[-1]]
    if noun[0] in "aeiou":  # elision before a vowel: l'as
        return f"l’{noun} de {suit}", f"de l’{noun} de {suit}", f"à l’{noun} de {suit}", f"{noun} de {suit}"
    if noun == "dame":  # the only feminine rank
        return f"la {noun} de {suit}", f"de la {noun} de {suit}", f"à la {noun} de {suit}", f"{noun} de {suit}"
    return f"le {noun} de {suit}", f"du {noun} de {suit}", f"au {noun} de {suit}", f"{noun} de {suit}"


def spanish(card):
    noun, suit = SPANISH_RANKS.get(card[:-1], card[:-1]), SPANISH_SUITS[card[-1]]
    if noun in ("jota", "reina"):  # feminine
        return f"la {noun} de {suit}", f"de la {noun} de {suit}", f"a la {noun} de {suit}", f"{noun} de {suit}"
    return f"el {noun} de {suit}", f"del {noun} de {suit}", f"al {noun} de {suit}", f"{noun} de {suit}"


def english(card):
    bare = f"{ENGLISH_RANKS.get(card[:-1], card[:-1])} of {ENGLISH_SUITS[card[-1]]}"
    return f"the {bare}", f"of the {bare}", f"to the {bare}", bare


@pytest.mark.parametrize("lang, grammar", [("fr", french), ("es", spanish), ("en", english)])
def test_all_52_cards_are_named_with_their_article_and_gender(lang, grammar):
    speaker = speakers()[lang]
    assert len(DECK) == len(set(DECK)) == 52
    for card in DECK:
        assert tuple(speaker.card_name(card, form) for form in ("the", "of", "to", "name")) == grammar(card), card


STOP = {"type": "stop", "card": "Q♦", "next": "K♦", "where": "widow", "rule": "michigan.stop"}
SALE = {"type": "widow-auction", "bidders": ["B", "C", "D"], "rule": "michigan.widow-auction"}


@pytest.mark.parametrize("lang, event, sentence", [
    ("en", STOP, "The queen of diamonds is a stop: the king of diamonds is in the widow."),
    ("fr", STOP, "Arrêt sur la dame de carreau\u202f: le roi de carreau est dans la veuve."),
    ("es", STOP, "Parada en la reina de diamantes: el rey de diamantes está en la viuda."),
    ("fr", SALE, "La veuve est aux enchères\u202f: B, C et D enchérissent à tour de rôle."),
    ("es", SALE, "Se subasta la viuda: pujan por orden B, C y D."),
])
def test_a_card_or_a_noun_that_opens_a_sentence_takes_a_capital_and_inside_it_none(lang, event, sentence):
    from stops.messages import message
    from site_build.messages import plain

    assert plain(speakers()[lang].render(message(event, PROFILES["michigan"].words_json()))) == sentence


@pytest.mark.parametrize("lang, words", [("fr", "la case de la dame de carreau"), ("es", "la casilla de la reina de diamantes"),
                                         ("en", "the queen of diamonds box")])
def test_a_section_of_one_card_is_said_as_that_card(lang, words):
    from stops.messages import message
    from site_build.messages import plain

    event = {"type": "transfer", "from": {"section": "QD"}, "to": {"player": "B"}, "amount": 4, "reason": "box",
             "kind": "pay-card", "rule": "michigan.box"}
    assert words in plain(speakers()[lang].render(message(event, PROFILES["michigan"].words_json())))


@pytest.mark.parametrize("lang, name", [("fr", "la dame de carreau"), ("es", "la reina de diamantes"), ("en", "the queen of diamonds")])
def test_every_card_on_a_page_is_named_in_the_page_language(site, lang, name):
    page = site.read(f"{lang}/michigan.html")
    glyphs = re.findall(r'<span class="card (?:red|black)"([^>]*)>([^<]*)<', page)
    assert glyphs
    for attributes, text in glyphs:
        if re.fullmatch(r"(10|[2-9JQKA])[♠♥♦♣]", text):  # a glyph alone: named for assistive technology
            assert 'role="img" aria-label="' in attributes, (attributes, text)
    assert f'aria-label="{name}">Q♦<' in page
