// The widget's pure models under Node (no DOM): the stepper's book line and variations,
// the round's ledger, and the engine client's request life cycle with a fake worker.
// Run by tests/site/test_widget_models.py, which passes the engine's real walkthrough and
// branch answers in $STOPS_WIDGET_FIXTURES (a JSON file).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { EngineClient, fetchAhead, timeScale } from "../../site/static/engine/client.mjs";
import { ledger, chips, add, format } from "../../site/static/model/ledger.mjs";
import * as S from "../../site/static/model/stepper.mjs";

const fixtures = JSON.parse(readFileSync(process.env.STOPS_WIDGET_FIXTURES, "utf8"));
const { walk, branchAt0, branchOfBranch } = fixtures;
const total = walk.steps.length;

test("stepping stays within the line: first, previous at the start, next and last at the end", () => {
  let s = S.createStepper(walk);
  assert.equal(S.current(s).index, 0);
  assert.equal(S.go(s, "prev"), s, "previous at the start changes nothing");
  s = S.go(s, "next");
  assert.equal(S.current(s).index, 1);
  assert.deepEqual(S.current(s).step, walk.steps[0]);
  s = S.go(s, "last");
  assert.equal(S.current(s).index, total);
  assert.equal(S.go(s, "next"), s, "next at the end changes nothing");
  assert.equal(S.current(S.go(s, "first")).index, 0);
  assert.equal(S.current(S.createStepper(walk, 999)).index, total, "a start step past the end opens at the end");
});

test("the alternatives at a position are the legal moves but the one the line plays", () => {
  const s = S.createStepper(walk);
  const legal = walk.start.view.legal;
  const alternatives = S.alternatives(s);
  assert.equal(alternatives.length, legal.length - 1);
  assert.ok(!alternatives.some((m) => S.sameMove(m, walk.steps[0].move)));
  assert.deepEqual(S.alternatives(S.go(s, "last")), [], "no alternative at the end of the round");
});

test("a variation keeps the book line: its early positions are the book's, its later ones its own", () => {
  let s = S.createStepper(walk);
  const move = branchAt0.steps[0].move;
  s = S.addBranch(s, 0, 0, move, branchAt0);
  const now = S.current(s);
  assert.equal(now.book, false);
  assert.equal(now.index, 1);
  assert.deepEqual(now.view, branchAt0.steps[0].view);
  assert.equal(now.total, branchAt0.steps.length);
  assert.deepEqual(S.viewAt(s, now.line, 0), walk.start.view);
  // The book line is still whole.
  assert.equal(S.lineLength(s, 0), total);
  assert.deepEqual(S.movesTo(s, 0, total), walk.steps.map((step) => step.move));
  // Stepped to the end, the variation ends where the engine's answer ends.
  s = S.go(s, "last");
  assert.deepEqual(S.current(s).view, branchAt0.steps.at(-1).view);
  assert.ok(S.current(s).view.over);
});

test("asking again for a variation the study holds shows it without adding a line", () => {
  let s = S.addBranch(S.createStepper(walk), 0, 0, branchAt0.steps[0].move, branchAt0);
  const lines = s.lines.length;
  s = S.backToBook(s);
  s = S.addBranch(s, 0, 0, branchAt0.steps[0].move, null);
  assert.equal(s.lines.length, lines);
  assert.equal(S.current(s).book, false);
  // The book's own move is the book line, not a variation.
  assert.deepEqual(S.findBranch(s, 0, 0, walk.steps[0].move), { id: 0, existing: "line" });
});

test("a variation of a variation leaves its parent where it was asked, and back to the book returns", () => {
  let s = S.addBranch(S.createStepper(walk), 0, 0, branchAt0.steps[0].move, branchAt0);
  const first = s.line;
  const at = branchOfBranch.at;
  s = S.goTo(s, at);
  s = S.addBranch(s, first, at, branchOfBranch.answer.steps[0].move, branchOfBranch.answer);
  const second = s.line;
  assert.notEqual(second, first);
  const listed = S.variations(s);
  assert.deepEqual(listed.map((v) => [v.id, v.parent, v.depth]), [[first, 0, 1], [second, first, 2]]);
  assert.deepEqual(S.movesTo(s, second, at), S.movesTo(s, first, at), "the variation shares its parent's moves up to its start");
  s = S.backToBook(s);
  assert.equal(S.current(s).book, true);
  assert.equal(S.current(s).index, 0, "back at the position where the first variation left the book");
});

test("a variation must start with the chosen move at a real decision", () => {
  const s = S.createStepper(walk);
  assert.throws(() => S.addBranch(s, 0, 0, walk.start.view.legal[0], { ...branchAt0, steps: [] }), /no steps/);
  assert.throws(() => S.addBranch(s, 0, total, branchAt0.steps[0].move, branchAt0), /no decision/);
  const other = walk.start.view.legal.find((m) => !S.sameMove(m, branchAt0.steps[0].move) && !S.sameMove(m, walk.steps[0].move));
  assert.throws(() => S.addBranch(s, 0, 0, other, branchAt0), /does not start with the chosen move/);
});

test("a shipped answer is found by its step and move, whatever the order of the move's fields, and only for the widget's bot and seed", () => {
  const move = branchAt0.branch.move;
  const file = { format: "stops-what-if", bot: "basic", seed: 0, step: 0, answers: [branchAt0] };
  const found = S.shippedAnswers(file, { step: 0, bot: "basic", seed: 0 });
  const reordered = Object.fromEntries(Object.entries(move).reverse());
  assert.equal(found.get(S.moveKey(reordered)), branchAt0);
  assert.equal(found.get(S.moveKey(walk.steps[0].move)), undefined, "the book's own move has no answer");
  assert.equal(S.shippedAnswers(file, { step: 0, bot: "expert", seed: 0 }).size, 0, "another bot plays another line");
  assert.equal(S.shippedAnswers(file, { step: 0, bot: "basic", seed: 7 }).size, 0, "another seed too");
  assert.equal(S.shippedAnswers(file, { step: 1, bot: "basic", seed: 0 }).size, 0, "another step's file");
  assert.equal(S.shippedAnswers({ ...file, format: "stops-replay" }, { step: 0, bot: "basic" }).size, 0);
  assert.equal(S.shippedAnswers(null, { step: 0, bot: "basic" }).size, 0);
  // Drawn as the engine's own answer: the same line as a live branch.
  const s = S.addBranch(S.createStepper(walk), 0, 0, move, found.get(S.moveKey(move)));
  assert.deepEqual(S.current(S.go(s, "last")).view, branchAt0.steps.at(-1).view);
});

test("deep links name the example and the step, and nothing else", () => {
  assert.equal(S.stepHash("nine-of-diamonds", 3), "#nine-of-diamonds/3");
  assert.equal(S.parseStepHash("#nine-of-diamonds/3", "nine-of-diamonds"), 3);
  assert.equal(S.parseStepHash("#full-hand/3", "nine-of-diamonds"), null);
  assert.equal(S.parseStepHash("#nine-of-diamonds", "nine-of-diamonds"), null);
  assert.equal(S.parseStepHash("#nine-of-diamonds/x", "nine-of-diamonds"), null);
});

test("the ledger adds up at every step: the players' net and the board sum to what the board held before", () => {
  const players = walk.start.view.players.map((p) => p.name);
  const events = [...walk.start.events];
  const check = (view) => {
    const book = ledger(events, players, view.board);
    assert.equal(format(book.balance), "0");
    for (const row of book.rows) {
      const seat = view.players.find((p) => p.name === row.name);
      assert.equal(format(row.net), format(chips(seat.balance)), `${row.name}'s net is their balance`);
    }
  };
  check(walk.start.view);
  for (const step of walk.steps) {
    events.push(...step.events);
    check(step.view);
  }
});

test("chip amounts add exactly, fractions included", () => {
  assert.equal(format(add(chips("1/3"), chips("2/3"))), "1");
  assert.equal(format(add(chips(-2), chips("1/2"))), "-3/2");
  assert.throws(() => chips("two"), /not an amount/);
});

// ----- the engine client, with a fake worker and a fake clock ---------------------------

class FakeClock {
  constructor() {
    this.now = 0;
    this.timers = new Map();
    this.next = 1;
  }
  setTimeout(fn, ms) {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(id) {
    this.timers.delete(id);
  }
  advance(ms) {
    this.now += ms;
    for (const [id, timer] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= this.now && this.timers.has(id)) {
        this.timers.delete(id);
        timer.fn();
      }
    }
  }
}

class FakeWorker {
  constructor() {
    this.listeners = {};
    this.posted = [];
    this.terminated = false;
  }
  addEventListener(type, fn) {
    (this.listeners[type] ??= []).push(fn);
  }
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  emit(type, data) {
    for (const fn of this.listeners[type] ?? []) fn(type === "message" ? { data } : data);
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function client(options = {}) {
  const clock = new FakeClock();
  const workers = [];
  const engine = new EngineClient({ makeWorker: () => workers.at(-1 + workers.push(new FakeWorker())), clock, timeout: 1000,
    stallTimeout: 500, startTimeout: 3000, ...options });
  return { engine, clock, workers };
}

test("the worker starts on the first request, not before, and answers by request id", async () => {
  const { engine, workers } = client();
  assert.equal(workers.length, 0);
  const a = engine.request("walkthrough", ["a"]);
  const b = engine.request("walkthrough", ["b"]);
  assert.equal(workers.length, 1);
  workers[0].emit("message", { type: "ready" });
  await flush();
  const [first, second] = workers[0].posted;
  workers[0].emit("message", { id: second.id, ok: true, result: "B" });
  workers[0].emit("message", { id: first.id, ok: false, error: { message: "bad move", path: "moves[2]", rule: null } });
  assert.equal(await b, "B");
  await assert.rejects(a, (error) => error.message === "bad move" && error.path === "moves[2]" && error.kind === "engine");
});

test("a newer request of the same key aborts the older one", async () => {
  const { engine, workers } = client();
  const old = engine.request("branch", [1], { key: "w:branch" });
  const fresh = engine.request("branch", [2], { key: "w:branch" });
  await assert.rejects(old, (error) => error.kind === "abort");
  workers[0].emit("message", { type: "ready" });
  await flush();
  const id = workers[0].posted.at(-1).id;
  workers[0].emit("message", { id, ok: true, result: 2 });
  assert.equal(await fresh, 2);
});

test("a request that never answers times out, ends the worker and rejects every pending request", async () => {
  const { engine, clock, workers } = client();
  const a = engine.request("hint", []);
  const b = engine.request("branch", []);
  workers[0].emit("message", { type: "ready" });
  await flush();
  clock.advance(1001);
  await assert.rejects(a, (error) => error.kind === "timeout");
  await assert.rejects(b, (error) => error.kind === "timeout");
  assert.ok(workers[0].terminated);
  assert.equal(engine.status.state, "failed");
  // The next request is the retry: a new worker.
  const c = engine.request("hint", []);
  assert.equal(workers.length, 2);
  workers[1].emit("message", { type: "ready" });
  await flush();
  workers[1].emit("message", { id: workers[1].posted[0].id, ok: true, result: "ok" });
  assert.equal(await c, "ok");
});

test("the time scale stretches every limit, a request's own timeout too; a page's scale comes from the global", async () => {
  const { engine, clock, workers } = client({ scale: 4 });
  const load = engine.request("hint", [], { timeout: 250 });
  clock.advance(1999); // the stall limit, 500 ms, is now 2 s
  assert.equal(engine.status.state, "loading");
  workers[0].emit("message", { type: "ready" });
  await flush();
  clock.advance(999); // the request's 250 ms are 1 s
  assert.equal(engine.status.state, "ready");
  clock.advance(2);
  await assert.rejects(load, (error) => error.kind === "timeout" && /within 1 s/.test(error.message));
  assert.equal(timeScale({ stopsEngineTimeScale: 3 }), 3);
  for (const wrong of [undefined, 0, -2, "x", Infinity]) assert.equal(timeScale({ stopsEngineTimeScale: wrong }), 1);
});

test("a load that stops moving fails after the stall time; progress keeps it alive", async () => {
  const { engine, clock, workers } = client();
  const seen = [];
  engine.subscribe((status) => seen.push(status));
  const a = engine.request("hint", []);
  clock.advance(400);
  workers[0].emit("message", { type: "progress", loaded: 1000, total: 5000 });
  clock.advance(400);
  assert.equal(engine.status.state, "loading");
  assert.equal(engine.status.loaded, 1000);
  clock.advance(101);
  await assert.rejects(a, (error) => error.kind === "load" && /did not load/.test(error.message));
  assert.ok(workers[0].terminated);
  assert.ok(seen.some((s) => s.state === "failed"));
});

test("once every file has arrived, starting Python may take longer than a stall, but not forever", async () => {
  const { engine, clock, workers } = client();
  const a = engine.request("hint", []);
  workers[0].emit("message", { type: "progress", loaded: 5000, total: 5000, pending: 0 });
  clock.advance(2000); // past the stall time: the CPU is working
  assert.equal(engine.status.state, "loading");
  clock.advance(1001);
  await assert.rejects(a, (error) => error.kind === "load" && /did not start/.test(error.message));
});

test("a worker that crashes or fails to start rejects what is pending with its reason", async () => {
  const { engine, workers } = client();
  const a = engine.request("hint", []);
  workers[0].emit("message", { type: "init-error", error: { message: "python_stdlib.zip: HTTP 404", path: null, rule: null } });
  await assert.rejects(a, (error) => error.kind === "load" && /HTTP 404/.test(error.message));
  const b = engine.request("hint", []);
  workers[1].emit("message", { type: "ready" });
  await flush();
  workers[1].emit("error", { message: "out of memory", preventDefault() {} });
  await assert.rejects(b, (error) => error.kind === "crash" && /out of memory/.test(error.message));
});

test("the engine is fetched ahead only where the connection allows: never to save data or on a 2G line", async () => {
  const line = (connection) => ({ connection });
  assert.equal(fetchAhead({}), true, "a browser that says nothing of its line");
  assert.equal(fetchAhead(line({ effectiveType: "4g", saveData: false })), true);
  assert.equal(fetchAhead(line({ effectiveType: "3g" })), true);
  assert.equal(fetchAhead(line({ effectiveType: "4g", saveData: true })), false);
  assert.equal(fetchAhead(line({ effectiveType: "2g" })), false);
  assert.equal(fetchAhead(line({ effectiveType: "slow-2g" })), false);
  const { engine, workers } = client();
  assert.equal(engine.prefetch(line({ saveData: true })), false);
  assert.equal(workers.length, 0, "no worker while the reader saves data");
  // Asked for, the engine starts whatever the line.
  const asked = engine.request("hint", []);
  assert.equal(workers.length, 1);
  workers[0].emit("message", { type: "ready" });
  await flush();
  workers[0].emit("message", { id: workers[0].posted[0].id, ok: true, result: "ok" });
  assert.equal(await asked, "ok");
});

test("a prefetch starts the worker once; its failure is quiet and the next request starts a new one", async () => {
  const { engine, workers } = client();
  assert.equal(engine.prefetch(line4g()), true);
  assert.equal(engine.prefetch(line4g()), true);
  assert.equal(workers.length, 1);
  workers[0].emit("message", { type: "init-error", error: { message: "pyodide.asm.wasm: HTTP 503", path: null, rule: null } });
  await flush();
  assert.equal(engine.status.state, "failed");
  const asked = engine.request("hint", []);
  assert.equal(workers.length, 2, "the request is the retry: a new worker");
  workers[1].emit("message", { type: "ready" });
  await flush();
  workers[1].emit("message", { id: workers[1].posted[0].id, ok: true, result: "ok" });
  assert.equal(await asked, "ok");
});

function line4g() {
  return { connection: { effectiveType: "4g", saveData: false } };
}

test("every position of every line has an address that names its branches and finds the same line again", () => {
  let s = S.addBranch(S.createStepper(walk), 0, 0, branchAt0.steps[0].move, branchAt0);
  const first = s.line;
  s = S.goTo(s, branchOfBranch.at);
  s = S.addBranch(s, first, branchOfBranch.at, branchOfBranch.answer.steps[0].move, branchOfBranch.answer);
  const path = S.linePath(s);
  assert.deepEqual(path, [{ at: 0, move: branchAt0.steps[0].move }, { at: branchOfBranch.at, move: branchOfBranch.answer.steps[0].move }]);
  for (let index = 0; index <= S.lineLength(s); index += 1) {
    const hash = S.pathHash("nine-of-diamonds", path, index);
    assert.match(hash, /^#nine-of-diamonds\/0~[\w-]+\/\d+~[\w-]+\/\d+$/);
    const parsed = S.parsePathHash(hash, "nine-of-diamonds");
    assert.deepEqual(parsed, { path, index });
    assert.equal(S.lineOfPath(s, parsed.path), s.line);
  }
  // The book line's address is its step alone, as before.
  assert.equal(S.pathHash("nine-of-diamonds", [], 3), S.stepHash("nine-of-diamonds", 3));
  assert.deepEqual(S.parsePathHash("#nine-of-diamonds/3", "nine-of-diamonds"), { path: [], index: 3 });
  assert.equal(S.lineOfPath(S.createStepper(walk), path), null, "a study without the variation does not hold it yet");
});

test("an address beyond the limits, cut short or naming another example opens nothing", () => {
  const move = S.pathHash("x", [{ at: 0, move: { play: "8♥" } }], 1).split("/")[1];
  for (const hash of ["#nine-of-diamonds", "#other/3", "#nine-of-diamonds/x", "#nine-of-diamonds/0~/1", "#nine-of-diamonds/0~!!/1",
    `#nine-of-diamonds/${move}`, `#nine-of-diamonds/2000~${move.split("~")[1]}/1`, "#nine-of-diamonds/0~WzFd/1" /* [1]: not a move */,
    `#nine-of-diamonds/${Array(S.MAX_BRANCHES + 1).fill(move).join("/")}/3`]) {
    assert.equal(S.parsePathHash(hash, "nine-of-diamonds"), null, hash);
  }
  assert.notEqual(S.parsePathHash(`#nine-of-diamonds/${Array(S.MAX_BRANCHES).fill(move).join("/")}/3`, "nine-of-diamonds"), null);
  const long = S.pathHash("nine-of-diamonds", [{ at: 0, move: { note: "x".repeat(S.MAX_MOVE_TEXT) } }], 1);
  assert.equal(S.parsePathHash(long, "nine-of-diamonds"), null, "a move's text beyond MAX_MOVE_TEXT");
});

test("the pages' one retry policy asks once more after a failed load, crash or hang, and never after the engine's own answer", async () => {
  const { requestRetried, EngineError: Failure } = await import("../../site/static/engine/client.mjs");
  const engine = (failures) => {
    const seen = { calls: 0 };
    seen.request = async () => {
      seen.calls += 1;
      const kind = failures[seen.calls - 1];
      if (kind) throw new Failure(kind, { kind });
      return "answer";
    };
    return seen;
  };
  for (const kind of ["load", "crash", "timeout"]) {
    const once = engine([kind]);
    assert.equal(await requestRetried(once, "state", []), "answer");
    assert.equal(once.calls, 2, kind);
    const twice = engine([kind, kind]);
    await assert.rejects(requestRetried(twice, "state", []), (error) => error.kind === kind);
    assert.equal(twice.calls, 2, `${kind}: asked once more, not again`);
  }
  for (const kind of ["engine", "abort"]) {
    const final = engine([kind]);
    await assert.rejects(requestRetried(final, "apply", []), (error) => error.kind === kind);
    assert.equal(final.calls, 1, `${kind} is final`);
  }
  const stale = engine(["load"]);
  await assert.rejects(requestRetried(stale, "state", [], {}, { still: () => false }));
  assert.equal(stale.calls, 1, "an answer no longer wanted is not asked again");
});
