"""Poch (Pochen, Poque): nine bowls, three stages — melding, the vying, the stops play.

A round: everyone antes 1 chip in each of the nine bowls (the centre too, unless
``centre_ante`` is off); the whole pack is dealt and the dealer's last card shows trumps
(or the last card of the deal is laid face up and belongs to nobody, ``trump_card=face-up``;
with ``turn_up_to_dealer``, a trump honour turned up out of play wins the dealer its bowl).
Stage 1 (:mod:`stops.phases.holding`): whoever holds the ace, king, queen, jack or ten of
trumps takes that bowl; the king and queen of trumps together take Marriage; the 7-8-9 of
trumps take Sequence (or, ``sequence=best-run``, the best run of three or more in one suit
takes it alone). Stage 2, the vying (:mod:`stops.phases.betting` on data: bets of a
chosen size into the Pocher bowl, sets of equal rank at the showdown). Stage 3, the stops
play: the vying's winner leads any card; whoever holds the next card of the suit plays it;
after a stop the stopper leads any card; the first player out takes the centre and 1 chip
per card from each rival. Bowls not won stay for the next round.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, DECK, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, TEN, Suit, card
from ..enums import (Award, Bankroll, BetSizes, FirstLeader, LeadKind, Opener, Ranker, SectionSuit, SessionUnit, Settlement,
                     Terms, TurnUp, WidowPosition, WonBy)
from ..phases import betting, holding, stops, turn_up as turn_up_phase
from ..phases.betting import betting_view
from ..rules import COMMON_RULES
from ..words import N_, Noun, STOCK, TRUMP_ACE, TRUMP_JACK, TRUMP_KING, TRUMP_QUEEN, TRUMP_TEN, words
from .base import (Betting, Option, Profile, RuleNames, Section, bankroll_option, frozen, rotations_option,
                   starting_chips_option)

HONOURS = {"ace": ACE, "king": KING, "queen": QUEEN, "jack": JACK, "ten": TEN}
# The 32-card pack: 7 to ace of each suit.
PACK_32 = tuple(c for c in DECK if c.rank >= SEVEN)
# Two to eight players, as the rules sheet of a board sold today says (docs/rules/poch.md).
PLAYERS = range(2, 9)
# The pack by the number of players, for each value of the option ``pack`` (``auto``: 32 cards
# for two to four, 52 for five or more).
PACKS = {
    "auto": {n: PACK_32 if n <= 4 else DECK for n in PLAYERS},
    "32": {n: PACK_32 for n in PLAYERS},
    "52": {n: DECK for n in PLAYERS},
}
SECTION_IDS = (*HONOURS, "marriage", "sequence", "pocher", "centre")

OPTIONS = (
    bankroll_option("chips"),
    starting_chips_option(50),
    rotations_option(),
    Option("pack", "auto", "The pack: 32 cards (7 to ace) for 2 to 4 players and 52 for 5 or more (auto), or always 32, or always 52.",
           ("auto", "32", "52"),
           label=N_("Pack"), help=N_("32 cards (7 to ace) for up to four players and 52 for five or more, or always one of them."), rule="pack"),
    Option("deal", "all", "Deal the whole pack (all), or five cards each with the rest a stock that makes stops (five).", ("all", "five"),
           label=N_("Deal"), help=N_("The whole pack dealt, or five cards each with the rest a stock that stops sequences."), rule="deal"),
    Option("trumps", "turn-up", "Trumps are the suit of a card turned up (turn-up), or always hearts with no card turned (hearts).",
           ("turn-up", "hearts"),
           label=N_("Trumps"), help=N_("The suit of a card turned up, or hearts always, with no card turned."), rule="trumps"),
    Option("trump_card", "dealers-last",
           "With the whole pack dealt, the card shown for trumps: the dealer's own last card (dealers-last), or the last card "
           "dealt, whoever receives it (last-dealt), both kept in that hand; or the last card laid face up on the table, "
           "nobody's and never played (face-up).", ("dealers-last", "last-dealt", "face-up"),
           label=N_("Trump card"),
           help=N_("With the whole pack dealt: the dealer shows their own last card, or the last card of the deal, whoever it falls to; "
                   "or the last card is laid face up on the table and belongs to nobody."),
           rule="trumps"),
    Option("turn_up_to_dealer", False,
           "A trump honour turned up and never played (five cards each, or trump_card=face-up) wins the dealer its bowl.",
           label=N_("The turned card pays the dealer"),
           help=N_("An ace, king, queen, jack or ten turned up for trumps, and so out of play, wins the dealer its bowl."),
           rule="dealer-turn-up"),
    Option("sequence", "trump-789", "What wins Sequence: the 7, 8 and 9 of trumps, or the best run of three or more in one suit (best-run).",
           ("trump-789", "best-run"),
           label=N_("Sequence"), help=N_("What wins Sequence: the 7, 8 and 9 of trumps, or the best run of three or more in any suit."), rule="sequence"),
    Option("centre_ante", True, "Every player also antes 1 chip in the centre (off: only the eight outer bowls).",
           label=N_("Centre ante"), help=N_("Everyone also antes 1 chip in the centre; off, only the eight bowls around it."), rule="ante"),
    Option("open_needs_set", False, "Only a player holding a set (a pair or better) may poch first.",
           label=N_("Opening needs a set"), help=N_("Only a player holding a pair or better may poch first."), rule="poch"),
    Option("max_poch", 10, "The most chips one poch may add above the highest total.", minimum=1, maximum=1000,
           label=N_("Poch limit"), help=N_("The most chips one poch may add above the highest total."), rule="poch"),
    Option("max_raises", 3, "The most times the vying may be poched again after the first poch.", minimum=0, maximum=100,
           label=N_("Raise cap"), help=N_("The most raises allowed in the betting round."), rule="poch"),
    Option("first_leader", "vying-winner", "Who leads the stops play first: the winner of the vying, or the player left of the dealer.",
           ("vying-winner", "dealer-left"),
           label=N_("First leader"), help=N_("Who leads the stops first: the winner of the vying, or the player left of the dealer."), rule="first-lead"),
    Option("sweep", False, "The first player out also takes every bowl still on the board.",
           label=N_("Sweep"), help=N_("The first player out also takes every bowl still on the board."), rule="sweep"),
)

RULES = {
    **COMMON_RULES,
    "stock": "Options deal=five and trump_card=face-up: the card turned face up and the cards not dealt are never played; a sequence stops where one of them would come.",
    "pack": "A 32-card pack, 7 to ace in each suit, for 2 to 4 players; the full 52 for 5 or more (options: always 32, always 52).",
    "trumps": "The dealer's last card is shown: its suit is trumps for the round, and it stays in the dealer's hand (options: the last card dealt, whoever receives it; the last card face up, nobody's; five cards each and the next card turned, out of play; hearts always trumps).",
    "dealer-turn-up": "Option turn_up_to_dealer: an ace, king, queen, jack or ten of trumps turned up and out of play wins the dealer its bowl.",
    "trump-honour": "Stage 1: whoever holds the ace, king, queen, jack or ten of trumps takes that bowl.",
    "marriage": "Stage 1: whoever holds the king and queen of trumps also takes Marriage.",
    "sequence": "Stage 1: whoever holds the 7, 8 and 9 of trumps takes Sequence (option: the best run of three or more).",
    "vying": "Stage 2, the vying: from the dealer's left each player passes, poches (opens), holds or poches again.",
    "set-rank": "A set is cards of one rank; a bigger set beats a smaller, then the higher rank, then a set holding a trump, then the seat nearest the dealer's left.",
    "poch": "To poch is to put chips into the Pocher bowl: 1 up to the limit above the highest total.",
    "hold": "To hold is to put in as much as the highest total and stay in.",
    "pass": "Before a poch, a pass costs nothing; after one, a pass leaves the vying and loses what was put in.",
    "vying-showdown": "The players still in show their best sets; the best set takes the Pocher bowl; nobody with a set: it stays.",
    "vying-unseen": "If every other player passes after a poch, the last one takes the Pocher bowl unseen.",
    "first-lead": "Stage 3: the winner of the vying leads first (nobody won it: the player left of the dealer).",
    "lead-any": "A lead may be any card of the leader's hand; after a stop the stopper leads again.",
    "centre": "The first player out takes the centre bowl.",
    "sweep": "Option sweep: the first player out also takes every bowl still on the board.",
}

# The bowls of the trump honours are those of Pope Joan's compartments (one label each).
WORDS = words(
    (TRUMP_ACE, TRUMP_KING, TRUMP_QUEEN, TRUMP_JACK, TRUMP_TEN,
     Noun("marriage", "Marriage", "of Marriage", "to Marriage", "Marriage"),
     Noun("sequence", "Sequence", "of Sequence", "to Sequence", "Sequence"),
     Noun("pocher", "the Pocher bowl", "of the Pocher bowl", "to the Pocher bowl", "Pocher bowl"),
     Noun("centre", "the centre", "of the centre", "to the centre", "Centre"),
     STOCK),
    sections={"ace": "trump-ace", "king": "trump-king", "queen": "trump-queen", "jack": "trump-jack", "ten": "trump-ten",
              "marriage": "marriage", "sequence": "sequence", "pocher": "pocher", "centre": "centre"},
    hand="stock")

SECTION_RULES = {**{sid: "trump-honour" for sid in HONOURS}, "marriage": "marriage", "sequence": "sequence"}
# The first player out takes the centre, and with ``sweep`` every other bowl too.
GOING_OUT_RULES = {sid: "sweep" for sid in SECTION_IDS} | {"centre": "centre"}

# The vying: Rummoli's betting phase on Poch's data (sizes in a range, sets, Poch's words).
VYING_RULES = {"betting": "vying", "check": "pass", "fold": "pass", "bet": "poch", "raise": "poch", "call": "hold",
               "showdown": "vying-showdown", "fold-out": "vying-unseen"}


def sections(values: dict) -> tuple[Section, ...]:
    """The nine bowls; those of trumps name ranks, resolved each round for the trump suit."""
    trump = SectionSuit.TRUMP
    board = [Section(sid, (), WonBy.HOLD, suit=trump, ranks=(rank,)) for sid, rank in HONOURS.items()]
    board.append(Section("marriage", (), WonBy.COMBO_HOLD, suit=trump, ranks=(QUEEN, KING)))
    if values["sequence"] == "best-run":
        board.append(Section("sequence", (), WonBy.RUN_HOLD, award=Award.BEST))
    else:
        board.append(Section("sequence", (), WonBy.COMBO_HOLD, suit=trump, ranks=(SEVEN, EIGHT, NINE)))
    board.append(Section("pocher", (), WonBy.VYING))
    board.append(Section("centre", (), WonBy.GOING_OUT))
    return tuple(board)


def deal_plan(values: dict, packs) -> dict[int, int]:
    """Cards per hand by the number of players: the whole pack (``deal=all``: hands of up to
    ``ceil(cards / n)``, no extra hand but the card laid face up with ``trump_card=face-up``),
    or five each and the rest a stock (``deal=five``)."""
    if values["deal"] == "five":
        return {n: 5 for n in PLAYERS}
    return {n: -(-len(packs[n]) // n) for n in PLAYERS}


def seats(values: dict, packs) -> list[int]:
    """The numbers of players the pack can serve: with five cards each and the card turned,
    5 n + 1 cards (the 32-card pack serves six at most)."""
    if values["deal"] != "five":
        return list(PLAYERS)
    return [n for n in PLAYERS if 5 * n + 1 <= len(packs[n])]


TRUMP_CARDS = {"dealers-last": TurnUp.TO_DEALER, "last-dealt": TurnUp.TO_LAST, "face-up": TurnUp.TO_STOCK}


def turn_up(values: dict) -> TurnUp:
    """Where the trump card is turned: none (hearts always trumps), the dealer's last card (or,
    ``trump_card=last-dealt``, the last card dealt, whoever receives it; ``face-up``, the last
    card laid face up apart, which is nobody's), or with five cards each the next card of the
    stock, which is never played."""
    if values["trumps"] == "hearts":
        return TurnUp.NONE
    if values["deal"] == "five":
        return TurnUp.TO_STOCK
    return TRUMP_CARDS[values["trump_card"]]


def phases(values: dict) -> tuple[str, ...]:
    """The stages of a round; with ``turn_up_to_dealer``, a card turned up out of play (in the
    stock) first pays the dealer its bowl."""
    first = ("turn-up",) if values["turn_up_to_dealer"] and turn_up(values) == TurnUp.TO_STOCK else ()
    return first + ("holding", "vying", "stops")


def configure(profile: Profile, values: dict) -> Profile:
    outer = {sid: 1 for sid in SECTION_IDS if sid != "centre"}
    packs = PACKS[values["pack"]]
    table = seats(values, packs)
    mode = turn_up(values)
    return replace(
        profile,
        min_players=min(table),
        max_players=max(table),
        pack=packs[min(PLAYERS)],
        packs=frozen(packs),
        deal_plan=frozen(deal_plan(values, packs)),
        widow_name="stock" if values["deal"] == "five" or mode == TurnUp.TO_STOCK else "none",
        turn_up=mode,
        phases=phases(values),
        fixed_trump=Suit.HEARTS if values["trumps"] == "hearts" else None,
        sections=sections(values),
        ante=frozen(outer | ({"centre": 1} if values["centre_ante"] else {})),
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        session_length=values["rotations"],
        values=frozen(values),
        first_leader=values["first_leader"],
        going_out_sections=SECTION_IDS if values["sweep"] else ("centre",),
        betting=Betting("pocher", 1, values["max_raises"], sizes=BetSizes.RANGE, max_bet=values["max_poch"], ranker=Ranker.SETS,
                        opener=Opener.NEEDS_SET if values["open_needs_set"] else Opener.ANY, free_fold=False,
                        terms=Terms.VYING, rules=frozen(VYING_RULES)),
    )


POCH = Profile(
    name="poch",
    title="Poch",
    min_players=min(PLAYERS),
    max_players=max(PLAYERS),
    sections=(),
    options=OPTIONS,
    ante=frozen({}),
    dealer_ante=None,
    widow_position=WidowPosition.LAST,
    widow_name="none",  # the whole pack is dealt to the players
    phases=("holding", "vying", "stops"),
    first_leader=FirstLeader.VYING_WINNER,
    first_lead=LeadKind.ANY_CARD,
    restart=LeadKind.ANY_CARD,
    pay_on_play=frozen({}),
    going_out_sections=("centre",),
    card_count_rate=1,
    bankroll=Bankroll.CHIPS,
    starting_chips=50,
    session=SessionUnit.ROTATIONS,
    rules=frozen(RULES),
    phase_table=frozen({phase.name: phase for phase in (turn_up_phase.PHASE, holding.PHASE, betting.VYING, stops.PHASE)}),
    configure_fn=configure,
    words=WORDS,
    rule_names=RuleNames(widow="stock", going_out=frozen(GOING_OUT_RULES), sections=frozen(SECTION_RULES), turn_up="trumps"),
    view_hooks=(betting_view,),
    settlement=Settlement.SPLIT_WHOLE,
).configure()  # registered as configured: the defaults through the same path as any options
