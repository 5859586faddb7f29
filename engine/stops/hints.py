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

import json
import math
import random

from . import heuristics
from .cards import DECK
from .enums import Ranker, SequenceBy
from .messages import noun
from .narrate import noun_text
from .determinize import information_set, sample_owner, world
from .moves import AmountRange, Move, Play, StandIn, Stop, concrete
from .poker import poker_name
from .kernel.showdown import RANKERS
from .phases.stops import PHASE as STOPS
from .playout import compact, fast_rules, finish_fast, recent_plays, simulate, simulate_from, simulate_lead


def decision_seed(seed: int, rnd, seat: int) -> int:
    """A seed for one decision, from the bot's seed and public facts only."""
    return (seed * 1_000_003 + len(rnd.moves) * 101 + seat) & 0xFFFFFFFF


class Tally:
    """One option's playouts: their count, the sum and sum of squares of the chips gained, the
    wins; and each playout's gain, in order, when ``keep`` (to compare two options playout by
    playout: they share their samples)."""

    __slots__ = ("n", "total", "squares", "wins", "gains")

    def __init__(self, keep: bool = False):
        self.n = 0
        self.total = 0.0
        self.squares = 0.0
        self.wins = 0
        self.gains = [] if keep else None

    def add(self, gain, won: bool) -> None:
        gain = float(gain)
        if self.gains is not None:
            self.gains.append(gain)
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


# The work one decision may cost (a hint, an expert bot's move), whatever the game: playouts
# times options times the cards still in the hands, each a card a playout may play. About 1 to
# 6 microseconds each on CPython (bench/bench_bots.py; the auctions and the vying, whose
# options are played on the Round up to the stops play, the dearest): at most about 1 s of
# CPU for one request. Michigan's hint at 500 playouts needs some 84,000; a position with
# more options or cards gets fewer playouts, never more work.
WORK_BUDGET = 150_000


def playouts_within_budget(rnd, options: int, playouts: int, budget: int | None = None) -> int:
    """``playouts``, or fewer (at least one) so that rating ``options`` stays within ``budget``
    (None: WORK_BUDGET)."""
    cards = max(sum(len(hand) for hand in rnd.hands), 1)
    budget = WORK_BUDGET if budget is None else budget
    return max(1, min(playouts, budget // (max(options, 1) * cards)))


# The expert bot's race (``evaluate(..., race=True)``): from RACE_FIRST samples on, every
# RACE_EVERY, an option whose gains fall short of the leading option's on the same samples by
# more than RACE_Z standard errors of that difference is played out no further. The samples do
# not depend on which options are still racing, so the options left have the tallies a whole
# evaluation gives them, and the choice is the same unless the whole one's best was dropped:
# on the bench's 379 first decisions of every game and phase (seeds 1-30, 100 samples), the
# same choice in 376, with two thirds of the playouts; in the three others the choice is 0.8
# chips behind the whole evaluation's best by its own figures (0.007 a decision over all 379).
# (30, 10, 3.0) chose the same in all 379, with three quarters of the playouts.
RACE_FIRST = 20
RACE_EVERY = 5
RACE_Z = 2.5


def still_racing(tallies: list[Tally], racing: list[int]) -> list[int]:
    """The options of ``racing`` (indexes into ``tallies``, which keep their gains) that are not
    clearly behind the leading one, sample for sample."""
    lead = max(racing, key=lambda i: (tallies[i].mean(), -i))
    kept = []
    for i in racing:
        if i != lead:
            behind = [a - b for a, b in zip(tallies[lead].gains, tallies[i].gains)]
            n = len(behind)
            mean = sum(behind) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in behind) / (n - 1) / n)
            if mean > RACE_Z * spread:
                continue
        kept.append(i)
    return kept


def evaluate(rnd, seat: int, playouts: int = 500, seed: int = 0, moves: list[Move] | None = None, *,
             budget: int | None = None, keep: bool = False, race: bool = False) -> list[Tally]:
    """One tally per legal move (in ``rnd.legal_moves()`` order), over ``playouts`` samples
    (fewer where the work budget says so: :func:`playouts_within_budget`); ``keep`` keeps each
    playout's gain on the tallies. ``race``: the options clearly behind are dropped on the way
    (RACE_FIRST, :func:`still_racing`); a dropped option's tally has fewer samples than the
    others'."""
    if rnd.to_move() != seat:
        raise ValueError(f"{rnd.name(seat)} is not to move")
    moves = split_bids(rnd.legal_moves())[0] if moves is None else moves
    playouts = playouts_within_budget(rnd, len(moves), playouts, budget)
    info = information_set(rnd, seat)
    rng = random.Random(seed)
    tallies = [Tally(keep or race) for _ in moves]
    racing = list(range(len(moves)))

    def raced(done: int, racing: list[int]) -> list[int]:
        if race and done >= RACE_FIRST and done % RACE_EVERY == 0 and len(racing) > 1:
            return still_racing(tallies, racing)
        return racing
    start = rnd.ledger.balances[seat]
    if rnd.profile.phase(rnd.phase) is STOPS and all(isinstance(m, (Play, Stop, StandIn)) for m in moves):
        rules = fast_rules(rnd.profile, rnd)
        _, counts0, board0, bal0 = compact(rnd)
        state = rnd.state.stops
        recent = recent_plays(rnd)
        alone = state.alone
        played_by = state.played_by
        held = rnd.state.held_sections
        # Each option on the simulator: a card played (a lead or the next card), a stop at will
        # (the turn goes on from the seat's left), the stand-in played in place of the missing
        # card, or kept (the stopper leads).
        plays = []
        for m in moves:
            if isinstance(m, Play):
                plays.append((simulate, (seat, int(m.card)), {}))
            elif isinstance(m, Stop):
                plays.append((simulate_from, (state.last_seat, int(state.last)), {"at_will": seat}))
            elif m.card is not None:
                plays.append((simulate, (seat, int(m.card)), {"stands_for": rules.play.follow[state.stopped]}))
            else:
                plays.append((simulate_lead, (state.leader, state.first, state.stopped), {}))
        for done in range(1, playouts + 1):
            owner = sample_owner(info, rng)
            for i in racing:
                bal = bal0[:]
                run, args, extra = plays[i]
                winner = run(rules, owner[:], counts0[:], board0[:], bal, *args, recent=recent, played_by=played_by,
                             alone=alone, held=held, **extra)
                tallies[i].add(bal[seat] - start, winner == seat)
            racing = raced(done, racing)
        return tallies
    for done in range(1, playouts + 1):
        sampled = world(rnd, sample_owner(info, rng))
        for i in racing:
            after = sampled.clone()
            after.apply(moves[i])
            balances, winner = rollout(after)
            tallies[i].add(balances[seat] - start, winner == seat)
        racing = raced(done, racing)
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


def split_bids(moves: list) -> tuple[list[Move], AmountRange | None]:
    """(moves rated by playouts, in legal order, each range of amounts (bids, bets of a
    chosen size) cut to its BID_WINDOW lowest; the rest of the range above them, or None)."""
    high = next((m.above(BID_WINDOW) for m in moves if isinstance(m, AmountRange)), None)
    return concrete(moves, BID_WINDOW), high


def hint(rnd, seat: int, playouts: int = 500, seed: int = 0) -> dict:
    """Every legal option of ``seat``, in legal-move order, with its expected chip gain to the
    end of the round, the standard error of that mean, the win rate (how often the seat goes
    out first), the playouts and a reason; ``best`` is the index of the best option.
    The bids of a range are rated one by one up to BID_WINDOW; one last option covers the rest
    of the range (``"bid": {"min", "max"}``), rated from its first bid. A JSON-able dict."""
    rated, high = split_bids(rnd.legal_moves())
    return rated_options(rnd, seat, rated, high, evaluate(rnd, seat, playouts, seed, rated), seed)


def range_rated_by(rated: list[Move], high: AmountRange) -> tuple[Move, int]:
    """The rated bid that stands for the range ``high`` above the window (the top one of its
    kind), and the extra price of the range's first bid over it."""
    top = max((m for m in rated if high.amount_of(m) is not None), key=lambda m: m.amount)
    return top, high.low - top.amount


def option_tallies(rated: list[Move], high, tallies: list[Tally]) -> list[Tally]:
    """The tally behind each option of :func:`rated_options`, in its order: the range above
    the window is rated by the tally of :func:`range_rated_by`'s bid."""
    return list(tallies) + ([tallies[rated.index(range_rated_by(rated, high)[0])]] if high is not None else [])


def rated_options(rnd, seat: int, rated: list[Move], high, tallies: list[Tally], seed: int) -> dict:
    """:func:`hint`'s answer from the tallies of the ``rated`` moves (and the range ``high``
    above them, or None)."""
    choices = len(rated) + (high is not None)
    options = []
    means = []

    def option(move, tally, extra, why):
        mean = tally.mean() - extra
        means.append(mean)
        options.append({
            "move": move.to_json(rnd.names),
            "label": str(move),
            "expected": round(mean, 3),
            "stderr": round(tally.stderr(), 3),
            "win_rate": round(tally.wins / tally.n if tally.n else 0.0, 3),
            "playouts": tally.n,
            "reason_code": why["code"],
            "reason": english(why, rnd.profile.words),
            "reason_message": {"id": why["id"], "args": why["args"]},
        })

    for move, tally in zip(rated, tallies):
        option(move, tally, 0, reason(rnd, seat, move, choices))
    if high is not None:  # the bids above the window: the top rated bid, less the extra price
        top, extra = range_rated_by(rated, high)
        option(high, tallies[rated.index(top)], extra,
               message("bid-above-rivals", top={"chips": top.amount}, low={"chips": high.low}, extra={"chips": extra}))
    best = max(range(len(options)), key=lambda i: (means[i], -i)) if options else None
    return {
        "game": rnd.profile.name,
        "player": rnd.name(seat),
        "phase": rnd.phase,
        "playouts": max((tally.n for tally in tallies), default=0),  # what the work budget allowed
        "seed": seed,
        "best": best,
        "options": options,
    }


# ----- reasons ----------------------------------------------------------------------------
#
# A reason is a catalog message: an English msgid with %(name)s placeholders and typed
# arguments ({"card": "9♦"}, {"section": "QD"}, {"number": 3}, {"chips": 2},
# {"percent": 0.4}, {"hand": "pair"}, {"move": <move JSON>}); the site's catalogs translate
# the msgids (babel.cfg extracts them from N_() below), and `reason` is the English text.


def N_(message: str) -> str:
    """Mark a reason's msgid for the catalogs' extraction."""
    return message


REASONS = {
    "forced": N_("The only legal move: the rules leave no choice here."),
    "wins-section": N_("%(card)s wins %(section)s at once."),
    "wins-section/run": N_("You hold %(first)s to %(last)s: your run includes %(card)s and wins %(section)s."),
    "ace-lead": N_("Leading %(card)s is an instant stop and keeps the lead, but it uses up a sure stop you might want later."),
    "run-to-ace": N_("You hold %(first)s to %(last)s: play them all, and your ace stops the run, so you lead again."),
    "top-lead": N_("Nothing follows %(card)s: leading it is an instant stop and keeps the lead, but it uses up a sure stop you might want later."),
    "run-to-top": N_("You hold %(first)s to %(last)s, and nothing follows %(last)s: play them all, make your own stop and lead again."),
    "self-stop": N_("You hold %(card)s, and %(next)s has already been played: your card is a stop, so you lead again."),
    "self-stop/run": N_("You hold %(first)s to %(last)s, and %(next)s has already been played: your run ends in a stop, so you lead again."),
    "run": N_("You hold %(first)s to %(last)s: you can shed %(count)s cards before anyone else plays."),
    "run/two": N_("You hold %(first)s and %(last)s: you can shed both before anyone else plays."),
    "wins-section/two": N_("You hold %(first)s and %(last)s: your run includes %(card)s and wins %(section)s."),
    "run-to-ace/two": N_("You hold %(first)s and %(last)s: play both, and your ace stops the run, so you lead again."),
    "run-to-top/two": N_("You hold %(first)s and %(last)s, and nothing follows %(last)s: play both, make your own stop and lead again."),
    "self-stop/two": N_("You hold %(first)s and %(last)s, and %(next)s has already been played: your run ends in a stop, so you lead again."),
    "single": N_("%(card)s on its own: whoever has %(next)s plays on and may end up with the lead."),
    "poor-hand-swap": N_("Your hand is weak for play (%(quality)s on runs and aces): another hand is probably better."),
    "good-hand-swap": N_("Your hand is fair for play (%(quality)s on runs and aces): swapping is a gamble, and you pay for it as well."),
    "poor-hand-keep": N_("Keeping your hand costs nothing, but it is weak for play (%(quality)s on runs and aces)."),
    "good-hand-keep": N_("Your hand is fair for play (%(quality)s on runs and aces): keeping it costs nothing."),
    "strong-hand-bet": N_("Your poker hand (%(hand)s) is strong: build the pot, you may well win it."),
    "weak-hand-bet": N_("Your poker hand (%(hand)s) is weak: any chips you add will mostly end up with someone else."),
    "free-check": N_("Checking is free and keeps you in for the Poker pot (your poker hand: %(hand)s)."),
    "medium-hand-call": N_("Your poker hand (%(hand)s) is worth one more chip to stay in for the Poker pot."),
    "weak-hand-call": N_("Your poker hand (%(hand)s) is weak: calling is not worth the price."),
    "weak-hand-fold": N_("Your poker hand (%(hand)s) is weak: folding costs you only the Poker pot; you still play for the stops."),
    "good-hand-fold": N_("Folding would throw away your poker hand (%(hand)s) and your chance at the Poker pot."),
    "few-cards": N_("You hold fewer than five cards: there is no poker hand to play for."),
    "strong-set-poch": N_("Your best set (%(hand)s) is strong: poch and build a pot you stand to win."),
    "weak-set-poch": N_("Your best set (%(hand)s) is weak: poching would be a bluff, and the others may well hold against it."),
    "no-set-poch": N_("You have no set: poching is pure bluff, and if nobody shows a set the pot stays on the board."),
    "set-hold": N_("Your best set (%(hand)s) is worth holding: you match the highest stake and stay in."),
    "weak-set-hold": N_("Your best set (%(hand)s) is weak: holding is not worth the price."),
    "no-set-hold": N_("You have no set: holding costs chips you cannot win back at the showdown."),
    "free-pass": N_("While nobody has poched, passing costs nothing; if nobody poches, you still show your best set."),
    "set-pass": N_("Passing gives up what you have put in; you still play for the stops."),
    "option": N_("%(move)s: rated by the playouts."),
    "rank-run-pays": N_("From %(first)s to %(last)s you hold %(count)s cards in a row, a pay card among them: play them on your turn and you win what it pays."),
    "rank-run-to-top": N_("From %(first)s to %(last)s you hold %(count)s cards in a row, and nothing can follow the last: play them and start again."),
    "rank-top": N_("Nothing can follow %(card)s: play it and start again."),
    "rank-run": N_("From %(first)s to %(last)s you hold %(count)s cards in a row: you can play them before the turn passes."),
    "rank-single": N_("After %(card)s you have nothing to follow it: the turn passes on."),
    "stop-at-will": N_("You could play on: stopping keeps your cards and hands the turn on, and every card left in your hand costs you when someone else goes out."),
    "stand-in": N_("%(card)s wins %(section)s at once in place of the missing card, and the run goes on; otherwise it can only be led."),
    "stand-in-kept": N_("Keeping %(card)s lets the stop stand: you may still play it at a later stop, or lead it, if the round lasts."),
    "bid-above-rivals": N_("No rival bids as high as %(top)s in the playouts: bids from %(low)s rate like a bid of %(top)s, less the extra chips paid (%(extra)s more at %(low)s)."),
}


def _plain(value, words) -> str:
    """A typed argument as the English text shows it."""
    if "percent" in value:
        return f"{value['percent']:.0%}"
    for kind in ("card", "section", "number", "chips", "hand"):
        if kind in value:
            return str(value[kind])
    if "noun" in value:
        return noun_text(value["noun"], "the", words)
    if "move" in value:
        return json.dumps(value["move"], ensure_ascii=False)
    raise ValueError(f"unknown argument kind {value!r}")


def message(key: str, **args) -> dict:
    """The reason ``key`` as a catalog message {"id", "args"}; its code is the key up to any
    "/" (a variant of the same reason, e.g. for a run of cards rather than one card)."""
    return {"code": key.split("/")[0], "id": REASONS[key], "args": args}


def english(reason: dict, words) -> str:
    """The reason in English (``words``: the game's, for the nouns of its sections)."""
    return reason["id"] % {name: _plain(value, words) for name, value in reason["args"].items()}


def reason(rnd, seat: int, move: Move, choices: int) -> dict:
    """What the rules and heuristics make of ``move``: a message (see :func:`message`)."""
    if choices == 1:
        return message("forced")
    if isinstance(move, Play):
        return _play_reason(rnd, seat, move)
    if isinstance(move, Stop):
        return message("stop-at-will")
    if isinstance(move, StandIn):
        card = {"card": str(rnd.profile.stand_in)}
        if move.card is None:
            return message("stand-in-kept", card=card)
        sid = rnd.layout.pay_table[int(move.card)]
        if sid < 0:  # a stand-in that wins nothing
            return message("option", move={"move": move.to_json(rnd.names)})
        return message("stand-in", card=card, section=noun(rnd.profile.words_json(), rnd.profile.section_ids()[sid]))
    return _other_reason(rnd, seat, move)


def _play_reason(rnd, seat: int, move: Play) -> dict:
    owner = heuristics.public_owner(rnd, seat)
    profile = rnd.profile
    pay, follow = rnd.layout.pay_table, profile.follow
    c = int(move.card)
    if profile.sequence == SequenceBy.RANK:
        return _rank_play_reason(rnd, seat, owner, pay, move)
    run, last = heuristics.run_from(owner, seat, c, follow)
    card = {"card": str(move.card)}
    ends = {"first": card, "last": {"card": str(DECK[last])}}
    paid = [x for x in heuristics.run_cards(c, last, follow) if pay[x] >= 0]
    if paid:
        section = noun(rnd.profile.words_json(), rnd.profile.section_ids()[pay[paid[0]]])
        if run == 1:
            return message("wins-section", card=card, section=section)
        return message("wins-section/two" if run == 2 else "wins-section/run", card={"card": str(DECK[paid[0]])},
                       section=section, **ends)
    if follow[c] < 0:  # the top of its suit: an ace, or a king with aces low, a 7♦ without the 8♦
        return message("ace-lead" if DECK[c].is_ace else "top-lead", card=card)
    if follow[last] < 0:
        return message(("run-to-ace" if DECK[last].is_ace else "run-to-top") + ("/two" if run == 2 else ""), **ends)
    after = {"card": str(DECK[follow[last]])}  # the card that would follow the run
    if owner[follow[last]] == heuristics.PLAYED:
        if run == 1:
            return message("self-stop", card=card, next=after)
        return message("self-stop/two" if run == 2 else "self-stop/run", next=after, **ends)
    if run == 2:
        return message("run/two", **ends)
    if run > 1:
        return message("run", count={"number": run}, **ends)
    return message("single", card=card, next=after)


def _rank_play_reason(rnd, seat: int, owner, pay, move: Play) -> dict:
    """A play in a sequence by rank, whatever the suit, in turn order."""
    c = int(move.card)
    card = {"card": str(move.card)}
    if pay[c] >= 0:
        return message("wins-section", card=card, section=noun(rnd.profile.words_json(), rnd.profile.section_ids()[pay[c]]))
    run, ahead, top, last = heuristics.rank_run(owner, seat, c, rnd.profile.follow, pay)
    ends = {"first": card, "last": {"card": str(DECK[last])}}
    if ahead:
        return message("rank-run-pays", count={"number": run}, **ends)
    if top and run == 1:
        return message("rank-top", card=card)
    if top:
        return message("rank-run-to-top", count={"number": run}, **ends)
    if run > 1:
        return message("rank-run", count={"number": run}, **ends)
    return message("rank-single", card=card)


def _other_reason(rnd, seat: int, move: Move) -> dict:
    key = type(move).key
    cards = rnd.hands[seat]
    quality = heuristics.stops_quality(cards, rnd.profile.follow)
    shape = {"quality": {"percent": round(quality, 2)}}
    if key == "swap" and getattr(move, "swap", True) or key == "bid":
        return message("poor-hand-swap" if quality < heuristics.POOR_HAND else "good-hand-swap", **shape)
    if key in ("swap", "bid", "pass"):
        return message("poor-hand-keep" if quality < heuristics.POOR_HAND else "good-hand-keep", **shape)
    if key in ("bet", "raise", "check", "call", "fold") and rnd.profile.betting.ranker == Ranker.SETS:
        return _vying_reason(rnd, seat, key)
    if key in ("bet", "raise", "check", "call", "fold") and len(cards) < 5:
        return message("few-cards")
    strength = heuristics.poker_strength(cards) if len(cards) >= 5 else 0
    poker = {"hand": {"hand": poker_name(cards)}} if len(cards) >= 5 else {}
    if key in ("bet", "raise"):
        return message("strong-hand-bet" if strength >= heuristics.BET_STRENGTH else "weak-hand-bet", **poker)
    if key == "check":
        return message("free-check", **poker)
    if key == "call":
        return message("medium-hand-call" if strength >= heuristics.CALL_STRENGTH else "weak-hand-call", **poker)
    if key == "fold":
        return message("weak-hand-fold" if strength < heuristics.CALL_STRENGTH else "good-hand-fold", **poker)
    return message("option", move={"move": move.to_json(rnd.names)})


def _vying_reason(rnd, seat: int, key: str) -> dict:
    """A reason for an action of the vying (sets of equal rank)."""
    ranker = RANKERS["sets"]
    trump = rnd.trump
    category, _ = ranker.describe(rnd.profile, rnd.hands[seat], trump)
    strength = heuristics.hand_strength(rnd.profile, rnd.hands[seat], trump)
    if key == "check":
        return message("free-pass")
    if key == "fold":
        return message("set-pass")
    if category is None:
        return message("no-set-poch" if key in ("bet", "raise") else "no-set-hold")
    hand = {"hand": {"hand": category}}
    if key in ("bet", "raise"):
        return message("strong-set-poch" if strength >= heuristics.BET_STRENGTH else "weak-set-poch", **hand)
    return message("set-hold" if strength >= heuristics.CALL_STRENGTH else "weak-set-hold", **hand)
