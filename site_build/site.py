"""The build itself: read and check everything, render in memory, then write `_site/`.

Nothing is written until every page of every language has been read, validated and
rendered, and every internal link resolves (strict: any problem is a BuildError).
"""

import json
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError
from markupsafe import Markup

from .cardtext import card_html, cards_html, french_spacing, mark_cards
from .browser import messages_json, script_json
from .checks import link_problems
from .compress import compress_tree
from .engine import Engine, check_engine, vendor_engine
from .errors import BuildError, located
from .examples import (SOURCE_LANGUAGE, ExampleSource, check_example_words, example_key, load_example_words,
                       localized, run_example, shape_walkthrough)
from .boards import picture
from .generated import board, comparison, configured_profile_of, has_profile, profile_of, variants
from .glossary import GLOSSARY_SLUG, TermScanner, check_glossary, glossary_terms, link_first_uses
from .i18n import load_translations
from .markdown import make_markdown, parse_page, render_page
from .messages import Speaker
from .offline import write_service_worker
from .pages import DEFAULT_LANGUAGE, GAMES, LANGUAGE_NAMES, LANGUAGES, PAGES
from .play import boards_of, play_setup
from .puzzles import DATA as PUZZLE_DATA, LEVELS, game_puzzles, theme_labels
from .labels import PHASES
from .policy import LEGACY_EVAL, META_POLICY
from .what_if import what_if_files

REPO = Path(__file__).resolve().parent.parent
SITE_MARKER = ".stops-site"


@dataclass(frozen=True)
class Sources:
    content: Path = REPO / "site" / "content"
    static: Path = REPO / "site" / "static"
    locale: Path = REPO / "site" / "locale"
    templates: Path = REPO / "templates"
    service_worker: Path = REPO / "site" / "service-worker.js"
    root: Path = REPO  # where `file:` examples are found


def use_engine(root: Path = REPO) -> None:
    """Make `import stops` work from a plain checkout (the engine lives in engine/)."""
    engine = str(root / "engine")
    if engine not in sys.path:
        sys.path.insert(0, engine)


class StrictCatalog:
    """gettext/ngettext that refuse a message missing from the catalog (no silent English)."""

    def __init__(self, lang, translations):
        self.lang, self.translations = lang, translations
        self.known = set(translations._catalog)

    def gettext(self, message):
        if message not in self.known:
            raise BuildError(f"site/locale/{self.lang}: no catalog entry for {message!r}; run the catalog update")
        return self.typeset(self.translations.gettext(message))

    def ngettext(self, singular, plural, n):
        if (singular, 0) not in self.known:
            raise BuildError(f"site/locale/{self.lang}: no catalog entry for {singular!r}; run the catalog update")
        return self.typeset(self.translations.ngettext(singular, plural, n))

    def pgettext(self, context, message):
        if f"{context}\x04{message}" not in self.known:
            raise BuildError(f"site/locale/{self.lang}: no catalog entry for {message!r} (context {context!r}); "
                             "run the catalog update")
        return self.typeset(self.translations.pgettext(context, message))

    def typeset(self, text):
        return french_spacing(text) if self.lang == "fr" else text


def jinja_environment(templates: Path, catalog: StrictCatalog) -> Environment:
    env = Environment(loader=FileSystemLoader(templates), autoescape=True, undefined=StrictUndefined,
                      extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
    env.install_gettext_callables(catalog.gettext, catalog.ngettext, newstyle=True)
    name = Speaker(catalog).card_name  # every card shown is named in the page language
    env.filters["card"] = lambda card: card_html(card, name)
    env.filters["cards"] = lambda cards: cards_html(cards, name)
    env.filters["marked"] = lambda text, lang=None: mark_cards(text, lang, name)
    env.globals["content_security_policy"] = META_POLICY
    # A label's colon, as the language writes it: French puts a narrow no-break space before it.
    env.globals["colon"] = Markup("\u202f:") if catalog.lang == "fr" else Markup(":")
    return env


def read_pages(sources: Sources, md):
    """Every page of every language, parsed; a missing file is an error."""
    pages = {}
    for lang in LANGUAGES:
        for kind in PAGES:
            path = sources.content / lang / f"{kind.slug}.md"
            shown = _shown(path)
            if not path.is_file():
                raise BuildError(f"{shown}: missing page {kind.slug!r} in language {lang!r}")
            pages[lang, kind.slug] = parse_page(md, shown, path.read_text(encoding="utf-8"))
    return pages


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def check_rule_paragraphs(pages) -> None:
    """Each game page states each of the game's rules exactly once, under the rule id."""
    from stops.profiles import RULES, rule_ids

    problems = []
    for (lang, slug), page in pages.items():
        kind = next(k for k in PAGES if k.slug == slug)
        seen = {}
        for rule in page.rules:
            if rule.rule_id not in RULES:
                problems.append(f"{page.path}:{rule.line}: unknown rule id {rule.rule_id} (not in stops.profiles.RULES)")
            elif rule.rule_id.split(".")[0] != kind.game:
                problems.append(f"{page.path}:{rule.line}: rule {rule.rule_id} belongs on the {rule.rule_id.split('.')[0]} page")
            if rule.rule_id in seen:
                problems.append(f"{page.path}:{rule.line}: rule {rule.rule_id} is stated twice (first on line {seen[rule.rule_id]})")
            seen.setdefault(rule.rule_id, rule.line)
        if kind.game:
            for rule_id in rule_ids(kind.game):
                if rule_id not in seen:
                    problems.append(f"{page.path}: missing rule paragraph for {rule_id} (language {lang})")
    if problems:
        raise BuildError("\n".join(problems))


def check_quick_starts(pages) -> None:
    """Every rules page opens with a quick-start box (its table of contents follows it)."""
    problems = [f"{page.path}: a rules page needs a `::: quickstart` box before its first section"
                for (lang, slug), page in pages.items()
                if next(k for k in PAGES if k.slug == slug).game and page.quick_start is None]
    if problems:
        raise BuildError("\n".join(problems))


def check_heading_ids(pages) -> None:
    """A page has the same section ids in every language, so the switcher keeps the anchor."""
    for kind in PAGES:
        reference = pages[DEFAULT_LANGUAGE, kind.slug]
        for lang in LANGUAGES:
            page = pages[lang, kind.slug]
            if set(page.heading_ids) != set(reference.heading_ids):
                missing = sorted(set(reference.heading_ids) - set(page.heading_ids))
                extra = sorted(set(page.heading_ids) - set(reference.heading_ids))
                raise BuildError(f"{page.path}: section ids differ from {reference.path}: "
                                 f"missing {missing}, extra {extra}")


def link_glossary(pages) -> None:
    """Each rules page links the first use of each glossary term to its entry (site_build/glossary.py)."""
    for lang in LANGUAGES:
        glossary = pages[lang, GLOSSARY_SLUG]
        terms = glossary_terms(glossary, GAMES)
        check_glossary(terms, glossary.path)
        names = [pages[other, game].meta["title"] for other in LANGUAGES for game in GAMES]
        for game in GAMES:
            link_first_uses(pages[lang, game], TermScanner(terms, lang, game, names))


def run_examples(pages, sources: Sources) -> dict:
    """Run every example block through the engine once (they are the same in every language)."""
    walks = {}
    for (lang, slug), page in pages.items():
        for info, line, content in page.fences:
            if info.split(" ")[0] != "stops-example":
                continue
            key = content.strip()
            if key not in walks:
                walks[key] = run_example(ExampleSource(page.path, line, content), sources.root)
    return walks


def check_examples_words(pages, walks, words: dict) -> None:
    """Every example file shown on a page has its title and notes in the page's language
    (site/content/<lang>/examples.json), and each language's file names only examples in use."""
    problems = []
    used = {lang: set() for lang in words}
    for (lang, slug), page in pages.items():
        if lang not in words:
            continue
        for info, line, content in page.fences:
            key = example_key(content) if info.split(" ")[0] == "stops-example" else None
            if key is None:
                continue
            used[lang].add(key)
            try:
                check_example_words(walks[content.strip()][1], words[lang].get(key), key, f"{page.path}:{line}")
            except BuildError as err:
                problems.append(str(err))
    for lang, entries in words.items():
        problems += [f"site/content/{lang}/examples.json: {key!r} is no example file shown on a {lang} page"
                     for key in sorted(set(entries) - used[lang])]
    if problems:
        raise BuildError("\n".join(problems))


# What the player draws from a view (the card turned up for trumps too: it lies face up on
# the stock, static/view/seats.mjs); the rest (the played cards, a list that grows with
# every step) would only make the page heavier.
PLAYER_VIEW_KEYS = ("phase", "dealer", "players", "widow", "widow_cards", "board", "played", "to_move", "legal",
                    "over", "winner", "went_out", "turn_up", "turn_up_place", "trump")


def embedded_walk(walk: dict) -> dict:
    """The walkthrough as the page embeds it for the player: the views trimmed to what it draws."""
    def trim(view):
        return {key: view[key] for key in PLAYER_VIEW_KEYS if key in view}

    return {**walk, "start": {**walk["start"], "view": trim(walk["start"]["view"])},
            "steps": [{**step, "view": trim(step["view"])} for step in walk["steps"]]}


def example_name(content: str, number: int, taken: set) -> str:
    """The example's id on its page (deep links `#<name>/<step>`): its file's name, else `example-N`."""
    text = content.strip()
    name = f"example-{number}"
    if text.startswith("file:"):
        name = Path(text[len("file:"):].strip()).stem
    while name in taken:
        name = f"{name}-{number}"
    taken.add(name)
    return name


def section_of(page, token) -> str | None:
    """The text of the `##` heading a block sits under (None before the first)."""
    index = next(i for i, t in enumerate(page.tokens) if t is token)
    for i in range(index, -1, -1):
        if page.tokens[i].type == "heading_open" and page.tokens[i].tag == "h2":
            return page.tokens[i + 1].content.replace("*", "")
    return None


class PageRenderer:
    """Renders one language: templates, Markdown fences and narration share its catalog."""

    def __init__(self, lang, catalog, sources, md, walks, rule_titles, engine=False, example_words=None, what_if=None):
        self.lang, self.catalog, self.md, self.walks = lang, catalog, md, walks
        self.what_if = what_if or {}  # example block -> its first-level answers {href, steps} (site_build/what_if.py)
        self.example_words = example_words or {}  # the example files' words in this language
        self.rule_titles = rule_titles
        self.engine = engine  # the live examples may ask the engine "what if?"
        self.examples = 0  # on the page being rendered
        self.example_names = set()
        self.env = jinja_environment(sources.templates, catalog)
        self.speaker = Speaker(catalog)
        self.speaker.check_words()  # every game's nouns, in every form
        self.voice_for = lambda game: self.speaker
        self.handout = False  # rendering a rules page's printable handout (render(..., handout=True))
        self.shaped = {}  # each example's walkthrough as told in this language: the page and its handout share it

    def partial(self, name, **context):
        return Markup(self.env.get_template(f"partials/{name}.html").render(lang=self.lang, **context))

    def fence(self, page, name, token):
        game = page.meta.get("game")
        if name == "stops-example":
            walk, document = self.walks[token.content.strip()]
            key = example_key(token.content)
            if key is not None and self.lang != SOURCE_LANGUAGE:
                walk, document = localized(walk, document, self.example_words.get(key), self.catalog.typeset)
            voice = self.voice_for(walk["game"])
            # The handout prints every example step by step: none is collapsed there.
            collapsed = "collapsed" in token.info.split()[1:] and not self.handout
            self.examples += 1
            name = example_name(token.content, self.examples, self.example_names)
            # The widget (static/widget.mjs) steps through the engine's own walkthrough and
            # branches from the document; the rule titles label the links of new lines.
            rules = {rule: title for rule, title in self.rule_titles.items()
                     if rule.split(".")[0] == walk["game"]}
            # The board of the example's own rules (an option may add a section: Newmarket's Kitty).
            sections = configured_profile_of(walk["game"], document.get("options"))["sections"]
            # The widget's data is a file of its own (`<lang>/examples/<page>/<name>.json`), fetched
            # when the example comes near the screen; a collapsed example is a link to a page of
            # its own (`<name>.html`, the whole walkthrough without JavaScript). Both are written
            # by render_site (`self.example_files`); the own page is named after its section.
            data = {"document": document, "walk": embedded_walk(walk), "rules": rules, "board": sections}
            key = token.content.strip()
            if key in self.what_if:
                # Its first-level "What if?" answers: a folder under the site root, the same for
                # every language, a file a step (site_build/what_if.py).
                data["what_if"] = self.what_if[key]
            if key not in self.shaped:
                self.shaped[key] = shape_walkthrough(walk, voice)
            shaped = self.shaped[key]
            section = section_of(page, token)
            self.example_files[name] = {"data": data, "walk": shaped, "collapsed": collapsed,
                                        "section": section, "title": document.get("title")}
            return self.example_partial(name, shaped, collapsed=collapsed, up="",
                                        title=document.get("title") or section)

        if name in ("stops-board", "stops-variants"):
            wanted = token.content.strip() or game
            if not wanted:
                raise located(page.path, token.map[0] + 1, f"{name} needs a game (page front matter `game:` or block content)")
            voice = self.voice_for(wanted)
            if not has_profile(wanted):
                # The engine has rule ids for this game but no profile yet: say so on the page
                # and in the build log rather than inventing the facts here.
                print(f"warning: {page.path}: engine has no profile {wanted!r} yet; {name} shows a placeholder",
                      file=sys.stderr)
                return self.partial("pending", game=wanted)
            if name == "stops-board":
                drawn = board(wanted, voice)
                return self.partial("board", board=drawn, picture=picture(wanted, drawn, voice))
            return self.partial("variants", options=variants(wanted, voice))
        return self.partial("comparison", table=comparison(self.voice_for(None)))

    def example_partial(self, name: str, shaped: dict, *, collapsed: bool, up: str, own_page: bool = False,
                        title: str | None = None) -> Markup:
        """`title` names the example to a screen reader ("Worked example: a block"): every example
        of a page has its own accessible name."""
        folder = f"examples/{self.slug}/"
        label = self.catalog.gettext("Worked example")
        if title:
            label = self.catalog.gettext("Worked example: %(title)s") % {"title": self.catalog.typeset(title)}
        return self.partial("example", walk=shaped, rule_titles=self.rule_titles, collapsed=collapsed, label=label,
                            engine=self.engine, number=self.examples, example_id=name, up=up, page_slug=self.slug,
                            data_href=f"{'' if own_page else folder}{name}.json",
                            steps_href=None if own_page or not collapsed else f"{folder}{name}.html",
                            handout_href=f"{self.slug}-handout.html#{name}", live=not self.handout)

    def render_example_page(self, page, name: str, example: dict) -> str:
        """A collapsed example's own page (``<lang>/examples/<page>/<name>.html``): its whole
        walkthrough, readable without JavaScript and printable as a handout, with its live table."""
        game = example["data"]["walk"]["game"]
        # Named by the example's own title (in the page's language), else by the section that
        # holds it: several examples of one section each have a page of their own.
        named = example.get("title") or example["section"]
        heading = self.catalog.typeset(named) if named else self.catalog.gettext("Worked example")
        body = self.example_partial(name, example["walk"], collapsed=False, up="../../", own_page=True,
                                    title=named)
        back = {"href": f"../../{self.slug}.html#{name}", "title": page.meta["title"]}
        meta = {"title": f"{heading} · {page.meta['title']}", "game": game}
        template = self.env.get_template("page.html")
        return template.render(lang=self.lang, slug=None, page=meta, body=body, pages=PAGES, languages=LANGUAGES,
                               language_names=LANGUAGE_NAMES, player=True, up="../../", heading=heading, back=back,
                               alternates={other: f"../../../{other}/examples/{self.slug}/{name}.html"
                                           for other in LANGUAGES})

    def games_data(self) -> dict:
        """Per game, what a table is drawn with outside a rules page (the embed, the editor):
        the board's sections by the options that change them (site_build/play.py `boards`), the
        pack with the default options (the editor's card grid) and the titles of the rule
        paragraphs the events link to."""
        return {game: {"boards": boards_of(game), "pack": profile_of(game)["pack"],
                       "rules": {rule: title for rule, title in self.rule_titles.items() if rule.split(".")[0] == game}}
                for game in GAMES}

    def render_embed(self, examples: dict) -> str:
        """The embed page (``<lang>/embed/index.html``): one example or shared replay for an
        iframe; `examples` names every page's examples (a link to another is refused at once)."""
        return self.env.get_template("embed.html").render(
            lang=self.lang, engine=self.engine, games=Markup(script_json(self.games_data())),
            examples=Markup(script_json(examples)))

    def render_editor(self, titles: dict) -> str:
        """The example editor (``<lang>/editor/index.html``): the table's set-up is the play page's."""
        games = {}
        for game, data in self.games_data().items():
            setup = play_setup(game, self.voice_for(game), self.rule_titles)
            games[game] = {"title": titles[game], "players": setup["players"], "names": setup["names"],
                           "options": setup["options"], "phases": setup["phases"]} | data
        return self.env.get_template("editor.html").render(
            lang=self.lang, slug=None, pages=PAGES, languages=LANGUAGES, language_names=LANGUAGE_NAMES, up="../",
            engine=self.engine, titles=titles, games=Markup(script_json({"games": games})), current="editor",
            alternates={other: f"../../{other}/editor/" for other in LANGUAGES})

    def render(self, page, slug, handout: bool = False) -> str:
        """A page of the language folder; `handout`: a rules page's printable handout
        (``<lang>/<slug>-handout.html``), every example expanded, no live table."""
        self.handout = handout
        env = {"lang": self.lang, "gettext": self.catalog.gettext, "card_name": self.speaker.card_name,
               "fence": lambda name, token: self.fence(page, name, token),
               "toc": lambda: self.partial("toc", headings=[(id_, text.replace("*", "")) for id_, text in page.headings])}
        self.examples = 0
        self.example_names = set()
        self.example_files = {}
        self.slug = slug
        try:
            body = render_page(self.md, page, env)
        except BuildError as err:
            message = str(err)
            raise BuildError(message if message.startswith(page.path) else f"{page.path}: {message}") from None
        template = self.env.get_template("page.html")
        meta = {key: self.catalog.typeset(value) for key, value in page.meta.items()}
        if handout:
            return template.render(lang=self.lang, slug=None, page=meta, body=body, pages=PAGES, languages=LANGUAGES,
                                   language_names=LANGUAGE_NAMES, player=False, up="", heading=None,
                                   back={"href": f"{slug}.html", "title": meta["title"]}, handout=True,
                                   alternates={other: f"../{other}/{slug}-handout.html" for other in LANGUAGES})
        return template.render(lang=self.lang, slug=slug, page=meta, body=body, pages=PAGES,
                               languages=LANGUAGES, language_names=LANGUAGE_NAMES, player=self.examples > 0,
                               up="", heading=None, back=None, handout_href=f"{slug}-handout.html" if self.examples else None,
                               alternates={other: f"../{other}/{slug}.html" for other in LANGUAGES})

    def render_offline(self, titles: dict) -> str:
        """The offline page (``<lang>/offline.html``): what the service worker answers, in the
        reader's language, for an address it has not kept while the network is down."""
        return self.env.get_template("offline.html").render(
            lang=self.lang, slug=None, pages=PAGES, languages=LANGUAGES, language_names=LANGUAGE_NAMES, up="",
            titles={slug: self.catalog.typeset(title) for slug, title in titles.items()}, games=GAMES,
            alternates={other: f"../{other}/offline.html" for other in LANGUAGES})

    def render_play(self, game: str, title: str) -> str:
        """The play page of ``game`` (``<lang>/<game>/play/index.html``)."""
        voice = self.voice_for(game)
        setup = play_setup(game, voice, self.rule_titles)
        # The titles of the game's rule paragraphs, for the links of the table's news and notices.
        setup["rules"] = self.games_data()[game]["rules"]
        template = self.env.get_template("play.html")
        return template.render(lang=self.lang, slug=None, game=game, game_title=title, setup=setup,
                               data=Markup(script_json(setup)), pages=PAGES, languages=LANGUAGES,
                               language_names=LANGUAGE_NAMES, up="../../", engine=self.engine,
                               alternates={other: f"../../../{other}/{game}/play/" for other in LANGUAGES})


    def puzzle_setup(self, game: str, puzzles: dict, data_href: str, embed: bool = False) -> dict:
        """What the puzzle page's script needs beside the puzzles' data file (site_build/puzzles.py)."""
        gettext = self.catalog.gettext
        return {"game": game, "embed": embed, "data_href": data_href, "messages_href": "../../messages.json",
                "board": profile_of(game)["sections"], "rules": self.games_data()[game]["rules"],
                "themes": theme_labels(puzzles, gettext), "levels": {str(k): gettext(v) for k, v in LEVELS.items()},
                "phases": {phase: gettext(label) for phase, label in PHASES.items()}}

    def render_puzzles(self, game: str, title: str, puzzles: dict, embed: bool = False) -> str:
        """The puzzle page of ``game`` (``<lang>/<game>/puzzles/index.html``), or with ``embed``
        its copy for an iframe (``<lang>/embed/puzzles/<game>.html``)."""
        data_href = f"../../{game}/puzzles/{PUZZLE_DATA}" if embed else PUZZLE_DATA
        setup = self.puzzle_setup(game, puzzles, data_href, embed)
        alternates = ({other: f"../../../{other}/embed/puzzles/{game}.html" for other in LANGUAGES} if embed
                      else {other: f"../../../{other}/{game}/puzzles/" for other in LANGUAGES})
        return self.env.get_template("puzzles.html").render(
            lang=self.lang, slug=None, game=game, game_title=title, embed=embed, engine=self.engine,
            page_title=self.catalog.gettext("%(game)s puzzles") % {"game": title}, static="../../../static/",
            themes=setup["themes"], levels=setup["levels"], data=Markup(script_json(setup)), pages=PAGES,
            languages=LANGUAGES, language_names=LANGUAGE_NAMES, up="../../", alternates=alternates)

    def render_worksheet(self, game: str, title: str, puzzles: dict) -> str:
        """The printable worksheet of ``game``'s puzzles (``<lang>/<game>/puzzles/worksheet.html``)."""
        setup = self.puzzle_setup(game, puzzles, PUZZLE_DATA)
        return self.env.get_template("worksheet.html").render(
            lang=self.lang, slug=None, game=game, page_title=self.catalog.gettext("%(game)s puzzles: worksheet") % {"game": title},
            static="../../../static/", data=Markup(script_json(setup)), pages=PAGES, languages=LANGUAGES,
            language_names=LANGUAGE_NAMES, up="../../",
            alternates={other: f"../../../{other}/{game}/puzzles/worksheet.html" for other in LANGUAGES})


# The templates' indentation, dropped from every page (a few KB of a rules page's 100 KB budget):
# each line's leading spaces, the newline kept, so that no two words run together; <pre>,
# <textarea> and <script> are left as written.
INDENTATION = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)|\n[ \t]+", re.S | re.I)


def unindent(html: str) -> str:
    return INDENTATION.sub(lambda m: m.group(1) or "\n", html)


def render_site(sources: Sources, engine: bool = False) -> dict[str, str]:
    """Every output page, as site path -> HTML, checked; nothing is written.

    `engine`: the site will hold the engine (pyodide/), so the examples offer "What if?".
    """
    use_engine(sources.root)
    if LEGACY_EVAL:
        print(f"warning: the Content-Security-Policy allows 'unsafe-eval' because {', '.join(LEGACY_EVAL)} "
              "compiles a string as code; remove it and the policy is strict", file=sys.stderr)
    md = make_markdown()
    catalogs = {lang: StrictCatalog(lang, load_translations(sources.locale, lang)) for lang in LANGUAGES}
    pages = read_pages(sources, md)
    check_rule_paragraphs(pages)
    check_heading_ids(pages)
    check_quick_starts(pages)
    link_glossary(pages)
    walks = run_examples(pages, sources)
    words = {lang: load_example_words(sources.content, lang) for lang in LANGUAGES}
    check_examples_words(pages, walks, {lang: w for lang, w in words.items() if lang != SOURCE_LANGUAGE})
    # The puzzles of every game (site/puzzles/), checked against the engine once for every language.
    puzzles = {game: game_puzzles(sources.root, game) for game in GAMES}
    outputs = {}
    data_files = {}  # the examples' data (JSON): not HTML, added after the link check
    # With the engine, each example's first-level "What if?" answers (the same in every language).
    what_if, what_if_texts = what_if_files(walks) if engine else ({}, {})
    data_files.update(what_if_texts)
    for lang in LANGUAGES:
        typeset = catalogs[lang].typeset
        titles = {rule.rule_id: typeset(rule.title) for (l, _), p in pages.items() if l == lang for rule in p.rules}
        renderer = PageRenderer(lang, catalogs[lang], sources, md, walks, titles, engine, words[lang], what_if)
        examples = {}
        for kind in PAGES:
            outputs[f"{lang}/{kind.slug}.html"] = renderer.render(pages[lang, kind.slug], kind.slug)
            if renderer.example_files:
                examples[kind.slug] = sorted(renderer.example_files)
            for name, example in renderer.example_files.items():
                folder = f"{lang}/examples/{kind.slug}"
                data_files[f"{folder}/{name}.json"] = json.dumps(example["data"], ensure_ascii=False, separators=(",", ":"))
                if example["collapsed"]:
                    outputs[f"{folder}/{name}.html"] = renderer.render_example_page(pages[lang, kind.slug], name, example)
            if renderer.example_files:
                outputs[f"{lang}/{kind.slug}-handout.html"] = renderer.render(pages[lang, kind.slug], kind.slug, handout=True)
        for game in GAMES:
            outputs[f"{lang}/{game}/play/index.html"] = renderer.render_play(game, pages[lang, game].meta["title"])
            title = pages[lang, game].meta["title"]
            outputs[f"{lang}/{game}/puzzles/index.html"] = renderer.render_puzzles(game, title, puzzles[game])
            outputs[f"{lang}/{game}/puzzles/worksheet.html"] = renderer.render_worksheet(game, title, puzzles[game])
            outputs[f"{lang}/embed/puzzles/{game}.html"] = renderer.render_puzzles(game, title, puzzles[game], embed=True)
            data_files[f"{lang}/{game}/puzzles/{PUZZLE_DATA}"] = json.dumps(puzzles[game], ensure_ascii=False,
                                                                            separators=(",", ":"))
        outputs[f"{lang}/puzzles/index.html"] = renderer.env.get_template("puzzles-index.html").render(
            lang=lang, slug=None, pages=PAGES, languages=LANGUAGES, language_names=LANGUAGE_NAMES, up="../", current="puzzles",
            games=[(game, pages[lang, game].meta["title"], len(puzzles[game]["puzzles"])) for game in GAMES],
            alternates={other: f"../../{other}/puzzles/" for other in LANGUAGES})
        outputs[f"{lang}/embed/index.html"] = renderer.render_embed(examples)
        outputs[f"{lang}/editor/index.html"] = renderer.render_editor(
            {game: pages[lang, game].meta["title"] for game in GAMES})
        outputs[f"{lang}/offline.html"] = renderer.render_offline({kind.slug: pages[lang, kind.slug].meta["title"] for kind in PAGES})
    root_env = jinja_environment(sources.templates, catalogs[DEFAULT_LANGUAGE])
    outputs["index.html"] = root_env.get_template("root.html").render(
        languages=LANGUAGES, language_names=LANGUAGE_NAMES, default=DEFAULT_LANGUAGE,
        titles={lang: pages[lang, "index"].meta["title"] for lang in LANGUAGES},
        games=[pages[DEFAULT_LANGUAGE, game].meta["title"] for game in GAMES])  # every game, in menu order
    outputs = {path: unindent(html) for path, html in outputs.items()}
    static_files = {f"static/{p.relative_to(sources.static).as_posix()}"
                    for p in sources.static.rglob("*") if p.is_file()} | set(data_files)
    problems = link_problems(outputs, static_files)
    if problems:
        raise BuildError("built HTML has problems:\n" + "\n".join(problems[:40]))
    # The browser's narrator: the same catalogs, only the strings it uses (not HTML: added after the check).
    for lang in LANGUAGES:
        outputs[f"{lang}/messages.json"] = messages_json(lang, catalogs[lang], sources.static)
    outputs.update(data_files)
    return outputs


def write_site(outputs: dict[str, str], sources: Sources, out: Path, engine: Engine | None = None) -> None:
    """Write into a fresh folder next to `out`, then swap it in (a failed build leaves `out` alone).

    With an `engine`, the Pyodide runtime and the engine wheel go into `pyodide/` first.
    Every text and wasm file over 1 KB gets its `.br` and `.gz` beside it (site_build/compress.py).
    """
    out = out.resolve()
    if out.exists() and any(out.iterdir()) and not (out / SITE_MARKER).exists():
        raise BuildError(f"{out}: exists and was not made by this build; refusing to replace it")
    fresh = out.with_name(out.name + ".new")
    if fresh.exists():
        shutil.rmtree(fresh)
    fresh.mkdir(parents=True)
    for relative, html in outputs.items():
        target = fresh / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
    shutil.copytree(sources.static, fresh / "static")
    if engine is not None:
        try:
            vendor_engine(engine, fresh)
        except BuildError:
            shutil.rmtree(fresh, ignore_errors=True)
            raise
    try:
        write_service_worker(fresh, sources.service_worker)
        compress_tree(fresh)
    except BuildError:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    (fresh / SITE_MARKER).write_text("built by build.py\n")
    if out.exists():
        shutil.rmtree(out)
    fresh.rename(out)


def build(sources: Sources, out: Path, *, engine: Engine | None) -> tuple[int, float]:
    """Build the whole site into `out`; return (number of pages, seconds).

    `engine` (the wheel and the npm pyodide package) is vendored into `out/pyodide/` for the
    live examples; None builds a site without it (the examples still step, without "What if?").
    """
    started = time.perf_counter()
    if engine is not None:
        check_engine(engine)
    try:
        outputs = render_site(sources, engine=engine is not None)
    except TemplateError as err:
        where = f"{err.filename}:{err.lineno}" if getattr(err, "filename", None) else "templates"
        raise BuildError(f"{where}: {type(err).__name__}: {err}") from None
    write_site(outputs, sources, out, engine)
    return sum(1 for path in outputs if path.endswith(".html")), time.perf_counter() - started
