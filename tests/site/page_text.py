"""The readable text of a built page, apart from the JSON it embeds (for the words tests)."""

from html.parser import HTMLParser


class PageText(HTMLParser):
    """The readable text of a page (scripts and styles left out), and the JSON it embeds."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.embedded, self._in = [], [], None

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._in = "json" if dict(attrs).get("type") == "application/json" else tag

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._in = None

    def handle_data(self, data):
        if self._in == "json":
            self.embedded.append(data)
        elif self._in is None:
            self.parts.append(data)


def page_text(html: str) -> PageText:
    parser = PageText()
    parser.feed(html)
    parser.close()
    return parser
