"""A game's words are in its profile and its grammar in the catalogs: every message of every
game is told in es, en and fr from those words alone, reads as that language writes (no
doubled article, the typography of the language), and a thing without words stops the build.

The messages are those of seeded random rounds of every game with each option at each value
(``tools/narration_docs.py``, which also writes docs/narration/<lang>.md from them)."""

import ast
import dataclasses
import functools
import re
import sys
from pathlib import Path

import pytest

from site_build.errors import BuildError
from site_build.messages import Speaker
from site_build.pages import LANGUAGES
from stops.events import TRANSFER_KINDS
from stops.profiles import PROFILES, RULES
from stops.profiles.base import Section
from stops.words import Noun, Words

from narration_helpers import REPO, catalogs, speakers

sys.path.insert(0, str(REPO / "tools"))
import narration_docs  # noqa: E402

pytestmark = pytest.mark.xdist_group("narration-docs")

ENGINE = REPO / "engine" / "stops"


@functools.cache
def found():
    """{game: {"event"/"hint": {msgid: [message, ...]}}} of the seeded random rounds."""
    return narration_docs.collect()


@functools.cache
def rendered(lang):
    """(game, msgid, text) of every message met, as the reader reads it in ``lang``."""
    speaker = speakers()[lang]
    return [(game, msgid, speaker.text(message)) for game, tables in found().items()
            for table in tables.values() for msgid, said in table.items() for message in said]


# ----- every message of every game, in every language ----------------------------------------


def test_the_random_rounds_meet_every_kind_of_narration_of_every_game():
    """Each game tells its plays, its stops, its payments and its going out, and gives hints."""
    for game, tables in found().items():
        ids = set(tables["event"])
        assert "%(player)s leads %(card)s." in ids, game
        assert any("%(section)s" in msgid for msgid in ids), game
        assert tables["hint"], game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_every_game_renders_in_every_language_from_its_words(lang):
    """The strict catalog and the game's nouns tell each message: no placeholder is left, no
    English is put in for a missing word (a missing one raises, which this test would show)."""
    english = dict(((game, msgid), text) for game, msgid, text in rendered("en"))
    for game, msgid, text in rendered(lang):
        assert text.strip() and "%(" not in text, (game, msgid, text)
        if lang != "en" and re.search(r"[a-z]{4,} [a-z]{4,}", msgid):
            assert text != english[game, msgid], (lang, game, msgid, text)


# An article directly before a card's or a noun's own article, or a contraction left undone.
DOUBLED = {
    "en": re.compile(r"\b(the|a|an) (the|a|an)\b|\bthe (ace|king|queen|jack|\d+) the\b", re.I),
    "es": re.compile(r"\b(el|la|los|las|un|una) (el|la|los|las)\b|\b(a|de) (el)\b|\b(as|rey|reina|jota|\d+) (el|la) \b", re.I),
    "fr": re.compile(r"\b(le|la|les|un|une|l’) (le|la|les|l’)\b|\b(de|à) (le|les)\b|\b(as|roi|dame|valet|\d+) (le|la|l’)", re.I),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_puts_an_article_before_a_card_or_a_noun_that_carries_one(lang):
    bad = [(game, text) for game, _, text in rendered(lang) if DOUBLED[lang].search(text)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", ["es", "en", "fr"])
def test_the_check_for_doubled_articles_finds_one(lang):
    sample = {"en": "Leading the ace the ace of spades", "es": "Una el 5 de picas suelta: de el 3",
              "fr": "de le 3 de pique à le 7 de pique"}[lang]
    assert DOUBLED[lang].search(sample)


def typography_faults(lang: str, text: str) -> list[str]:
    """What breaks the language's typography: French wants a no-break space (U+00A0 or U+202F)
    before : ; ! ? and the typographic apostrophe; Spanish one quotation style («») and its
    opening ¿ ¡ paired with each ? !; none of the three a straight apostrophe or double quote."""
    faults = []
    if "'" in text or '"' in text:
        faults.append("a straight apostrophe or quotation mark")
    if lang == "fr":
        if re.search(r"[^\u00a0\u202f][:;!?](?!\w)", text):
            faults.append("no no-break space before : ; ! ?")
        if re.search(r"«[^\u00a0\u202f]|[^\u00a0\u202f]»", text):
            faults.append("no no-break space inside « »")
    if lang == "es":
        if re.search(r"[“”]", text):
            faults.append("“ ” beside «»")
        if text.count("¿") != text.count("?") or text.count("¡") != text.count("!"):
            faults.append("¿ ¡ not paired with ? !")
    return faults


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_narration_and_hint_passes_its_language_typography(lang):
    bad = [(game, text, typography_faults(lang, text)) for game, _, text in rendered(lang) if typography_faults(lang, text)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_of_the_engine_and_its_hints_in_the_catalog_passes_its_language_typography(lang):
    """Each translation as the build sets it, those the random rounds did not meet too."""
    from site_build.messages import engine_message_ids
    from stops.hints import REASONS

    catalog = catalogs()[lang]
    texts = []
    for message in [*engine_message_ids(), *REASONS.values()]:
        if isinstance(message, tuple):
            texts += [catalog.ngettext(message[0], message[1], n) for n in (1, 2, 10**6)]
        else:
            texts.append(catalog.gettext(message))
    bad = [(text, typography_faults(lang, re.sub(r"%\(\w+(?::\w+)?\)s", "X", text))) for text in texts]
    assert [fault for fault in bad if fault[1]] == []


@pytest.mark.parametrize("lang, text", [("fr", "La suite s’arrête: personne"), ("fr", "l'as de pique"),
                                        ("es", "¿Quién sale?¿"), ("es", "la “Caja”"), ("en", 'the "Kitty"')])
def test_the_typography_check_finds_a_fault(lang, text):
    assert typography_faults(lang, text)


# ----- the narrator: tables, not branches -------------------------------------------------------


def forbidden_words() -> set[str]:
    """What a narrator must never compare with: game names, their section ids, rule names
    (a transfer's reason is one), extra hands, nouns, kinds of payment, betting terms."""
    words = set(TRANSFER_KINDS) | {"poker", "vying", "widow", "ghost hand", "dummy", "stock", "talon", "none", "ghost"}
    for name, profile in PROFILES.items():
        words |= {name, profile.widow_name, *profile.rules, *profile.section_ids(), *(n.id for n in profile.words.nouns)}
    return words - ARGUMENT_KINDS


# The kinds of a message's arguments (docs/messages.md): a narrator reads them, and a rule may share a name.
ARGUMENT_KINDS = {"player", "players", "card", "cards", "section", "noun", "chips", "number", "colour", "hand", "counts",
                  "messages", "percent"}


def string_comparisons(tree) -> list[tuple[int, str]]:
    """(line, string) of each comparison with a string constant (==, !=, in, not in, a match)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for part in [node.left, *node.comparators]:
                for const in ast.walk(part):
                    if isinstance(const, ast.Constant) and isinstance(const.value, str):
                        found.append((node.lineno, const.value))
        if isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant):
            found.append((node.value.lineno, node.value.value))
    return found


def test_the_narrator_branches_on_no_game_reason_or_hand_name():
    tree = ast.parse((ENGINE / "messages.py").read_text(encoding="utf-8"))
    forbidden = forbidden_words()
    assert [(line, s) for line, s in string_comparisons(tree) if s in forbidden] == []


def test_the_branch_check_finds_a_branch_on_a_reason():
    tree = ast.parse('def _transfer(e, words):\n    if e.get("reason") == "box":\n        return 1\n')
    assert (2, "box") in [(line, s) for line, s in string_comparisons(tree) if s in forbidden_words()]


def test_every_kind_of_payment_has_its_sentence():
    from stops.messages import TRANSFERS

    assert {key[0] for key in TRANSFERS} == set(TRANSFER_KINDS) - {"payment"}


# ----- a thing without words stops the build ---------------------------------------------------


def test_a_section_added_to_a_profile_without_its_noun_fails():
    profile = PROFILES["michigan"]
    with pytest.raises(TypeError, match="jackpot"):
        dataclasses.replace(profile, sections=profile.sections + (Section("jackpot", (), "going-out"),))


def test_an_extra_hand_without_its_noun_fails():
    profile = PROFILES["newmarket"]
    with pytest.raises(TypeError, match="extra hand"):
        dataclasses.replace(profile, words=dataclasses.replace(profile.words, hand=None))


def test_a_noun_the_words_do_not_define_fails():
    with pytest.raises(TypeError, match="jackpot"):
        Words((), sections={"jackpot": "jackpot"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_noun_missing_from_a_catalog_stops_the_build(lang):
    noun = Noun("jackpot", "the Jackpot", "of the Jackpot", "to the Jackpot", "Jackpot")
    speaker = Speaker(catalogs()[lang])
    speaker.check_words()  # every game's nouns are there
    with pytest.raises(BuildError, match="Jackpot"):
        speaker.check_words({"jackpot": noun})


@pytest.mark.parametrize("missing", ["label", "help", "rule"])
def test_an_option_added_to_a_profile_without_its_label_help_or_rule_fails(missing):
    profile = PROFILES["pope_joan"]
    option = dataclasses.replace(profile.options[-1], name="jokers", **{missing: None})
    with pytest.raises(TypeError, match="jokers"):
        dataclasses.replace(profile, options=profile.options + (option,))


def test_an_option_that_names_a_rule_the_game_has_not_fails():
    profile = PROFILES["poch"]
    option = dataclasses.replace(profile.options[-1], name="jokers", rule="jokers-wild")
    with pytest.raises(TypeError, match="jokers-wild"):
        dataclasses.replace(profile, options=profile.options + (option,))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_of_every_game_has_its_label_and_help_in_every_language(lang):
    """An option's words are its own (``Option.label``, ``.help``, ``.rule``), translated."""
    catalog = catalogs()[lang]
    for game, profile in PROFILES.items():
        for option in profile.options:
            for text in (option.label, option.help):
                words = catalog.gettext(text)  # a message missing from the catalog raises
                assert words.strip(), f"{lang}: {game}.{option.name}: {text!r} has no words"
            assert profile.rule(option.rule) in RULES


def test_profile_section_names_is_gone_for_the_words():
    assert "section_names" not in {f.name for f in dataclasses.fields(PROFILES["michigan"])}
    for profile in PROFILES.values():
        profile.words.check_sections(profile.section_ids(), profile.name)


# ----- label tables: a key written twice fails -----------------------------------------------


def duplicate_keys(path: Path) -> list[tuple[int, object]]:
    """(line, key) of each constant key a dict literal in the file gives twice (Python keeps the last)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            seen = set()
            for key in node.keys:
                if isinstance(key, ast.Constant):
                    if key.value in seen:
                        found.append((key.lineno, key.value))
                    seen.add(key.value)
    return found


SOURCES = sorted((REPO / "site_build").glob("*.py")) + sorted(ENGINE.rglob("*.py")) + [REPO / "tools" / "narration_docs.py"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_no_table_gives_a_key_twice(path):
    assert duplicate_keys(path) == []


def test_the_duplicate_check_finds_a_key_given_twice(tmp_path):
    source = tmp_path / "labels.py"
    source.write_text('OPTIONS = {\n    "deal": 1,\n    "pack": 2,\n    "deal": 3,\n}\n', encoding="utf-8")
    assert duplicate_keys(source) == [(4, "deal")]


# ----- the review copy -------------------------------------------------------------------------


def test_the_committed_narration_for_review_is_current():
    """docs/narration/<lang>.md is what the engine and the catalogs say now (regenerate it with
    python tools/narration_docs.py): a reviewer reads the diff of what changed."""
    for lang, text in narration_docs.render_all(found()).items():
        path = REPO / "docs" / "narration" / f"{lang}.md"
        assert path.exists() and path.read_text(encoding="utf-8") == text, f"{path.name} is not current"
