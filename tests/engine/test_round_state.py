"""The round's state (:class:`stops.round.RoundState`): typed slots, each declared and written
by one phase, with no room for anything else, and copied with the round wherever a copy is
played on (``Round.clone``, the sampled worlds of the hints, the fast playout)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from stops.bots import BasicBot, RandomBot
from stops.deal import deal_for
from stops.determinize import information_set, sample_owner, world
from stops.phases.holding import HoldingPhase
from stops.playout import finish_fast
from stops.profiles import PHASES, get_profile
from stops.profiles.base import frozen
from stops.round import Round, RoundState

from bot_helpers import GAME_VARIANTS, advance, decision_variants, dealt

SLOTS = tuple(f.name for f in dataclasses.fields(RoundState))
# Every game with its optional phases on (every phase met), and the options that change the
# stops play (a stop at will, the Pope at a stop: the stops state's every field).
VARIANTS = decision_variants() + [case for case in GAME_VARIANTS if case not in decision_variants()]
IDS = [f"{game}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}" for game, options in VARIANTS]


def owners() -> dict[str, list[str]]:
    """Each slot and the phases (by class: one class may serve as two phases) that declare it."""
    found: dict[str, list[str]] = {}
    for cls in {type(phase) for phase in PHASES.values()}:
        for slot in cls.slots:
            found.setdefault(slot, []).append(cls.__name__)
    return found


def declared(profile, first: int, last: int) -> set[str]:
    """The slots of the phases ``first`` to ``last`` (by index) of ``profile``."""
    return {slot for name in profile.phases[first:last + 1] for slot in profile.phase(name).slots}


def changed(before: RoundState, after: RoundState) -> set[str]:
    return {slot for slot in SLOTS if getattr(before, slot) != getattr(after, slot)}


class UndeclaredWrite(AssertionError):
    pass


def play_checking_slots(rnd: Round, bot) -> Round:
    """Play ``rnd`` out with ``bot``, checking at its start and after every move that the
    slots that changed belong to the phases that ran (the one moved in, those entered after it)."""
    wrote = changed(RoundState(), rnd.state) - declared(rnd.profile, 0, rnd.phase_index)
    if wrote:
        raise UndeclaredWrite(f"the phases up to {rnd.phase} wrote {sorted(wrote)}, which they do not declare")
    while not rnd.over:
        before, first = rnd.state.copy(), rnd.phase_index
        rnd.apply(bot.choose(rnd, rnd.to_move()))
        wrote = changed(before, rnd.state) - declared(rnd.profile, first, rnd.phase_index)
        if wrote:
            raise UndeclaredWrite(f"a move in {rnd.profile.phases[first]} wrote {sorted(wrote)}, which no phase that ran declares")
    return rnd


# ----- the slots and who writes them ----------------------------------------------------------


def test_every_slot_is_declared_by_exactly_one_phase_and_every_declared_slot_exists():
    found = owners()
    assert set(found) == set(SLOTS), f"slots no phase declares: {set(SLOTS) - set(found)}; declared, not slots: {set(found) - set(SLOTS)}"
    assert {slot: names for slot, names in found.items() if len(names) > 1} == {}


def test_the_state_has_no_room_for_a_name_no_phase_declares():
    rnd = dealt("michigan")
    assert not hasattr(rnd.state, "__dict__") and not hasattr(rnd, "data")
    with pytest.raises(AttributeError):
        rnd.state.recent = ()  # the stops play's runs' memory is its own state's, not a free slot


@pytest.mark.parametrize("game, options", VARIANTS, ids=IDS)
def test_each_phase_writes_only_the_slots_it_declares(game, options):
    for seed in range(3):
        for bot in (RandomBot(seed), BasicBot(seed)):
            play_checking_slots(dealt(game, seed=seed, **options), bot)


class WritesTheFirstLeader(HoldingPhase):
    """A holding phase that also sets who leads first: the betting round's slot."""

    def start(self, rnd, setup):
        events = super().start(rnd, setup)
        rnd.state.first_leader = rnd.dealer
        return events


def test_a_phase_writing_a_slot_it_does_not_declare_is_caught():
    profile = get_profile("tripoli")
    rogue = dataclasses.replace(profile, phase_table=frozen({**profile.phase_table, "holding": WritesTheFirstLeader()}))
    with pytest.raises(UndeclaredWrite, match="first_leader"):
        play_checking_slots(Round(rogue, list("ABCD"), 0, deal_for(rogue, 0, 4, 0)), BasicBot(0))
    play_checking_slots(dealt("tripoli"), BasicBot(0))  # the game's own holding phase writes only its slot


# ----- copies ------------------------------------------------------------------------------------


def positions(game: str, options: dict):
    """Rounds of the game part way through, in every phase with a decision."""
    for seed in range(3):
        for plies in (0, 1, 3, 8, 20):
            rnd = advance(dealt(game, seed=seed, **options), plies)
            if not rnd.over:
                yield rnd


def snapshot(rnd: Round) -> tuple:
    return repr(rnd.state), list(rnd.owner), list(rnd.ledger.balances), dict(rnd.ledger.board)


@pytest.mark.parametrize("game, options", VARIANTS, ids=IDS)
def test_a_clone_plays_on_with_a_state_of_its_own(game, options):
    for rnd in positions(game, options):
        before = snapshot(rnd)
        other = rnd.clone()
        assert other.state == rnd.state
        for slot in SLOTS:
            value = getattr(rnd.state, slot)
            if hasattr(value, "copy"):  # a phase's state object, changed in place: never shared
                assert getattr(other.state, slot) is not value, slot
        while not other.over:
            other.apply(BasicBot(0).choose(other, other.to_move()))
        assert snapshot(rnd) == before


@pytest.mark.parametrize("game, options", VARIANTS, ids=IDS)
def test_a_sampled_world_and_the_fast_playout_leave_the_round_as_it_was(game, options):
    for rnd in positions(game, options):
        before = snapshot(rnd)
        sampled = world(rnd, sample_owner(information_set(rnd, rnd.to_move()), random.Random(1)))
        assert sampled.state == rnd.state
        while not sampled.over:
            sampled.apply(BasicBot(0).choose(sampled, sampled.to_move()))
        finish_fast(rnd)
        assert snapshot(rnd) == before
