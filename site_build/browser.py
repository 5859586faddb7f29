"""What the browser's narrator needs from the catalogs: `<out>/<lang>/messages.json`.

The table widget (site/static/widget.mjs and its modules, narrate.mjs) tells the lines the engine
plays in the page's language with the SAME catalogs as the build. Its strings are marked
in the JavaScript as `gettext("...")` / `ngettext("...", "...", n)`; `pybabel extract`
reads them into the catalogs (babel.cfg), and this module reads the same calls back out of
the modules to export exactly those strings, translated, plus the labels of the engine's
identifiers (board sections, colours, poker hands, the extra hand of each game).
"""

import json
from pathlib import Path

from babel.messages.extract import extract_from_file

from .errors import BuildError
from .labels import COLOURS, HIDDEN_HANDS, POKER_HANDS, SECTIONS, lookup

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


def plural_expression(translations) -> str:
    """The catalog's gettext plural expression, e.g. `(n != 1)` (read from its header)."""
    header = translations._info.get("plural-forms", "")
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key.strip() == "plural":
            return value.strip()
    raise BuildError("catalog header has no Plural-Forms")


def messages_json(lang: str, catalog, static: Path) -> str:
    """The JSON the browser loads for one language (catalog: the build's StrictCatalog)."""
    from stops.profiles import PROFILES

    singular, plural = {}, {}
    for message in browser_messages(static):
        if isinstance(message, tuple):
            one, many = message[0], message[1]
            # gettext's forms, in the catalog's order; each checked by the strict catalog.
            catalog.ngettext(one, many, 1)
            forms = catalog.translations._catalog
            count = 0
            texts = []
            while (one, count) in forms:
                texts.append(catalog.typeset(forms[one, count]))
                count += 1
            plural[one] = texts
        else:
            singular[message] = catalog.gettext(message)
    from stops.hints import REASONS

    for message in REASONS.values():  # the hint reasons the engine sends as messages
        singular[message] = catalog.gettext(message)
    games = {}
    for game, profile in PROFILES.items():
        name = profile.describe()["widow"].get("name", "widow")
        games[game] = {"hidden_hand": lookup(HIDDEN_HANDS, name, "extra hand name", catalog.gettext),
                       "ghost": name in ("ghost hand", "ghost-hand")}
    data = {
        "lang": lang,
        "plural": plural_expression(catalog.translations),
        "messages": singular,
        "plurals": plural,
        "sections": {key: catalog.gettext(msgid) for key, msgid in SECTIONS.items()},
        "colours": {key: catalog.gettext(msgid) for key, msgid in COLOURS.items()},
        "poker_hands": {key: catalog.gettext(msgid) for key, msgid in POKER_HANDS.items()},
        "games": games,
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)


def script_json(value) -> str:
    """JSON safe inside <script type="application/json"> (no `</script>`, no `<!--`)."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
