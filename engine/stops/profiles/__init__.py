"""The game profiles, and the registries built from them.

:data:`PROFILES` is the one list of games. Everything the engine reads by name is derived
from it here, once, when this module is imported, and nothing anywhere registers itself:
the event types (:data:`EVENT_CLASSES`), the move types (:data:`MOVE_TYPES`), the phases
(:data:`PHASES`) and the rule ids (:data:`RULES`). A new game adds its module to the list.
"""

from __future__ import annotations

from ..errors import SetupError
from .base import Option, Profile, Section
from .michigan import MICHIGAN
from .nain_jaune import NAIN_JAUNE
from .newmarket import NEWMARKET
from .poch import POCH
from .pope_joan import POPE_JOAN
from .rummoli import RUMMOLI
from .tripoli import TRIPOLI

PROFILES: dict[str, Profile] = {profile.name: profile for profile in (MICHIGAN, TRIPOLI, RUMMOLI, NEWMARKET, NAIN_JAUNE, POCH, POPE_JOAN)}


def _merged(tables) -> dict:
    """One dict from several, refusing two different values under one key."""
    merged: dict = {}
    for table in tables:
        for key, value in table.items():
            if merged.setdefault(key, value) is not value:
                raise TypeError(f"two different definitions of {key!r}")
    return merged


EVENT_CLASSES: dict[str, type] = _merged(profile.event_classes() for profile in PROFILES.values())
EVENT_TYPES: tuple[str, ...] = tuple(EVENT_CLASSES)
MOVE_TYPES: dict[str, type] = _merged(profile.move_types() for profile in PROFILES.values())
PHASES: dict[str, object] = _merged(profile.phase_table for profile in PROFILES.values())
def _nouns() -> dict:
    """Every noun of every game's words, by id; two games that name one noun alike share it."""
    found: dict = {}
    for profile in PROFILES.values():
        for noun in profile.words.nouns:
            if found.setdefault(noun.id, noun) != noun:
                raise TypeError(f"two games define the noun {noun.id!r} differently")
    return found


def _section_nouns() -> dict:
    """The noun of each named section (not a card's), by section id, across the games: a
    section id names one thing, whatever the game (the site labels a section by its id)."""
    found: dict = {}
    for profile in PROFILES.values():
        for sid, noun in profile.words.sections.items():
            if found.setdefault(sid, noun) != noun:
                raise TypeError(f"the section {sid!r} is {found[sid]!r} in one game and {noun!r} in another")
    return found


NOUNS = _nouns()
SECTION_NOUNS = _section_nouns()
RULES: dict[str, str] = {f"{profile.name}.{name}": summary for profile in PROFILES.values() for name, summary in profile.rules.items()}


def rule_ids(game: str) -> list[str]:
    """All rule ids of one game, in a stable order."""
    return PROFILES[game].every_rule_id()


def get_profile(name: str, options: dict | None = None) -> Profile:
    """The profile ``name`` configured with ``options``."""
    if name not in PROFILES:
        raise SetupError(f"unknown game {name!r} (games: {', '.join(PROFILES)})")
    return PROFILES[name].configure(options)


__all__ = ["EVENT_CLASSES", "EVENT_TYPES", "MOVE_TYPES", "NOUNS", "PHASES", "SECTION_NOUNS", "PROFILES", "RULES", "Option", "Profile", "Section", "get_profile", "rule_ids"]
