"""Write docs/narration/<lang>.md: every message of every game, rendered in es, en and fr
with real arguments from seeded random rounds, for a reader who writes that language natively.

    python tools/narration_docs.py            # write the files
    python tools/narration_docs.py --check    # exit 1 when a committed file is not current

For each game: its default options, then each option at each of its other values (numbers at
their defaults), two short sessions each (bots, small stacks; one Michigan round is dealt again, a misdeal), then more seeds
until no new message turns up. Each message id of a game is shown with up to three different
renderings (a masculine and a feminine card, one chip and several...), as a reader reads them:
cards by their names (a list of cards, drawn as glyphs on the page, as a list of names). The hint reasons (stops.hints) of the positions met are shown too. The
file is the same for the same engine and catalogs (tests/site/test_site_narration_docs.py
checks that the committed one is current).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO)]

from stops.bots import make_bot  # noqa: E402
from stops.deal import deal_for  # noqa: E402
from stops.hints import reason  # noqa: E402
from stops.moves import Redeal  # noqa: E402
from stops.profiles import PROFILES  # noqa: E402
from stops.replay import told  # noqa: E402
from stops.session import Session  # noqa: E402

OUT = REPO / "docs" / "narration"
NAMES = ("A", "B", "C", "D")
EXAMPLES = 3  # renderings shown per message id and game
TITLES = {"en": "Narration in English", "es": "La narración en español", "fr": "La narration en français"}
INTROS = {
    "en": "Every sentence the engine and its hints say, game by game, from seeded random rounds.",
    "es": "Todas las frases que dicen el motor y sus consejos, juego por juego, sacadas de rondas al azar con semilla fija.",
    "fr": "Toutes les phrases que disent le moteur et ses conseils, jeu par jeu, tirées de donnes au hasard à graine fixe.",
}
HEADINGS = {"en": ("Narration", "Hints"), "es": ("Narración", "Consejos"), "fr": ("Narration", "Conseils")}


def option_rows(profile):
    """The default options, then each switch or choice at each of its other values."""
    yield {}
    for option in profile.options:
        values = option.choices or ((False, True) if isinstance(option.default, bool) else ())
        for value in values:
            if value != option.default:
                yield {option.name: value}


def session_messages(game: str, options: dict, seed: int, misdeal: bool):
    """(kind, message) of one short session: kind "event" for the narration, "hint" for a
    reason of a legal move at a decision."""
    least = next((o.minimum or 0 for o in PROFILES[game].options if o.name == "starting_chips"), 0)
    # Small stacks, but enough for a dealer who dresses the board alone (Pope Joan's 15): with
    # less, every dealer left before the deal and no round was played.
    dressing = sum((PROFILES[game].configure(options).dealer_ante or {}).values())
    extra = {"starting_chips": max(9, least, dressing)} if any(o.name == "starting_chips" for o in PROFILES[game].options) else {}
    profile = PROFILES[game].configure({**options, **extra})
    players = NAMES[: 3 + seed % 2]
    session = Session(profile, players, seed=seed, rounds=3)
    rng = random.Random(seed)
    bots = {seat: make_bot("random" if (seed + seat) % 2 else "basic", seed * 100 + seat) for seat in range(len(players))}
    seen = 0
    while not session.over():
        rnd = session.next_round()
        parts = [told(session.events[seen:], session.names, profile), told(rnd.start_events, rnd.names, profile)]
        seen = len(session.events)
        moves = 0
        while not rnd.over:
            seat = rnd.to_move()
            legal = rnd.legal_moves()
            if len(legal) > 1:
                for move in legal[:6]:
                    yield "hint", reason(rnd, seat, move, len(legal))
            if misdeal and moves == 2:
                deal = deal_for(profile, rng, rnd.n, rnd.dealer)
                move = Redeal(None, tuple(tuple(h) for h in deal.hands), tuple(deal.widow))
                misdeal = False
            else:
                move = bots[seat].choose(rnd, seat)
            parts.append(told(rnd.apply(move), rnd.names, profile))
            moves += 1
        session.record(rnd)
        for part in parts:
            yield from (("event", m) for m in part["messages"])
    yield from (("event", m) for m in told(session.finish(), session.names, profile)["messages"])
    yield from (("event", m) for m in told(session.events[seen:], session.names, profile)["messages"])


def collect(seeds: int = 2, more: int = 80, patience: int = 25):
    """{game: {"event"/"hint": {msgid: [message, ...]}}}, the first messages of each id met:
    ``seeds`` sessions of each row of options, then more (the rows in turn, further seeds)
    until ``patience`` sessions in a row bring no new message, or ``more`` were played."""
    found = {}
    for game, profile in PROFILES.items():
        table = found[game] = {"event": {}, "hint": {}}
        rows = list(option_rows(profile))

        def play(options, seed, misdeal=False) -> bool:
            new = False
            for kind, message in session_messages(game, options, seed, misdeal):
                if kind == "hint" and any("move" in arg for arg in message["args"].values()):
                    continue  # "%(move)s: rated by the playouts" names a move the page draws
                said = {"id": message["id"], "args": message["args"]} | (
                    {"plural": message["plural"], "count": message["count"]} if "plural" in message else {})
                new |= message["id"] not in table[kind]
                kept = table[kind].setdefault(message["id"], [])
                if len(kept) < 20 and said not in kept:
                    kept.append(said)
            return new

        for number, options in enumerate(rows):
            for seed in range(seeds):
                play(options, seed, misdeal=game == "michigan" and number == 0 and seed == 0)
        idle = 0
        for extra in range(more):
            idle = 0 if play(rows[extra % len(rows)], seeds + extra) else idle + 1
            if idle == patience:
                break
    return found


def review_speaker(lang: str):
    """The build's renderer (a list of cards, drawn as glyphs on the page, is read as the
    list of their names in the language, as a screen reader says it)."""
    from site_build.i18n import load_translations
    from site_build.messages import Speaker
    from site_build.site import StrictCatalog

    return Speaker(StrictCatalog(lang, load_translations(REPO / "site" / "locale", lang)))


def render(found, lang: str) -> str:
    speaker = review_speaker(lang)
    lines = [f"# {TITLES[lang]}", "", INTROS[lang], "",
             "<!-- Generated by tools/narration_docs.py from the engine and site/locale; do not edit. -->", ""]
    for game, tables in found.items():
        lines += [f"## {speaker.gettext(PROFILES[game].title)}", ""]
        for kind, heading in zip(("event", "hint"), HEADINGS[lang], strict=True):
            if not tables[kind]:
                continue
            lines += [f"### {heading}", ""]
            for msgid, said in tables[kind].items():
                texts = []
                for message in said:
                    text = speaker.text(message)
                    if text not in texts:
                        texts.append(text)
                    if len(texts) == EXAMPLES:
                        break
                lines += [f"- {texts[0]}"] + [f"  - {text}" for text in texts[1:]]
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def render_all(found) -> dict[str, str]:
    return {lang: render(found, lang) for lang in ("en", "es", "fr")}


def documents() -> dict[str, str]:
    return render_all(collect())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a committed file is not current")
    args = parser.parse_args(argv)
    stale = []
    for lang, text in documents().items():
        path = OUT / f"{lang}.md"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(REPO)))
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("not current (run python tools/narration_docs.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
