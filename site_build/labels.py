"""Localized labels for the engine's stable identifiers.

The engine describes games with ids (section ids, option names, option values, phases...).
Their words live here, marked with `N_` so that `pybabel extract` puts them in the
catalogs; the build translates them per language. An id the engine emits but this file
does not know fails the build, naming the id, so new options cannot slip through.
"""

from stops.messages import COLOUR_LABELS, POKER_HAND_LABELS
from stops.profiles import SECTION_NOUNS

from .errors import BuildError
from .i18n import N_

# Colours and poker hands: the engine's messages name them, so their msgids live there. A
# board section is named by its game's words (stops.words; labels: section_label below).
COLOURS = COLOUR_LABELS
POKER_HANDS = POKER_HAND_LABELS

# How a section is won (profile "won_by").
WON_BY = {
    "play": N_("playing the card"),
    "hold": N_("holding the card"),
    "combo-hold": N_("holding the combination"),
    "combo-play": N_("playing the run oneself"),
    "poker": N_("best poker hand"),
    "going-out": N_("going out first"),
    "run-hold": N_("holding the best run"),
    "vying": N_("best set in the vying"),
}

PHASES = {
    "widow-exchange": N_("widow exchange"),
    "ghost-auction": N_("spare-hand auction"),
    "holding": N_("pay cards held"),
    "poker-showdown": N_("poker showdown"),
    "betting": N_("poker betting"),
    "staking": N_("free staking"),
    "vying": N_("vying"),
    "stops": N_("stops"),
    "turn-up": N_("turn-up for trumps"),
}

WIDOW_POSITIONS = {
    "last": N_("last card of each circuit"),
    "first": N_("first card of each circuit"),
}

WIDOW_EXCHANGES = {
    "none": N_("never exchanged"),
    "dealer-swap-or-auction": N_("the dealer may swap; otherwise auctioned"),
}

OPTION_VALUES = {
    "ledger": N_("running score"),
    "chips": N_("chip stacks"),
    "talon": N_("with a talon"),
    "pips": N_("face value"),
    "count": N_("one chip a card"),
    "any": N_("any card"),
    "lowest": N_("lowest card"),
    "new-sequence": N_("new run"),
    "skip-rank": N_("skip the rank"),
    "auto": N_("by the number of players"),
    "all": N_("the whole pack"),
    "five": N_("five cards each"),
    "turn-up": N_("a card turned up"),
    "hearts": N_("hearts"),
    "32": N_("32 cards"),
    "52": N_("52 cards"),
    "trump-789": N_("7-8-9 of trumps"),
    "best-run": N_("best run"),
    "vying-winner": N_("the winner of the vying"),
    "dealer-left": N_("the player left of the dealer"),
    "dealer": N_("the dealer"),
    "everyone": N_("every player"),
    "pope": N_("the Pope only"),
    "wins-round": N_("the whole round"),
    "played": N_("played"),
    "held": N_("held"),
    True: N_("on"),
    False: N_("off"),
    "boodle": N_("A♥ K♣ Q♦ J♠"),
    "hoyle1885": N_("A♠ K♥ Q♣ J♦ (Hoyle, 1885)"),
    "each-horse": N_("1 from everyone on each horse"),
    "dealer-double": N_("the dealer 2 on each horse"),
    "free": N_("each player where they like"),
    "pass-left": N_("the lead passes to the left"),
    "michigan": N_("the same suit again (as in Michigan)"),
    "any-suit": N_("any suit, the stopped one too"),
    "other-colour": N_("a suit of the other colour"),
    "lowest-diamond": N_("whoever holds the lowest diamond"),
    "lowest-club": N_("whoever holds the lowest club"),
    "dealers-last": N_("the dealer's own last card"),
    "last-dealt": N_("the last card dealt"),
    "face-up": N_("the last card, face up on the table"),
    "pope-and-game": N_("the Pope and Game"),
    "uneven": N_("round the table to the last card"),
    "equal": N_("equal hands"),
    "limited": N_("limited stops"),
}

# Words for the profile's first_leader / first_lead / restart / ending.
FIRST_LEADERS = {
    "dealer-left": N_("the player left of the dealer"),
    "poker-winner": N_("the winner of the poker"),
    "vying-winner": N_("the winner of the vying"),
    "holder": N_("whoever holds the card the first lead names"),
}
FIRST_LEADS = {
    "chosen-suit": N_("lowest card of a suit the leader chooses"),
    "longest-suit": N_("lowest card of the leader's longest suit"),
    "lowest-card": N_("lowest card of the leader's whole hand"),
    "any-card": N_("any card of the leader's hand"),
    "lowest-diamond": N_("the lowest diamond any player holds (the 2♦, else the 3♦...)"),
    "lowest-club": N_("the lowest club any player holds (the 2♣, else the 3♣...)"),
}
RESTARTS = {
    "other-suit": N_("lowest card of another suit (the same suit only if nothing else is left)"),
    "any-suit": N_("lowest card of any suit"),
    "opposite-colour": N_("lowest card of a suit of the opposite colour; the duty passes clockwise"),
    "skip-rank": N_("after a missing rank, the lowest rank above it that the last player holds; after a king, any card"),
    "any-card": N_("any card of the stopper's hand"),
}
# Each game's words for the betting actions (Profile.betting.terms): the vying of Poch says
# pass, poch, hold where poker says check, bet, call. Poker's words are the browser's own.
ACTION_WORDS = {
    "vying": {"check": N_("pass"), "bet": N_("poch"), "call": N_("hold"), "raise": N_("raise the poch"), "fold": N_("pass")},
}
HIDDEN_HANDS = {
    "none": N_("no extra hand"),
    "stock": N_("stock"),
    "widow": N_("widow"),
    "dummy": N_("dummy"),
    "ghost hand": N_("spare hand"),
    "ghost-hand": N_("spare hand"),
    "talon": N_("talon"),
}
ENDINGS = {
    "rotations": N_("agreed number of rotations; the board is shared out in exact fractions"),
    "rounds": N_("agreed rounds, or until too few players can pay the ante"),
    # with the whole-chip settlement (settlement "split-whole")
    "rotations/split-whole": N_("agreed number of rotations; the board is shared out in whole chips, the odd ones stay"),
    "rounds/split-whole": N_("agreed rounds; the board is shared out in whole chips, the odd ones stay"),
}
# After a stop, where a duty to lead passes on (a duty the restart's own label does not tell).
DUTY_RESTARTS = {
    "other-suit": N_("lowest card of another suit; a player who has none passes the lead to the left (nobody has one: the same suit again)"),
}
# The card turned up for trumps (profile "turn_up").
TURN_UPS = {
    "none": N_("none"),
    "to-stock": N_("the last card of the pack, turned up"),
    "to-dealer": N_("the dealer's last card, turned up"),
}
# How a sequence runs (profile "sequence").
SEQUENCES = {
    "suit": N_("up one suit; whoever holds the next card plays it"),
    "rank": N_("up by rank in any suit, in turn round the table"),
}

def option_words(game: str, name: str) -> tuple[str, str]:
    """The label and the one-line help of option ``name`` of ``game`` (msgids: the option's own,
    on its profile)."""
    from stops.profiles import PROFILES

    (option,) = [o for o in PROFILES[game].options if o.name == name]
    return option.label, option.help


def lookup(table: dict, key, what: str, gettext) -> str:
    """Translate `table[key]`, or fail naming the unknown id and the table to extend."""
    if key not in table:
        raise BuildError(f"site_build/labels.py: no label for {what} {key!r}; add it to the table")
    return gettext(table[key])


def section_label(section: dict | str, voice, cards_by_id: dict | None = None) -> str:
    """A section's name: its noun's name in the language of ``voice`` (a Speaker), or the card it pays for."""
    section_id = section["id"] if isinstance(section, dict) else section
    if section_id in SECTION_NOUNS:
        return voice.noun_form(SECTION_NOUNS[section_id], "name")
    cards = section.get("cards") if isinstance(section, dict) else (cards_by_id or {}).get(section_id)
    if cards and len(cards) == 1:
        return cards[0]
    card = card_from_section_id(section_id)
    if card:
        return card
    raise BuildError(f"stops.profiles: no game's words name the board section {section_id!r}")


_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANKS = {"T": "10", "10": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {str(n): str(n) for n in range(2, 10)}


def card_from_section_id(section_id: str) -> str | None:
    """`AH` -> `A♥`, `10S` -> `10♠`; None when the id is not a card."""
    rank, suit = section_id[:-1], section_id[-1:]
    if suit in _SUITS and rank in _RANKS:
        return _RANKS[rank] + _SUITS[suit]
    return None
