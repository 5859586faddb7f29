"""Every event the engine can emit is told in every language, from the engine's message and
the catalogs alone: random rounds of every game, every option on and off, produce every event
type, and each message renders in es, en and fr with no missing message or argument."""

import re

import pytest

from site_build.errors import BuildError
from site_build.examples import shape_walkthrough
from site_build.messages import engine_message_ids
from site_build.pages import LANGUAGES
from stops.messages import NARRATORS, tell
from stops.profiles import EVENT_TYPES, PROFILES
from stops.replay import walkthrough

from narration_helpers import REPO, catalogs, random_messages, shown, speakers

# The random rounds are played once per process: their tests stay on one xdist worker.
pytestmark = pytest.mark.xdist_group("random-rounds")

EXAMPLES = sorted((REPO / "examples").glob("*/*.json"))
PLACEHOLDER = re.compile(r"%\((\w+)(?::\w+)?\)s")


def test_every_event_type_has_a_narrator_in_the_engine():
    assert set(EVENT_TYPES) == set(NARRATORS)


def test_random_rounds_of_every_game_produce_every_event_type():
    lines, _ = random_messages()
    assert {event["type"] for _, event, _ in lines} == set(EVENT_TYPES)


def test_every_message_id_of_random_rounds_is_one_the_catalogs_hold():
    """No message id is made up at run time: each is written in stops/messages.py (and so extracted)."""
    known = {m if isinstance(m, str) else m[0] for m in engine_message_ids()}
    _, distinct = random_messages()
    assert {m["id"] for m in distinct} <= known


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_random_rounds_renders_in_every_language(lang):
    speaker = speakers()[lang]
    _, distinct = random_messages()
    for message in distinct:
        text = shown(speaker.render(message))
        assert text.strip() and "%(" not in text, message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_translation_uses_the_arguments_of_its_message(lang):
    """A translation may drop no argument and invent none (a card may ask for a form: %(card:of)s)."""
    translations = catalogs()[lang].translations
    for message in engine_message_ids():
        if isinstance(message, tuple):
            wanted = set(PLACEHOLDER.findall(message[0])) | set(PLACEHOLDER.findall(message[1]))
            forms = [translations.ngettext(message[0], message[1], n) for n in (1, 2, 10**6)]
        else:
            wanted, forms = set(PLACEHOLDER.findall(message)), [translations.gettext(message)]
        for text in forms:
            assert set(PLACEHOLDER.findall(text)) == wanted, (lang, message, text)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_sentence_is_written_in_the_language(lang):
    translations = catalogs()[lang].translations
    for message in engine_message_ids():
        msgid = message if isinstance(message, str) else message[0]
        words = re.sub(r"%\(\w+\)s", "", msgid)
        if len(re.findall(r"[a-z]{3,}", words)) >= 2:
            assert translations.gettext(msgid) != msgid if isinstance(message, str) else \
                translations.ngettext(message[0], message[1], 1) != msgid, (lang, msgid)


def test_a_missing_argument_stops_the_build():
    with pytest.raises(BuildError, match="%\\(card\\)s"):
        speakers()["fr"].render(tell("%(player)s leads %(card)s.", player={"player": "A"}))


def test_a_message_missing_from_the_catalog_stops_the_build():
    with pytest.raises(BuildError, match="no catalog entry"):
        speakers()["es"].render(tell("%(player)s juggles %(card)s.", player={"player": "A"}, card={"card": "Q♦"}))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_in_the_repository_narrates_in_every_language(lang):
    seen = set()
    for path in EXAMPLES:
        walk = walkthrough(path.read_text(encoding="utf-8"), source=str(path))
        shaped = shape_walkthrough(walk, speakers()[lang])
        for step in shaped["steps"]:
            for item in step["items"]:
                assert shown(item["text"]).strip()
                seen.add(item["event"]["type"])
    assert {"play", "stop", "out", "transfer"} <= seen


@pytest.mark.parametrize("lang, one, six, third", [("en", "1 chip", "6 chips", "1/3 of a chip"),
                                                    ("es", "1 ficha", "6 fichas", "1/3 de ficha"),
                                                    ("fr", "1 jeton", "6 jetons", "1/3 de jeton")])
def test_chips_are_counted_with_the_language_plural(lang, one, six, third):
    speaker = speakers()[lang]
    assert (speaker.chips(1), speaker.chips(6), speaker.chips("1/3")) == (one, six, third)


@pytest.mark.parametrize("lang, one, two", [
    ("en", "1 chip stays on the board", "2 chips stay on the board"),
    ("es", "1 ficha se queda en el tablero", "2 fichas se quedan en el tablero"),
    ("fr", "1 jeton reste sur le tableau", "2 jetons restent sur le tableau"),
])
def test_the_verb_agrees_with_the_chips_left_after_a_split(lang, one, two):
    speaker = speakers()[lang]
    event = {"type": "split", "section": "king_queen", "players": ["A", "C"], "share": 2, "rule": "tripoli.split"}
    assert one in shown(speaker.render(NARRATORS["split"]({**event, "left": 1}, PROFILES["tripoli"].words_json())))
    assert two in shown(speaker.render(NARRATORS["split"]({**event, "left": 2}, PROFILES["tripoli"].words_json())))


def test_numbers_follow_the_language():
    assert speakers()["fr"].number(1234) == "1\u202f234"
    assert speakers()["en"].number(1234) == "1,234"


def test_french_narration_has_a_narrow_no_break_space_before_colons():
    _, distinct = random_messages()
    for message in distinct:
        text = shown(speakers()["fr"].render(message))
        assert not re.search(r"[^\u202f][:;!?]", text.replace("%", "")), text
