"""Nain Jaune's bots: the basic bot's choice of suit and of a new run, hints on a choice
between cards of one rank, and a tournament where expert beats basic beats random."""

import random

import pytest

from stops.bots import BasicBot, ExpertBot
from stops.heuristics import rank_lead, rank_run
from stops.owners import PLAYED
from stops.playout import fast_rules
from stops.cli import tournament
from stops.hints import hint
from stops.profiles import get_profile

from nain_jaune_helpers import play, position


def chosen(rnd, bot=None):
    return str((bot or BasicBot()).choose(rnd, rnd.to_move()).card)


def test_basic_plays_the_case_card_when_it_may_choose_the_suit():
    rnd = position({"A": "6♣ 7♠ 7♦ 2♥", "B": "8♥ 4♥", "C": "J♠ 3♠", "D": "K♠ 5♣"}, leader="A")
    play(rnd, "A 6♣")
    assert chosen(rnd) == "7♦"  # the dwarf, rather than the 7♠


def test_basic_starts_the_run_that_climbs_to_a_king_and_gives_it_the_next_start():
    rnd = position({"A": "J♣ Q♥ K♠ 3♦ 4♠ 5♠", "B": "8♥ 6♥", "C": "J♠ 9♠", "D": "2♠ 5♣"}, leader="A")
    assert chosen(rnd) == "J♣"


def test_basic_starts_a_run_that_stops_itself_before_a_rank_all_played():
    # Every seven is gone: after the 6♠ the turn comes back round to A.
    rnd = position({"A": "2♣ 3♥ 4♠ 9♦ 6♠", "B": "8♥ 5♥", "C": "J♠ 10♠", "D": "A♠ 5♣"}, leader="A")
    assert chosen(rnd) == "6♠"


def test_basic_starts_the_longest_ladder_of_ranks_otherwise():
    rnd = position({"A": "2♣ 3♥ 4♠ 9♦ 6♠", "B": "8♥ 5♥ 7♥", "C": "J♠ 10♠", "D": "A♠ 5♣"}, leader="A")
    assert chosen(rnd) == "2♣"


def test_basic_sheds_the_highest_card_between_equal_runs():
    rnd = position({"A": "2♣ 9♦ 5♠", "B": "3♥ 10♥ 6♥", "C": "J♠ 10♠", "D": "A♠ 5♣"}, leader="A")
    assert chosen(rnd) == "9♦"


def test_basic_plays_the_highest_of_its_order_pay_card_run_height_card_in_random_positions():
    # The order the heuristics document, written out as tuples: a pay card, a pay card held
    # further up the run of ranks, the run stops itself, its length, the lower card in its
    # suit (fewer cards above it), the lower card.
    rules = fast_rules(get_profile("nain_jaune"))
    pay, follow = rules.play.pay, rules.play.follow

    def height(c):
        steps = 0
        while follow[c] >= 0:
            c, steps = follow[c], steps + 1
        return steps

    def documented(owner, seat, c):
        run, ahead, stops, _ = rank_run(owner, seat, c, follow, pay)
        return (pay[c] >= 0, ahead, stops, run, -height(c), -c)

    rng = random.Random(7)
    compared = 0
    while compared < 3000:
        owner = [rng.choice((0, 1, 2, 3, PLAYED, PLAYED)) for _ in range(52)]
        held = [c for c in range(52) if owner[c] == 0]
        if len(held) < 2:
            continue
        candidates = rng.sample(held, rng.randint(2, len(held)))
        best = max(candidates, key=lambda c: documented(owner, 0, c))
        assert rank_lead(owner, 0, candidates, pay, follow) == best, candidates
        compared += 1


def test_hints_rate_each_card_of_the_rank_and_say_why():
    rnd = position({"A": "6♣ 7♠ 7♦ 2♥", "B": "8♥ 4♥", "C": "J♠ 3♠", "D": "K♠ 5♣"}, leader="A")
    play(rnd, "A 6♣")
    result = hint(rnd, 0, playouts=30, seed=1)
    by_card = {o["move"]["play"]: o for o in result["options"]}
    assert set(by_card) == {"7♠", "7♦"}
    assert by_card["7♦"]["reason_code"] == "wins-section"
    assert by_card["7♠"]["reason_code"] == "rank-single"  # no eight: the turn passes, the dwarf stays in hand
    assert result["options"][result["best"]]["move"]["play"] == "7♦"


def test_the_expert_takes_the_dwarf_when_it_may():
    rnd = position({"A": "6♣ 7♠ 7♦ 2♥", "B": "8♥ 4♥", "C": "J♠ 3♠", "D": "K♠ 5♣"}, leader="A")
    play(rnd, "A 6♣")
    assert chosen(rnd, ExpertBot(3, playouts=40)) == "7♦"


@pytest.mark.slow  # a tournament: make test, not make check
def test_expert_beats_basic_and_basic_beats_random_with_95_percent_intervals():
    # The same 40 deals, each played once per rotation of the three seats.
    result = tournament(get_profile("nain_jaune"), ["expert", "basic", "random"], rounds=40, seed=1, playouts=6)
    for pair in (("expert", "basic"), ("basic", "random")):
        mean, half = result["paired"][pair]
        assert mean - half > 0, f"{pair[0]} does not beat {pair[1]}: {mean:+.2f} ± {half:.2f}"


def test_basic_never_stops_at_will_and_the_hints_rate_the_stop_with_its_reason():
    rnd = position({"A": "3♦ 4♠ 9♣", "B": "8♥ 2♠", "C": "4♣ 3♠", "D": "6♠ J♠"}, leader="A", options={"may_stop": True})
    play(rnd, "A 3♦")
    assert chosen(rnd) == "4♠"  # a stop at will is offered, and basic plays on
    result = hint(rnd, 0, playouts=30, seed=1)
    by_move = {next(iter(k for k in o["move"] if k != "player")): o for o in result["options"]}
    assert set(by_move) == {"play", "stop"}
    assert by_move["stop"]["reason_code"] == "stop-at-will" and by_move["stop"]["playouts"] == 30
