"""The game profiles, by name."""

from __future__ import annotations

from .base import Option, Profile, Section
from .michigan import MICHIGAN
from .rummoli import RUMMOLI
from .tripoli import TRIPOLI

PROFILES: dict[str, Profile] = {MICHIGAN.name: MICHIGAN, TRIPOLI.name: TRIPOLI, RUMMOLI.name: RUMMOLI}


def get_profile(name: str, options: dict | None = None) -> Profile:
    """The profile ``name`` configured with ``options``."""
    from ..errors import SetupError

    if name not in PROFILES:
        raise SetupError(f"unknown game {name!r} (games: {', '.join(PROFILES)})")
    return PROFILES[name].configure(options)


__all__ = ["PROFILES", "Option", "Profile", "Section", "get_profile"]
