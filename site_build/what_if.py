"""First-level "What if?" answers, computed by the build and shipped beside the examples' data.

A reader who opens "What if?" on an example's book line and picks another move asks the
engine for `stops.web.branch(document, step, move, bot, seed)`: the round replayed to that
step, the other move played, the bots playing the round out. On the book line those
questions are known in advance (every step, every legal move but the one the line plays), so
the build asks them itself, with the arguments the widget would send (site/static/widget.mjs
`branch`: the example's document with its line's moves, the step, the move, the widget's bot
"basic" and seed 0), and ships the answers as the engine returned them: one file per step
with a choice, `what-if/<digest>/<step>.json`,
`{"format": "stops-what-if", "bot", "seed", "step", "answers": [...]}`, each answer naming its
own question (`branch`: step, move, bot, seed). The example's data names the folder and the
steps (`"what_if": {"href", "steps"}`). The widget fetches a step's file when the reader opens
"What if?" there (never up front: the rules pages keep their budget; and one step at a time,
as a range of bids can give a step a hundred answers) and draws a first-level answer from it
without starting Pyodide; a branch of a branch, a hint and play still go to the live engine,
which gives the same answers (tests/site/test_site_what_if.py on CPython,
tests/pyodide/test_what_if_on_pyodide.py on Pyodide).

The answers do not depend on the page's language: the engine's events are message ids with
their arguments, and the document's words (title, description, notes) play no part in a
round. So each example is computed once, and its folder is named by a digest of the engine's
source, the document without its words and the bot and seed; the same digest names the
computation's cache, `build/what-if-cache/<digest>/<step>.json`, so that a rebuild reads it instead of playing
the rounds again, and any change to the engine or the example computes it anew.

An amount to choose (a bid, a bet, a raise: the legal move is a range `{"min", "max"}`) is
asked as the widget asks it, `{"player": ..., "bid": <amount>}`, once for every amount of the
range (at most MAX_AMOUNTS: an open or a longer range is left to the live engine).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CACHE = REPO / "build" / "what-if-cache"
FOLDER = "what-if"  # under the site root: one file for every language
FORMAT = "stops-what-if"
# What the widget asks with (site/static/widget.mjs: options.bot ?? "basic", seed 0).
BOT, SEED = "basic", 0
AMOUNT_KEYS = ("bid", "bet", "raise")  # site/static/model/table.mjs AMOUNT_ACTIONS
MAX_AMOUNTS = 100
WORDS = ("title", "description", "notes")  # the document's words, in the page's language
VERSION = "3"  # of this file's way of asking: a change computes every example anew


def request_document(document: dict, walk: dict) -> dict:
    """The document the widget sends for a branch of the book line: the example's document
    with the moves of its walkthrough (`{...document, moves}`)."""
    return {**document, "moves": [step["move"] for step in walk["steps"]]}


def _range_key(move: dict) -> str | None:
    return next((key for key in AMOUNT_KEYS if isinstance(move.get(key), dict)), None)


def choices(walk: dict) -> list[tuple[int, dict]]:
    """Every (step, move) a reader can pick on the book line, as the widget offers them
    (model/stepper.mjs `alternatives`: where two or more moves are legal, every one but the
    line's own; a range's amounts one by one, as the widget's amount field sends them)."""
    views = [walk["start"]["view"], *(step["view"] for step in walk["steps"])]
    asked = []
    for at, step in enumerate(walk["steps"]):
        legal = views[at].get("legal") or []
        if len(legal) < 2:
            continue
        played = step["move"]
        for move in legal:
            if move == played:
                continue
            key = _range_key(move)
            if key is None:
                asked.append((at, move))
                continue
            low, high = move[key].get("min"), move[key].get("max")
            if not isinstance(low, int) or not isinstance(high, int) or high - low + 1 > MAX_AMOUNTS:
                continue
            template = {k: v for k, v in move.items() if k != key}
            for amount in range(low, high + 1):
                amounted = {**template, key: amount}
                if amounted != played:
                    asked.append((at, amounted))
    return asked


def engine_digest() -> str:
    """A digest of the engine's source: every file of the `stops` package the build imports."""
    import stops

    package = Path(stops.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def example_digest(document: dict, walk: dict, engine: str) -> str:
    """The name of an example's answers: the engine, the document without its words, the bot."""
    bare = {k: v for k, v in request_document(document, walk).items() if k not in WORDS}
    text = json.dumps([VERSION, engine, bare, BOT, SEED, MAX_AMOUNTS], sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def answers(document: dict, walk: dict) -> dict[int, str]:
    """Every first-level branch of the example, as its step files: {step: the file's text},
    each answer's JSON text copied in as `stops.web.branch` returned it."""
    from stops import web

    doc_json = json.dumps(request_document(document, walk), ensure_ascii=False)
    by_step: dict[int, list[str]] = {}
    for at, move in choices(walk):
        by_step.setdefault(at, []).append(web.branch(doc_json, at, json.dumps(move, ensure_ascii=False), BOT, SEED))
    head = {"format": FORMAT, "bot": BOT, "seed": SEED}
    return {at: json.dumps({**head, "step": at}, separators=(",", ":"))[:-1] + ',"answers":[' + ",".join(texts) + "]}"
            for at, texts in by_step.items()}


def _computed(job: tuple[dict, dict]) -> dict[int, str]:
    return answers(*job)


def _read_cache(folder: Path) -> dict[int, str]:
    return {int(path.stem): path.read_text(encoding="utf-8") for path in folder.glob("*.json")}


def _write_cache(folder: Path, steps: dict[int, str]) -> None:
    """The example's step files in its cache folder, whole or not at all (a folder renamed in)."""
    tmp = folder.with_name(f"{folder.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for at, text in steps.items():
        (tmp / f"{at}.json").write_text(text, encoding="utf-8")
    try:
        os.rename(tmp, folder)
    except OSError:  # another build put it there first: the same files
        shutil.rmtree(tmp, ignore_errors=True)


def what_if_files(examples: dict, cache: Path | None = CACHE, jobs: int = 2) -> tuple[dict, dict]:
    """For `examples` ({key: (walk, document)}): ({key: {"href": its folder under the site
    root, "steps": the steps with answers}}, {site path: file text}). Examples without a choice
    get nothing. The cache is read first; what it lacks is computed on `jobs` processes and
    written to it."""
    engine = engine_digest()
    folders, computed, missing = {}, {}, {}
    for key, (walk, document) in examples.items():
        if not choices(walk):
            continue
        digest = example_digest(document, walk, engine)
        folders[key] = digest
        if digest in computed or digest in missing:
            continue
        cached = cache / digest if cache is not None else None
        if cached is not None and cached.is_dir():
            computed[digest] = _read_cache(cached)
        else:
            missing[digest] = (document, walk)
    if missing:
        work = list(missing.items())
        # Forked processes, when this one has no other thread (fork copies only the calling
        # thread: a build that serves, build.py --serve, computes in this process instead).
        if jobs > 1 and len(work) > 1 and threading.active_count() == 1:
            # Largest first, so that the processes end together.
            work.sort(key=lambda item: -len(choices(item[1][1])) * len(item[1][1]["steps"]))
            with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
                done = list(pool.map(_computed, [job for _, job in work]))
        else:
            done = [_computed(job) for _, job in work]
        for (digest, _), steps in zip(work, done):
            computed[digest] = steps
            if cache is not None:
                _write_cache(cache / digest, steps)
    files, shipped = {}, {}
    for digest, steps in computed.items():
        shipped[digest] = {"href": f"{FOLDER}/{digest}/", "steps": sorted(steps)}
        files.update({f"{FOLDER}/{digest}/{at}.json": text for at, text in steps.items()})
    return {key: shipped[digest] for key, digest in folders.items()}, files
