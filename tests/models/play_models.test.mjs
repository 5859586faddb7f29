// The play page's pure models (site/static/model/table.mjs, share.mjs) on states the engine
// produced: tests/models/test_play_models.py writes them to $PLAY_FIXTURES and runs this file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import * as table from "../../site/static/model/table.mjs";
import * as flow from "../../site/static/model/play.mjs";
import * as share from "../../site/static/model/share.mjs";
import * as news from "../../site/static/model/news.mjs";
import * as rules from "../../site/static/model/options.mjs";
import { ERROR_TEXTS, errorWords } from "../../site/static/i18n/errors.mjs";

const fixtures = JSON.parse(readFileSync(process.env.PLAY_FIXTURES, "utf-8"));
const READER = fixtures.reader;

test("the form offers the counts of players the chosen rules allow, as the engine's profiles say", () => {
  let changed = 0;
  for (const { game, players, cases } of fixtures.playerCounts) {
    for (const { values, range } of cases) {
      assert.deepEqual(rules.playerRange(players, values), range, `${game} ${JSON.stringify(values)}`);
      assert.ok(players.min <= range.min && range.max <= players.max, game);
      if (range.min !== players.min || range.max !== players.max) changed += 1;
      // A count outside the range comes back to its nearest end; one inside stays.
      assert.equal(rules.countWithin(range, range.min - 1), range.min);
      assert.equal(rules.countWithin(range, range.max + 1), range.max);
      assert.equal(rules.countWithin(range, range.max), range.max);
    }
  }
  assert.ok(changed > 0, "some options change how many may play (Nain Jaune's two players, Poch's pack)");
});

test("a table draws the board of its own rules, as the engine's profiles say", () => {
  const seen = new Set();
  for (const { game, boards, cases } of fixtures.playerCounts) {
    for (const { values, board } of cases) {
      assert.deepEqual(rules.boardFor(boards, values), board, `${game} ${JSON.stringify(values)}`);
      seen.add(`${game} ${board.map((section) => section.id).join(" ")}`);
    }
  }
  assert.ok([...seen].some((board) => board.startsWith("newmarket") && board.includes("kitty")),
            "a Newmarket table with the Kitty draws its Kitty");
});

test("the decision is the reader's, a bot's, the next deal's or nobody's, as the engine's state says", () => {
  for (const { state, expected } of fixtures.decisions) {
    assert.equal(table.decision(state, READER).kind, expected, `stage ${state.stage}, ${state.to_move}`);
  }
});

test("a move is forced when it is the only legal one and holds no amount to choose", () => {
  let forced = 0;
  let free = 0;
  for (const legal of fixtures.readerLegal) {
    const move = table.forcedMove(legal);
    if (legal.length === 1 && !table.rangeAction(legal[0])) {
      assert.deepEqual(move, legal[0]);
      forced += 1;
    } else {
      assert.equal(move, null, JSON.stringify(legal));
      free += 1;
    }
  }
  assert.ok(forced > 0 && free > 0, `the session meets both: ${forced} forced, ${free} with a choice`);
  assert.equal(table.forcedMove([{ player: "Ann", bid: { min: 1, max: 5 } }]), null, "an amount to choose is a choice");
  assert.equal(table.forcedMove([]), null);
});

test("the round summary names the last round, who went out first and each seated player's net, in seat order", () => {
  for (const state of [fixtures.newRound, fixtures.over]) {
    const last = state.ledger.rounds.at(-1);
    const summary = table.roundSummary(state);
    assert.equal(summary.round, last.round);
    assert.equal(summary.winner, last.winner ?? null);
    assert.deepEqual(summary.nets.map((n) => n.player), state.players.filter((p) => last.players[p]));
    for (const { player, net } of summary.nets) assert.equal(net, last.players[player].net);
  }
  assert.equal(table.roundSummary({ ...fixtures.newRound, ledger: { ...fixtures.newRound.ledger, rounds: [] } }), null);
});

test("undo of a choice takes back the moves played for the player after it, and no more", () => {
  const doc = fixtures.midRound.document;
  const at = table.lastDecision(doc, READER);
  const once = table.undo(doc, READER);
  assert.deepEqual(table.undoChoice(doc, READER, new Set()), once, "nothing forced: one move back");
  // The reader's last move marked as played for them: the choice before it goes too.
  const forced = new Set([`${at.round}:${at.move}`]);
  const twice = table.undo(once, READER);
  assert.ok(twice, "the fixture's reader moved twice");
  assert.deepEqual(table.undoChoice(doc, READER, forced), twice);
  assert.equal(table.nextPlace(once), `${at.round}:${at.move}`, "the place a move takes is where undo finds it");
});

test("the flow plays the player's forced move, lets a bot move at the pace, and waits for a choice", () => {
  const at = (kind) => fixtures.decisions.find((d) => d.expected === kind).state;
  const reader = at("reader");
  const single = fixtures.readerLegal.flat().find((m) => !table.rangeAction(m));
  const forcedState = { ...reader, legal: [single] };
  const choice = { ...reader, legal: fixtures.readerLegal.find((l) => l.length > 1) };
  const opts = { reader: READER, pace: "normal" };
  assert.deepEqual(flow.plan(forcedState, opts), { kind: "forced", move: single, delay: flow.FORCED_PAUSE, rush: false });
  assert.deepEqual(flow.plan(forcedState, { ...opts, pace: "fast" }).delay, flow.PACES.fast, "never slower than the bots' pace");
  assert.equal(flow.plan(forcedState, { ...opts, forced: false }).kind, "wait", "the option off: the player plays it");
  assert.equal(flow.plan(forcedState, { ...opts, undone: true }).kind, "wait", "after an undo it waits");
  assert.equal(flow.plan(choice, opts).kind, "wait");
  const bot = at("bot");
  assert.deepEqual(flow.plan(bot, opts), { kind: "bot", delay: flow.PACES.normal, rush: false });
  assert.equal(flow.plan(bot, { ...opts, pace: "step" }).kind, "wait", "step by step: Next move");
  assert.deepEqual(flow.plan(bot, { ...opts, pace: "step", rush: true }), { kind: "bot", delay: 0, rush: true }, "a skip runs the bots at once");
  assert.deepEqual(flow.plan(choice, { ...opts, rush: true }), { kind: "wait", rush: false }, "the skip ends at the player's choice");
  for (const kind of ["next-round", "over"]) assert.equal(flow.plan(at(kind), opts).kind, "wait", kind);
});

test("undo takes back the reader's last move and every move after it", () => {
  const doc = fixtures.midRound.document;
  const back = table.undo(doc, READER);
  const at = table.lastDecision(doc, READER);
  assert.ok(at, "the reader has moved");
  const moves = back.rounds.at(-1).moves;
  assert.equal(moves.length, at.move);
  assert.deepEqual(moves, doc.rounds[at.round].moves.slice(0, at.move));
  assert.ok(!moves.slice(at.move).some((m) => m.player === READER));
  assert.equal(doc.rounds.at(-1).moves.length > moves.length, true, "the document itself is not changed");
});

test("undo at the start of a round goes back into the round before, dropping the new deal", () => {
  const doc = fixtures.newRound.document;
  assert.equal(doc.rounds.at(-1).moves.filter((m) => m.player === READER).length, 0);
  const back = table.undo(doc, READER);
  assert.equal(back.rounds.length, doc.rounds.length - 1);
  const last = table.lastDecision(doc, READER);
  assert.equal(back.rounds.at(-1).moves.length, last.move);
});

test("undo with no move of the reader's gives nothing to take back", () => {
  const doc = structuredClone(fixtures.midRound.document);
  doc.rounds = [{ ...doc.rounds[0], moves: [] }];
  assert.equal(table.undo(doc, READER), null);
});

test("undo from a session that is over takes back its final showdowns' hands with its end", () => {
  const doc = fixtures.over.document;
  assert.ok(doc.session_end?.deals?.length, "the Rummoli session ended in a final showdown, recorded in its document");
  const back = table.undo(doc, READER);
  assert.equal("session_end" in back, false);
  assert.deepEqual(back.rounds, table.undo({ ...doc, session_end: undefined }, READER).rounds);
  assert.ok(doc.session_end, "the document itself is not changed");
});

test("the undone document is the engine's earlier position", () => {
  assert.deepEqual(table.undo(fixtures.midRound.document, READER), fixtures.undoneDocument);
});

test("the ledger has a row per round and a settlement row whose nets add up to the final balances", () => {
  const state = fixtures.over;
  const rows = table.ledgerRows(state);
  assert.equal(rows.length, state.ledger.rounds.length + 1);
  const end = rows.at(-1);
  assert.equal(end.kind, "settlement");
  assert.deepEqual(end.winners, state.session_end.winners);
  state.players.forEach((name, i) => {
    const before = state.ledger.rounds.at(-1).players[name]?.balance ?? state.ledger.balances[name];
    assert.equal(table.amountValue(before) + table.amountValue(end.cells[i].net), table.amountValue(state.session_end.balances[name]));
  });
});

test("exact fractions stay exact in the settlement row", () => {
  assert.equal(table.difference("4/3", 1), "1/3");
  assert.equal(table.difference("-2/3", "1/3"), -1);
  assert.equal(table.difference(5, "5/2"), "5/2");
  assert.equal(table.amountValue("-7/2"), -3.5);
  assert.throws(() => table.amountValue("lots"), RangeError);
});

test("the balance chart has a point per round for each player, from the start to the settlement", () => {
  const state = fixtures.over;
  const { labels, series } = table.balanceSeries(state);
  assert.equal(labels.length, state.ledger.rounds.length + 2);
  assert.equal(series.length, state.players.length);
  for (const { player, values } of series) {
    assert.equal(values.length, labels.length);
    assert.equal(values.at(-1), table.amountValue(state.session_end.balances[player]));
  }
});

test("a bid is kept inside the engine's range", () => {
  const range = { player: READER, bid: { min: 3, max: 9 } }.bid;
  const r = { player: READER, ...range };
  assert.deepEqual(table.bidAmount(r, "3"), { ok: true, move: { player: READER, bid: 3 } });
  assert.equal(table.bidAmount(r, "2").reason, "low");
  assert.equal(table.bidAmount(r, "10").reason, "high");
  assert.equal(table.bidAmount(r, "4.5").reason, "whole");
  assert.equal(table.bidAmount({ player: READER, min: 1, max: null }, "1000000").ok, true);
});

test("the set-up form becomes the engine's set-up with the reader at their seat", () => {
  const setup = table.setupFromForm({
    game: "tripoli", count: 3, seat: 1, reader: "Ana", names: ["North", "East", "South"],
    levels: ["expert", "basic", "random"], options: { ghost_auction: true }, seed: "42", length: null,
  });
  assert.deepEqual(setup, {
    game: "tripoli", players: ["North", "Ana", "South"], bots: { North: "expert", South: "random" },
    options: { ghost_auction: true }, seed: 42,
  });
});

test("a share link gives back the same document", async () => {
  for (const doc of fixtures.fullRounds.map((f) => f.document)) {
    const fragment = await share.shareFragment(doc);
    assert.ok(fragment.startsWith("#table="));
    assert.deepEqual(await share.decodeDocument(share.payloadOf(fragment)), doc);
  }
});

test("a full four-player round fits in a share link of about 2,000 characters", async () => {
  const lengths = {};
  for (const { game, document } of fixtures.fullRounds) lengths[game] = (await share.shareFragment(document)).length;
  console.log(`share-link lengths: ${JSON.stringify(lengths)}`);
  for (const [game, length] of Object.entries(lengths)) assert.ok(length <= 2000, `${game}: ${length} characters`);
});

test("a damaged link is one clear error, never a crash", async () => {
  const payload = share.payloadOf(await share.shareFragment(fixtures.midRound.document));
  const cases = [
    [payload.slice(0, -9), ["base64", "deflate", "json"]],
    [payload.replace(/.$/, (c) => (c === "A" ? "B" : "A")), ["deflate", "json"]],
    ["a*b", ["base64"]],
    ["A", ["base64"]],
    [share.toBase64url(new TextEncoder().encode("plain")), ["deflate"]],
    ["x".repeat(share.MAX_FRAGMENT + 1), ["size"]],
  ];
  for (const [text, reasons] of cases) {
    await assert.rejects(share.decodeDocument(text), (error) => {
      assert.ok(error instanceof share.ShareError, String(error));
      assert.ok(reasons.includes(error.reason), `${error.reason}: ${error.message}`);
      return true;
    });
  }
  assert.equal(share.payloadOf("#michigan-nine/3"), null);
});

test("a zip bomb in a link stops at the size limit", async () => {
  const huge = { pad: "0".repeat(share.MAX_DOCUMENT * 2) };
  const payload = await share.encodeDocument(huge);
  await assert.rejects(share.decodeDocument(payload), (error) => error.reason === "size");
});

test("a table saved in local storage comes back, and a broken entry is ignored", () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
  const doc = fixtures.midRound.document;
  assert.equal(share.saveTable(storage, doc.game, { document: doc, reader: READER }), true);
  assert.deepEqual(share.loadTable(storage, doc.game).document, doc);
  assert.equal(share.loadTable(storage, "rummoli" === doc.game ? "michigan" : "rummoli"), null);
  store.set(share.storageKey(doc.game), "{not json");
  assert.equal(share.loadTable(storage, doc.game), null);
  share.forgetTable(storage, doc.game);
  assert.equal(store.size, 0);
  const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); }, removeItem() {} };
  assert.equal(share.saveTable(full, doc.game, { document: doc }), false);
});

test("the news lays out every showdown hand by hand, with its winners, and every card shown to win or stay", () => {
  const { start } = fixtures.tripoliWalk;
  const { items } = news.roundNews(start, []);
  const showdowns = start.events.filter((e) => e.type === "showdown");
  const hands = items.filter((item) => item.kind === "hands");
  assert.equal(hands.length, showdowns.length);
  assert.ok(hands.length > 0, "a Tripoli round starts with its showdown");
  hands.forEach((item, i) => {
    assert.deepEqual(item.hands.map((h) => h.player), showdowns[i].hands.map((h) => h.player));
    assert.deepEqual(item.hands.filter((h) => h.wins).map((h) => h.player), showdowns[i].winners);
    assert.equal(item.message, start.messages[start.events.indexOf(showdowns[i])], "each item keeps its own event's message");
  });
  const shown = start.events.filter((e, i) => start.messages[i].display === "cards" && e.cards.length);
  assert.deepEqual(items.filter((item) => item.kind === "cards").map((item) => item.cards), shown.map((e) => e.cards));
  assert.equal(items.filter((item) => item.event.type === "transfer" || item.event.type === "deal").length, 0, "antes and the deal stay in the log");
});

test("the chips a showdown or shown cards decide are told with it: the transfers that follow it at once are its payouts", () => {
  const { start } = fixtures.tripoliWalk;
  const { items } = news.roundNews(start, []);
  let paid = 0;
  for (const item of items) {
    const at = start.events.indexOf(item.event);
    const following = [];
    for (let i = at + 1; i < start.events.length && start.events[i].type === "transfer"; i += 1) following.push(i);
    assert.deepEqual(item.payouts.map((p) => p.event), following.map((i) => start.events[i]));
    assert.deepEqual(item.payouts.map((p) => p.message), following.map((i) => start.messages[i]));
    paid += item.payouts.length;
  }
  assert.ok(paid > 0, "a Tripoli deal pays the cards held and the showdown");
  const ante = { type: "transfer", from: { player: "Ana" }, to: { section: "pot" }, amount: 1 };
  assert.deepEqual(news.newsOf([ante], [{}]), [], "a transfer after no laid-out event is no item's payout");
  const fold = { type: "fold-out", player: "Ben" };
  const pot = { type: "transfer", from: { section: "pot" }, to: { player: "Ben" }, amount: 6 };
  const [told] = news.newsOf([fold, pot, { type: "deal" }, ante], [{ display: "notice" }, { id: "takes" }, {}, {}]);
  assert.deepEqual(told.payouts, [{ event: pot, message: { id: "takes" } }], "a turn of play pays too, until another event");
});

test("a section won by the card played on it is a moment of its own: the player, the chips and the card it pays for", () => {
  const { start, steps } = fixtures.payCardWalk;
  const { items } = news.roundNews(start, steps);
  const won = steps.flatMap((s) => s.events.filter((e, i) => s.messages[i].display === "win"));
  assert.ok(won.length > 0, "a round of Pope Joan wins sections as their cards are played");
  assert.ok(won.every((e) => e.type === "transfer" && e.kind === "pay-card"), "the engine lays out the pay-card transfers");
  const wins = items.filter((item) => item.kind === "win");
  assert.deepEqual(wins.map((item) => item.event), won);
  for (const item of wins) {
    assert.equal(item.player, item.event.to.player);
    const card = item.message.args.section.noun.card;
    assert.deepEqual(item.cards, card ? [card] : [], "the card the section pays for, when its noun carries one");
    assert.deepEqual(item.payouts, [], "the item's sentence is the payout");
  }
});

test("a player going out is told with what each rival pays: every transfer that follows it at once", () => {
  const { start, steps } = fixtures.payCardWalk;
  const last = steps.at(-1);
  const at = last.events.findIndex((e, i) => last.messages[i].display === "out");
  assert.ok(at >= 0, "the round ends with a player going out");
  const [out] = news.newsOf(last.events, last.messages).filter((item) => item.kind === "out");
  assert.equal(out.event, last.events[at]);
  assert.equal(out.player, last.events[at].player);
  const following = [];
  for (let i = at + 1; i < last.events.length && last.events[i].type === "transfer"; i += 1) following.push(last.events[i]);
  assert.deepEqual(out.payouts.map((p) => p.event), following);
  const rivals = following.filter((e) => e.from.player && e.to.player === out.player).map((e) => e.from.player);
  assert.ok(rivals.length > 0, "the rivals pay the player out for the cards they hold");
  assert.equal(news.roundNews(start, steps).latest, news.newsOf(last.events, last.messages).length, "going out is the last step's news");
});

test("the news of a round counts the items of its last step apart, so that the page marks them new", () => {
  const leave = { type: "leave", player: "Ben", rule: "michigan.bankroll" };
  const steps = [{ events: [{ type: "play", player: "Ana", card: "9♦" }], messages: [{}] }, { events: [leave], messages: [{ id: "left", display: "notice" }] }];
  const { items, latest } = news.roundNews(null, steps);
  assert.equal(latest, 1);
  assert.deepEqual(items.map((item) => [item.kind, item.event, item.rule]), [["notice", leave, "michigan.bankroll"]]);
});

test("an engine error is said in the page's language from its rule, its path or its kind, the engine's sentence kept as English", () => {
  const fr = { lang: "fr", messages: { [ERROR_TEXTS.rule]: "Cela enfreint une règle du jeu : %(rule)s.", [ERROR_TEXTS.at]: "Quelque chose ne va pas à l’endroit %(path)s.",
                                       [ERROR_TEXTS.other]: "Le moteur de règles le refuse.", [ERROR_TEXTS.engine]: "Le moteur n’a pas répondu." } };
  const rules = { "rummoli.betting": "Un tour de mises à limite fixe" };
  const illegal = errorWords({ message: "Cleo acts now, not Ana", path: "rounds[0].moves[2]", rule: "rummoli.betting" }, fr, rules);
  assert.equal(illegal.headline, "Cela enfreint une règle du jeu : Un tour de mises à limite fixe.");
  assert.deepEqual([illegal.rule, illegal.detail, illegal.english], [{ id: "rummoli.betting", title: "Un tour de mises à limite fixe" }, "Cleo acts now, not Ana", true]);
  assert.equal(errorWords({ message: "unknown card 'ZZ'", path: "deal.hands.B[1]", rule: null }, fr).headline, "Quelque chose ne va pas à l’endroit deal.hands.B[1].");
  assert.equal(errorWords({ message: "the engine did not answer within 30 s", kind: "timeout" }, fr).headline, "Le moteur n’a pas répondu.");
  assert.equal(errorWords({ message: "a replay is a JSON object", path: null, rule: null }, fr).headline, "Le moteur de règles le refuse.");
  assert.equal(errorWords({ message: "x" }, { lang: "en", messages: {} }).english, false, "an English page does not mark the engine's sentence");
});
