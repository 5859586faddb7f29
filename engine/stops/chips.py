"""Chips: amounts and the places they can be.

An amount is an ``int``, or an exact ``Fraction`` where a rule needs one (the final
Michigan split); :func:`format_amount` is its one JSON form. An :class:`Account` is a
player's stack or a board section. Moving chips between accounts is the ledger's job
(:mod:`stops.ledger`); this module only names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Union

Amount = Union[int, Fraction]


@dataclass(frozen=True, slots=True)
class Account:
    """A place chips can be: a player's stack (``kind='player'``, key = seat) or a board section."""

    kind: str
    key: int | str

    def to_json(self, names) -> dict:
        if self.kind == "player":
            return {"player": names[self.key]}
        return {"section": self.key}


def player(seat: int) -> Account:
    return Account("player", seat)


def section(section_id: str) -> Account:
    return Account("section", section_id)


def format_amount(amount: Amount) -> int | str:
    """JSON form of an amount: an int, or ``"p/q"`` for a fraction that is not whole."""
    if isinstance(amount, Fraction):
        return int(amount) if amount.denominator == 1 else f"{amount.numerator}/{amount.denominator}"
    return amount
