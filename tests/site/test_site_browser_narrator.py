"""The browser's narrator (site/static/narrate.mjs) uses the site's catalogs through
<lang>/messages.json: every string it uses is translated in every catalog, and it tells the
engine's events word for word as the build's narrator does (run under Node)."""

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from stops.profiles import EVENT_TYPES
from site_build.browser import BROWSER_MODULES, browser_messages, messages_json
from site_build.i18n import load_translations
from site_build.narrate import Voice, narrate
from site_build.pages import LANGUAGES
from site_build.site import StrictCatalog
from stops import web
from stops.replay import walkthrough

REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "site" / "static"
EXAMPLES = sorted((REPO / "examples").glob("*/*.json"))
MARKED = re.compile(r"""\b(?:N_|gettext)\(\s*(["'])((?:\\.|(?!\1).)*)\1\s*\)""")


def catalog_entries(lang):
    with (REPO / "site" / "locale" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return {message.id if isinstance(message.id, str) else message.id[0]: message
                for message in read_po(handle, locale=lang) if message.id}


def test_the_extraction_sees_every_marked_string():
    """pybabel's JavaScript extractor (catalogs and build) misses nothing marked N_("...")."""
    extracted = {m if isinstance(m, str) else m[0] for m in browser_messages(STATIC)}
    seen = set()
    for name in BROWSER_MODULES:  # every module; those without strings (models, the worker) mark none
        source = (STATIC / name).read_text(encoding="utf-8")
        marked = {json.loads(f'"{text}"') for _, text in MARKED.findall(source)} - {"..."}  # the comments' N_("...")
        assert marked <= extracted, (name, marked - extracted)
        seen |= marked
    assert {"What if?", "Hint", "Reveal"} <= seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_browser_uses_is_translated_in_every_catalog(lang):
    entries = catalog_entries(lang)
    for message in browser_messages(STATIC):
        key = message if isinstance(message, str) else message[0]
        assert key in entries, f"{lang}: {key!r} is not in the catalog: run python -m site_build.catalogs"
        strings = entries[key].string
        assert all(strings) if isinstance(strings, (list, tuple)) else strings, f"{lang}: {key!r} is not translated"


@pytest.fixture(scope="module")
def catalogs():
    return {lang: StrictCatalog(lang, load_translations(REPO / "site" / "locale", lang)) for lang in LANGUAGES}


def test_messages_json_holds_the_strings_and_labels_the_browser_needs(site):
    data = json.loads(site.read("fr/messages.json"))
    assert data["lang"] == "fr"
    assert data["messages"]["%(player)s leads %(card)s."] == "%(player)s entame le %(card)s."
    assert data["plurals"]["%(num)s chip"][0] == "%(num)s jeton"
    assert data["sections"]["kitty"] and data["games"]["tripoli"]["ghost"] in (True, False)
    assert "Gross" in data["messages"] and "Skip to the content" not in data["messages"]  # only what it uses


@pytest.fixture(scope="module")
def node():
    exe = shutil.which("node")
    if exe is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is not installed (CI=true)", pytrace=False)
        pytest.skip("node is not installed")
    return exe


def engine_events():
    """Every event of every example (its settlement too, when it ends the session), and of a
    line the bots play from each example's start; and Michigan's equal shares at the end of
    a session, after the first Michigan example whose round is over."""
    events = []
    shared = False
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        walk = walkthrough(text, source=str(path))
        steps = [walk["start"]] + walk["steps"] + ([walk["session_end"]] if "session_end" in walk else [])
        if walk["game"] == "michigan" and walk["result"]["over"] and not shared:
            steps.append(walkthrough({**json.loads(text), "session_end": {}}, source=str(path))["session_end"])
            shared = True
        legal = walk["start"]["view"]["legal"]
        if legal:
            other = legal[-1]
            if isinstance(other.get("bid"), dict):  # a bid range: its highest bid (or its lowest when open)
                other = {"player": other["player"], "bid": other["bid"]["max"] or other["bid"]["min"]}
            steps += json.loads(web.branch(text, 0, json.dumps(other), bot="random", seed=1))["steps"]
        events += [{"game": walk["game"], "event": event} for step in steps for event in step["events"]]
    return events


def plain(markup) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", str(markup)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_tells_every_event_as_the_build_does(node, catalogs, lang, tmp_path):
    events = engine_events()
    messages = tmp_path / "messages.json"
    messages.write_text(messages_json(lang, catalogs[lang], STATIC), encoding="utf-8")
    events_file = tmp_path / "events.json"
    events_file.write_text(json.dumps(events, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run([node, str(Path(__file__).with_name("narrate_in_node.mjs")), str(messages), str(events_file)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert set(EVENT_TYPES) <= set(result["types"])
    catalog = catalogs[lang]
    for item, told in zip(events, result["texts"], strict=True):
        voice = Voice(lang, catalog.gettext, catalog.ngettext, item["game"])
        assert told == plain(narrate(voice, item["event"])), item["event"]
