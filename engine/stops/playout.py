"""The fast playout: the rest of a round on the kernel's compact table, with the ``basic``
bot's choices for every seat, for Monte Carlo hints and the expert bot.

:class:`~stops.round.Round` checks every move and records events: right for play, too
slow for thousands of playouts. This module plays the rest of a stops phase (and a betting
round just before it) on plain integers — ``owner`` per card, cards per seat, board
amounts per section, balances — and ends with exactly the chips :class:`Round` would move
(tests compare the two on random deals of every game and option).

It restates no rule. The stops play is the kernel's, card by card, as the round plays it
(:func:`stops.kernel.step.play`: what each card claims, going out, the next turn, the stop
and who leads after it, played on to the end of the phase in one call), and so are the
going-out payments (:func:`stops.kernel.step.going_out`), the deadlock
(:mod:`stops.kernel.claims`), the betting round (:mod:`stops.kernel.betting`) and the
showdown (:mod:`stops.kernel.showdown`); all read the profile's data. What is left here
is the chips on integers, capped like the ledger when stacks are finite, and the basic
bot's choices.

Which phases it finishes is a table keyed by the phase objects themselves
(:data:`FINISHERS`), so the fast path cannot be switched off by renaming anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .enums import Bankroll, BetSizes
from .heuristics import bet_size, betting_action, choice_policies, hand_strength, lead_policy
from .kernel import betting as bet
from .kernel import step
from .kernel.claims import ALONE_NOBODY, OPPOSED, deadlock_payments
from .kernel.leads import first_leader
from .kernel.showdown import RANKERS, may_open, showdown
from .kernel.step import WENT_OUT, PlayRules
from .ledger import payable
from .phases import betting as betting_phase
from .phases import stops as stops_phase


@dataclass(frozen=True)
class FastRules:
    """A round's stops phase as the simulator reads it: the kernel's rules of the play
    (:class:`stops.kernel.step.PlayRules`), the round's going-out sections, and the basic
    bot's choices: among cards, and where the game has them, a stop at will and the stand-in."""

    play: PlayRules
    capped: bool
    policy: Callable  # the basic bot's choice among cards (stops.heuristics.lead_policy)
    stop: Callable | None  # ... whether to stop at will (None: never; stops.heuristics.choice_policies)
    stand: Callable | None  # ... whether to play the stand-in card at a stop (None: the game has none)

    @property
    def sections(self) -> tuple[str, ...]:
        return self.play.sections

    def section(self, sid: str) -> int:
        return self.play.sections.index(sid)


_CACHE: dict[tuple, tuple] = {}


def fast_rules(profile, rnd=None) -> FastRules:
    """The compact rules of ``profile``'s stops phase (in round ``rnd``: its board, resolved
    for the trump suit)."""
    trump = None if rnd is None else rnd.trump
    key = (id(profile), trump)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is profile:
        rules = cached[1]
    else:
        play = profile.play_rules(None if trump is None else int(trump))
        stop, stand = choice_policies(profile)
        rules = FastRules(play=play, capped=profile.bankroll == Bankroll.CHIPS, policy=lead_policy(profile), stop=stop, stand=stand)
        if len(_CACHE) > 64:  # profiles are small frozen objects; keep the cache small too
            _CACHE.clear()
        _CACHE[key] = (profile, rules)
    return rules


# ----- the stops phase ----------------------------------------------------------------------


_BASIC = object()  # a choice left to the basic bot (FastRules.stop, .stand)


def simulate(rules: FastRules, owner: list, counts: list, board: list, bal: list,
             seat: int, card: int, policy=None, recent: tuple = (), played_by: dict | None = None,
             alone: int = OPPOSED, held: tuple = (), *, stands_for: int = -1, stop=_BASIC, stand=_BASIC) -> int | None:
    """Play ``card`` by ``seat`` and the rest of the stops phase; returns the seat that went
    out (None when the round ended without one: a deadlock).

    ``owner``, ``counts``, ``board`` and ``bal`` are changed in place (make copies first);
    ``recent`` are the plays the profile's runs remember, ``played_by`` who played each
    card of a run played in any order (not changed), ``alone`` who has played so far
    (:func:`stops.kernel.claims.still_alone`), ``held`` the sections held earlier in the
    round (the going out may skip them). The plays are the kernel's, played on to
    the end of the phase (:func:`stops.kernel.step.play`: what each claims, going out, the
    next turn, the stop and the lead after it); here their claims, the going out and the
    deadlock move the chips on the integers. Leads, and a choice between cards of one rank,
    are made by ``policy(owner, seat, candidates, pay, follow, top)`` (default: the profile's
    basic bot, :func:`stops.heuristics.lead_policy`), a stop at will by ``stop`` and the
    stand-in by ``stand`` (default: the basic bot's, ``rules.stop`` and ``rules.stand``).
    ``stands_for``: ``card`` is the stand-in, played in place of that card.
    """
    claims: list = []
    seat, _, alone, _, _, turn, _, _ = step.play(
        rules.play, owner, counts, seat, card, alone, recent, played_by or step.NONE_PLAYED, claims, policy or rules.policy,
        stands_for=stands_for, stop=rules.stop if stop is _BASIC else stop, stand=rules.stand if stand is _BASIC else stand)
    return _settle(rules, owner, counts, board, bal, claims, seat, turn, alone, held)


def simulate_from(rules: FastRules, owner: list, counts: list, board: list, bal: list, last_seat: int, last: int,
                  policy=None, recent: tuple = (), played_by: dict | None = None, alone: int = OPPOSED, held: tuple = (),
                  *, at_will: int = -1, stop=_BASIC, stand=_BASIC) -> int | None:
    """The rest of the stops phase mid-sequence, after ``last`` played by ``last_seat``
    (:func:`stops.kernel.step.resume`; ``at_will``: the seat on turn after it stopped at
    will); otherwise as :func:`simulate`."""
    claims: list = []
    seat, _, alone, _, _, turn, _, _ = step.resume(
        rules.play, owner, counts, last_seat, last, alone, recent, played_by or step.NONE_PLAYED, claims,
        policy or rules.policy, at_will=at_will, stop=rules.stop if stop is _BASIC else stop,
        stand=rules.stand if stand is _BASIC else stand)
    return _settle(rules, owner, counts, board, bal, claims, seat, turn, alone, held)


def _settle(rules: FastRules, owner, counts, board, bal, claims, seat: int, turn: int, alone: int, held: tuple) -> int | None:
    """The chips of a phase played out: the sections ``claims`` took, then the going out of
    ``seat`` (``turn`` :data:`~stops.kernel.step.WENT_OUT`) or the deadlock."""
    # Each claim takes a whole section; they all come before the going out or the deadlock,
    # whose payments read the balances, so taking them now, in order, moves the same chips.
    for who, s, _, _ in claims:
        _take(board, bal, who, s)
    if turn == WENT_OUT:
        _go_out(rules, owner, counts, board, bal, seat, alone, held)
        return seat
    _deadlock(rules, counts, board, bal)
    return None


def simulate_lead(rules: FastRules, owner, counts, board, bal, leader: int, first: bool, stopped,
                  policy=None, recent: tuple = (), played_by: dict | None = None, alone: int = OPPOSED,
                  held: tuple = (), *, stop=_BASIC, stand=_BASIC) -> int | None:
    """The rest of the stops phase from a pending lead by ``leader``."""
    policy = policy or rules.policy
    candidates = step.lead_cards(rules.play, owner, leader, first, stopped)
    play = rules.play
    c = candidates[0] if len(candidates) == 1 else policy(owner, leader, candidates, play.pay, play.follow, play.top)
    return simulate(rules, owner, counts, board, bal, leader, c, policy=policy, recent=recent, played_by=played_by,
                    alone=alone, held=held, stop=stop, stand=stand)


def _take(board, bal, seat: int, s: int) -> None:
    """``seat`` takes the whole section ``s``."""
    amount = board[s]
    if amount:
        board[s] = 0
        bal[seat] += amount


def _pay(rules: FastRules, bal, source: int, amount):
    """What ``source`` actually pays of ``amount`` (capped at its stack with finite chips)."""
    amount = payable(amount, bal[source], rules.capped)
    if amount > 0:
        bal[source] -= amount
        return amount
    return 0


def _go_out(rules: FastRules, owner, counts, board, bal, seat: int, alone: int, held: tuple) -> None:
    """The kernel's going-out payments (:func:`stops.kernel.step.going_out`) on the integers."""
    for kind, who, x in step.going_out(rules.play, owner, counts, seat, alone, held):
        if kind == step.CARDS:
            bal[seat] += _pay(rules, bal, who, x)
        elif kind == step.PENALTY:
            board[x] += _pay(rules, bal, who, board[x])
        elif kind == step.TAKES or kind == step.UNOPPOSED:
            _take(board, bal, seat, x)


def _deadlock(rules: FastRules, counts, board, bal) -> None:
    s = rules.play.deadlock
    for seat, owed in enumerate(deadlock_payments(counts)):
        board[s] += _pay(rules, bal, seat, owed)


def compact(rnd) -> tuple[list, list, list, list]:
    """(owner, counts, board, balances) of a round, copies."""
    return (
        list(rnd.owner),
        [len(h) for h in rnd.hands],
        [rnd.ledger.board[s] for s in rnd.profile.section_ids()],
        list(rnd.ledger.balances),
    )


def recent_plays(rnd) -> tuple:
    """The plays the profile's runs remember, from the round's state."""
    return tuple((s, int(c)) for s, c in rnd.state.stops.recent)


def finish_stops(rnd, owner=None, policy=None, stop=_BASIC, stand=_BASIC) -> tuple[list, int | None]:
    """Balances at the end and the winner, playing a round's stops phase out on compact
    state (``owner`` replaces the round's card positions when given); the choices are the
    basic bot's unless given (``policy``, ``stop``, ``stand``: see :func:`simulate`). ``rnd``
    is not changed."""
    if rnd.over or rnd.profile.phase(rnd.phase) is not stops_phase.PHASE:
        raise ValueError("finish_stops plays the stops phase of a round that is not over")
    rules = fast_rules(rnd.profile, rnd)
    own, counts, board, bal = compact(rnd)
    if owner is not None:
        own = list(owner)
        counts = [0] * rnd.n
        for x in own:
            if x >= 0:
                counts[x] += 1
    state = rnd.state.stops
    recent = recent_plays(rnd)
    played_by = state.played_by
    held = rnd.state.held_sections
    stand = rules.stand if stand is _BASIC else stand
    if state.lead_pending:
        holder = state.stand_in  # at a stop, the stand-in's holder decides before the lead
        if holder is not None and stand is not None and stand(own, holder, int(state.stopped), rules.play.follow):
            winner = simulate(rules, own, counts, board, bal, holder, rules.play.stand_in, policy, recent, played_by,
                              state.alone, held, stands_for=rules.play.follow[state.stopped], stop=stop, stand=stand)
        else:
            winner = simulate_lead(rules, own, counts, board, bal, state.leader, state.first, state.stopped, policy, recent,
                                   played_by, state.alone, held, stop=stop, stand=stand)
    else:
        winner = simulate_from(rules, own, counts, board, bal, state.last_seat, int(state.last), policy, recent, played_by,
                               state.alone, held, at_will=-1 if state.at_will is None else state.at_will, stop=stop,
                               stand=stand)
    return bal, winner


# ----- a fixed-limit betting round before the stops phase -------------------------------------


def showdown_facts(profile, hands, trump) -> tuple[list, list, list]:
    """Per hand: its showdown key, its strength for the basic bot's bets and whether it may
    open, for ``profile`` and the trump card. An expert's options at one decision play out
    the same sampled hands one after another (a bet or a pass changes no card), so the last
    answer is kept and given again for the same hands."""
    hands = tuple(map(tuple, hands))
    last = _SHOWDOWN
    if last and last[0] is profile and last[1] == trump and last[2] == hands:
        return last[3]
    ranker = RANKERS[profile.betting.ranker]
    keys = [ranker.key(profile, hand, trump) for hand in hands]
    facts = (keys, [hand_strength(profile, hand, trump, key) for hand, key in zip(hands, keys)],
             [may_open(profile, hand, trump) for hand in hands])
    _SHOWDOWN[:] = (profile, trump, hands, facts)
    return facts


_SHOWDOWN: list = []  # the last call of showdown_facts: profile, trump, hands, answer


def finish_betting(rnd) -> tuple[list, int | None]:
    """Final balances and winner: the rest of the betting round with the basic bot's actions,
    the showdown, then the stops phase, all on compact state. ``rnd`` is not changed."""
    profile = rnd.profile
    if rnd.over or profile.phase(rnd.phase) not in BETTING_PHASES or profile.phases[rnd.phase_index + 1:] != ("stops",):
        raise ValueError("finish_betting plays a betting round that the stops phase follows")
    rules = fast_rules(profile, rnd)
    owner, counts, board, bal = compact(rnd)
    state = rnd.state.betting.copy()
    betting = profile.betting
    capped = rules.capped
    pot = rules.section(betting.section)
    trump = rnd.trump
    ranker = RANKERS[betting.ranker]
    ranged = betting.sizes == BetSizes.RANGE
    keys, strength, opens = showdown_facts(profile, rnd.hands, trump)

    def all_in(seat: int) -> bool:
        return capped and bal[seat] <= 0

    while True:
        seat = state.turn
        chips = max(int(bal[seat]), 0) if capped else None
        action = betting_action(strength[seat], bet.allowed(state, seat, chips, betting, opens[seat]))
        low, high = bet.size_range(state, seat, chips, betting)  # the basic bot's size (heuristics.bet_size)
        owed = bet.act(state, seat, action, bet_size(low, high, strength[seat]) if ranged else low)
        if owed:
            paid = _pay(rules, bal, seat, owed)
            board[pot] += paid
            bet.paid(state, seat, paid)
        kind, who = bet.next_turn(state, all_in)
        if kind == "turn":
            state.turn = who
            continue
        if kind == "fold-out":
            winners = (who,)
            _take(board, bal, who, pot)
        else:
            winners, share, _ = showdown(ranker, {s: keys[s] for s in who}, state.order, board[pot])
            for s in winners:
                bal[s] += share
                board[pot] -= share
        break
    chosen = bet.first_leader(state, winners) if winners else None
    leader = first_leader(profile.first_leader, rnd.dealer, rnd.n, chosen, owner, rules.play.first_lead,
                          rules.play.order)
    winner = simulate_lead(rules, owner, counts, board, bal, leader, True, None, alone=ALONE_NOBODY,
                           held=rnd.state.held_sections)
    return bal, winner


def _finish_betting_then_stops(rnd) -> tuple[list, int | None] | None:
    if rnd.profile.phases[rnd.phase_index + 1:] != ("stops",):
        return None
    return finish_betting(rnd)


# The phases the fast playout finishes, by phase object: ``finish(rnd) -> (balances,
# winner)``, or None when it cannot from there.
BETTING_PHASES = (betting_phase.PHASE, betting_phase.VYING)
FINISHERS: dict[object, Callable] = {stops_phase.PHASE: finish_stops, betting_phase.PHASE: _finish_betting_then_stops,
                                     betting_phase.VYING: _finish_betting_then_stops}


def finish_fast(rnd) -> tuple[list, int | None] | None:
    """The end of ``rnd`` (balances, winner) played on compact state, or None when its
    current phase is not one the fast playout plays (``rnd`` is not changed)."""
    if rnd.over:
        return list(rnd.ledger.balances), rnd.winner
    finish = FINISHERS.get(rnd.profile.phase(rnd.phase))
    return None if finish is None else finish(rnd)
