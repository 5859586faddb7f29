"""Refresh the catalogs: extract interface strings, then update es/en/fr `.po` files.

    python -m site_build.catalogs

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
            "-k", "tell", "-k", "tell_n:1,2", "-k", "pgettext:1c,2", "--copyright-holder", "stops", "--msgid-bugs-address", "-",
            ".")
    for lang in LANGUAGES:
        po = REPO / "site" / "locale" / lang / "LC_MESSAGES" / "messages.po"
        if po.exists():
            pybabel("update", "-i", str(POT), "-d", str(REPO / "site" / "locale"), "-l", lang,
                    "--no-fuzzy-matching", "--no-wrap", "--ignore-obsolete")
        else:
            pybabel("init", "-i", str(POT), "-d", str(REPO / "site" / "locale"), "-l", lang, "--no-wrap")


if __name__ == "__main__":
    main()
