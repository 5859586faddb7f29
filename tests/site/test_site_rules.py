"""Every rule the engine can name has one paragraph, under its own id, on its game's page,
in every language; a missing or doubled one stops the build, naming it."""

import re

import pytest

from site_build.errors import BuildError
from site_build.pages import GAMES, LANGUAGES
from stops.profiles import rule_ids


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_is_a_paragraph_on_its_game_page(site, lang, game):
    html = site.read(f"{lang}/{game}.html")
    for rule in rule_ids(game):
        assert html.count(f'<div class="rule" id="{rule}">') == 1, rule


def test_a_missing_rule_paragraph_fails_the_build_naming_it(content_copy, build_with):
    page = content_copy / "fr" / "michigan.md"
    text = page.read_text()
    page.write_text(re.sub(r"::: rule michigan\.kitty .*?\n:::\n", "", text, flags=re.S))
    with pytest.raises(BuildError, match=r"fr/michigan\.md: missing rule paragraph for michigan\.kitty"):
        build_with(content_copy)


def test_a_doubled_rule_paragraph_fails_the_build(content_copy, build_with):
    page = content_copy / "es" / "tripoli.md"
    page.write_text(page.read_text() + "\n::: rule tripoli.pozo Otra vez\nTexto.\n:::\n")
    with pytest.raises(BuildError, match=r"rule tripoli\.pozo is stated twice"):
        build_with(content_copy)


def test_a_missing_page_fails_the_build(content_copy, build_with):
    (content_copy / "es" / "glossary.md").unlink()
    with pytest.raises(BuildError, match=r"es/glossary\.md: missing page"):
        build_with(content_copy)
