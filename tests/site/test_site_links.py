"""Every internal link leads to a page of the site, and every #anchor to an element there.
Links are collected with the standard library's HTML parser, independently of the build's own
check (test_site_html parses every page strictly with html5lib; here only the attributes
matter, and html.parser reads them ten times faster)."""

import posixpath
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

from stops.profiles import PROFILES


class LinksAndIds(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        self.links += [found[a] for a in ("href", "src") if found.get(a)]
        if found.get("id"):
            self.ids.add(found["id"])

    handle_startendtag = handle_starttag


def links_and_ids(html):
    parser = LinksAndIds()
    parser.feed(html)
    parser.close()
    return parser.links, parser.ids


def test_every_internal_link_and_anchor_resolves(site):
    pages = {page: links_and_ids(site.read(page)) for page in site.html_files()}
    broken = []
    for page, (links, _) in pages.items():
        for link in links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{page}: external link {link}"
            assert not link.startswith("/"), f"{page}: absolute link {link} breaks under a sub-path"
            target, fragment = urldefrag(link)
            path = posixpath.normpath(posixpath.join(posixpath.dirname(page), target)) if target else page
            if target.endswith("/"):
                path = posixpath.join(path, "index.html")  # a folder is served as its index.html
            if not (site.out / path).is_file():
                broken.append(f"{page}: {link}")
            elif fragment and fragment not in pages[path][1]:
                broken.append(f"{page}: {link} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_section_ids_are_the_same_in_every_language(site):
    for page in (*sorted(PROFILES), "compare", "glossary", "replay-format", "index"):
        ids = {lang: links_and_ids(site.read(f"{lang}/{page}.html"))[1] for lang in ("es", "en", "fr")}
        assert ids["es"] == ids["en"] == ids["fr"], page
