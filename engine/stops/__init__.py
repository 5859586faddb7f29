"""stops: one rules engine for the stops family of card games (Michigan, Tripoli, Rummoli).

A round is a :class:`~stops.round.Round`: ``legal_moves()``, ``apply(move) -> events``; a
replay is the deal plus the moves (:mod:`stops.replay`); every game is a profile of rules
(:mod:`stops.profiles`).
"""

__version__ = "0.1.0"
