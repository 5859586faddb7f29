"""Every kind of event the engine can emit is told in words, in every language: a new event
type without a narration fails here before it reaches a page."""

from pathlib import Path

import pytest

from site_build.examples import shape_walkthrough
from site_build.i18n import load_translations
from site_build.narrate import NARRATORS, Voice
from site_build.pages import LANGUAGES
from site_build.site import StrictCatalog
from stops.profiles import EVENT_TYPES
from stops.replay import walkthrough

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").glob("*/*.json"))


def test_every_event_type_has_a_narration():
    assert set(EVENT_TYPES) - set(NARRATORS) == set()


@pytest.fixture(scope="module")
def catalogs():
    return {lang: StrictCatalog(lang, load_translations(REPO / "site" / "locale", lang)) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_in_the_repository_narrates_in_every_language(catalogs, lang):
    """Runs every replay under examples/ through the narration (this covers most event types
    with real engine data; a message missing from a catalog raises)."""
    seen = set()
    for path in EXAMPLES:
        walk = walkthrough(path.read_text(encoding="utf-8"), source=str(path))
        voice = Voice(lang, catalogs[lang].gettext, catalogs[lang].ngettext, walk["game"])
        shaped = shape_walkthrough(walk, voice)
        for step in shaped["steps"]:
            for item in step["items"]:
                assert str(item["text"]).strip()
                seen.add(item["event"]["type"])
    assert {"play", "stop", "out", "transfer"} <= seen


@pytest.mark.parametrize("lang, one, six", [("en", "1 chip", "6 chips"), ("es", "1 ficha", "6 fichas"),
                                             ("fr", "1 jeton", "6 jetons")])
def test_chips_are_counted_with_the_language_plural(catalogs, lang, one, six):
    voice = Voice(lang, catalogs[lang].gettext, catalogs[lang].ngettext, "michigan")
    assert (voice.chips(1), voice.chips(6)) == (one, six)


def test_numbers_follow_the_language(catalogs):
    assert Voice("fr", catalogs["fr"].gettext, catalogs["fr"].ngettext, "michigan").number(1234) == "1\u202f234"
    assert Voice("en", catalogs["en"].gettext, catalogs["en"].ngettext, "michigan").number(1234) == "1,234"


# One event of each type, shaped as the engine's to_json() writes it. A new event type
# must get a sample here and a sentence in site_build/narrate.py.
SAMPLES = {
    "transfer": {"from": {"section": "QD"}, "to": {"player": "B"}, "amount": 4, "reason": "box"},
    "deal": {"dealer": "D", "hands": {"A": ["2♠"], "B": ["3♠"]}, "widow": ["4♠"]},
    "play": {"player": "A", "card": "9♦", "lead": True},
    "stop": {"card": "Q♦", "next": "K♦", "where": "widow"},
    "out": {"player": "B"},
    "misdeal": {},
    "leave": {"player": "C"},
    "hold": {"player": "A", "section": "AH", "cards": ["A♥"]},
    "stay": {"section": "JH", "amount": 5, "where": "ghost", "cards": ["J♥"]},
    "split": {"section": "king_queen", "players": ["A", "C"], "share": 2, "left": 1},
    "showdown": {"section": "pot", "hands": [{"player": "A", "hand": "pair", "cards": ["2♠", "2♥", "K♣", "9♣", "7♦"]}],
                 "winners": ["A"]},
    "bet": {"player": "A", "action": "raise", "amount": 2},
    "fold-out": {"player": "A"},
    "dealer-keeps": {"player": "D", "pay_card": True},
    "widow-auction": {"bidders": ["A", "C"]},
    "widow-bid": {"player": "A", "amount": 2},
    "widow-swap": {"player": "C", "price": 1, "dead": ["3♠"]},
    "widow-kept": {},
    "duty-passes": {"from": "A", "to": "C", "skipped": ["A", "B"], "colour": "red"},
    "deadlock": {"colour": "black", "cards": {"A": 2, "B": 3}},
    "combo": {"player": "A", "section": "ace_king", "cards": ["K♦", "A♦"]},
    "final-showdown": {"section": "rummoli", "amount": 12, "dealer": "D",
                       "hands": [{"player": "B", "hand": "flush", "cards": ["2♥", "5♥", "8♥", "J♥", "K♥"]}],
                       "winners": ["B"]},
    "ghost-bid": {"player": "A", "amount": 3},
    "ghost-pass": {"player": "B"},
    "ghost-swap": {"player": "A", "amount": 3, "cards": 11, "ghost_cards": 11},
    "ghost-kept": {},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("event_type", EVENT_TYPES)
def test_every_event_type_is_told_in_every_language(catalogs, lang, event_type):
    from site_build.narrate import narrate

    assert event_type in SAMPLES, f"add a sample {event_type!r} event to this test"
    event = {"type": event_type, "rule": "michigan.follow", **SAMPLES[event_type]}
    game = "rummoli" if event_type in ("combo", "deadlock", "duty-passes") else "tripoli"
    text = str(narrate(Voice(lang, catalogs[lang].gettext, catalogs[lang].ngettext, game), event))
    assert text.strip() and "%(" not in text
