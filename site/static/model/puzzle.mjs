// The puzzle trainer's model, pure (no DOM, no storage of its own): a puzzle, the player's
// choice, its verdict from the puzzle's stored ratings, the Glicko-2 rating of the player
// (each attempt a rated game between the player and the puzzle), the streak, the filter, the
// next puzzle, and the set a teacher links to (`#set=<id>,<id>,…`).
//
//   verdict(puzzle, move)          {index, best, right, cost}: the option chosen and what it costs
//   attempt(progress, puzzle, v)   the progress after one attempt (rating, streak, results)
//   glicko2(player, games)         one rating period (Glickman's algorithm, tau 0.5)
//   next(puzzles, {progress, filter, set, current})   the puzzle to show next
//   readHash(hash) / setHash(ids)  the set and the puzzle a link names
//   load(storage, game) / save(storage, game, progress)   the progress in localStorage

export const START = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });
const SCALE = 173.7178;
const TAU = 0.5;
const EPSILON = 1e-6;
// The puzzle's side of the game: a rating from its difficulty (the basic bot finds the best
// at level 1; at 3 its choice ranks third or lower), and a small deviation (the puzzle's
// answer is known; its difficulty is an estimate).
const PUZZLE_RATINGS = { 1: 1250, 2: 1500, 3: 1750 };
const PUZZLE_RD = 60;

export function puzzleRating(puzzle) {
  const level = puzzle.difficulty?.level ?? 2;
  return { rating: PUZZLE_RATINGS[level] ?? PUZZLE_RATINGS[2], rd: PUZZLE_RD, vol: START.vol };
}

// ----- the choice ---------------------------------------------------------------------------

function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => same(a[key], b[key]));
}

// The rated option a move is: the same move, or the range of amounts (the bids above the rated
// ones: {bid: {min, max}}) that holds it. -1 when the move is none of the options.
export function optionIndex(puzzle, move) {
  const options = puzzle.rating.options;
  const exact = options.findIndex((option) => same(option.move, move));
  if (exact >= 0) return exact;
  return options.findIndex((option) => Object.entries(option.move).every(([key, value]) => {
    if (value && typeof value === "object" && "min" in value) {
      const amount = move[key];
      return Number.isInteger(amount) && amount >= value.min && (value.max === null || value.max === undefined || amount <= value.max);
    }
    return same(value, move[key]);
  }) && Object.keys(move).every((key) => key in option.move));
}

// The verdict of a choice: right when it is the best option; else the chips it gives up
// (the best option's expected chips less the chosen one's).
export function verdict(puzzle, move) {
  const index = optionIndex(puzzle, move);
  if (index < 0) throw new Error(`not an option of puzzle ${puzzle.id}: ${JSON.stringify(move)}`);
  const { best, options } = puzzle.rating;
  const right = index === best;
  const cost = right ? 0 : Math.max(0, options[best].expected - options[index].expected);
  return { index, best, right, cost: Math.round(cost * 100) / 100 };
}

// ----- Glicko-2 -----------------------------------------------------------------------------

// One rating period of `player` ({rating, rd, vol}) against `games` ([{rating, rd, score}],
// score 1 a win, 0 a loss): Glickman, "Example of the Glicko-2 system" (2013), steps 2 to 8.
export function glicko2(player, games) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (!games.length) {
    return { ...player, rd: Math.min(350, Math.sqrt(phi * phi + player.vol * player.vol) * SCALE) };
  }
  const g = (phiJ) => 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
  const E = (muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
  let inverseV = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const phiJ = game.rd / SCALE;
    const e = E(muJ, phiJ);
    inverseV += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // The new volatility (step 5, the Illinois algorithm).
  const a = Math.log(player.vol ** 2);
  const f = (x) => (Math.exp(x) * (delta ** 2 - phi ** 2 - v - Math.exp(x))) / (2 * (phi ** 2 + v + Math.exp(x)) ** 2) - (x - a) / TAU ** 2;
  let A = a;
  let B;
  if (delta ** 2 > phi ** 2 + v) B = Math.log(delta ** 2 - phi ** 2 - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi ** 2 + vol ** 2);
  const phiNew = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
  const muNew = mu + phiNew ** 2 * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, vol };
}

// ----- the player's progress ----------------------------------------------------------------

export function initialProgress() {
  return { player: { ...START }, streak: 0, best: 0, attempts: 0, results: {} };
}

// The progress after one attempt at `puzzle` with verdict `v`: a rated game (won when right),
// the streak (right answers in a row), the puzzle's result (its first attempt counts).
export function attempt(progress, puzzle, v) {
  const opponent = puzzleRating(puzzle);
  const player = glicko2(progress.player, [{ ...opponent, score: v.right ? 1 : 0 }]);
  const streak = v.right ? progress.streak + 1 : 0;
  const results = Object.hasOwn(progress.results, puzzle.id) ? progress.results : { ...progress.results, [puzzle.id]: v.right };
  return { player, streak, best: Math.max(progress.best, streak), attempts: progress.attempts + 1, results,
           change: Math.round(player.rating) - Math.round(progress.player.rating) };
}

// ----- which puzzles --------------------------------------------------------------------------

// filter: {theme: id or "", level: 1|2|3 or 0 (any)}.
export function matches(puzzle, filter = {}) {
  if (filter.theme && !puzzle.themes.includes(filter.theme)) return false;
  if (filter.level && puzzle.difficulty.level !== Number(filter.level)) return false;
  return true;
}

// The puzzle to show after `current` (an id, or null at the start): in a set, the set's next
// (null after its last); else the first puzzle after it that matches the filter and is not yet
// tried, else the first that matches after it, round the list (null when none matches).
export function next(puzzles, { progress = initialProgress(), filter = {}, set = null, current = null } = {}) {
  if (set) {
    const at = current === null ? -1 : set.indexOf(current);
    const id = set[at + 1];
    return id === undefined ? null : puzzles.find((p) => p.id === id) ?? null;
  }
  const start = current === null ? 0 : puzzles.findIndex((p) => p.id === current) + 1;
  const order = [...puzzles.slice(start), ...puzzles.slice(0, start)].filter((p) => matches(p, filter));
  const fresh = order.find((p) => !Object.hasOwn(progress.results, p.id) && p.id !== current);
  return fresh ?? order.find((p) => p.id !== current) ?? order[0] ?? null;
}

// ----- links ----------------------------------------------------------------------------------

// `#set=a,b,c` (a teacher's set, in order; `&at=b` the one shown) or `#puzzle=a`.
export function readHash(hash) {
  const params = new URLSearchParams(String(hash ?? "").replace(/^#/, ""));
  const set = params.get("set");
  const ids = set ? set.split(",").map((id) => id.trim()).filter(Boolean) : null;
  return { set: ids && ids.length ? ids : null, id: params.get("at") ?? params.get("puzzle") ?? (ids ? ids[0] : null) };
}

export function setHash(ids, at = null) {
  return `#set=${ids.join(",")}${at && at !== ids[0] ? `&at=${at}` : ""}`;
}

// The ids of a set that the game has, in the set's order (an unknown id is left out).
export function knownSet(puzzles, ids) {
  const known = new Set(puzzles.map((p) => p.id));
  return ids.filter((id, i) => known.has(id) && ids.indexOf(id) === i);
}

// ----- storage --------------------------------------------------------------------------------

const KEY = (game) => `stops-puzzles:${game}`;

export function load(storage, game) {
  try {
    const saved = JSON.parse(storage?.getItem(KEY(game)) ?? "null");
    const p = saved?.player;
    if (!p || ![p.rating, p.rd, p.vol].every(Number.isFinite) || !Number.isInteger(saved.streak)) return initialProgress();
    return { ...initialProgress(), ...saved, results: saved.results && typeof saved.results === "object" ? saved.results : {} };
  } catch {
    return initialProgress();
  }
}

export function save(storage, game, progress) {
  const { change, ...kept } = progress;
  try {
    storage?.setItem(KEY(game), JSON.stringify(kept));
  } catch {
    // a full or refused storage: the rating lasts as long as the page
  }
}
