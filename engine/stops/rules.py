"""The rules every stops game shares, by name, with a one-line English summary.

A rule id is ``<game>.<rule>``. Each event and each illegal-move error names one; the
site maps every id to one rule paragraph (same anchor in every language), so a reader
can always follow an event back to the rule that caused it. Each profile adds its own
rules to these (``Profile.rules``); :data:`stops.profiles.RULES` lists every id.
"""

from __future__ import annotations

COMMON_RULES = {
    "players": "The number of players the game allows.",
    "board": "The sections of the board and what wins each.",
    "ante": "What each player puts on the board before the deal.",
    "deal": "The whole deck is dealt one card at a time clockwise, with one extra hand.",
    "follow": "Whoever holds the next card of the suit must play it, whatever his seat.",
    "stop": "A sequence stops after an ace or when nobody holds the next card.",
    "going-out": "The round ends at once when a player plays his last card.",
    "card-count": "The first player out receives 1 chip for each card left in each rival's hand.",
    "carry-over": "A section that is not won stays on the board and the next ante adds to it.",
    "dealer-rotation": "The deal passes to the left after each round.",
    "session-end": "How a session ends and who wins it.",
    "misdeal": "After a misdeal the ledger is put back and the same dealer deals again, with no new ante.",
    "bankroll": "Running score (ledger) or finite chip stacks; a player pays at most what they hold.",
}
