"""The play pages, `/<lang>/<game>/play/`: a table against the bots, one per game and language.

The page is a set-up form drawn from the engine's profile (every rule option with its
default and a link to the rule paragraph it changes) and the table that static/pages/play.mjs
plays through the engine worker. The form is complete HTML; the data the script needs (the
options' kinds and limits, the labels of their values) is embedded as JSON beside it.
"""

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
    return {
        "game": game,
        "players": {"min": profile.min_players, "max": profile.max_players,
                    "default": min(max(4, profile.min_players), profile.max_players)},
        "names": list(SEAT_NAMES[:profile.max_players]),
        "reader": READER_NAME,
        "levels": [{"value": level, "label": voice.gettext(label)} for level, label in BOT_LEVELS.items()],
        "options": options,
        "length": length,
        "board": description["sections"],
        "phases": {phase: voice.gettext(label) for phase, label in PHASES.items()},
    }
