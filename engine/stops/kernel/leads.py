"""Lead rules: which cards a seat may lead, on the compact table; who must lead after a stop.

A lead rule is a function ``(owner, seat, stopped, order) -> the cards allowed, sorted``,
where ``stopped`` is the card that stopped the previous sequence (None for the phase's
first lead) and ``order`` the game's :class:`PackOrder` (its pack, lowest rank first:
``Profile.order``). The profile names its first lead (``first_lead``) and its lead after
a stop (``restart``) from :data:`LEADS`. Each rule also says what a lead reveals to
everyone (:meth:`Lead.reveals`: the cards the leader cannot hold), for determinization.

After a stop, the player who played the stopping card leads. Where the profile names a
duty (``duty_passes``, from :data:`DUTIES`), a stopper who holds no card the duty asks
for passes the lead clockwise to the first player who does (:func:`leader_after_stop`);
when nobody does, the duty says what happens: a deadlock (Rummoli's opposite colour) or
the stopper leads after all (Newmarket's other suit: he leads the stopped suit again; its
other colour: another suit of his colour, else the stopped one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..enums import DutyKind, FirstLeader, LeadKind
from ..seats import clockwise, from_left_of
from .sequence import RANKS, rank_positions

SUIT_BASES = (0, 13, 26, 39)
RED_SUITS = (1, 2)  # hearts, diamonds
DIAMONDS, CLUBS = 2, 3
# The first leads that name one card, the lowest of a suit any player holds: its suit.
LEAD_SUITS = {LeadKind.LOWEST_DIAMOND: DIAMONDS, LeadKind.LOWEST_CLUB: CLUBS}


@dataclass(frozen=True, eq=False)
class PackOrder:
    """A game's pack in its rank order: ``suits`` per suit (♠ ♥ ♦ ♣) its cards lowest
    first; ``ranks`` the pack's cards grouped by rank, lowest rank first; ``key`` per card
    (all 52) its rank's place in the game's order (two 0 ace high, ace 0 ace low), or -1
    outside the pack; ``standard`` for the full
    52-card pack ace high (the rules then read the table by slices, faster)."""

    suits: tuple[tuple[int, ...], ...]
    ranks: tuple[tuple[int, ...], ...]
    key: tuple[int, ...]
    cards: frozenset
    standard: bool
    by_suit: tuple[int, ...]  # the pack suit after suit, each lowest first (``suits`` end to end)


@lru_cache(maxsize=None)
def pack_order(pack: tuple[int, ...], ace_low: bool = False) -> PackOrder:
    """The :class:`PackOrder` of ``pack`` (card ints), ace high or low (one object per pack and order)."""
    place = rank_positions(ace_low)
    cards = frozenset(int(c) for c in pack)
    key = tuple(place[c % RANKS] if c in cards else -1 for c in range(52))
    suits = tuple(tuple(sorted((c for c in range(base, base + RANKS) if c in cards), key=key.__getitem__)) for base in SUIT_BASES)
    ranks = tuple(g for g in (tuple(c for c in range(52) if key[c] == r) for r in range(RANKS)) if g)
    return PackOrder(suits, ranks, key, cards, standard=cards == frozenset(range(52)) and not ace_low,
                     by_suit=tuple(c for suit in suits for c in suit))


STANDARD = pack_order(tuple(range(52)), False)


def lowest_by_suit(owner, seat: int, order: PackOrder) -> list[int]:
    """The seat's lowest card of each suit it holds, in suit order."""
    out = []
    if order.standard:
        for base in SUIT_BASES:
            suit = owner[base:base + 13]
            if seat in suit:
                out.append(base + suit.index(seat))
        return out
    for suit in order.suits:
        for c in suit:
            if owner[c] == seat:
                out.append(c)
                break
    return out


def lead_chosen_suit(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of any suit the leader holds."""
    return lowest_by_suit(owner, seat, order)


def lead_other_suit(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of another suit than the one that stopped; that suit only if nothing else."""
    lowest = lowest_by_suit(owner, seat, order)
    if stopped is not None:
        suit = stopped // 13
        others = [c for c in lowest if c // 13 != suit]
        if others:
            return others
    return lowest


def lead_longest_suit(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of the leader's longest suit (his choice between equally long ones)."""
    best, out = 0, []
    for suit in order.suits:
        held = [c for c in suit if owner[c] == seat]
        count = len(held)
        if count > best:
            best, out = count, [held[0]]
        elif count == best and count:
            out.append(held[0])
    return out


def lead_lowest_card(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of the whole hand (his choice between equal ranks)."""
    for rank in order.ranks:
        out = [c for c in rank if owner[c] == seat]
        if out:
            return out
    return []


def lead_any_card(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """Any card the leader holds."""
    return [c for c in order.by_suit if owner[c] == seat]


def _ranks_after_gap(stopped: int, order: PackOrder) -> list[tuple[int, ...]]:
    """The ranks above the one missing after ``stopped``, lowest first, wrapping from the top
    round to the lowest, then the missing rank itself: nobody held it when the turn went
    round, unless a player stopped at will holding it (Nain Jaune's ``may_stop``), and leads it
    only when he holds nothing else."""
    ranks = order.ranks
    missing = order.key[stopped] + 1
    return [ranks[(missing + step) % len(ranks)] for step in range(1, len(ranks) + 1)]


def lead_skip_rank(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """After a rank nobody could play (Nain Jaune's ``gap=skip-rank``): the seat's cards of
    the lowest rank above the missing one it holds, wrapping round (the missing rank itself
    last: :func:`_ranks_after_gap`); after the top rank: any card."""
    if stopped is None or order.key[stopped] == len(order.ranks) - 1:
        return lead_any_card(owner, seat, stopped, order)
    for rank in _ranks_after_gap(stopped, order):
        held = [c for c in rank if owner[c] == seat]
        if held:
            return sorted(held)
    return []


def _skip_rank_reveals(c: int, stopped, order: PackOrder) -> list[int]:
    """The ranks skipped between the missing one and the card led are not in the leader's hand."""
    if stopped is None or order.key[stopped] == len(order.ranks) - 1:
        return []
    out = []
    for rank in _ranks_after_gap(stopped, order):
        if c in rank:
            return out
        out += rank
    return out


def lead_opposite_colour(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of each suit of the colour opposite the card that stopped (any suit first)."""
    lowest = lowest_by_suit(owner, seat, order)
    if stopped is None:
        return lowest
    red = (stopped // 13) in RED_SUITS
    return [c for c in lowest if ((c // 13) in RED_SUITS) != red]


def lead_other_colour(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of each suit of the colour opposite the card that stopped; with none,
    of each other suit of the same colour; with nothing else, of the stopped suit (Newmarket's
    ``restart=other-colour``: the duty passes first, so the stopper falls back only when
    nobody holds the other colour)."""
    lowest = lowest_by_suit(owner, seat, order)
    if stopped is None:
        return lowest
    red = (stopped // 13) in RED_SUITS
    opposite = [c for c in lowest if ((c // 13) in RED_SUITS) != red]
    if opposite:
        return opposite
    suit = stopped // 13
    return [c for c in lowest if c // 13 != suit] or lowest


def lowest_held(owner, suit: int, order: PackOrder) -> int | None:
    """The lowest card of ``suit`` (0 to 3: ♠ ♥ ♦ ♣) a player holds, or None when no player
    holds one (the lower ones are in the widow, dead, played or out of the pack)."""
    for c in order.suits[suit]:
        if owner[c] >= 0:
            return c
    return None


def lead_lowest_held(suit: int) -> Callable:
    """The first lead by the holder of the lowest card of ``suit`` any player holds (the 2,
    else the 3, and so on): that card, and only for him; when no player holds the suit, the
    lowest card of a suit the leader chooses (Newmarket's ``first_lead=lowest-diamond``)."""

    def lead(owner, seat: int, stopped, order: PackOrder) -> list[int]:
        c = lowest_held(owner, suit, order)
        if c is None:
            return lowest_by_suit(owner, seat, order)
        return [c] if owner[c] == seat else []

    return lead


def lead_another_suit_only(owner, seat: int, stopped, order: PackOrder) -> list[int]:
    """The lowest card of each suit other than the one that stopped (none: the seat cannot lead)."""
    suit = stopped // 13
    return [c for c in lowest_by_suit(owner, seat, order) if c // 13 != suit]


def _lower_in_suit(c: int, stopped, order: PackOrder) -> tuple[int, ...]:
    suit = order.suits[c // 13]
    return suit[:suit.index(c)] if c in order.cards else ()


def _lower_in_rank(c: int, stopped, order: PackOrder) -> list[int]:
    key = order.key
    return [x for x in order.cards if key[x] < key[c]]


def _other_suits(suit: int, order: PackOrder) -> list[int]:
    return [x for s, cards in enumerate(order.suits) if s != suit for x in cards]


def _other_suit_reveals(c: int, stopped, order: PackOrder) -> list[int]:
    lower = list(_lower_in_suit(c, stopped, order))
    if stopped is not None and stopped // 13 == c // 13:  # back in the suit that stopped: no other suit
        lower += _other_suits(c // 13, order)
    return lower


def _other_colour_reveals(c: int, stopped, order: PackOrder) -> list[int]:
    """A lead in the colour that stopped shows no card of the other colour; back in the
    stopped suit itself, no card of any other suit."""
    lower = list(_lower_in_suit(c, stopped, order))
    if stopped is None:
        return lower
    red = (stopped // 13) in RED_SUITS
    if ((c // 13) in RED_SUITS) == red:
        lower += _colour_cards("black" if red else "red", stopped, order)
        if c // 13 == stopped // 13:
            lower += _other_suits(c // 13, order)
    return lower


def _nothing(c: int, stopped, order: PackOrder) -> tuple:
    return ()


@dataclass(frozen=True)
class Lead:
    """One lead rule: the cards it allows, its rule name, what it asks (for errors), and
    ``reveals(card, stopped, order)``: the cards a leader under it shows he does not hold."""

    name: LeadKind
    cards: Callable
    rule: str  # the rule name (without the game prefix) a lead under it applies
    explain: str
    reveals: Callable = _lower_in_suit


LEADS: dict[LeadKind, Lead] = {
    lead.name: lead
    for lead in (
        Lead(LeadKind.CHOSEN_SUIT, lead_chosen_suit, "lead-lowest", "a lead is the lowest card of the chosen suit"),
        Lead(LeadKind.OTHER_SUIT, lead_other_suit, "restart",
             "after a stop, lead the lowest card of another suit (the same suit only when nothing else is left)",
             _other_suit_reveals),
        Lead(LeadKind.LONGEST_SUIT, lead_longest_suit, "first-lead", "the first lead is the lowest card of the longest suit"),
        Lead(LeadKind.ANY_SUIT, lead_chosen_suit, "restart", "after a stop, lead the lowest card of any suit"),
        Lead(LeadKind.LOWEST_CARD, lead_lowest_card, "first-lead", "the first card is the lowest of the whole hand", _lower_in_rank),
        Lead(LeadKind.ANY_CARD, lead_any_card, "lead-any", "a lead may be any card of the hand", _nothing),
        Lead(LeadKind.SKIP_RANK, lead_skip_rank, "gap",
             "after a missing rank, go on with the lowest rank above it that you hold (after a king, any card)",
             _skip_rank_reveals),
        Lead(LeadKind.OPPOSITE_COLOUR, lead_opposite_colour, "colour-switch",
             "after a stop or an ace, play the lowest card of a suit of the opposite colour"),
        Lead(LeadKind.LOWEST_DIAMOND, lead_lowest_held(LEAD_SUITS[LeadKind.LOWEST_DIAMOND]), "first-lead-suit",
             "the first lead is the lowest diamond a player holds, by whoever holds it"),
        Lead(LeadKind.LOWEST_CLUB, lead_lowest_held(LEAD_SUITS[LeadKind.LOWEST_CLUB]), "first-lead-suit",
             "the first lead is the lowest club a player holds, by whoever holds it"),
        Lead(LeadKind.OTHER_COLOUR, lead_other_colour, "restart-colour",
             "after a stop, lead the lowest card of a suit of the other colour (another suit of the same colour "
             "only when nobody holds the other colour, the same suit only when nothing else is left)",
             _other_colour_reveals),
    )
}


def _colour_cards(colour: str, stopped, order: PackOrder) -> list[int]:
    """The cards of the pack of ``colour`` ("red" or "black")."""
    red = colour == "red"
    return [x for s, cards in enumerate(order.suits) if (s in RED_SUITS) == red for x in cards]


def _other_suit_cards(colour, stopped, order: PackOrder) -> list[int]:
    """The cards of the pack outside the suit that stopped (nothing known without it)."""
    return [] if stopped is None else _other_suits(stopped // 13, order)


def _opposite_colour_name(stopped: int) -> str:
    return "black" if (stopped // 13) in RED_SUITS else "red"


@dataclass(frozen=True)
class Duty:
    """Who must lead after a stop when the stopper cannot: ``cards(owner, seat, stopped,
    order)`` the cards a seat may lead under the duty (empty: the duty passes him by);
    ``nobody`` what happens when no seat may ("deadlock", or "stopper": the stopper leads
    under the restart rule after all); ``asks(stopped)`` the colour asked for (None:
    another suit); ``reveals(colour, stopped, order)`` the cards a seat passed by shows he
    does not hold (``colour`` as ``asks`` gave it)."""

    name: DutyKind
    cards: Callable
    nobody: str
    reveals: Callable
    asks: Callable


DUTIES: dict[DutyKind, Duty] = {
    duty.name: duty
    for duty in (
        # Rummoli: the opposite colour; nobody holds it: deadlock.
        Duty(DutyKind.OPPOSITE_COLOUR, lead_opposite_colour, "deadlock", _colour_cards, _opposite_colour_name),
        # Newmarket: another suit; nobody holds one: the stopper leads the stopped suit again.
        Duty(DutyKind.OTHER_SUIT, lead_another_suit_only, "stopper", _other_suit_cards, lambda stopped: None),
        # Newmarket's restart=other-colour: the other colour; nobody holds it: the stopper
        # leads under the restart rule after all (another suit of his colour, else the same).
        Duty(DutyKind.OTHER_COLOUR, lead_opposite_colour, "stopper", _colour_cards, _opposite_colour_name),
    )
}


def leader_after_stop(owner, n: int, stopper: int, stopped: int, lead: Lead, duty: Duty,
                      order: PackOrder) -> tuple[int | None, list[int], int]:
    """(leader, the cards he may lead, how many seats the duty passed) after a stop by
    ``stopper``: the first seat clockwise from him holding a card ``duty`` allows; when
    nobody does, (None, [], n) for a deadlock, or the stopper under ``lead``."""
    cards = duty.cards
    for step, seat in enumerate(clockwise(n, stopper)):
        allowed = cards(owner, seat, stopped, order)
        if allowed:
            return seat, allowed, step
    if duty.nobody == "stopper":
        return stopper, lead.cards(owner, stopper, stopped, order), 0
    return None, [], n


def first_leader(rule: FirstLeader, dealer: int, n: int, chosen: int | None, owner, lead: Lead,
                 order: PackOrder) -> int:
    """Who leads the stops phase first: the player left of the dealer (``rule``
    "dealer-left"); whoever holds a card the first ``lead`` allows (``rule`` "holder": the
    holder of the lowest diamond, read from the deal in ``owner``), the dealer's left when no
    player does; else the seat an earlier phase chose (``chosen``: the poker or vying
    winner), or the dealer's left when it chose nobody."""
    left = from_left_of(n, dealer)
    if rule == FirstLeader.HOLDER:
        return next((seat for seat in left if lead.cards(owner, seat, None, order)), left[0])
    if rule == FirstLeader.DEALER_LEFT or chosen is None:
        return left[0]
    return chosen
