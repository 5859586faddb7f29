"""The HTML is well formed: html5lib in strict mode raises on the first parse error
(a stray end tag, a missing doctype, a bad attribute...), which is what a browser would
silently repair."""

import html5lib
import pytest

from site_build.checks import scan


def test_every_page_parses_without_errors(site):
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    for page in site.html_files():
        try:
            parser.parse(site.read(page))
        except html5lib.html5parser.ParseError as err:
            pytest.fail(f"{page}: {err}")


def test_every_element_is_closed_and_every_id_is_unique(site):
    for page in site.html_files():
        problems = scan(site.read(page)).problems
        assert not problems, f"{page}: {problems}"


def test_the_checker_catches_what_it_should():
    assert scan("<div><p>text</div>").problems
    assert scan('<p id="a"></p><p id="a"></p>').problems
    assert scan("<section>").problems
