"""The browser only fills the engine's messages (site/static/i18n/messages.mjs, run under
Node): every message of random rounds of every game reads in es, en and fr exactly as the
build renders it, to the eye and to a screen reader; the plural rule comes as data; no
narration is written in the browser's code."""

import json
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from site_build.browser import BROWSER_MODULES, browser_messages, messages_json
from site_build.messages import engine_message_ids, plain
from site_build.pages import LANGUAGES
from stops.messages import CHIPS_FRACTION, CHIPS_ONE

from node_tests import node_or_skip
from narration_helpers import REPO, catalogs, labels, random_messages, shown, speakers

# The random rounds are played once per process: their tests stay on one xdist worker.
pytestmark = pytest.mark.xdist_group("random-rounds")

STATIC = REPO / "site" / "static"
MARKED = re.compile(r"""\bN_\(\s*(["'])((?:\\.|(?!\1).)*)\1\s*\)""")


def catalog_entries(lang):
    with (REPO / "site" / "locale" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return {message.id if isinstance(message.id, str) else message.id[0]: message
                for message in read_po(handle, locale=lang) if message.id}


def test_the_extraction_sees_every_marked_string():
    """pybabel's JavaScript extractor (catalogs and build) misses nothing marked N_("...")."""
    extracted = {m if isinstance(m, str) else m[0] for m in browser_messages(STATIC)}
    for name in BROWSER_MODULES:
        source = (STATIC / name).read_text(encoding="utf-8")
        marked = {json.loads(f'"{text}"') for _, text in MARKED.findall(source)} - {"..."}  # comments' N_("...")
        assert marked <= extracted, (name, marked - extracted)
    assert extracted


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_browser_uses_is_translated_in_every_catalog(lang):
    entries = catalog_entries(lang)
    for message in browser_messages(STATIC) + engine_message_ids():
        key = message if isinstance(message, str) else message[0]
        assert key in entries, f"{lang}: {key!r} is not in the catalog: run python -m site_build.catalogs"
        strings = entries[key].string
        assert all(strings) if isinstance(strings, (list, tuple)) else strings, f"{lang}: {key!r} is not translated"


def test_the_browser_code_holds_no_sentence_of_the_engine_and_tells_no_event():
    """Narration is the engine's: no engine message id, no event type test, in site/static."""
    ids = {m if isinstance(m, str) else m[0] for m in engine_message_ids()} - {CHIPS_ONE, CHIPS_FRACTION}
    for path in STATIC.rglob("*.*js"):
        source = path.read_text(encoding="utf-8")
        assert not [i for i in ids if len(i) > 12 and i in source], path
        assert not re.search(r"event\.type\s*[!=]==?\s*[\"'](?!transfer)", source), path
    assert not (STATIC / "narrate.mjs").exists()


def test_messages_json_holds_the_strings_and_labels_the_browser_needs(site):
    data = json.loads(site.read("fr/messages.json"))
    assert data["lang"] == "fr"
    assert data["messages"]["%(player)s leads %(card)s."] == "%(player)s entame avec %(card)s."
    assert data["plurals"]["%(num)s chip"][0] == "%(num)s jeton"
    assert data["cards"]["Q♦"] == {"the": "la dame de carreau", "of": "de la dame de carreau", "to": "à la dame de carreau",
                                   "name": "dame de carreau", "it": "la"}
    assert data["nouns"]["box"]["of"] == "de la case %(card:of)s"  # a game's nouns in every form
    assert data["sections"]["kitty"] == "Cagnotte" and data["games"]["tripoli"]["hidden_hand"] == "main de réserve"
    assert "Gross" in data["messages"] and "Skip to the content" not in data["messages"]  # only what it uses
    assert "plural" not in data  # the rule is data (plural_forms), never an expression to evaluate


@pytest.fixture(scope="module")
def node():
    return node_or_skip()


def run_in_node(node, lang, messages, tmp_path):
    catalog = tmp_path / f"{lang}.json"
    catalog.write_text(messages_json(lang, catalogs()[lang], STATIC), encoding="utf-8")
    told = tmp_path / "messages.json"
    told.write_text(json.dumps(messages, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run([node, str(Path(__file__).with_name("messages_in_node.mjs")), str(catalog), str(told)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_tells_every_message_of_random_rounds_as_the_build_does(node, lang, tmp_path):
    _, distinct = random_messages()
    result = run_in_node(node, lang, distinct, tmp_path)
    speaker = speakers()[lang]
    for message, seen, said, named in zip(distinct, result["shown"], result["said"], result["labels"], strict=True):
        html = speaker.render(message)
        assert seen == shown(html), message
        assert said == plain(html), message
        assert named == labels(html), message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_picks_the_catalogs_plural_form_for_every_count(node, lang, tmp_path):
    result = run_in_node(node, lang, [], tmp_path)
    plural = catalogs()[lang].translations.plural
    assert result["plural"] and all(index == plural(int(n)) for n, index in result["plural"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_writes_every_number_as_the_build_does(node, lang, tmp_path):
    # Small whole numbers skip Intl in the browser (its first formatter is slow to make): the
    # digits must still be the build's, and so must the grouping of larger ones.
    result = run_in_node(node, lang, [], tmp_path)
    speaker = speakers()[lang]
    assert len(result["numbers"]) > 4000
    for n, text in result["numbers"]:
        assert text == speaker.number(round(n) if n != int(n) else int(n)), n


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_names_all_52_cards_as_the_build_does(node, lang, tmp_path):
    result = run_in_node(node, lang, [], tmp_path)
    speaker = speakers()[lang]
    assert len(result["cards"]) == 52
    for card, (name, label) in result["cards"].items():
        assert name == label == speaker.card_name(card)
