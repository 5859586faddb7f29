"""Two small games made for the tests of the turned-up trump (family.md part 3, rows 4, 5,
9 and 10), built as data from Michigan's profile: the kernel's rules are tested on them
apart from any one game of the family.

- ``STOCK``: the last card of the pack is turned up to the widow (``to-stock``); the board
  has the 9♦ (a fixed pay card), the ace and king of trumps (won by playing them),
  Matrimony (king and queen of trumps played by one player, in any order), the two and
  king of trumps (likewise: ranks far apart, so they cannot be played in a row) and the Kitty;
  the ``turn-up`` phase pays the dealer the section of the card turned up, and with
  ``wins_round`` the 9♦ turned up wins the dealer the round.
- ``HOLD``: the dealer's last card is turned up (``to-dealer``) and stays in the hand;
  the ace of trumps and the king-queen of trumps are won by holding them (holding phase).
"""

from __future__ import annotations

from dataclasses import replace

from stops.cards import ACE, KING, QUEEN, TWO, parse_card, parse_cards
from stops.deal import Deal
from stops.phases import holding, stops, turn_up
from stops.profiles import get_profile
from stops.profiles.base import Section, frozen
from stops.round import Round
from stops.words import TRUMP_ACE, TRUMP_KING, Noun, words

MICHIGAN = get_profile("michigan")

RULES = {
    **MICHIGAN.rules,
    "turn-up": "The last card is turned up: its suit is trumps.",
    "dealer-turn-up": "A pay card turned up pays the dealer.",
    "matrimony": "King and queen of trumps played by one player.",
    "hearts": "Holding a card of the board wins its section.",
    "split": "Tied winners share.",
    "ghost-sections": "A section whose cards lie in the widow stays.",
}

# Every game names its sections (a section without its noun fails when the profile is made).
KITTY, WIDOW = MICHIGAN.words.noun("kitty"), MICHIGAN.words.noun("widow")
POPE = Noun("pope", "the Pope", "of the Pope", "to the Pope", "Pope")
MATRIMONY = Noun("matrimony", "Matrimony", "of Matrimony", "to Matrimony", "Matrimony")
MARRIAGE = Noun("marriage", "Marriage", "of Marriage", "to Marriage", "Marriage")
ENDS = Noun("ends", "the Ends", "of the Ends", "to the Ends", "Ends")


def configure(profile, values):
    return replace(profile, values=frozen(values))


STOCK = replace(
    MICHIGAN,
    configure_fn=configure,
    name="trumps",
    title="Trumps",
    turn_up="to-stock",
    sections=(
        Section("pope", (parse_card("9♦"),), "play"),
        Section("ace", (), "play", suit="trump", ranks=(ACE,)),
        Section("king", (), "play", suit="trump", ranks=(KING,)),
        Section("matrimony", (), "combo-play", suit="trump", ranks=(KING, QUEEN), consecutive=False),
        Section("ends", (), "combo-play", suit="trump", ranks=(TWO, KING), consecutive=False),
        Section("kitty", (), "going-out"),
    ),
    ante=frozen({"pope": 1, "ace": 1, "king": 1, "matrimony": 1, "ends": 1, "kitty": 1}),
    pay_on_play=frozen({parse_card("9♦"): "pope"}),
    phases=("turn-up", "stops"),
    phase_table=frozen({p.name: p for p in (turn_up.PHASE, stops.PHASE)}),
    rules=frozen(RULES),
    rule_names=replace(MICHIGAN.rule_names, turn_up="turn-up", sections=frozen({"matrimony": "matrimony", "ends": "matrimony"})),
    words=words((POPE, TRUMP_ACE, TRUMP_KING, MATRIMONY, ENDS, KITTY, WIDOW),
                sections={"pope": "pope", "ace": "trump-ace", "king": "trump-king", "matrimony": "matrimony", "ends": "ends",
                          "kitty": "kitty"}, hand="widow"),
)
WINS_ROUND = replace(STOCK, turn_up_wins_round=frozenset({"pope"}))

HOLD = replace(
    MICHIGAN,
    configure_fn=configure,
    name="holdtrumps",
    title="Hold trumps",
    turn_up="to-dealer",
    sections=(
        Section("ace", (), "hold", suit="trump", ranks=(ACE,)),
        Section("marriage", (), "combo-hold", suit="trump", ranks=(KING, QUEEN)),
        Section("kitty", (), "going-out"),
    ),
    ante=frozen({"ace": 1, "marriage": 1, "kitty": 1}),
    pay_on_play=frozen({}),
    phases=("holding", "stops"),
    phase_table=frozen({p.name: p for p in (holding.PHASE, stops.PHASE)}),
    rules=frozen(RULES),
    rule_names=replace(MICHIGAN.rule_names, turn_up="turn-up", sections=frozen({"ace": "hearts", "marriage": "hearts"})),
    words=words((TRUMP_ACE, MARRIAGE, KITTY, WIDOW), sections={"ace": "trump-ace", "marriage": "marriage", "kitty": "kitty"},
                hand="widow"),
)

NAMES = ["A", "B", "C"]


def position(profile, hands, widow, turned, dealer=0, phase=None, **kwargs) -> Round:
    """A round from a position (not a full deal): hands as card strings per seat."""
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards(widow)), parse_card(turned))
    return Round(profile, NAMES, dealer, deal, full_deal=False, phase=phase, **kwargs)
