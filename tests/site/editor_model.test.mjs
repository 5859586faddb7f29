// The example editor's model (site/static/model/editor.mjs) on the engine's fixtures:
// tests/site/test_editor_model.py writes them to $EDITOR_FIXTURES, runs this file, and has the
// engine check the documents written to $EDITOR_OUT.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";

import * as editor from "../../site/static/model/editor.mjs";

const fixtures = JSON.parse(readFileSync(process.env.EDITOR_FIXTURES, "utf-8"));
const out = {};
after(() => writeFileSync(process.env.EDITOR_OUT, JSON.stringify(out)));

function table() {
  const { game, players, dealer, options } = fixtures.table;
  return editor.newEditor({ game, players, dealer, options });
}

test("a card is read in every form the replay format allows, and nothing else is a card", () => {
  assert.deepEqual(["9♦", "9d", "9D", "10♦", "TD", "td", "10D", "qs", "A♣"].map(editor.parseCard),
    ["9♦", "9♦", "9♦", "10♦", "10♦", "10♦", "10♦", "Q♠", "A♣"]);
  for (const bad of ["1♦", "11D", "9X", "", "♦9", "10"]) assert.equal(editor.parseCard(bad), null, bad);
  assert.deepEqual(editor.parseCards("9d, 10d;JD  zz"), { cards: ["9♦", "10♦", "J♦"], bad: ["zz"] });
  assert.equal(editor.DECK.length, 52);
  assert.equal(new Set(editor.DECK).size, 52);
});

test("a card assigned to a hand leaves every other hand: no card is ever held twice", () => {
  let state = table();
  state = editor.assignCard(state, "9d", "Ana");
  state = editor.assignCard(state, "9♦", "Ben");
  assert.deepEqual(state.hands.Ana, []);
  assert.deepEqual(state.hands.Ben, ["9♦"]);
  state = editor.assignCard(state, "9♦", editor.WIDOW);
  assert.equal(editor.ownerOf(state, "9♦"), editor.WIDOW);
  state = editor.assignCard(state, "9♦", null);
  assert.equal(editor.ownerOf(state, "9♦"), null);
  assert.equal(editor.unassigned(state).length, 52);
  assert.throws(() => editor.assignCard(state, "9♦", "Zed"), /unknown player/);
  assert.throws(() => editor.assignCard(state, "19♦", "Ana"), /not a card/);
});

test("a deal assigned card by card writes the document the engine checks", () => {
  let state = table();
  const { hands, widow } = fixtures.seeded.deal;
  for (const [name, cards] of Object.entries(hands)) state = editor.setHand(state, name, cards);
  state = editor.setHand(state, editor.WIDOW, widow);
  assert.equal(editor.unassigned(state).length, 0);
  out.assigned = editor.toDocument(state);
  assert.deepEqual(out.assigned.deal, fixtures.seeded.deal);
  out.assigned_short = editor.toDocument(editor.assignCard(state, widow[0], null));
});

test("a seeded deal from the engine is kept with its seed, and a change of the deal drops the seed", () => {
  const state = editor.useDeal(table(), fixtures.seeded);
  const doc = editor.toDocument(state);
  assert.equal(doc.seed, fixtures.seeded.seed);
  assert.deepEqual(doc.deal, fixtures.seeded.deal);
  const moved = editor.assignCard(state, fixtures.seeded.deal.widow[0], "Ana");
  assert.equal(editor.toDocument(moved).seed, undefined);
});

test("playing the engine's legal moves with notes builds the timeline's document", () => {
  let state = editor.useDeal(table(), fixtures.seeded);
  state = editor.setNote(state, 0, "Look at the widow: nobody may play it.");
  for (const move of fixtures.line) state = editor.playMove(state, move);
  state = editor.setNote(state, 3, "<img src=x onerror=alert(1)>");
  state = editor.setText(state, "title", "Six moves from seed 42");
  out.built = editor.toDocument(state);
  assert.deepEqual(out.built.moves, fixtures.line);
  assert.deepEqual(Object.keys(out.built.notes), ["0", "3"]);
  assert.throws(() => editor.setNote(state, 7, "past the last step"), /from 0 to 6/);
  assert.throws(() => editor.setNote(state, 1, "x".repeat(editor.MAX_NOTE + 1)), /at most/);
});

test("taking back to a step drops the later moves and their notes, and an empty note is no note", () => {
  let state = editor.useDeal(table(), fixtures.seeded);
  for (const move of fixtures.line) state = editor.playMove(state, move);
  state = editor.setNote(editor.setNote(state, 2, "kept"), 5, "dropped");
  const back = editor.takeBack(state, 3);
  assert.equal(back.moves.length, 3);
  assert.deepEqual(back.notes, { 2: "kept" });
  assert.deepEqual(editor.setNote(back, 2, "   ").notes, {});
  assert.equal(state.moves.length, 6, "the state before is not changed");
});

test("changing the table or the cards voids the moves played from the old position", () => {
  let state = editor.useDeal(table(), fixtures.seeded);
  for (const move of fixtures.line) state = editor.playMove(state, move);
  state = editor.setNote(editor.setNote(state, 0, "start"), 2, "later");
  for (const changed of [editor.setDealer(state, "Ana"), editor.setOption(state, "widow_auction", true),
                         editor.setPlayers(state, ["W", "X", "Y", "Z"]), editor.setKind(state, "position")]) {
    assert.deepEqual(changed.moves, []);
    assert.deepEqual(changed.notes, { 0: "start" });
  }
  const renamed = editor.setPlayers(state, ["W", "X", "Y", "Z"]);
  assert.deepEqual(renamed.hands.W, state.hands.Ana);
  assert.equal(renamed.dealer, "Z");
});

test("the legal moves become cards to click, buttons and a bid range within the engine's bounds", () => {
  const { cards, actions, bids } = editor.choices(fixtures.bids);
  assert.ok(bids.length + actions.length + cards.length === fixtures.bids.length);
  const range = bids[0] ?? fixtures.bids.find((move) => move.bid);
  if (range) {
    assert.deepEqual(editor.bidMove(range, range.bid.min), { player: range.player, bid: range.bid.min });
    assert.throws(() => editor.bidMove(range, range.bid.min - 1), /whole number from/);
    assert.throws(() => editor.bidMove(range, 1.5), /whole number/);
  }
  assert.equal(editor.choices(fixtures.line.slice(0, 1)).cards.length, 1);
});

test("every example comes back out of the editor as the same replay", () => {
  out.round_trips = {};
  for (const [name, doc] of Object.entries(fixtures.examples)) {
    const back = editor.toDocument(editor.fromDocument(doc));
    out.round_trips[name] = back;
    for (const key of ["game", "players", "dealer", "moves", "deal", "position", "board", "balances", "session_end"]) {
      assert.deepEqual(back[key], doc[key], `${name}: ${key}`);
    }
  }
  assert.throws(() => editor.fromDocument({ format: "stops-session", rounds: [] }), /whole session/);
  assert.throws(() => editor.fromDocument([1]), /JSON object/);
  assert.throws(() => editor.fromDocument({ players: ["A"] }), /no deal or position/);
});

test("the timeline lists the start and every step, each with its note", () => {
  const steps = editor.timeline(fixtures.walk);
  assert.equal(steps.length, fixtures.walk.steps.length + 1);
  assert.deepEqual(steps.map((s) => s.note), ["start", null, "two", null, null, null]);
  assert.deepEqual(steps[1].move, fixtures.walk.steps[0].move);
});

test("a share link, the embed link and the embed snippet all import back to the same document", async () => {
  const state = editor.setNote(editor.useDeal(table(), fixtures.seeded), 0, "a <b>note</b> & more");
  const doc = editor.toDocument(state);
  const link = await editor.shareLink("https://stops.example/en/embed/", state);
  assert.match(link, /^https:\/\/stops\.example\/en\/embed\/#replay=[A-Za-z0-9_-]+$/);
  assert.deepEqual((await editor.readImport(link)).document, doc);
  const url = editor.embedUrl("https://stops.example/en/embed/", { step: 2, seat: "Ana", controls: ["play"] }, link.split("=")[1]);
  const snippet = editor.embedSnippet(url, { title: 'A "quoted" title', hostScript: "https://stops.example/static/embed-host.js" });
  assert.match(snippet, /^<iframe src="[^"]+" title="A &quot;quoted&quot; title"/);
  assert.deepEqual((await editor.readImport(snippet)).document, doc);
  assert.deepEqual((await editor.readImport(editor.replayFile(state))).document, doc);
  assert.equal((await editor.readImport("```stops-example\n{}\n```")).kind, "block");
});

test("a link to a whole table (the play page's) or its session file is read as a session, for the engine to export its round", async () => {
  const { encodeDocument } = await import("../../site/static/model/share.mjs");
  const session = { format: "stops-session", version: 1, game: "rummoli", rounds: [] };
  const link = await editor.readImport(`https://stops.example/fr/rummoli/play/#table=${await encodeDocument(session)}`);
  assert.deepEqual(link, { kind: "session", document: session });
  assert.deepEqual(await editor.readImport(JSON.stringify(session)), { kind: "session", document: session });
});

test("a link of another kind, a damaged link and stray text are refused with a reason", async () => {
  await assert.rejects(editor.readImport("https://stops.example/en/michigan/play/#game=abc"), (e) => e.path === "link" && /#replay= \(a replay\) or #table=/.test(e.message)
    && e.template.includes("%(found)s") && e.args.found === "game");
  await assert.rejects(editor.readImport("https://stops.example/en/embed/#replay=@@@"), /damaged/);
  await assert.rejects(editor.readImport("https://stops.example/en/embed/#replay=AAAA"), /damaged/);
  await assert.rejects(editor.readImport("hello"), /paste a share link/);
  await assert.rejects(editor.readImport("{not json"), /not valid JSON/);
  await assert.rejects(editor.readImport("   "), /nothing to import/);
});

test("embed options go into the URL and come back, and bad ones are named", () => {
  const options = { example: "michigan/nine-of-diamonds", step: 3, autoplay: true, speed: 2, seat: "B",
                    controls: ["play", "seat"], whatIf: false };
  const back = editor.embedOptions(`?${editor.embedQuery(options)}`);
  assert.deepEqual(back, options);
  const plain = editor.embedOptions("");
  assert.deepEqual(plain, { example: null, step: 0, autoplay: false, speed: 1, seat: null, controls: editor.CONTROLS, whatIf: true });
  assert.deepEqual(editor.embedOptions("?controls=none").controls, []);
  assert.throws(() => editor.embedOptions("?example=../../etc/passwd"), (e) => e.path === "example");
  assert.throws(() => editor.embedOptions("?step=-1"), (e) => e.path === "step");
  assert.throws(() => editor.embedOptions("?speed=9"), (e) => e.path === "speed");
  assert.throws(() => editor.embedOptions("?controls=play,launch"), /unknown control launch/);
});

test("the card grid and the deal follow the game's pack and rank order as the engine gives them", () => {
  const { game, players, dealer, options } = fixtures.stripped;
  const pack = fixtures.stripped_pack;
  let state = editor.newEditor({ game, players, dealer, options, pack });
  assert.equal(editor.unassigned(state).length, 51);
  const diamonds = editor.suitsOf(pack)[2];
  assert.equal(diamonds[0], "A♦"); // aces low
  assert.ok(!diamonds.includes("8♦")); // not in this pack
  state = editor.useDeal(state, fixtures.stripped);
  assert.equal(editor.unassigned(state).length, 0);
  for (const name of players) {
    const hand = state.hands[name];
    assert.deepEqual(hand, [...hand].sort((a, b) => pack.indexOf(a) - pack.indexOf(b)));
  }
  const full = editor.setPack(editor.newEditor({ game, players, dealer, options }), pack);
  assert.equal(editor.unassigned(full).length, 51);
  out.stripped = editor.toDocument(state);
});
