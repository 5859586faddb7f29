"""A replay that ends the session: after the round's result, the walkthrough tells the
settlement (Rummoli's pooled board and final showdown, Michigan's equal shares), the final
balances and the winners. The Rummoli page shows it in its section on the end of the
session; a bad recorded showdown deal stops the build at the Markdown file and line."""

import html
import json
import re
from pathlib import Path

import pytest

from site_build.errors import BuildError

REPO = Path(__file__).resolve().parents[2]
SESSION_END = "```stops-example\nfile: examples/rummoli/session-end-showdown.json\n```"
NINE_OF_DIAMONDS = "```stops-example\nfile: examples/michigan/nine-of-diamonds.json\n```"


def plain(markup: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", "", markup))
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


def session_end_block(page_html: str) -> str:
    start = page_html.index('<div class="session-end">')
    return page_html[start:page_html.index("</section>", start)]


# Per language: the pool line, the tie, each share of the pot, and the verdict.
EXPECTED = {
    "en": ("End of the session", "The whole board is pooled into the Rummoli pot: 35 chips (",
           "Best hands, tied: B and C.", "B collects 18 chips from the Rummoli pot.",
           "C collects 17 chips from the Rummoli pot.", "Winner of the session: B."),
    "es": ("Fin de la partida", "Todo el tablero se junta en el bote Rummoli: 35 fichas (",
           "Empatan con la mejor mano: B y C.", "B cobra 18 fichas del bote Rummoli.",
           "C cobra 17 fichas del bote Rummoli.", "Gana la partida: B."),
    "fr": ("Fin de la partie", "Tout le tableau est réuni dans le pot Rummoli : 35 jetons (",
           "Meilleures mains, à égalité : B et C.", "B encaisse 18 jetons du pot Rummoli.",
           "C encaisse 17 jetons du pot Rummoli.", "Vainqueur de la partie : B."),
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_the_rummoli_page_tells_the_final_showdown_in_each_language(site, lang):
    block = session_end_block(site.read(f"{lang}/rummoli.html"))
    text = plain(block)
    for words in EXPECTED[lang]:
        assert words in text, (lang, words, text)
    # The odd chip goes to B: 18 and 17 of the 35, on the chip badges too.
    assert "B +18" in text and "C +17" in text
    # Final balances: B (89 + 18) wins, C has 88 + 17, A keeps 99.
    rows = re.findall(r"<tr( class=\"winner\")?><th scope=\"row\">(\w)\b.*?<td class=\"num\">([^<]+)</td></tr>", block)
    assert [(name, balance, bool(winner)) for winner, name, balance in rows] == [
        ("A", "99", False), ("B", "107", True), ("C", "105", False)]
    # Every settlement line links to its rule; the verdict to the session's end.
    assert block.count('href="rummoli.html#rummoli.final-showdown"') == 4
    assert 'href="rummoli.html#rummoli.session-end"' in block


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_the_session_end_example_sits_in_the_end_of_session_section_after_its_rule(site, lang):
    page = site.read(f"{lang}/rummoli.html")
    rule = page.index('id="rummoli.final-showdown"')
    example = page.index('<div class="session-end">')
    assert page.index('id="session"') < rule < example < page.index('id="variants"')
    # Introduced by a sentence of the page's own (between the rule and the example).
    between = plain(page[rule:example])
    assert "35" in between and "B" in between and "C" in between


def test_the_settlement_follows_the_result_of_the_round(site):
    page = site.read("en/rummoli.html")
    block_start = page.index('<div class="session-end">')
    result = page.rindex("Result of the round", 0, block_start)
    assert page.rindex('<section class="example"', 0, block_start) < result < block_start


def replace_example(content: Path, lang: str, slug: str, fence: str, replay: dict) -> int:
    """Put `replay` inline in place of `fence` on a page; returns the line of the new fence."""
    page = content / lang / f"{slug}.md"
    text = page.read_text(encoding="utf-8")
    assert fence in text
    inline = "```stops-example\n" + json.dumps(replay, ensure_ascii=False) + "\n```"
    text = text.replace(fence, inline)
    page.write_text(text, encoding="utf-8")
    return text[:text.index(inline)].count("\n") + 1


def session_end_replay() -> dict:
    return json.loads((REPO / "examples" / "rummoli" / "session-end-showdown.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("cards, reason", [
    (["5♠", "6♠", "7♥", "8♣"], "a final showdown deals 5 cards, not 4"),
    (["5♠", "6♠", "7♥", "8♣", "2♣"], "2♣ is dealt twice"),
])
def test_a_bad_final_showdown_deal_fails_the_build_with_file_and_line(content_copy, build_with, cards, reason):
    replay = session_end_replay()
    replay["session_end"]["deals"][0]["B"] = cards
    line = replace_example(content_copy, "fr", "rummoli", SESSION_END, replay)
    with pytest.raises(BuildError) as caught:
        build_with(content_copy)
    message = str(caught.value)
    assert re.search(rf"(^|/)fr/rummoli\.md:{line}: ", message), message
    assert "session_end.deals[0].B" in message and reason in message


def test_a_michigan_session_end_tells_each_section_shared_equally(content_copy, build_with):
    replay = json.loads((REPO / "examples" / "michigan" / "nine-of-diamonds.json").read_text(encoding="utf-8"))
    replay["session_end"] = {}
    replace_example(content_copy, "en", "michigan", NINE_OF_DIAMONDS, replay)
    out = build_with(content_copy)
    text = plain(session_end_block((out / "en" / "michigan.html").read_text(encoding="utf-8")))
    assert "A, B, C, and D share A♥: 1 chip each." in text
    assert "Winner of the session: B." in text
    assert "michigan.html#michigan.session-end" in session_end_block((out / "en" / "michigan.html").read_text())
