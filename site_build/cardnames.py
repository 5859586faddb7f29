"""Card names that read natively: "la dame de carreau", "l'as de pique", "el as de picas".

The grammar lives in the catalogs: for each rank, four complete phrases (gettext contexts
``card``, ``card:of``, ``card:to``, ``card:name``) in which only the suit is filled in (context ``suit``),
so each language sets its own article, gender and contraction ("du 10", "de la dame",
"de l'as", "au 10", "à la dame"; "del as", "de la reina", "al as"). No fragment is glued to
another: a suit name never changes inside these phrases in es, en or fr.

A message's translation asks a card argument for a form with ``%(card:of)s``,
``%(card:to)s`` or ``%(card:name)s`` (no article); plain ``%(card)s`` is the card with its
article. The build exports every
card's forms to ``<lang>/messages.json`` (``cards``), so the browser only looks them up.
"""

from stops.words import FORMS

from .errors import BuildError

SUIT_GLYPHS = "♠♥♦♣"
RANK_GLYPHS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The form names used in translations: %(card)s, %(card:of)s, %(card:to)s, and %(card:name)s,
# the name without its article ("the %(section:name)s pot": "the ace of hearts pot").
# %(card:it)s, the object pronoun that agrees with the card ("lo"/"la", "le"/"la"). The forms
# are those of a game's nouns (stops.words.FORMS): a language with cases adds its own there,
# and every rank below then gives it.


def pgettext(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context for extraction (translated by the catalog later)."""
    return context, message


SUITS = {
    "♠": pgettext("suit", "spades"),
    "♥": pgettext("suit", "hearts"),
    "♦": pgettext("suit", "diamonds"),
    "♣": pgettext("suit", "clubs"),
}

# Per rank: (the ..., of the ..., to the ..., name, it), each with the suit as %(suit)s (the
# pronoun has one context per rank, since its gender is the rank's).
RANKS = {
    "2": (pgettext("card", "the 2 of %(suit)s"), pgettext("card:of", "of the 2 of %(suit)s"),
          pgettext("card:to", "to the 2 of %(suit)s"), pgettext("card:name", "2 of %(suit)s"), pgettext("card:it:2", "it")),
    "3": (pgettext("card", "the 3 of %(suit)s"), pgettext("card:of", "of the 3 of %(suit)s"),
          pgettext("card:to", "to the 3 of %(suit)s"), pgettext("card:name", "3 of %(suit)s"), pgettext("card:it:3", "it")),
    "4": (pgettext("card", "the 4 of %(suit)s"), pgettext("card:of", "of the 4 of %(suit)s"),
          pgettext("card:to", "to the 4 of %(suit)s"), pgettext("card:name", "4 of %(suit)s"), pgettext("card:it:4", "it")),
    "5": (pgettext("card", "the 5 of %(suit)s"), pgettext("card:of", "of the 5 of %(suit)s"),
          pgettext("card:to", "to the 5 of %(suit)s"), pgettext("card:name", "5 of %(suit)s"), pgettext("card:it:5", "it")),
    "6": (pgettext("card", "the 6 of %(suit)s"), pgettext("card:of", "of the 6 of %(suit)s"),
          pgettext("card:to", "to the 6 of %(suit)s"), pgettext("card:name", "6 of %(suit)s"), pgettext("card:it:6", "it")),
    "7": (pgettext("card", "the 7 of %(suit)s"), pgettext("card:of", "of the 7 of %(suit)s"),
          pgettext("card:to", "to the 7 of %(suit)s"), pgettext("card:name", "7 of %(suit)s"), pgettext("card:it:7", "it")),
    "8": (pgettext("card", "the 8 of %(suit)s"), pgettext("card:of", "of the 8 of %(suit)s"),
          pgettext("card:to", "to the 8 of %(suit)s"), pgettext("card:name", "8 of %(suit)s"), pgettext("card:it:8", "it")),
    "9": (pgettext("card", "the 9 of %(suit)s"), pgettext("card:of", "of the 9 of %(suit)s"),
          pgettext("card:to", "to the 9 of %(suit)s"), pgettext("card:name", "9 of %(suit)s"), pgettext("card:it:9", "it")),
    "10": (pgettext("card", "the 10 of %(suit)s"), pgettext("card:of", "of the 10 of %(suit)s"),
          pgettext("card:to", "to the 10 of %(suit)s"), pgettext("card:name", "10 of %(suit)s"), pgettext("card:it:10", "it")),
    "J": (pgettext("card", "the jack of %(suit)s"), pgettext("card:of", "of the jack of %(suit)s"),
          pgettext("card:to", "to the jack of %(suit)s"), pgettext("card:name", "jack of %(suit)s"), pgettext("card:it:jack", "it")),
    "Q": (pgettext("card", "the queen of %(suit)s"), pgettext("card:of", "of the queen of %(suit)s"),
          pgettext("card:to", "to the queen of %(suit)s"), pgettext("card:name", "queen of %(suit)s"), pgettext("card:it:queen", "it")),
    "K": (pgettext("card", "the king of %(suit)s"), pgettext("card:of", "of the king of %(suit)s"),
          pgettext("card:to", "to the king of %(suit)s"), pgettext("card:name", "king of %(suit)s"), pgettext("card:it:king", "it")),
    "A": (pgettext("card", "the ace of %(suit)s"), pgettext("card:of", "of the ace of %(suit)s"),
          pgettext("card:to", "to the ace of %(suit)s"), pgettext("card:name", "ace of %(suit)s"), pgettext("card:it:ace", "it")),
}

DECK = tuple(rank + suit for suit in SUIT_GLYPHS for rank in RANK_GLYPHS)


def card_forms(card: str, pgettext_fn) -> dict[str, str]:
    """Every form of one card's name in the catalog's language: {"the": ..., "of": ..., "to": ...}."""
    rank, suit = card[:-1], card[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise BuildError(f"site_build/cardnames.py: {card!r} is not a card")
    suit_name = pgettext_fn(*SUITS[suit])
    return {form: pgettext_fn(*marked) % {"suit": suit_name} for form, marked in zip(FORMS, RANKS[rank], strict=True)}


def card_table(pgettext_fn) -> dict[str, dict[str, str]]:
    """The forms of all 52 cards."""
    return {card: card_forms(card, pgettext_fn) for card in DECK}
