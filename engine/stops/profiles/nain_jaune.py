"""Nain Jaune (Lindor): five cases on the board, sequences by rank whatever the suit, in turn order.

Five cases — 10♦, J♣, Q♠, K♥ and the yellow dwarf 7♦ — to which each player antes 1, 2, 3,
4 and 5 chips. Ace low. Hand sizes are fixed by the number of players and the rest of the
pack is the talon, never played. The player left of the dealer leads any card; the player
on turn then plays any card of the next rank, whatever its suit, and plays on while he can;
one who cannot passes ("without ten") and the next player is on turn. A king ends the
sequence and its player starts another with any card; so does the player of the last card
when the turn comes back round to him. Playing a case's card wins the case. The first player
out is paid by each rival the value of the cards left in his hand; then whoever still holds
a case's card doubles that case. Going out before anyone else has played a card (grand
opéra) takes the whole board too. The session ends when a player cannot pay in full.
With ``may_stop`` a player on turn may stop although he could play on: the turn passes as
if he could not.
Everything here is data read by the shared stops phase and kernel.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import parse_card
from ..enums import (Bankroll, CardValue, FirstLeader, HeldPenalty, LeadKind, SequenceBy, SessionUnit, Settlement, Turn,
                     WidowPosition, WonBy)
from ..events import Busted
from ..phases import stops
from ..rules import COMMON_RULES
from ..words import N_, Noun, words
from .base import Option, Profile, RuleNames, Section, frozen, rotations_option, starting_chips_option

# The cases, each with its card and each player's ante on it (1 to 5).
CASES = {"TD": ("10♦", 1), "JC": ("J♣", 2), "QS": ("Q♠", 3), "KH": ("K♥", 4), "dwarf": ("7♦", 5)}

# Cards in each hand by number of players; the rest of the pack is the talon.
TALON_PLAN = {2: 22, 3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}  # 2: option two_players
# Option deal=all: the whole pack round the players (the last hands one card short), no talon.
WHOLE_PACK_PLAN = {n: -(-52 // n) for n in TALON_PLAN}

RULES = {
    **COMMON_RULES,
    "board": "Five cases: 10♦, J♣, Q♠, K♥ and the yellow dwarf 7♦.",
    "ante": "Before each deal every player puts 1 chip on the 10♦, 2 on the J♣, 3 on the Q♠, 4 on the K♥ and 5 on the 7♦.",
    "deal": "Hand sizes depend on the number of players (15 each for 3, 12 for 4, 9 for 5, 8 for 6, 7 for 7, 6 for 8; 22 for 2, option two_players).",
    "talon": "The cards left over form the talon: face down, never looked at and never played.",
    "first-lead": "The player left of the dealer plays first (option first_lead=lowest: their lowest card).",
    "lead-any": "A sequence starts with any card its player likes: the first one and every new one after a stop.",
    "follow": "A sequence climbs by rank whatever the suit (ace low, king high): the player on turn plays any card of the next rank and plays on while they can.",
    "turn": "A player on turn who holds no card of the next rank passes, naming it ('without ten'), and the next player on the left is on turn.",
    "king-restart": "A king ends the sequence: its player starts a new one at once, with any card.",
    "gap": "When the turn comes back round to the player of the last card, nobody could play on: that player starts a new sequence with any card (option gap=skip-rank: goes on from the lowest rank above the missing one that they hold).",
    "stop": "A sequence stops after a king, or when nobody can play the next rank.",
    "voluntary-stop": "Option may_stop: a player on turn who could play on may stop instead; the turn passes on as if they held no card of the next rank.",
    "case": "Playing 10♦, J♣, Q♠, K♥ or 7♦ wins everything on its case at once.",
    "card-count": "The first player out receives from each rival the value of the cards left in their hand.",
    "held-penalty": "Then every player still holding a case's card pays that case as much as it holds: they double it.",
    "grand-opera": "Grand opéra: a player who plays out their whole hand before anyone else has played a card also takes every case.",
    "bust": "The session ends at once when a player cannot pay their full ante, or a payment in full at the end of a round.",
    "session-end": "After the rounds agreed, the chips on the board are shared equally in whole chips; the most chips wins.",
    "bankroll": "Finite chip stacks; a player pays at most what they hold.",
}

WORDS = words(
    (Noun("dwarf", "the yellow dwarf", "of the yellow dwarf", "to the yellow dwarf", "Yellow dwarf"),
     Noun("compartment", "the %(card:name)s compartment", "of the %(card:name)s compartment", "to the %(card:name)s compartment", "%(card:name)s compartment"),
     Noun("talon", "the talon", "of the talon", "to the talon", "talon"),
     Noun("grand-opera", "a grand opéra", "of a grand opéra", "to a grand opéra", "grand opéra")),
    sections={"dwarf": "dwarf"}, card_section="compartment", hand="talon", feat="grand-opera")

OPTIONS = (
    starting_chips_option(50, minimum=15, summary="Each player's stack at the start of the session."),
    rotations_option(),
    Option("deal", "talon", "Hand sizes by the number of players and the rest in the talon (talon), or the whole pack dealt, no talon (all).",
           ("talon", "all"),
           label=N_("Deal"), help=N_("Hand sizes by the number of players with a talon left over, or the whole pack dealt."), rule="deal"),
    Option("card_value", "pips", "What each card left in hand pays the first player out: its value, ace 1 to king 10 (pips), or 1 chip (count).",
           ("pips", "count"),
           label=N_("Card values"), help=N_("What each card left in hand pays the first player out: its face value, or one chip."), rule="card-count"),
    Option("first_lead", "any", "The first card of the round: any card (any), or the leader's lowest card (lowest).", ("any", "lowest"),
           label=N_("First card"), help=N_("The first card of the round: any card, or the leader's lowest."), rule="first-lead"),
    Option("gap", "new-sequence", "When nobody can play the next rank: the last player starts a new run with any card "
           "(new-sequence), or goes on from the lowest rank above the missing one that they hold (skip-rank).",
           ("new-sequence", "skip-rank"),
           label=N_("After a missing rank"), help=N_("A new run with any card, or on from the lowest rank above the missing one."), rule="gap"),
    Option("grand_opera", True, "Going out before anyone else has played a card also takes every case (grand opéra).",
           label=N_("Grand opéra"), help=N_("Going out before anyone else has played a card also takes every case."), rule="grand-opera"),
    Option("may_stop", False, "A player on turn who could play on may stop instead, the turn passing on as if they could not.",
           label=N_("Stop at will"), help=N_("A player who could play on may stop instead; the turn passes as if they could not."),
           rule="voluntary-stop"),
    Option("two_players", False, "Two players may play: 22 cards each and 8 in the talon (26 each with deal=all).",
           label=N_("Two players"), help=N_("For two players: 22 cards each and 8 in the talon."), rule="players"),
)


def configure(profile: Profile, values: dict) -> Profile:
    return replace(
        profile,
        starting_chips=values["starting_chips"],
        values=frozen(values),
        session_length=values["rotations"],
        first_lead=LeadKind.ANY_CARD if values["first_lead"] == "any" else LeadKind.LOWEST_CARD,
        restart=LeadKind.SKIP_RANK if values["gap"] == "skip-rank" else LeadKind.ANY_CARD,
        deal_plan=frozen(TALON_PLAN if values["deal"] == "talon" else WHOLE_PACK_PLAN),
        card_value=values["card_value"],
        unopposed_takes_all=values["grand_opera"],
        min_players=2 if values["two_players"] else 3,
        may_stop=values["may_stop"],
    )


NAIN_JAUNE = Profile(
    name="nain_jaune",
    title="Nain Jaune",
    min_players=3,
    max_players=8,
    sections=tuple(Section(sid, (parse_card(text),), WonBy.PLAY, centre=sid == "dwarf") for sid, (text, _) in CASES.items()),
    options=OPTIONS,
    ante=frozen({sid: amount for sid, (_, amount) in CASES.items()}),
    dealer_ante=None,
    widow_position=WidowPosition.LAST,
    widow_name="talon",
    phases=("stops",),
    first_leader=FirstLeader.DEALER_LEFT,
    first_lead=LeadKind.ANY_CARD,
    restart=LeadKind.ANY_CARD,
    pay_on_play=frozen({parse_card(text): sid for sid, (text, _) in CASES.items()}),
    going_out_sections=(),
    card_count_rate=1,
    bankroll=Bankroll.CHIPS,
    starting_chips=50,
    session=SessionUnit.ROTATIONS,
    values=frozen({o.name: o.default for o in OPTIONS}),
    rules=frozen(RULES),
    phase_table=frozen({stops.PHASE.name: stops.PHASE}),
    configure_fn=configure,
    words=WORDS,
    events=(Busted,),
    rule_names=RuleNames(widow="talon", pay="case", passing="turn", top_stop="king-restart", gap="gap", unopposed="grand-opera",
                         stop="voluntary-stop", leave="bust"),
    sequence=SequenceBy.RANK,
    turn=Turn.SEAT,
    unopposed_takes_all=True,
    held_penalty=HeldPenalty.DOUBLE,
    session_end_on_bust=True,
    ace_low=True,
    deal_plan=frozen(TALON_PLAN),
    card_value=CardValue.PIPS,
    settlement=Settlement.SPLIT_WHOLE,
).configure()  # registered as configured: the defaults through the same path as any options
