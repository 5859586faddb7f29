"""View-models: what one seat (or an onlooker who sees everything) may see, as JSON.

Renderers draw these and bots decide from them; neither recomputes a rule. A seat sees
its own hand, the number of cards in the others, every played card, the board and the
balances, and the moves it may make now. The widow is hidden from every seat; a card
turned up for trumps is shown to all (``turn_up``, and its suit ``trump``).
"""

from __future__ import annotations

from .cards import DECK
from .chips import format_amount
from .deal import TURN_UP_PLACES
from .enums import TurnUp


def went_out(rnd) -> bool:
    """Whether the round's winner won it by going out: his hand is empty (a winner by the
    turn-up still holds his cards)."""
    return rnd.winner is not None and not rnd.hands[rnd.winner]


def hand_order(profile, cards) -> list:
    """Cards as a hand is shown: by suit (♠ ♥ ♦ ♣), then by the game's rank order (``rank_key``)."""
    key = profile.rank_key
    return [DECK[c] for c in sorted(cards, key=lambda c: (c // 13, key(c)))]


def round_view(rnd, seat: int | None = None) -> dict:
    names = rnd.names
    everything = seat is None
    played = [event for event in rnd.log if event.type in ("play", "stand-in")]  # a card played in place of another too
    to_move = rnd.to_move()
    state = rnd.state.stops
    sequence = None
    if state is not None and state.last is not None and not state.lead_pending:
        sequence = {"last": str(state.last), "player": names[state.last_seat]}
    players = []
    for s in range(rnd.n):
        entry = {
            "name": names[s],
            "cards": len(rnd.hands[s]),
            "balance": format_amount(rnd.ledger.balances[s]),
        }
        if everything or s == seat:
            entry["hand"] = [str(c) for c in hand_order(rnd.profile, rnd.hands[s])]
        players.append(entry)
    view = {
        "game": rnd.profile.name,
        "phase": rnd.phase,
        "dealer": names[rnd.dealer],
        "seat": None if everything else names[seat],
        "players": players,
        "widow": [str(c) for c in rnd.widow] if everything else None,
        "widow_cards": len(rnd.widow),
        "board": [{"id": sid, "amount": format_amount(amount)} for sid, amount in rnd.ledger.board.items()],
        "played": [{"player": names[e.seat], "card": str(e.card)} for e in played],
        "to_move": None if to_move is None else names[to_move],
        "lead": bool(state is not None and state.lead_pending and not rnd.over),
        "sequence": sequence,
        "legal": [m.to_json(names) for m in rnd.legal_moves()] if (everything or to_move == seat) else [],
        "over": rnd.over,
        "winner": None if rnd.winner is None else names[rnd.winner],
        # Whether the winner went out (played the last card), or won another way (Pope Joan's
        # dealer by the Pope turned up, holding every card still).
        "went_out": went_out(rnd),
    }
    if rnd.profile.turn_up != TurnUp.NONE:  # the card turned up for trumps, face up for everyone
        turned = rnd.turned_up
        view["turn_up"] = None if turned is None else str(turned)
        view["trump"] = None if turned is None else turned.suit.letter
        view["turn_up_place"] = TURN_UP_PLACES[rnd.profile.turn_up]
    # Phases with state of their own (bids, bets, poker hands) add it here.
    for extend in rnd.profile.view_hooks:
        extend(rnd, seat, view)
    return view
