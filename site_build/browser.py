"""What the browser's narrator needs from the catalogs: `<out>/<lang>/messages.json`.

The table widget (site/static/widget.mjs and its modules) tells the engine's messages in the page's
language with the SAME catalogs as the build, through site/static/i18n/messages.mjs, which
only fills them. Exported: every message the engine can emit (stops/messages.py), the
widget's own strings (marked `N_("...")`; `pybabel extract` reads them, and this module
reads the same calls back out), the names of the 52 cards in every form, the labels of the
engine's identifiers (board sections, colours, poker hands, each game's extra hand) and the
catalog's plural rule as data, and the engine's hint reasons.
"""

import json
from pathlib import Path

from babel import Locale
from babel.messages.extract import extract_from_file

from .cardnames import card_table
from .errors import BuildError
from stops.profiles import NOUNS, SECTION_NOUNS
from stops.words import FORMS

from .labels import ACTION_WORDS, COLOURS, HIDDEN_HANDS, POKER_HANDS, lookup
from .messages import engine_message_ids

# The modules whose strings the browser needs: every module of static/ (and its folders).
def _modules(static: Path = Path(__file__).resolve().parent.parent / "site" / "static") -> tuple:
    return tuple(sorted(str(p.relative_to(static)) for p in static.rglob("*.mjs")))


BROWSER_MODULES = _modules()


def browser_messages(static: Path) -> list:
    """Every message the browser modules use: a msgid, or (singular, plural) for ngettext."""
    found = []
    for name in BROWSER_MODULES:
        path = static / name
        if not path.is_file():
            raise BuildError(f"{path}: missing browser module")
        for _line, message, _comments, _context in extract_from_file("javascript", str(path)):
            if message not in found:
                found.append(message)
    return found


def plural_forms(lang: str, translations) -> dict:
    """The catalog's plural rule as data: which form (index) each CLDR plural category takes.

    The browser picks the category with Intl.PluralRules (no code from the catalog is ever
    evaluated); the build checks here that the mapping gives exactly the catalog's own
    form for every count it can meet."""
    locale = Locale.parse(lang)
    mapping: dict[str, int] = {}
    samples = list(range(0, 2001)) + [10**k for k in range(3, 10)] + [2 * 10**6, 3 * 10**6 + 1]
    for n in samples:
        category, index = locale.plural_form(n), translations.plural(n)
        if mapping.setdefault(category, index) != index:
            raise BuildError(f"site/locale/{lang}: the catalog's plural rule does not follow the "
                             f"CLDR categories (n={n} is {category!r})")
    mapping.setdefault("other", translations.plural(2))
    return mapping


def messages_json(lang: str, catalog, static: Path) -> str:
    """The JSON the browser loads for one language (catalog: the build's StrictCatalog)."""
    from stops.profiles import PROFILES

    singular, plural = {}, {}
    forms = catalog.translations._catalog
    for message in browser_messages(static) + engine_message_ids():
        if isinstance(message, tuple):
            one, many = message[0], message[1]
            catalog.ngettext(one, many, 1)  # checked by the strict catalog
            texts, count = [], 0
            while (one, count) in forms:
                texts.append(catalog.typeset(forms[one, count]))
                count += 1
            plural[one] = texts
        else:
            singular[message] = catalog.gettext(message)
    from stops.hints import REASONS

    for message in REASONS.values():  # the hint reasons the engine sends as messages
        singular[message] = catalog.gettext(message)
    def hand_name(profile):  # the extra hand by its noun (a game that never deals one: so labelled); Poch's
        # default deals none, but its options lay out a stock (five cards each, the last card face up)
        if profile.words.hand is None:
            return lookup(HIDDEN_HANDS, "none", "extra hand name", catalog.gettext)
        noun = NOUNS[profile.words.hand]
        return catalog.pgettext(noun.context("name"), noun.name)

    games = {game: {"hidden_hand": hand_name(profile), "hand": profile.words.hand}
             for game, profile in PROFILES.items()}
    for game, profile in PROFILES.items():  # a game's own words for the betting actions
        terms = profile.betting.terms if profile.betting is not None else "poker"
        if terms in ACTION_WORDS:
            games[game]["actions"] = {key: catalog.gettext(word) for key, word in ACTION_WORDS[terms].items()}
    data = {
        "lang": lang,
        "plural_forms": plural_forms(lang, catalog.translations),
        "messages": singular,
        "plurals": plural,
        "cards": card_table(catalog.pgettext),
        # Every game's nouns in every form ("%(card:of)s" left in for a card's section), and
        # each named section's label (its noun's name).
        "nouns": {nid: {form: catalog.pgettext(noun.context(form), noun.form(form)) for form in FORMS}
                  for nid, noun in NOUNS.items()},
        "sections": {sid: catalog.pgettext(NOUNS[nid].context("name"), NOUNS[nid].name) for sid, nid in SECTION_NOUNS.items()},
        "colours": {key: catalog.gettext(msgid) for key, msgid in COLOURS.items()},
        "poker_hands": {key: catalog.gettext(msgid) for key, msgid in POKER_HANDS.items()},
        "games": games,
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)


def script_json(value) -> str:
    """JSON safe inside <script type="application/json"> (no `</script>`, no `<!--`)."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
