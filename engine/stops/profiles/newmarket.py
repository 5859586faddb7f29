"""Newmarket (Boodle, Stops): four horses from a second pack, no Kitty, the British restart.

A round: the stakes (1 chip on each horse from everyone, or the dealer 2, or ``free``:
each player places his own chips, :mod:`stops.phases.staking`); the whole pack dealt round
the players and a dummy hand that receives the last card of each circuit and is never
played; with ``dummy_sale``, the player left of the dealer may swap his hand for the dummy
unseen, else the others may buy it from the dealer (:mod:`stops.phases.widow_exchange`);
then the common stops phase. The player left of the dealer leads the lowest card of a suit
he chooses (``first_lead=lowest-diamond``: whoever holds the lowest diamond any player holds
leads it; ``lowest-club``: the same with clubs). With ``dummy_first=dealer`` the dealer, not
the player at his left, is the first who may swap for the dummy. Playing a horse (A♥ K♣ Q♦ J♠, or A♠ K♥ Q♣ J♦ with ``horses=hoyle1885``) wins
the chips on it. After a stop the stopper leads the lowest card of another suit; if he holds
no other suit, the duty passes to the left, to the first player who does (``restart=michigan``:
he leads the same suit again himself; ``any-suit``: any suit; ``other-colour``: a suit of the
other colour, the duty passing to the first player who holds one). The first player out is
paid 1 chip per card left in each rival's hand, and takes the Kitty where the table stakes one
(``kitty``, ``kitty_stake``). Options: ace low (``ace_low``), the 8♦ taken out (``remove_8d``), equal hands
with the odd cards to the dummy (``deal=equal``). At the end of the session the horses are
shared in whole chips; the odd ones stay.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import DECK, parse_card
from ..enums import (Bankroll, DealPlan, DutyKind, ExchangeMode, FirstChooser, FirstLeader, LeadKind, SessionUnit, Settlement,
                     WidowPosition, WonBy)
from ..phases import staking, stops, widow_exchange
from ..phases.widow_exchange import widow_view
from ..phases.staking import staking_view
from ..rules import COMMON_RULES
from ..words import N_, Noun, words
from .base import (Exchange, Option, Profile, RuleNames, Section, bankroll_option, frozen, rotations_option,
                   starting_chips_option)

# The two sourced layouts of the four horses (docs/rules/newmarket.md).
LAYOUTS = {
    "boodle": ("A♥", "K♣", "Q♦", "J♠"),
    "hoyle1885": ("A♠", "K♥", "Q♣", "J♦"),
}
EIGHT_OF_DIAMONDS = parse_card("8♦")
PLAYERS = range(3, 9)
# The option restart: the lead after a stop, and the duty to lead that passes on (None: none).
RESTARTS = {
    "pass-left": (LeadKind.OTHER_SUIT, DutyKind.OTHER_SUIT),
    "michigan": (LeadKind.OTHER_SUIT, None),
    "any-suit": (LeadKind.ANY_SUIT, None),
    "other-colour": (LeadKind.OTHER_COLOUR, DutyKind.OTHER_COLOUR),
}


# The option first_lead: who leads first and what (docs/rules/newmarket.md).
FIRST_LEADS = {
    "dealer-left": (FirstLeader.DEALER_LEFT, LeadKind.CHOSEN_SUIT),
    "lowest-diamond": (FirstLeader.HOLDER, LeadKind.LOWEST_DIAMOND),
    "lowest-club": (FirstLeader.HOLDER, LeadKind.LOWEST_CLUB),
}


def equal_deal(pack_size: int) -> dict[int, int]:
    """deal=equal: each player gets the dummy's share, as if the dummy were one more player;
    the cards left over go to the dummy (4 players: 10 each and 12 in the dummy)."""
    return {players: pack_size // (players + 1) for players in PLAYERS}


OPTIONS = (
    bankroll_option("chips"),
    starting_chips_option(20),
    rotations_option(),
    Option("horses", "boodle", "The four horses: A♥ K♣ Q♦ J♠ (boodle) or A♠ K♥ Q♣ J♦ (hoyle1885).", ("boodle", "hoyle1885"),
           label=N_("Horses"), help=N_("Which four cards are the horses: A♥ K♣ Q♦ J♠, or the A♠ K♥ Q♣ J♦ of the 1885 American Hoyle."), rule="board"),
    Option("staking", "each-horse",
           "Stakes: everyone 1 on each horse (each-horse), the dealer 2 (dealer-double), or each player places free_stake chips where they like (free).",
           ("each-horse", "dealer-double", "free"),
           label=N_("Staking"), help=N_("One chip from everyone on each horse, the dealer two, or each player placing their own chips where they like."), rule="stake"),
    Option("free_stake", 1, "With staking=free: the chips each player places on the horses before play.", minimum=1, maximum=20,
           label=N_("Free stake"), help=N_("With free staking: how many chips each player places before the deal."), rule="stake"),
    Option("restart", "pass-left",
           "After a stop, a stopper without another suit passes the lead to the left (pass-left), or leads the same suit again (michigan); "
           "or the stopper leads the lowest card of any suit, the stopped one too (any-suit); "
           "or the next run must change colour, the lead passing to the left to the first player who holds the other colour (other-colour).",
           ("pass-left", "michigan", "any-suit", "other-colour"),
           label=N_("Restart"),
           help=N_("After a stop, a player with no other suit either passes the lead to the left or, as in Michigan, leads the "
                   "same suit again; or the player who stopped may lead any suit, the stopped one too; or the next run must "
                   "be of the other colour."),
           rule="duty-passes"),
    Option("deal", "uneven",
           "The whole pack round the players and the dummy, hands differing by one card (uneven), "
           "or as many cards to each player as to the dummy, the odd cards to the dummy (equal).", ("uneven", "equal"),
           label=N_("Deal"), help=N_("Either round the table to the last card (hands may differ by one), or equal hands with "
                                     "the odd cards to the dummy."),
           rule="deal-equal"),
    Option("kitty", False, "Every player also stakes kitty_stake chips on a Kitty, which the first player out takes.",
           label=N_("Kitty"), help=N_("Every player also stakes on a Kitty, which the first player out takes."), rule="kitty"),
    Option("kitty_stake", 1, "With kitty: the chips each player stakes on the Kitty before each deal.", minimum=1, maximum=4,
           label=N_("Kitty stake"), help=N_("With a Kitty: how many chips each player puts on it before each deal."), rule="kitty"),
    Option("dummy_sale", False, "Before play, the player left of the dealer may swap their hand for the dummy unseen; if they keep it, the others may buy it from the dealer.",
           label=N_("Dummy sale"), help=N_("Before play, the player left of the dealer may swap their hand for the dummy unseen; if they keep it, the others may buy it from the dealer."), rule="dealer-swap"),
    Option("dummy_first", "dealer-left",
           "With dummy_sale: who may swap for the dummy first, the player left of the dealer (dealer-left) or the dealer (dealer).",
           ("dealer-left", "dealer"),
           label=N_("First to the dummy"),
           help=N_("With the dummy sale: who may swap their hand for the dummy first, the player left of the dealer or the "
                   "dealer; if they keep their hand, the others may buy it from the dealer."),
           rule="dealer-swap"),
    Option("first_lead", "dealer-left",
           "The first lead: the player left of the dealer leads the lowest card of a suit of their choice (dealer-left), "
           "or whoever holds the 2♦ plays it, else the 3♦ and so on (lowest-diamond), or the same with clubs (lowest-club).",
           ("dealer-left", "lowest-diamond", "lowest-club"),
           label=N_("First lead"),
           help=N_("Either the player left of the dealer leads the lowest card of a suit of their choice, or whoever holds "
                   "the 2♦ plays it first (if it is in the dummy, the 3♦, and so on), or the same with clubs."),
           rule="first-lead-suit"),
    Option("ace_low", False, "Aces are low (A 2 ... K): the king ends a sequence.",
           label=N_("Aces low"), help=N_("The ace is the lowest card of its suit and the king ends a sequence."), rule="pack"),
    Option("remove_8d", False, "The 8♦ is taken out of the pack, so the 7♦ always stops.",
           label=N_("Without the 8♦"), help=N_("The 8♦ is taken out of the pack, so the 7♦ always stops a sequence."), rule="pack"),
)

RULES = {
    **COMMON_RULES,
    "deal": "The whole pack is dealt one card at a time clockwise, the dummy receiving the last card of each circuit.",
    "stop": "A sequence stops after its top card (the ace, or the king with aces low) or when nobody holds the next card.",
    "card-count": "The first player out receives 1 chip for each card left in each rival's hand; the dummy pays nothing.",
    "session-end": "At the end of the session the chips on the horses are shared equally in whole chips; the odd chips stay, and most chips wins.",
    "pack": "One 52-card pack (51 without the 8♦ with remove_8d); ranks 2 to ace, or ace to king with ace_low.",
    "dummy": "The dummy hand receives the last card of each circuit; it is never looked at and never played.",
    "stake": "With free staking, each player in turn from the dealer's left places their chips one at a time on horses of their choice.",
    "first-lead": "The player left of the dealer leads first.",
    "first-lead-suit": "With first_lead=lowest-diamond (lowest-club): whoever holds the lowest diamond (club) any player holds, "
                       "the 2, else the 3 and so on, leads it first; if no player holds one, the player left of the dealer leads.",
    "lead-lowest": "A lead is the lowest card the leader holds in the suit they choose.",
    "restart": "After a stop, the stopper leads the lowest card of a suit other than the one that stopped.",
    "duty-passes": "A stopper who holds no other suit passes the lead to the left, to the first player who does; if nobody does, the stopper leads the same suit.",
    "restart-colour": "With restart=other-colour: the next run is led in a suit of the other colour, by the stopper or, the lead passing to the left, by the first player who holds one; if nobody does, the stopper leads another suit, else the same one.",
    "deal-equal": "With deal=equal: each player is dealt as many cards as the dummy's share, and the odd cards go to the dummy.",
    "kitty": "With the kitty option: every player also stakes kitty_stake chips on a Kitty, which the first player out takes.",
    "horse": "Playing a horse card in a sequence wins all the chips on that horse; holding one wins nothing.",
    "dealer-swap": "With dummy_sale: the player left of the dealer (the dealer with dummy_first=dealer) may swap their hand for the dummy, unseen, before play.",
    "widow-auction": "With dummy_sale: if they keep their hand, the others in turn may buy the dummy, paying the dealer; the old hand is dead.",
}

WORDS = words(
    (Noun("horse", "the %(card:name)s horse", "of the %(card:name)s horse", "to the %(card:name)s horse", "%(card:name)s horse"),
     Noun("dummy", "the dummy", "of the dummy", "to the dummy", "dummy"),
     Noun("kitty", "the Kitty", "of the Kitty", "to the Kitty", "Kitty")),  # the kitty option's (Michigan's noun)
    sections={"kitty": "kitty"}, card_section="horse", hand="dummy")


def section_id(text: str) -> str:
    return parse_card(text).ascii


def configure(profile: Profile, values: dict) -> Profile:
    horses = LAYOUTS[values["horses"]]
    ids = tuple(section_id(text) for text in horses)
    free = values["staking"] == "free"
    sale = values["dummy_sale"]
    restart, duty = RESTARTS[values["restart"]]
    leader, first_lead = FIRST_LEADS[values["first_lead"]]
    chooser = FirstChooser.DEALER if values["dummy_first"] == "dealer" else FirstChooser.DEALER_LEFT
    kitty = {"kitty": values["kitty_stake"]} if values["kitty"] else {}
    pack = tuple(c for c in DECK if c != EIGHT_OF_DIAMONDS) if values["remove_8d"] else DECK
    return replace(
        profile,
        sections=tuple(Section(sid, (parse_card(text),), WonBy.PLAY) for sid, text in zip(ids, horses))
        + ((Section("kitty", (), WonBy.GOING_OUT),) if kitty else ()),
        ante=frozen(({} if free else {sid: 1 for sid in ids}) | kitty),
        dealer_ante=frozen({sid: 2 for sid in ids} | kitty) if values["staking"] == "dealer-double" else None,
        going_out_sections=tuple(kitty),
        pay_on_play=frozen({parse_card(text): sid for sid, text in zip(ids, horses)}),
        phases=(("staking",) if free else ()) + (("widow-exchange",) if sale else ()) + ("stops",),
        free_stake=values["free_stake"] if free else 0,
        stake_sections=ids if free else (),
        first_leader=leader,
        first_lead=first_lead,
        restart=restart,
        duty_passes=duty,
        # restart-colour says who leads, the stopper or the first on his left holding the colour.
        rule_names=replace(profile.rule_names, restart_turn="restart-colour" if restart == LeadKind.OTHER_COLOUR else None),
        deal_plan=frozen(equal_deal(len(pack))) if values["deal"] == "equal" else DealPlan.CIRCUIT,
        exchange=Exchange(ExchangeMode.DEALER_SWAP_OR_AUCTION, first_chooser=chooser) if sale else Exchange(),
        view_hooks=((staking_view,) if free else ()) + ((widow_view,) if sale else ()),
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        session_length=values["rotations"],
        ace_low=values["ace_low"],
        pack=pack,
        values=frozen(values),
    )


NEWMARKET = Profile(
    name="newmarket",
    title="Newmarket",
    min_players=3,
    max_players=8,
    sections=(),
    options=OPTIONS,
    ante=frozen({}),
    dealer_ante=None,
    widow_position=WidowPosition.LAST,
    widow_name="dummy",
    phases=("stops",),
    first_leader=FirstLeader.DEALER_LEFT,
    first_lead=LeadKind.CHOSEN_SUIT,
    restart=LeadKind.OTHER_SUIT,
    pay_on_play=frozen({}),
    going_out_sections=(),
    card_count_rate=1,
    bankroll=Bankroll.CHIPS,
    starting_chips=20,
    session=SessionUnit.ROTATIONS,
    rules=frozen(RULES),
    phase_table=frozen({phase.name: phase for phase in (staking.PHASE, widow_exchange.PHASE, stops.PHASE)}),
    configure_fn=configure,
    words=WORDS,
    rule_names=RuleNames(widow="dummy", pay="horse"),
    settlement=Settlement.SPLIT_WHOLE,
).configure()  # registered as configured: the defaults through the same path as any options
