"""Every internal link leads to a page of the site, and every #anchor to an element there.
Links are collected with html5lib (independently of the build's own check)."""

import posixpath
from urllib.parse import urldefrag, urlsplit

import html5lib

from stops.profiles import PROFILES


def links_and_ids(html):
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    links = [el.get(attr) for el in tree.iter() for attr in ("href", "src") if el.get(attr)]
    ids = {el.get("id") for el in tree.iter() if el.get("id")}
    return links, ids


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
