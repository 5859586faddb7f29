"""The play page's web operations: a session document in, the table's state out, for every game.

The engine keeps nothing between requests: every answer comes from replaying the document the
page sends, so each test sends the document of the previous answer back, as the page does.
"""

import json
from fractions import Fraction

import pytest

from stops import web
from stops.limits import parse_amount
from stops.profiles import PROFILES
from stops.replay import walkthrough

from bot_helpers import phase_options


# Every game, with its optional phases on.
GAMES = {game: phase_options(profile) for game, profile in sorted(PROFILES.items())}
# The games whose sessions hold an auction: a bid offered as a range (phases of the profile).
AUCTIONS = [game for game in GAMES
            if {"widow-exchange", "ghost-auction", "betting"} & set(PROFILES[game].configure(GAMES[game]).phases)]
NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def call(op, *args):
    """One request through the worker's entry point; the answer's result (or its error)."""
    answer = json.loads(web.call(op, json.dumps(list(args))))
    return answer


def ok(op, *args):
    answer = call(op, *args)
    assert answer["ok"] is True, answer
    return answer["result"]


def setup(game, **extra):
    return {"game": game, "players": NAMES, "bots": {name: "basic" for name in NAMES[1:]},
            "options": GAMES[game], "seed": 11} | extra


def person_move(state):
    """A legal move of the person to move: the last one listed (an amount's range, a bid or a
    bet, at its minimum)."""
    move = state["legal"][-1]
    return {key: value["min"] if isinstance(value, dict) else value for key, value in move.items()}


def play_on(state, seat="Ana", until=lambda s: s["stage"] == "over", limit=3000):
    """Answer every decision (bots through bot_move, the person with a legal move) until ``until``."""
    for _ in range(limit):
        if until(state):
            return state
        doc = state["document"]
        if state["stage"] == "next-round":
            state = ok("next_round", doc, seat)
        elif state["controller"] == "person":
            state = ok("apply", doc, person_move(state), seat)
        else:
            state = ok("bot_move", doc, seat, 5)
    raise AssertionError("the session did not end")


# ----- a new session --------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_new_session_deals_its_first_round_from_the_set_up(game):
    state = ok("new_session", setup(game), "Ana")
    doc = state["document"]
    assert doc["format"] == "stops-session" and doc["game"] == game and doc["players"] == NAMES
    assert state["round"] == 1 and state["stage"] == "play" and len(doc["rounds"]) == 1
    assert {k: doc["options"][k] for k in GAMES[game]} == GAMES[game]
    view = state["view"]
    assert view["seat"] == "Ana" and "hand" in view["players"][0]
    assert all("hand" not in p for p in view["players"][1:])
    assert state["controller"] == ("person" if state["to_move"] == "Ana" else "basic")


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_deals_the_same_session_and_another_seed_another(game):
    first = ok("new_session", setup(game), "Ana")["document"]
    assert ok("new_session", setup(game), "Ana")["document"] == first
    assert ok("new_session", setup(game, seed=12), "Ana")["document"]["rounds"] != first["rounds"]


def test_without_a_seed_or_a_dealer_the_engine_draws_the_seed_and_the_players_cut():
    state = ok("new_session", setup("michigan", seed=None), None)
    doc = state["document"]
    assert isinstance(doc["seed"], int) and doc["dealer"] in NAMES
    assert ok("state", doc, None)["document"] == doc


# ----- legal moves, moves, bots -----------------------------------------------------------


def test_every_game_with_an_auction_phase_is_played_with_it():
    assert {"michigan", "rummoli", "tripoli"} <= set(AUCTIONS)
    assert GAMES["michigan"] == {"widow_auction": True} and GAMES["tripoli"]["ghost_auction"] is True


@pytest.mark.parametrize("game", AUCTIONS)
def test_an_auction_offers_its_bids_as_one_range_never_an_enumeration(game):
    state = play_on(ok("new_session", setup(game), None), seat=None,
                    until=lambda s: any("bid" in m for m in s["legal"]) or s["stage"] == "over")
    bids = [m for m in state["legal"] if "bid" in m]
    assert len(bids) == 1
    low, high = bids[0]["bid"]["min"], bids[0]["bid"]["max"]
    listed = ok("legal_moves", state["document"])
    assert listed["legal"] == state["legal"] and listed["to_move"] == state["to_move"]
    # Both ends of the range are legal moves, one past the top is not; a running score has no top.
    bid = lambda amount: call("apply", state["document"], {"player": state["to_move"], "bid": amount}, "Ana")
    assert bid(low)["ok"] and not bid(low - 1)["ok"]
    if state["document"]["options"]["bankroll"] == "chips":
        assert low <= high and bid(high)["ok"] and "cannot bid" in str(bid(high + 1)["error"])
    else:
        assert high is None and bid(low + 10_000)["ok"]


@pytest.mark.parametrize("game", GAMES)
def test_a_move_is_added_to_the_document_and_its_events_come_back(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["controller"] == "person")
    move = person_move(state)
    after = ok("apply", state["document"], move, "Ana")
    assert after["document"]["rounds"][-1]["moves"] == state["document"]["rounds"][-1]["moves"] + [move]
    assert after["events"] and all("type" in e and "rule" in e for e in after["events"])
    assert after["moves"] == state["moves"] + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_moves_only_for_its_own_seat_and_the_same_document_gives_the_same_move(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["controller"] == "basic")
    first = ok("bot_move", state["document"], "Ana")
    assert first["move"]["player"] == state["to_move"]
    assert ok("bot_move", state["document"], "Ana")["move"] == first["move"]
    assert first["document"]["rounds"][-1]["moves"][-1] == first["move"]
    person = play_on(state, until=lambda s: s["controller"] == "person")
    error = call("bot_move", person["document"], "Ana")
    assert error["ok"] is False and "Ana is not a bot" in str(error["error"])


def test_every_bot_level_plays_a_decision():
    for level in ("random", "basic", "expert"):
        state = ok("new_session", setup("michigan", bots={n: level for n in NAMES}), None)
        after = ok("bot_move", state["document"], None, 10)
        assert after["move"]["player"] == state["to_move"]


# ----- the session ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_session_passes_the_deal_left_carries_the_board_over_and_settles_at_its_end(game):
    state = play_on(ok("new_session", setup(game, length=2, options=GAMES[game]), "Ana"))
    ledger = state["ledger"]
    assert state["stage"] == "over" and len(ledger["rounds"]) == 2
    first, second = ledger["rounds"]
    assert NAMES.index(second["dealer"]) == (NAMES.index(first["dealer"]) + 1) % 4
    # The second round starts from the first one's balances and board.
    doc = ok("export_round", state["document"], 1)
    assert {k: parse_amount(v) for k, v in doc["balances"].items()} == {k: parse_amount(v["balance"]) for k, v in first["players"].items()}
    assert {k: parse_amount(v) for k, v in doc["board"].items()} == {k: parse_amount(v) for k, v in first["board"].items()}
    end = state["session_end"]
    assert set(end["winners"]) <= set(NAMES) and end["winners"]
    best = max(parse_amount(v) for v in end["balances"].values())
    assert end["winners"] == [n for n in NAMES if parse_amount(end["balances"][n]) == best]
    # Chips are neither made nor lost over the whole session.
    start = sum(parse_amount(v) for v in doc["balances"].values()) + sum(parse_amount(v) for v in doc["board"].values())
    assert sum(parse_amount(v) for v in end["balances"].values()) + sum(parse_amount(v) for v in end["board"].values()) == start
    error = call("next_round", state["document"], "Ana")
    assert error["ok"] is False and "the session is over" in str(error["error"])


def test_michigan_shares_what_is_left_on_the_board_equally_in_exact_fractions():
    # One chip already on every section (carried over from an earlier round): a section no one
    # wins then holds a number of chips that three players cannot share in whole chips.
    for seed in range(40):
        doc = ok("new_session", setup("michigan", players=NAMES[:3], bots={"Ben": "basic", "Cleo": "basic"},
                                      length=1, seed=seed), "Ana")["document"]
        doc["board"] = {sid: 1 for sid in ("AH", "KC", "QD", "JS", "kitty")}
        state = play_on(ok("state", doc, "Ana"))
        if state["session_end"]["events"]:
            break
    else:
        pytest.fail("every section was won in 40 sessions")
    board = state["ledger"]["rounds"][-1]["board"]
    assert any(parse_amount(amount) % 3 for amount in board.values())
    for sid, amount in board.items():
        got = [parse_amount(e["amount"]) for e in state["session_end"]["events"] if e["from"] == {"section": sid}]
        assert got == ([Fraction(parse_amount(amount), 3)] * 3 if parse_amount(amount) else [])


def test_rummoli_ends_with_its_final_showdown_and_the_last_round_exports_it_exactly():
    state = play_on(ok("new_session", setup("rummoli", length=1), "Ana"))
    showdowns = [e for e in state["session_end"]["events"] if e["type"] == "final-showdown"]
    assert showdowns and all(len(h["cards"]) == 5 for h in showdowns[0]["hands"])
    exported = ok("export_round", state["document"], 0)
    assert exported["format"] == "stops-replay" and "session_end" in exported
    replayed = walkthrough(exported)["session_end"]
    assert replayed["balances"] == state["session_end"]["balances"]
    assert replayed["winners"] == state["session_end"]["winners"]


@pytest.fixture(scope="module")
def rummoli_over():
    """A Rummoli session played to its end, whose board went to a final showdown."""
    state = play_on(ok("new_session", setup("rummoli", length=1), "Ana"))
    assert any(e["type"] == "final-showdown" for e in state["session_end"]["events"])
    return state


def test_the_final_showdowns_hands_are_written_into_the_document_so_it_replays_without_the_seed(rummoli_over):
    doc = rummoli_over["document"]
    assert doc["session_end"] == {"deals": rummoli_over["session_end"]["deals"]}
    assert all(len(hand) == 5 for deal in doc["session_end"]["deals"] for hand in deal.values())
    # Another seed, nothing else changed: the same settlement, from the document alone.
    reseeded = ok("state", doc | {"seed": doc["seed"] + 1}, "Ana")
    assert reseeded["session_end"] == rummoli_over["session_end"]
    assert reseeded["document"]["session_end"] == doc["session_end"]
    # Without them, that seed would deal other hands: the test can tell the two apart.
    drawn = ok("state", {k: v for k, v in doc.items() if k != "session_end"} | {"seed": doc["seed"] + 1}, "Ana")
    assert drawn["session_end"]["deals"] != rummoli_over["session_end"]["deals"]


def test_a_document_written_before_the_final_deals_were_recorded_loads_and_gets_them_from_its_seed(rummoli_over):
    # What a page kept in localStorage or a share link before: a session over, no session_end.
    old = {k: v for k, v in rummoli_over["document"].items() if k != "session_end"}
    state = ok("state", old, "Ana")
    assert state["session_end"] == rummoli_over["session_end"]
    assert state["document"] == rummoli_over["document"]
    assert ok("check_document", json.dumps(old))["document"] == rummoli_over["document"]


def with_deals(state, change):
    doc = json.loads(json.dumps(state["document"]))
    change(doc["session_end"]["deals"])
    return doc


def first_hand(deals):
    return next(iter(deals[0]))


@pytest.mark.parametrize("change, path, rule, message", [
    (lambda d: d[0][first_hand(d)].pop(), "session_end.deals[0].{first}", "rummoli.final-showdown",
     "a final showdown deals 5 cards, not 4"),
    (lambda d: d[0][first_hand(d)].__setitem__(0, "5X"), "session_end.deals[0].{first}[0]", None, "unknown card '5X'"),
    (lambda d: d[0][first_hand(d)].__setitem__(1, d[0][first_hand(d)][0]), "session_end.deals[0].{first}", "rummoli.final-showdown",
     "{card} is dealt twice"),
    (lambda d: d[0].pop(first_hand(d)), "session_end.deals[0]", "rummoli.final-showdown", "a final showdown deals to "),
    (lambda d: d[0].update(Zed=[]), "session_end.deals[0].Zed", None, "unknown player 'Zed'"),
    (lambda d: d.append(d[0]), "session_end.deals", "rummoli.session-end", "1 recorded deal(s) left over"),
    (lambda d: d.clear(), "session_end.deals", "rummoli.final-showdown", "a final showdown needs one more recorded deal"),
])
def test_final_deals_a_session_document_holds_that_are_not_legal_are_refused_naming_the_field(rummoli_over, change, path, rule, message):
    doc = with_deals(rummoli_over, change)
    deals = rummoli_over["document"]["session_end"]["deals"]
    first = next(iter(deals[0]))
    error = ok("check_document", json.dumps(doc))["error"]
    assert (error["path"], error["rule"]) == (path.format(first=first), rule)
    assert error["message"].startswith(message.format(card=deals[0][first][0])) and "rummoli." not in error["message"]


def test_a_session_document_holds_no_final_deals_before_its_end(rummoli_over):
    state = ok("new_session", setup("rummoli", length=1), "Ana")
    doc = state["document"] | {"session_end": rummoli_over["document"]["session_end"]}
    error = ok("check_document", json.dumps(doc))["error"]
    assert error["path"] == "session_end" and "not over" in error["message"]
    assert call("state", doc, "Ana")["error"] == error


def test_a_session_whose_last_round_ends_at_its_deal_is_settled_by_the_request_that_deals_it():
    # Pope Joan with the Pope turned up winning the round: the second and last round ends at
    # its deal. The answer to next_round is the settled session, as the document reloads.
    players = NAMES[:3]
    pope = {"game": "pope_joan", "players": players, "bots": {name: "basic" for name in players}, "dealer": "Ana",
            "options": {"pope_turnup": "wins-round"}, "length": 2}
    for seed in range(200):
        state = play_on(ok("new_session", pope | {"seed": seed}, "Ana"), until=lambda s: s["stage"] != "play")
        if state["stage"] != "next-round":
            continue
        dealt = ok("next_round", state["document"], "Ana")
        if dealt["ledger"]["rounds"][-1]["over"]:
            break
    else:
        pytest.fail("no second round of 200 sessions ended at its deal")
    assert any(e["type"] == "turn-up-win" for e in dealt["events"])
    assert dealt["stage"] == "over" and dealt["session_end"] is not None
    assert dealt["session_end"] == ok("state", dealt["document"], "Ana")["session_end"]
    assert call("next_round", dealt["document"], "Ana")["ok"] is False


def test_in_chips_mode_a_player_who_cannot_pay_the_ante_leaves_and_the_next_round_is_dealt_without_them():
    for seed in range(30):
        state = ok("new_session", setup("tripoli", options={"starting_chips": 20, "rounds": 6}, seed=seed), "Ana")
        state = play_on(state, until=lambda s: s["ledger"]["left"] or s["stage"] == "over")
        if state["ledger"]["left"] and state["stage"] != "over":
            break
    else:
        pytest.fail("nobody left a session of small stacks")
    gone = state["ledger"]["left"]
    assert state["stage"] == "next-round"
    dealt = ok("next_round", state["document"], None)
    playing = [p["name"] for p in dealt["view"]["players"]]
    assert not set(gone) & set(playing) and dealt["ledger"]["rounds"][-1]["left_before"] == gone
    # The move that ended the round told who leaves, as leave events with their messages.
    told = [(e, m) for e, m in zip(state["events"], state["messages"]) if e["type"] == "leave"]
    assert [e["player"] for e, _ in told] == gone
    assert all(m["id"].startswith("%(player)s cannot cover the full ante") and e["rule"] == "tripoli.elimination" for e, m in told)


def test_a_lead_after_a_stop_that_must_switch_colour_is_a_notice_with_its_rule():
    """Rummoli: after a stop the next lead is of the other colour; the state says so, with the rule."""
    state = ok("new_session", setup("rummoli", seed=25, length=1), "Ana")
    seen = []
    while state["stage"] == "play":
        view = state["view"]
        if view["lead_colour"]:
            assert state["notices"] == [{"message": {"id": "After the stop the colour switches: the next lead is the lowest card of a %(colour)s suit.",
                                                     "args": {"colour": {"colour": view["lead_colour"]}}},
                                         "rule": "rummoli.colour-switch"}]
            seen.append(view["lead_colour"])
        else:
            assert state["notices"] == []
        state = ok("apply", state["document"], person_move(state), "Ana") if state["controller"] == "person" else ok("bot_move", state["document"], "Ana", 5)
    assert seen, "no lead after a stop in this round"


# ----- documents: undo, export, import, tampering -------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_shorter_document_is_the_earlier_position_so_undo_is_a_truncation(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["moves"] >= 6 and s["controller"] == "person")
    doc = json.loads(json.dumps(state["document"]))
    earlier = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["moves"] >= 3)
    doc["rounds"][-1]["moves"] = doc["rounds"][-1]["moves"][:earlier["moves"]]
    assert ok("state", doc, "Ana")["view"] == earlier["view"]


@pytest.mark.parametrize("game", GAMES)
def test_a_round_exported_as_a_replay_imports_as_a_session_with_the_same_timeline(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["moves"] >= 8)
    exported = ok("export_round", state["document"], 0)
    checked = ok("check_document", json.dumps(exported))
    assert checked["valid"] is True and checked["kind"] == "round"
    assert ok("state", checked["document"], "Ana")["view"] == state["view"]
    again = ok("check_document", json.dumps(state["document"]))
    assert again == {"valid": True, "kind": "session", "document": state["document"]}


@pytest.mark.parametrize("game", GAMES)
def test_a_tampered_document_gets_one_clear_error_naming_the_field(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["moves"] >= 4)
    doc = state["document"]
    hands = doc["rounds"][0]["deal"]["hands"]
    tampered = json.loads(json.dumps(doc))
    tampered["rounds"][0]["deal"]["hands"]["Ana"][0] = hands["Ben"][0]
    error = ok("check_document", json.dumps(tampered))["error"]
    assert error["path"] == "rounds[0].deal" and "dealt twice" in error["message"] and error["rule"] == f"{game}.deal"
    moved = json.loads(json.dumps(doc))
    moved["rounds"][0]["moves"][1], moved["rounds"][0]["moves"][0] = doc["rounds"][0]["moves"][0], doc["rounds"][0]["moves"][1]
    error = ok("check_document", json.dumps(moved))["error"]
    assert error["path"].startswith("rounds[0].moves[") and error["rule"].startswith(f"{game}.")


@pytest.mark.parametrize("text, path, words", [
    ("{", None, "not valid JSON"),
    ("[]", None, "a replay is a JSON object"),
    ('{"format": "stops-session", "version": 9}', "version", "reads session version 1"),
    ('{"format": "stops-session", "game": "whist"}', "game", "unknown game"),
    ('{"format": "stops-session", "game": "michigan", "players": ["A", "A", "B"]}', "players", "must be different"),
    ('{"format": "stops-session", "game": "michigan", "players": ["A", "B", "C"], "bots": {"B": "genius"}}', "bots.B", "unknown bot level"),
    ('{"format": "stops-session", "game": "michigan", "players": ["A", "B", "C"], "seed": -1}', "seed", "a seed is a whole number"),
    ('{"format": "stops-session", "game": "michigan", "players": ["A", "B", "C"], "seed": 1, "dealer": "Z"}', "dealer", "first dealer"),
    ('{"format": "stops-session", "game": "michigan", "players": ["A", "B", "C"], "seed": 1, "dealer": "A", "rounds": [{"moves": []}]}',
     "rounds[0].deal", "a full 'deal'"),
    ('{"format": "stops-session", "game": "michigan", "players": ["A", "B", "C"], "seed": 1, "dealer": "A", "cheat": 1}',
     "cheat", "unknown field"),
])
def test_a_malformed_document_names_what_is_wrong_and_where(text, path, words):
    error = ok("check_document", text)
    assert error["valid"] is False
    assert error["error"]["path"] == path and words in error["error"]["message"]


@pytest.mark.parametrize("change, path, rule", [
    (lambda d: d.update(players=d["players"][:2]), "players", "michigan.players"),
    (lambda d: d["rounds"][0]["moves"].append({"player": d["players"][2], "play": "2♠"}), "rounds[0].moves[0]", "michigan.first-lead"),
    (lambda d: d["rounds"][0]["deal"]["widow"].append(d["rounds"][0]["deal"]["hands"]["Ana"][0]), "rounds[0].deal", "michigan.deal"),
])
def test_a_bad_session_document_gets_its_rule_as_a_field_and_a_message_without_it(change, path, rule):
    doc = json.loads(json.dumps(ok("new_session", setup("michigan", bots={}, dealer="Dev", options={}), None)["document"]))
    change(doc)
    for error in (ok("check_document", json.dumps(doc))["error"], call("state", doc, None)["error"]):
        assert (error["path"], error["rule"]) == (path, rule)
        assert "michigan." not in error["message"], error


def test_a_round_after_an_unfinished_round_is_refused():
    state = ok("new_session", setup("michigan"), None)
    doc = json.loads(json.dumps(state["document"]))
    doc["rounds"].append(doc["rounds"][0])
    error = ok("check_document", json.dumps(doc))["error"]
    assert error["path"] == "rounds[1]" and "not over" in error["message"]


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_is_refused_with_its_rule_and_the_document_is_unchanged(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["controller"] == "person")
    other = next(n for n in NAMES if n != state["to_move"])
    # The move the person may make, made by another player: out of turn.
    answer = call("apply", state["document"], person_move(state) | {"player": other}, "Ana")
    error = answer["error"]
    assert answer["ok"] is False and error["path"] == "move"
    # The rule arrives as a field of its own, never folded into the sentence.
    assert error["rule"].startswith(f"{game}.") and error["rule"] in PROFILES[game].every_rule_id()
    assert error["rule"] not in error["message"] and "(" + game not in error["message"]
    again = ok("state", state["document"], "Ana")
    assert again["document"] == state["document"] and again["view"] == state["view"]


@pytest.mark.parametrize("op, args, words", [
    ("new_session", [{"game": "michigan", "players": ["A", "B"], "seed": 1}], "3 to 8 players"),
    ("new_session", [{"game": "michigan", "players": ["A", "B", "C"], "options": {"jokers": True}, "seed": 1}], "unknown option"),
    ("new_session", [{"game": "michigan", "players": ["A", "B", "C"], "seed": 1, "length": 0}], "from 1 to"),
    ("new_session", [{"game": "michigan", "players": ["A", "B", "C"], "hat": 1}], "unknown set-up field"),
    ("new_session", ["michigan"], "not valid JSON"),
    ("new_session", [["michigan"]], "the set-up is an object"),
    ("new_session", [{"game": "tripoli", "players": ["A", "B", "C"], "options": {"starting_chips": 3}, "seed": 1}],
     "too few players can pay the ante"),
    ("apply", [{"format": "stops-session"}, {"player": "A", "play": "9♦"}], "unknown game"),
])
def test_bad_requests_get_one_readable_error(op, args, words):
    answer = call(op, *args)
    assert answer["ok"] is False and words in str(answer["error"])


def test_a_move_in_a_bad_form_names_the_move():
    state = ok("new_session", setup("michigan", bots={}), "Ana")
    for move, words in [({"player": state["to_move"], "play": "5X"}, "unknown card"),
                        ({"player": "Zed", "play": "5♠"}, "unknown player"),
                        ("9♦", "not valid JSON"), ('"9♦"', "a move is an object")]:
        answer = call("apply", state["document"], move, "Ana")
        assert answer["ok"] is False and words in str(answer["error"])
    answer = call("export_round", state["document"], 3)
    assert answer["ok"] is False and "rounds 0 to 0" in str(answer["error"])


@pytest.mark.parametrize("game", GAMES)
def test_the_round_walkthrough_steps_through_the_round_in_play(game):
    state = play_on(ok("new_session", setup(game), "Ana"), until=lambda s: s["moves"] >= 5)
    walk = ok("round_walkthrough", state["document"])
    assert len(walk["steps"]) == state["moves"] and walk["steps"][-1]["view"]["to_move"] == state["view"]["to_move"]


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_an_answer_from_the_workers_cached_table_is_the_answer_a_full_replay_gives(game):
    # The worker keeps the table of its last answer, keyed by its document's digest, so that
    # the next request goes on from it instead of replaying the session (issue 25). Every
    # request is answered from the cache, then again after emptying it: the same text.
    players = NAMES[:PROFILES[game].min_players + 1]
    setup = {"game": game, "players": players, "bots": {p: "random" for p in players[1:]}, "seed": 3, "length": 2}
    request = ("new_session", [setup, "Ana"])
    for count in range(1, 600):
        op, args = request
        from_cache = web.call(op, json.dumps(args))
        web.forget_tables()
        replayed = web.call(op, json.dumps(args))  # and the cache now holds this answer's table
        assert from_cache == replayed, (op, count)
        answer = json.loads(replayed)
        assert answer["ok"], (op, answer["error"])
        state = answer["result"]
        if op in ("export_round", "legal_moves"):
            request = ("state", [doc, "Ana"])
            continue
        doc = state["document"]
        if state["stage"] == "over":
            break
        if count % 5 == 0:
            request = ("export_round", [doc, 0]) if count % 10 == 0 else ("legal_moves", [doc])
        elif state["stage"] == "next-round":
            request = ("next_round", [doc, "Ana"])
        elif state["controller"] == "person":
            move = {key: value["min"] if isinstance(value, dict) and "min" in value else value
                    for key, value in state["legal"][-1].items()}  # a range of amounts at its least
            request = ("apply", [doc, move, "Ana"])
        else:
            request = ("bot_move", [doc, "Ana", 3])
    else:
        pytest.fail("the session did not end")


def test_a_request_on_the_last_answers_document_replays_nothing_and_any_other_document_is_replayed(monkeypatch):
    from stops import table as tables

    built = []
    real = tables.Table.__init__
    monkeypatch.setattr(tables.Table, "__init__", lambda self, doc: built.append(1) or real(self, doc))
    web.forget_tables()
    state = ok("new_session", setup("michigan", length=2), "Ana")
    first = state["document"]
    built.clear()
    for _ in range(8):  # the page's own loop: each request sends the document of the answer before
        state = ok("next_round", state["document"], "Ana") if state["stage"] == "next-round" else (
            ok("apply", state["document"], person_move(state), "Ana") if state["controller"] == "person"
            else ok("bot_move", state["document"], "Ana", 3))
    assert built == []
    ok("state", first, "Ana")  # an earlier document (an undo): replayed
    assert built == [1]
