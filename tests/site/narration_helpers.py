"""What the narration tests share: the catalogs, the build's renderer, random rounds' messages."""

import functools
import html
import json
import re
from pathlib import Path

from stops.profiles import EVENT_TYPES
from site_build.i18n import load_translations
from site_build.messages import Speaker
from site_build.pages import LANGUAGES
from site_build.site import StrictCatalog

from random_rounds import random_lines

REPO = Path(__file__).resolve().parents[2]


@functools.cache
def catalogs():
    return {lang: StrictCatalog(lang, load_translations(REPO / "site" / "locale", lang)) for lang in LANGUAGES}


@functools.cache
def speakers():
    return {lang: Speaker(catalog) for lang, catalog in catalogs().items()}


@functools.cache
def random_messages():
    """(game, event, message) for every event of the random rounds, and the distinct messages."""
    lines = list(random_lines(EVENT_TYPES))
    distinct = list({json.dumps(m, sort_keys=True, ensure_ascii=False): m for _, _, m in lines}.values())
    return lines, distinct


def shown(markup) -> str:
    """What the eye reads: the HTML without its tags."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(markup)))


def labels(markup) -> list[str]:
    return [html.unescape(label) for label in re.findall(r'aria-label="([^"]*)"', str(markup))]
