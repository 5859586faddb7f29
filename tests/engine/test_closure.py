"""The engine never returns a document that it refuses.

Random sessions of every game, from set-ups near every limit of :mod:`stops.limits` (the
largest stacks an option allows, stated chips that fill MAX_CHIPS, fractions whose common
denominator is close to MAX_DENOMINATOR, the fewest and the most players, chips and running
scores), are played with random legal moves; every document the table returns (after each
deal and each move) and every round it exports passes ``check_document``. The limits are
chosen so that the engine's own arithmetic stays within them (see ``MAX_CHIPS`` in
:mod:`stops.limits`): with finite stacks nothing is ever refused; with running scores, which
grow with play, a next round may be refused, and only by a LimitError that names the limit.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from stops import limits
from stops import table as tables
from stops.chips import format_amount
from stops.errors import LimitError
from stops.profiles import PROFILES

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]
PRIME = 999_999_937  # the largest prime below MAX_DENOMINATOR: nothing reduces it away
CHECK_EVERY = 5  # moves between two checks of the document (and at every round's end)


def options_of(game: str) -> set[str]:
    return {option.name for option in PROFILES[game].options}


def stated(profile, names, total, denominator, rng):
    """A board and balances whose sizes add up to ``total`` (fractions over ``denominator``)."""
    places = [("board", sid) for sid in profile.section_ids()] + [("balances", name) for name in names]
    weights = [rng.randrange(1, 100) for _ in places]
    # Most chips on the players (they pay the antes), some on every section.
    weights = [w * (20 if kind == "balances" else 1) for w, (kind, _) in zip(weights, places)]
    shares = [Fraction(total * w, sum(weights)).limit_denominator(denominator) for w in weights]
    while sum(abs(s) for s in shares) > total:  # rounding may have passed the total: trim the largest
        index = max(range(len(shares)), key=lambda i: shares[i])
        shares[index] -= Fraction(1, denominator)
    out = {"board": {}, "balances": {}}
    for (kind, key), share in zip(places, shares):
        out[kind][key] = format_amount(Fraction(share))
    return out


def setups(game: str):
    """(id, set-up, stated chips or None) near each limit."""
    profile = PROFILES[game]
    bankrolls = ["chips", "ledger"] if "bankroll" in options_of(game) else ["chips"]
    few, many = profile.min_players, min(profile.max_players, len(NAMES))
    stack_option = next(o for o in profile.options if o.name == "starting_chips")
    for bankroll in bankrolls:
        bank = {"bankroll": bankroll} if "bankroll" in options_of(game) else {}
        yield f"{bankroll}-largest-stacks-most-players", {"players": NAMES[:many], "options": bank | {"starting_chips": stack_option.maximum}}, None
        yield f"{bankroll}-stated-chips-at-the-limit", {"players": NAMES[:few], "options": bank}, (limits.MAX_CHIPS, 1)
        yield f"{bankroll}-fractions-near-the-denominator-limit", {"players": NAMES[:few], "options": bank}, (limits.MAX_CHIPS // 1000, PRIME)
        yield f"{bankroll}-small-fractions-most-players", {"players": NAMES[:many], "options": bank}, (10 * many, PRIME)


CASES = [pytest.param(game, setup, chips, id=f"{game}-{name}") for game in PROFILES for name, setup, chips in setups(game)]


def random_move(table, rng):
    move = rng.choice(table.legal())
    for key, value in move.items():
        if isinstance(value, dict) and "min" in value:  # a range of amounts: any of them
            high = value["max"] if value["max"] is not None else value["min"] + 50
            move = move | {key: rng.choice([value["min"], high, rng.randint(value["min"], high)])}
    return move


def assert_accepted(doc, why):
    answer = tables.check_document(doc)
    assert answer["valid"], f"{why}: {answer.get('error')}"


@pytest.mark.parametrize("game, setup, chips", CASES)
def test_every_document_the_engine_returns_from_a_setup_near_the_limits_passes_check_document(game, setup, chips):
    rng = random.Random(f"{game}:{setup}:{chips}")
    names = setup["players"]
    length = 3
    doc = tables.new_session({"game": game, "bots": {}, "seed": rng.randrange(2**53), "length": length, **setup})
    if chips is not None:  # the session starts from these chips: its first round is dealt from them
        profile = PROFILES[game].configure(setup["options"])
        doc |= stated(profile, names, *chips, rng)
        doc["rounds"] = []
    assert_accepted(doc, "the new session")
    table = tables.load_table(doc)
    ledger = table.profile.bankroll == "ledger"
    moves = 0
    while table.stage() != "over":
        if table.stage() == "next-round":
            try:
                table.deal_next()
            except LimitError as error:  # only running scores grow past the limit
                assert ledger and "at most" in error.message, error
                break
            assert_accepted(table.doc, f"round {len(table.played)} dealt")
            continue
        table.apply(random_move(table, rng))
        moves += 1
        if moves % CHECK_EVERY == 0 or table.stage() != "play":
            assert_accepted(table.doc, f"after move {moves}")
    for index in range(len(table.played)):
        exported = table.round_replay(index)
        assert_accepted(exported, f"round {index} exported")


def play_to_the_next_round(table, rng):
    while table.stage() == "play":
        table.apply(random_move(table, rng))


def test_a_session_started_with_large_stated_chips_is_dealt_the_round_its_own_ledger_carries():
    # Issue 25: every section and stack at 10⁹ chips; the first round's antes took a section
    # past 10⁹, and next_round refused the round header the engine built from its ledger.
    rng = random.Random(25)
    doc = tables.new_session({"game": "michigan", "players": NAMES[:3], "bots": {}, "seed": 25, "length": 3,
                              "options": {"bankroll": "chips"}})
    doc |= {"board": {sid: 10**9 for sid in PROFILES["michigan"].section_ids()},
            "balances": {name: 10**9 for name in NAMES[:3]}, "rounds": []}
    table = tables.load_table(doc)
    table.deal_next()
    play_to_the_next_round(table, rng)
    table.deal_next()
    assert max(tables.load_table(table.doc).session.ledger.board.values()) > 10**9
    assert_accepted(table.round_replay(1), "the second round exported")


def test_fractions_whose_common_denominator_passes_the_limit_are_refused_where_they_are_stated():
    doc = tables.new_session({"game": "michigan", "players": NAMES[:3], "bots": {}, "seed": 25,
                              "options": {"bankroll": "chips"}})
    doc |= {"board": {"AH": "1/999999929"}, "balances": {"Ana": "1/999999937"}}
    answer = tables.check_document(doc)
    assert not answer["valid"] and answer["error"]["path"] == "balances.Ana"
    assert f"common denominator of at most {limits.MAX_DENOMINATOR:,}" in answer["error"]["message"]


def test_stated_chips_past_the_limit_all_together_are_refused_naming_the_limit():
    doc = tables.new_session({"game": "michigan", "players": NAMES[:3], "bots": {}, "seed": 25,
                              "options": {"bankroll": "chips"}})
    doc |= {"balances": {name: limits.MAX_CHIPS // 2 for name in NAMES[:3]}}
    answer = tables.check_document(doc)
    assert not answer["valid"] and answer["error"]["path"] == "balances.Cleo"
    assert f"at most {limits.MAX_CHIPS:,} in size all together" in answer["error"]["message"]
