"""Refresh the catalogs: extract interface strings, then update es/en/fr `.po` files.

    python -m site_build.catalogs

A game's nouns (``stops.words``: each profile's words) are not marked in the source by a
call: each noun's forms are written into the template here, one entry per form in the
context ``noun:<id>:<form>`` with the English form as the msgid.

Fuzzy matching is off (pybabel compile would drop fuzzy entries, and the build refuses
them): a new string arrives empty and the build names it until someone translates it.
"""

import subprocess
import sys

from .pages import LANGUAGES
from .site import REPO

POT = REPO / "site" / "locale" / "messages.pot"


def pybabel(*args):
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=REPO, check=True)


def main():
    pybabel("extract", "-F", "babel.cfg", "-o", str(POT), "--no-wrap", "--sort-by-file",
            "--project", "stops",
            # the engine's messages (stops/messages.py) and the card names' contexts
            "-k", "tell", "-k", "tell_n:1,2", "-k", "N_n:1,2", "-k", "pgettext:1c,2", "--copyright-holder", "stops", "--msgid-bugs-address", "-",
            ".")
    add_nouns(POT)
    for lang in LANGUAGES:
        po = REPO / "site" / "locale" / lang / "LC_MESSAGES" / "messages.po"
        if po.exists():
            pybabel("update", "-i", str(POT), "-d", str(REPO / "site" / "locale"), "-l", lang,
                    "--no-fuzzy-matching", "--no-wrap", "--ignore-obsolete")
        else:
            pybabel("init", "-i", str(POT), "-d", str(REPO / "site" / "locale"), "-l", lang, "--no-wrap")


def noun_entries():
    """(context, English msgid) of every form of every noun of every game."""
    from stops.profiles import NOUNS
    from stops.words import FORMS

    return [(noun.context(form), noun.form(form)) for noun in NOUNS.values() for form in FORMS]


def add_nouns(pot) -> None:
    from babel.messages.pofile import read_po, write_po

    with open(pot, "rb") as f:
        template = read_po(f)
    for context, msgid in noun_entries():
        template.add(msgid, context=context, locations=[("engine/stops/profiles", 0)],
                     flags=("python-format",) if "%(" in msgid else ())
    with open(pot, "wb") as f:
        write_po(f, template, width=0, sort_by_file=True)


if __name__ == "__main__":
    main()
