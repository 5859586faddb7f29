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
    assert re.findall(r'<a href="([\w-]+)\.html">', head) == list(PROFILES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_family_page_fills_every_row_for_every_profile_and_tells_the_descent_with_sources(site, lang):
    html = site.read(f"{lang}/compare.html")
    table = html[html.index('<table class="comparison">'):html.index("</table>")]
    head = table[:table.index("</thead>")]
    assert re.findall(r'data-game="([\w-]+)"', head) == list(PROFILES)
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", table[table.index("<tbody>"):], re.S)
    assert len(rows) >= 15  # deck, ranks, board, phases, how a sequence stops, what a stop earns, how one wins...
    for row in rows:
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        assert len(cells) == len(PROFILES) and all(cell.strip() for cell in cells), row[:80]
    descent = html[html.index('id="descent"'):]
    cited = set(re.findall(r"\[(\d+)\]", descent))
    sources = re.findall(r"<li>", descent[descent.rindex("<ol"):])
    assert len(sources) >= 10 and cited == {str(n) for n in range(1, len(sources) + 1)}


@pytest.mark.parametrize("game", list(PROFILES))
def test_the_board_is_drawn_from_the_profile(site, game):
    html = site.read(f"en/{game}.html")
    board = html[html.index('<ol class="board'):html.index("</ol>", html.index('<ol class="board'))]
    assert board.count('<li class="board-section') == len(PROFILES[game].describe()["sections"])


def test_the_family_table_gives_a_pack_that_depends_on_the_players_for_each_count(site):
    # Poch by default: 32 cards (7 to ace) for two to four players, the whole pack for five to eight.
    sizes = PROFILES["poch"].describe()["pack_sizes"]
    assert sizes == {"2": 32, "3": 32, "4": 32, "5": 52, "6": 52, "7": 52, "8": 52}
    assert PROFILES["michigan"].describe()["pack_sizes"] == {}
    html = site.read("en/compare.html")
    table = html[html.index('<table class="comparison">'):html.index("</table>")]
    pack_row = next(row for row in re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", table, re.S) if row.startswith("Pack"))
    cells = dict(zip(PROFILES, re.findall(r"<td>(.*?)</td>", pack_row, re.S)))
    assert cells["poch"] == "32 cards for 2 to 4 players, 52 for 5 to 8"  # a range of counts: "to"
    assert cells["michigan"] == "52 cards"
