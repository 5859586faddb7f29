"""The play pages, `/<lang>/<game>/play/`: a table against the bots, one per game and language.

The page is a set-up form drawn from the engine's profile (every rule option with its
default and a link to the rule paragraph it changes) and the table that static/pages/play.mjs
plays through the engine worker. The form is complete HTML; the data the script needs (the
options' kinds and limits, the labels of their values) is embedded as JSON beside it.
"""

import itertools
import json

from .errors import BuildError
from .i18n import N_
from .labels import OPTION_VALUES, PHASES, lookup, option_words

# Options that set the session's length; a game without one gets a length field of its own.
LENGTH_OPTIONS = ("rotations", "rounds")
BOT_LEVELS = {
    "random": N_("random"),
    "basic": N_("basic"),
    "expert": N_("expert"),
}
# The bots' seat names, one per seat the game can hold at most, and the reader's own until
# they name themselves: a name, since the narration speaks of every player in the third person.
SEAT_NAMES = ("Ada", "Bruno", "Chloé", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Inés")
READER_NAME = "Sam"


def play_setup(game: str, voice, rule_titles: dict) -> dict:
    """The set-up form of ``game``: players, seats, bots, options (with rule links) and length."""
    from stops.profiles import PROFILES

    profile = PROFILES[game]
    options = []
    for option in profile.options:
        rule = profile.rule(option.rule)  # the rule paragraph the option changes (its profile checks it exists)
        name, summary = (voice.gettext(text) for text in option_words(game, option.name))
        if isinstance(option.default, bool):
            kind, choices = "bool", []
        elif option.choices:
            kind = "choice"
            choices = [{"value": value, "label": lookup(OPTION_VALUES, value, "option value", voice.gettext)}
                       for value in option.choices]
        else:
            kind, choices = "int", []
        options.append({
            "name": option.name, "label": name, "summary": summary, "kind": kind, "choices": choices,
            "default": option.default, "minimum": option.minimum,
            "default_label": (lookup(OPTION_VALUES, option.default, "option value", voice.gettext)
                              if kind != "int" else voice.number(option.default)),
            "rule": {"id": rule, "title": rule_titles.get(rule, rule)},
        })
    length = not any(option.name in LENGTH_OPTIONS for option in profile.options)
    description = profile.describe()
    players = player_ranges(profile)
    return {
        "game": game,
        "players": players | {"default": min(max(4, profile.min_players), profile.max_players)},
        "names": list(SEAT_NAMES[:players["max"]]),
        "reader": READER_NAME,
        "levels": [{"value": level, "label": voice.gettext(label)} for level, label in BOT_LEVELS.items()],
        "options": options,
        "length": length,
        "board": description["sections"],
        "phases": {phase: voice.gettext(label) for phase, label in PHASES.items()},
    }


# The most combinations of option values player_ranges plays through (Poch has some 4,600).
MAX_COMBINATIONS = 20_000


def player_ranges(profile) -> dict:
    """How many may play, by the options: ``min`` and ``max`` over every combination of the
    options' values (the form's choice of counts), and ``by`` the few options that change it
    (``options``, in order) with the range of each combination of their values (``ranges``,
    keyed by the JSON list of the values), so that the form offers only the counts the chosen
    rules allow (model/table.mjs ``playerRange``). Whole-number options (stakes, lengths)
    change no count and are left at their defaults; a combination the profile refuses is none
    a reader can choose."""
    named = [(o.name, (False, True) if isinstance(o.default, bool) else o.choices)
             for o in profile.options if isinstance(o.default, bool) or o.choices]
    if any(len(values) == 0 for _, values in named):
        raise BuildError(f"{profile.name}: an option without values")
    names = [name for name, _ in named]
    combos = list(itertools.product(*(values for _, values in named)))
    if len(combos) > MAX_COMBINATIONS:
        raise BuildError(f"{profile.name}: {len(combos)} combinations of options are too many to find the player counts of")
    ranges = {}
    for combo in combos:
        configured = profile.configure(dict(zip(names, combo)))
        ranges[combo] = (configured.min_players, configured.max_players)
    # The options that change the range: drop each one whose value never matters, given the others.
    kept = list(range(len(names)))
    for index in reversed(range(len(names))):
        rest = [i for i in kept if i != index]
        seen = {}
        if all(seen.setdefault(tuple(combo[i] for i in rest), span) == span for combo, span in ranges.items()):
            kept = rest
    by = {json.dumps([combo[i] for i in kept], separators=(",", ":")): list(span) for combo, span in ranges.items()}
    return {"min": min(low for low, _ in ranges.values()), "max": max(high for _, high in ranges.values()),
            "by": {"options": [names[i] for i in kept], "ranges": dict(sorted(by.items()))}}
