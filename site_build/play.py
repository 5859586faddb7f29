"""The play pages, `/<lang>/<game>/play/`: a table against the bots, one per game and language.

The page is a set-up form drawn from the engine's profile (every rule option with its
default and a link to the rule paragraph it changes) and the table that static/pages/play.mjs
plays through the engine worker. The form is complete HTML; the data the script needs (the
options' kinds and limits, the labels of their values) is embedded as JSON beside it.
"""

import functools
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
    players = player_ranges_of(game)
    return {
        "game": game,
        "players": players | {"default": min(max(4, profile.min_players), profile.max_players)},
        "boards": boards_of(game),
        "names": list(SEAT_NAMES[:players["max"]]),
        "reader": READER_NAME,
        "levels": [{"value": level, "label": voice.gettext(label)} for level, label in BOT_LEVELS.items()],
        "options": options,
        "length": length,
        "phases": {phase: voice.gettext(label) for phase, label in PHASES.items()},
    }


# The most combinations of option values `by_options` plays through (Poch has some 4,600).
MAX_COMBINATIONS = 20_000


def option_combinations(profile) -> tuple[list, dict]:
    """The profile's choice and on/off options (name, default, values) and the profile
    configured under each combination of their values, keyed by the combination. A registered
    game's are configured once per build (some 15,000 profiles in all, 6 MB), however many
    tables (:func:`player_ranges_of`, :func:`boards_of`) are drawn from them."""
    from stops.profiles import PROFILES

    if PROFILES.get(profile.name) is profile:
        return _registered_combinations(profile.name)
    return _configure_every_combination(profile)


@functools.cache
def _registered_combinations(game: str) -> tuple[list, dict]:
    from stops.profiles import PROFILES

    return _configure_every_combination(PROFILES[game])


def _configure_every_combination(profile) -> tuple[list, dict]:
    named = [(o.name, o.default, (False, True) if isinstance(o.default, bool) else o.choices)
             for o in profile.options if isinstance(o.default, bool) or o.choices]
    names = [name for name, _, _ in named]
    combos = list(itertools.product(*(values for _, _, values in named)))
    if len(combos) > MAX_COMBINATIONS:
        raise BuildError(f"{profile.name}: {len(combos)} combinations of options are too many to tabulate")
    return named, {combo: profile.configure(dict(zip(names, combo))) for combo in combos}


def by_options(profile, fact) -> dict:
    """``fact(configured profile)`` under every choice of the rule options, as a table a page
    looks up with the options a table is played with (model/table.mjs ``byOptions``): the few
    options it depends on (``options``, with their ``defaults``) and the fact for each
    combination of their values (``values``, keyed by the JSON list of the values). Every
    combination of the choices and booleans is played through; whole-number options (stakes,
    lengths) stay at their defaults."""
    named, configured = option_combinations(profile)
    names = [name for name, _, _ in named]
    facts = {combo: fact(configured_profile) for combo, configured_profile in configured.items()}
    # The options the fact depends on: drop each one whose value never matters, given the others.
    kept = list(range(len(names)))
    for index in reversed(range(len(names))):
        rest = [i for i in kept if i != index]
        seen = {}
        if all(seen.setdefault(tuple(combo[i] for i in rest), value) == value for combo, value in facts.items()):
            kept = rest
    values = {json.dumps([combo[i] for i in kept], separators=(",", ":")): value for combo, value in facts.items()}
    return {"options": [names[i] for i in kept], "defaults": [named[i][1] for i in kept], "values": dict(sorted(values.items()))}


def player_ranges(profile) -> dict:
    """How many may play, by the options: ``min`` and ``max`` over every choice of them (the
    form's counts), and ``by`` the range under each choice of the few options that change it
    (:func:`by_options`: Nain Jaune's two_players, Poch's pack and deal), so that the form offers
    only the counts the chosen rules allow (model/table.mjs ``playerRange``)."""
    by = by_options(profile, lambda configured: [configured.min_players, configured.max_players])
    spans = by["values"].values()
    return {"min": min(low for low, _ in spans), "max": max(high for _, high in spans), "by": by}


@functools.cache
def player_ranges_of(game: str) -> dict:
    """:func:`player_ranges` of the registered game ``game`` (once per build: the caller must not change it)."""
    from stops.profiles import PROFILES

    return player_ranges(PROFILES[game])


def drawn_board(profile) -> list[dict]:
    """The board as a table draws it (view/board.mjs): each section's id, how it is won, and
    whether it sits in the middle."""
    return [{"id": s["id"], "won_by": s["won_by"], **({"centre": True} if s.get("centre") else {})}
            for s in profile.describe()["sections"]]


def boards(profile) -> dict:
    """The board a table draws under each choice of the options that change its sections
    (:func:`by_options`: Newmarket's Kitty and horses, Tripoli's boodle cards...)."""
    return by_options(profile, drawn_board)


@functools.cache
def boards_of(game: str) -> dict:
    """:func:`boards` of the registered game ``game`` (once per build: the caller must not change it)."""
    from stops.profiles import PROFILES

    return boards(PROFILES[game])
