// The play page's reducer (site/static/model/session.mjs) on states the engine produced:
// tests/models/test_play_models.py writes them to $PLAY_FIXTURES and runs this file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import * as session from "../../site/static/model/session.mjs";
import * as table from "../../site/static/model/table.mjs";

const fixtures = JSON.parse(readFileSync(process.env.PLAY_FIXTURES, "utf-8"));
const READER = fixtures.reader;
const { reduce } = session;

const at = (kind) => fixtures.decisions.find((d) => d.expected === kind).state;
const run = (actions, from = session.initial()) => actions.reduce(reduce, from);
const open = (state, walk = null) => run([{ type: "opened", state, reader: READER, walk }]);
// The log entries a step of events makes: one per event, or the move's own when it has none.
const entries = (events, move) => (events.length ? events.length : move?.player ? 1 : 0);

test("a request makes the answers to every older request stale: they change nothing", () => {
  const first = run([{ type: "request" }]);
  const second = reduce(first, { type: "request" });
  assert.equal(second.generation, first.generation + 1);
  assert.ok(second.busy);
  const late = { type: "moved", state: fixtures.afterBot, generation: first.generation };
  assert.equal(reduce(second, late), second, "an answer to the older request");
  assert.equal(reduce(second, { type: "failed", error: { kind: "timeout" }, generation: first.generation }), second);
  const answered = reduce(reduce(second, { ...late, generation: second.generation }), { type: "settled", generation: second.generation });
  assert.equal(answered.state, fixtures.afterBot);
  assert.equal(answered.busy, false);
});

test("an engine that did not load, crashed or hung offers a Retry of the failed request's action; a refused request does not, and an abort says nothing", () => {
  const move = fixtures.readerLegal[0][0];
  const out = run([{ type: "request", action: { type: "play", move } }]);
  for (const kind of ["load", "crash", "timeout"]) {
    const failed = reduce(out, { type: "failed", error: { kind, message: "x" }, generation: out.generation });
    assert.deepEqual([failed.busy, failed.error.retry, failed.error.engine.kind], [false, { type: "play", move }, kind]);
  }
  const refused = reduce(out, { type: "failed", error: { kind: "engine", message: "not legal" }, generation: out.generation });
  assert.equal(refused.error.retry, null);
  assert.equal(refused.error.engine.message, "not legal");
  const aborted = reduce(out, { type: "failed", error: { kind: "abort" }, generation: out.generation });
  assert.deepEqual([aborted.busy, aborted.error], [false, null]);
  assert.equal(reduce(refused, { type: "clear-error" }).error, null);
});

test("Retry is the action of the request that failed, kept as data: a later request for another action, or none, replaces it", () => {
  const bot = run([{ type: "request", action: { type: "bot" } }], open(at("bot")));
  const answered = run([{ type: "moved", state: fixtures.afterBot, generation: bot.generation }, { type: "settled", generation: bot.generation }], bot);
  const hint = reduce(answered, { type: "request", action: { type: "hint" } });
  const lost = reduce(hint, { type: "failed", error: { kind: "crash" }, generation: hint.generation });
  assert.deepEqual(lost.error.retry, { type: "hint" }, "the hint that failed, not the bot's move before it");
  assert.deepEqual(JSON.parse(JSON.stringify(lost.error.retry)), lost.error.retry, "plain data, no function");
  const review = reduce(answered, { type: "request" }); // a request for no action a Retry repeats
  assert.equal(reduce(review, { type: "failed", error: { kind: "crash" }, generation: review.generation }).error.retry, null);
  const stale = reduce(hint, { type: "failed", error: { kind: "crash" }, generation: bot.generation });
  assert.equal(stale.error, null, "an older request's failure offers nothing");
  assert.equal(reduce(lost, { type: "clear-error" }).error, null, "Retry clears the error before the action runs again");
});

test("a table opened in the middle of a round tells the round from its deal, in the log and the news", () => {
  const walk = fixtures.midWalk;
  const s = open(fixtures.midRound, walk);
  assert.equal(s.stage, "table");
  assert.equal(s.reader, READER);
  const expected = walk.start.events.length + walk.steps.reduce((n, step) => n + entries(step.events, step.move), 0);
  assert.equal(s.log.length, expected);
  assert.deepEqual(s.log.filter((e) => e.kind === "event").map((e) => e.event), [...walk.start.events, ...walk.steps.flatMap((x) => x.events)]);
  assert.equal(s.round.steps.length, walk.steps.length);
  assert.equal(s.fresh, false, "the round's moves are old news");
  assert.deepEqual(s.fly, [], "no chips fly for moves already played");
  const again = reduce(s, { type: "opened", state: fixtures.midRound, reader: READER, walk });
  assert.equal(again.logEpoch, s.logEpoch + 1, "opened again, the log starts again");
  assert.equal(again.log.length, s.log.length);
});

test("a round just dealt opens with its news fresh and the antes' chips flying", () => {
  const walk = fixtures.tripoliWalk;
  assert.equal(walk.steps.length, 0);
  const s = open({ ...fixtures.start, replay: null }, walk);
  assert.equal(s.fresh, true);
  assert.deepEqual(s.fly, walk.start.events);
});

test("a move's events go once to the log and to the round's news, and their chips fly", () => {
  const before = open(fixtures.botTurn);
  const answer = fixtures.afterBot;
  assert.ok(answer.events.length > 0, "the bot's move is told");
  const after = reduce(before, { type: "moved", state: answer });
  assert.deepEqual(after.log.slice(before.log.length).map((e) => e.event), answer.events);
  assert.deepEqual(after.log.slice(before.log.length).map((e) => e.message), answer.messages);
  assert.deepEqual(after.round.steps.at(-1), { events: answer.events, messages: answer.messages });
  assert.equal(after.fresh, true);
  assert.equal(after.fly, answer.events);
  const quiet = reduce(after, { type: "refreshed", state: answer });
  assert.equal(quiet.log.length, after.log.length, "the same position again tells nothing new");
  assert.equal(quiet.fresh, false);
  const move = { player: READER, pass: true };
  const silent = reduce(after, { type: "moved", state: { ...answer, events: [], messages: [] }, move });
  assert.deepEqual(silent.log.at(-1), { kind: "move", move }, "a move without events is told by itself");
});

test("the next round's deal starts the round's news again", () => {
  const s = run([{ type: "moved", state: fixtures.afterBot }], open(fixtures.botTurn));
  const dealt = reduce(s, { type: "dealt", state: fixtures.newRound });
  assert.deepEqual(dealt.round, { start: null, steps: fixtures.newRound.events.length ? [{ events: fixtures.newRound.events, messages: fixtures.newRound.messages }] : [] });
});

test("the session's end is told once, however often the settled table is drawn", () => {
  const over = fixtures.over;
  const s = open(over);
  const end = over.session_end.events;
  assert.ok(end.length > 0);
  assert.deepEqual(s.log.map((e) => e.event), end);
  assert.equal(s.told, true);
  const again = reduce(s, { type: "refreshed", state: over });
  assert.equal(again.log.length, s.log.length);
});

test("a move played for the player is marked, so that Undo takes it back with the choice before it", () => {
  const mid = fixtures.midRound;
  const before = table.undo(mid.document, READER); // the position of the reader's last move
  const place = table.nextPlace(before);
  const chosen = run([{ type: "moved", state: mid }], open({ ...mid, document: before }));
  const single = mid.legal[0];
  const forced = run([{ type: "forced", move: single }, { type: "moved", state: mid }], open({ ...mid, document: before }));
  assert.deepEqual(forced.autoplayed, [place]);
  assert.deepEqual(forced.log.find((e) => e.kind === "forced"), { kind: "forced", move: single }, "told in the log");
  assert.deepEqual(session.undoDocument(chosen), table.undo(mid.document, READER), "a choice: one move back");
  assert.deepEqual(session.undoDocument(forced), table.undo(table.undo(mid.document, READER), READER), "a forced move: back to the choice before it");
  assert.equal(session.undoDocument(session.initial()), null);
});

test("after an Undo the log says the move was taken back and the forced move waits for the player once", () => {
  const reader = at("reader");
  const single = fixtures.readerLegal.flat().find((m) => !table.rangeAction(m));
  const forcedState = { ...reader, legal: [single] };
  const undone = reduce(open(at("bot")), { type: "undone", state: forcedState, reader: READER, walk: null });
  assert.deepEqual(undone.log.at(-1), { kind: "undo" });
  const waits = session.next(undone);
  assert.equal(waits.kind, "wait");
  const later = reduce(undone, { type: "planned", plan: waits });
  assert.equal(session.next(later).kind, "forced", "the next time it plays itself");
  assert.equal(session.next(later, { forced: false }).kind, "wait", "unless the option is off");
});

test("Skip to my turn plays the bots' run at once and ends at the player's choice", () => {
  const bot = open(at("bot"));
  const step = session.next(bot, { pace: "step" });
  assert.equal(step.kind, "wait", "step by step, the bots wait for Next move");
  const rushing = reduce(bot, { type: "rush" });
  const plan = session.next(rushing, { pace: "step" });
  assert.deepEqual([plan.kind, plan.delay], ["bot", 0]);
  const still = reduce(rushing, { type: "planned", plan });
  assert.equal(still.rush, true, "through the bots' run");
  const choice = { ...at("reader"), legal: fixtures.readerLegal.find((l) => l.length > 1) };
  const mine = reduce(still, { type: "moved", state: choice });
  assert.equal(reduce(mine, { type: "planned", plan: session.next(mine) }).rush, false, "the player's choice ends it");
});

test("the controls: undo after the player's own move, hint for a choice, skip during the bots' run, next round between rounds", () => {
  const choice = open({ ...at("reader"), legal: fixtures.readerLegal.find((l) => l.length > 1) });
  const single = fixtures.readerLegal.flat().find((m) => !table.rangeAction(m));
  const forced = open({ ...at("reader"), legal: [single] });
  const bot = open(at("bot"));
  const between = open(at("next-round"));
  assert.equal(session.controls(choice).hint, true);
  assert.equal(session.controls(forced).hint, false, "one legal move: nothing to rate");
  assert.equal(session.controls(bot).hint, false);
  assert.deepEqual([session.controls(bot).rush, session.controls(bot).step, session.controls(bot, { pace: "step" }).step], [true, false, true]);
  assert.equal(session.controls(reduce(bot, { type: "rush" })).rush, false, "already skipping");
  assert.deepEqual([session.controls(between).nextRound, session.controls(bot).nextRound], [true, false]);
  const moved = table.lastDecision(fixtures.midRound.document, READER) !== null;
  assert.equal(session.controls(open(fixtures.midRound)).undo, moved);
  assert.equal(session.controls(open(fixtures.start)).undo, table.lastDecision(fixtures.start.document, READER) !== null);
});

test("when another person at this screen moves next, the table turns to them and asks for their view", () => {
  const reader = at("reader");
  const other = reader.players.find((p) => p !== READER);
  const s = reduce(open(at("bot")), { type: "moved", state: { ...reader, to_move: other, controller: "person" } });
  assert.deepEqual([s.reader, s.refresh], [other, true]);
  const seen = reduce(s, { type: "refreshed", state: { ...reader, to_move: other, controller: "person" } });
  assert.deepEqual([seen.reader, seen.refresh, session.decisionOf(seen).kind], [other, false, "reader"]);
});

test("a new session goes back to the form, and an answer still out for the old table is stale", () => {
  const s = run([{ type: "request" }], open(fixtures.midRound));
  const fresh = reduce(s, { type: "new-session" });
  assert.deepEqual([fresh.stage, fresh.state, fresh.log, fresh.busy], ["setup", null, [], false]);
  assert.equal(reduce(fresh, { type: "moved", state: fixtures.afterBot, generation: s.generation }), fresh);
  assert.equal(session.saved(fresh), null);
  assert.deepEqual(session.saved(s), { document: fixtures.midRound.document, reader: READER });
});

test("a document opens for its reader when they play in it, else for its first player who is not a bot", () => {
  const doc = fixtures.midRound.document;
  assert.equal(session.personOf(doc, READER), READER);
  assert.equal(session.personOf(doc, "Nobody"), READER);
  const bot = Object.keys(doc.bots)[0];
  assert.equal(session.personOf(doc, bot), READER, "a bot's name is not a person");
  assert.equal(session.personOf({ ...doc, bots: Object.fromEntries(doc.players.map((p) => [p, "basic"])) }), null);
});

test("a damaged link or document is said in words, with no Retry, and the table stays as it was", () => {
  const s = open(fixtures.midRound);
  for (const reason of Object.keys(session.SHARE_ERRORS)) {
    const refused = reduce(s, { type: "refused", words: session.linkError(reason) });
    assert.deepEqual(refused.error, { words: [session.SHARE_ERRORS[reason]], engine: null, retry: null });
    assert.equal(refused.state, s.state);
  }
  assert.deepEqual(session.linkError("format"), [session.SHARE_ERRORS.json]);
  const invalid = reduce(s, { type: "refused", words: [session.CANNOT_OPEN.import], error: { message: "bad", rule: null } });
  assert.equal(invalid.error.engine.message, "bad");
  const opened = reduce(invalid, { type: "opened", state: fixtures.midRound, reader: READER });
  assert.equal(opened.error, invalid.error, "the page clears the error itself");
  const gone = reduce(invalid, { type: "resume-failed" });
  assert.deepEqual([gone.stage, gone.error], ["setup", null]);
  assert.throws(() => reduce(s, { type: "no-such-action" }), /unknown action/);
});

test("the status line says whose decision it is, in the phase the engine names, and the winners at the end", () => {
  const cases = { reader: at("reader"), bot: at("bot"), "next-round": at("next-round"), over: fixtures.over };
  for (const [kind, state] of Object.entries(cases)) {
    const said = session.status(open(state));
    assert.deepEqual([said.kind, said.message, said.round, said.rounds], [kind, session.STATUS[kind], state.round, state.rounds]);
    assert.equal(said.values.phase, state.view?.phase ?? "");
  }
  assert.equal(session.status(open(cases.bot)).values.player, cases.bot.to_move);
  assert.equal(session.status(open(fixtures.over)).values.players, fixtures.over.session_end.winners.join(", "));
});
