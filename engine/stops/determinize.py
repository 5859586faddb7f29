"""Determinization: possible deals of the hidden cards, consistent with what one seat has seen.

A seat sees its own cards, the played cards (and, in a position set up mid-hand, the cards
out of play), how many cards every other hand, the widow (ghost hand) and the dead hand
hold, and where it put cards it gave away itself (a hand swapped into the widow). The
public history tells more:

- a sequence that stopped before an unplayed card shows that card lies in the widow (or
  the dead hand);
- a lead is the lowest card of its suit in the leader's hand, so he holds no lower card of
  that suit (no lower card at all under a "lowest card" lead), and a Michigan restart in
  the suit that stopped shows he holds no other suit (each lead rule of
  :mod:`stops.kernel.leads` says what it reveals); a duty that passes a player by shows he
  holds no card it asks for (Rummoli: that colour; Newmarket: another suit); a player on
  turn who passes in a rank sequence (Nain Jaune) holds no card of the missing rank (one
  who stops at will, ``stop-at-will``, holds one, which is not modelled: it tells nothing
  here); where a card may stand in for a missing one at a stop (Pope Joan's Pope), the
  table asks its holder at every such stop: a stop the stopper answered alone (he led)
  shows no other seat holds it;
- cards shown in public: held sections and the ghost hand's sections (Tripoli phase 1),
  showdowns, followed through later swaps; the card turned up for trumps, where it lies;
  a stand-in card its holder kept at a stop (``stand-in-kept``).

Every other card is *unknown*: :class:`InfoSet` lists them in a fixed order, the sizes of
the places they may be and the places each may not be, and :func:`sample_owner` deals them
out at random. Nothing here reads where a hidden card really lies, so two hands that
differ only in hidden cards give the same information set, the same samples and, for a
bot, the same decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import DECK
from .events import Dealt, Played, Stopped
from .kernel.leads import DUTIES, LEAD_SUITS, LEADS, lowest_held
from .owners import DEAD, OUT, PLAYED, UNKNOWN, WIDOW

HIDDEN_PLACES = {"widow": WIDOW, "dead": DEAD}


@dataclass(frozen=True)
class InfoSet:
    """What one seat knows of the card positions."""

    seat: int
    base: tuple[int, ...]  # per card: its known place, or UNKNOWN
    capacity: tuple[tuple[int, int], ...]  # (place, unknown cards it holds), places sorted
    pool: tuple[int, ...]  # the unknown cards without constraints, sorted
    constrained: tuple[tuple[int, tuple[int, ...]], ...]  # (card, places it may be in)

    def sample(self, rng: random.Random) -> list[int]:
        return sample_owner(self, rng)


def _dealt_to(rnd, seat: int) -> tuple[int, ...]:
    """The cards the seat was dealt (the last deal in the log, after a redeal)."""
    for event in reversed(rnd.log):
        if isinstance(event, Dealt):
            return event.hands[seat]
    return ()


def lead_exclusions(rnd) -> dict[int, set[int]]:
    """Card -> seats that cannot hold it, from the leads in the public history."""
    profile = rnd.profile
    out: dict[int, set[int]] = {}
    first, restart = LEADS[profile.first_lead], LEADS[profile.restart]
    first_rule = profile.rule(first.rule)
    order = profile.order
    stopped = None
    stand_in = profile.stand_in
    log = rnd.log
    last_seat = None  # who played the last card
    # A first lead that names the lowest card of a suit any player holds (announced before it
    # is played): no seat holds a lower one of that suit.
    named = LEAD_SUITS.get(profile.first_lead)
    everyone = set(range(rnd.n))
    stops = rnd.state.stops
    if named is not None and stops is not None and stops.first and stops.lead_pending:
        c = lowest_held(rnd.owner, named, order)
        for x in () if c is None else first.reveals(c, None, order):
            out.setdefault(x, set()).update(everyone)
    for i, event in enumerate(log):
        if isinstance(event, Stopped):
            stopped = event.card
            if stand_in is not None and event.next is not None:  # its holder was asked, if anyone held it
                after = next((e for e in log[i + 1:] if e.type != "transfer"), None)
                if isinstance(after, Played) and after.lead and after.seat == last_seat:  # nobody else was asked
                    out.setdefault(int(stand_in), set()).update(s for s in range(rnd.n) if s != last_seat)
        elif event.type in ("play", "stand-in"):
            last_seat = event.seat
        if isinstance(event, Played) and event.lead:
            lead = first if event.rule == first_rule else restart
            # The first lead by the holder of the card it names: no seat holds a lower one.
            seats = everyone if lead is first and int(event.card) // 13 == named else {event.seat}
            for x in lead.reveals(int(event.card), stopped, order):
                out.setdefault(x, set()).update(seats)
        elif event.type == "duty-passes":  # the skipped players hold no card the duty asks for
            for x in DUTIES[profile.duty_passes].reveals(event.colour, stopped, order):
                out.setdefault(x, set()).update(event.skipped)
        elif event.type == "passed":  # a player on turn who passes holds no card of that rank
            for x in range(event.rank, 52, 13):
                out.setdefault(x, set()).add(event.seat)
    return out


def revealed_cards(rnd) -> dict[int, int]:
    """Card -> place, for the cards shown to everyone: held sections, the ghost hand's
    sections, showdowns; followed through later hand swaps."""
    shown: dict[int, int] = {}
    for event in rnd.log:
        kind = event.type
        if kind == "hold":
            for c in event.cards:
                shown[int(c)] = event.seat
        elif kind == "stay" and getattr(event, "where", None) == "ghost":
            for c in event.cards:
                shown[int(c)] = WIDOW
        elif kind == "stand-in-kept":  # the table asked him at a stop, and he kept it
            shown[int(event.card)] = event.seat
        elif kind == "showdown":
            for entry in event.hands:
                for c in entry.best:
                    shown[int(c)] = entry.seat
        elif kind in ("ghost-swap", "widow-swap"):  # seat <-> ghost hand; seat -> dead, widow -> seat
            # The hand given up is set aside unseen: only cards already shown follow it.
            gone = WIDOW if kind == "ghost-swap" else DEAD
            for c, place in list(shown.items()):
                if place == event.seat:
                    shown[c] = gone
                elif place == WIDOW:
                    shown[c] = event.seat
    return shown


def information_set(rnd, seat: int) -> InfoSet:
    """The information set of ``seat`` in ``hand``."""
    base = [UNKNOWN] * 52
    for c in rnd.hands[seat]:
        base[c] = seat
    for c, place in enumerate(rnd.owner):
        if place == PLAYED or place == OUT:  # played, out of play in a set-up position, or outside the pack: public
            base[c] = place
    # Cards it gave away itself (a swap): it knows where they went.
    for c in _dealt_to(rnd, seat):
        if base[c] == UNKNOWN:
            base[c] = rnd.owner[c]
    # A stop before an unplayed card tells everyone that card is in the widow (or dead).
    for event in rnd.log:
        if isinstance(event, Stopped) and event.next is not None and event.where in HIDDEN_PLACES:
            if base[event.next] == UNKNOWN:
                base[event.next] = HIDDEN_PLACES[event.where]
    shown = revealed_cards(rnd)
    turned = rnd.turned_up
    if turned is not None and rnd.owner[turned] != PLAYED:  # the turn-up lies face up
        shown[int(turned)] = rnd.owner[turned]
    for c, place in shown.items():
        if base[c] == UNKNOWN and rnd.owner[c] != PLAYED:
            base[c] = place
    # How many unknown cards each other place holds: its public size less the known ones.
    sizes: dict[int, int] = {}
    for c in range(52):
        place = rnd.owner[c]
        if place != PLAYED and place != OUT and place != seat:
            sizes[place] = sizes.get(place, 0) + 1
    for c in range(52):
        if base[c] not in (UNKNOWN, seat, PLAYED, OUT):
            sizes[base[c]] -= 1
    places = tuple(sorted(p for p in sizes if sizes[p] > 0))
    excluded = lead_exclusions(rnd)
    pool, constrained = [], []
    for c in range(52):
        if base[c] != UNKNOWN:
            continue
        banned = excluded.get(c)
        allowed = tuple(p for p in places if not banned or p not in banned)
        if len(allowed) == len(places):
            pool.append(c)
        else:
            constrained.append((c, allowed))
    constrained.sort(key=lambda item: (len(item[1]), item[0]))
    if len(pool) + len(constrained) != sum(sizes[p] for p in places):  # pragma: no cover
        raise ValueError("the unknown cards do not match the hidden places")
    return InfoSet(seat, tuple(base), tuple((p, sizes[p]) for p in places), tuple(pool), tuple(constrained))


def sample_owner(info: InfoSet, rng: random.Random) -> list[int]:
    """One possible ``owner`` array (place per card): the unknown cards dealt at random.

    Cards with constraints are placed first, each in an allowed place chosen in proportion
    to the room left there; then the others are shuffled into the remaining room. When the
    constraints cannot all be met that way (rare, after several tries), a constrained card
    that finds no allowed room goes where there is room.
    """
    for attempt in range(21):
        owner = list(info.base)
        room = dict(info.capacity)
        ok = True
        for c, allowed in info.constrained:
            total = 0
            for p in allowed:
                total += room[p]
            if not total:
                if attempt < 20:
                    ok = False
                    break
                allowed = tuple(p for p in room if room[p])  # last try: relax this card
                total = sum(room[p] for p in allowed)
            pick = rng.randrange(total)
            for p in allowed:
                pick -= room[p]
                if pick < 0:
                    break
            owner[c] = p
            room[p] -= 1
        if ok:
            break
    pool = list(info.pool)
    rng.shuffle(pool)
    i = 0
    for place, count in room.items():
        for c in pool[i:i + count]:
            owner[c] = place
        i += count
    return owner


def world(rnd, owner: list[int]):
    """A copy of ``hand`` with its cards placed as ``owner`` says (a sampled deal)."""
    other = rnd.clone()
    hands: list[set] = [set() for _ in range(rnd.n)]
    widow = []
    for c, place in enumerate(owner):
        if place >= 0:
            hands[place].add(DECK[c])
        elif place == WIDOW:
            widow.append(DECK[c])
    other.hands = hands
    other.widow = tuple(widow)
    other.owner = list(owner)
    return other
