"""A game's words: its board sections and extra hand as nouns, with their grammar.

A :class:`Noun` is one word of a game ("the Kitty", "the widow", "the ace of hearts box")
given in English in every *form* a sentence may ask for (:data:`FORMS`); each language's
catalog gives the same forms under the noun's id, so a translation writes its own article,
gender, number and contraction ("la Caja", "del Bote", "au Pot", "la viuda", "lo"/"la").
A noun that pays for one card takes that card in its forms as ``%(card:<form>)s`` ("the
%(card:name)s box", "la caja %(card:of)s", "la case %(card:of)s"). No code ever reads a gender
or a number: a sentence that agrees with a noun asks for the form that agrees (``it``: the
object pronoun, "it", "lo"/"la", "le"/"la").

Forms, and why these: ``the`` (with its article, as subject or object), ``of`` (after "of":
"del", "du", "de la"), ``to`` (after "to": "al", "au", "à la"), ``name`` (no article: a label,
an English compound) and ``it`` (the object pronoun). A language with cases adds its own
(German: ``acc``, ``dat``, ``gen``, beside ``the`` as the nominative): the form is added to
:data:`FORMS`, each noun's English gives it (English has no case, so it repeats a form it
has), and every catalog must then give it for every noun and card or the build stops.

:class:`Words` is what a profile says in words: the noun of each named section, the noun of
the single-card sections (each told with its card), the noun of the extra hand. The narrator
(:mod:`stops.messages`) reads its JSON form only. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType


def N_(message: str) -> str:
    """Marks ``message`` as a catalog msgid (Babel extracts it; the site's catalogs translate it)."""
    return message

FORMS = ("the", "of", "to", "name", "it")

# A section id that is a card ("AH", "TD", "10S"): its section pays for that card.
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANKS = {"T": "10", "10": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {str(n): str(n) for n in range(2, 10)}


def card_of_section(section_id: str) -> str | None:
    """``AH`` -> ``A♥``, ``TS`` -> ``10♠``; None when the id is not a card."""
    rank, suit = section_id[:-1], section_id[-1:]
    if suit in _SUITS and rank in _RANKS:
        return _RANKS[rank] + _SUITS[suit]
    return None


@dataclass(frozen=True)
class Noun:
    """One noun in English, in every form of :data:`FORMS` (the catalogs' msgids, in the
    context ``noun:<id>:<form>``)."""

    id: str
    the: str
    of: str
    to: str
    name: str
    it: str = "it"

    def __post_init__(self):
        takes = {form: "%(card" in getattr(self, form) for form in FORMS if form != "it"}
        if len(set(takes.values())) != 1:
            raise TypeError(f"noun {self.id!r}: either every form names its card or none does ({takes})")

    @property
    def takes_card(self) -> bool:
        """The noun of a single-card section: its forms name the card."""
        return "%(card" in self.the

    def form(self, name: str) -> str:
        if name not in FORMS:
            raise KeyError(f"noun {self.id!r}: no form {name!r} (forms: {', '.join(FORMS)})")
        return getattr(self, name)

    def forms(self) -> dict[str, str]:
        return {form: self.form(form) for form in FORMS}

    def context(self, form: str) -> str:
        """The catalog context of one form."""
        return f"noun:{self.id}:{form}"


assert tuple(f.name for f in fields(Noun))[1:] == FORMS, "Noun's fields are the forms, in order"


@dataclass(frozen=True)
class Words:
    """What a game calls its things. ``sections``: the noun of each named section (by
    section id); ``card_section``: the noun of a section that pays for one card (told with
    its card), None when the game has none; ``hand``: the noun of the extra hand (None: no
    extra hand); ``nouns``: every noun the game names, in English."""

    nouns: tuple[Noun, ...]
    sections: Mapping[str, str] = field(default_factory=dict)
    card_section: str | None = None
    hand: str | None = None
    feat: str | None = None  # the name of going out before anyone else has played a card (Nain Jaune: grand opéra)

    def __post_init__(self):
        ids = [n.id for n in self.nouns]
        if len(ids) != len(set(ids)):
            raise TypeError(f"a game's words define a noun twice: {sorted({i for i in ids if ids.count(i) > 1})}")
        named = set(ids)
        for where, noun in [*(("section " + s, n) for s, n in self.sections.items()),
                            ("single-card sections", self.card_section), ("extra hand", self.hand),
                            ("going out unopposed", self.feat)]:
            if noun is not None and noun not in named:
                raise TypeError(f"the {where} is the noun {noun!r}, which the game's words do not define")
        by_id = {n.id: n for n in self.nouns}
        if self.card_section is not None and not by_id[self.card_section].takes_card:
            raise TypeError(f"the single-card sections' noun {self.card_section!r} does not name its card")
        for sid, noun in self.sections.items():
            if by_id[noun].takes_card:
                raise TypeError(f"section {sid!r}: its noun {noun!r} names a card it is not given")

    def noun(self, noun_id: str) -> Noun:
        for n in self.nouns:
            if n.id == noun_id:
                return n
        raise KeyError(f"no noun {noun_id!r} in this game's words")

    def section_noun(self, section_id: str) -> str:
        """The noun of one section, or a KeyError naming the section without words."""
        if section_id in self.sections:
            return self.sections[section_id]
        if self.card_section is not None and card_of_section(section_id) is not None:
            return self.card_section
        raise KeyError(f"section {section_id!r} has no noun in the game's words")

    def check_sections(self, section_ids, game: str) -> None:
        """Every section of the game has its noun (a section without words fails at once)."""
        for sid in section_ids:
            try:
                self.section_noun(sid)
            except KeyError as error:
                raise TypeError(f"{game}: {error.args[0]}") from None

    def to_json(self) -> dict:
        """What the narrator reads: the noun ids only (the words are in the catalogs)."""
        return {"sections": dict(self.sections), "card_section": self.card_section, "hand": self.hand,
                "feat": self.feat}


def words(nouns, sections=None, card_section=None, hand=None, feat=None) -> Words:
    return Words(tuple(nouns), MappingProxyType(dict(sections or {})), card_section, hand, feat)


# Nouns several games share (each game lists those it names).
WIDOW = Noun("widow", "the widow", "of the widow", "to the widow", "widow")
STOCK = Noun("stock", "the stock", "of the stock", "to the stock", "stock")
# The trump honours' sections (Pope Joan's compartments, Poch's bowls): one label each.
TRUMP_ACE = Noun("trump-ace", "the Ace of trumps", "of the Ace of trumps", "to the Ace of trumps", "Ace of trumps")
TRUMP_KING = Noun("trump-king", "the King of trumps", "of the King of trumps", "to the King of trumps", "King of trumps")
TRUMP_QUEEN = Noun("trump-queen", "the Queen of trumps", "of the Queen of trumps", "to the Queen of trumps", "Queen of trumps")
TRUMP_JACK = Noun("trump-jack", "the Jack of trumps", "of the Jack of trumps", "to the Jack of trumps", "Jack of trumps")
TRUMP_TEN = Noun("trump-ten", "the Ten of trumps", "of the Ten of trumps", "to the Ten of trumps", "Ten of trumps")
