"""Hints: every legal option of one seat, rated by determinized Monte Carlo.

For each of ``playouts`` samples of the hidden cards (:mod:`stops.determinize`, from what the
seat can see) every legal option is played, then the rest of the round is played out by
``basic`` bots for every seat (the same sample for every option, so that the comparison
between options is fair). An option's rating is the chips the seat gains on average from
now to the end of the round, with its standard error, and how often the seat is the first
out (the hand's winner). Each option also carries a short reason drawn from the rules and
the heuristics, in English and as a code for translation.

In the stops phase the playouts run on the lean simulator (:mod:`stops.playout`); other
phases (auctions, betting) are played on :class:`~stops.round.Round` with the basic bot until
the stops phase begins, then the simulator finishes them.
"""

from __future__ import annotations

import math
import random

from . import heuristics
from .cards import DECK
from .determinize import information_set, sample_owner, world
from .moves import Bid, BidRange, Move, Play, concrete
from .poker import evaluate as poker_evaluate
from .phases.stops import PHASE as STOPS
from .playout import fast_rules, finish_fast, recent_plays, simulate


def decision_seed(seed: int, rnd, seat: int) -> int:
    """A seed for one decision, from the bot's seed and public facts only."""
    return (seed * 1_000_003 + len(rnd.moves) * 101 + seat) & 0xFFFFFFFF


class Tally:
    __slots__ = ("n", "total", "squares", "wins")

    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.squares = 0.0
        self.wins = 0

    def add(self, gain, won: bool) -> None:
        gain = float(gain)
        self.n += 1
        self.total += gain
        self.squares += gain * gain
        self.wins += won

    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def stderr(self) -> float:
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0) / self.n)


def evaluate(rnd, seat: int, playouts: int = 500, seed: int = 0, moves: list[Move] | None = None) -> list[Tally]:
    """One tally per legal move (in ``hand.legal_moves()`` order), over ``playouts`` samples."""
    if rnd.to_move() != seat:
        raise ValueError(f"{rnd.name(seat)} is not to move")
    moves = split_bids(rnd.legal_moves())[0] if moves is None else moves
    info = information_set(rnd, seat)
    rng = random.Random(seed)
    tallies = [Tally() for _ in moves]
    start = rnd.ledger.balances[seat]
    if rnd.profile.phase(rnd.phase) is STOPS and all(isinstance(m, Play) for m in moves):
        rules = fast_rules(rnd.profile, rnd)
        counts0 = [len(h) for h in rnd.hands]
        board0 = [rnd.ledger.board[s] for s in rules.sections]
        bal0 = list(rnd.ledger.balances)
        cards = [int(m.card) for m in moves]
        recent = recent_plays(rnd)
        for _ in range(playouts):
            owner = sample_owner(info, rng)
            for tally, c in zip(tallies, cards):
                bal = bal0[:]
                winner = simulate(rules, owner[:], counts0[:], board0[:], bal, seat, c, recent=recent)
                tally.add(bal[seat] - start, winner == seat)
        return tallies
    for _ in range(playouts):
        sampled = world(rnd, sample_owner(info, rng))
        for tally, move in zip(tallies, moves):
            after = sampled.clone()
            after.apply(move)
            balances, winner = rollout(after)
            tally.add(balances[seat] - start, winner == seat)
    return tallies


def rollout(rnd) -> tuple[list, int | None]:
    """Final balances and winner after playing ``rnd`` out with basic bots (``rnd`` is changed)."""
    while not rnd.over:
        fast = finish_fast(rnd)
        if fast is not None:
            return fast
        rnd.apply(heuristics.basic_move(rnd, rnd.to_move()))
    return list(rnd.ledger.balances), rnd.winner


# Bids rated by playouts: the pass and this many of the lowest bids of the range. The rest of
# the range is rated from the highest of them less the extra chips it costs (no basic bot bids
# that high).
BID_WINDOW = 6


def split_bids(moves: list) -> tuple[list[Move], BidRange | None]:
    """(moves rated by playouts, in legal order, each bid range cut to its BID_WINDOW lowest
    bids; the rest of the range above them, or None)."""
    high = next((m.above(BID_WINDOW) for m in moves if isinstance(m, BidRange)), None)
    return concrete(moves, BID_WINDOW), high


def hint(rnd, seat: int, playouts: int = 500, seed: int = 0) -> dict:
    """Every legal option of ``seat``, in legal-move order, with its expected chip gain to the
    end of the round, the standard error of that mean, the win rate (how often the seat goes
    out first), the playouts and a reason; ``best`` is the index of the best option.
    The bids of a range are rated one by one up to BID_WINDOW; one last option covers the rest
    of the range (``"bid": {"min", "max"}``), rated from its first bid. A JSON-able dict."""
    rated, high = split_bids(rnd.legal_moves())
    tallies = evaluate(rnd, seat, playouts, seed, rated)
    choices = len(rated) + (high is not None)
    options = []
    means = []

    def option(move, tally, extra, code, text):
        mean = tally.mean() - extra
        means.append(mean)
        options.append({
            "move": move.to_json(rnd.names),
            "label": str(move),
            "expected": round(mean, 3),
            "stderr": round(tally.stderr(), 3),
            "win_rate": round(tally.wins / tally.n if tally.n else 0.0, 3),
            "playouts": tally.n,
            "reason_code": code,
            "reason": text,
        })

    for move, tally in zip(rated, tallies):
        option(move, tally, 0, *reason(rnd, seat, move, choices))
    if high is not None:  # the bids above the window: the top rated bid, less the extra price
        top = max((m for m in rated if isinstance(m, Bid)), key=lambda m: m.amount)
        extra = high.low - top.amount
        option(high, tallies[rated.index(top)], extra, "bid-above-rivals",
               f"No rival bids as high as {top.amount} in the playouts: {high} rates like {top}, "
               f"less the extra chips paid ({extra} more at {high.low}).")
    best = max(range(len(options)), key=lambda i: (means[i], -i)) if options else None
    return {
        "game": rnd.profile.name,
        "player": rnd.name(seat),
        "phase": rnd.phase,
        "playouts": playouts,
        "seed": seed,
        "best": best,
        "options": options,
    }


# ----- reasons ----------------------------------------------------------------------------


def reason(rnd, seat: int, move: Move, choices: int) -> tuple[str, str]:
    """(code, English sentence) saying what the rules and heuristics make of ``move``."""
    if choices == 1:
        return "forced", "The only legal move: the rules leave no choice here."
    if isinstance(move, Play):
        return _play_reason(rnd, seat, move)
    return _other_reason(rnd, seat, move)


def _play_reason(rnd, seat: int, move: Play) -> tuple[str, str]:
    owner = heuristics.public_owner(rnd, seat)
    pay = rnd.profile.pay_table
    c = int(move.card)
    run, last = heuristics.run_from(owner, seat, c)
    cards = f"{move.card}" if run == 1 else f"{move.card} to {DECK[last]}"
    paid = [x for x in range(c, last + 1) if pay[x] >= 0]
    if paid:
        sid = rnd.profile.section_ids()[pay[paid[0]]]
        return "wins-section", f"You hold {cards} in a row: the run reaches {DECK[paid[0]]} and wins the {sid} section."
    if c % 13 == heuristics.ACE:
        return "ace-lead", f"Leading the ace {move.card} stops at once and gives you the lead again, but spends a sure stop you could keep for later."
    if last % 13 == heuristics.ACE:
        return "run-to-ace", f"You hold {cards}: you play the whole run, stop it with your ace and lead again."
    if owner[last + 1] == heuristics.PLAYED:
        return "self-stop", f"You hold {cards} and the next card is already played: you stop it yourself and lead again."
    if run > 1:
        return "run", f"You hold {cards} in a row: you shed {run} cards before anyone else must follow."
    return "single", f"A single {move.card}: whoever holds the next card plays on and may take the lead."


def _other_reason(rnd, seat: int, move: Move) -> tuple[str, str]:
    key = type(move).key
    cards = rnd.hands[seat]
    quality = heuristics.stops_quality(cards)
    shape = f"{quality:.0%} by runs and aces"
    if key == "swap" and getattr(move, "swap", True) or key == "bid":
        if quality < heuristics.POOR_HAND:
            return "poor-hand-swap", f"Your hand is poor for the stops phase ({shape}): another hand is likely better."
        return "good-hand-swap", f"Your hand is fair for the stops phase ({shape}): a swap is a gamble that also costs its price."
    if key in ("swap", "bid", "pass"):
        if quality < heuristics.POOR_HAND:
            return "poor-hand-keep", f"Keeping costs nothing, but your hand is poor for the stops phase ({shape})."
        return "good-hand-keep", f"Your hand is fair for the stops phase ({shape}): keeping it costs nothing."
    strength = heuristics.poker_strength(cards)
    name = _poker_name(cards)
    if key in ("bet", "raise"):
        if strength >= heuristics.BET_STRENGTH:
            return "strong-hand-bet", f"You hold {name}: strong enough to build the pot you may take."
        return "weak-hand-bet", f"You hold only {name}: a {key} mostly adds your chips to a pot others may take."
    if key == "check":
        return "free-check", f"Checking costs nothing and keeps you in for the Poker pot with {name}."
    if key == "call":
        if strength >= heuristics.CALL_STRENGTH:
            return "medium-hand-call", f"You hold {name}: worth one more unit to stay in for the Poker pot."
        return "weak-hand-call", f"You hold only {name}: calling pays for a weak hand."
    if key == "fold":
        if strength < heuristics.CALL_STRENGTH:
            return "weak-hand-fold", f"You hold only {name}: folding loses only the Poker pot, you still play the stops phase."
        return "good-hand-fold", f"Folding gives up the Poker pot with {name}."
    return "option", f"{move}: rated by the playouts."


def _poker_name(cards) -> str:
    cards = list(cards)
    if len(cards) < 5:
        return "fewer than five cards"
    return "a " + poker_evaluate(cards).name if poker_evaluate(cards).name[0] not in "aeiou" else "an " + poker_evaluate(cards).name
