"""The puzzle pages, /<lang>/<game>/puzzles/: one per game and language, linked from the game's
rules page, its play page and the site menu, with its worksheet and its embed; the data they
ship is the puzzles of site/puzzles/<game>.json whose margin is significant, each position as
its solver sees it and the legal moves the engine gives there."""

import json
import re
import shutil
from pathlib import Path

import html5lib
import pytest

from site_build.errors import BuildError
from site_build.pages import GAMES, LANGUAGES
from site_build.puzzles import THEMES, game_puzzles
from stops.replay import load_replay
from stops.table import legal_json

REPO = Path(__file__).resolve().parents[2]


def source(game):
    return json.loads((REPO / "site" / "puzzles" / f"{game}.json").read_text(encoding="utf-8"))


def shipped(site, lang, game):
    return json.loads(site.read(f"{lang}/{game}/puzzles/puzzles.json"))


def page_data(site, path):
    tree = html5lib.parse(site.read(path), namespaceHTMLElements=False)
    (script,) = [s for s in tree.iter("script") if "puzzle-data" in (s.get("class") or "")]
    return tree, json.loads(script.text)


def clear(puzzle, settings):
    sigmas = puzzle["margin"]["sigmas"]
    return (puzzle["margin"]["chips"] >= settings["chips"] and (sigmas is None or sigmas >= settings["sigmas"])
            and puzzle["check"]["best"] == puzzle["rating"]["best"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_puzzle_page_worksheet_and_embed_in_every_language(site, lang, game):
    html = site.read(f"{lang}/{game}/puzzles/index.html")
    assert f'<html lang="{lang}">' in html
    switcher = re.findall(r'class="language-link" href="([^"]+)"', html)
    assert switcher == [f"../../../{other}/{game}/puzzles/" for other in LANGUAGES]
    for path in (f"{lang}/{game}/puzzles/index.html", f"{lang}/{game}/puzzles/worksheet.html",
                 f"{lang}/embed/puzzles/{game}.html"):
        tree, data = page_data(site, path)
        assert data["game"] == game
        # The data file it names is there, beside the page or the game's page.
        folder = Path(path).parent
        assert json.loads(site.read((folder / data["data_href"]).as_posix()))["game"] == game
        assert json.loads(site.read((folder / data["messages_href"]).as_posix()))["lang"] == lang
    embed = site.read(f"{lang}/embed/puzzles/{game}.html")
    assert 'class="site-header"' not in embed and "puzzle-teachers" not in embed


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_puzzle_page_is_linked_from_the_rules_page_the_play_page_and_the_menu(site, lang, game):
    assert f'href="{game}/puzzles/"' in site.read(f"{lang}/{game}.html")
    assert 'href="../puzzles/"' in site.read(f"{lang}/{game}/play/index.html")
    for path, up in ((f"{lang}/index.html", ""), (f"{lang}/{game}/puzzles/index.html", "../../")):
        tree = html5lib.parse(site.read(path), namespaceHTMLElements=False)
        menu = [a.get("href") for nav in tree.iter("nav") if nav.get("class") == "site-nav" for a in nav.iter("a")]
        assert f"{up}puzzles/" in menu
    assert f'href="../{game}/puzzles/"' in site.read(f"{lang}/puzzles/index.html")


def test_the_pages_speak_their_language(site):
    titles = {lang: html5lib.parse(site.read(f"{lang}/tripoli/puzzles/index.html"), namespaceHTMLElements=False)
              .find(".//h1").text for lang in LANGUAGES}
    assert len(set(titles.values())) == len(LANGUAGES), titles
    for lang in LANGUAGES:
        _, data = page_data(site, f"{lang}/tripoli/puzzles/index.html")
        for theme, label in data["themes"].items():
            assert label and (lang == "en" or label != THEMES.get(theme)), (lang, theme, label)
        assert len(set(data["levels"].values())) == 3


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_ship_every_significant_puzzle_and_no_other(site, game):
    data = source(game)
    wanted = [p["id"] for p in data["puzzles"] if clear(p, data["settings"])]
    for lang in LANGUAGES:
        ids = [p["id"] for p in shipped(site, lang, game)["puzzles"]]
        assert ids == wanted and len(ids) >= 1
    themes = {t for p in shipped(site, "en", game)["puzzles"] for t in p["themes"]}
    _, page = page_data(site, f"en/{game}/puzzles/index.html")
    assert set(page["themes"]) == themes


@pytest.mark.parametrize("game", GAMES)
def test_each_position_is_shown_from_its_solvers_seat_with_the_engines_legal_moves(site, game):
    for puzzle in shipped(site, "en", game)["puzzles"]:
        view = puzzle["view"]
        assert [p["name"] for p in view["players"] if "hand" in p] == [puzzle["solver"]]
        assert view["to_move"] == puzzle["solver"] and view["widow"] is None
        replay = load_replay(json.dumps(puzzle["position"]))
        rnd = replay.start()
        for move in replay.moves:
            rnd.apply(move)
        assert legal_json(rnd) == puzzle["legal"]
        options = puzzle["rating"]["options"]
        best = puzzle["rating"]["best"]
        assert all(options[best]["expected"] >= o["expected"] for o in options)
        assert all(o["reason_message"]["id"] for o in options)


def test_a_puzzle_whose_margin_is_not_significant_is_never_shown(tmp_path):
    game = GAMES[0]
    data = source(game)
    (tmp_path / "site" / "puzzles").mkdir(parents=True)
    first = data["puzzles"][0]
    weak = json.loads(json.dumps(first))
    weak["id"] = "weak"
    weak["margin"] = {**weak["margin"], "sigmas": data["settings"]["sigmas"] / 2}
    small = json.loads(json.dumps(first))
    small["id"] = "small"
    small["margin"] = {**small["margin"], "chips": data["settings"]["chips"] / 2}
    changed = json.loads(json.dumps(first))
    changed["id"] = "changed"
    changed["check"] = {**changed["check"], "best": (changed["rating"]["best"] + 1) % len(changed["rating"]["options"])}
    data["puzzles"] = [first, weak, small, changed]
    (tmp_path / "site" / "puzzles" / f"{game}.json").write_text(json.dumps(data), encoding="utf-8")
    assert [p["id"] for p in game_puzzles(tmp_path, game)["puzzles"]] == [first["id"]]
    data["puzzles"] = [weak]
    (tmp_path / "site" / "puzzles" / f"{game}.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BuildError, match="no puzzle with a significant margin"):
        game_puzzles(tmp_path, game)


def test_a_puzzle_the_engine_does_not_replay_as_written_stops_the_build(tmp_path):
    game = GAMES[0]
    data = source(game)
    (tmp_path / "site" / "puzzles").mkdir(parents=True)
    puzzle = json.loads(json.dumps(data["puzzles"][0]))
    puzzle["solver"] = next(p for p in puzzle["position"]["players"] if p != puzzle["solver"])
    data["puzzles"] = [puzzle]
    (tmp_path / "site" / "puzzles" / f"{game}.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BuildError, match="is not to move"):
        game_puzzles(tmp_path, game)
