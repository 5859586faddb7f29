"""One definition of a round's net, everywhere: the rules prose, the glossary and the note
under every result table state the same rule, and the rule is the one the engine computes
(`stops replay --json`): net = everything a player received less everything they paid in the
round, the ante included, which is the change in their balance. The worked example's figures
on the page are the engine's."""

import contextlib
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from site_build.pages import LANGUAGES
from stops.cli import main as stops_cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").rglob("*.json"))

# The rule, as each language words it: the net is the change in balance, that is the gross
# less everything paid. Every place that defines the net must say both halves.
NET_RULE = {
    "en": (r"change in (their )?balance over the round", r"gross less everything (they )?paid"),
    "es": (r"lo que ha cambiado (su |el )?saldo en (la|esa) ronda", r"el bruto menos todo lo (que ha )?pagado"),
    "fr": (r"variation (de son|du) solde sur la donne", r"le brut moins tout ce qu(’il a|i a été) payé"),
}
# The definitions the site used to give, each wrong for somebody (a loser also pays the winner).
OLD_RULES = {
    "en": [r"less the\s+6 chips", r"less what (he|they) paid in"],
    "es": [r"menos\s+las 6 fichas que puso", r"eso menos lo que puso"],
    "fr": [r"moins les\s+6 jetons", r"ce brut moins ce qu’il a"],
}


def replay_json(path: Path) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert stops_cli(["replay", str(path), "--json"]) == 0
    return json.loads(out.getvalue())


def states_the_rule(text: str, lang: str) -> bool:
    return all(re.search(part, text) for part in NET_RULE[lang])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_engines_net_is_what_a_player_received_less_what_they_paid(path):
    result = replay_json(path)
    received, paid = {}, {}
    for event in result["events"]:
        if event["type"] != "transfer":
            continue
        amount = Fraction(str(event["amount"]))
        if "player" in event["to"]:
            received[event["to"]["player"]] = received.get(event["to"]["player"], 0) + amount
        if "player" in event["from"]:
            paid[event["from"]["player"]] = paid.get(event["from"]["player"], 0) + amount
    for name, figures in result["players"].items():
        assert Fraction(str(figures["net"])) == received.get(name, 0) - paid.get(name, 0), name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_and_the_glossary_state_the_one_rule(site, lang):
    michigan = site.text(f"{lang}/michigan.html")
    glossary = site.text(f"{lang}/glossary.html")
    assert states_the_rule(michigan, lang), f"{lang}/michigan.html does not state the net rule"
    assert states_the_rule(glossary, lang), f"{lang}/glossary.html does not state the net rule"
    for page, text in ((f"{lang}/michigan.html", michigan), (f"{lang}/glossary.html", glossary)):
        for old in OLD_RULES[lang]:
            assert not re.search(old, text), f"{page} still gives the old definition {old!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_result_table_says_what_net_means(site, lang):
    for page in site.html_files():
        if not page.startswith(f"{lang}/"):
            continue
        html = site.read(page)
        tables = html.count('<table class="result">')
        notes = re.findall(r'<p class="result-note">(.*?)</p>', html, re.S)
        assert len(notes) == tables, page
        for note in notes:
            assert states_the_rule(note, lang), f"{page}: {note}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_worked_example_shows_the_engines_figures(site, lang):
    result = replay_json(REPO / "examples" / "michigan" / "nine-of-diamonds.json")
    winner = result["winner"]
    transfers = [e for e in result["events"] if e["type"] == "transfer" and e["to"].get("player") == winner]
    kitty = sum(e["amount"] for e in transfers if e["reason"] == "kitty")
    per_card = {e["from"]["player"]: e["amount"] for e in transfers if e["reason"] == "card-count"}
    box = sum(e["amount"] for e in transfers if e["reason"] == "box")
    seats = [name for name in result["players"] if name in per_card]  # seat order A, C, D
    going_out = kitty + sum(per_card.values())
    text = site.text(f"{lang}/michigan.html")
    # The sum exactly as the rules decision writes it: the Kitty, then each other player's cards.
    assert f"{kitty} + " + " + ".join(str(per_card[s]) for s in seats) + f" = {going_out}" in text
    gross, net = result["players"][winner]["gross"], result["players"][winner]["net"]
    assert gross == going_out + box
    assert re.search(rf"\b{gross}\b", text) and f"+{net}" in text
    for name, figures in result["players"].items():
        if name != winner:
            assert f"−{-figures['net']}" in text, (name, figures["net"])
