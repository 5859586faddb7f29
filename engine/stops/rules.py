"""Every rule id the engine can emit, with a one-line English summary.

A rule id is ``<game>.<rule>``. Each event and each illegal-move error names one; the
site maps every id to one rule paragraph (same anchor in every language), so a reader
can always follow an event back to the rule that caused it.
"""

from __future__ import annotations

_COMMON_STOPS = {
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
    "bankroll": "Running score (ledger) or finite chip stacks; a player pays at most what he holds.",
}

_GAME_RULES = {
    "michigan": {
        "widow": "The widow is dealt the last card of each circuit; its cards never pay and are never played.",
        "first-lead": "The player left of the dealer leads first.",
        "lead-lowest": "A lead is the lowest card the leader holds in the suit he chooses.",
        "restart": "After a stop, the player who stopped leads the lowest card of another suit; only if he holds nothing else does he lead the same suit again.",
        "box": "Playing A♥, K♣, Q♦ or J♠ in a sequence wins that whole box; holding one wins nothing.",
        "kitty": "The first player out takes the Kitty.",
        "dealer-swap": "Option widow_auction: the dealer may swap his hand for the widow, unseen, before play.",
        "widow-auction": "Option widow_auction: if the dealer keeps his hand, the others bid for the widow; the winner pays the dealer and swaps.",
    },
    "tripoli": {
        "split": "Tied winners share a section in equal whole shares; odd chips stay in it.",
        "ghost-hand": "The ghost hand sits at the dealer's left, receives the first card of each circuit and is never played.",
        "hearts": "Phase 1: whoever holds a pay card takes that section.",
        "king-queen": "Phase 1: whoever holds the King and Queen of one suit takes the King-Queen section.",
        "eight-nine-ten": "Phase 1: whoever holds 8, 9 and 10 of one suit takes the Pozo.",
        "ghost-sections": "A section whose cards lie in the ghost hand stays on the board.",
        "poker": "Phase 2: the best five-card poker hand takes the Pot.",
        "ghost-auction": "Before the stops phase, players bid to swap their hand with the ghost hand; the bid goes to the Pozo.",
        "first-lead": "Phase 3: the player left of the dealer leads the lowest card of his longest suit.",
        "restart": "After a stop, the player who stopped leads the lowest card of any suit he chooses.",
        "pozo": "The first player out takes the Pozo.",
        "elimination": "A player without chips is out of the session.",
    },
    "rummoli": {
        "split": "Tied winners share a section in equal whole shares; odd chips stay in it.",
        "widow": "The widow is dealt the last card of each circuit; the hand given up in a swap is dead.",
        "pay-cards": "10♠ J♦ Q♣ K♥ A♠ A♦ K♦ are pay cards for the widow exchange.",
        "dealer-swap": "The dealer may swap his hand for the widow, unseen, unless he holds a pay card.",
        "widow-auction": "Otherwise the players without pay cards bid for the widow; the winner pays the dealer and swaps.",
        "betting": "One fixed-limit betting round: check, bet, call, raise or fold.",
        "showdown": "The best five-card hand among those still in takes the Poker pot and the bets; ties split.",
        "fold-out": "If everyone else folds, the last player takes the Poker pot unseen.",
        "first-lead": "The poker winner starts the stops phase with the lowest card of his whole hand.",
        "colour-switch": "After a stop or an ace, the last player plays the lowest card of a suit of the opposite colour.",
        "duty-passes": "A player with no card of the required colour passes the duty clockwise.",
        "deadlock": "If nobody holds the required colour, each player pays 1 chip per card into the Rummoli pot.",
        "pot-card": "Playing 10♠, J♦, Q♣, K♥ or A♠ wins that pot.",
        "ace-king": "Playing K♦ and then A♦ oneself, one after the other, wins the Ace-King pot.",
        "seven-eight-nine": "Playing 7, 8 and 9 of one suit oneself, one after the other, wins the 7-8-9 pot.",
        "rummoli-pot": "The first player out wins the Rummoli pot.",
        "final-showdown": "At the end of the session the board is pooled and decided by a final showdown.",
    },
}

RULES: dict[str, str] = {}
for _game, _own in _GAME_RULES.items():
    for _name, _summary in {**_COMMON_STOPS, **_own}.items():
        RULES[f"{_game}.{_name}"] = _summary


def rule_ids(game: str) -> list[str]:
    """All rule ids of one game, in a stable order."""
    prefix = game + "."
    return [rule for rule in RULES if rule.startswith(prefix)]


def check_rule(rule_id: str) -> str:
    """Return ``rule_id`` after checking that it is known (catches typos in rules code)."""
    if rule_id not in RULES:
        raise KeyError(f"unknown rule id {rule_id!r}")
    return rule_id
