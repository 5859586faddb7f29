"""Michigan: stops with four pay boxes (A♥ K♣ Q♦ J♠) and the Kitty."""

from __future__ import annotations

from dataclasses import replace

from ..cards import parse_card
from .. import phases
from ..phases.widow_exchange import PHASE as WIDOW_EXCHANGE, widow_view
from .base import Option, Profile, Section, frozen

BOXES = {"AH": "A♥", "KC": "K♣", "QD": "Q♦", "JS": "J♠"}
SECTION_NAMES = {"kitty": "the Kitty", **{sid: f"the {text} box" for sid, text in BOXES.items()}}

OPTIONS = (
    Option("bankroll", "ledger", "Running score that may go negative (ledger), or finite chip stacks (chips).", ("ledger", "chips")),
    Option("starting_chips", 100, "Each player's stack at the start of a session with chips.", minimum=1, maximum=1_000_000),
    Option("rotations", 1, "Full rotations of the deal in a session (everyone deals this many times).", minimum=1, maximum=100),
    Option(
        "widow_auction",
        False,
        "Before play, the dealer may swap his hand for the widow unseen; if he keeps it, the others bid for the widow and the winner pays him.",
    ),
)


def configure(profile: Profile, values: dict) -> Profile:
    extra = dict(profile.extra)
    if values["widow_auction"]:
        # The widow exchange phase, with no pay card to forbid a swap or a bid.
        extra.update(widow_exchange="dealer-swap-or-auction", pay_cards=frozenset(), view=(widow_view,))
    return replace(
        profile,
        phases=(("widow-exchange",) if values["widow_auction"] else ()) + ("stops",),
        bankroll=values["bankroll"],
        starting_chips=values["starting_chips"],
        values=frozen(values),
        extra=frozen(extra),
    )


phases.register(WIDOW_EXCHANGE)

MICHIGAN = Profile(
    name="michigan",
    title="Michigan",
    min_players=3,
    max_players=8,
    sections=tuple(Section(sid, (parse_card(text),), "play") for sid, text in BOXES.items())
    + (Section("kitty", (), "going-out"),),
    options=OPTIONS,
    ante=frozen({"AH": 1, "KC": 1, "QD": 1, "JS": 1, "kitty": 2}),
    dealer_ante=None,
    widow_position="last",
    widow_name="widow",
    phases=("stops",),
    first_leader="dealer-left",
    first_lead="chosen-suit",
    restart="other-suit",
    pay_on_play=frozen({parse_card(text): sid for sid, text in BOXES.items()}),
    going_out_sections=("kitty",),
    card_count_rate=1,
    bankroll="ledger",
    starting_chips=100,
    session="rotations",
    values=frozen({o.name: o.default for o in OPTIONS}),
    configure_fn=configure,
    extra=frozen({"section_names": SECTION_NAMES}),
)
