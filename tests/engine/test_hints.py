"""Hints rate every legal option by determinized Monte Carlo, from the seat's view only."""

from __future__ import annotations

import json

import pytest

from bot_helpers import GAME_VARIANTS, advance, dealt, decision_variants, twin
from michigan_helpers import position
from stops.determinize import information_set, sample_owner
from stops.hints import decision_seed, evaluate, hint, split_bids


def test_a_hint_lists_every_legal_option_with_its_figures():
    rnd = dealt(seed=1)
    seat = rnd.to_move()
    result = hint(rnd, seat, playouts=50, seed=3)
    json.dumps(result)  # JSON-able
    legal = [m.to_json(rnd.names) for m in rnd.legal_moves()]
    assert [o["move"] for o in result["options"]] == legal
    for option in result["options"]:
        assert option["playouts"] == 50
        assert 0 <= option["win_rate"] <= 1
        assert option["stderr"] >= 0
        assert option["reason"] and option["reason_code"]
    best = result["options"][result["best"]]
    assert best["expected"] == max(o["expected"] for o in result["options"])


def test_a_hint_is_the_same_for_the_same_seed():
    rnd = advance(dealt(seed=2), 5)
    seat = rnd.to_move()
    assert hint(rnd, seat, 80, seed=5) == hint(rnd, seat, 80, seed=5)


@pytest.mark.parametrize("seed", range(5))
def test_hidden_cards_do_not_change_the_hint(seed):
    rnd = advance(dealt(seed=seed + 20, dealer=seed % 4), 4 + 3 * seed)
    seat = rnd.to_move()
    other = twin(rnd, seat, seed=seed)
    assert hint(rnd, seat, 60, seed=7) == hint(other, seat, 60, seed=7)


def test_a_forced_play_says_so():
    rnd = position({"A": "J♦ 4♠", "B": "10♦ 3♣", "C": "2♠"}, "K♦", last={"player": "A", "card": "9♦"})
    result = hint(rnd, 1, playouts=10, seed=0)
    assert [o["reason_code"] for o in result["options"]] == ["forced"]


def test_a_run_to_a_pay_box_is_explained_and_rated_best():
    rnd = position({"A": "10♣ J♣ Q♣ K♣ 2♦", "B": "3♦", "C": "5♥ 6♥"}, leader="A", board={"KC": 8})
    result = hint(rnd, 0, playouts=40, seed=1)
    by_card = {o["move"]["play"]: o for o in result["options"]}
    assert by_card["10♣"]["reason_code"] == "wins-section"
    assert by_card["10♣"]["expected"] > by_card["2♦"]["expected"]
    assert result["options"][result["best"]]["move"]["play"] == "10♣"


def test_a_stop_before_an_unplayed_card_places_it_in_the_widow():
    # A leads 9♦; C plays 10♦; ... the sequence stops at Q♦ because K♦ is in the widow.
    rnd = position({"A": "9♦ J♦ 2♠ 5♠", "B": "Q♦ 3♣ 4♣", "C": "10♦ 2♥ 6♥", "D": "7♣ 8♣"}, "K♦ 3♥", leader="A")
    for text in ("9♦", "10♦", "J♦", "Q♦"):
        seat = rnd.to_move()
        from stops.cards import parse_card
        from stops.moves import Play

        rnd.apply(Play(seat, parse_card(text)))
    info = information_set(rnd, 0)
    import random

    for s in range(20):
        owner = sample_owner(info, random.Random(s))
        assert owner[parse_card("K♦")] == -1
        # Sizes are kept.
        assert [owner.count(p) for p in (1, 2, 3, -1)] == [len(rnd.hands[1]), len(rnd.hands[2]), len(rnd.hands[3]), len(rnd.widow)]


def test_a_lead_shows_the_leader_holds_no_lower_card_of_that_suit():
    rnd = dealt(seed=4)
    leader = rnd.to_move()
    move = next(m for m in rnd.legal_moves() if m.card % 13 > 0)
    rnd.apply(move)
    watcher = (leader + 1) % 4
    assert not rnd.over
    info = information_set(rnd, watcher)
    import random

    lower = [c for c in range(move.card - move.card % 13, move.card) if info.base[c] == -9]
    assert lower  # the watcher does not see every lower card: the lead is what tells
    for s in range(30):
        owner = sample_owner(info, random.Random(s))
        assert all(owner[c] != leader for c in lower)


def test_samples_keep_every_hand_size_even_under_tight_constraints():
    import random

    from stops.determinize import InfoSet

    # Three unknown cards, two places of room 1 and 2; two cards may only go to place 1.
    info = InfoSet(0, tuple([-2] * 49 + [-9, -9, -9]), ((1, 1), (2, 2)), (49,), ((50, (1,)), (51, (1,))))
    for seed in range(20):
        owner = sample_owner(info, random.Random(seed))
        assert owner.count(1) == 1 and owner.count(2) == 2 and -9 not in owner


from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tiers import examples



@settings(max_examples=examples(120), deadline=None)
@given(variant=st.integers(0, len(GAME_VARIANTS) - 1), seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_the_true_deal_is_always_one_of_the_samples(variant, seed, plies):
    """What a seat infers (known places, cards a place cannot hold, room per place) never
    rules out the real position."""
    import random

    from stops.bots import RandomBot

    game, options = GAME_VARIANTS[variant]
    rnd = dealt(game, 4, seed=seed % 1000, dealer=seed % 4, **options)
    bot = RandomBot(seed)
    for _ in range(plies):
        if rnd.over:
            break
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    for seat in range(4):
        info = information_set(rnd, seat)
        for c in range(52):
            if info.base[c] != -9:
                assert info.base[c] == rnd.owner[c], (c, seat)
        for c, allowed in info.constrained:
            assert rnd.owner[c] in allowed, (c, seat, allowed)
        unknown = [c for c in range(52) if info.base[c] == -9]
        room = dict(info.capacity)
        for c in unknown:
            room[rnd.owner[c]] -= 1
        assert set(room.values()) <= {0}
        owner = sample_owner(info, random.Random(seed))
        for place in set(rnd.owner):
            if place != -2:
                assert owner.count(place) == rnd.owner.count(place)


# ----- every position the engine plays to the end gets a hint and an expert move ------------

from stops.bots import BasicBot, ExpertBot  # noqa: E402
from stops.cards import DECK  # noqa: E402
from stops.errors import StopsError  # noqa: E402
from stops.moves import concrete  # noqa: E402
from stops.profiles import get_profile  # noqa: E402
from stops.replay import load_replay  # noqa: E402

# Every game's variants of bot_helpers.py, and Nain Jaune's other reading of a gap.
POSITION_GAMES = GAME_VARIANTS + [("nain_jaune", {"gap": "skip-rank"})]


def random_position(rng, game: str, options: dict, players: int) -> dict:
    """A position of ``game`` set up mid-round: some cards out of play, the rest dealt at
    random (some hands may be empty), starting at any phase, maybe after a stop."""
    names = ["A", "B", "C", "D", "E"][:players]
    cards = list(range(52))
    rng.shuffle(cards)
    used = cards[: rng.randint(players + 1, 52)]
    dealt_one = rng.random() < 0.5  # half the time every player holds a card at least
    hands = {name: [str(DECK[c])] if dealt_one else [] for name, c in zip(names, used)}
    widow = [] if dealt_one else [str(DECK[c]) for c in used[:players]]
    for c in used[players:]:
        place = rng.randrange(players + 1)
        (widow if place == players else hands[names[place]]).append(str(DECK[c]))
    position = {"hands": hands, "widow": widow, "phase": rng.choice(get_profile(game, options).phases)}
    if rng.random() < 0.5:
        position["leader"] = rng.choice(names)
        if len(used) < 52 and rng.random() < 0.5:
            position["stopped"] = str(DECK[rng.choice(cards[len(used):])])
    return {"format": "stops-replay", "version": 1, "game": game, "options": options, "players": names,
            "dealer": names[0], "position": position, "moves": []}


@settings(max_examples=examples(150), deadline=None)
@given(variant=st.integers(0, len(POSITION_GAMES) - 1), players=st.integers(3, 5), seed=st.integers(0, 2**32), plies=st.integers(0, 8))
def test_hints_and_the_expert_bot_answer_every_position_the_engine_plays_to_the_end(variant, players, seed, plies):
    import random

    game, options = POSITION_GAMES[variant]
    rng = random.Random(seed)
    try:
        rnd = load_replay(random_position(rng, game, options, players)).start()
    except StopsError:  # a position the engine refuses with its own clean error is not played
        rnd = None
    assume(rnd is not None)
    for _ in range(plies):  # some random moves first, never the one that ends the round
        after = rnd.clone()
        after.apply(rng.choice(concrete(rnd.legal_moves(), 3)))
        rnd = rnd if after.over else after
    line = rnd.clone()
    while not line.over:  # the engine plays this position to the end
        line.apply(BasicBot().choose(line, line.to_move()))
    seat = rnd.to_move()
    result = hint(rnd, seat, playouts=4, seed=seed)
    assert result["options"] and result["options"][result["best"]]["playouts"] == 4
    rnd.check(ExpertBot(seed, playouts=3).choose(rnd, seat))  # a legal move


def test_a_position_where_a_showdown_could_make_a_player_without_cards_lead_is_refused_cleanly():
    """The fuzz case of the IndexError: three empty hands at the Rummoli widow exchange. In
    a sampled deal the poker winner could hold no card and could not lead; the engine
    refuses the position at once (every player holds a card when the stops phase is still
    to come), so hints never meet a leader without a card."""
    doc = {"format": "stops-replay", "version": 1, "game": "rummoli", "players": ["A", "B", "C", "D"], "dealer": "A",
           "position": {"hands": {"A": [], "B": ["K♦", "8♣"], "C": [], "D": []}, "widow": ["7♣", "2♥", "7♠", "9♣"],
                        "phase": "widow-exchange", "leader": "C"}, "moves": []}
    with pytest.raises(StopsError) as error:
        load_replay(doc).start()
    assert "no card" in error.value.message


@pytest.mark.parametrize("game", sorted(__import__("stops.profiles", fromlist=["PROFILES"]).PROFILES))
def test_a_hint_or_an_expert_move_at_the_most_playouts_stays_within_the_work_budget_whatever_the_game(game, monkeypatch):
    # Issue 25: 2,000 playouts cost 13 s of CPU on a Nain Jaune position. The work of a decision
    # is counted as the playouts made (each one a fast simulation or a rollout) times the cards
    # in the hands: at most the budget, for a hint and for the expert bot alike.
    import random

    from stops import hints, table as tables
    from stops.bots import ExpertBot
    from stops.profiles import PROFILES

    monkeypatch.setattr(hints, "WORK_BUDGET", hints.WORK_BUDGET // 10)  # the same bound, a shorter test
    made = []
    for name in ("simulate", "rollout"):
        real = getattr(hints, name)
        monkeypatch.setattr(hints, name, lambda *args, _real=real, **kw: made.append(1) or _real(*args, **kw))
    profile = PROFILES[game]
    players = ["A", "B", "C", "D", "E", "F", "G", "H"][:min(profile.max_players, 6)]
    doc = tables.new_session({"game": game, "players": players, "bots": {}, "seed": 7})
    table, rng = tables.load_table(doc), random.Random(7)
    widest = None  # the position of the first few with the most options
    for _ in range(12):
        if table.stage() != "play":
            break
        rnd = table.current
        if widest is None or len(hints.split_bids(rnd.legal_moves())[0]) > len(hints.split_bids(widest.legal_moves())[0]):
            widest = rnd.clone()
        move = rng.choice(table.legal())
        table.apply({key: value["min"] if isinstance(value, dict) and "min" in value else value for key, value in move.items()})
    cards = sum(len(hand) for hand in widest.hands)
    result = hint(widest, widest.to_move(), playouts=2000, seed=1)
    assert 1 <= len(made) and len(made) * cards <= hints.WORK_BUDGET + cards * len(result["options"])
    assert result["playouts"] == hints.playouts_within_budget(widest, len(hints.split_bids(widest.legal_moves())[0]), 2000)
    made.clear()
    ExpertBot(1, playouts=2000).choose(widest, widest.to_move())
    assert len(made) * cards <= hints.WORK_BUDGET + cards * len(result["options"])


def decisions_of_every_phase(game: str, options: dict, seeds=range(4)):
    """Positions with a choice in each phase a round of the game meets, basic bots up to them."""
    from stops.bots import BasicBot

    for seed in seeds:
        rnd = dealt(game, 4, seed=seed, dealer=seed % 4, **options)
        seen = set()
        while not rnd.over:
            seat = rnd.to_move()
            if len(rnd.legal_moves()) > 1 and rnd.phase not in seen:
                seen.add(rnd.phase)
                yield rnd.clone(), seat
            rnd.apply(BasicBot().choose(rnd, seat))


@pytest.mark.parametrize("game,options", decision_variants())
def test_the_experts_race_keeps_the_whole_evaluations_tallies_and_chooses_the_best_option_left(game, options):
    """The race (hints.evaluate(race=True)) plays each sample for the options still racing: theirs
    are the whole evaluation's tallies, a dropped option's its first samples; the expert chooses
    the best of the options left, which is the whole evaluation's choice unless that one was dropped."""
    from stops.bots import ExpertBot

    positions = same = 0
    for rnd, seat in decisions_of_every_phase(game, options):
        moves = split_bids(rnd.legal_moves())[0]
        seed = decision_seed(7, rnd, seat)
        whole = evaluate(rnd, seat, 60, seed, moves, keep=True)
        raced = evaluate(rnd, seat, 60, seed, moves, race=True)
        left = [i for i, tally in enumerate(raced) if tally.n == whole[0].n]
        assert left
        for i, tally in enumerate(raced):
            assert 0 < tally.n and tally.gains == whole[i].gains[:tally.n]
        chosen = ExpertBot(7, playouts=60).choose(rnd, seat)
        assert chosen == moves[max(left, key=lambda i: (raced[i].mean(), -i))]
        positions += 1
        same += chosen == moves[max(range(len(moves)), key=lambda i: (whole[i].mean(), -i))]
    assert positions and same >= 0.8 * positions


def test_the_race_drops_an_option_clearly_behind_in_a_michigan_first_lead():
    rnd = dealt(seed=7)
    seat = rnd.to_move()
    moves = rnd.legal_moves()
    raced = evaluate(rnd, seat, 100, 1, moves, race=True)
    assert [t.n for t in raced] == [100, 45, 100, 30]  # the fourth lead left the race after 30 samples, the second after 45


def test_an_option_behind_on_every_sample_leaves_the_race_and_equal_ones_stay():
    from stops.hints import RACE_FIRST, Tally, still_racing

    tallies = [Tally(keep=True) for _ in range(3)]
    for k in range(RACE_FIRST):
        tallies[0].add(k % 3, False)
        tallies[1].add(k % 3, False)  # the same gains as the leader: it stays
        tallies[2].add(k % 3 - 1, False)  # a chip less on every sample: it goes
    assert still_racing(tallies, [0, 1, 2]) == [0, 1]
    noisy = [Tally(keep=True) for _ in range(2)]
    for k in range(RACE_FIRST):
        noisy[0].add(5 if k % 2 else -5, False)
        noisy[1].add(-5 if k % 2 else 5, False)  # as good on average, far apart sample by sample
    assert still_racing(noisy, [0, 1]) == [0, 1]
