"""Examples are replays played by the engine; a broken one stops the build at its file and
line. The 9♦ worked example comes first on the Michigan page, with its figures."""

import re
from pathlib import Path

import pytest

from site_build.errors import BuildError

NINE_OF_DIAMONDS = "```stops-example\nfile: examples/michigan/nine-of-diamonds.json\n```"


def first_example(html):
    return html[html.index('<section class="example"'):html.index("</section>", html.index('<section class="example"'))]


def plain(html):
    return re.sub(r"<[^>]+>", "", html)


def test_the_nine_of_diamonds_walkthrough_is_the_first_example_on_the_michigan_page(site):
    example = plain(first_example(site.read("en/michigan.html")))
    order = re.findall(r"\b([ABCD]) (?:leads|plays on with) the (\S+?) of", example)
    assert [player for player, _ in order] == ["A", "C", "A", "B", "B"]
    assert "B wins the queen of diamonds\u00a0Q♦ box: 4 chips." in example
    assert "The queen of diamonds\u00a0Q♦ is a stop: the king of diamonds\u00a0K♦ is in the widow." in example
    assert "B went out first and takes the Kitty: 8 chips." in example
    assert re.search(r"B\s*out first\s*18\s*\+12", example)


@pytest.mark.parametrize("lang, words", [("es", "se lleva la casilla"), ("fr", "ramasse la case")])
def test_the_walkthrough_is_narrated_in_the_page_language(site, lang, words):
    assert words in plain(first_example(site.read(f"{lang}/michigan.html")))


def test_every_step_links_to_the_rule_it_applies(site):
    example = first_example(site.read("fr/michigan.html"))
    for rule in ("michigan.follow", "michigan.box", "michigan.stop", "michigan.restart", "michigan.kitty",
                 "michigan.card-count"):
        assert f'href="michigan.html#{rule}"' in example


def break_example(content, replay_json):
    page = content / "en" / "michigan.md"
    text = page.read_text()
    assert NINE_OF_DIAMONDS in text
    text = text.replace(NINE_OF_DIAMONDS, "```stops-example\n" + replay_json + "\n```")
    page.write_text(text)
    line = text[:text.index("```stops-example\n" + replay_json)].count("\n") + 1
    return line


REPLAY = ('{"game": "michigan", "players": ["A", "B", "C"], "dealer": "C", '
          '"position": {"hands": {"A": ["2♣", "3♣"], "B": ["4♣"], "C": ["5♠"]}, "widow": ["5♣"]}, '
          '"moves": [%s]}')


def test_an_illegal_move_fails_the_build_with_file_line_and_reason(content_copy, build_with):
    line = break_example(content_copy, REPLAY % '{"player": "B", "play": "4♣"}')
    with pytest.raises(BuildError) as caught:
        build_with(content_copy)
    message = str(caught.value)
    assert message.startswith(f"en/michigan.md:{line}: ") or f"/en/michigan.md:{line}: " in message
    assert "moves[0]" in message and "michigan." in message


def test_a_bad_card_fails_the_build_with_file_and_line(content_copy, build_with):
    line = break_example(content_copy, REPLAY % '{"player": "A", "play": "2X"}')
    with pytest.raises(BuildError, match=rf"michigan\.md:{line}: .*2X"):
        build_with(content_copy)


def test_a_missing_example_file_fails_the_build(content_copy, build_with):
    break_example(content_copy, "file: examples/michigan/no-such-file.json")
    with pytest.raises(BuildError, match=r"michigan\.md:\d+: example file examples/michigan/no-such-file\.json does not exist"):
        build_with(content_copy)


def test_build_py_reports_a_broken_example_and_exits_with_an_error(content_copy, tmp_path):
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    line = break_example(content_copy, REPLAY % '{"player": "C", "play": "5♠"}')
    result = subprocess.run([sys.executable, str(repo / "build.py"), "--content", str(content_copy),
                             "--out", str(tmp_path / "out"), "--no-engine"], capture_output=True, text=True, cwd=repo)
    assert result.returncode == 1
    assert f"michigan.md:{line}: moves[0]" in result.stderr
    assert not (tmp_path / "out").exists()  # nothing is written when a page fails


def test_the_card_turned_up_for_trumps_reaches_the_page_so_the_stock_shows_it_face_up(site):
    # The views a page embeds are trimmed to what its table draws; the turn-up is drawn face
    # up on the stock (static/view/seats.mjs), so every step must still say which card it is.
    import json

    walk = json.loads(site.read("en/examples/pope_joan/pope-excuses.json"))["walk"]
    for view in [walk["start"]["view"], *(step["view"] for step in walk["steps"])]:
        assert (view["turn_up"], view["turn_up_place"], view["trump"]) == ("5♣", "stock", "C")


def test_every_example_page_is_named_by_its_own_example_so_no_two_share_a_title(site):
    """An example's own page (a collapsed example) takes the example's title, not the heading of
    the section that holds it: a section with several examples gave them one title."""
    for lang in ("es", "en", "fr"):
        titles = {}
        for path in site.html_files():
            if path.startswith(f"{lang}/examples/"):
                html = site.read(path)
                titles.setdefault(re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip(), []).append(path)
        assert titles and all(len(paths) == 1 for paths in titles.values()), {t: p for t, p in titles.items() if len(p) > 1}
