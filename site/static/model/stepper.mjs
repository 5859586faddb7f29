// The stepper: a study's book line and its variations, as plain data and pure functions.
//
// No DOM and no engine here (tested under Node): the widget keeps one state object and
// replaces it with what these functions return. A state holds
//   lines:  [{id, parent, at, move, start, steps, result}]   line 0 is the book line;
//           a variation `id` leaves line `parent` after its first `at` steps, with `move`
//           (the first of its own `steps`); its positions 0..at are its parent's.
//   line:   the line shown;  index: the position shown on it (0 = before the first move).
// Every position of every line stays reachable: branching never drops a line.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// A walkthrough (or a branch answer) as one line: its start view and its steps.
function lineOf(id, walk, parent = null, at = 0, move = null) {
  const steps = walk.steps ?? [];
  if (!walk.start || !walk.start.view) throw new Error(`line ${id}: the walkthrough has no start view`);
  steps.forEach((step, i) => {
    if (!step || !step.view) throw new Error(`line ${id}: step ${i + 1} has no view`);
  });
  return Object.freeze({ id, parent, at, move, start: walk.start, steps, result: walk.result ?? null });
}

export function createStepper(walk, index = 0) {
  const state = { lines: Object.freeze([lineOf(0, walk)]), line: 0, index: 0 };
  return goTo(state, index);
}

export function lineById(state, id) {
  const line = state.lines.find((l) => l.id === id);
  if (!line) throw new Error(`no line ${id}`);
  return line;
}

// How many moves the line holds from the start of the round.
export function lineLength(state, id = state.line) {
  const line = lineById(state, id);
  return line.at + line.steps.length;
}

// The step that leads to position `index` of a line (null at 0), with the view after it.
export function stepAt(state, id, index) {
  const line = lineById(state, id);
  if (index === 0) {
    return line.parent === null
      ? { move: null, events: line.start.events ?? [], messages: line.start.messages ?? [], view: line.start.view }
      : stepAt(state, line.parent, 0);
  }
  if (index <= line.at) return stepAt(state, line.parent, index);
  const step = line.steps[index - line.at - 1];
  if (!step) throw new Error(`line ${id} has no step ${index}`);
  return step;
}

export function viewAt(state, id, index) {
  return stepAt(state, id, index).view;
}

// The moves that lead to a position: what a replay document needs to reach it.
export function movesTo(state, id, index) {
  const moves = [];
  for (let i = 1; i <= index; i += 1) moves.push(stepAt(state, id, i).move);
  return moves;
}

// The move the line plays from position `index` (null at its end).
export function moveFrom(state, id, index) {
  return index < lineLength(state, id) ? stepAt(state, id, index + 1).move : null;
}

export function current(state) {
  const total = lineLength(state);
  const step = stepAt(state, state.line, state.index);
  return { line: state.line, index: state.index, total, step, view: step.view, atStart: state.index === 0,
    atEnd: state.index === total, book: state.line === 0 };
}

export function goTo(state, index, line = state.line) {
  const total = lineLength(state, line);
  const target = Math.max(0, Math.min(total, Number.isInteger(index) ? index : 0));
  if (target === state.index && line === state.line) return state;
  return { ...state, line, index: target };
}

export function go(state, where) {
  const moves = { first: 0, prev: state.index - 1, next: state.index + 1, last: lineLength(state) };
  if (!(where in moves)) throw new Error(`unknown step command ${where}`);
  return goTo(state, moves[where]);
}

// The line that plays `move` at position `at` of line `parent`'s path, if the study holds
// one: the line itself ("line"), or a variation ("branch").
export function findBranch(state, parent, at, move) {
  const path = JSON.stringify([...movesTo(state, parent, at), move]);
  const plays = (line) => lineLength(state, line.id) > at && JSON.stringify(movesTo(state, line.id, at + 1)) === path;
  if (plays(lineById(state, parent))) return { id: parent, existing: "line" };
  const found = state.lines.find(plays);
  return found ? { id: found.id, existing: "branch" } : null;
}

// Add the engine's answer for `move` played at position `at` of line `parent`, and show its
// first step. Asking again for a variation the study holds shows it without adding a line.
export function addBranch(state, parent, at, move, answer) {
  lineById(state, parent);
  if (!Number.isInteger(at) || at < 0 || at >= lineLength(state, parent)) {
    // A variation may also start at the very end of a line the engine left unfinished: never here.
    throw new Error(`line ${parent} has no decision at position ${at}`);
  }
  const found = findBranch(state, parent, at, move);
  if (found) return { ...state, line: found.id, index: at + 1 };
  if (!answer || !Array.isArray(answer.steps) || !answer.steps.length) throw new Error("the engine's answer holds no steps");
  if (!same(answer.steps[0].move, move)) throw new Error("the engine's answer does not start with the chosen move");
  const id = Math.max(...state.lines.map((l) => l.id)) + 1;
  const line = lineOf(id, answer, parent, at, move);
  return { lines: Object.freeze([...state.lines, line]), line: id, index: at + 1 };
}

// Back to the book line, at the position where the shown line left it.
export function backToBook(state) {
  let line = lineById(state, state.line);
  let index = state.index;
  while (line.parent !== null) {
    index = Math.min(index, line.at);
    line = lineById(state, line.parent);
  }
  return goTo(state, index, 0);
}

// The variations, as a study lists them: depth-first, each after its parent, ordered by
// where they leave it. `depth` 1 leaves the book line, 2 leaves a variation, ...
export function variations(state) {
  const out = [];
  const visit = (parent, depth) => {
    state.lines.filter((l) => l.parent === parent).sort((a, b) => a.at - b.at || a.id - b.id).forEach((line) => {
      out.push({ id: line.id, parent, at: line.at, move: line.move, depth, length: lineLength(state, line.id),
        current: line.id === state.line });
      visit(line.id, depth + 1);
    });
  };
  visit(0, 1);
  return out;
}

// The legal moves at the shown position other than the one the line plays there: the
// moves a reader may branch with (none at the end of a line, or where there is no choice).
export function alternatives(state) {
  const { view, index, total } = current(state);
  if (index >= total || !Array.isArray(view.legal) || view.legal.length < 2) return [];
  const played = moveFrom(state, state.line, index);
  return view.legal.filter((move) => !same(move, played));
}

// A deep link's step: `#<example>/<step>` on the book line. Returns null for another hash.
export function parseStepHash(hash, example) {
  const match = /^#?([\w-]+)\/(\d{1,4})$/.exec(hash ?? "");
  if (!match || match[1] !== example) return null;
  return Number(match[2]);
}

export function stepHash(example, index) {
  return `#${example}/${index}`;
}

// ----- addresses: every position of every line ------------------------------------------
//
// `#<example>/<index>` is a position of the book line; a variation's position adds, before
// the index, the branches that lead to it from the book, each `<at>~<move>`: the position it
// leaves its parent at and its first move (the move's JSON, base64url). The engine replays
// them to reopen the line. Within the engine's document limits (engine/stops/limits.py: a
// line holds at most MAX_MOVES moves) and a URL's reasonable size: at most MAX_BRANCHES
// branches, each move's JSON at most MAX_MOVE_TEXT characters.
export const MAX_BRANCHES = 16;
export const MAX_MOVE_TEXT = 200;
const MAX_MOVES = 2000; // engine/stops/limits.py

// The branches from the book line to line `id`: [{at, move}], the book's first.
export function linePath(state, id = state.line) {
  const path = [];
  for (let line = lineById(state, id); line.parent !== null; line = lineById(state, line.parent)) path.unshift({ at: line.at, move: line.move });
  return path;
}

// The line a path leads to in the study, or null if it holds no such line (yet).
export function lineOfPath(state, path) {
  let id = 0;
  for (const { at, move } of path) {
    const found = findBranch(state, id, at, move);
    if (!found) return null;
    id = found.id;
  }
  return id;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

function base64url(text) {
  let binary = "";
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(code) {
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return decoder.decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function pathHash(example, path, index) {
  const branches = path.map(({ at, move }) => `${at}~${base64url(JSON.stringify(move))}`);
  return `#${[example, ...branches, index].join("/")}`;
}

// A deep link's line and position: {path, index}, or null for another example's hash or a
// malformed one (a link cut short, a made-up move: nothing is guessed).
export function parsePathHash(hash, example) {
  const parts = (hash ?? "").replace(/^#/, "").split("/");
  if (parts.length < 2 || parts[0] !== example || parts.length - 2 > MAX_BRANCHES) return null;
  const last = parts.at(-1);
  if (!/^\d{1,4}$/.test(last)) return null;
  const path = [];
  for (const part of parts.slice(1, -1)) {
    const match = /^(\d{1,4})~([A-Za-z0-9_-]{1,400})$/.exec(part);
    if (!match) return null;
    const at = Number(match[1]);
    if (at >= MAX_MOVES) return null;
    let move;
    try {
      const text = unbase64url(match[2]);
      if (text.length > MAX_MOVE_TEXT) return null;
      move = JSON.parse(text);
    } catch {
      return null;
    }
    if (move === null || typeof move !== "object" || Array.isArray(move)) return null;
    path.push({ at, move });
  }
  return { path, index: Number(last) };
}

export { same as sameMove };

// ----- the build's answers: first-level "What if?" without the engine -------------------
//
// For each step of the book line with a choice, the build (site_build/what_if.py) ships the
// engine's answer to every move a reader may pick there, exactly as `stops.web.branch` gives
// it, one file per step: {format: "stops-what-if", bot, seed, step, answers: [...]}, each
// answer naming its question in `branch` ({step, move, bot, seed}).

// A move's key whatever the order of its fields.
export function moveKey(move) {
  return JSON.stringify(Object.keys(move ?? {}).sort().map((key) => [key, move[key]]));
}

// A step's answers by move key, for the bot and seed the widget plays branches with; empty
// for a file about anything else (another step, bot or seed), which is never drawn.
export function shippedAnswers(file, { step, bot, seed = 0 }) {
  const found = new Map();
  if (!file || file.format !== "stops-what-if" || file.step !== step || file.bot !== bot || file.seed !== seed
    || !Array.isArray(file.answers)) return found;
  for (const answer of file.answers) {
    const asked = answer?.branch;
    if (asked && asked.step === step && asked.bot === bot && asked.seed === seed && asked.move) found.set(moveKey(asked.move), answer);
  }
  return found;
}
