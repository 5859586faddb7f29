"""The fixed sets of values a profile's fields take, one enumeration each.

Each is a :class:`~enum.StrEnum`: a member is its string (``Turn.SEAT == "seat"``, the same
hash, the same JSON), so documents, replays and :meth:`Profile.describe
<stops.profiles.base.Profile.describe>` read as before, and a profile may be written with the
strings. A profile takes its values in (``Profile.__post_init__``): a string outside the set
fails when the profile is made, naming the game, the field and the values allowed
(:func:`member`). The kernel's tables keyed by these names (``kernel.leads.LEADS`` and
``DUTIES``, ``kernel.showdown.RANKERS``, ``deal.TURN_UP_PLACES``, ``session.SETTLEMENTS``)
are keyed by the members, and a test holds each table to its enumeration.
"""

from __future__ import annotations

from enum import StrEnum


class WidowPosition(StrEnum):
    """Which card of each circuit of the deal the extra hand receives (``Profile.widow_position``)."""

    FIRST = "first"
    LAST = "last"


class DealPlan(StrEnum):
    """How the pack is dealt when ``Profile.deal_plan`` is not a table of hand sizes: all of it,
    one card at a time round the players and the extra hand."""

    CIRCUIT = "circuit"


class TurnUp(StrEnum):
    """A card turned up for trumps after the deal (``Profile.turn_up``): none; the last card of the
    pack, face up to the extra hand, never played (``to-stock``); the dealer's last card, kept in the
    dealer's hand (``to-dealer``); the last card dealt to a player, kept by whoever received it
    (``to-last``)."""

    NONE = "none"
    TO_STOCK = "to-stock"
    TO_DEALER = "to-dealer"
    TO_LAST = "to-last"


class FirstLeader(StrEnum):
    """Who leads the stops phase first (``Profile.first_leader``): the player left of the dealer, the
    winner of an earlier phase (the poker or the vying; the dealer's left when it chose nobody), or
    whoever holds the card the first lead names (``holder``: Newmarket's lowest diamond or club;
    the dealer's left when no player holds one)."""

    DEALER_LEFT = "dealer-left"
    POKER_WINNER = "poker-winner"
    VYING_WINNER = "vying-winner"
    HOLDER = "holder"


class LeadKind(StrEnum):
    """A lead rule (``Profile.first_lead``, ``Profile.restart``), the keys of
    :data:`stops.kernel.leads.LEADS`, which says what each allows."""

    CHOSEN_SUIT = "chosen-suit"
    OTHER_SUIT = "other-suit"
    LONGEST_SUIT = "longest-suit"
    ANY_SUIT = "any-suit"
    LOWEST_CARD = "lowest-card"
    ANY_CARD = "any-card"
    SKIP_RANK = "skip-rank"
    OPPOSITE_COLOUR = "opposite-colour"
    OTHER_COLOUR = "other-colour"
    LOWEST_DIAMOND = "lowest-diamond"
    LOWEST_CLUB = "lowest-club"


class DutyKind(StrEnum):
    """A duty to lead that passes on after a stop (``Profile.duty_passes``), the keys of
    :data:`stops.kernel.leads.DUTIES`."""

    OPPOSITE_COLOUR = "opposite-colour"
    OTHER_SUIT = "other-suit"
    OTHER_COLOUR = "other-colour"


class SequenceBy(StrEnum):
    """How a sequence runs (``Profile.sequence``): the next card of the suit, or any card of the next rank."""

    SUIT = "suit"
    RANK = "rank"


class Turn(StrEnum):
    """Who plays the next card (``Profile.turn``): whoever holds it, or the player on turn, the
    turn going round the table."""

    HOLDER = "holder"
    SEAT = "seat"


class CardValue(StrEnum):
    """What a card left in hand costs its holder when a rival goes out (``Profile.card_value``):
    1 each (times the card-count rate), or its pips (ace 1, 2-10 face value, J Q K 10)."""

    COUNT = "count"
    PIPS = "pips"


class HeldPenalty(StrEnum):
    """At the end of the round (``Profile.held_penalty``): nothing, or each holder of a pay card
    still in hand doubles its section."""

    NONE = "none"
    DOUBLE = "double"


class Bankroll(StrEnum):
    """A running score that may go negative, or finite chip stacks (``Profile.bankroll``)."""

    LEDGER = "ledger"
    CHIPS = "chips"


class SessionUnit(StrEnum):
    """What ``Profile.session_length`` counts (``Profile.session``): full rotations of the deal, or rounds."""

    ROTATIONS = "rotations"
    ROUNDS = "rounds"


class Settlement(StrEnum):
    """How a session's end shares the board when the game has no hook of its own
    (``Profile.settlement``): equal shares in exact fractions, or in whole chips, the odd ones staying."""

    SPLIT = "split"
    SPLIT_WHOLE = "split-whole"


class ExchangeMode(StrEnum):
    """Who may swap hands with the extra hand before play (``Exchange.mode``): nobody; the dealer
    (or the player at his left) unseen, else the others bid (the widow exchange); everyone bids
    (the ghost auction)."""

    NONE = "none"
    DEALER_SWAP_OR_AUCTION = "dealer-swap-or-auction"
    AUCTION = "auction"


class FirstChooser(StrEnum):
    """Who may swap unseen first in a widow exchange (``Exchange.first_chooser``)."""

    DEALER = "dealer"
    DEALER_LEFT = "dealer-left"


class BetSizes(StrEnum):
    """The size of a bet (``Betting.sizes``): a fixed unit, or any whole number in a range."""

    FIXED = "fixed"
    RANGE = "range"


class Ranker(StrEnum):
    """What a betting round's showdown compares (``Betting.ranker``), keys of
    :data:`stops.kernel.showdown.RANKERS`: poker hands, or sets of equal rank."""

    POKER = "poker"
    SETS = "sets"


class Opener(StrEnum):
    """Who may bet first (``Betting.opener``): anyone, or only a player holding a set."""

    ANY = "any"
    NEEDS_SET = "needs-set"


class Terms(StrEnum):
    """The words a betting round speaks in (``Betting.terms``): poker's, or the vying's (pass, poch, hold)."""

    POKER = "poker"
    VYING = "vying"


class WonBy(StrEnum):
    """How a section is won (``Section.won_by``)."""

    PLAY = "play"  # playing its card
    HOLD = "hold"  # holding its card
    COMBO_HOLD = "combo-hold"  # holding a set of its cards
    COMBO_PLAY = "combo-play"  # playing a set of its cards
    RUN_HOLD = "run-hold"  # holding a run of one suit
    POKER = "poker"  # the best poker hand
    VYING = "vying"  # the best set of the vying
    GOING_OUT = "going-out"  # going out first


# The ways of winning a section by holding cards (the holding phase pays them).
HOLD_KINDS = frozenset({WonBy.HOLD, WonBy.COMBO_HOLD, WonBy.RUN_HOLD})


class Award(StrEnum):
    """Who of several holders takes a section won by holding (``Section.award``): all share it,
    or the best holder alone."""

    ALL_HOLDERS = "all-holders"
    BEST = "best"


class SectionSuit(StrEnum):
    """The suit a section's cards are named in by rank (``Section.suit``): the round's trumps."""

    TRUMP = "trump"


def member(kind: type[StrEnum], value, game: str, field: str) -> StrEnum:
    """``value`` as a member of ``kind`` (a member, or its string); else a TypeError naming the
    game, the field and the values allowed."""
    try:
        return kind(value)
    except ValueError:
        raise TypeError(f"{game}: {field} is one of {', '.join(kind)}, not {value!r}") from None
