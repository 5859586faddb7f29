"""Rummoli: the central Rummoli pot and eight pots, a widow exchange, poker, and stops.

A round: everyone antes 1 on each of the nine pots; the deal (the widow gets the last card
of each circuit, or the first with ``widow_first``); the widow exchange (dealer's swap or an
auction: :mod:`stops.phases.widow_exchange`); one fixed-limit betting round and a showdown
for the Poker pot (:mod:`stops.phases.betting`); then the stops phase, begun by the poker
winner with the lowest card of his whole hand. After a stop or an ace the player who played
the last card plays the lowest card of a suit of the opposite colour; without one, the duty
passes clockwise; if nobody holds that colour the round is deadlocked (everyone pays 1 chip
per card into the Rummoli pot, which carries over). 10♠ J♦ Q♣ K♥ A♠ win their pots when
played; K♦ then A♦ by one player wins the Ace-King pot; 7-8-9 of a suit by one player wins
the 7-8-9 pot. The first out takes the Rummoli pot and 1 chip per card from each rival. At
the end of the session the board is pooled and decided by a final showdown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ..cards import ACE, EIGHT, KING, NINE, SEVEN, SUITS, Card, Suit, card, parse_card
from ..chips import format_amount, player, section
from ..enums import Bankroll, DutyKind, ExchangeMode, FirstLeader, LeadKind, SessionUnit, WidowPosition, WonBy
from ..events import Event
from ..phases import betting, stops, widow_exchange
from ..phases.betting import betting_view
from ..phases.widow_exchange import widow_view
from ..kernel.claims import PlayRun
from ..kernel.showdown import RANKERS
from ..poker import best_five, poker_name
from ..rules import COMMON_RULES
from ..words import N_, Noun, WIDOW, words
from .base import Betting, Exchange, Option, Profile, RuleNames, Section, bankroll_option, frozen, starting_chips_option

POT_CARDS = {"TS": "10♠", "JD": "J♦", "QC": "Q♣", "KH": "K♥", "AS": "A♠"}
PAY_CARDS = frozenset(parse_card(text) for text in ("10♠", "J♦", "Q♣", "K♥", "A♠", "A♦", "K♦"))
KING_DIAMONDS = card(KING, Suit.DIAMONDS)
ACE_DIAMONDS = card(ACE, Suit.DIAMONDS)
SECTION_IDS = ("rummoli", "poker", *POT_CARDS, "ace_king", "seven_eight_nine")

OPTIONS = (
    bankroll_option("chips"),
    starting_chips_option(100),
    Option("widow_first", False, "The widow receives the first card of each circuit instead of the last.",
           label=N_("Widow dealt first"), help=N_("The widow receives the first card of each circuit instead of the last."), rule="deal"),
    Option("bet_unit", 1, "The fixed size of a bet and of a raise in the poker phase.", minimum=1, maximum=1000,
           label=N_("Bet unit"), help=N_("The fixed size of a bet or a raise."), rule="betting"),
    Option("max_raises", 3, "The most raises after the bet in the poker phase.", minimum=0, maximum=100,
           label=N_("Raise cap"), help=N_("The most raises allowed in the betting round."), rule="betting"),
    Option("final_poker_per_pot", False, "At the end of the session, one showdown per non-empty pot, smallest pot first, instead of one for the pooled board.",
           label=N_("Final showdown per pot"), help=N_("At the end, one showdown per pot, smallest first, instead of one for everything."), rule="final-showdown"),
)

RULES = {
    **COMMON_RULES,
    "split": "Tied winners share a section in equal whole shares; odd chips stay in it.",
    "widow": "The widow is dealt the last card of each circuit; the hand given up in a swap is dead.",
    "pay-cards": "10♠ J♦ Q♣ K♥ A♠ A♦ K♦ are pay cards for the widow exchange.",
    "dealer-swap": "The dealer may swap their hand for the widow, unseen, unless it holds a pay card.",
    "widow-auction": "Otherwise the players without pay cards bid for the widow; the winner pays the dealer and swaps.",
    "betting": "One fixed-limit betting round: check, bet, call, raise or fold.",
    "showdown": "The best five-card hand among those still in takes the Poker pot and the bets; ties split.",
    "fold-out": "If everyone else folds, the last player takes the Poker pot unseen.",
    "first-lead": "The poker winner starts the stops phase with the lowest card of their whole hand.",
    "colour-switch": "After a stop or an ace, the last player plays the lowest card of a suit of the opposite colour.",
    "duty-passes": "A player with no card of the required colour passes the duty clockwise.",
    "deadlock": "If nobody holds the required colour, each player pays 1 chip per card into the Rummoli pot.",
    "pot-card": "Playing 10♠, J♦, Q♣, K♥ or A♠ wins that pot.",
    "ace-king": "Playing K♦ and then A♦ oneself, one after the other, wins the Ace-King pot.",
    "seven-eight-nine": "Playing 7, 8 and 9 of one suit oneself, one after the other, wins the 7-8-9 pot.",
    "rummoli-pot": "The first player out wins the Rummoli pot.",
    "final-showdown": "At the end of the session the board is pooled and decided by a final showdown.",
}

WORDS = words(
    (Noun("rummoli-pot", "the Rummoli pot", "of the Rummoli pot", "to the Rummoli pot", "Rummoli"),
     Noun("poker-pot", "the Poker pot", "of the Poker pot", "to the Poker pot", "Poker"),
     Noun("card-pot", "the %(card:name)s pot", "of the %(card:name)s pot", "to the %(card:name)s pot", "%(card:name)s pot"),
     Noun("ace-king", "the Ace-King of diamonds", "of the Ace-King of diamonds", "to the Ace-King of diamonds", "Ace-King of diamonds"),
     Noun("seven-eight-nine", "the 7-8-9", "of the 7-8-9", "to the 7-8-9", "7-8-9"),
     WIDOW),
    sections={"rummoli": "rummoli-pot", "poker": "poker-pot", "ace_king": "ace-king", "seven_eight_nine": "seven-eight-nine"},
    card_section="card-pot", hand="widow")

# ----- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FinalShowdown(Event):
    """End of the session: five cards to each player for ``section`` (``amount`` chips); ``winners`` share it."""

    type: ClassVar[str] = "final-showdown"
    section: str
    amount: int
    dealer: int
    hands: tuple[tuple[int, tuple[Card, ...], str], ...]  # (seat, the five cards dealt, hand name)
    winners: tuple[int, ...]
    rule: str

    def to_json(self, names) -> dict:
        return {
            "type": self.type,
            "section": self.section,
            "amount": format_amount(self.amount),
            "dealer": names[self.dealer],
            "hands": [{"player": names[s], "cards": [str(c) for c in cards], "hand": label} for s, cards, label in self.hands],
            "winners": [names[s] for s in self.winners],
            "rule": self.rule,
        }


# ----- the combination pots and the colour switch ------------------------------------------

# K♦ then A♦, or 7-8-9 of one suit, played by one player one right after the other.
PLAY_RUNS = (
    PlayRun("ace_king", "ace-king", ((KING_DIAMONDS, ACE_DIAMONDS),)),
    PlayRun("seven_eight_nine", "seven-eight-nine", tuple((card(SEVEN, s), card(EIGHT, s), card(NINE, s)) for s in SUITS)),
)


def rummoli_view(rnd, seat: int | None, view: dict) -> None:
    """The colour a lead after a stop must be, when one is pending."""
    state = rnd.state.stops
    colour = None
    if state is not None and state.lead_pending and not state.first and state.stopped is not None and not rnd.over:
        colour = state.stopped.colour.opposite.name.lower()
    view["lead_colour"] = colour
    # The rule that asks for it, so that a page can link the requirement to its paragraph.
    view["lead_rule"] = rnd.profile.rule("colour-switch") if colour else None


# ----- the end of the session ------------------------------------------------------------


def final_showdown(session) -> list[Event]:
    """Pool the board (or take each non-empty pot, smallest first) and deal five cards to each
    player for a showdown; ties split, odd chips one at a time from the dealer's left."""
    profile = session.profile
    rule = profile.rule("final-showdown")
    board = session.ledger.board
    seats = sorted(session.active, key=lambda s: (s - session.dealer - 1) % session.n)
    if not seats:
        return []
    events: list[Event] = []
    if profile.option("final_poker_per_pot"):
        order = {sid: i for i, sid in enumerate(profile.section_ids())}
        pots = sorted((sid for sid, amount in board.items() if amount), key=lambda sid: (board[sid], order[sid]))
    else:
        for sid, amount in board.items():
            if sid != "rummoli" and amount:
                events.append(session.ledger.transfer(section(sid), section("rummoli"), amount, "pool", rule, "pool"))
        pots = ["rummoli"] if board["rummoli"] else []
    for sid in pots:
        events += _showdown_for(session, seats, sid, rule)
    return events


def _showdown_for(session, seats: list[int], sid: str, rule: str) -> list[Event]:
    dealt = session.final_deal(seats, rule=rule)
    ranker = RANKERS["poker"]  # the showdown's poker hands; the odd chips go one at a time, below
    winners = ranker.winners({seat: ranker.key(session.profile, dealt[seat], None) for seat in seats}, seats)
    amount = session.ledger.board[sid]
    hands = tuple((seat, best_five(dealt[seat]), poker_name(dealt[seat])) for seat in seats)
    events: list[Event] = [FinalShowdown(sid, amount, session.dealer, hands, winners, rule)]
    share, odd = divmod(amount, len(winners))
    for index, seat in enumerate(winners):
        event = session.ledger.transfer(section(sid), player(seat), share + (1 if index < odd else 0), "final-showdown", rule, "final-showdown")
        if event:
            events.append(event)
    return events


# ----- the profile ---------------------------------------------------------------------


def configure(profile: Profile, values: dict) -> Profile:
    return replace(
        profile,
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        widow_position=WidowPosition.FIRST if values["widow_first"] else WidowPosition.LAST,
        values=frozen(values),
        betting=Betting("poker", values["bet_unit"], values["max_raises"]),
    )


RUMMOLI = Profile(
    name="rummoli",
    title="Rummoli",
    min_players=2,
    max_players=8,
    sections=(
        Section("rummoli", (), WonBy.GOING_OUT),
        Section("poker", (), WonBy.POKER),
        *(Section(sid, (parse_card(text),), WonBy.PLAY) for sid, text in POT_CARDS.items()),
        Section("ace_king", (KING_DIAMONDS, ACE_DIAMONDS), WonBy.COMBO_PLAY),
        Section("seven_eight_nine", (), WonBy.COMBO_PLAY),
    ),
    options=OPTIONS,
    ante=frozen({sid: 1 for sid in SECTION_IDS}),
    dealer_ante=None,
    widow_position=WidowPosition.LAST,
    widow_name="widow",
    phases=("widow-exchange", "betting", "stops"),
    first_leader=FirstLeader.POKER_WINNER,
    first_lead=LeadKind.LOWEST_CARD,
    restart=LeadKind.OPPOSITE_COLOUR,
    pay_on_play=frozen({parse_card(text): sid for sid, text in POT_CARDS.items()}),
    going_out_sections=("rummoli",),
    card_count_rate=1,
    bankroll=Bankroll.CHIPS,
    starting_chips=100,
    session=SessionUnit.ROUNDS,
    values=frozen({o.name: o.default for o in OPTIONS}),
    rules=frozen(RULES),
    phase_table=frozen({phase.name: phase for phase in (widow_exchange.PHASE, betting.PHASE, stops.PHASE)}),
    configure_fn=configure,
    events=(FinalShowdown,),
    words=WORDS,
    exchange=Exchange(ExchangeMode.DEALER_SWAP_OR_AUCTION, PAY_CARDS),
    betting=Betting("poker", 1, 3),
    rule_names=RuleNames(pay="pot-card", going_out=frozen({"rummoli": "rummoli-pot"})),
    play_runs=PLAY_RUNS,
    duty_passes=DutyKind.OPPOSITE_COLOUR,
    deadlock_section="rummoli",
    view_hooks=(widow_view, betting_view, rummoli_view),
    session_end=final_showdown,
).configure()  # registered as configured: the defaults through the same path as any options
