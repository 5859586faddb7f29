"""The fuzz harness: inputs for the replay loader, the CLI and every ``stops.web`` operation,
each run in a worker process that bounds its CPU time and its memory.

Every input must give a valid result or the engine's clean error (a ``StopsError`` whose
message, path and rule are printable; for the CLI one line ``stops: error: ...`` and exit
status 2; for ``web.call`` strict JSON ``{"ok": false, "error": {message, path, rule}}``).
Anything else is a *crash*; running out of the CPU budget is a *hang*; running out of the
memory budget is a *memory* failure.

Bounds that hold on a loaded machine: the time bound is **CPU time** of the worker (an
``ITIMER_PROF`` timer, which a busy neighbour does not advance), the memory bound an
``RLIMIT_AS`` on the worker's address space; a wall-clock watchdog many times the CPU bound
only catches a worker stuck where no signal is handled. A worker that dies or is killed is
replaced, and the input counted.

Inputs (:class:`Corpus`): mutations of every example replay (values swapped for huge
numbers, control characters, surrogates, deep nesting, other nodes; fields dropped; moves
repeated; bytes flipped, truncated, not UTF-8), session documents of the play page and their
mutations, and for every operation of ``stops.web.OPERATIONS`` arguments generated from its
signature (:data:`ARGUMENTS` holds per-parameter generators; an operation added later is
fuzzed through its parameter names, and :data:`OPERATION_ARGUMENTS` can give it its own).

Run ``python tests/fuzz/harness.py --worker`` to serve cases on stdin (one JSON line each).
"""

from __future__ import annotations

import base64
import inspect
import io
import json
import os
import random
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").rglob("*.json"))

CPU_SECONDS = 2.0  # the time bound of one input (CPU time)
MEMORY_MB = 768  # the memory bound of one input (address space above the worker's start)
WATCHDOG = 30.0  # wall-clock seconds before a silent worker is killed (a hang too)


# ----- the worker: runs one case, says what happened ------------------------------------


class CpuTimeout(BaseException):
    """The case used up its CPU time (a BaseException: engine code never catches it)."""


def _on_timer(signum, frame):
    raise CpuTimeout()


def _printable(text) -> bool:
    return isinstance(text, str) and text.isprintable()


def clean_error_problem(error: dict) -> str | None:
    """Why ``error`` (the JSON form) is not a clean engine error, or None."""
    from stops.profiles import RULES

    if not isinstance(error, dict) or set(error) != {"message", "path", "rule"}:
        return f"error shape {sorted(error) if isinstance(error, dict) else type(error).__name__}"
    if not _printable(error["message"]) or not error["message"]:
        return f"unprintable message {error['message']!r:.200}"
    if "this is a bug" in error["message"]:
        return f"engine bug: {error['message']}"
    if error["path"] is not None and not _printable(error["path"]):
        return f"unprintable path {error['path']!r:.200}"
    if error["rule"] is not None and error["rule"] not in RULES:
        return f"unknown rule {error['rule']!r}"
    return None


def _strict_json(text: str):
    def refuse(name):
        raise ValueError(f"{name} in the answer")

    return json.loads(text, parse_constant=refuse)


def run_replay(data) -> str:
    from stops.errors import StopsError
    from stops.replay import load_replay, result_json, walkthrough

    try:
        replay = load_replay(data)
        rnd, _ = replay.play()
        replay.settle(rnd)
        json.dumps(result_json(rnd), allow_nan=False)
        json.dumps(walkthrough(replay), allow_nan=False, ensure_ascii=False).encode("utf-8")
    except StopsError as error:
        problem = clean_error_problem(error.to_json())
        if problem:
            raise AssertionError(problem) from None
        return "clean"
    return "ok"


def run_cli(data: bytes, extra: list[str]) -> str:
    from stops import cli

    with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as handle:
        handle.write(data)
        path = handle.name
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr
    # A terminal's streams: UTF-8, strict (a lone surrogate cannot be printed).
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict")
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="strict")
    try:
        status = cli.main(["replay", path, *extra])
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
            stream.detach()
        sys.stdout, sys.stderr = saved
        os.unlink(path)
    text = err.getvalue().decode("utf-8")
    if status == 0:
        out.getvalue().decode("utf-8")
        return "ok"
    lines = text.splitlines()
    if status != 2 or len(lines) != 1 or not lines[0].startswith("stops: error: ") or not lines[0].isprintable():
        raise AssertionError(f"status {status}, stderr {text!r:.300}")
    return "clean"


def run_web(op: str, args_json: str) -> str:
    from stops import web

    text = web.call(op, args_json)
    answer = _strict_json(text)
    if answer.get("ok") is True and "result" in answer:
        returned_document_problem(answer["result"])
        return "ok"
    if answer.get("ok") is False:
        problem = clean_error_problem(answer.get("error"))
        if problem and "this is a bug" in problem:
            _reraise(op, args_json)  # the engine's own traceback, for the report
        if problem:
            raise AssertionError(problem)
        return "clean"
    raise AssertionError(f"answer {text[:200]!r}")


def returned_document_problem(result) -> None:
    """A session document the engine returns is one it accepts (closure), and reloading it gives
    the stage and the settlement the answer gave (a session that ends at a deal is settled)."""
    from stops import web

    if not isinstance(result, dict) or not isinstance(result.get("document"), dict) or "stage" not in result:
        return
    checked = _strict_json(web.call("check_document", json.dumps([result["document"]])))["result"]
    if not checked["valid"]:
        raise AssertionError(f"the engine refuses the document it returned: {checked['error']}")
    web.forget_tables()  # a replay from the document alone, not the table of this answer
    again = _strict_json(web.call("state", json.dumps([result["document"], None])))["result"]
    if (again["stage"], again["session_end"]) != (result["stage"], result["session_end"]):
        raise AssertionError(f"the answer says {result['stage']!r}, its document reloads as {again['stage']!r}")


def _reraise(op: str, args_json: str) -> None:
    """Run ``op`` again outside ``web.call``, so that the exception it swallowed propagates."""
    from stops import limits, web

    args = limits.loads(args_json)
    function = web.OPERATIONS[op]
    function(*args) if isinstance(args, list) else function(**args)


def run_case(case: dict) -> str:
    target = case["target"]
    if target == "replay":
        data = base64.b64decode(case["bytes"]) if "bytes" in case else case["data"]
        return run_replay(data)
    if target == "cli":
        return run_cli(base64.b64decode(case["bytes"]), case.get("args", []))
    if target == "web":
        return run_web(case["op"], case["args"])
    if target == "selftest":  # inputs that prove the bounds are enforced
        if case["kind"] == "spin":
            while True:
                pass
        if case["kind"] == "allocate":
            hoard = []
            while True:
                hoard.append(bytearray(2**24))
        if case["kind"] == "raise":
            raise KeyError("an engine bug")
        if case["kind"] == "die":
            os._exit(3)
        return "ok"
    raise ValueError(f"unknown target {target!r}")


def worker(cpu_seconds: float = CPU_SECONDS, memory_mb: int = MEMORY_MB) -> None:
    """Serve cases from stdin, one JSON line each; answer one JSON line each."""
    sys.path.insert(0, str(REPO / "engine"))
    sys.setrecursionlimit(10_000)
    import stops.cli, stops.web, stops.replay  # noqa: E401,F401  (loaded before the memory limit)

    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * resource.getpagesize()
    limit = size + memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGPROF, _on_timer)
    out = sys.stdout
    for line in sys.stdin:
        case = json.loads(line)
        started = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
        try:
            outcome, detail = run_case(case), ""
        except CpuTimeout:
            outcome, detail = "hang", f"over {cpu_seconds}s of CPU"
        except MemoryError:
            outcome, detail = "memory", f"over {memory_mb} MB"
        except BaseException as error:  # noqa: BLE001 -- every other exception is a crash to report
            outcome = "crash"
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()[:500]
            detail += " | " + " < ".join(f"{Path(f.filename).name}:{f.lineno}" for f in traceback.extract_tb(error.__traceback__)[-4:])
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        out.write(json.dumps({"outcome": outcome, "detail": detail, "cpu": time.process_time() - started}) + "\n")
        out.flush()


# ----- the parent: a pool of one worker, restarted when it dies ---------------------------


class Runner:
    """Runs cases in a worker subprocess and tallies the outcomes."""

    def __init__(self, cpu_seconds: float = CPU_SECONDS, memory_mb: int = MEMORY_MB, watchdog: float = WATCHDOG):
        self.args = [sys.executable, str(Path(__file__).resolve()), "--worker", str(cpu_seconds), str(memory_mb)]
        self.watchdog = watchdog
        self.proc = None
        self.counts = {"ok": 0, "clean": 0, "crash": 0, "hang": 0, "memory": 0}
        self.failures: list[tuple[dict, dict]] = []

    def _start(self):
        env = dict(os.environ, PYTHONPATH=str(REPO / "engine"), PYTHONHASHSEED="0")
        self.proc = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True,
                                     encoding="utf-8", bufsize=1)

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def run(self, case: dict) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(case) + "\n")
            self.proc.stdin.flush()
            ready, _, _ = select.select([self.proc.stdout], [], [], self.watchdog)
            line = self.proc.stdout.readline() if ready else ""
        except BrokenPipeError:
            ready, line = True, ""
        if line:
            result = json.loads(line)
        else:
            timed_out = not ready  # else the worker closed its output: it died
            if not timed_out:
                self.proc.wait(timeout=10)
            code = self.proc.poll()
            self.close()
            result = {"outcome": "hang" if timed_out else ("memory" if code == -signal.SIGKILL else "crash"),
                      "detail": f"no answer within {self.watchdog}s" if timed_out else f"worker died ({code})", "cpu": None}
        if result["outcome"] in ("crash", "hang", "memory"):
            self.failures.append((case, result))
            self.close()  # a fresh worker for the next case
        self.counts[result["outcome"]] += 1
        return result

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ----- inputs -----------------------------------------------------------------------------

HUGE = ["1e5000", "1e100000000", "9" * 5000, 10**15, -(10**15), 2**63, "7/0", "1/3", "-5", "0x10", " 3 ", "∞"]
# Fractions with large denominators (primes near the limit of 10⁹: sums of two pass 2⁵³), and
# amounts at the limits (issue 25).
FRACTIONS = ["1/999999937", "1/999999929", "999999999/999999893", "-7/999999883", "2/3", "10/3",
             "1000000000000000/999999937", "999999999999999", 10**9, "1" + "0" * 15 + "/1", "1/1000000001"]
# Texts that are worst for a check that reads before parsing: long runs of escapes, strings
# without their closing quote.
ESCAPES = ['"' + '\\"' * 4000, '\\' * 8000, '"' + "\\u00" * 2000, '"abc', '["' + '", "\\' * 2000]
TEXTS = ["", "\n", "\x1b[31m", "\udc80", "\ud800x", "\u202e", "\x00", "A\nB", "é" * 50, "x" * 2000, "♦", "9♦", "10♦",
         "TD", "A", "B", "Z", "widow", "kitty", "pot", "NaN"]
SCALARS = [None, True, False, 0, 1, -1, 2, 1.0, 0.5, 1e308, -0.0, *HUGE, *FRACTIONS, *TEXTS]


def examples() -> list[dict]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in EXAMPLES]


def _nodes(value, path=()):
    """Every (path, node) of a JSON value."""
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _nodes(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _nodes(child, path + (index,))


def _set(doc, path, value):
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def _delete(doc, path):
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    return doc


def deep(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def random_value(rng: random.Random, pool: list, depth: int = 0):
    """A scalar, another node of the corpus, or a small random container."""
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(SCALARS)
    if roll < 0.75 and pool:
        return json.loads(json.dumps(rng.choice(pool)))
    if roll < 0.8:
        return deep(rng.choice([3, 17, 40, 400]))
    if depth < 2 and roll < 0.9:
        return [random_value(rng, pool, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 2:
        return {rng.choice(TEXTS + ["player", "bid", "play", "pass", "redeal", "hands"]): random_value(rng, pool, depth + 1)
                for _ in range(rng.randrange(3))}
    return rng.choice(SCALARS)


def mutate_value(doc, rng: random.Random, pool: list, steps: int):
    """``doc`` with ``steps`` random structural changes."""
    doc = json.loads(json.dumps(doc))
    for _ in range(steps):
        nodes = list(_nodes(doc))
        path, node = rng.choice(nodes)
        roll = rng.random()
        if roll < 0.5 or not path:
            doc = _set(doc, path, random_value(rng, pool))
        elif roll < 0.65:
            doc = _delete(doc, path)
        elif roll < 0.8 and isinstance(node, list) and node:
            node.extend(json.loads(json.dumps(rng.choice(node))) for _ in range(rng.choice([1, 2, 30, 300])))
        elif roll < 0.9 and isinstance(node, dict):
            node[rng.choice(TEXTS + ["session_end", "position", "deal", "board", "balances", "options", "phase", "last"])] = random_value(rng, pool)
        elif isinstance(node, list) and len(node) > 1:
            rng.shuffle(node)
        else:
            doc = _set(doc, path, random_value(rng, pool))
    return doc


def with_fractional_chips(doc: dict, rng: random.Random) -> dict:
    """``doc`` with finite stacks and fractional chips: balances just below an ante, sections
    over large denominators (an ante capped at a fractional stack; issue 25)."""
    from stops.profiles import PROFILES

    doc = json.loads(json.dumps(doc))
    game = doc.get("game")
    if game not in PROFILES or not isinstance(doc.get("players"), list):
        return doc
    profile = PROFILES[game]
    if "bankroll" in {option.name for option in profile.options}:
        doc["options"] = dict(doc.get("options") or {}, bankroll="chips")
    doc["balances"] = {name: rng.choice(FRACTIONS[:6] + [f"{rng.randrange(1, 40)}/3"]) for name in doc["players"]
                       if isinstance(name, str) and rng.random() < 0.6}
    try:
        sections = profile.section_ids()
    except Exception:  # noqa: BLE001 -- a profile that cannot say: leave the board
        return doc
    doc["board"] = {sid: rng.choice(FRACTIONS) for sid in sections if rng.random() < 0.5}
    return doc


def mutate_text(text: str, rng: random.Random) -> bytes:
    data = bytearray(text.encode("utf-8", errors="surrogatepass"))
    roll = rng.random()
    if not data:
        return bytes(rng.randrange(256) for _ in range(8))
    if roll < 0.3:
        for _ in range(rng.randrange(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif roll < 0.5:
        data = data[: rng.randrange(len(data))]
        if rng.random() < 0.3:  # cut inside a string, then a long run of escaped quotes: no closing quote
            data += b'"' + b'\\"' * rng.choice([10, 1000, 40_000])
    elif roll < 0.7:
        at = rng.randrange(len(data))
        data[at:at] = rng.choice([b"[" * 5000, b"{\"a\":" * 100, b"\xff\xfe", b"\xed\xb2\x80", b"1e99999", b"NaN", b"\x00", "\u2028".encode(),
                                  *(text.encode() for text in ESCAPES)])
    else:
        at = rng.randrange(len(data))
        data[at:at] = data[: rng.randrange(min(len(data), 4000))]
    return bytes(data)


class Corpus:
    """Documents and moves to draw from: the examples, session documents, their parts."""

    def __init__(self, seed: int = 0):
        from stops import web
        from stops.profiles import PROFILES

        self.rng = random.Random(seed)
        self.replays = examples()
        self.sessions = []
        # A session of every registered game (three or four players, in turn), so that a new game
        # is fuzzed the day it is registered.
        for number, game in enumerate(sorted(PROFILES)):
            profile = PROFILES[game]
            players = ["Ana", "Ben", "Cleo", "Dev"][: max(profile.min_players, min(profile.max_players, 3 + number % 2))]
            setup = {"game": game, "players": players, "bots": {p: "basic" for p in players[1:]}, "seed": 5}
            answer = json.loads(web.call("new_session", json.dumps([setup, None])))
            if answer["ok"]:
                self.sessions.append(answer["result"]["document"])
        # A session that ends at a deal: Pope Joan, the Pope turned up winning the only round (issue 25).
        pope = {"game": "pope_joan", "players": ["Ana", "Ben", "Cleo"], "bots": {"Ben": "basic", "Cleo": "basic"}, "seed": 30,
                "dealer": "Ana", "length": 1, "options": {"pope_turnup": "wins-round"}}
        answer = json.loads(web.call("new_session", json.dumps([pope, None])))
        if answer["ok"]:
            self.sessions.append(answer["result"]["document"])
            # and one whose next request deals the round that ends the session at its deal
            self.sessions.append(dict(answer["result"]["document"], rounds=[]))
        self.setups = [{"game": g, "players": ["Ana", "Ben", "Cleo", "Dev"][: max(3, PROFILES[g].min_players)], "seed": 3}
                       for g in sorted(PROFILES)]
        self.setups.append(pope)
        self.moves = [m for doc in self.replays for m in doc.get("moves", [])]
        self.pool = [node for doc in self.replays for _, node in _nodes(doc)][:5000]

    def document(self, rng: random.Random, sessions: bool = False):
        """A document: an example or a session, mutated (or not), as a value."""
        base = rng.choice(self.sessions if sessions and self.sessions else self.replays)
        if rng.random() < 0.15:
            base = with_fractional_chips(base, rng)
        return mutate_value(base, rng, self.pool, rng.choice([0, 1, 1, 2, 3, 5]))

    def text(self, rng: random.Random, sessions: bool = False) -> str | bytes:
        doc = self.document(rng, sessions)
        text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
        return mutate_text(text, rng) if rng.random() < 0.25 else text

    def move(self, rng: random.Random):
        if rng.random() < 0.6:
            return mutate_value(rng.choice(self.moves), rng, self.pool, rng.choice([0, 0, 1, 2]))
        return random_value(rng, self.pool)


def _doc_arg(corpus, rng, sessions):
    value = corpus.text(rng, sessions)
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="surrogateescape")
    return value if rng.random() < 0.7 else json.loads(json.dumps(corpus.document(rng, sessions)))


def _pick(*choices):
    return lambda corpus, rng, op: rng.choice(choices)


# Per-parameter generators, by name: fn(corpus, rng, op) -> a JSON value.
ARGUMENTS = {
    "doc_json": lambda corpus, rng, op: _doc_arg(corpus, rng, op not in ("walkthrough", "branch")),
    "move_json": lambda corpus, rng, op: json.dumps(corpus.move(rng)) if rng.random() < 0.7 else corpus.move(rng),
    "setup_json": lambda corpus, rng, op: mutate_value(rng.choice(corpus.setups), rng, corpus.pool, rng.choice([0, 1, 2])),
    "step": lambda corpus, rng, op: rng.choice([0, 1, 2, 3, 5, 8, -1, 10**6, True, None, "1", 1.5]),
    "round": lambda corpus, rng, op: rng.choice([0, 1, 2, -1, 10**9, None, True, "0"]),
    "seat": _pick(None, "Ana", "Ben", "A", "B", "Z", 0, "\udc80", ""),
    "bot": _pick("basic", "random", "basic", "random", "expert", "genius", None, 3),
    "seed": lambda corpus, rng, op: rng.choice([0, 1, 7, -3, 2**53, 2**64, 1.5, None, True, "7"]),
    "playouts": _pick(1, 2, 5, 20, 0, -1, 10**9, None, True, "5"),
}
# Whole argument lists for an operation that needs more than its parameter names say.
OPERATION_ARGUMENTS: dict = {}


def web_arguments(op: str, corpus: Corpus, rng: random.Random):
    """Arguments for ``op``: its own generator, else one value per parameter of its signature
    (sometimes fewer, more, by keyword or of a wrong type)."""
    from stops import web

    if op in OPERATION_ARGUMENTS:
        return OPERATION_ARGUMENTS[op](corpus, rng)
    params = list(inspect.signature(web.OPERATIONS[op]).parameters.values())
    values = {}
    for param in params:
        if param.default is not inspect.Parameter.empty and rng.random() < 0.3:
            continue
        generate = ARGUMENTS.get(param.name)
        values[param.name] = generate(corpus, rng, op) if generate else random_value(rng, corpus.pool)
    roll = rng.random()
    if roll < 0.05:
        return random_value(rng, corpus.pool)
    if roll < 0.35:
        return values
    args = list(values.values())
    if roll < 0.4:
        args.append(random_value(rng, corpus.pool))
    return args


def web_case(op: str, corpus: Corpus, rng: random.Random) -> dict:
    args = web_arguments(op, corpus, rng)
    text = json.dumps(args, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.03:
        text = mutate_text(text, rng).decode("utf-8", errors="surrogateescape")
    return {"target": "web", "op": op, "args": text}


def cases(corpus: Corpus, rng: random.Random, operations: list[str] | None = None):
    """An endless stream of cases over every target and every web operation (or only these)."""
    from stops import web

    only = operations is not None
    operations = operations or list(web.OPERATIONS)
    while True:
        roll = 1.0 if only else rng.random()
        if roll < 0.3:
            value = corpus.text(rng)
            yield {"target": "replay", "bytes": base64.b64encode(value if isinstance(value, bytes) else value.encode("utf-8", errors="surrogatepass")).decode()}
        elif roll < 0.4:
            value = corpus.text(rng)
            data = value if isinstance(value, bytes) else value.encode("utf-8", errors="surrogatepass")
            yield {"target": "cli", "bytes": base64.b64encode(data).decode(), "args": rng.choice([[], ["--json"]])}
        else:
            yield web_case(rng.choice(operations), corpus, rng)


def run(minutes: float | None = None, inputs: int | None = None, seed: int = 0, report=print,
        save: str | None = None, operations: list[str] | None = None) -> Runner:
    """Fuzz for ``minutes`` (wall clock) or ``inputs`` cases; returns the runner with its counts.
    Every failing input is appended whole to the file ``save`` (one JSON line each)."""
    corpus = Corpus(seed)
    rng = random.Random(seed)
    stream = cases(corpus, rng, operations)
    deadline = None if minutes is None else time.monotonic() + minutes * 60
    tried = 0
    next_report = time.monotonic() + 30
    with Runner() as runner:
        while (inputs is None or tried < inputs) and (deadline is None or time.monotonic() < deadline):
            case = next(stream)
            result = runner.run(case)
            tried += 1
            if result["outcome"] in ("crash", "hang", "memory"):
                report(f"{result['outcome']}: {result['detail']}\n  input: {json.dumps(case)[:300]}")
                if save:
                    with open(save, "a", encoding="utf-8") as handle:
                        handle.write(json.dumps({"case": case, "result": result}) + "\n")
            if time.monotonic() > next_report:
                next_report += 30
                report(summary(runner, tried))
    return runner


def summary(runner: Runner, tried: int | None = None) -> str:
    c = runner.counts
    tried = sum(c.values()) if tried is None else tried
    return (f"inputs tried: {tried}  valid results: {c['ok']}  clean errors: {c['clean']}  "
            f"crashes: {c['crash']}  hangs: {c['hang']}  memory: {c['memory']}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(*(float(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else ())
    else:
        import argparse

        parser = argparse.ArgumentParser(description="Fuzz the replay loader, the CLI and every stops.web operation.")
        parser.add_argument("--minutes", type=float, default=1.0)
        parser.add_argument("--inputs", type=int, default=None, help="stop after this many inputs")
        parser.add_argument("--seed", type=int, default=int(time.time()))
        parser.add_argument("--save", default="fuzz-failures.jsonl", help="append each failing input here (JSON lines)")
        parser.add_argument("--op", action="append", default=None, help="fuzz only this web operation (repeatable)")
        options = parser.parse_args()
        sys.path.insert(0, str(REPO / "engine"))
        print(f"fuzzing for {options.minutes} minutes, seed {options.seed}", flush=True)
        runner = run(options.minutes, options.inputs, options.seed, report=lambda line: print(line, flush=True),
                     save=options.save, operations=options.op)
        print(summary(runner))
        sys.exit(1 if runner.failures else 0)
