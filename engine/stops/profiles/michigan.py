"""Michigan: stops with four pay boxes (A♥ K♣ Q♦ J♠) and the Kitty."""

from __future__ import annotations

from dataclasses import replace

from ..cards import parse_card
from ..enums import Bankroll, ExchangeMode, FirstLeader, LeadKind, SessionUnit, WidowPosition, WonBy
from ..phases import stops, widow_exchange
from ..phases.widow_exchange import widow_view
from ..rules import COMMON_RULES
from ..words import N_, Noun, WIDOW, words
from .base import (Exchange, Option, Profile, RuleNames, Section, bankroll_option, frozen, rotations_option,
                   starting_chips_option)

BOXES = {"AH": "A♥", "KC": "K♣", "QD": "Q♦", "JS": "J♠"}
RULES = {
    **COMMON_RULES,
    "widow": "The widow is dealt the last card of each circuit; its cards never pay and are never played.",
    "first-lead": "The player left of the dealer leads first.",
    "lead-lowest": "A lead is the lowest card the leader holds in the suit they choose.",
    "restart": "After a stop, the player who stopped leads the lowest card of another suit; only if they hold nothing else do they lead the same suit again.",
    "box": "Playing A♥, K♣, Q♦ or J♠ in a sequence wins that whole box; holding one wins nothing.",
    "kitty": "The first player out takes the Kitty.",
    "dealer-swap": "Option widow_auction: the dealer may swap their hand for the widow, unseen, before play.",
    "widow-auction": "Option widow_auction: if the dealer keeps their hand, the others bid for the widow; the winner pays the dealer and swaps.",
}

WORDS = words(
    (Noun("kitty", "the Kitty", "of the Kitty", "to the Kitty", "Kitty"),
     Noun("box", "the %(card:name)s box", "of the %(card:name)s box", "to the %(card:name)s box", "%(card:name)s box"),
     WIDOW),
    sections={"kitty": "kitty"}, card_section="box", hand="widow")

OPTIONS = (
    bankroll_option("ledger"),
    starting_chips_option(100),
    rotations_option(),
    Option(
        "widow_auction",
        False,
        "Before play, the dealer may swap their hand for the widow unseen; if they keep it, the others bid for the widow and the winner pays the dealer.",
        label=N_("Widow auction"), help=N_("Before play the dealer may swap their hand for the widow unseen; if the dealer keeps it, the others bid for the widow and the winner pays the dealer."), rule="widow-auction",
    ),
)


def configure(profile: Profile, values: dict) -> Profile:
    auction = values["widow_auction"]
    return replace(
        profile,
        phases=(("widow-exchange",) if auction else ()) + ("stops",),
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        values=frozen(values),
        session_length=values["rotations"],
        # The widow exchange phase, with no pay card to forbid a swap or a bid.
        exchange=Exchange(ExchangeMode.DEALER_SWAP_OR_AUCTION) if auction else Exchange(),
        view_hooks=(widow_view,) if auction else (),
    )


MICHIGAN = Profile(
    name="michigan",
    title="Michigan",
    min_players=3,
    max_players=8,
    sections=tuple(Section(sid, (parse_card(text),), WonBy.PLAY) for sid, text in BOXES.items())
    + (Section("kitty", (), WonBy.GOING_OUT),),
    options=OPTIONS,
    ante=frozen({"AH": 1, "KC": 1, "QD": 1, "JS": 1, "kitty": 2}),
    dealer_ante=None,
    widow_position=WidowPosition.LAST,
    widow_name="widow",
    phases=("stops",),
    first_leader=FirstLeader.DEALER_LEFT,
    first_lead=LeadKind.CHOSEN_SUIT,
    restart=LeadKind.OTHER_SUIT,
    pay_on_play=frozen({parse_card(text): sid for sid, text in BOXES.items()}),
    going_out_sections=("kitty",),
    card_count_rate=1,
    bankroll=Bankroll.LEDGER,
    starting_chips=100,
    session=SessionUnit.ROTATIONS,
    values=frozen({o.name: o.default for o in OPTIONS}),
    rules=frozen(RULES),
    phase_table=frozen({phase.name: phase for phase in (widow_exchange.PHASE, stops.PHASE)}),
    configure_fn=configure,
    words=WORDS,
    rule_names=RuleNames(pay="box"),
).configure()  # registered as configured: the defaults through the same path as any options
