"""The build's first-level "What if?" answers (site_build/what_if.py) are the engine's own: for
every example of every language, every step of its book line and every move a reader may pick
there, the shipped answer is what `stops.web.branch` returns on CPython for the request the
widget would send (the page's document with the line's moves, the step, the move, the widget's
bot and seed), byte for byte; nothing a reader may pick is missing, and nothing else is there.
(On Pyodide: tests/pyodide/test_what_if_on_pyodide.py.)"""

from __future__ import annotations

import json
import re

import pytest

from site_build.site import Sources, render_site
from site_build.what_if import CACHE, MAX_AMOUNTS, REPO, engine_digest, example_digest, what_if_files
from stops import web

pytestmark = pytest.mark.slow  # every answer played again, in every language

DATA = re.compile(r"^(?P<lang>[a-z]{2})/examples/(?P<page>[^/]+)/(?P<name>[^/]+)\.json$")
AMOUNTS = ("bid", "bet", "raise")


@pytest.fixture(scope="module")
def outputs() -> dict[str, str]:
    """Every file of the site built with the engine, as the build writes them."""
    return render_site(Sources(), engine=True)


def shipped_file(outputs: dict, data_path: str, step: int) -> dict:
    href = json.loads(outputs[data_path])["what_if"]["href"]  # under the site root
    return json.loads(outputs[f"{href}{step}.json"])


def reader_choices(walk: dict) -> dict[int, list[dict]]:
    """What the widget lets a reader pick on the book line: where two or more moves are legal,
    every one but the line's own, a range of amounts as each of its amounts."""
    views = [walk["start"]["view"], *(step["view"] for step in walk["steps"])]
    picks = {}
    for at, step in enumerate(walk["steps"]):
        legal = views[at].get("legal") or []
        if len(legal) < 2:
            continue
        moves = []
        for move in legal:
            ranged = next((key for key in AMOUNTS if isinstance(move.get(key), dict)), None)
            if ranged is None:
                moves.append(move)
            elif move[ranged]["max"] is not None and move[ranged]["max"] - move[ranged]["min"] < MAX_AMOUNTS:
                moves += [{"player": move["player"], ranged: amount}
                          for amount in range(move[ranged]["min"], move[ranged]["max"] + 1)]
        picks[at] = [move for move in moves if move != step["move"]]
    return picks


def examples(outputs):
    return sorted(path for path in outputs if DATA.match(path) and "what_if" in json.loads(outputs[path]))


def test_every_example_of_every_language_names_its_answers_and_an_example_without_a_choice_has_none(outputs):
    data_files = [path for path in outputs if DATA.match(path)]
    assert data_files and examples(outputs)
    for path in data_files:
        data = json.loads(outputs[path])
        has_choices = any(reader_choices(data["walk"]).values())
        assert ("what_if" in data) == has_choices, path
        if has_choices:
            assert data["what_if"]["steps"] == sorted(at for at, moves in reader_choices(data["walk"]).items() if moves)
    # One folder for every language: the answers are the same whatever the page's words.
    folders = {}
    for path in examples(outputs):
        match = DATA.match(path)
        folders.setdefault((match["page"], match["name"]), set()).add(json.loads(outputs[path])["what_if"]["href"])
    assert all(len(hrefs) == 1 for hrefs in folders.values()), folders


def test_each_shipped_answer_is_what_the_engine_answers_the_widget_in_every_language(outputs):
    """Every answer asked again from the first language's page that ships it; from the other
    languages' pages (their words in the document), each step's first answer."""
    asked = 0
    seen = set()  # the answer files already asked in full
    for path in examples(outputs):
        data = json.loads(outputs[path])
        # The widget's request: {...document, moves: the line's moves} (widget.mjs documentTo).
        doc_json = json.dumps({**data["document"], "moves": [step["move"] for step in data["walk"]["steps"]]})
        for at, moves in reader_choices(data["walk"]).items():
            if not moves:
                continue
            file = shipped_file(outputs, path, at)
            assert (file["format"], file["bot"], file["seed"], file["step"]) == ("stops-what-if", "basic", 0, at)
            by_move = {json.dumps(answer["branch"]["move"], sort_keys=True): answer for answer in file["answers"]}
            assert sorted(by_move) == sorted(json.dumps(move, sort_keys=True) for move in moves), f"{path} step {at}"
            key = (data["what_if"]["href"], at)
            if key in seen:
                moves = moves[:1]
            seen.add(key)
            for move in moves:
                expected = web.branch(doc_json, at, json.dumps(move), "basic", 0)
                shipped = json.dumps(by_move[json.dumps(move, sort_keys=True)], ensure_ascii=False, separators=(",", ":"))
                assert shipped == expected, f"{path}: step {at}, {move}"
                asked += 1
    assert asked > 100


def test_the_answers_are_read_from_the_cache_keyed_by_the_engine_and_the_example_without_its_words(outputs, tmp_path):
    """A rebuild reads the cache; another engine or another deal is another key; the document's
    words (its title, its notes: the page's language) are no part of it."""
    path = next(p for p in examples(outputs) if p.startswith("en/examples/michigan/"))
    data = json.loads(outputs[path])
    walk, document = data["walk"], data["document"]
    first, files = what_if_files({"example": (walk, document)}, cache=tmp_path, jobs=1)
    (cached,) = tmp_path.iterdir()
    assert cached.name == first["example"]["href"].split("/")[1]
    assert sorted(files) == sorted(f"{first['example']['href']}{at}.json" for at in first["example"]["steps"])
    step = first["example"]["steps"][0]
    (cached / f"{step}.json").write_text("{}", encoding="utf-8")  # what a rebuild reads instead of playing
    again, reread = what_if_files({"example": (walk, document)}, cache=tmp_path, jobs=1)
    assert again == first and reread[f"{first['example']['href']}{step}.json"] == "{}"
    engine = engine_digest()
    key = example_digest(document, walk, engine)
    assert example_digest({**document, "title": "Otro título", "notes": {"1": "¡Otra nota!"}}, walk, engine) == key
    assert example_digest(document, walk, engine[::-1]) != key
    field = "deal" if "deal" in document else "position"  # the cards dealt, or a position set up
    cards = json.loads(json.dumps(document[field]))
    first_hand, second_hand = list(cards["hands"])[:2]
    cards["hands"][first_hand], cards["hands"][second_hand] = cards["hands"][second_hand], cards["hands"][first_hand]
    assert example_digest({**document, field: cards}, walk, engine) != key
    assert CACHE == REPO / "build" / "what-if-cache"
