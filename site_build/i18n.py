"""Interface strings: read each language's `.po`, check it, compile it in memory.

The `.po` catalogs are committed; the `.mo` files are compiled at every build and never
written to the tree. A catalog with an empty or fuzzy entry fails the build (strict): a
fuzzy entry would silently fall back to English.
"""

from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from .errors import BuildError


def catalog_path(locale_dir: Path, lang: str) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / "messages.po"


def catalog_problems(catalog) -> list[str]:
    """Every entry that is empty, fuzzy or half-translated, as readable lines."""
    problems = []
    for message in catalog:
        if not message.id:
            continue  # the header
        where = f"msgid {message.id!r}"
        if message.fuzzy:
            problems.append(f"{where} is fuzzy")
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(strings):
            problems.append(f"{where} has no translation")
    return problems


def load_translations(locale_dir: Path, lang: str) -> Translations:
    """Compile one language's catalog and return it ready for gettext/ngettext."""
    path = catalog_path(locale_dir, lang)
    if not path.exists():
        raise BuildError(f"{path}: missing catalog for language {lang!r}")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    problems = catalog_problems(catalog)
    if problems:
        raise BuildError(f"{path}: " + "; ".join(problems[:10]) + (" …" if len(problems) > 10 else ""))
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def locale_of(lang: str) -> Locale:
    return Locale.parse(lang)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (translated where it is shown)."""
    return message
