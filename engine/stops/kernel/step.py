"""One card played in the stops phase, on the compact table: what it claims, whether its
player went out, and who plays next or that the sequence stopped (:func:`play`); who may
play after a card (:func:`follower`), lead (:func:`lead_cards`) and lead after a stop
(:func:`after_stop`); what going out pays (:func:`going_out`).

The round's stops phase (:mod:`stops.phases.stops`) turns what these functions return
into events, and the fast playout (:mod:`stops.playout`) into moves of its integers: the
order of the play is written here once, for both. They read a profile's rules for one
round as :class:`PlayRules` (``Profile.play_rules``), and the table as the kernel keeps
it: ``owner`` per card (a seat, or where the card is), the number of seats ``n``, the
cards each seat holds.

A play of ``c`` by ``seat`` is, in this order: the pay card's section, the runs it
completes (played one right after the other, or all by one player in the round), then
either going out (his last card) or the next turn: whoever holds the next card (or, by
rank or by seat, the first seat round the table from ``seat`` holding a card of the next
rank, the others passing) or, when nobody may play on, a stop; after a stop, the stopper
leads, or the first seat clockwise the duty allows, or nobody: a deadlock.

Two choices some games add (``PlayRules.may_stop``, ``PlayRules.stand_in``): a player on
turn who could play on may stop at will, and the turn goes on from his left as if he could
not, up to the player of the last card (:func:`stop_at_will`); and at a stop before a card
nobody can play, the holder of the stand-in card may play it in that card's place
(:func:`stand_in_holder`): it claims what it claims, and the sequence goes on from the card
it replaced (``play(..., stands_for=...)``).

The round plays one card a move. The playout plays on to the end of the phase in one call,
a chooser picking its cards (``play(..., choose)``): the walk from card to card is its
inner loop, and a call a card cost it some 15 % (Michigan's playouts, measured).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..owners import PLAYED
from .claims import OPPOSED, card_payments, claim_runs, claim_sets, held_penalties, still_alone
from .leads import Duty, Lead, PackOrder, leader_after_stop
from .sequence import turn_holder


@dataclass(frozen=True, slots=True, eq=False)
class PlayRules:
    """A profile's stops play for one round (its board resolved for the trump suit), by index."""

    sections: tuple[str, ...]  # the board's section ids; every section below is an index in them
    pay: tuple[int, ...]  # per card: the section its play wins, or -1
    follow: tuple[int, ...]  # per card: the next card in the pack, or -1
    top: tuple[int, ...]  # per card: the highest card of its suit in the pack (for a choice among cards)
    nexts: tuple[tuple[int, ...], ...]  # per card: the cards that may follow it (stops.kernel.sequence.next_cards)
    holder_turn: bool  # whoever holds the next card of the suit plays it (else the turn goes round the table)
    runs: dict  # the runs played one right after the other (stops.kernel.claims.run_index)
    memory: int  # how many plays those runs remember
    sets: dict  # the runs played in any order (stops.kernel.claims.set_index)
    run_sections: tuple[int, ...]  # per PlayRun: its section
    order: PackOrder
    first_lead: Lead
    restart: Lead  # the lead after a stop
    duty: Duty | None  # who must lead when the stopper cannot (None: the stopper always leads)
    going_out: tuple[int, ...]  # the sections the first player out takes
    skips_held: bool  # ... only those nobody took earlier in the round (Tripoli's pozo_once)
    unopposed: bool  # the first player out unopposed takes every section
    rate: int  # chips per card (or per pip) a rival pays the first player out
    values: tuple[int, ...] | None  # per card its value when a rival goes out (None: 1 each)
    excusing: tuple[int, ...]  # cards whose holder pays nothing when a rival goes out
    held_penalty: bool  # each pay card still held pays its section's amount into it
    deadlock: int  # the section the deadlock payments go into, or -1
    may_stop: bool  # a player on turn who could play on may stop at will (turn by seat)
    stand_in: int  # the card its holder may play at a stop in place of the missing one, or -1


WENT_OUT = -1  # play()'s next turn when the player has played his last card
DEADLOCK = -2  # play()'s next turn, playing on, when nobody may lead after a stop
PAY_CARD = -1  # a claim's run index when a pay card wins the section
NONE_PLAYED: dict = {}  # ``played_by`` before any card of a run played in any order (never changed)

_ONE = tuple((c,) for c in range(52))  # each card alone


def play(rules: PlayRules, owner, counts, seat: int, c: int, alone: int, recent: tuple, played_by: dict, claims: list,
         choose=None, *, stands_for: int = -1, stop=None, stand=None):
    """``seat`` plays ``c``: ``owner`` and ``counts`` (cards per seat) are changed in place,
    and each section the play wins is appended to ``claims`` as ``(seat, section, run,
    cards)``: the pay card's (``run`` :data:`PAY_CARD`), then each run it completes (the
    index of the PlayRun, its cards), played one right after the other or all by him this
    round. ``alone``, ``recent`` and ``played_by`` are as they were before the play
    (:func:`stops.kernel.claims.still_alone`, :func:`~stops.kernel.claims.claim_runs`,
    :func:`~stops.kernel.claims.claim_sets`).

    Returns ``(seat, c, alone, recent, played_by, turn, cards, passed)``: the last play
    (its player and card); ``alone``, ``recent`` and ``played_by`` after it
    (``played_by`` is a new dict when it changes); then :data:`WENT_OUT` when that was his
    last card (:func:`going_out`), else :func:`follower`'s answer: the next seat (None:
    the sequence stops, :func:`after_stop`), the cards he may play, how many seats passed
    before him.

    With ``choose``, the play goes on to the end of the phase, each play the same way: the
    plays that follow, the leads after each stop (:func:`after_stop`), and
    ``choose(owner, seat, cards, pay, follow, top)`` picking the card wherever a player has
    a choice; it ends with the player who went out (``turn`` :data:`WENT_OUT`) or, when
    nobody may lead after a stop, with :data:`DEADLOCK`. Where the game has them, two more
    choices are asked there: ``stop(owner, seat, cards)``, whether the player on turn stops
    at will (None: never), and ``stand(owner, holder, stopped, follow)``, whether the holder of
    the stand-in card plays it at the stop after ``stopped`` (None: never).

    ``stands_for``: ``c`` is the stand-in card, played in place of that card (the card
    missing after a stop): it claims what it claims, and the sequence goes on from the card
    it replaced, which the answer gives as the last card."""
    return _walk(rules, owner, len(counts), counts, seat, c, alone, recent, played_by, claims, choose, True,
                 stands_for, -1, stop, stand)


def resume(rules: PlayRules, owner, counts, seat: int, c: int, alone: int, recent: tuple, played_by: dict, claims: list,
           choose, *, at_will: int = -1, stop=None, stand=None):
    """:func:`play` with a chooser, from after ``c`` played by ``seat`` (the play has been
    made): the next turn and on to the end of the phase; ``at_will``: the seat on turn after
    ``c`` stopped at will (:func:`stop_at_will`), the turn going on from his left."""
    return _walk(rules, owner, len(counts), counts, seat, c, alone, recent, played_by, claims, choose, False,
                 -1, at_will, stop, stand)


def stop_at_will(rules: PlayRules, owner, n: int, seat: int, last: int, last_seat: int) -> tuple[int | None, tuple[int, ...], int]:
    """``seat``, on turn after ``last`` (played by ``last_seat``), stops though he could play
    on: the turn goes on round the table from his left as if he held no card that may follow,
    up to the player of the last card. (The next seat on turn, the cards it may play, how many
    seats passed from his left); (None, (), passed) when the turn is back round to the player
    of the last card: a stop. He is not asked again for that card."""
    first = seat + 1 if seat + 1 < n else 0
    span = last_seat - first  # the seats from his left up to the player of the last card
    if span < 0:
        span += n
    turn, cards, passed = turn_holder(owner, n, first, rules.nexts[last])
    if turn is None or passed >= span:
        return None, (), span
    return turn, cards, passed


def stand_in_holder(rules: PlayRules, owner, stopped: int) -> int:
    """Who may play the stand-in card at the stop after ``stopped``, in place of the card
    missing after it: its holder, where the game has one and it is in a hand, when a card of
    the pack follows ``stopped`` (after the top of the order nothing is missing); else -1."""
    s = rules.stand_in
    if s < 0 or rules.follow[stopped] < 0:
        return -1
    holder = owner[s]
    return holder if holder >= 0 else -1


def follower(rules: PlayRules, owner, n: int, last: int, last_seat: int) -> tuple[int | None, tuple[int, ...], int]:
    """Who plays after ``last`` (played by ``last_seat``): (his seat, the cards he may play,
    how many seats passed before him), or (None, (), passed) when the sequence stops: after
    the top card (nobody passes), or when nobody holds a card that may follow."""
    return _walk(rules, owner, n, None, last_seat, last, OPPOSED, (), NONE_PLAYED, None, None, False)[5:]


def _walk(rules: PlayRules, owner, n: int, counts, seat: int, c: int, alone: int, recent: tuple, played_by: dict,
          claims, choose, playing: bool, stands_for: int = -1, at_will: int = -1, stop=None, stand=None):
    """:func:`play`, and with ``playing`` False :func:`follower` or :func:`resume` (``seat``
    has played ``c`` already): the one walk of a sequence, card after card, for the round and
    the playout (whose whole stops phase runs in this loop: it is the playout's inner loop,
    kept lean)."""
    pay = rules.pay
    follow = rules.follow
    runs = rules.runs
    sets = rules.sets
    holder = rules.holder_turn
    while True:
        if playing:
            owner[c] = PLAYED
            counts[seat] -= 1
            if alone != seat and alone != OPPOSED:  # once two seats have played, it stays so
                alone = still_alone(alone, seat)
            s = pay[c]
            if s >= 0:
                claims.append((seat, s, PAY_CARD, _ONE[c]))
            if runs:
                recent, won = claim_runs(runs, rules.memory, recent, seat, c)
                for i, cards in won:
                    claims.append((seat, rules.run_sections[i], i, cards))
            if c in sets:
                played_by = {**played_by, c: seat}
                for i, cards in claim_sets(sets, played_by, seat, c):
                    claims.append((seat, rules.run_sections[i], i, cards))
            if not counts[seat]:
                return seat, c, alone, recent, played_by, WENT_OUT, (), 0
            if stands_for >= 0:  # it stood in for the missing card: the sequence goes on from that card
                c, stands_for = stands_for, -1
        playing = True
        # Who plays next.
        nxt = follow[c]
        if at_will >= 0:  # the player on turn stopped at will: on from his left
            turn, cards, passed = stop_at_will(rules, owner, n, at_will, c, seat)
            at_will = -1
        elif nxt < 0:  # the top card: a stop, nobody passes
            turn, cards, passed = None, (), 0
        elif holder:  # whoever holds the next card of the suit plays it
            turn = owner[nxt]
            if turn < 0:
                turn, cards, passed = None, (), 0
            elif choose is not None:
                seat, c = turn, nxt
                continue
            else:
                cards, passed = _ONE[nxt], 0
        else:  # round the table from the last player, the first who holds a card that may follow
            turn, cards, passed = turn_holder(owner, n, seat, rules.nexts[c])
        if choose is None:
            return seat, c, alone, recent, played_by, turn, cards, passed
        if stop is not None:  # each player on turn in his turn may stop at will
            while turn is not None and stop(owner, turn, cards):
                turn, cards, passed = stop_at_will(rules, owner, n, turn, c, seat)
        if turn is None:  # a stop
            if stand is not None:  # the stand-in card's holder may play it in place of the missing card
                holder = stand_in_holder(rules, owner, c)
                if holder >= 0 and stand(owner, holder, c, follow):
                    seat, stands_for, c = holder, nxt, rules.stand_in
                    continue
            turn, cards, passed = after_stop(rules, owner, n, seat, c)
            if turn is None:
                return seat, c, alone, recent, played_by, DEADLOCK, (), passed
        seat = turn
        c = cards[0] if len(cards) == 1 else choose(owner, seat, cards, pay, follow, rules.top)


def lead_rule(rules: PlayRules, first: bool) -> Lead:
    """The lead rule of a lead: the phase's first lead, or the lead after a stop."""
    return rules.first_lead if first else rules.restart


def lead_cards(rules: PlayRules, owner, seat: int, first: bool, stopped: int | None) -> list[int]:
    """The cards ``seat`` may lead: the phase's first lead, or a lead after ``stopped``."""
    return lead_rule(rules, first).cards(owner, seat, stopped, rules.order)


def after_stop(rules: PlayRules, owner, n: int, stopper: int, stopped: int, cards: bool = True) -> tuple[int | None, list[int], int]:
    """Who leads after ``stopper``'s ``stopped`` stopped the sequence: (the leader, the cards
    he may lead, how many seats the duty passed); (None, [], n) when nobody may, a deadlock
    (each seat pays :func:`stops.kernel.claims.deadlock_payments` into ``rules.deadlock``).
    Without ``cards`` the stopper's cards are not looked for when he leads by right (no
    duty): the caller needs only who leads."""
    if rules.duty is None:
        return stopper, rules.restart.cards(owner, stopper, stopped, rules.order) if cards else [], 0
    return leader_after_stop(owner, n, stopper, stopped, rules.restart, rules.duty, rules.order)


# What going out pays, as (kind, seat, value), in the order it is paid:
TAKES = "going-out"  # the winner takes section ``value`` whole
UNOPPOSED = "unopposed"  # the winner, out unopposed, takes section ``value`` whole
CARDS = "card-count"  # ``seat`` pays the winner ``value`` chips for the cards he holds
EXCUSED = "excused"  # ``seat`` pays nothing: he holds card ``value`` (told after the payments)
PENALTY = "held-penalty"  # ``seat`` pays section ``value`` its amount, for its pay card he still holds


def going_out(rules: PlayRules, owner, counts, seat: int, alone: int, held=()) -> list[tuple[str, int, int]]:
    """What ``seat``, the first player out, wins and what the others pay, as (kind, seat,
    value) in the order it is paid: the going-out sections (but those ``held`` earlier in
    the round, by their ids, where the profile says so); every section when he went out
    unopposed (``alone`` is he, where the profile has that rule); each rival's card payment,
    clockwise from his left (none from a rival holding an excusing card); then the penalty
    of each pay card still held."""
    ids = rules.sections
    out = [(TAKES, seat, s) for s in rules.going_out if not (rules.skips_held and ids[s] in held)]
    if rules.unopposed and alone == seat:
        out += [(UNOPPOSED, seat, s) for s in range(len(ids))]
    excused = []
    for rival, owed, excuse in card_payments(owner, counts, seat, rules.rate, rules.values, rules.excusing):
        if excuse >= 0:
            excused.append((EXCUSED, rival, excuse))
        else:
            out.append((CARDS, rival, owed))
    out += excused
    if rules.held_penalty:
        out += [(PENALTY, holder, s) for holder, s in held_penalties(owner, rules.pay, seat, len(counts))]
    return out
