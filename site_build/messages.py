"""The engine's messages (stops.messages) in the page's language, as HTML.

A message is a msgid and typed arguments. :func:`render` translates the msgid through the
catalog (its plural form from the count argument), escapes it, and fills each placeholder
with its argument rendered for that language: cards with their article and gender, and an
accessible name when only the glyph is shown; a game's nouns in the form the translation asks
for (``%(section:of)s``: "del Bote", "du Pot"), with the card a noun names; sections as labels
by their nouns' names; chips counted by the language's plural rules. A noun missing from the
catalog, in any form, stops the build. Nothing here decides what happened: the engine did. The browser's
``site/static/i18n/messages.mjs`` does the same from ``<lang>/messages.json``.
"""

import re
from pathlib import Path

from babel.lists import format_list
from babel.messages.extract import extract_from_file
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup, escape

from stops.messages import COLOUR_LABELS, MESSAGES_SEPARATOR, POKER_HAND_LABELS, count_of
from stops.profiles import NOUNS, SECTION_NOUNS

from .cardnames import FORMS, card_forms
from .cardtext import RED_SUITS
from .errors import BuildError
from .labels import card_from_section_id

MINIMUM_GROUPING_DIGITS = {"es": 2}  # CLDR; Babel's format_decimal does not apply it
PLACEHOLDER = re.compile(r"%\((\w+)(?::(\w+))?\)s|%%")
ENGINE_MESSAGES = Path(__file__).resolve().parent.parent / "engine" / "stops" / "messages.py"
# How stops/messages.py marks its message ids (site_build.catalogs passes the same to pybabel).
KEYWORDS = {"tell": None, "tell_n": (1, 2), "N_": None, "N_n": (1, 2)}


def engine_message_ids(path: Path = ENGINE_MESSAGES) -> list:
    """Every msgid the engine's narrators can emit: a string, or (singular, plural)."""
    found = []
    for _line, message, _comments, _context in extract_from_file("python", str(path), keywords=KEYWORDS):
        if message not in found:
            found.append(message)
    return found


class Speaker:
    """One language's renderer: the strict catalog, its card names, its number format."""

    def __init__(self, catalog):
        self.catalog, self.lang = catalog, catalog.lang
        self._cards = {}

    # ----- words -------------------------------------------------------------------------

    def gettext(self, message):
        return self.catalog.gettext(message)

    def ngettext(self, singular, plural, n):
        return self.catalog.ngettext(singular, plural, n)

    def hidden_hand(self, game) -> str:
        """The extra hand's name in this game (widow, ghost hand), from the profile's words."""
        from stops.profiles import PROFILES

        hand = PROFILES[game].words.hand
        if hand is None:
            raise BuildError(f"{game}: the game has no extra hand to name")
        return self.noun_form(hand, "name")

    def check_words(self, nouns=None) -> None:
        """Every form of every noun of every game is in this language's catalog, and a noun of
        a card's section names its card in every form but its pronoun: a missing word stops
        the build (``nouns``: by id, every game's by default)."""
        for noun in (NOUNS if nouns is None else nouns).values():
            for form in FORMS:
                said = self.catalog.pgettext(noun.context(form), noun.form(form))
                names_card = any(m.group(1) == "card" for m in PLACEHOLDER.finditer(said))
                if form != "it" and names_card != noun.takes_card:
                    raise BuildError(f"site/locale/{self.lang}: the noun {noun.id!r} ({form}) is {said!r}, which "
                                     + ("does not name its card" if noun.takes_card else "names a card it is not given"))

    def noun_form(self, noun_id: str, form: str) -> str:
        """One form of a noun in this language, as the catalog gives it (``%(card:…)s`` left in)."""
        if noun_id not in NOUNS:
            raise BuildError(f"stops.profiles: no game defines the noun {noun_id!r}")
        if form not in FORMS:
            raise BuildError(f"site/locale/{self.lang}: unknown noun form {form!r} (forms: {', '.join(FORMS)})")
        noun = NOUNS[noun_id]
        return self.catalog.pgettext(noun.context(form), noun.form(form))

    def noun_html(self, value: dict, form: str, initial: bool) -> Markup:
        """A noun in a sentence, in ``form``; the card it names in the form its words ask for."""
        if not isinstance(value, dict) or "id" not in value:
            raise BuildError(f"stops.messages: a noun is {{'id': ..., 'card': ...}}, not {value!r}")
        said = self.noun_form(value["id"], form)
        if initial:
            said = said[:1].upper() + said[1:]
        out, last = [], 0
        for match in PLACEHOLDER.finditer(said):
            if match.group(1) != "card" or "card" not in value:
                raise BuildError(f"site/locale/{self.lang}: the noun {value['id']!r} says {said!r}, "
                                 f"but only a card may be named in a noun, and only by a noun of a card's section")
            out += [escape(said[last:match.start()]), self.card_words(value["card"], match.group(2) or "the")]
            last = match.end()
        if "card" in value and not out:
            raise BuildError(f"site/locale/{self.lang}: the noun {value['id']!r} ({form}) does not name its card: {said!r}")
        out.append(escape(said[last:]))
        return Markup("").join(out)

    def card_name(self, card: str, form: str = "the") -> str:
        """The card in words with its article: "la dame de carreau"; form "of"/"to" as a
        sentence needs it ("de la dame de carreau", "au 10 de cœur")."""
        if card not in self._cards:
            self._cards[card] = card_forms(card, self.catalog.pgettext)
        if form not in FORMS:
            raise BuildError(f"site/locale/{self.lang}: unknown card form {form!r} (forms: {', '.join(FORMS)})")
        return self._cards[card][form]

    def listed(self, items: list) -> Markup:
        """Items (HTML) joined as a list in the language (CLDR: "A, B, and C", "A, B y C",
        "A, B et C"), as the browser's Intl.ListFormat joins them."""
        if not items:
            return Markup("")
        tokens = [f"\ue000{i}\ue001" for i in range(len(items))]
        said = format_list(tokens, locale=self.lang)
        out = []
        for piece in re.split(r"(\ue000\d+\ue001)", said):
            match = re.fullmatch(r"\ue000(\d+)\ue001", piece)
            out.append(items[int(match.group(1))] if match else escape(piece))
        return Markup("").join(out)

    def number(self, value) -> str:
        """A whole number in the language's format, or an exact fraction; a real minus sign."""
        if isinstance(value, str) and "/" in value:
            return value.replace("-", "−")
        # CLDR's minimum grouping digits (Spanish writes 1000 but 10.000), as Intl.NumberFormat does.
        grouped = abs(int(value)) >= 10 ** (3 + MINIMUM_GROUPING_DIGITS.get(self.lang, 1) - 1)
        return format_decimal(value, locale=self.lang, group_separator=grouped).replace("-", "−")

    def chips(self, amount) -> str:
        """`4 chips`, `1 chip`, `1/3 of a chip`, by the language's plural rules."""
        n = count_of({"chips": amount})
        if isinstance(amount, str) and "/" in amount and n == 1:
            return self.gettext("%(num)s of a chip") % {"num": self.number(amount)}
        return self.catalog.ngettext("%(num)s chip", "%(num)s chips", n) % {"num": self.number(amount)}

    def section_text(self, sid: str) -> str:
        """A section as a label: the name of its noun, or the card it pays for."""
        if sid in SECTION_NOUNS:
            return self.noun_form(SECTION_NOUNS[sid], "name")
        card = card_from_section_id(sid)
        if card is None:
            raise BuildError(f"stops.profiles: no game's words name the board section {sid!r}")
        return card

    def label(self, table, key, what):
        if key not in table:
            raise BuildError(f"stops.messages: no label for {what} {key!r}; add it to the table")
        return self.gettext(table[key])

    # ----- HTML --------------------------------------------------------------------------

    def card_glyph(self, card: str) -> Markup:
        """A card shown as its glyph, with its name in the page language for assistive technology."""
        return Markup('<span class="card {}" role="img" aria-label="{}">{}</span>').format(
            colour(card), self.card_name(card), card)

    def card_words(self, card: str, form: str = "the", initial: bool = False) -> Markup:
        """A card in a sentence: its name in words (the glyph after it, for the eye only; a
        pronoun, form "it", is the word alone)."""
        name = self.card_name(card, form)
        if form == "it":
            return escape(name)
        if initial:
            name = name[:1].upper() + name[1:]
        return Markup('<span class="card {}">{}<span class="card-glyph" aria-hidden="true">\u00a0{}</span></span>').format(
            colour(card), name, card)

    def section_html(self, sid: str) -> Markup:
        text = self.section_text(sid)
        if sid not in SECTION_NOUNS:
            return self.card_glyph(text)
        return escape(text)

    def arg(self, value: dict, form: str | None, initial: bool) -> Markup:
        if not isinstance(value, dict) or len(value) != 1:
            raise BuildError(f"stops.messages: an argument is one typed value like {{'card': 'Q♦'}}, not {value!r}")
        (kind, data), = value.items()
        if kind == "card":
            return self.card_words(data, form or "the", initial)
        if kind == "noun":
            return self.noun_html(data, form or "the", initial)
        if form is not None:
            raise BuildError(f"site/locale/{self.lang}: form {form!r} asked of a {kind} argument (only cards and nouns have forms)")
        if kind == "player":
            return escape(data)
        if kind == "players":
            return escape(format_list(list(data), locale=self.lang)) if data else Markup("")
        if kind == "cards":
            return self.listed([self.card_glyph(c) for c in data])
        if kind == "section":
            return self.section_html(data)
        if kind == "chips":
            return escape(self.chips(data))
        if kind == "number":
            return escape(self.number(data))
        if kind == "percent":  # a hint's measure of a hand (0.4: "40 %" in French)
            return escape(self.catalog.typeset(format_percent(data, locale=self.lang)))
        if kind == "colour":
            return escape(self.label(COLOUR_LABELS, data, "colour"))
        if kind == "hand":
            return escape(self.label(POKER_HAND_LABELS, data, "poker hand"))
        if kind == "counts":
            return Markup(", ").join(Markup("{} {}").format(self.arg(thing, None, False), self.number(n))
                                     for thing, n in data)
        if kind == "messages":
            return Markup(escape(self.gettext(MESSAGES_SEPARATOR))).join(self.render(item) for item in data)
        raise BuildError(f"stops.messages: unknown argument kind {kind!r}; document it in docs/messages.md")

    def template(self, message: dict) -> str:
        if "plural" in message:
            count = message["args"].get(message["count"])
            if count is None:
                raise BuildError(f"message {message['id']!r}: no argument {message['count']!r} to count")
            return self.catalog.ngettext(message["id"], message["plural"], count_of(count))
        return self.gettext(message["id"])

    def render(self, message: dict) -> Markup:
        """The message as HTML in this language."""
        template, args = self.template(message), message.get("args", {})
        out, last = [], 0
        for match in PLACEHOLDER.finditer(template):
            out.append(escape(template[last:match.start()]))
            if match.group(0) == "%%":
                out.append("%")
            else:
                name, form = match.group(1), match.group(2)
                if name not in args:
                    raise BuildError(f"site/locale/{self.lang}: {template!r} uses %({name})s, "
                                     f"which message {message['id']!r} does not give")
                out.append(self.arg(args[name], form, initial=match.start() == 0))
            last = match.end()
        out.append(escape(template[last:]))
        return Markup("").join(out)

    def text(self, message: dict) -> str:
        """The message as plain text (what a screen reader says)."""
        return plain(self.render(message))


def colour(card: str) -> str:
    return "red" if card[-1:] in RED_SUITS else "black"


def plain(markup) -> str:
    """Text of rendered HTML: a glyph shown for the eye is dropped, a role="img" says its name."""
    import html

    text = re.sub(r'<span class="card-glyph" aria-hidden="true">[^<]*</span>', "", str(markup))
    text = re.sub(r'<span [^>]*role="img" aria-label="([^"]*)">[^<]*</span>', r"\1", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text))
