"""A lean simulator of the stops phase, for Monte Carlo playouts.

:class:`~stops.round.Round` checks every move and records events: right for play, too slow
for thousands of playouts. This module plays the rest of a stops phase on compact state
(``owner`` per card, cards per seat, board amounts per section, balances) with the
``basic`` bot's choices for every seat, and ends with exactly the chips :class:`Round`
would move (tests compare the two on random deals).

Only what the profile states as data is simulated: the lead rules (``first_lead``,
``restart``), ``pay_on_play``, ``going_out_sections``, ``card_count_rate`` and capped chip
stacks. A profile with stops hooks (``after_play``, ``find_leader``) is simulated here only
when each hook has a fast counterpart registered with :func:`register_fast_hook`; otherwise
:func:`fast_rules` returns None and playouts run on :class:`Round` (slower, same result).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .heuristics import basic_lead, betting_action, pay_index, poker_strength
from .phases.betting import poker_key
from .profiles import rummoli

PLAYED = -2
ACE = 12


# ----- lead rules on compact state: (owner, seat, stopped) -> candidate cards, sorted ----------


def _lowest_by_suit(owner, seat: int) -> list[int]:
    out = []
    for base in (0, 13, 26, 39):
        suit = owner[base:base + 13]
        if seat in suit:
            out.append(base + suit.index(seat))
    return out


def lead_chosen_suit(owner, seat, stopped):
    return _lowest_by_suit(owner, seat)


def lead_other_suit(owner, seat, stopped):
    lowest = _lowest_by_suit(owner, seat)
    if stopped is not None:
        suit = stopped // 13
        others = [c for c in lowest if c // 13 != suit]
        if others:
            return others
    return lowest


def lead_longest_suit(owner, seat, stopped):
    best, out = 0, []
    for base in (0, 13, 26, 39):
        count, low = 0, -1
        for c in range(base, base + 13):
            if owner[c] == seat:
                count += 1
                if low < 0:
                    low = c
        if count > best:
            best, out = count, [low]
        elif count == best and count:
            out.append(low)
    return out


def lead_lowest_card(owner, seat, stopped):
    for rank in range(13):
        out = [c for c in (rank, rank + 13, rank + 26, rank + 39) if owner[c] == seat]
        if out:
            return out
    return []


FAST_LEADS: dict[str, Callable] = {
    "chosen-suit": lead_chosen_suit,
    "other-suit": lead_other_suit,
    "longest-suit": lead_longest_suit,
    "any-suit": lead_chosen_suit,
    "lowest-card": lead_lowest_card,
}

# Fast counterparts of profile hooks, by the hook function itself (see register_fast_hook).
FAST_HOOKS: dict[Callable, "FastHook"] = {}


class FastHook:
    """The compact-state counterpart of one stops hook of a profile.

    ``after_play(sim, seat, card)`` for an ``after_play`` hook; ``find_leader(sim, stopper,
    stopped)`` for a ``find_leader`` hook, returning the leader or None when the round ends
    there (the hook has then settled it); ``init(sim, hand)`` copies the phase state the hook
    keeps in ``hand.data`` into ``sim.scratch``.
    """

    def init(self, sim: "Sim", rnd) -> None:
        pass

    def after_play(self, sim: "Sim", seat: int, card: int) -> None:
        raise NotImplementedError

    def find_leader(self, sim: "Sim", stopper: int, stopped: int) -> int | None:
        raise NotImplementedError


def register_fast_hook(hook: Callable, fast: FastHook) -> None:
    """Declare ``fast`` the compact-state counterpart of the stops hook ``hook``."""
    FAST_HOOKS[hook] = fast


@dataclass(frozen=True)
class FastRules:
    """A profile's stops phase as the simulator reads it."""

    sections: tuple[str, ...]
    pay: tuple[int, ...]  # per card: the section index its play wins, or -1
    going_out: tuple[int, ...]
    rate: int
    capped: bool
    first_lead: Callable
    restart: Callable
    after_play: tuple[FastHook, ...] = ()
    find_leader: FastHook | None = None

    def section(self, sid: str) -> int:
        return self.sections.index(sid)


class Sim:
    """The compact state of one playout: card places, cards per seat, board, balances."""

    __slots__ = ("rules", "owner", "counts", "board", "bal", "scratch", "winner")

    def __init__(self, rules: FastRules, owner: list, counts: list, board: list, bal: list, scratch: dict | None = None):
        self.rules = rules
        self.owner = owner
        self.counts = counts
        self.board = board
        self.bal = bal
        self.scratch = scratch if scratch is not None else {}
        self.winner = None

    def pay_player(self, source_seat: int, target_seat: int | None, amount, section_index: int | None = None) -> None:
        """A player pays ``amount`` to a player or (``target_seat`` None) to a section, capped like the ledger."""
        if self.rules.capped:
            amount = min(amount, max(self.bal[source_seat], 0))
        if amount <= 0:
            return
        self.bal[source_seat] -= amount
        if target_seat is None:
            self.board[section_index] += amount
        else:
            self.bal[target_seat] += amount

    def take(self, seat: int, section_index: int) -> None:
        """``seat`` takes the whole section."""
        amount = self.board[section_index]
        if amount:
            self.board[section_index] = 0
            self.bal[seat] += amount


_CACHE: dict[int, tuple] = {}


def fast_rules(profile, rnd=None) -> FastRules | None:
    """The compact rules of ``profile``'s stops phase, or None when it needs :class:`Round`.

    A profile whose going-out sections are chosen by a function (``extra["going_out_sections"]``)
    needs the ``hand`` to choose them.
    """
    cached = _CACHE.get(id(profile))
    if cached is not None and cached[0] is profile:
        rules = cached[1]
    else:
        rules = _build_rules(profile)
        if len(_CACHE) > 64:  # profiles are small frozen objects; keep the cache small too
            _CACHE.clear()
        _CACHE[id(profile)] = (profile, rules)
    if rules is not None and profile.going_out_skips_held:
        if rnd is None:
            return None
        held = rnd.data.get("held_sections", ())
        rules = replace(rules, going_out=tuple(rules.section(s) for s in profile.going_out_for(held)))
    return rules


def _build_rules(profile) -> FastRules | None:
    after = profile.after_play
    find = profile.find_leader
    if not (
        "stops" in profile.phases
        and profile.first_lead in FAST_LEADS
        and profile.restart in FAST_LEADS
        and all(h in FAST_HOOKS for h in after)
        and (find is None or find in FAST_HOOKS)
    ):
        return None
    ids = profile.section_ids()
    return FastRules(
        sections=ids,
        pay=tuple(pay_index(profile)),
        going_out=tuple(ids.index(s) for s in profile.going_out_sections),
        rate=profile.card_count_rate,
        capped=profile.bankroll == "chips",
        first_lead=FAST_LEADS[profile.first_lead],
        restart=FAST_LEADS[profile.restart],
        after_play=tuple(FAST_HOOKS[h] for h in after),
        find_leader=None if find is None else FAST_HOOKS[find],
    )


def simulate(rules: FastRules, owner: list, counts: list, board: list, bal: list,
             seat: int, card: int, policy=basic_lead, scratch: dict | None = None) -> int | None:
    """Play ``card`` by ``seat`` and the rest of the stops phase; returns the seat that went
    out (None when the round ended without one, e.g. a deadlock).

    ``owner``, ``counts``, ``board`` and ``bal`` are changed in place (make copies first).
    Leads are chosen by ``policy(owner, seat, candidates, pay)``.
    """
    if rules.after_play or rules.find_leader is not None:
        return _simulate_hooked(Sim(rules, owner, counts, board, bal, scratch), seat, card, policy)
    pay = rules.pay
    restart = rules.restart
    c = card
    while True:
        # One sequence: c is played by seat, then whoever holds the next card follows.
        while True:
            owner[c] = PLAYED
            counts[seat] -= 1
            s = pay[c]
            if s >= 0:
                amount = board[s]
                if amount:
                    board[s] = 0
                    bal[seat] += amount
            if not counts[seat]:
                _go_out(rules, counts, board, bal, seat)
                return seat
            if c % 13 == ACE:
                break
            holder = owner[c + 1]
            if holder < 0:
                break
            c += 1
            seat = holder
        # A stop: the player of the stopping card leads again.
        candidates = restart(owner, seat, c)
        c = candidates[0] if len(candidates) == 1 else policy(owner, seat, candidates, pay)


def _simulate_hooked(sim: Sim, seat: int, c: int, policy) -> int | None:
    """:func:`simulate` for profiles with stops hooks (after each play; who leads after a stop)."""
    rules = sim.rules
    owner, counts, board, bal = sim.owner, sim.counts, sim.board, sim.bal
    pay = rules.pay
    restart = rules.restart
    after = rules.after_play
    find = rules.find_leader
    while True:
        while True:
            owner[c] = PLAYED
            counts[seat] -= 1
            s = pay[c]
            if s >= 0:
                amount = board[s]
                if amount:
                    board[s] = 0
                    bal[seat] += amount
            for hook in after:
                hook.after_play(sim, seat, c)
            if not counts[seat]:
                _go_out(rules, counts, board, bal, seat)
                return seat
            if c % 13 == ACE:
                break
            holder = owner[c + 1]
            if holder < 0:
                break
            c += 1
            seat = holder
        if find is not None:
            leader = find.find_leader(sim, seat, c)
            if leader is None:
                return None
            seat = leader
        candidates = restart(owner, seat, c)
        c = candidates[0] if len(candidates) == 1 else policy(owner, seat, candidates, pay)


def simulate_lead(rules: FastRules, owner, counts, board, bal, leader: int, first: bool, stopped,
                  policy=basic_lead, scratch: dict | None = None) -> int | None:
    """The rest of the stops phase from a pending lead by ``leader``."""
    candidates = (rules.first_lead if first else rules.restart)(owner, leader, stopped)
    c = candidates[0] if len(candidates) == 1 else policy(owner, leader, candidates, rules.pay)
    return simulate(rules, owner, counts, board, bal, leader, c, policy=policy, scratch=scratch)


def _go_out(rules: FastRules, counts, board, bal, seat: int) -> None:
    for s in rules.going_out:
        amount = board[s]
        if amount:
            board[s] = 0
            bal[seat] += amount
    n = len(counts)
    rate = rules.rate
    for offset in range(1, n):
        rival = (seat + offset) % n
        owed = rate * counts[rival]
        if rules.capped:
            owed = min(owed, max(bal[rival], 0))
        bal[rival] -= owed
        bal[seat] += owed


# ----- from a Round---------------------------------------------------------------------


def compact(rnd) -> tuple[list, list, list, list]:
    """(owner, counts, board, balances) of a hand, copies."""
    return (
        list(rnd.owner),
        [len(h) for h in rnd.hands],
        [rnd.ledger.board[s] for s in rnd.profile.section_ids()],
        list(rnd.ledger.balances),
    )


def scratch_of(rules: FastRules, rnd) -> dict:
    """The hooks' phase state of ``hand``, for a playout starting there."""
    scratch: dict = {}
    sim = Sim(rules, [], [], [], [], scratch)
    for hook in rules.after_play + ((rules.find_leader,) if rules.find_leader else ()):
        hook.init(sim, rnd)
    return scratch


def finish_stops(rnd, owner=None, policy=basic_lead) -> tuple[list, int | None]:
    """Balances at the end and the winner, playing a Round's stops phase out on compact state
    (``owner`` replaces the hand's card positions when given). The hand is not changed."""
    rules = fast_rules(rnd.profile, rnd)
    if rules is None or rnd.phase != "stops" or rnd.over:
        raise ValueError("finish_stops needs a stops phase the fast simulator knows")
    own, counts, board, bal = compact(rnd)
    if owner is not None:
        own = list(owner)
        counts = [0] * rnd.n
        for x in own:
            if x >= 0:
                counts[x] += 1
    scratch = scratch_of(rules, rnd)
    state = rnd.stops
    if state.lead_pending:
        winner = simulate_lead(rules, own, counts, board, bal, state.leader, state.first, state.stopped, policy, scratch)
    else:
        nxt = state.last + 1
        winner = simulate(rules, own, counts, board, bal, own[nxt], nxt, policy=policy, scratch=scratch)
    return bal, winner


# ----- fast counterparts of the Rummoli stops hooks ----------------------------------------


class FastComboPots(FastHook):
    """K♦ then A♦, or 7-8-9 of a suit, played by one player one right after the other."""

    def init(self, sim, rnd) -> None:
        sim.scratch["recent"] = tuple((s, int(c)) for s, c in rnd.data.get("recent", ()))

    def after_play(self, sim, seat, c) -> None:
        recent = sim.scratch.get("recent", ())
        sim.scratch["recent"] = (recent + ((seat, c),))[-2:]
        if c == 38 and recent[-1:] == ((seat, 37),):  # A♦ after K♦
            sim.take(seat, sim.rules.section("ace_king"))
        if c % 13 == 7 and recent == ((seat, c - 2), (seat, c - 1)):  # 9 after 7 and 8
            sim.take(seat, sim.rules.section("seven_eight_nine"))


class FastOppositeColour(FastHook):
    """After a stop: the stopper, or the first seat clockwise holding the opposite colour,
    leads; nobody: deadlock (everyone pays 1 per card into the Rummoli pot, no winner)."""

    def find_leader(self, sim, stopper, stopped) -> int | None:
        red = (stopped // 13) in (1, 2)
        wanted = (0, 3) if red else (1, 2)
        owner = sim.owner
        n = len(sim.counts)
        for step in range(n):
            seat = (stopper + step) % n
            for suit in wanted:
                base = suit * 13
                for c in range(base, base + 13):
                    if owner[c] == seat:
                        return seat
        pot = sim.rules.section("rummoli")
        counts = list(sim.counts)
        for seat in range(n):
            sim.pay_player(seat, None, counts[seat], pot)
        return None


def lead_opposite_colour(owner, seat, stopped):
    lowest = _lowest_by_suit(owner, seat)
    if stopped is None:
        return lowest
    red = (stopped // 13) in (1, 2)
    return [c for c in lowest if ((c // 13) in (1, 2)) != red]


def _register_rummoli() -> None:
    FAST_LEADS["opposite-colour"] = lead_opposite_colour
    register_fast_hook(rummoli.combo_pots, FastComboPots())
    register_fast_hook(rummoli.find_leader, FastOppositeColour())


_register_rummoli()


# ----- a fixed-limit betting round before the stops phase (Rummoli) -------------------------


def fast_betting(rnd) -> bool:
    """Can :func:`finish_betting` play this hand's betting round (the last phase before stops)?"""
    profile = rnd.profile
    phases = profile.phases
    return (
        rnd.phase == "betting"
        and phases[rnd.phase_index + 1:] == ("stops",)
        and type(rnd.data.get("betting")).__name__ == "BettingState"
        and fast_rules(profile, rnd) is not None
    )


def finish_betting(rnd) -> tuple[list, int | None]:
    """Final balances and winner: the rest of the betting round with the basic bot's actions,
    the showdown, then the stops phase, all on compact state. The hand is not changed."""
    profile = rnd.profile
    rules = fast_rules(profile, rnd)
    owner, counts, board, bal = compact(rnd)
    state = rnd.data["betting"]
    n = rnd.n
    order = state.order
    put = list(state.put)
    current, raises = state.current, state.raises
    folded, acted = set(state.folded), set(state.acted)
    turn = state.turn
    unit = profile.betting.unit
    max_raises = profile.betting.max_raises
    capped = rules.capped
    pot = rules.section(profile.betting.section)
    strength = {s: poker_strength(rnd.hands[s]) for s in range(n)}
    while True:
        seat = turn
        to_call = current - put[seat]
        chips = max(int(bal[seat]), 0) if capped else None
        allowed = ["fold"]
        if to_call <= 0:
            allowed.append("check")
        else:
            allowed.append("call")
        if current == 0 and (chips is None or chips >= unit):
            allowed.append("bet")
        if current > 0 and raises < max_raises and (chips is None or chips >= to_call + unit):
            allowed.append("raise")
        action = betting_action(strength[seat], allowed)
        owed = 0
        if action == "fold":
            folded.add(seat)
        elif action == "check":
            acted.add(seat)
        elif action == "call":
            owed = current - put[seat]
            acted.add(seat)
        else:
            if action == "raise":
                raises += 1
            current += unit
            owed = current - put[seat]
            acted = {seat}
        if owed:
            paid = min(owed, max(bal[seat], 0)) if capped else owed
            if paid > 0:
                bal[seat] -= paid
                board[pot] += paid
                put[seat] += paid
        # The next turn, or the end of the round (as BettingPhase._next_turn).
        live = [s for s in order if s not in folded]
        if len(live) == 1:
            winners = (live[0],)
            bal[live[0]] += board[pot]
            board[pot] = 0
            break
        can_act = [s for s in live if not (capped and bal[s] <= 0)]
        start = order.index(turn)
        turn = None
        for step in range(1, n + 1):
            s = order[(start + step) % n]
            if s not in can_act:
                continue
            if put[s] < current or (s not in acted and len(can_act) > 1):
                turn = s
                break
        if turn is None:
            keys = {s: poker_key(rnd.hands[s]) for s in live}
            top = max(keys.values())
            winners = tuple(s for s in live if keys[s] == top)
            amount = board[pot]
            share = amount if len(winners) == 1 else amount // len(winners)
            for s in winners:
                bal[s] += share
                board[pot] -= share
            break
    leader = min(winners, key=order.index)
    winner = simulate_lead(rules, owner, counts, board, bal, leader, True, None, scratch={})
    return bal, winner
