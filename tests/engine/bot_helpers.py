"""Builders for bot tests: dealt hands, hands played part way, and twins that differ only
in the cards one seat cannot see."""

from __future__ import annotations

import random

from stops.bots import BasicBot
from stops.deal import Deal, deal_for
from stops.determinize import information_set, sample_owner
from stops.events import Played
from stops.round import Round
from stops.profiles import PROFILES, get_profile


# Rule options that change the stops phase or what comes before it, besides the defaults.
EXTRA_VARIANTS = {
    "michigan": [{"bankroll": "chips", "starting_chips": 8}],
    "tripoli": [{"pozo_once": True}, {"ghost_auction": True}, {"no_poker": True, "bankroll": "ledger"}, {"starting_chips": 6}],
    "rummoli": [{"widow_first": True}, {"starting_chips": 6}, {"bankroll": "ledger"}],
    "nain_jaune": [{"card_value": "count", "grand_opera": False}, {"deal": "all"}, {"starting_chips": 15}, {"may_stop": True},
                   {"may_stop": True, "gap": "skip-rank"}],
    "poch": [{"pack": "52"}, {"first_leader": "dealer-left", "sweep": True}, {"starting_chips": 12}, {"bankroll": "ledger"}],
    "newmarket": [{"restart": "michigan"}, {"dummy_sale": True}, {"ace_low": True, "remove_8d": True}, {"starting_chips": 6},
                  {"restart": "other-colour"}, {"deal": "equal", "kitty": True, "kitty_stake": 3},
                  {"first_lead": "lowest-diamond"}, {"first_lead": "lowest-club", "dummy_sale": True, "dummy_first": "dealer"}],
    "pope_joan": [{"lead": "any"}, {"ace_high": True}, {"combo": "held"}, {"pope_turnup": "wins-round", "starting_chips": 6},
                  {"pope_any_time": True}, {"pope_any_time": True, "lead": "any", "pope_excuses": True}],
}
# Every registered game, at its defaults first: a new game is simulated the day it is added.
VARIANTS = {game: [{}] + EXTRA_VARIANTS.get(game, []) for game in PROFILES}
# ... as (game, options) pairs.
GAME_VARIANTS = [(game, options) for game in sorted(VARIANTS) for options in VARIANTS[game]]


def phase_options(profile) -> dict:
    """The yes/no options that add a phase to the game (an auction, a sale): all turned on, so
    that a session of the game meets every phase it can have."""
    base = set(profile.configure({}).phases)
    return {o.name: True for o in profile.options
            if o.default is False and set(profile.configure({o.name: True}).phases) - base}


def decision_variants() -> list[tuple[str, dict]]:
    """Each registered game at its defaults, with its optional phases on, and with those and the
    bankroll kept as a ledger (no stack caps a bet): every kind of decision a bot meets."""
    out = []
    for game, profile in sorted(PROFILES.items()):
        phases = phase_options(profile)
        ledger = any(o.name == "bankroll" and "ledger" in (o.choices or ()) for o in profile.options)
        for options in ({}, phases, {**phases, "bankroll": "ledger"} if ledger else {}):
            if options not in [o for g, o in out if g == game]:
                out.append((game, options))
    return out


def dealt(game: str = "michigan", players: int = 4, seed: int = 0, dealer: int = 0, **options) -> Round:
    profile = get_profile(game, options or None)
    deal = deal_for(profile, seed, players, dealer)
    return Round(profile, [chr(65 + i) for i in range(players)], dealer, deal)


def advance(rnd: Round, plies: int, bot=None) -> Round:
    """Play ``plies`` moves with the basic bot, stopping before the round ends."""
    bot = bot or BasicBot()
    for _ in range(plies):
        if rnd.over:
            break
        move = bot.choose(rnd, rnd.to_move())
        probe = rnd.clone()
        probe.apply(move)
        if probe.over:
            break
        rnd.apply(move)
    return rnd


def twin(rnd: Round, seat: int, seed: int = 1) -> Round:
    """The same round with every card ``seat`` cannot see dealt differently (sizes and the
    public history kept), replayed through the same moves."""
    info = information_set(rnd, seat)
    owner = sample_owner(info, random.Random(seed))
    played_by: dict[int, list] = {s: [] for s in range(rnd.n)}
    for event in rnd.log:
        if isinstance(event, Played):
            played_by[event.seat].append(event.card)
    hands = []
    for s in range(rnd.n):
        hands.append(tuple(sorted([c for c in range(52) if owner[c] == s] + played_by[s])))
    widow = tuple(sorted(c for c in range(52) if owner[c] == -1))
    from stops.cards import DECK

    deal = Deal(tuple(tuple(DECK[c] for c in h) for h in hands), tuple(DECK[c] for c in widow))
    other = Round(rnd.profile, rnd.names, rnd.dealer, deal)
    for move in rnd.moves:
        other.apply(move)
    return other


def public_log(rnd: Round) -> list:
    """The events everyone sees, as JSON (the deal itself excluded)."""
    return [e.to_json(rnd.names) for e in rnd.log if e.type != "deal"]


def public_twin(rnd: Round, seat: int, tries: int = 400) -> Round | None:
    """The same round with the cards ``seat`` cannot see dealt differently among the places
    they were dealt to, such that the same moves are legal and every public event is the same
    (for positions before any hand swap). None when no such deal turns up."""
    from stops.cards import DECK
    from stops.errors import IllegalMove
    from stops.events import Dealt

    info = information_set(rnd, seat)
    dealt = next(e for e in rnd.log if isinstance(e, Dealt))
    place = {}
    for s, cards in enumerate(dealt.hands):
        for c in cards:
            place[int(c)] = s
    for c in dealt.widow:
        place[int(c)] = -1
    hidden = [c for c in range(52) if info.base[c] == -9]
    rng = random.Random(7)
    want = public_log(rnd)
    for _ in range(tries):
        cards = hidden[:]
        rng.shuffle(cards)
        new = dict(place)
        for c, slot in zip(cards, [place[c] for c in hidden]):
            new[c] = slot
        if all(new[c] == place[c] for c in hidden):
            continue
        hands = tuple(tuple(DECK[c] for c in sorted(x for x in new if new[x] == s)) for s in range(rnd.n))
        widow = tuple(DECK[c] for c in sorted(x for x in new if new[x] == -1))
        other = Round(rnd.profile, rnd.names, rnd.dealer, Deal(hands, widow), balances=rnd.start_balances, board=rnd.start_board)
        try:
            for move in rnd.moves:
                other.apply(move)
        except IllegalMove:
            continue
        if public_log(other) == want and other.hands[seat] == rnd.hands[seat]:
            return other
    return None
