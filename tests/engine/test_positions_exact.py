"""A position's play fields are honoured whatever phase the round starts in.

A replay's ``position`` may say who leads (``leader``), which card stopped the last sequence
(``stopped``) and where a sequence stands (``last``). They describe the play of cards, but a
position of a game whose first phase is another one (Pope Joan's turn-up, Poch's holding and
vying, Tripoli's holding and poker, an auction) starts there: the fields wait for the play to
start, and are never dropped (issue 24)."""

import random

import pytest

from bot_helpers import VARIANTS
from stops.deal import deal_for
from stops.enums import FirstLeader
from stops.moves import Play, concrete
from stops.profiles import get_profile
from stops.errors import ReplayError
from stops.replay import load_replay

NAMES = ["A", "B", "C", "D"]
# Every game and variant whose round starts before the play of cards.
EARLIER = [(game, options) for game in sorted(VARIANTS) for options in VARIANTS[game]
           if get_profile(game, options or None).seated(len(NAMES)).phases[0] != "stops"]
IDS = [f"{game}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}" for game, options in EARLIER]


def test_every_game_with_a_phase_before_the_play_is_checked():
    assert {"pope_joan", "poch", "tripoli", "rummoli"} <= {game for game, _ in EARLIER}


def position_doc(game, options, seed, **fields):
    """A whole deal of ``game`` written as a position (every card named), with ``fields``."""
    deal = deal_for(get_profile(game, options or None).seated(len(NAMES)), seed, len(NAMES), 3)
    doc = {"game": game, "players": NAMES, "dealer": "D", "position": deal.to_json(NAMES) | fields}
    return doc | ({"options": options} if options else {})


def to_the_play(doc, seed):
    """The round of ``doc`` with its phases before the play answered by random legal moves."""
    rnd = load_replay(doc).start()
    rng = random.Random(seed)
    while not rnd.over and rnd.phase != "stops":
        rnd.apply(rng.choice(concrete(rnd.legal_moves(), 3)))
    return rnd


def reached(rnd):
    if rnd.over:
        pytest.skip("this deal's round ended before the play")
    return rnd


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game, options", EARLIER, ids=IDS)
def test_the_leader_a_position_names_leads_when_the_play_starts(game, options, seed):
    if get_profile(game, options or None).first_leader == FirstLeader.HOLDER:  # read from the hands when the play starts
        with pytest.raises(ReplayError) as error:
            load_replay(position_doc(game, options, seed, leader="A"))
        assert error.value.path == "position.leader"
        return
    plain = reached(to_the_play(position_doc(game, options, seed), seed))
    default = plain.to_move()
    chosen = next(NAMES[seat] for seat in range(4) if seat != default and plain.hands[seat])
    rnd = to_the_play(position_doc(game, options, seed, leader=chosen), seed)
    assert rnd.phase == "stops" and rnd.names[rnd.to_move()] == chosen
    assert all(isinstance(move, Play) and move.card in rnd.hands[rnd.to_move()] for move in rnd.legal_moves())


def played(doc, card):
    """``doc`` with ``card`` played: named nowhere in the position, as a played card is."""
    pos = doc["position"]
    hands = {name: [c for c in cards if c != str(card)] for name, cards in pos["hands"].items()}
    return doc | {"position": pos | {"hands": hands, "widow": [c for c in pos["widow"] if c != str(card)]}}


def held(rnd):
    """The cards held at the play, lowest first, but the one turned up for trumps (the deal names it)."""
    return sorted(c for hand in rnd.hands for c in hand if c != rnd.turned_up)


@pytest.mark.parametrize("game, options", EARLIER, ids=IDS)
def test_a_sequence_a_position_leaves_in_the_middle_goes_on_when_the_play_starts(game, options):
    seed = 3
    doc = position_doc(game, options, seed)
    plain = reached(to_the_play(doc, seed))
    # A card played last, whose next card in sequence another seat holds: the play resumes after it.
    for card in held(plain):
        before = to_the_play(played(doc, card), seed)
        if before.over:
            continue
        after = before.clone()
        after.state.stops.lead_pending = after.state.stops.first = False
        after.state.stops.last, after.state.stops.last_seat = card, plain.owner[card]
        if after.to_move() not in (None, plain.owner[card]):
            break
    else:
        pytest.skip("no held card is followed in another hand")
    last = {"player": NAMES[plain.owner[card]], "card": str(card)}
    rnd = to_the_play(played(position_doc(game, options, seed, last=last), card), seed)
    assert rnd.phase == "stops" and not rnd.state.stops.lead_pending
    assert (rnd.state.stops.last, rnd.to_move()) == (card, after.to_move())


@pytest.mark.parametrize("game, options", EARLIER, ids=IDS)
def test_the_card_a_position_says_stopped_the_last_sequence_is_kept_for_the_restart(game, options):
    seed = 4
    plain = reached(to_the_play(position_doc(game, options, seed), seed))
    card = min(c for c in plain.hands[plain.to_move()] if c != plain.turned_up)
    rnd = reached(to_the_play(played(position_doc(game, options, seed, stopped=str(card)), card), seed))
    assert rnd.phase == "stops" and rnd.state.stops.first is False
    if not rnd.profile.duty_passes:  # a duty that passes leads at once from the stop
        assert rnd.state.stops.stopped == card


@pytest.mark.parametrize("field", ["stopped", "last"])
def test_a_card_a_position_says_was_played_is_refused_while_a_hand_still_holds_it(field):
    doc = position_doc("michigan", {}, 5)
    held_by_b = doc["position"]["hands"]["B"][0]
    value = held_by_b if field == "stopped" else {"player": "B", "card": held_by_b}
    doc["position"][field] = value
    with pytest.raises(ReplayError) as error:
        load_replay(doc)
    path = "position.stopped" if field == "stopped" else "position.last.card"
    assert error.value.path == path and error.value.message == f"{held_by_b} has been played, so the position holds it nowhere (it gives it to B)"


def test_a_position_naming_an_unknown_phase_is_refused_at_its_phase():
    doc = position_doc("pope_joan", {}, 1, phase="vying", leader="B")
    with pytest.raises(ReplayError) as error:
        load_replay(doc).start()
    assert error.value.path == "position.phase" and error.value.message.startswith("unknown phase 'vying' for pope_joan")


@pytest.mark.parametrize("field, value", [("leader", "B"), ("stopped", "5♠"), ("last", {"player": "A", "card": "5♠"})])
def test_a_play_field_of_a_position_whose_round_is_over_before_the_play_is_refused_not_dropped(field, value):
    # Pope Joan with the Pope turned up winning the round: the dealer takes the round at its deal.
    doc = {"game": "pope_joan", "options": {"pope_turnup": "wins-round"}, "players": ["A", "B", "C"], "dealer": "C",
           "position": {"hands": {"A": ["2♠"], "B": ["3♠"], "C": ["4♠"]}, "widow": ["9♦"], "turn_up": "9♦"}}
    assert load_replay(doc).start().over
    doc["position"][field] = value
    with pytest.raises(ReplayError) as error:
        load_replay(doc).start()
    assert error.value.path == f"position.{field}" and "over before its stops phase" in error.value.message
