"""The ``basic`` bot's heuristics, as small pure functions of what one seat can see.

They are shared by :class:`~stops.bots.BasicBot` (on a :class:`~stops.round.Round`) and by the
fast playout simulator (:mod:`stops.playout`), which must choose exactly the same moves, so
they read only a compact ``owner`` array through two questions: "is this card mine?"
(``owner[c] == seat``) and "is it played?" (``owner[c] == PLAYED``), with the game's tables:
``follow`` (the next card in the pack) and ``top`` (the highest card of each suit; "the
ace" below is that card, the king when aces are low). Nothing else about the
array is looked at, so a bot never uses where a hidden card lies. (A stop also shows that
the next card lies in the widow, but that card follows one already played, so it can never
end a run of the leader's: the basic bot has no use for it.)

Leads (every game's stops phase):

1. a lead whose run of own consecutive cards reaches a pay card (you win that section);
2. then a lead you stop yourself: your run from the lead card up ends in your ace or just
   before a card already played, so you shed the run and lead again;
3. then a low lead in a suit whose ace you keep: the ace stays back as a sure stop for
   later, so that suit comes back to you (keep aces for late);
4. then the longest run of own consecutive cards from the lead card up;
5. then the suit where you hold most cards (its later sequences play more of yours);
6. then a lead that is not a lone ace;
7. then the lowest card.

The order was chosen by measurement: each rule, tried against random leads over thousands
of deals of every game, gained chips or cost none. Holding a lone ace back at a higher
rank lost chips (an ace led alone is itself a lead you stop yourself), so that only
breaks ties.

Where a sequence runs by rank whatever the suit, in turn order (Nain Jaune), the basic bot
chooses among cards of one rank, and leads, by :func:`rank_lead` instead: a pay card
first (it wins its section now and cannot cost a penalty later), then a lead whose run of
ranks held reaches a pay card, then one that stops itself (it reaches the top rank, or the
rank after it is all played: the turn comes back round, and it leads again), then the
longest run of ranks, then the highest card (a court card left in hand costs the most when
a rival goes out; measured against the lowest card over the same deals, it won more). :func:`lead_policy` picks the rule
from the profile, for the bot and for the fast playout alike.

Two choices some options add to the stops play:

- a stop at will (Nain Jaune's ``may_stop``: :class:`~stops.moves.Stop`): the basic bot never
  takes it. Every card it plays is one card less to pay for when a rival goes out, and may win a
  compartment; a stop keeps them all and hands the turn to a rival;
- the Pope at a stop (Pope Joan's ``pope_any_time``: :class:`~stops.moves.StandIn`): the basic
  bot plays it in place of the missing card where it plays on itself, as in Peel's example:
  it holds the card after the missing one, or nobody can hold it (nothing follows, or it is
  played: the Pope's player leads), or the Pope is its last card; else it keeps it for such a
  stop (:func:`basic_stands_in`). Kept to the end the Pope loses its compartment, the richest
  of the board, and can only be led; played at the first stop it hands the run to whoever holds
  the next card. Over 3,000 deals of basic bots at every seat (3 to 6 players), this gained its
  holder 1.2 chips a deal (± 0.17) against playing it at the first stop it may, and playing it
  at the first stop gained 5.3 (± 0.18) against never playing it there.

:func:`choice_policies` gives both to the fast playout, whose walk asks them where the bot
on a :class:`~stops.round.Round` meets these moves.

The expert's playouts rate both (``tools/measure_stop_moves.py``: 40 rounds of each, 200
playouts an option): a stop at will was rated best at 295 of 1,139 decisions, the basic bot's
card at 831, 0.78 chips (± 0.07) a decision short of the best rating on average; at the 63
stops where the Pope could be played, the basic bot played it at 21 and its choice was rated
best at 37, 1.2 chips (± 0.3) short. The expert weighs both moves by its playouts.

Auctions for the widow or ghost hand: bid when the own hand is poor for the stops phase (few
runs, many stops held by others), never more than the hand is worth to swap.
Betting: by the strength of what the showdown compares (a poker hand,
:func:`stops.poker.hand_key`, or a set of equal rank: a pair is worth no bet, three of a
kind is); a bet or a raise of a chosen size is the smallest allowed, more the stronger the
hand (:func:`bet_size`).
"""

from __future__ import annotations

from collections.abc import Callable

from .kernel import sets
from .kernel.sequence import RANK_CARDS
from .kernel.showdown import RANKERS
from .moves import AmountRange, BidRange, Move, Play, StandIn, Stop
from .owners import OUT, PLAYED, UNKNOWN
from .poker import hand_key

# Thresholds of the basic bot (stops_quality and poker_strength run from 0 to 1).
POOR_HAND = 0.4  # swap or bid for the widow / ghost hand below this stops quality
BET_STRENGTH = 0.3  # bet or raise from three of a kind up
CALL_STRENGTH = 0.12  # stay in with a pair of kings or better; fold below


def run_from(owner, seat: int, c: int, follow) -> tuple[int, int]:
    """(length, last card) of the seat's own consecutive cards from ``c`` up (ending at the
    top of the suit), by the ``follow`` table."""
    run, last = 0, c
    while owner[c] == seat:
        run += 1
        last = c
        c = follow[c]
        if c < 0:
            break
    return run, last


def run_cards(c: int, last: int, follow) -> list[int]:
    """The cards from ``c`` to ``last`` in sequence order."""
    out = [c]
    while c != last:
        c = follow[c]
        out.append(c)
    return out


def lead_score(owner, seat: int, c: int, pay, follow, top) -> tuple:
    """The basic bot's preference for leading ``c`` (higher is better); see the module doc."""
    run, pays, last, x = 0, 0, c, c  # the run of own cards from c up (run_from), and a pay card in it
    while owner[x] == seat:
        run += 1
        last = x
        if pay[x] >= 0:
            pays = 1
        x = follow[x]
        if x < 0:
            break
    after = follow[last]
    self_stop = after < 0 or owner[after] == PLAYED
    ace = top[c]
    keeps_ace = c != ace and owner[ace] == seat
    base = c - c % 13
    suit = owner[base:base + 13].count(seat)
    lone_ace = run == 1 and follow[c] < 0
    return (pays, self_stop, keeps_ace, run, suit, not lone_ace, -c)


def basic_lead(owner, seat: int, candidates, pay, follow, top) -> int:
    """The card the basic bot leads among ``candidates`` (``pay``, ``follow``, ``top``: the
    game's tables, :attr:`Profile.pay_table`, :attr:`Profile.follow`, :attr:`Profile.top`)."""
    best = candidates[0]
    if len(candidates) == 1:
        return best
    best_score = lead_score(owner, seat, best, pay, follow, top)
    for c in candidates[1:]:
        score = lead_score(owner, seat, c, pay, follow, top)
        if score > best_score:
            best, best_score = c, score
    return best


def rank_run(owner, seat: int, c: int, follow, pay) -> tuple[int, bool, bool, int]:
    """The seat's own run of ranks from ``c`` up, any suit: (its length, whether a card the
    seat holds of the later ranks is a pay card, whether it stops itself — it reaches the
    top rank, or every card of the rank after it is already played, so the turn comes back
    round to the seat —, the last card played on the way: the first held of each rank)."""
    nxt = follow[c]
    if nxt < 0:
        return 1, False, True, c
    run, pays, stops, last = rank_chain(owner, seat, nxt % 13, follow, pay, {})
    return run + 1, pays, stops, c if last < 0 else last


def rank_chain(owner, seat: int, rank: int, follow, pay, chains: dict) -> tuple[int, bool, bool, int]:
    """The seat's run of ranks from ``rank`` up, playing the first card it holds of each:
    (how many ranks, whether a card it holds of them is a pay card, whether the run stops
    itself, its last card, or -1 when it holds no card of ``rank``). What runs from a rank
    depends on nothing else, so ``chains`` keeps each rank's answer for the other cards
    of one position (the cards a seat may lead ask for the same few ranks)."""
    found = chains.get(rank)
    if found is not None:
        return found
    first, pays = -1, False
    for y in RANK_CARDS[rank]:
        if owner[y] == seat:
            if first < 0:
                first = y
            if pay[y] >= 0:
                pays = True
    if first < 0:
        a, b, c, d = RANK_CARDS[rank]
        found = (0, False, owner[a] == PLAYED and owner[b] == PLAYED and owner[c] == PLAYED and owner[d] == PLAYED, -1)
    else:
        nxt = follow[first]
        if nxt < 0:
            found = (1, pays, True, first)
        else:
            run, ahead, stops, last = rank_chain(owner, seat, nxt % 13, follow, pay, chains)
            found = (run + 1, pays or ahead, stops, first if last < 0 else last)
    chains[rank] = found
    return found


# The rank of the card after a card, by that card's index (-1, no card: -1): NEXT_RANK[follow[c]].
NEXT_RANK = tuple(c % 13 for c in range(52)) + (-1,)

# :func:`rank_lead`'s scores as integers, compared as its tuples are. A card's own part, by
# its index: whether it is a pay card (PAY_KEY), then its height and the card, lower first
# (under CARD_KEY); the part of the run from it (run_key), between them.
CARD_KEY = 1 << 12  # under it: (63 - height) * 64 + (63 - card)
PAY_KEY = 1 << 19  # above the run's part: the run's length is under 16, its two flags above


def run_key(ahead: bool, stops: bool, length: int) -> int:
    """The part of a card's score given by the run of ranks after it (:func:`rank_run`)."""
    return ((ahead * 2 + stops) * 16 + length) * CARD_KEY


TOP_RUN = run_key(False, True, 1)  # the top rank: a run of one that stops itself


def card_keys(pay, follow) -> tuple[int, ...]:
    """Per card: its own part of :func:`rank_lead`'s score, for a game's ``pay`` and ``follow``
    tables. They are the same objects for a game's life: found by identity, not by hashing."""
    if pay is _LAST[0] and follow is _LAST[1]:
        return _LAST[2]
    found = _CARD_KEYS.get((id(pay), id(follow)))
    if found is None or found[0] is not pay or found[1] is not follow:
        if len(_CARD_KEYS) > 16:
            _CARD_KEYS.clear()
        height = _heights(tuple(follow))
        keys = tuple((pay[c] >= 0) * PAY_KEY + (63 - height[c]) * 64 + (63 - c) for c in range(len(follow)))
        found = _CARD_KEYS[id(pay), id(follow)] = (pay, follow, keys)
    _LAST[:] = found
    return found[2]


_CARD_KEYS: dict[tuple[int, int], tuple] = {}
_LAST: list = [None, None, None]


def _heights(follow: tuple[int, ...]) -> tuple[int, ...]:
    """Per card: how many cards of its suit lie above it in the order (none for the top card)."""
    out = []
    for c in range(len(follow)):
        steps = 0
        while follow[c] >= 0:
            c = follow[c]
            steps += 1
        out.append(steps)
    return tuple(out)


def rank_lead(owner, seat: int, candidates, pay, follow, top=None) -> int:
    """The card the basic bot plays among ``candidates`` in a rank sequence: the highest
    ``(a pay card, a pay card held further up the run of ranks, the run stops itself, the
    run's length, -the card's height, -the card)`` (:func:`rank_run`; see the module doc),
    compared as one integer (:func:`card_keys`, :func:`run_key`).

    Cards followed by one rank (or none: the top rank) have the same run from there, so
    between them only the pay card, the height and the card itself count (the usual
    choice in a sequence, between cards of one rank): the runs are looked at only when
    the candidates lead to different ranks, each rank's once (:func:`rank_chain`)."""
    best = candidates[0]
    if len(candidates) == 1:
        return best
    keys = card_keys(pay, follow)
    rank = NEXT_RANK[follow[best]]
    for c in candidates:
        if NEXT_RANK[follow[c]] != rank:
            break
    else:
        return max(candidates, key=keys.__getitem__)
    chains: dict = {}
    runs: dict = {}
    best_key = -1
    for c in candidates:
        rank = NEXT_RANK[follow[c]]
        if rank < 0:
            key = TOP_RUN
        else:
            key = runs.get(rank)
            if key is None:
                run, ahead, stops, _ = rank_chain(owner, seat, rank, follow, pay, chains)
                key = runs[rank] = run_key(ahead, stops, run + 1)
        key += keys[c]
        if key > best_key:
            best, best_key = c, key
    return best


def lead_policy(profile):
    """The basic bot's choice among cards, ``policy(owner, seat, candidates, pay, follow, top)``,
    for the profile: :func:`basic_lead`, or :func:`rank_lead` where sequences run by rank."""
    return rank_lead if profile.sequence == "rank" else basic_lead


def basic_stands_in(owner, holder: int, stopped: int, follow) -> bool:
    """Whether the basic bot, holding the stand-in card, plays it at the stop after
    ``stopped`` in place of the missing card: where it plays on itself (it holds the card
    after the missing one, or nobody can: nothing follows it, or it is played), or the
    stand-in is its last card (see the module doc)."""
    after = follow[follow[stopped]]
    return after < 0 or owner[after] == holder or owner[after] == PLAYED or owner.count(holder) <= 1


def choice_policies(profile) -> tuple[Callable | None, Callable | None]:
    """The basic bot's answers to the choices the kernel's walk asks where the profile has
    them (:func:`stops.kernel.step.play`): ``(stop, stand)``, a stop at will (never: None)
    and the stand-in (:func:`basic_stands_in`, where the game has a stand-in card)."""
    return None, (basic_stands_in if profile.stand_in is not None else None)


def public_owner(rnd, seat: int) -> list[int]:
    """What ``seat`` knows of the card positions: its own cards (``seat``), played cards
    (``PLAYED``), cards outside the pack (``OUT``), and ``UNKNOWN`` for every card it cannot see."""
    owner = [UNKNOWN] * 52
    for c in rnd.hands[seat]:
        owner[c] = seat
    for c, place in enumerate(rnd.owner):
        if place == PLAYED or place == OUT:
            owner[c] = place
    return owner


# ----- a stops hand's quality, for auctions and swaps ----------------------------------


def stops_quality(cards, follow) -> float:
    """How good ``cards`` are for the stops phase, about 0 (poor) to 1 (good), by the game's
    ``follow`` table.

    Good hands go out fast: few separate runs (each run is a sequence someone else may stop),
    aces (sure stops that give the lead back: the cards nothing follows) and few cards.
    """
    if not cards:
        return 1.0
    held = set(cards)
    # A run starts at each card whose predecessor in the pack the hand does not hold.
    follows = {follow[c] for c in held}
    runs = sum(1 for c in held if c not in follows)
    aces = sum(1 for c in held if follow[c] < 0)
    # A hand of n cards in r runs: fewer runs per card is better.
    return max(0.0, min(1.0, 1.0 - runs / len(cards) + 0.08 * aces))


_UNKNOWN = object()


def hand_strength(profile, cards, trump, key=_UNKNOWN) -> float:
    """How strong ``cards`` are for the profile's betting showdown, in [0, 1): a poker hand
    (:func:`poker_strength`) or a set of equal rank (:func:`stops.kernel.sets.set_strength`,
    from ``key``, the showdown ranker's key of ``cards``, when the caller has it already)."""
    if profile.betting is None or profile.betting.ranker == "poker":
        return poker_strength(cards, None if key is _UNKNOWN else key)
    if key is _UNKNOWN:
        key = RANKERS[profile.betting.ranker].key(profile, cards, trump)
    return sets.set_strength(key)


def poker_strength(cards, key: int | None = None) -> float:
    """A poker hand's strength in [0, 1): its category, then its top ranks (stops.poker;
    ``key``: the cards' :func:`stops.poker.hand_key`, when the caller has it already)."""
    cards = list(cards)
    if len(cards) < 5:
        return 0.0
    if key is None:
        key = hand_key(cards)
    category = key >> 26
    detail = (key & ((1 << 26) - 1)) / (1 << 26)
    return (min(category, 9) + detail) / 10


# ----- the basic bot's decisions ----------------------------------------------------------


def basic_move(rnd, seat: int) -> Move:
    """The move the ``basic`` bot makes for ``seat`` in the round ``rnd`` (see the module doc)."""
    moves = rnd.legal_moves()
    if len(moves) == 1:
        return moves[0]
    stand = next((m for m in moves if isinstance(m, StandIn)), None)
    if stand is not None:  # the stand-in's holder at a stop: play it (see the module doc), or lead, or keep it
        if basic_stands_in(public_owner(rnd, seat), seat, int(rnd.state.stops.stopped), rnd.profile.follow):
            return StandIn(seat, rnd.profile.stand_in)
        moves = [m for m in moves if isinstance(m, Play)] or [StandIn(seat, None)]
    moves = [m for m in moves if not isinstance(m, Stop)]  # never a stop at will (see the module doc)
    if len(moves) == 1:
        return moves[0]
    if all(isinstance(m, Play) for m in moves):
        owner = public_owner(rnd, seat)
        cards = [int(m.card) for m in moves]
        profile = rnd.profile
        return moves[cards.index(lead_policy(profile)(owner, seat, cards, rnd.layout.pay_table, profile.follow, profile.top))]
    by_key: dict[str, list[Move]] = {}
    for m in moves:
        by_key.setdefault(type(m).key, []).append(m)
    cards = rnd.hands[seat]
    follow = rnd.profile.follow
    if "stake" in by_key:
        return basic_stake(rnd.profile, cards, by_key["stake"])
    if "swap" in by_key:
        return basic_swap(cards, by_key["swap"], follow)
    if "bid" in by_key or "pass" in by_key:
        return basic_bid(cards, by_key, follow)
    if {"check", "bet", "call", "raise", "fold"} & set(by_key):
        strength = hand_strength(rnd.profile, cards, rnd.trump)
        action = betting_action(strength, by_key)
        return sized(by_key[action][0], strength) if action else next(iter(by_key.values()))[0]
    return moves[0]


def bet_size(low: int, high: int, strength: float) -> int:
    """How much the basic bot bets or raises in a range: the least, and more the stronger it
    is above the bet threshold (all of the range at strength 0.7: four of a kind)."""
    extra = (high - low) * min(1.0, max(0.0, strength - BET_STRENGTH) / 0.4)
    return low + round(extra)


def sized(move, strength: float):
    """A move, or the basic bot's amount of a range (see :func:`bet_size`)."""
    if not isinstance(move, AmountRange):
        return move
    return move.make(bet_size(move.low, move.low if move.high is None else move.high, strength))


def basic_stake(profile, cards, moves: list[Move]) -> Move:
    """Stake on a section whose pay card the hand holds (it may be played by its holder);
    else on the first section."""
    held = {profile.pay_on_play[c] for c in cards if c in profile.pay_on_play}
    for m in moves:
        if m.section in held:
            return m
    return moves[0]


def basic_swap(cards, moves: list[Move], follow) -> Move:
    """Swap when the hand is poor for the stops phase; else keep it."""
    poor = stops_quality(cards, follow) < POOR_HAND
    for m in moves:
        if bool(getattr(m, "swap", False)) == poor:
            return m
    return moves[0]


def basic_bid(cards, by_key: dict, follow) -> Move:
    """Bid the least allowed (the low end of the bid range) when the hand is poor, up to a few chips; else pass."""
    ranges = [m for m in by_key.get("bid", []) if isinstance(m, BidRange)]
    passes = by_key.get("pass", [])
    quality = stops_quality(cards, follow)
    limit = 1 + int((POOR_HAND - quality) * 10)
    if ranges and (not passes or quality < POOR_HAND and ranges[0].low <= limit):
        return ranges[0].bid(ranges[0].low)
    return passes[0]


def betting_action(strength: float, allowed) -> str | None:
    """The basic bot's betting action among the ``allowed`` ones (names), by poker strength."""
    if strength >= BET_STRENGTH:
        prefer = ("raise", "bet", "call", "check")
    elif strength >= CALL_STRENGTH:
        prefer = ("check", "call", "fold")
    else:
        prefer = ("check", "fold", "call")
    for action in prefer:
        if action in allowed:
            return action
    return None
