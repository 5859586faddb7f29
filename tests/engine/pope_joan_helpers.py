"""Builders for the Pope Joan tests: dealt rounds, positions and the events they make."""

from __future__ import annotations

from stops.cards import parse_card, parse_cards
from stops.deal import Deal, deal_for
from stops.profiles import get_profile
from stops.round import Round

NAMES = ["A", "B", "C", "D"]


def profile(**options):
    return get_profile("pope_joan", options or None)


def dealt(players: int = 4, seed: int = 0, dealer: int = 0, **options) -> Round:
    game = profile(**options)
    return Round(game, NAMES[:players], dealer, deal_for(game, seed, players, dealer))


def position(hands, stock: str, turned: str, dealer: int | None = None, phase: str | None = "stops", board=None,
             **options) -> Round:
    """A position: ``hands`` as card strings per seat, the stock (with the turn-up in it);
    the dealer is the last seat (so the first seat leads), unless named; ``board``: chips on
    the board before the dressing. By default it starts at the stops phase; ``phase=None``
    starts at the turn-up."""
    dealer = len(hands) - 1 if dealer is None else dealer
    game = profile(**options)
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards(stock)), parse_card(turned))
    return Round(game, NAMES[: len(hands)], dealer, deal, full_deal=False, phase=phase, board=board)


def of_type(events, kind: str) -> list:
    return [e for e in events if e.type == kind]


def taken(events, seat: int | None = None) -> dict:
    """{section: chips} a seat (any seat) took from the board in these events."""
    out = {}
    for e in events:
        if e.type == "transfer" and e.source.kind == "section" and e.target.kind == "player" and seat in (None, e.target.key):
            out[e.source.key] = out.get(e.source.key, 0) + e.amount
    return out


def play(rnd: Round, *cards: str) -> list:
    """Play these cards in turn, each by whoever holds it; the events of all of them."""
    from stops.moves import Play

    events = []
    for text in cards:
        c = parse_card(text)
        events += rnd.apply(Play(rnd.owner[c], c))
    return events
