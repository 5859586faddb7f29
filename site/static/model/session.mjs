// The play page's session, as one pure reducer: `reduce(session, action) -> session`.
//
// The page (pages/play.mjs) is wiring: a DOM event or an engine answer becomes an action, the
// reducer gives the next session, and the page draws it and sends what it asks the engine.
// The session holds what the page knows between requests: the engine's last state and the
// reader, the log and the round's news as data, the moves played for the player (Undo takes
// them back with the choice before them), the flow's flags (an Undo waits, a skip runs the
// bots), whether a request is out (`generation`: a newer one makes an older answer stale) and
// the error to show. Nothing here decides a rule: the engine's answers do (model/table.mjs
// reads them). No DOM, no timers, no requests: tested under Node (tests/models/).

import { RETRIED } from "../engine/client.mjs";
import { plan } from "./play.mjs";
import { decision, forcedMove, lastDecision, nextPlace, undoChoice } from "./table.mjs";

const N_ = (message) => message;

// The words of the errors the page says itself (the engine's own errors carry theirs).
export const CANNOT_OPEN = Object.freeze({
  link: N_("This share link cannot be opened:"),
  import: N_("This document cannot be opened:"),
});
export const NOT_JSON = N_("it is not JSON.");
export const SHARE_ERRORS = Object.freeze({
  base64: N_("This share link is damaged: it holds characters a share link never has."),
  deflate: N_("This share link is damaged: its data does not unpack."),
  json: N_("This share link is damaged: its data is not a table."),
  size: N_("This share link is too long to be a table."),
});

// The status line's sentence for each kind of decision (model/table.mjs decision).
export const STATUS = Object.freeze({
  reader: N_("Your move (%(phase)s)."),
  bot: N_("%(player)s to move (%(phase)s)."),
  "next-round": N_("The round is over."),
  over: N_("The session is over. Winners: %(players)s."),
});

// A session before any table: the set-up form.
export function initial() {
  return {
    stage: "setup", // "setup" (the form) or "table"
    state: null, // the engine's last state
    reader: null, // the player at this screen
    generation: 0, // the latest request's number
    busy: false, // a request is out
    requested: null, // the page's action the latest request is for ({type, ...}: what a Retry asks again), or null
    log: [], // {kind: "event", event, message} | {kind: "move", move} | {kind: "forced", move} | {kind: "undo"}
    logEpoch: 0, // a new epoch: the log was started again (the page redraws it whole)
    round: { start: null, steps: [] }, // the round's events so far, for the news
    fresh: false, // the last transition brought news (shown as it happens)
    fly: [], // the events whose chips fly at this transition
    told: false, // the session's end is in the log
    autoplayed: [], // the places ("round:move") of the moves played for the player
    undone: false, // the position was reached by an Undo: its forced move waits
    rush: false, // the player skipped to their turn: the bots' run plays at once
    refresh: false, // another person at this screen moves next: the page asks the engine again for their view
    error: null, // {words: [message ids], engine: an engine error or null, retry: the action a Retry dispatches again, or null}
  };
}

// Events told as log entries: each with the message the engine gave beside it; a move
// without any event is told by its label.
function told(events = [], messages = [], move = null) {
  const entries = [];
  if (move && move.player && events && !events.length) entries.push({ kind: "move", move });
  (events ?? []).forEach((event, i) => entries.push({ kind: "event", event, message: messages[i] }));
  return entries;
}

// A new position from the engine: the log and the round's news take its events, the session's
// end is told once, and when another person at this screen moves next the table turns to them.
function shown(session, state, { events = [], messages = [], move = null } = {}) {
  const log = [...session.log, ...told(events, messages, move)];
  const steps = [...session.round.steps];
  let fresh = false;
  if (events.length) {
    steps.push({ events, messages });
    fresh = true;
  }
  let toldEnd = session.told;
  if (state.session_end && decision(state, session.reader).kind === "over" && !toldEnd) {
    toldEnd = true;
    log.push(...told(state.session_end.events, state.session_end.messages));
    steps.push({ events: state.session_end.events, messages: state.session_end.messages });
    fresh = true;
  }
  const who = decision(state, session.reader);
  const turned = who.kind === "person" && who.player !== session.reader;
  return {
    ...session, stage: "table", state, log, round: { ...session.round, steps }, fresh: session.fresh || fresh,
    fly: events, told: toldEnd, reader: turned ? who.player : session.reader, refresh: turned,
  };
}

// A table opened whole (a new session, a document, a saved table, an Undo): the log starts
// again from the round's walkthrough (`walk`: its start and steps, or null). The error shown
// stays (a damaged link's, when the saved table opens instead): the page clears it.
function opened(session, { state, reader = session.reader, walk = null, undone = false }) {
  const base = {
    ...session, reader, state, log: [], logEpoch: session.logEpoch + 1, told: false, refresh: false,
    round: { start: null, steps: [] }, fresh: false, undone, rush: false,
  };
  if (walk) {
    base.log = [...told(walk.start.events, walk.start.messages), ...walk.steps.flatMap((s) => told(s.events, s.messages, s.move))];
    base.round = { start: walk.start, steps: walk.steps.map(({ events, messages }) => ({ events, messages })) };
    base.fresh = !walk.steps.length; // a round just dealt: its showdown is shown hand by hand
  }
  if (!undone) base.autoplayed = [];
  const next = shown(base, state);
  // The antes of a new deal fly as it opens.
  next.fly = walk && !walk.steps.length ? walk.start.events : [];
  if (undone) next.log.push({ kind: "undo" });
  return next;
}

// The session after `action`. Actions that answer a request carry its `generation`: an
// answer to an older request than the latest changes nothing.
export function reduce(session, action) {
  if (action.generation !== undefined && action.generation !== session.generation) return session;
  switch (action.type) {
    case "request": // a request goes out, for the page's `action` (a move, Start, a hint...): older answers are stale
      return { ...session, generation: session.generation + 1, busy: true, requested: action.action ?? null };
    case "settled": // the request's answer (or failure) is in
      return { ...session, busy: false };
    case "failed": { // the engine failed the request: an abort is silent, a lost engine may be retried (its action again)
      if (action.error?.kind === "abort") return { ...session, busy: false };
      const retry = RETRIED.includes(action.error?.kind) ? session.requested : null;
      return { ...session, busy: false, error: { words: [], engine: action.error, retry } };
    }
    case "refused": // a document the page cannot open: its words, and the engine's error when it checked it
      return { ...session, error: { words: action.words, engine: action.error ?? null, retry: null } };
    case "clear-error":
      return session.error ? { ...session, error: null } : session;
    case "opened": // new_session, a document, a saved table
      return opened(session, action);
    case "undone": // the document back at the player's previous choice, the engine's state of it
      return opened(session, { ...action, undone: true });
    case "forced": // the player's only move is about to be played for them
      return {
        ...session, autoplayed: [...session.autoplayed, nextPlace(session.state.document)],
        log: [...session.log, { kind: "forced", move: action.move }],
      };
    case "moved": // the engine's answer to a move (the player's or a bot's)
      return shown({ ...session, fresh: false }, action.state, { events: action.state.events ?? [], messages: action.state.messages ?? [], move: action.move ?? null });
    case "dealt": // the next round: its deal's events start the round's news
      return shown({ ...session, fresh: false, round: { start: null, steps: [] } }, action.state, { events: action.state.events ?? [], messages: action.state.messages ?? [] });
    case "refreshed": // the same position, as the engine sees it for the reader now
      return shown({ ...session, fresh: false }, action.state);
    case "rush": // skip to my turn
      return { ...session, rush: true };
    case "planned": // the page runs the flow's plan (next): an Undo's wait is spent, a skip goes on or ends
      return { ...session, undone: false, rush: action.plan.rush };
    case "new-session": // back to the form; every answer still out is stale
      return { ...initial(), generation: session.generation + 1, logEpoch: session.logEpoch + 1 };
    case "resume-failed": // a saved table the engine no longer opens: forgotten, the form instead
      return { ...session, stage: "setup", error: null };
    default:
      throw new Error(`unknown action ${action.type}`);
  }
}

// ----- what the page reads of a session ------------------------------------------------------

export function decisionOf(session) {
  return decision(session.state, session.reader);
}

// What happens next (model/play.mjs): the player's forced move, a bot's move, or a wait.
export function next(session, { pace = "normal", forced = true } = {}) {
  return plan(session.state, { reader: session.reader, pace, forced, undone: session.undone, rush: session.rush });
}

// The document Undo asks the engine about, or null when there is nothing to take back.
export function undoDocument(session) {
  return session.state ? undoChoice(session.state.document, session.reader, new Set(session.autoplayed)) : null;
}

// Which of the table's controls are live: undo and hint enabled, the step, skip and
// next-round buttons shown.
export function controls(session, { pace = "normal" } = {}) {
  const who = decisionOf(session);
  const state = session.state;
  return {
    undo: Boolean(state) && lastDecision(state.document, session.reader) !== null,
    hint: who.kind === "reader" && forcedMove(state.legal) === null, // a hint rates a choice: one legal move is none
    step: who.kind === "bot" && pace === "step",
    rush: who.kind === "bot" && !session.rush,
    nextRound: who.kind === "next-round",
  };
}

// What the status line says: the round of the session, and whose decision it is as a
// sentence of STATUS with its values (the phase as the engine names it: the page labels it),
// or null when the sentence is none (another person's move is told at their turn).
export function status(session) {
  const state = session.state;
  const who = decisionOf(session);
  const message = STATUS[who.kind] ?? null;
  const values = { phase: state.view?.phase ?? "", player: who.player ?? "", players: (state.session_end?.winners ?? []).join(", ") };
  return { round: state.round, rounds: state.rounds, kind: who.kind, message, values };
}

// What the page keeps in local storage, or null before a table.
export function saved(session) {
  return session.state ? { document: session.state.document, reader: session.reader } : null;
}

// The person a document opens for: the reader when they play in it, else its first player who
// is not a bot (null when all are bots).
export function personOf(doc, reader = null) {
  const bots = doc.bots ?? {};
  if (reader && doc.players.includes(reader) && !(reader in bots)) return reader;
  return doc.players.find((name) => !(name in bots)) ?? null;
}

// The error of a share link that does not decode (model/share.mjs's reason), as words.
export function linkError(reason) {
  return [SHARE_ERRORS[reason] ?? SHARE_ERRORS.json];
}
