"""Every interface string is translated, in every language, and nothing is fuzzy."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from site_build.i18n import catalog_problems
from site_build.pages import LANGUAGES

LOCALE = Path(__file__).resolve().parents[2] / "site" / "locale"


def read(path, locale=None):
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "messages.po", lang)
    assert not catalog_problems(catalog)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_every_message_of_the_template(lang):
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in read(LOCALE / "messages.pot") if m.id}
    catalog = {m.id if isinstance(m.id, str) else m.id[0] for m in read(LOCALE / lang / "LC_MESSAGES" / "messages.po", lang) if m.id}
    assert template - catalog == set()


def test_the_check_reports_an_empty_or_fuzzy_entry(tmp_path):
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Home"\nmsgstr ""\n\n#, fuzzy\nmsgid "Glossary"\nmsgstr "Glosario"\n', encoding="utf-8")
    problems = catalog_problems(read(po, "es"))
    assert problems == ["msgid 'Home' has no translation", "msgid 'Glossary' is fuzzy"]
