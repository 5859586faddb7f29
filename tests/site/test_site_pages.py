"""Every page exists in every language, says which language it is in, and links to its
translations."""

import re

import pytest

from site_build.pages import LANGUAGES, PAGES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", [p.slug for p in PAGES])
def test_every_page_exists_in_every_language(site, lang, page):
    html = site.read(f"{lang}/{page}.html")
    assert f'<html lang="{lang}">' in html
    for other in LANGUAGES:
        assert f'hreflang="{other}" href="../{other}/{page}.html"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_switcher_links_to_the_same_page(site, lang):
    html = site.read(f"{lang}/tripoli.html")
    switcher = re.findall(r'class="language-link" href="([^"]+)"', html)
    assert switcher == [f"../{other}/tripoli.html" for other in LANGUAGES]


def test_the_root_page_offers_every_language_without_script(site):
    html = site.read("index.html")
    for lang in LANGUAGES:
        assert f'href="{lang}/index.html"' in html
    assert "static/choose-language.js" in html


def test_nothing_is_loaded_from_another_origin(site):
    for page in site.html_files():
        html = site.read(page)
        assert not re.search(r'(src|href)="(https?:)?//', html), page
    css = (site.out / "static" / "style.css").read_text()
    assert "url(" not in css and "@import" not in css


def test_the_michigan_page_has_every_part_of_the_rules(site):
    html = site.read("en/michigan.html")
    for section in ("overview", "players", "board", "ante", "deal", "play", "example", "scoring", "session",
                    "variants", "faq", "strategy"):
        assert f'id="{section}"' in html, section
