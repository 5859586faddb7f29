"""Markdown to HTML: markdown-it (raw HTML off) with the site's few extensions.

- front matter (`title:`, `description:`; plain `key: value` lines);
- `{#id}` on the line above a heading gives it a fixed id (the same in every language);
- `::: rule michigan.follow Short title` ... `:::` is the paragraph that states a rule; its
  id is the rule id, so events and errors can link to it;
- ```` ```stops-example ````, ```` ```stops-board ````, ```` ```stops-variants ```` and
  ```` ```stops-comparison ```` fences are replaced by generated HTML;
- card mentions such as 9♦ are wrapped so red suits show red.
"""

import re
import unicodedata
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markupsafe import Markup, escape
from mdit_py_plugins.anchors import anchors_plugin
from mdit_py_plugins.attrs import attrs_block_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from .cardtext import mark_cards
from .errors import located
from .i18n import N_

GENERATED_FENCES = ("stops-example", "stops-board", "stops-variants", "stops-comparison")
RULE_INFO = re.compile(r"^rule\s+(?P<id>[a-z0-9_-]+\.[a-z0-9-]+)\s+(?P<title>\S.*)$")


def slugify(text: str) -> str:
    """An ASCII slug, for headings without an explicit id."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "section"


@dataclass
class RuleParagraph:
    rule_id: str
    title: str
    line: int


@dataclass
class ParsedPage:
    path: str
    meta: dict
    tokens: list
    rules: list = field(default_factory=list)        # RuleParagraph, in page order
    fences: list = field(default_factory=list)       # (info, line, content)
    heading_ids: list = field(default_factory=list)  # explicit h2 ids, in order
    headings: list = field(default_factory=list)     # (id, Markdown text) of every h2, in order
    quick_start: int | None = None                   # line of the `::: quickstart` box, if any


def _render_rule(self, tokens, idx, options, env):
    token = tokens[idx]
    if token.nesting == 1:
        match = RULE_INFO.match(token.info.strip())
        rule_id, title = match["id"], match["title"]
        label = env["gettext"](N_("Link to this rule"))
        return Markup(
            '<div class="rule" id="{id}">\n<p class="rule-head"><a class="rule-anchor" href="#{id}" '
            'aria-label="{label}">§</a> <strong>{title}</strong></p>\n'
        ).format(id=rule_id, label=label, title=mark_cards(title, env.get("lang"), env.get("card_name")))
    return "</div>\n"


def _render_quick_start(self, tokens, idx, options, env):
    """The box at the top of a rules page; the page's table of contents follows it."""
    if tokens[idx].nesting == 1:
        title = env["gettext"](N_("Quick start"))
        return Markup('<aside class="quick-start" aria-labelledby="quick-start-title">\n'
                      '<p class="quick-start-title" id="quick-start-title">{title}</p>\n').format(title=title)
    return Markup("</aside>\n") + env.get("toc", lambda: "")()


def _render_fence(self, tokens, idx, options, env):
    token = tokens[idx]
    name = token.info.strip().split(" ")[0]
    if name in GENERATED_FENCES:
        return env["fence"](name, token)
    return _default_fence(token)


def _default_fence(token):
    return f'<pre><code>{escape(token.content)}</code></pre>\n'


def _render_text(self, tokens, idx, options, env):
    return mark_cards(tokens[idx].content, env.get("lang"), env.get("card_name"))


def make_markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.use(front_matter_plugin)
    md.use(attrs_block_plugin, allowed=("id",))
    # h2 ids are explicit (checked in parse_page); h3 get a slug unless they carry one.
    md.use(anchors_plugin, min_level=3, max_level=3, slug_func=slugify)
    md.use(container_plugin, "rule", validate=lambda params, markup: bool(RULE_INFO.match(params.strip())),
           render=_render_rule)
    md.use(container_plugin, "note")
    md.use(container_plugin, "quickstart", render=_render_quick_start)
    md.add_render_rule("fence", _render_fence)
    md.add_render_rule("text", _render_text)
    return md


def parse_front_matter(path: str, text: str) -> dict:
    meta = {}
    for number, line in enumerate(text.splitlines(), start=2):
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise located(path, number, f"front matter line is not `key: value`: {line!r}")
        meta[key.strip()] = value.strip()
    return meta


def parse_page(md: MarkdownIt, path: str, text: str) -> ParsedPage:
    tokens = md.parse(text, {})
    page = ParsedPage(path=path, meta={}, tokens=tokens)
    for index, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else None
        if token.type == "front_matter":
            page.meta = parse_front_matter(path, token.content)
        elif token.type == "container_rule_open":
            match = RULE_INFO.match(token.info.strip())
            page.rules.append(RuleParagraph(match["id"], match["title"], line))
        elif token.type == "fence" and token.info.strip().split(" ")[0] in GENERATED_FENCES:
            page.fences.append((token.info.strip(), line, token.content))
        elif token.type == "heading_open" and token.tag == "h2":
            if not token.attrGet("id"):
                raise located(path, line, "every `##` heading needs a fixed id: put `{#some-id}` on the line above")
            page.heading_ids.append(token.attrGet("id"))
            page.headings.append((token.attrGet("id"), tokens[index + 1].content))
        elif token.type == "container_quickstart_open":
            page.quick_start = line
    if "title" not in page.meta:
        raise located(path, 1, "front matter needs a `title:`")
    return page


def render_page(md: MarkdownIt, page: ParsedPage, env: dict) -> Markup:
    return Markup(md.renderer.render(page.tokens, md.options, env))
