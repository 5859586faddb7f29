// The puzzle trainer's model (site/static/model/puzzle.mjs) under Node, on the puzzles the
// build ships for every game (PUZZLE_FIXTURES, written by test_puzzle_models.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as model from "../../site/static/model/puzzle.mjs";

const games = JSON.parse(readFileSync(process.env.PUZZLE_FIXTURES, "utf-8"));
const all = games.flatMap((g) => g.puzzles);
const close = (a, b, within, what) => assert.ok(Math.abs(a - b) <= within, `${what}: ${a} is not ${b} ± ${within}`);

test("Glicko-2 gives Glickman's worked example: 1500/200 against 1400/30 won, 1550/100 and 1700/300 lost", () => {
  const after = model.glicko2({ rating: 1500, rd: 200, vol: 0.06 },
    [{ rating: 1400, rd: 30, score: 1 }, { rating: 1550, rd: 100, score: 0 }, { rating: 1700, rd: 300, score: 0 }]);
  close(after.rating, 1464.06, 0.01, "rating");
  close(after.rd, 151.52, 0.01, "deviation");
  close(after.vol, 0.05999, 0.00001, "volatility");
});

test("a rating period without games only widens the deviation", () => {
  const after = model.glicko2({ rating: 1600, rd: 100, vol: 0.06 }, []);
  assert.equal(after.rating, 1600);
  assert.ok(after.rd > 100);
});

test("a puzzle solved raises the rating, a puzzle missed lowers it, and either narrows the deviation", () => {
  for (const puzzle of all) {
    const start = model.initialProgress();
    const won = model.attempt(start, puzzle, { right: true });
    const lost = model.attempt(start, puzzle, { right: false });
    assert.ok(won.player.rating > start.player.rating && won.change > 0, puzzle.id);
    assert.ok(lost.player.rating < start.player.rating && lost.change < 0, puzzle.id);
    assert.ok(won.player.rd < start.player.rd && lost.player.rd < start.player.rd);
  }
});

test("a harder puzzle is worth more when solved", () => {
  const start = model.initialProgress();
  const gain = (level) => model.attempt(start, { id: "x", difficulty: { level } }, { right: true }).player.rating;
  assert.ok(gain(1) < gain(2) && gain(2) < gain(3));
});

test("every puzzle's best option is right, and every other option costs what the ratings say", () => {
  for (const puzzle of all) {
    const { options, best } = puzzle.rating;
    options.forEach((option, index) => {
      const v = model.verdict(puzzle, option.move);
      assert.equal(v.index, index, puzzle.id);
      assert.equal(v.right, index === best, puzzle.id);
      const cost = Math.round((options[best].expected - option.expected) * 100) / 100;
      assert.equal(v.cost, index === best ? 0 : cost, puzzle.id);
      if (index !== best) assert.ok(v.cost > 0 || option.expected === options[best].expected);
    });
  }
});

test("every legal move of a puzzle is one of its rated options (a bid above the rated ones is the range's)", () => {
  for (const puzzle of all) {
    for (const move of puzzle.legal) {
      const range = Object.entries(move).find(([, v]) => v && typeof v === "object" && "min" in v);
      const concrete = range ? { ...move, [range[0]]: range[1].max ?? range[1].min + 50 } : move;
      assert.ok(model.optionIndex(puzzle, concrete) >= 0, `${puzzle.id}: ${JSON.stringify(concrete)}`);
    }
  }
});

test("a bid above the rated ones is the range option that holds it", () => {
  const puzzle = { id: "p", rating: { best: 0, options: [
    { move: { player: "A", bid: 1 }, expected: 2 }, { move: { player: "A", bid: { min: 2, max: null } }, expected: 1 }] } };
  assert.equal(model.optionIndex(puzzle, { player: "A", bid: 1 }), 0);
  assert.equal(model.optionIndex(puzzle, { player: "A", bid: 9 }), 1);
  assert.equal(model.optionIndex(puzzle, { player: "B", bid: 9 }), -1);
  assert.throws(() => model.verdict(puzzle, { player: "A", fold: true }));
});

test("the streak counts right answers in a row and the best streak stays", () => {
  const [puzzle] = all;
  let p = model.initialProgress();
  for (const right of [true, true, false, true]) p = model.attempt(p, puzzle, { right });
  assert.equal(p.streak, 1);
  assert.equal(p.best, 2);
  assert.equal(p.attempts, 4);
  assert.equal(p.results[puzzle.id], true, "the first attempt is the puzzle's result");
});

test("next puzzle: a set goes in its order and ends; otherwise the first untried match after the current", () => {
  for (const { puzzles } of games) {
    const ids = puzzles.map((p) => p.id).reverse();
    let shown = null;
    const seen = [];
    for (;;) {
      const found = model.next(puzzles, { set: ids, current: shown });
      if (!found) break;
      seen.push(found.id);
      shown = found.id;
    }
    assert.deepEqual(seen, ids);
    const first = model.next(puzzles, {});
    assert.equal(first.id, puzzles[0].id);
    const tried = { ...model.initialProgress(), results: { [puzzles[0].id]: true } };
    const after = model.next(puzzles, { progress: tried, current: puzzles[0].id });
    assert.equal(after.id, (puzzles[1] ?? puzzles[0]).id);
    for (const theme of new Set(puzzles.flatMap((p) => p.themes))) {
      const found = model.next(puzzles, { filter: { theme } });
      assert.ok(found.themes.includes(theme));
    }
    for (const level of [1, 2, 3]) {
      const found = model.next(puzzles, { filter: { level } });
      assert.equal(found === null, !puzzles.some((p) => p.difficulty.level === level));
    }
  }
});

test("a set link names its puzzles in order and the one shown", () => {
  const ids = all.slice(0, 3).map((p) => p.id);
  assert.deepEqual(model.readHash(model.setHash(ids)), { set: ids, id: ids[0] });
  assert.deepEqual(model.readHash(model.setHash(ids, ids.at(-1))), { set: ids, id: ids.at(-1) });
  assert.deepEqual(model.readHash(`#puzzle=${ids[0]}`), { set: null, id: ids[0] });
  assert.deepEqual(model.readHash(""), { set: null, id: null });
  assert.deepEqual(model.knownSet(all, [ids[1], "nope", ids[0], ids[1]]), [ids[1], ids[0]]);
});

test("the progress is kept in storage, and damaged storage starts afresh", () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const [puzzle] = all;
  const p = model.attempt(model.initialProgress(), puzzle, { right: true });
  model.save(storage, puzzle.game ?? "g", p);
  const back = model.load(storage, puzzle.game ?? "g");
  assert.deepEqual(back.player, p.player);
  assert.equal(back.streak, 1);
  assert.deepEqual(model.load(storage, "other"), model.initialProgress());
  store.set("stops-puzzles:bad", "{not json");
  assert.deepEqual(model.load(storage, "bad"), model.initialProgress());
  store.set("stops-puzzles:bad", JSON.stringify({ player: { rating: "x" }, streak: 1 }));
  assert.deepEqual(model.load(storage, "bad"), model.initialProgress());
});
