"""The ``stops`` command: replay, play and simulate stops games in the terminal.

    stops replay FILE [--json]
    stops play michigan --players 4 --seed 7
    stops sim michigan --players 4 --rounds 1000 --seed 1
    stops record michigan --players 4 --seed 7 > hand.json
    stops tournament michigan --players 4 --seats expert,basic,random,basic --rounds 100 --seed 1

Errors print one line ``stops: error: ...`` and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from . import messages, narrate
from .bots import BOTS, make_bot
from .deal import deal_for
from .hints import hint
from .errors import StopsError, clean_text
from .moves import AmountRange
from .chips import Amount, format_amount
from .profiles import PROFILES, get_profile
from .puzzles import Settings, generate
from .round import Round
from .replay import read_replay_file, record, result_json, session_end_json
from .session import Session
from .view import round_view

LETTERS = "ABCDEFGHI"


class UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="stops", description="Play and replay the stops card games.")
    sub = parser.add_subparsers(dest="command", required=True)

    replay = sub.add_parser("replay", help="narrate a replay file and print the final ledger")
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")

    def game_args(p, rounds_default=None):
        p.add_argument("game", choices=sorted(PROFILES))
        p.add_argument("--players", type=int, default=4)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (repeatable)")

    play = sub.add_parser("play", help="play in the terminal against bots")
    game_args(play)
    play.add_argument("--bot", choices=sorted(BOTS), default="basic")
    play.add_argument("--rounds", type=int, default=None, help="rounds in the session (default: the game's)")

    sim = sub.add_parser("sim", help="bot-only sessions with summary statistics")
    game_args(sim)
    sim.add_argument("--rounds", type=int, default=1000, help="rounds to play in all")
    sim.add_argument("--bots", default="basic", help="bot level per seat, comma-separated (one for all)")

    tour = sub.add_parser("tournament", help="bots against bots on the same deals, seats rotated; chips per round with 95%% intervals")
    game_args(tour)
    tour.add_argument("--seats", required=True, help="bot level per player, comma-separated (expert, basic, random)")
    tour.add_argument("--rounds", type=int, default=100, help="deals; each is played once per rotation of the seats")
    tour.add_argument("--playouts", type=int, default=100, help="the expert's playouts per option")

    rec = sub.add_parser("record", help="play one round with bots and print its replay")
    game_args(rec)
    rec.add_argument("--bot", choices=sorted(BOTS), default="basic")

    puz = sub.add_parser("puzzles", help="find puzzles in seeded bot sessions (one clearly best option) and write them as JSON")
    puz.add_argument("game", choices=sorted(PROFILES))
    puz.add_argument("--count", type=int, default=30, help="puzzles wanted (spread over the game's phases)")
    puz.add_argument("--seed", type=int, default=1)
    puz.add_argument("--jobs", type=int, default=1, help="processes (the result is the same for any number)")
    puz.add_argument("--sessions", type=int, default=160, help="at most this many sessions")
    puz.add_argument("--playouts", type=int, default=Settings.playouts, help="playouts per option, rating and check")
    puz.add_argument("--out", help="the puzzles file (default: standard output)")
    puz.add_argument("--work", help="a folder that keeps each session's result, to resume an interrupted run")
    return parser


def parse_options(profile_name: str, pairs: list[str]) -> dict:
    """``name=value`` pairs to option values typed like each option's default."""
    profile = PROFILES[profile_name]
    by_name = {o.name: o for o in profile.options}
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or name not in by_name:
            raise UsageError(f"--option {pair!r}: expected NAME=VALUE with NAME one of {', '.join(by_name)}")
        default = by_name[name].default
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise UsageError(f"--option {pair!r}: {name} is true or false")
            options[name] = text.lower() in ("true", "1", "yes", "on")
        elif isinstance(default, int):
            try:
                options[name] = int(text)
            except ValueError:
                raise UsageError(f"--option {pair!r}: {name} is a whole number") from None
        else:
            options[name] = text
    return options


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "puzzles":
            return cmd_puzzles(args)
        profile = get_profile(args.game, parse_options(args.game, args.option))
        profile.check_players(args.players)
        if args.command == "play":
            return cmd_play(args, profile)
        if args.command == "sim":
            return cmd_sim(args, profile)
        if args.command == "record":
            return cmd_record(args, profile)
        if args.command == "tournament":
            return cmd_tournament(args, profile)
    except (StopsError, UsageError) as error:
        # One line, free of control characters: the engine's errors are clean already; a
        # file name or a usage error quotes the command line, which may hold anything.
        where = f"{clean_text(args.file)}: " if args.command == "replay" else ""
        print(f"stops: error: {where}{error if isinstance(error, StopsError) else clean_text(str(error))}", file=sys.stderr)
        return 2
    return 0


# ----- puzzles -----------------------------------------------------------------------


def cmd_puzzles(args) -> int:
    for name in ("count", "jobs", "sessions", "playouts"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name} is at least 1")
    found = generate(args.game, args.count, args.seed, args.jobs, Path(args.work) if args.work else None,
                     replace(Settings(), playouts=args.playouts), args.sessions,
                     progress=lambda line: print(line, file=sys.stderr, flush=True))
    text = json.dumps(found, ensure_ascii=False, indent=1) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    short = len(found["puzzles"]) < args.count
    if short:
        print(f"stops: {args.game}: {len(found['puzzles'])} puzzles in {found['sessions']} sessions, "
              f"fewer than {args.count}", file=sys.stderr)
    return 1 if short else 0


# ----- replay -----------------------------------------------------------------------


def cmd_replay(args) -> int:
    replay = read_replay_file(args.file)
    rnd, steps = replay.play()
    session, settlement = replay.settle(rnd)
    names = rnd.names
    if args.json:
        out = result_json(rnd)
        out["events"] = [e.to_json(names) for e in rnd.log]
        if session is not None:
            out["session_end"] = session_end_json(session, settlement)
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    for line in narrated(rnd.start_events, names, rnd.profile):
        print("  " + line)
    for index, (move, events) in enumerate(steps, 1):
        for line in narrated(events, names, rnd.profile):
            print(f"{index:3}. " + line)
    print_ledger(rnd)
    if session is not None:
        print("\nEnd of the session:")
        for line in narrated(settlement, names, rnd.profile):
            print("  " + line)
        print_standings(session)
    return 0


def print_standings(session) -> None:
    print("Final standings:")
    for name, balance in session.standings():
        print(f"  {name:<8} {format_amount(balance)}")
    print("Winner: " + " and ".join(session.winners()))


def narrated(events, names, profile) -> list[str]:
    """English lines, one per event; each player's antes are one line (the details are in --json)."""
    lines: list[str] = []
    ante_line: dict[str, int] = {}  # player -> its line
    ante_total: dict[str, Amount] = {}  # exact: an ante capped at a fractional stack is a fraction
    for raw in events:
        event = raw.to_json(names)
        if event["type"] == "transfer" and event["reason"] == "ante" and "player" in event["from"]:
            who = event["from"]["player"]
            if who not in ante_line:
                ante_line[who] = len(lines)
                ante_total[who] = 0
                lines.append("")
            ante_total[who] += raw.amount
            continue
        lines.append(narrate.describe(event, profile))
    for who, index in ante_line.items():
        lines[index] = narrate.text(messages.antes(who, format_amount(ante_total[who])), profile.words)
    return lines


def print_ledger(rnd) -> None:
    result = result_json(rnd)
    print()
    print("winner: " + (result["winner"] or "nobody yet"))
    print(f"{'player':<10}{'gross':>8}{'net':>8}{'balance':>10}")
    for name, figures in result["players"].items():
        print(f"{name:<10}{figures['gross']:>8}{figures['net']:>8}{figures['balance']:>10}")
    print("(gross: all received in the round; net: the change in balance over the round,")
    print(" that is the gross less everything paid, ante included)")
    board = ", ".join(f"{sid} {amount}" for sid, amount in result["board"].items())
    print(f"board: {board}")


# ----- play -------------------------------------------------------------------------


def cmd_play(args, profile) -> int:
    names = [LETTERS[i] for i in range(args.players)]
    session = Session(profile, names, seed=args.seed, rounds=args.rounds)
    bots = {seat: make_bot(args.bot, args.seed * 100 + seat) for seat in range(1, args.players)}
    print(f"{profile.title}: {session.rounds} rounds. You are A, the others are bots; type a move or its number, q to quit.")
    while not session.over():
        rnd = session.next_round()
        you = rnd.names.index("A") if "A" in rnd.names else None
        print(f"\n=== Round {session.played + 1}: {rnd.names[rnd.dealer]} deals ===")
        for event in rnd.start_events:
            if event.type != "transfer":
                print("  " + narrate.describe(event.to_json(rnd.names), profile))
        while not rnd.over:
            seat = rnd.to_move()
            moves = rnd.legal_moves()
            if seat == you and len(moves) > 1:
                move = ask_move(rnd, seat, moves)
                if move is None:
                    print("bye")
                    return 0
            elif seat == you or seat is None:
                move = moves[0]
            else:
                move = bots[session.active[seat]].choose(rnd, seat)
            for line in narrated(rnd.apply(move), rnd.names, profile):
                print("  " + line)
        session.record(rnd)
        print_ledger(rnd)
    for line in narrated(session.finish(), session.names, profile):
        print("  " + line)
    print()
    print_standings(session)
    return 0


def ask_move(rnd, seat, moves):
    view = round_view(rnd, seat)
    mine = next(p for p in view["players"] if p["name"] == rnd.names[seat])
    print(f"\nYour hand: {' '.join(mine['hand'])}")
    board = ", ".join(f"{b['id']} {b['amount']}" for b in view["board"])
    print(f"Board: {board}")
    ranges = [m for m in moves if isinstance(m, AmountRange)]
    listed = [m for m in moves if not isinstance(m, AmountRange)]
    for i, move in enumerate(listed, 1):
        print(f"  {i}. {move}")
    for bids in ranges:
        print(f"  or {bids}: type '{bids.key} N'")
    print("  (? for a hint)")
    while True:
        try:
            text = input("your move> ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text == "?":
            print_hint(rnd, seat)
            continue
        if text.isdigit() and 1 <= int(text) <= len(listed):
            return listed[int(text) - 1]
        words = text.lower().split()
        chosen = next((r for r in ranges if len(words) == 2 and words[0] == r.key), None)
        if chosen is not None and words[1].isdigit() and len(words[1]) < 12:
            try:
                rnd.check(chosen.make(int(words[1])))
                return chosen.make(int(words[1]))
            except StopsError as error:
                print(f"  {error}")
                continue
        for move in listed:
            if text and str(move).lower().endswith(text.lower()):
                return move
        print(f"  not a legal move here: {text!r}")


def print_hint(rnd, seat, playouts: int = 500) -> None:
    """Every option rated by Monte Carlo playouts (stops.hints), best first."""
    result = hint(rnd, seat, playouts=playouts, seed=len(rnd.moves))
    options = result["options"]
    order = sorted(range(len(options)), key=lambda i: -options[i]["expected"])
    print(f"  hint ({result['playouts']} playouts per option; chips you gain on average by the end of the round):")
    for i in order:
        o = options[i]
        mark = "*" if i == result["best"] else " "
        print(f"  {mark} {o['label']:<16} {o['expected']:+7.2f} ±{o['stderr']:.2f}  out first {o['win_rate']:.0%}  {o['reason']}")


# ----- sim --------------------------------------------------------------------------


def cmd_sim(args, profile) -> int:
    levels = args.bots.split(",")
    if len(levels) == 1:
        levels *= args.players
    if len(levels) != args.players:
        raise UsageError(f"--bots names {len(levels)} bots for {args.players} players")
    for level in levels:
        if level not in BOTS:
            raise UsageError(f"unknown bot level {level!r} (levels: {', '.join(BOTS)})")
    names = [LETTERS[i] for i in range(args.players)]
    per_round: dict[str, list] = {name: [] for name in names}
    wins = {name: 0 for name in names}
    session_wins = {name: 0.0 for name in names}
    plays, carried, sessions, rounds = [], [], 0, 0
    seed = args.seed
    while rounds < args.rounds:
        session = Session(profile, names, seed=seed, rounds=min(args.rounds - rounds, profile.session_rounds(args.players)))
        seed += 1
        bots = {seat: make_bot(levels[seat], seed * 100 + seat) for seat in range(args.players)}
        while not session.over():
            rnd = session.next_round()
            while not rnd.over:
                seat = rnd.to_move()
                rnd.apply(bots[session.active[seat]].choose(rnd, seat))
            result = rnd.results()
            for index, seat in enumerate(session.active):
                per_round[names[seat]].append(result["net"][index])
            if rnd.winner is not None:
                wins[rnd.names[rnd.winner]] += 1
            plays.append(len(rnd.moves))
            carried.append(sum(rnd.ledger.board.values()))
            session.record(rnd)
            rounds += 1
        session.finish()
        winners = session.winners()
        for name in winners:
            session_wins[name] += 1 / len(winners)
        sessions += 1
    print(f"{profile.title}: {rounds} rounds in {sessions} sessions, {args.players} players, seed {args.seed}, bots {','.join(levels)}")
    print(f"{'seat':<6}{'bot':<8}{'net/round':>10}{'95% CI':>16}{'rounds won':>12}{'sessions won':>14}")
    for seat, name in enumerate(names):
        values = per_round[name]
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        print(f"{name:<6}{levels[seat]:<8}{mean:>10.2f}{f'±{half:.2f}':>16}{wins[name] / rounds:>12.1%}{session_wins[name] / sessions:>14.1%}")
    print(f"moves per round: mean {statistics.fmean(plays):.1f}, min {min(plays)}, max {max(plays)}")
    print(f"chips left on the board after a round: mean {statistics.fmean(carried):.1f}")
    return 0


# ----- tournament -------------------------------------------------------------------


def cmd_tournament(args, profile) -> int:
    """Bots play the same deals once per rotation of the seats (so every player holds every
    seat's cards once: seat advantage and card luck cancel); per player, the chips per round
    (net, antes included) with a 95% confidence interval over the deals."""
    levels = args.seats.split(",")
    n = args.players
    if len(levels) != n:
        raise UsageError(f"--seats names {len(levels)} bots for {n} players")
    for level in levels:
        if level not in BOTS:
            raise UsageError(f"unknown bot level {level!r} (levels: {', '.join(BOTS)})")
    if args.rounds < 2:
        raise UsageError("--rounds must be at least 2 (the intervals need two deals)")
    result = tournament(profile, levels, args.rounds, args.seed, args.playouts)
    names = [LETTERS[i] for i in range(n)]
    hands = args.rounds * n
    options = " ".join(f"--option {o}" for o in args.option)
    print(f"{profile.title}, {n} players, {args.rounds} deals x {n} seat rotations = {hands} rounds, seed {args.seed}, "
          f"expert playouts {args.playouts}{', ' + options if options else ''} ({result['seconds']:.0f}s)")
    print(f"{'player':<7}{'bot':<8}{'chips/round':>12}{'95% CI':>18}{'out first':>11}")
    for i in range(n):
        mean, half = _mean_ci(result["per_deal"][i])
        print(f"{names[i]:<7}{levels[i]:<8}{mean:>12.2f}{f'[{mean - half:.2f}, {mean + half:.2f}]':>18}{result['wins'][i] / hands:>11.1%}")
    if result["paired"]:
        print("paired differences, chips per round (same deals):")
        for (a, b), (mean, half) in result["paired"].items():
            verdict = "beats" if mean - half > 0 else ("loses to" if mean + half < 0 else "is not separated from")
            print(f"  {a} - {b}: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]  ({a} {verdict} {b})")
    return 0


def tournament(profile, levels: list[str], rounds: int, seed: int, playouts: int) -> dict:
    """``rounds`` deals, each played once per rotation of the seats by bots of ``levels``
    (one per player). Returns per player the mean net of each deal over its rotations
    (``per_deal``), how often each went out first (``wins``), the time taken, and for each
    pair of consecutive levels (expert, basic, random) the paired difference of their chips
    per round over the same deals with its 95% half-width (``paired``)."""
    n = len(levels)
    names = [LETTERS[i] for i in range(n)]
    per_deal: list[list[float]] = [[] for _ in range(n)]  # per player: mean net over the rotations of a deal
    wins = [0] * n
    rng = random.Random(seed)
    started = time.perf_counter()
    for deal_index in range(rounds):
        dealer = deal_index % n
        deal = deal_for(profile, rng, n, dealer)
        totals = [0.0] * n
        for shift in range(n):
            # player i sits at seat (i + shift) % n
            seat_of = [(i + shift) % n for i in range(n)]
            player_at = {seat: i for i, seat in enumerate(seat_of)}
            rnd = Round(profile, [names[player_at[s]] for s in range(n)], dealer, deal)
            bots = {s: make_bot(levels[player_at[s]], seed * 7919 + deal_index * 31 + s, playouts=playouts) for s in range(n)}
            while not rnd.over:
                seat = rnd.to_move()
                rnd.apply(bots[seat].choose(rnd, seat))
            net = rnd.results()["net"]
            for i in range(n):
                totals[i] += float(net[seat_of[i]])
            if rnd.winner is not None:
                wins[player_at[rnd.winner]] += 1
        for i in range(n):
            per_deal[i].append(totals[i] / n)
    # Paired differences between levels (same deals): the cleaner test of who is better.
    by_level: dict[str, list[int]] = {}
    for i, level in enumerate(levels):
        by_level.setdefault(level, []).append(i)
    ranked = [lv for lv in ("expert", "basic", "random") if lv in by_level]
    paired = {}
    for a, b in zip(ranked, ranked[1:]):
        diffs = [
            statistics.fmean(per_deal[i][d] for i in by_level[a]) - statistics.fmean(per_deal[j][d] for j in by_level[b])
            for d in range(rounds)
        ]
        paired[(a, b)] = _mean_ci(diffs)
    return {"per_deal": per_deal, "wins": wins, "seconds": time.perf_counter() - started, "paired": paired}


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


# ----- record -----------------------------------------------------------------------


def cmd_record(args, profile) -> int:
    names = [LETTERS[i] for i in range(args.players)]
    session = Session(profile, names, seed=args.seed)
    rnd = session.next_round()
    bots = {seat: make_bot(args.bot, args.seed * 100 + seat) for seat in range(args.players)}
    while not rnd.over:
        seat = rnd.to_move()
        rnd.apply(bots[seat].choose(rnd, seat))
    print(json.dumps(record(rnd, seed=args.seed), ensure_ascii=False, indent=1))
    return 0
