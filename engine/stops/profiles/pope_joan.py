"""Pope Joan: eight compartments dressed by the dealer, a turned-up trump, and stops.

A round (docs/rules/pope-joan.md): the dealer alone dresses the board — 6 on Pope, 2 on
Matrimony and Intrigue, 1 on each of Ace, King, Queen, Jack and Game (or, with
``dressing=everyone``, every player 2 on each). The 51 cards (no 8♦) are dealt round the
players and a stock; the last card is turned up onto the stock and its suit is trumps. If
the turn-up is the ace, king, queen or jack of trumps, or the Pope (9♦), the dealer takes
that compartment at once (:mod:`stops.phases.turn_up`); with ``pope_turnup=wins-round``
the Pope turned up also wins the dealer the round (Game and a chip for every card dealt to
each player; ``pope-and-game``: Game only, the cards taken up unplayed). Then the common stops phase, ace low:
every king, the 7♦ and the cards in the stock are stops; the player left of the dealer
leads the lowest card of a suit (or, ``lead=any``, any card) and the stopper leads again.
Playing the ace, king, queen or jack of trumps, or the 9♦, wins that compartment; one
player who plays both king and queen of trumps wins Matrimony, queen and jack Intrigue,
whenever each was played (``combo=held``: whoever is dealt both shows them before play).
The first player out takes Game and 1 chip for each card left in each rival's hand (with
``pope_excuses``, nothing from a rival who still holds the Pope). With ``pope_any_time``
(Peel) the Pope's holder may play it at a stop in place of the missing card, winning the
Pope, and the sequence goes on from that card. At the end of the session the board is
shared in whole chips.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, DECK, JACK, KING, QUEEN, parse_card
from ..enums import Bankroll, DealPlan, FirstLeader, LeadKind, SectionSuit, SessionUnit, Settlement, TurnUp, WidowPosition, WonBy
from ..phases import holding, stops, turn_up
from ..rules import COMMON_RULES
from ..words import N_, Noun, STOCK, TRUMP_ACE, TRUMP_JACK, TRUMP_KING, TRUMP_QUEEN, words
from .base import Option, Profile, RuleNames, Section, bankroll_option, frozen, rotations_option, starting_chips_option

PACK = tuple(c for c in DECK if c != parse_card("8♦"))
POPE = parse_card("9♦")
HONOURS = {"ace": ACE, "king": KING, "queen": QUEEN, "jack": JACK}
COMBOS = {"matrimony": (KING, QUEEN), "intrigue": (QUEEN, JACK)}
SECTION_IDS = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "jack", "game")
# deal=equal: the 50 cards under the turn-up shared as if the stock were one more player, each
# player's share dealt round the table and the rest, the odd cards too, left to the stock.
EQUAL_DEAL = {players: (len(PACK) - 1) // (players + 1) for players in range(3, 9)}
# deal=limited (Peel's "limited stops"): no spare hand; the 50 cards under the turn-up dealt
# round the players as far as they go equally, the few left over set apart with the turn-up.
LIMITED_DEAL = {players: (len(PACK) - 1) // players for players in range(3, 9)}
DEAL_PLANS = {"uneven": DealPlan.CIRCUIT, "equal": frozen(EQUAL_DEAL), "limited": frozen(LIMITED_DEAL)}
DEALER_DRESSING = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "jack": 1, "game": 1}

OPTIONS = (
    bankroll_option("chips"),
    starting_chips_option(40),
    rotations_option("Full rotations of the deal in a session (everyone dresses the board this many times)."),
    Option("dressing", "dealer", "Who dresses the board: the dealer alone, 15 chips (dealer), or every player 2 on each compartment (everyone).",
           ("dealer", "everyone"),
           label=N_("Dressing"), help=N_("Who dresses the board before each deal: the dealer alone with 15 chips, or every player with 2 on each compartment."), rule="ante"),
    Option("ace_high", False, "The ace ranks above the king: the aces are the stops instead of the kings.",
           label=N_("Ace high"), help=N_("The ace ranks above the king, so the aces are the stops instead of the kings."), rule="stop"),
    Option("lead", "lowest", "A lead is the lowest card of a suit the leader chooses (lowest), or any card (any).", ("lowest", "any"),
           label=N_("Lead"), help=N_("A lead is the lowest card of a suit of one's choice, or any card at all."), rule="lead-any"),
    Option("pope_turnup", "pope", "The Pope turned up wins the dealer the Pope (pope), or the whole round as if out, Game and a "
           "chip for every card dealt to each player (wins-round), or the Pope and Game, the round ending unplayed (pope-and-game).",
           ("pope", "wins-round", "pope-and-game"),
           label=N_("Pope turned up"),
           help=N_("The Pope turned up wins the dealer the Pope only; or the whole round without play, Game and a chip for every card "
                   "the others hold; or the Pope and Game, and the cards are thrown in unplayed."),
           rule="dealer-turn-up"),
    Option("combo", "played", "Matrimony and Intrigue are won by playing both cards (played), or by being dealt both (held).",
           ("played", "held"),
           label=N_("Matrimony and Intrigue"), help=N_("Won by playing both cards oneself, or by being dealt both."), rule="matrimony"),
    Option("deal", "uneven", "The deal: round the players and the stock to the last card, hands one card apart at most (uneven), "
           "or as many cards to each player as to the stock, the rest to the stock (equal), or no spare hand: the players "
           "dealt equal hands as far as the cards go, the few left over set apart (limited).", ("uneven", "equal", "limited"),
           label=N_("Deal"),
           help=N_("Round the table to the last card (hands may differ by one); or equal hands with the rest left in the stock; "
                   "or no spare hand, only the few cards left over from equal hands set apart."),
           rule="deal"),
    Option("pope_excuses", False, "A player who still holds the Pope when another goes out pays nothing for the cards left in hand.",
           label=N_("The Pope excuses its holder"),
           help=N_("A player still holding the Pope when someone goes out pays nothing for the cards left in hand."),
           rule="pope-excuses"),
    Option("pope_any_time", False, "At a stop before a card nobody can play, the holder of the Pope may play it in that card's place; "
           "the sequence goes on from it.",
           label=N_("The Pope breaks a stop"),
           help=N_("At a stop, the Pope's holder may play it in place of the missing card, and the run goes on."),
           rule="pope-any-time"),
)

RULES = {
    **COMMON_RULES,
    "ante": "Before the deal the dealer dresses the board: 6 on Pope, 2 on Matrimony and Intrigue, 1 on each other compartment.",
    "deal": "The pack is dealt one card at a time clockwise to every player and the stock; the last card is turned up.",
    "deal-equal": "Option deal=equal: each player is dealt as many cards as the stock's share, and the rest of the pack goes to the stock.",
    "deal-limited": "Option deal=limited: no spare hand; the players are dealt equal hands as far as the cards go, and the few left over lie apart with the turn-up.",
    "stop": "A sequence stops at a king, at the 7♦, or when the next card is in the stock or already played.",
    "pack": "51 cards: the 8♦ is taken out, so the 7♦ is always a stop.",
    "stock": "The stock is dealt the last card of each circuit and the turn-up; its cards are never played.",
    "turn-up": "The last card of the pack is turned face up onto the stock: its suit is trumps for the round.",
    "dealer-turn-up": "If the turn-up is the ace, king, queen or jack of trumps or the Pope, the dealer takes that compartment at once (options: the Pope also wins the round).",
    "first-lead": "The player left of the dealer leads first.",
    "lead-lowest": "A lead is the lowest card the leader holds in the suit they choose.",
    "lead-any": "Option lead=any: a lead may be any card of the hand.",
    "restart": "After a stop, the player who stopped leads again, any suit.",
    "trump-honour": "Playing the ace, king, queen or jack of trumps wins that compartment.",
    "pope": "Playing the 9♦, the Pope, wins the Pope compartment.",
    "matrimony": "One player who plays both the king and the queen of trumps, whenever, wins Matrimony (combo=held: who is dealt both).",
    "intrigue": "One player who plays both the queen and the jack of trumps, whenever, wins Intrigue (combo=held: who is dealt both).",
    "game": "The first player out takes the Game compartment.",
    "pope-any-time": "Option pope_any_time: at a stop before a card nobody can play, the holder of the Pope may play it in that card's place; it wins the Pope and the sequence goes on from the card it replaced.",
    "pope-excuses": "Option pope_excuses: a player who still holds the Pope when another goes out pays nothing for the cards left.",
}

WORDS = words(
    (Noun("pope", "the Pope", "of the Pope", "to the Pope", "Pope"),
     Noun("matrimony", "Matrimony", "of Matrimony", "to Matrimony", "Matrimony"),
     Noun("intrigue", "Intrigue", "of Intrigue", "to Intrigue", "Intrigue"),
     TRUMP_ACE, TRUMP_KING, TRUMP_QUEEN, TRUMP_JACK,
     Noun("game", "Game", "of Game", "to Game", "Game"),
     STOCK),
    sections={"pope": "pope", "matrimony": "matrimony", "intrigue": "intrigue", "ace": "trump-ace", "king": "trump-king",
              "queen": "trump-queen", "jack": "trump-jack", "game": "game"},
    hand="stock")


def sections(values: dict) -> tuple[Section, ...]:
    combo = WonBy.COMBO_HOLD if values["combo"] == "held" else WonBy.COMBO_PLAY
    trump = SectionSuit.TRUMP
    return (
        Section("pope", (POPE,), WonBy.PLAY),
        *(Section(sid, (), combo, suit=trump, ranks=ranks, consecutive=False) for sid, ranks in COMBOS.items()),
        *(Section(sid, (), WonBy.PLAY, suit=trump, ranks=(rank,)) for sid, rank in HONOURS.items()),
        Section("game", (), WonBy.GOING_OUT),
    )


def configure(profile: Profile, values: dict) -> Profile:
    everyone = values["dressing"] == "everyone"
    lead = LeadKind.ANY_CARD if values["lead"] == "any" else LeadKind.CHOSEN_SUIT
    return replace(
        profile,
        sections=sections(values),
        ante=frozen({sid: 2 for sid in SECTION_IDS} if everyone else {}),
        dealer_ante=None if everyone else frozen(DEALER_DRESSING),
        ace_low=not values["ace_high"],
        first_lead=lead,
        restart=LeadKind.ANY_CARD if values["lead"] == "any" else LeadKind.ANY_SUIT,
        phases=("turn-up",) + (("holding",) if values["combo"] == "held" else ()) + ("stops",),
        turn_up_wins_round=frozenset() if values["pope_turnup"] == "pope" else frozenset({"pope"}),
        turn_up_win_cards=values["pope_turnup"] == "wins-round",
        excusing_cards=(POPE,) if values["pope_excuses"] else (),
        stand_in=POPE if values["pope_any_time"] else None,
        deal_plan=DEAL_PLANS[values["deal"]],
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        session_length=values["rotations"],
        values=frozen(values),
    )


POPE_JOAN = Profile(
    name="pope_joan",
    title="Pope Joan",
    min_players=3,
    max_players=8,
    sections=(),
    options=OPTIONS,
    ante=frozen({}),
    dealer_ante=None,
    widow_position=WidowPosition.LAST,
    widow_name="stock",
    phases=(),
    first_leader=FirstLeader.DEALER_LEFT,
    first_lead=LeadKind.CHOSEN_SUIT,
    restart=LeadKind.ANY_SUIT,
    pay_on_play=frozen({POPE: "pope"}),
    going_out_sections=("game",),
    card_count_rate=1,
    bankroll=Bankroll.CHIPS,
    starting_chips=40,
    session=SessionUnit.ROTATIONS,
    rules=frozen(RULES),
    phase_table=frozen({phase.name: phase for phase in (turn_up.PHASE, holding.PHASE, stops.PHASE)}),
    configure_fn=configure,
    words=WORDS,
    # The going out (game), Matrimony and Intrigue are each the rule of their id: the defaults.
    rule_names=RuleNames(
        widow="stock", pay="trump-honour", pay_by_section=frozen({"pope": "pope"}), turn_up="turn-up", excuse="pope-excuses",
        stand_in="pope-any-time",
        # With lead=any a lead's card follows lead-any; who leads after a stop is still this.
        restart_turn="restart"),
    widow_sections_shown=False,
    pack=PACK,
    ace_low=True,
    turn_up=TurnUp.TO_STOCK,
    settlement=Settlement.SPLIT_WHOLE,
).configure()  # registered as configured: the defaults through the same path as any options
