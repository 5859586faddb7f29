"""`stops-example` blocks: run a replay through the engine and shape it for the template.

A block holds a replay as JSON, or one line `file: examples/...json` (relative to the repo
root). Any problem stops the build with the Markdown file and line, and the engine's reason.
"""

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from markupsafe import Markup

from .errors import BuildError, located
from stops.messages import antes, chips, counts, player, players, section, tell

from .labels import section_label
from .messages import Speaker


@dataclass(frozen=True)
class ExampleSource:
    markdown_path: str     # for messages
    line: int              # line of the opening fence in the Markdown file
    text: str              # the block's content


def load_replay(source: ExampleSource, root: Path) -> tuple[dict, str]:
    """The replay as a dict, and a name for it (the file, or `path:line`)."""
    text = source.text.strip()
    if text.startswith("file:"):
        relative = text[len("file:"):].strip()
        path = root / relative
        if not path.is_file():
            raise located(source.markdown_path, source.line, f"example file {relative} does not exist")
        try:
            return json.loads(path.read_text(encoding="utf-8")), relative
        except json.JSONDecodeError as err:
            raise located(source.markdown_path, source.line,
                          f"{relative}:{err.lineno}: invalid JSON: {err.msg}") from None
    try:
        return json.loads(text), f"{source.markdown_path}:{source.line}"
    except json.JSONDecodeError as err:
        raise located(source.markdown_path, source.line + err.lineno,
                      f"invalid JSON in stops-example: {err.msg}") from None


def run_example(source: ExampleSource, root: Path) -> tuple[dict, dict]:
    """The engine's walkthrough of one block and its replay document (language-independent;
    cached by the caller)."""
    from stops.replay import ReplayError, walkthrough

    data, name = load_replay(source, root)
    try:
        return walkthrough(data, source=name), data
    except ReplayError as err:
        prefix = "" if name.startswith(source.markdown_path) else f"{name}: "
        raise located(source.markdown_path, source.line, f"{prefix}{err}") from None


def group_antes(items, speaker):
    """Fold each player's run of ante transfers into one line (keeps the walkthrough short)."""
    grouped = []
    for item in items:
        event = item["event"]
        is_ante = event.get("type") == "transfer" and event.get("kind") == "ante" and "player" in event["from"]
        if is_ante and grouped and grouped[-1].get("ante_of") == event["from"]["player"]:
            grouped[-1]["parts"].append(item)
            continue
        if is_ante:
            grouped.append({"ante_of": event["from"]["player"], "parts": [item], "event": event,
                            "rule": event.get("rule")})
        else:
            grouped.append(item)
    for item in grouped:
        if "ante_of" in item and len(item["parts"]) > 1:
            total = whole(sum(Fraction(part["event"]["amount"]) for part in item["parts"]))
            item["message"] = antes(item["ante_of"], total,
                                    [(part["event"]["to"]["section"], part["event"]["amount"]) for part in item["parts"]])
            item["text"] = speaker.render(item["message"])
            item["amount"] = chip_badge(item["event"], speaker, total)
        elif "ante_of" in item:
            item.update(item["parts"][0])
    return grouped


def whole(value: Fraction):
    return int(value) if value.denominator == 1 else str(value)


def group_settlement(items, speaker):
    """Fold the settlement's runs into one line each: the sections pooled into one pot, and
    the equal shares of one section (an event per player and section would fill the page)."""
    grouped = []
    for item in items:
        event = item["event"]
        key = None
        if event.get("type") == "transfer" and "section" in event["from"]:
            if event.get("kind") == "pool" and "section" in event["to"]:
                key = ("pool", event["to"]["section"])
            elif event.get("kind") == "session-split" and "player" in event["to"]:
                key = ("split", event["from"]["section"], event["amount"])
        if key is not None and grouped and grouped[-1].get("run") == key:
            grouped[-1]["parts"].append(item)
        elif key is not None:
            grouped.append({"run": key, "parts": [item], "event": event, "rule": event.get("rule")})
        else:
            grouped.append(item)
    for item in grouped:
        if "run" not in item:
            continue
        parts = [part["event"] for part in item["parts"]]
        if len(parts) == 1:
            item.update(item["parts"][0])
            continue
        if item["run"][0] == "pool":
            total = whole(sum(Fraction(part["amount"]) for part in parts))
            item["message"] = tell("The board is pooled into the %(section)s pot: %(amount)s (%(parts)s).",
                                  section=section(item["event"]["to"]["section"]), amount=chips(total),
                                  parts=counts((section(part["from"]["section"]), part["amount"]) for part in parts))
        else:
            item["message"] = tell("%(players)s share %(section)s: %(share)s each.",
                                  players=players(part["to"]["player"] for part in parts),
                                  section=section(item["event"]["from"]["section"]), share=chips(item["event"]["amount"]))
        item["text"] = speaker.render(item["message"])
        item["amount"] = None
    return grouped


def shape_session_end(walk: dict, speaker: Speaker) -> dict | None:
    """The settlement after the session's last round: its events, the final balances, the winners."""
    end = walk.get("session_end")
    if end is None:
        return None
    winners = end.get("winners") or []
    if len(winners) > 1:
        verdict = tell("Winners of the session, tied: %(players)s.", players=players(winners))
    else:
        verdict = tell("Winner of the session: %(player)s.", player=player(winners[0]))
    return {
        "items": group_settlement(narrate_events(end, speaker), speaker),
        "balances": [{"name": name, "balance": speaker.number(amount), "winner": name in winners}
                     for name, amount in (end.get("balances") or {}).items()],
        "verdict": speaker.render(verdict),
        "rule": f"{walk['game']}.session-end",
    }


def shape_view(view: dict, voice: Speaker) -> dict:
    return {
        "dealer": view.get("dealer"),
        "players": [
            {"name": p["name"], "hand": p.get("hand") or [], "count": len(p.get("hand") or []),
             "balance": voice.number(p.get("balance", 0)), "dealer": p["name"] == view.get("dealer")}
            for p in view.get("players", [])
        ],
        "widow": view.get("widow") or [],
        "board": [{"label": section_label(s["id"], voice), "amount": voice.number(s["amount"]),
                   "id": s["id"]} for s in view.get("board", [])],
        "played": view.get("played") or [],
    }


def chip_badge(event, voice, amount=None):
    """`B +4` when a player receives chips, `A −6` when he pays onto the board; None otherwise."""
    if event.get("type") != "transfer":
        return None
    amount = voice.number(event["amount"] if amount is None else amount).lstrip("-−")
    if "player" in event["to"]:
        return f"{event['to']['player']} +{amount}"
    source = event["from"].get("player") or section_label(event["from"]["section"], voice)
    return f"{source} −{amount}"


def narrate_events(step: dict, speaker: Speaker) -> list[dict]:
    """The step's events with their messages (from the engine) rendered in the page language."""
    events, told = step.get("events", []), step.get("messages", [])
    if len(told) != len(events):
        raise BuildError(f"the walkthrough gives {len(told)} messages for {len(events)} events")
    items = [{"event": e, "message": m, "text": speaker.render(m), "rule": e.get("rule"), "amount": chip_badge(e, speaker)}
             for e, m in zip(events, told)]
    return group_antes(items, speaker)


def shape_walkthrough(walk: dict, voice: Speaker) -> dict:
    """Language-dependent context for templates/partials/example.html."""
    steps = [{"move": step["move"], "items": narrate_events(step, voice),
              "view": shape_view(step["view"], voice), "note": step.get("note")} for step in walk["steps"]]
    # A step shows the board only when its chips changed (the start shows them all): most
    # steps of a stops round move no chip, and the page stays light.
    board = shape_view(walk["start"]["view"], voice)["board"]
    for step in steps:
        step["board_changed"] = step["view"]["board"] != board
        board = step["view"]["board"]
    start = walk["start"]
    result = walk.get("result") or {}
    players = [{"name": name, "gross": voice.number(r.get("gross", 0)), "net": voice.number(r.get("net", 0)),
                "net_value": r.get("net", 0)}
               for name, r in (result.get("players") or {}).items()]
    return {"game": walk["game"], "start": shape_view(start["view"], voice),
            "start_items": narrate_events(start, voice), "steps": steps,
            "start_note": start.get("note"),
            "hidden_hand": voice.hidden_hand(walk["game"]),
            "winner": result.get("winner"), "went_out": result.get("went_out", True), "result_players": players,
            "session_end": shape_session_end(walk, voice)}


# ----- an example file's words in the page language ---------------------------------------
#
# A replay file under examples/ is written in English: its title, description and notes. A
# page in another language tells it with that language's words, from
# site/content/<lang>/examples.json: {"<game>/<name>": {"title": ..., "description": ...,
# "notes": {"<step>": ...}}}, keyed by the file's path under examples/ without `.json`. The
# title and every note the file has must be there (a missing one stops the build: no English
# on a Spanish or French page); the description, which no page shows, is left out of the
# page's data when it is not translated. An inline example is written in its page's language.

SOURCE_LANGUAGE = "en"  # the language of the replay files under examples/
WORDS_FILE = "examples.json"


def example_key(content: str) -> str | None:
    """`<game>/<name>` for a `file: examples/<game>/<name>.json` block, else None (inline)."""
    text = content.strip()
    if not text.startswith("file:"):
        return None
    relative = Path(text[len("file:"):].strip())
    return relative.relative_to("examples").with_suffix("").as_posix() if relative.parts[:1] == ("examples",) else None


def load_example_words(content_folder: Path, lang: str) -> dict:
    """The language's words for the example files ({} for the replays' own language)."""
    if lang == SOURCE_LANGUAGE:
        return {}
    path = content_folder / lang / WORDS_FILE
    if not path.is_file():
        raise BuildError(f"{path}: missing (the words of the example files in language {lang!r})")
    try:
        words = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise BuildError(f"{path}:{err.lineno}: invalid JSON: {err.msg}") from None
    if not isinstance(words, dict) or not all(isinstance(v, dict) for v in words.values()):
        raise BuildError(f'{path}: expected {{"<game>/<name>": {{"title": ..., "notes": {{...}}}}}}')
    return words


def check_example_words(document: dict, words: dict | None, key: str, where: str) -> None:
    """The words of one example file in one language: every title and note it has, nothing else."""
    if words is None and not document.get("title") and not document.get("notes"):
        return  # nothing in it to translate
    if words is None:
        raise BuildError(f"{where}: no words for examples/{key}.json (add \"{key}\" to its {WORDS_FILE})")
    problems = []
    if "title" in document and not str(words.get("title", "")).strip():
        problems.append("its title")
    notes = {k for k, v in (document.get("notes") or {}).items() if str(v).strip()}
    given = words.get("notes") or {}
    problems += [f"note {k}" for k in sorted(notes - set(given), key=int)]
    problems += [f"note {k} (the replay has no note there)" for k in sorted(set(given) - notes, key=int)]
    unknown = set(words) - {"title", "description", "notes"}
    problems += [f"unknown field {name!r}" for name in sorted(unknown)]
    if problems:
        raise BuildError(f"{where}: examples/{key}.json lacks or mismatches {', '.join(problems)}")


def localized(walk: dict, document: dict, words: dict | None, typeset) -> tuple[dict, dict]:
    """The walkthrough and the document of an example file told with `words`, its words in a
    page language other than the replay's (None: it has no title or note to translate)."""
    words = words or {}
    notes = {str(k): typeset(v) for k, v in (words.get("notes") or {}).items()}
    document = {key: value for key, value in document.items() if key not in ("title", "description", "notes")}
    for field_name in ("title", "description"):
        if field_name in words:
            document[field_name] = typeset(words[field_name])
    if notes:
        document["notes"] = notes

    def noted(step: dict, number: int) -> dict:
        step = {key: value for key, value in step.items() if key != "note"}
        if str(number) in notes:
            step["note"] = notes[str(number)].strip()
        return step

    walk = {**walk, "start": noted(walk["start"], 0),
            "steps": [noted(step, index + 1) for index, step in enumerate(walk["steps"])]}
    return walk, document
