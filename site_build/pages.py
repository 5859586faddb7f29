"""What the site holds: its languages and its pages, in menu order."""

from dataclasses import dataclass

LANGUAGES = ("es", "en", "fr")
DEFAULT_LANGUAGE = "en"
# Each language's own name, shown in the switcher and on the root page.
LANGUAGE_NAMES = {"es": "Español", "en": "English", "fr": "Français"}


@dataclass(frozen=True)
class PageKind:
    slug: str          # file name without .md / .html
    game: str | None   # a rules page names its game; its rule ids must all appear on it


PAGES = (
    PageKind("index", None),
    PageKind("michigan", "michigan"),
    PageKind("tripoli", "tripoli"),
    PageKind("rummoli", "rummoli"),
    PageKind("newmarket", "newmarket"),
    PageKind("nain_jaune", "nain_jaune"),
    PageKind("poch", "poch"),
    PageKind("pope_joan", "pope_joan"),
    PageKind("compare", None),
    PageKind("glossary", None),
    PageKind("replay-format", None),
)
GAMES = tuple(page.game for page in PAGES if page.game)
