// The play page's state, as pure functions over the session document and the engine's answer.
//
// The engine holds nothing between requests: the page keeps the session document
// ("stops-session", docs/replay-format.md) and sends it with each request. The document is
// the history, so going back is a shorter document: `undo` cuts it back to before the
// reader's previous decision (the bots' moves after it go too, and a round dealt after it).
// Nothing here decides a rule: who moves, what is legal and every amount come from the
// engine's `state` answer; this module only reads them.
//
// No DOM: tested under Node (tests/models/). Amounts are added exactly (model/fraction.mjs).

import * as F from "./fraction.mjs";

// Whose decision it is: {kind, player}; kind is "reader" (the reader moves), "bot" (a bot
// moves: the page asks the engine), "person" (another person at this screen), "next-round"
// (the round is over, deal the next) or "over" (the session is settled).
export function decision(state, reader) {
  if (!state) return { kind: "none", player: null };
  if (state.stage === "over") return { kind: "over", player: null };
  if (state.stage === "next-round") return { kind: "next-round", player: null };
  const player = state.to_move;
  if (state.controller !== "person") return { kind: "bot", player, level: state.controller };
  return { kind: player === reader ? "reader" : "person", player };
}

function copy(doc) {
  return JSON.parse(JSON.stringify(doc));
}

// Where the reader's last move is: {round, move} (indexes), or null when they have not moved.
export function lastDecision(doc, reader) {
  const rounds = doc?.rounds ?? [];
  for (let r = rounds.length - 1; r >= 0; r -= 1) {
    const moves = rounds[r].moves ?? [];
    for (let m = moves.length - 1; m >= 0; m -= 1) {
      if (moves[m].player === reader) return { round: r, move: m };
    }
  }
  return null;
}

// The document back at the reader's previous decision (that move and everything after it
// taken back), or null when there is nothing of the reader's to take back. The hands of the
// session's final showdowns (`session_end`) go too: the session is no longer over there.
export function undo(doc, reader) {
  const at = lastDecision(doc, reader);
  if (!at) return null;
  const out = copy(doc);
  out.rounds = out.rounds.slice(0, at.round + 1);
  out.rounds[at.round].moves = out.rounds[at.round].moves.slice(0, at.move);
  delete out.session_end;
  return out;
}

// The document back at the reader's previous choice: their moves played for them (`forced`,
// a Set of "round:move" places, forcedMove) are taken back with it, since they would only be
// played again. Null when there is nothing of the reader's to take back.
export function undoChoice(doc, reader, forced = new Set()) {
  let out = undo(doc, reader);
  for (let at = lastDecision(doc, reader); out && at && forced.has(`${at.round}:${at.move}`);) {
    at = lastDecision(out, reader);
    if (!at) break;
    out = undo(out, reader);
  }
  return out;
}

// The place the next move of a document takes: "round:move" (indexes), as undoChoice reads it.
export function nextPlace(doc) {
  const round = (doc?.rounds?.length ?? 1) - 1;
  return `${round}:${doc?.rounds?.[round]?.moves?.length ?? 0}`;
}

// How many moves the document holds (every round), a measure of "later" for the timeline.
export function moveCount(doc) {
  return (doc?.rounds ?? []).reduce((sum, round) => sum + (round.moves?.length ?? 0), 0);
}

// An amount as the engine writes it (a whole number, or an exact fraction "4/3") as the
// nearest number: for what is drawn to scale, never for arithmetic (model/fraction.mjs).
export function amountValue(amount) {
  return F.toNumber(F.fraction(amount));
}

// The session ledger as rows: one per round (dealer, winner, each player's net and balance,
// who left before it), then the settlement when the session is over. `players` keeps the
// seat order; a player who has left has no entry in later rounds (null).
export function ledgerRows(state) {
  const players = state.players;
  const rows = state.ledger.rounds.map((round) => ({
    kind: "round",
    round: round.round,
    dealer: round.dealer,
    winner: round.winner,
    over: round.over,
    left: round.left_before,
    cells: players.map((name) => round.players[name] ?? null),
  }));
  if (state.session_end) {
    const end = state.session_end;
    const last = state.ledger.rounds.at(-1);
    rows.push({
      kind: "settlement",
      winners: end.winners,
      cells: players.map((name) => {
        const before = last?.players[name]?.balance ?? state.ledger.balances[name];
        const after = end.balances[name];
        return { net: difference(after, before), balance: after };
      }),
    });
  }
  return rows;
}

// The last round's result, for the summary at the table: its number, its winner (null in a
// deadlock) and whether they went out first (not: Pope Joan's dealer by the turn-up), and each
// seated player's net in seat order (the engine's notation).
export function roundSummary(state) {
  const round = state.ledger?.rounds?.at(-1);
  if (!round) return null;
  const nets = state.players.filter((name) => round.players[name]).map((name) => ({ player: name, net: round.players[name].net }));
  return { round: round.round, winner: round.winner ?? null, wentOut: round.went_out !== false, nets };
}

// after - before, exactly, in the engine's notation ("4/3" stays a fraction).
export function difference(after, before) {
  return F.toJSON(F.sub(F.fraction(after), F.fraction(before)));
}

// Each player's balance by round, for the chart: {points: [start, after round 1, ...,
// after the settlement], series: [{player, values}]}, numbers (fractions as decimals).
export function balanceSeries(state) {
  const rounds = state.ledger.rounds;
  const starts = {};
  for (const name of state.players) {
    const first = rounds[0]?.players[name];
    starts[name] = amountValue(first ? F.toJSON(F.sub(F.fraction(first.balance), F.fraction(first.net))) : state.ledger.balances[name]);
  }
  const series = state.players.map((name) => {
    const values = [starts[name]];
    let last = starts[name];
    for (const round of rounds) {
      const cell = round.players[name];
      if (cell) last = amountValue(cell.balance);
      values.push(last);
    }
    if (state.session_end) values.push(amountValue(state.session_end.balances[name]));
    return { player: name, values };
  });
  const labels = ["0", ...rounds.map((round) => String(round.round))];
  if (state.session_end) labels.push("end");
  return { labels, series };
}

// A bid range from the engine ({player, bid: {min, max}}) clamps a typed amount, or says why not;
// `key` names the action for other ranges of amounts (a poch of a chosen size: "bet", "raise").
export function bidAmount(range, typed, key = "bid") {
  const value = Number(typed);
  if (!Number.isInteger(value)) return { ok: false, reason: "whole" };
  if (value < range.min) return { ok: false, reason: "low" };
  if (range.max !== null && range.max !== undefined && value > range.max) return { ok: false, reason: "high" };
  return { ok: true, move: { player: range.player, [key]: value } };
}

// The actions whose legal moves may be a range of amounts {min, max} (an auction's bid, a bet
// or a raise of a chosen size), and the one a legal move ranges over, or null.
export const AMOUNT_ACTIONS = ["bid", "bet", "raise"];
export function rangeAction(move) {
  return AMOUNT_ACTIONS.find((key) => move[key] !== null && typeof move[key] === "object") ?? null;
}

// The one move a player can make when they have no choice (one legal move, and no amount
// to choose in it), else null: the move the play page makes for them.
export function forcedMove(legal) {
  if (!Array.isArray(legal) || legal.length !== 1) return null;
  return rangeAction(legal[0]) ? null : legal[0];
}

// The set-up form's values as the engine's set-up (new_session): the reader at `seat`.
export function setupFromForm({ game, count, seat, reader, names, levels, options, seed, length }) {
  const players = [];
  const bots = {};
  for (let i = 0; i < count; i += 1) {
    const name = i === seat ? reader : names[i];
    players.push(name);
    if (i !== seat) bots[name] = levels[i] ?? "basic";
  }
  const setup = { game, players, bots, options };
  if (seed !== null && seed !== undefined && seed !== "") setup.seed = Number(seed);
  if (length) setup.length = Number(length);
  return setup;
}
