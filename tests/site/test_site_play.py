"""The play pages, /<lang>/<game>/play/: one per game and language, linked from the game's
rules page and the home page, with a set-up control for every rule option of the profile
(its default selected, a link to the rule paragraph it changes) and the game's player range."""

import json
import re

import html5lib
import pytest

from site_build.pages import GAMES, LANGUAGES
from site_build.play import player_ranges
from stops.profiles import PROFILES


def play_page(site, lang, game):
    html = site.read(f"{lang}/{game}/play/index.html")
    return html, html5lib.parse(html, namespaceHTMLElements=False)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_play_page_in_every_language_linked_from_its_rules_page_and_home(site, lang, game):
    html, _ = play_page(site, lang, game)
    assert f'<html lang="{lang}">' in html
    switcher = re.findall(r'class="language-link" href="([^"]+)"', html)
    assert switcher == [f"../../../{other}/{game}/play/" for other in LANGUAGES]
    assert f'href="{game}/play/"' in site.read(f"{lang}/{game}.html")
    assert f'href="{game}/play/"' in site.read(f"{lang}/index.html")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_set_up_form_has_every_option_with_its_default_and_its_rule_paragraph(site, lang, game):
    _, tree = play_page(site, lang, game)
    profile = PROFILES[game]
    rules = site.read(f"{lang}/{game}.html")
    for option in profile.options:
        control = tree.find(f".//*[@id='option-{option.name}']")
        assert control is not None, option.name
        if isinstance(option.default, bool):
            assert control.get("type") == "checkbox" and (control.get("checked") is not None) == option.default
        elif option.choices:
            selected = [o.get("value") for o in control.iter("option") if o.get("selected") is not None]
            assert selected == [option.default] and [o.get("value") for o in control.iter("option")] == list(option.choices)
        else:
            assert control.get("type") == "number" and control.get("value") == str(option.default)
        help_ = tree.find(f".//*[@id='option-{option.name}-help']")
        link = help_.find(".//a[@class='rule-link']")
        anchor = link.get("href").split("#")[1]
        assert link.get("href") == f"../../{game}.html#{anchor}" and f'id="{anchor}"' in rules
        assert anchor.startswith(f"{game}.")
    # Every count some choice of the options allows (the script disables those the chosen ones forbid).
    counts = [int(o.get("value")) for o in tree.find(".//*[@id='setup-count']").iter("option")]
    allowed = player_ranges(profile)
    assert counts == list(range(allowed["min"], allowed["max"] + 1))
    assert allowed["min"] <= profile.min_players and profile.max_players <= allowed["max"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_without_a_length_option_asks_for_the_rounds_of_the_session(site, game):
    _, tree = play_page(site, "en", game)
    has_option = any(o.name in ("rounds", "rotations") for o in PROFILES[game].options)
    assert (tree.find(".//*[@id='setup-length']") is None) == has_option
    data = json.loads(tree.find(".//script[@class='play-data']").text)
    assert data["game"] == game and data["length"] is not has_option
    # The board by the options that change it: the default options draw the profile's sections.
    boards = data["boards"]
    defaults = json.dumps(boards["defaults"], separators=(",", ":"))
    assert [s["id"] for s in boards["values"][defaults]] == list(PROFILES[game].section_ids())


def test_the_pages_name_every_kind_of_move_the_engine_has():
    """A move is named in words on the table, the hints and the What if? question
    (view/voice.mjs `moveLabel`), never shown as its JSON: every action key of every game's
    moves has its words there (a redeal after a misdeal was shown as its JSON)."""
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "site" / "static" / "view" / "voice.mjs").read_text(encoding="utf-8")
    named = set(re.findall(r'"(\w+)" in move', source))
    betting = re.search(r"const BETTING_WORDS = \{([^}]*)\}", source).group(1)
    named |= set(re.findall(r"(\w+): N_\(", betting))
    keys = {key for profile in PROFILES.values() for key in profile.move_types()}
    assert keys <= named, sorted(keys - named)
