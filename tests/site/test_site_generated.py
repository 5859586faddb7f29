"""The variants tables and the comparison page are generated from the engine's profiles."""

import re

import pytest

from site_build.pages import LANGUAGES
from stops.profiles import PROFILES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(PROFILES))
def test_every_option_is_listed_with_its_default(site, lang, game):
    html = site.read(f"{lang}/{game}.html")
    for option in PROFILES[game].describe()["options"]:
        assert f'id="option-{option["name"]}"' in html, option["name"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_has_one_column_per_game(site, lang):
    html = site.read(f"{lang}/compare.html")
    head = html[html.index('<table class="comparison">'):html.index("</thead>")]
    assert re.findall(r'<a href="(\w+)\.html">', head) == list(PROFILES)


@pytest.mark.parametrize("game", list(PROFILES))
def test_the_board_is_drawn_from_the_profile(site, game):
    html = site.read(f"en/{game}.html")
    board = html[html.index('<ol class="board'):html.index("</ol>", html.index('<ol class="board'))]
    assert board.count('<li class="board-section') == len(PROFILES[game].describe()["sections"])
