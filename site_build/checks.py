"""Checks on the HTML the build produced: well-formed tags, unique ids, links that resolve.

Python's html.parser does not report errors, so the scan keeps its own stack of open
elements: an end tag that does not close the innermost open element, an element left open
at the end, or an id used twice is an error. (The tests also parse every page with html5lib
in strict mode.)
"""

import posixpath
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Elements whose end tag HTML lets you omit; the site always closes them, so they are checked too.


class PageScan(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[str] = []
        self.problems: list[str] = []
        self.stack: list[tuple[str, int]] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            if attributes["id"] in self.ids:
                self.problems.append(f"line {self.getpos()[0]}: duplicate id {attributes['id']!r}")
            self.ids.append(attributes["id"])
        for name in ("href", "src"):
            if attributes.get(name):
                self.links.append(attributes[name])
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            open_tag = self.stack[-1] if self.stack else ("nothing", 0)
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> closes <{open_tag[0]}> opened on line {open_tag[1]}")
            if any(t == tag for t, _ in self.stack):
                while self.stack and self.stack[-1][0] != tag:
                    self.stack.pop()
                self.stack.pop()
            return
        self.stack.pop()

    def close(self):
        super().close()
        for tag, line in self.stack:
            self.problems.append(f"line {line}: <{tag}> is never closed")


def scan(html: str) -> PageScan:
    page = PageScan()
    page.feed(html)
    page.close()
    return page


def is_internal(link: str) -> bool:
    parts = urlsplit(link)
    return not parts.scheme and not parts.netloc and not link.startswith("//")


def link_problems(pages: dict[str, str], other_files: set[str]) -> list[str]:
    """Every problem in `pages` (site path -> HTML): bad markup, or a link or anchor that does not resolve."""
    scans = {path: scan(html) for path, html in pages.items()}
    problems = []
    for path, page in scans.items():
        problems += [f"{path}: {p}" for p in page.problems]
        for link in page.links:
            if not is_internal(link):
                problems.append(f"{path}: link leaves the site: {link}")
                continue
            if link.startswith("/"):
                problems.append(f"{path}: absolute link (the site must work under any sub-path): {link}")
                continue
            target, fragment = urldefrag(link)
            target_path = posixpath.normpath(posixpath.join(posixpath.dirname(path), target)) if target else path
            if target.endswith("/"):
                target_path = posixpath.join(target_path, "index.html")  # a folder is served as its index.html
            if target_path not in scans and target_path not in other_files:
                problems.append(f"{path}: broken link {link}")
            elif fragment and (target_path not in scans or fragment not in scans[target_path].ids):
                problems.append(f"{path}: broken anchor {link}")
    return problems
