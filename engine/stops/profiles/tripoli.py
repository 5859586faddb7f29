"""Tripoli (Tripoley): three phases on one board — holding, poker, stops.

Eight sections: the pay cards A♥ K♥ Q♥ J♥ 10♥, King-Queen, the Kitty (8-9-10, also the
stops winner's prize) and the Pot (poker). The dealer antes 2 on every section, each other
player 1. The spare hand sits at the dealer's left and receives the first card of each
circuit. Phase 1 pays holders (:mod:`stops.phases.holding`), phase 2 a poker showdown
(:mod:`stops.phases.poker_phase`), an optional auction for the spare hand comes next
(:mod:`stops.phases.ghost_auction`) and phase 3 is the common stops phase: the first lead is
the lowest card of the leader's longest suit; after a stop the stopper leads the lowest card
of any suit. The first player out takes the Kitty and 1 chip per card from each rival.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import EIGHT, KING, NINE, QUEEN, SUITS, TEN, Suit, card, parse_card
from ..enums import Bankroll, ExchangeMode, FirstLeader, LeadKind, SessionUnit, WidowPosition, WonBy
from ..phases import ghost_auction, holding, poker_phase, stops
from ..phases.ghost_auction import auction_view
from ..rules import COMMON_RULES
from ..words import N_, Noun, words
from .base import Exchange, Option, Profile, RuleNames, Section, bankroll_option, frozen, starting_chips_option

HEARTS = {"AH": "A♥", "KH": "K♥", "QH": "Q♥", "JH": "J♥", "TH": "10♥"}
BOODLE = {"AH": "A♥", "KC": "K♣", "QD": "Q♦", "JS": "J♠"}

OPTIONS = (
    bankroll_option("chips"),
    starting_chips_option(100),
    Option("rounds", 10, "Rounds in a session; it ends sooner when too few players can pay the ante.", minimum=1, maximum=1000,
           label=N_("Rounds"), help=N_("Rounds in a session; it ends sooner when too few players can pay the ante."), rule="session-end"),
    Option("equal_antes", False, "Everyone, the dealer too, puts 1 chip on each section.",
           label=N_("Equal antes"), help=N_("The dealer antes 1 like everyone else, instead of 2."), rule="ante"),
    Option("no_poker", False, "No poker phase: the Pot section is not on the board.",
           label=N_("No poker"), help=N_("Skip the poker phase; the Pot is not on the board."), rule="poker"),
    Option("ghost_auction", False, "Before the stops phase, players bid chips into the Kitty to swap hands with the spare hand.",
           label=N_("Spare-hand auction"), help=N_("Before the stops, the players bid to swap their hand for the spare hand; the bid goes into the Kitty."), rule="ghost-auction"),
    Option("boodle_cards", False, "The pay-card sections are A♥ K♣ Q♦ J♠ instead of the five hearts.",
           label=N_("Boodle cards"), help=N_("The pay cards are A♥ K♣ Q♦ J♠ instead of the five hearts."), rule="board"),
    Option("hearts_only_combos", False, "King-Queen and 8-9-10 must be hearts.",
           label=N_("Hearts-only combinations"), help=N_("King-Queen and 8-9-10 count only in hearts."), rule="king-queen"),
    Option("pozo_once", False, "The stops winner takes the Kitty only if nobody took it in phase 1.",
           label=N_("Kitty once"), help=N_("The stops winner takes the Kitty only if nobody took it by holding an 8-9-10."), rule="pozo"),
)

RULES = {
    **COMMON_RULES,
    "split": "Tied winners share a section in equal whole shares; odd chips stay in it.",
    "ghost-hand": "The spare hand sits at the dealer's left, receives the first card of each circuit and is never played.",
    "hearts": "Phase 1: whoever holds a pay card takes that section.",
    "king-queen": "Phase 1: whoever holds the king and queen of one suit takes the King-Queen section.",
    "eight-nine-ten": "Phase 1: whoever holds 8, 9 and 10 of one suit takes the Kitty.",
    "ghost-sections": "A section whose cards lie in the spare hand stays on the board.",
    "poker": "Phase 2: the best five-card poker hand takes the Pot.",
    "ghost-auction": "Before the stops phase, players bid to swap their hand with the spare hand; the bid goes to the Kitty.",
    "first-lead": "Phase 3: the player left of the dealer leads the lowest card of their longest suit.",
    "restart": "After a stop, the player who stopped leads the lowest card of any suit they choose.",
    "pozo": "The first player out takes the Kitty.",
    "elimination": "A player without chips is out of the session.",
}

WORDS = words(
    (Noun("king-queen", "the King-Queen", "of the King-Queen", "to the King-Queen", "King-Queen"),
     Noun("pozo", "the Kitty", "of the Kitty", "to the Kitty", "Kitty"),
     Noun("pot", "the Pot", "of the Pot", "to the Pot", "Pot"),
     Noun("card-section", "the %(card:name)s section", "of the %(card:name)s section", "to the %(card:name)s section", "%(card:name)s section"),
     Noun("ghost-hand", "the spare hand", "of the spare hand", "to the spare hand", "spare hand")),
    sections={"king_queen": "king-queen", "pozo": "pozo", "pot": "pot"}, card_section="card-section", hand="ghost-hand")


def sections(values: dict) -> tuple[Section, ...]:
    pay = BOODLE if values["boodle_cards"] else HEARTS
    suits = (Suit.HEARTS,) if values["hearts_only_combos"] else SUITS
    board = [Section(sid, (parse_card(text),), WonBy.HOLD) for sid, text in pay.items()]
    board.append(Section("king_queen", tuple(card(rank, s) for s in suits for rank in (QUEEN, KING)), WonBy.COMBO_HOLD))
    board.append(Section("pozo", tuple(card(rank, s) for s in suits for rank in (EIGHT, NINE, TEN)), WonBy.COMBO_HOLD))
    if not values["no_poker"]:
        board.append(Section("pot", (), WonBy.POKER))
    return tuple(board)


def section_rules(board: tuple[Section, ...]) -> dict[str, str]:
    rules = {s.id: "hearts" for s in board if s.won_by == WonBy.HOLD}
    return rules | {"king_queen": "king-queen", "pozo": "eight-nine-ten", "pot": "poker"}


def showdown_view(rnd, seat, view: dict) -> None:
    """The poker hands shown in phase 2 (public once shown)."""
    shown = rnd.state.showdown
    if shown is not None:
        view["showdown"] = [h.to_json(rnd.names) for h in shown]


def no_settlement(session) -> list:
    """Tripoli settles nothing at the end: chips left on the board stay there; most chips wins."""
    return []


def configure(profile: Profile, values: dict) -> Profile:
    board = sections(values)
    ids = [s.id for s in board]
    return replace(
        profile,
        sections=board,
        ante=frozen({sid: 1 for sid in ids}),
        dealer_ante=None if values["equal_antes"] else frozen({sid: 2 for sid in ids}),
        phases=("holding",)
        + (() if values["no_poker"] else (poker_phase.PHASE.name,))
        + ((ghost_auction.PHASE.name,) if values["ghost_auction"] else ())
        + ("stops",),
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        values=frozen(values),
        session_length=values["rounds"],
        rule_names=replace(profile.rule_names, sections=frozen(section_rules(board))),
        exchange=Exchange(ExchangeMode.AUCTION) if values["ghost_auction"] else Exchange(),
        # ``pozo_once``: the stops winner takes the Kitty only if nobody took it in phase 1.
        going_out_skips_held=values["pozo_once"],
    )


TRIPOLI = Profile(
    name="tripoli",
    title="Tripoli",
    min_players=3,
    max_players=9,
    sections=(),
    options=OPTIONS,
    ante=frozen({}),
    dealer_ante=None,
    widow_position=WidowPosition.FIRST,
    widow_name="ghost hand",
    phases=(),
    first_leader=FirstLeader.DEALER_LEFT,
    first_lead=LeadKind.LONGEST_SUIT,
    restart=LeadKind.ANY_SUIT,
    pay_on_play=frozen({}),
    going_out_sections=("pozo",),
    card_count_rate=1,
    bankroll=Bankroll.CHIPS,
    starting_chips=100,
    session=SessionUnit.ROUNDS,
    rule_names=RuleNames(widow="ghost-hand", leave="elimination"),
    rules=frozen(RULES),
    phase_table=frozen({phase.name: phase for phase in (holding.PHASE, poker_phase.PHASE, ghost_auction.PHASE, stops.PHASE)}),
    configure_fn=configure,
    words=WORDS,
    view_hooks=(auction_view, showdown_view),
    session_end=no_settlement,
).configure()  # registered as configured: the defaults through the same path as any options
