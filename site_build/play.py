"""The play pages, `/<lang>/<game>/play/`: a table against the bots, one per game and language.

The page is a set-up form drawn from the engine's profile (every rule option with its
default and a link to the rule paragraph it changes) and the table that static/pages/play.mjs
plays through the engine worker. The form is complete HTML; the data the script needs (the
options' kinds and limits, the labels of their values) is embedded as JSON beside it.
"""

from .errors import BuildError
from .i18n import N_
from .labels import OPTION_VALUES, PHASES, lookup, option_words

# The rule paragraph each option changes (a rule id of the option's game, without the game;
# several: the first the game has).
OPTION_RULES = {
    "bankroll": "bankroll",
    "starting_chips": "bankroll",
    "rotations": "session-end",
    "rounds": "session-end",
    "widow_auction": "widow-auction",
    "equal_antes": "ante",
    "no_poker": "poker",
    "ghost_auction": "ghost-auction",
    "boodle_cards": "board",
    "hearts_only_combos": "king-queen",
    "pozo_once": "pozo",
    "widow_first": "deal",
    "bet_unit": "betting",
    "max_raises": ("betting", "poch"),  # Rummoli's betting round, Poch's vying
    "final_poker_per_pot": "final-showdown",
    "horses": "board",
    "staking": "stake",
    "free_stake": "stake",
    "restart": "duty-passes",
    "dummy_sale": "dealer-swap",
    "ace_low": "pack",
    "remove_8d": "pack",
    "card_value": "card-count",
    "first_lead": "first-lead",
    "grand_opera": "grand-opera",
    "gap": "gap",
    "pack": "pack",
    "deal": ("deal", "stock"),
    "trumps": "trumps",
    "sequence": "sequence",
    "centre_ante": "ante",
    "open_needs_set": "poch",
    "max_poch": "poch",
    "first_leader": "first-lead",
    "sweep": "sweep",
    "dressing": "ante",
    "ace_high": "stop",
    "lead": "lead-any",
    "pope_turnup": "dealer-turn-up",
    "combo": "matrimony",
}
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
    from stops.profiles import RULES

    profile = PROFILES[game]
    options = []
    for option in profile.options:
        if option.name not in OPTION_RULES:
            raise BuildError(f"site_build/play.py: option {option.name!r} has no rule paragraph in OPTION_RULES")
        names = OPTION_RULES[option.name]
        names = (names,) if isinstance(names, str) else names
        rule = next((f"{game}.{name}" for name in names if f"{game}.{name}" in RULES), f"{game}.{names[0]}")
        if rule not in RULES:
            raise BuildError(f"site_build/play.py: option {option.name!r} links to unknown rule {rule!r}")
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
