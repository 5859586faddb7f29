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
    "ghost-auction": N_("ghost-hand auction"),
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

# Option names, with a one-line description each (the engine's English summary is not shown:
# every language gets its own sentence). An option two games name alike but play differently
# is keyed "<game>.<option>" (option_words looks that up first).
OPTIONS = {
    "rotations": (N_("Rotations"), N_("How many times each player deals in a session.")),
    "rounds": (N_("Rounds"), N_("Rounds in a session; it ends sooner when too few players can pay the ante.")),
    "bankroll": (N_("Bankroll"), N_("A running score, or finite chip stacks.")),
    "starting_chips": (N_("Starting chips"), N_("Chips each player starts with when playing with chips.")),
    "equal_antes": (N_("Equal antes"), N_("The dealer antes 1 like everyone else, instead of 2.")),
    "hearts_only_combos": (N_("Hearts-only combinations"), N_("King-Queen and 8-9-10 count only in hearts.")),
    "no_poker": (N_("No poker"), N_("Skip the poker phase; the Pot is not on the board.")),
    "pozo_once": (N_("Pozo once"), N_("The stops winner takes the Pozo only if nobody took it by holding 8-9-10.")),
    "ghost_auction": (N_("Ghost-hand auction"), N_("Before the stops, the players bid to swap their hand for the ghost hand; the bid goes to the Pozo.")),
    "boodle_cards": (N_("Boodle cards"), N_("The pay cards are A♥ K♣ Q♦ J♠ instead of the five hearts.")),
    "widow_first": (N_("Widow dealt first"), N_("The widow receives the first card of each circuit instead of the last.")),
    "bet_unit": (N_("Bet unit"), N_("The fixed size of a bet or a raise.")),
    "max_raises": (N_("Raise cap"), N_("The most raises allowed in the betting round.")),
    "widow_auction": (N_("Widow auction"), N_("Before play the dealer may swap their hand for the widow unseen; if the dealer keeps it, the others bid for the widow and the winner pays the dealer.")),
    "nain_jaune.deal": (N_("Deal"), N_("Hand sizes by the number of players with a talon left over, or the whole pack dealt.")),
    "card_value": (N_("Card values"), N_("What each card left in hand pays the first player out: its face value, or one chip.")),
    "first_lead": (N_("First card"), N_("The first card of the round: any card, or the leader's lowest.")),
    "gap": (N_("After a missing rank"), N_("A new run with any card, or on from the lowest rank above the missing one.")),
    "grand_opera": (N_("Grand opéra"), N_("Going out before anyone else has played a card also takes every case.")),
    "final_poker_per_pot": (N_("Final poker per pot"), N_("At the end, one showdown per pot, smallest first, instead of one for everything.")),
    "horses": (N_("Horses"), N_("Which four cards are the horses: A♥ K♣ Q♦ J♠, or the A♠ K♥ Q♣ J♦ of the 1885 American Hoyle.")),
    "staking": (N_("Staking"), N_("One chip from everyone on each horse, the dealer two, or each player placing their own chips where they like.")),
    "free_stake": (N_("Free stake"), N_("With free staking: how many chips each player places before the deal.")),
    "restart": (N_("Restart"), N_("After a stop, a player with no other suit passes the lead to the left, or leads the same suit again as in Michigan.")),
    "dummy_sale": (N_("Dummy sale"), N_("Before play, the player left of the dealer may swap their hand for the dummy unseen; if they keep it, the others may buy it from the dealer.")),
    "ace_low": (N_("Aces low"), N_("The ace is the lowest card of its suit and the king ends a sequence.")),
    "remove_8d": (N_("Without the 8♦"), N_("The 8♦ is taken out of the pack, so the 7♦ always stops a sequence.")),
    "poch.deal": (N_("Deal"), N_("The whole pack dealt, or five cards each with the rest a stock that stops sequences.")),
    "trumps": (N_("Trumps"), N_("The suit of a card turned up, or hearts always, with no card turned.")),
    "pack": (N_("Pack"), N_("32 cards (7 to ace) for three or four players and 52 for five or six, or always one of them.")),
    "sequence": (N_("Sequence"), N_("What wins Sequence: the 7, 8 and 9 of trumps, or the best run of three or more in any suit.")),
    "centre_ante": (N_("Centre ante"), N_("Everyone also antes 1 chip in the centre; off, only the eight bowls around it.")),
    "open_needs_set": (N_("Opening needs a set"), N_("Only a player holding a pair or better may poch first.")),
    "max_poch": (N_("Poch limit"), N_("The most chips one poch may add above the highest total.")),
    "first_leader": (N_("First leader"), N_("Who leads the stops first: the winner of the vying, or the player left of the dealer.")),
    "sweep": (N_("Sweep"), N_("The first player out also takes every bowl still on the board.")),
    "dressing": (N_("Dressing"), N_("Who dresses the board before each deal: the dealer alone with 15 chips, or every player with 2 on each compartment.")),
    "ace_high": (N_("Ace high"), N_("The ace ranks above the king, so the aces are the stops instead of the kings.")),
    "lead": (N_("Lead"), N_("A lead is the lowest card of a suit of one's choice, or any card at all.")),
    "pope_turnup": (N_("Pope turned up"), N_("The Pope turned up wins the dealer the Pope only, or the whole round without play.")),
    "combo": (N_("Matrimony and Intrigue"), N_("Won by playing both cards oneself, or by being dealt both.")),
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
}

# Words for the profile's first_leader / first_lead / restart / ending.
FIRST_LEADERS = {
    "dealer-left": N_("the player left of the dealer"),
    "poker-winner": N_("the winner of the poker"),
    "vying-winner": N_("the winner of the vying"),
}
FIRST_LEADS = {
    "chosen-suit": N_("lowest card of a suit the leader chooses"),
    "longest-suit": N_("lowest card of the leader's longest suit"),
    "lowest-card": N_("lowest card of the leader's whole hand"),
    "any-card": N_("any card of the leader's hand"),
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
    "ghost hand": N_("ghost hand"),
    "ghost-hand": N_("ghost hand"),
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
    """The label and the one-line description of option ``name`` of ``game`` (msgids)."""
    for key in (f"{game}.{name}", name):
        if key in OPTIONS:
            return OPTIONS[key]
    raise BuildError(f"site_build/labels.py: no label for option {name!r} of {game}; add it to OPTIONS")


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
