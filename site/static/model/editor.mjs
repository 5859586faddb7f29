// The example editor's pure model: a replay document built piece by piece (no DOM).
//
// The editor's state is plain data — the table (game, options, players, dealer), the cards
// of each hand and of the extra hand, the moves played so far and a note per step — and
// every function here returns a new state. The engine decides everything that is a rule:
// whether the deal holds (`check_deal`), which moves are legal (`edit_state`), what each
// step says (the walkthrough). This module only keeps the pieces and writes them out: the
// replay document, the share link (play's codec, model/share.mjs), the embed URL and
// snippet, and reads any of them back.
//
// Runs under Node (tests/site/test_editor_model.py) and in the page (pages/editor.mjs).

import { fillText } from "../i18n/messages.mjs";

// The share-link codec is the play page's (model/share.mjs), loaded when a link is made or read.
const codec = () => import("./share.mjs");

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const SUITS = ["♠", "♥", "♦", "♣"];
export const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`));
export const WIDOW = "widow"; // the owner key of the extra hand (widow, ghost hand)
export const REPLAY_KEY = "replay"; // share links: `#replay=<deflate-raw + base64url>`
export const MAX_NOTE = 1000; // as the engine reads notes (docs/replay-format.md)
// The controls an embed may show besides stepping (which it always has).
export const CONTROLS = ["play", "whatif", "hint", "seat"];

const CARRIED = ["board", "balances", "session_end"];
const LETTERS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// `message` is the English sentence; `template` (a catalog entry) and `args` let a page say
// it in its own language (pages/editor.mjs, pages/embed.mjs).
export class EditorError extends Error {
  constructor(message, path = null, template = null, args = {}) {
    super(message);
    this.name = "EditorError";
    this.path = path;
    this.template = template ?? message;
    this.args = args;
  }
}

const N_ = (message) => message;

function fail(template, args = {}, path = null) {
  const message = fillText(template, args, "");
  return new EditorError(message, path, template, args);
}

// ----- cards ---------------------------------------------------------------------------

// "9♦", "9d", "9D", "10♦", "TD", "td" → "9♦" / "10♦"; anything else → null.
export function parseCard(text) {
  const match = /^(10|[2-9TJQKA])([♠♥♦♣SHDC])$/i.exec(String(text).trim());
  if (!match) return null;
  const rank = match[1].toUpperCase() === "T" ? "10" : match[1].toUpperCase();
  const suit = LETTERS[match[2].toUpperCase()] ?? match[2];
  return `${rank}${suit}`;
}

// The cards typed in a field ("9d 10d, JD"): {cards, bad} (bad: the tokens that are no card).
export function parseCards(text) {
  const cards = [];
  const bad = [];
  for (const token of String(text).split(/[\s,;]+/).filter(Boolean)) {
    const card = parseCard(token);
    if (card) cards.push(card);
    else bad.push(token);
  }
  return { cards, bad };
}

// Cards in the order of the game's pack (by suit, each suit in the game's rank order, as the
// engine describes it); a card outside the pack goes last.
function byDeck(cards, pack = DECK) {
  const place = (card) => (pack.includes(card) ? pack.indexOf(card) : pack.length + DECK.indexOf(card));
  return [...cards].sort((a, b) => place(a) - place(b));
}

// The pack by suit (♠ ♥ ♦ ♣), each suit in the pack's order: the editor's card grid.
export function suitsOf(pack = DECK) {
  return SUITS.map((suit) => pack.filter((card) => card.endsWith(suit)));
}

// ----- the table -----------------------------------------------------------------------

// A new, empty table: nobody holds a card yet.
export function newEditor({ game, players, dealer = null, options = {}, title = "", pack = DECK }) {
  if (!Array.isArray(players) || players.length === 0) throw new EditorError("a table needs players", "players");
  const hands = Object.fromEntries(players.map((name) => [name, []]));
  return {
    game, options: { ...options }, players: [...players], dealer: dealer ?? players.at(-1), title, description: "", pack: [...pack],
    seed: null, kind: "deal", hands, widow: [], moves: [], notes: {}, position: null,
    carried: {}, // what an imported replay held beyond the editor's fields (board, balances, session_end)
  };
}

// A change of the table or of the cards voids the moves (and their notes): they were
// played from another position.
function withoutPlay(state) {
  const notes = state.notes["0"] === undefined ? {} : { 0: state.notes["0"] };
  return { ...state, moves: [], notes };
}

export function setGame(state, game, options = {}) {
  return withoutPlay({ ...state, game, options: { ...options } });
}

export function setOption(state, name, value) {
  return withoutPlay({ ...state, options: { ...state.options, [name]: value } });
}

// The game's pack as the engine gives it for these options (`deal_sizes`/`check_deal`): the
// cards a full deal holds, by suit and rank order; the hands are kept, sorted by it.
export function setPack(state, pack) {
  const order = [...pack];
  const hands = Object.fromEntries(state.players.map((name) => [name, byDeck(state.hands[name], order)]));
  return { ...state, pack: order, hands, widow: byDeck(state.widow, order) };
}

// New player names in seat order; hands are kept by seat, the dealer by seat too.
export function setPlayers(state, players) {
  const names = players.map((name) => String(name));
  const dealerSeat = Math.max(0, state.players.indexOf(state.dealer));
  const hands = Object.fromEntries(names.map((name, seat) => [name, [...(state.hands[state.players[seat]] ?? [])]]));
  return withoutPlay({ ...state, players: names, hands, dealer: names[Math.min(dealerSeat, names.length - 1)] });
}

export function setDealer(state, name) {
  if (!state.players.includes(name)) throw new EditorError(`the dealer must be one of the players`, "dealer");
  return withoutPlay({ ...state, dealer: name });
}

export function setText(state, field, text) {
  if (field !== "title" && field !== "description") throw new EditorError(`no text field ${field}`);
  return { ...state, [field]: String(text) };
}

// ----- the cards -----------------------------------------------------------------------

export function ownerOf(state, card) {
  if (state.widow.includes(card)) return WIDOW;
  return state.players.find((name) => state.hands[name].includes(card)) ?? null;
}

export function unassigned(state) {
  return (state.pack ?? DECK).filter((card) => ownerOf(state, card) === null);
}

// Give `card` to `owner` (a player's name or WIDOW), or to nobody (null): the card leaves
// wherever it was, so a card is never held twice.
export function assignCard(state, card, owner) {
  const name = parseCard(card);
  if (!name) throw fail(N_("%(text)s is not a card"), { text: String(card).slice(0, 10) });
  if (owner !== null && owner !== WIDOW && !state.players.includes(owner)) throw new EditorError(`unknown player ${owner}`);
  const hands = Object.fromEntries(state.players.map((p) => [p, state.hands[p].filter((c) => c !== name)]));
  let widow = state.widow.filter((c) => c !== name);
  if (owner === WIDOW) widow = byDeck([...widow, name], state.pack);
  else if (owner !== null) hands[owner] = byDeck([...hands[owner], name], state.pack);
  return withoutPlay({ ...state, hands, widow, seed: null });
}

// The hand of `owner` is exactly `cards` (typed); they leave every other hand.
export function setHand(state, owner, cards) {
  let next = { ...state };
  const current = owner === WIDOW ? state.widow : state.hands[owner] ?? [];
  for (const card of current) next = assignCard(next, card, null);
  for (const card of cards) next = assignCard(next, card, owner);
  return next;
}

// A full deal ("deal": every card of the game's pack, its hand sizes) or a position in the middle of a
// round ("position": the cards named nowhere count as played).
export function setKind(state, kind) {
  if (kind !== "deal" && kind !== "position") throw new EditorError(`a deal is "deal" or "position", not ${kind}`);
  return withoutPlay({ ...state, kind });
}

// The cards of a document the engine dealt (`seeded_deal`), kept with its seed.
export function useDeal(state, doc) {
  const hands = Object.fromEntries(state.players.map((name) => [name, byDeck(doc.deal.hands[name] ?? [], state.pack)]));
  return withoutPlay({ ...state, hands, widow: byDeck(doc.deal.widow ?? [], state.pack), kind: "deal", seed: doc.seed ?? null,
                      turnUp: doc.deal.turn_up ?? null });
}

// Where a mid-round position stands (docs/replay-format.md, `position`): the phase it starts
// in, who leads, the card that stopped the last sequence, or the last card of a sequence in
// progress ({player, card}). An empty field leaves the engine's default.
export const POSITION_KEYS = ["phase", "leader", "stopped", "last"];

export function setPosition(state, fields) {
  const position = {};
  for (const key of POSITION_KEYS) {
    const value = fields[key];
    if (value === null || value === undefined || value === "") continue;
    if (key === "last") {
      if (!value.player || !value.card) continue;
      const card = parseCard(value.card);
      if (!card) throw fail(N_("%(text)s is not a card"), { text: String(value.card).slice(0, 10) }, "position.last.card");
      position.last = { player: value.player, card };
    } else if (key === "stopped") {
      const card = parseCard(value);
      if (!card) throw fail(N_("%(text)s is not a card"), { text: String(value).slice(0, 10) }, "position.stopped");
      position.stopped = card;
    } else {
      position[key] = String(value);
    }
  }
  return withoutPlay({ ...state, kind: "position", position: Object.keys(position).length ? position : null });
}

// ----- play and notes --------------------------------------------------------------------

export function playMove(state, move) {
  return { ...state, moves: [...state.moves, structuredClone(move)] };
}

// Back to step `step` (0: the start): the later moves go, and their notes with them.
export function takeBack(state, step) {
  const keep = Math.max(0, Math.min(step, state.moves.length));
  const notes = Object.fromEntries(Object.entries(state.notes).filter(([key]) => Number(key) <= keep));
  return { ...state, moves: state.moves.slice(0, keep), notes };
}

// The note of step `step` (0: the start); an empty text removes it. Plain text: never markup.
export function setNote(state, step, text) {
  if (!Number.isInteger(step) || step < 0 || step > state.moves.length) {
    throw fail(N_("a note belongs to a step from 0 to %(last)s"), { last: state.moves.length }, `notes.${step}`);
  }
  const value = String(text ?? "");
  if (value.length > MAX_NOTE) throw fail(N_("a note is at most %(max)s characters"), { max: MAX_NOTE }, `notes.${step}`);
  const notes = { ...state.notes };
  if (value.trim()) notes[String(step)] = value;
  else delete notes[String(step)];
  return { ...state, notes };
}

// The engine's legal moves (edit_state) as the editor offers them: cards to click, other
// actions as buttons, and a bid range as a number field.
export function choices(legal) {
  const cards = [];
  const actions = [];
  const bids = [];
  for (const move of legal ?? []) {
    if (typeof move.play === "string") cards.push(move);
    else if (move.bid && typeof move.bid === "object") bids.push(move);
    else actions.push(move);
  }
  return { cards, actions, bids };
}

// The bid `amount` within the range the engine gave, or an EditorError.
export function bidMove(range, amount) {
  const value = Number(amount);
  const { min, max } = range.bid;
  if (!Number.isInteger(value) || value < min || (max !== null && max !== undefined && value > max)) {
    if (max === null || max === undefined) throw fail(N_("a bid is a whole number from %(min)s"), { min }, "bid");
    throw fail(N_("a bid is a whole number from %(min)s to %(max)s"), { min, max }, "bid");
  }
  return { player: range.player, bid: value };
}

// ----- the document ----------------------------------------------------------------------

export function toDocument(state) {
  const doc = { format: "stops-replay", version: 1 };
  if (state.title.trim()) doc.title = state.title.trim();
  if (state.description.trim()) doc.description = state.description.trim();
  doc.game = state.game;
  if (Object.keys(state.options).length) doc.options = { ...state.options };
  doc.players = [...state.players];
  doc.dealer = state.dealer;
  if (state.seed !== null && state.kind === "deal") doc.seed = state.seed;
  Object.assign(doc, structuredClone(state.carried ?? {}));
  const cards = { hands: Object.fromEntries(state.players.map((name) => [name, [...state.hands[name]]])), widow: [...state.widow] };
  // The card turned up for trumps, in a deal of a game that turns one up (a position carries its own).
  if (state.kind === "deal" && state.turnUp) cards.turn_up = state.turnUp;
  doc[state.kind] = state.kind === "position" && state.position ? { ...cards, ...structuredClone(state.position) } : cards;
  doc.moves = state.moves.map((move) => structuredClone(move));
  const notes = Object.entries(state.notes).filter(([, text]) => text.trim());
  if (notes.length) doc.notes = Object.fromEntries(notes.sort((a, b) => Number(a[0]) - Number(b[0])));
  return doc;
}

// A replay document back into the editor (the engine has checked it, or will).
export function fromDocument(doc) {
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw fail(N_("a replay is a JSON object"));
  if (doc.format === "stops-session") throw fail(N_("this is a whole session: export one round of it as a replay"), {}, "format");
  const kind = doc.position ? "position" : "deal";
  const cards = doc[kind];
  if (!cards || typeof cards !== "object" || !cards.hands || typeof cards.hands !== "object") {
    throw fail(N_("the replay has no deal or position"), {}, "deal");
  }
  if (!Array.isArray(doc.players) || !doc.players.every((name) => typeof name === "string")) {
    throw fail(N_("the players are a list of names"), {}, "players");
  }
  let state = newEditor({ game: doc.game, players: doc.players, dealer: doc.dealer, options: doc.options ?? {},
                          title: typeof doc.title === "string" ? doc.title : "" });
  state.description = typeof doc.description === "string" ? doc.description : "";
  state.kind = kind;
  state.hands = Object.fromEntries(doc.players.map((name) => [name, [...(cards.hands[name] ?? [])].map((c) => parseCard(c) ?? String(c))]));
  state.widow = [...(cards.widow ?? [])].map((c) => parseCard(c) ?? String(c));
  state.turnUp = kind === "deal" && typeof cards.turn_up === "string" ? cards.turn_up : null;
  state.seed = Number.isInteger(doc.seed) ? doc.seed : null;
  state.moves = Array.isArray(doc.moves) ? structuredClone(doc.moves) : [];
  state.notes = doc.notes && typeof doc.notes === "object" ? Object.fromEntries(Object.entries(doc.notes).map(([k, v]) => [k, String(v)])) : {};
  state.carried = structuredClone(Object.fromEntries(CARRIED.filter((key) => key in doc).map((key) => [key, doc[key]])));
  if (doc.position) {
    const extra = Object.entries(doc.position).filter(([key]) => key !== "hands" && key !== "widow");
    state.position = extra.length ? structuredClone(Object.fromEntries(extra)) : null;
  }
  return state;
}

// The steps of the walkthrough the engine gave for the document, each with its note: what
// the editor lists and what the widget shows.
export function timeline(walk) {
  return [
    { step: 0, move: null, events: walk.start.events ?? [], note: walk.start.note ?? null },
    ...walk.steps.map((step, index) => ({ step: index + 1, move: step.move, events: step.events, note: step.note ?? null })),
  ];
}

export function replayFile(state) {
  return `${JSON.stringify(toDocument(state), null, 2)}\n`;
}

// ----- links, the embed and imports ------------------------------------------------------

// Embed options in the URL (the embed page reads them back with `embedOptions`).
// {example: "michigan/nine-of-diamonds"} or a replay in the fragment; step, autoplay,
// speed (0–2), seat (a name, or null for every hand), controls (a list of CONTROLS), whatIf.
export function embedQuery(options = {}) {
  const query = new URLSearchParams();
  if (options.example) query.set("example", options.example);
  if (options.step) query.set("step", String(options.step));
  if (options.autoplay) query.set("autoplay", "1");
  if (options.speed !== undefined && options.speed !== 1) query.set("speed", String(options.speed));
  if (options.seat) query.set("seat", options.seat);
  if (options.controls && options.controls.join(",") !== CONTROLS.join(",")) query.set("controls", options.controls.join(",") || "none");
  if (options.whatIf === false) query.set("whatif", "0");
  return query.toString();
}

export function embedOptions(search) {
  const query = new URLSearchParams(search);
  const example = query.get("example");
  if (example !== null && !/^[a-z_]+\/[a-z0-9-]+$/.test(example)) throw fail(N_("no example is called %(name)s"), { name: example.slice(0, 60) }, "example");
  const step = query.has("step") ? Number(query.get("step")) : 0;
  if (!Number.isInteger(step) || step < 0) throw fail(N_("the start step is a whole number"), {}, "step");
  const speed = query.has("speed") ? Number(query.get("speed")) : 1;
  if (![0, 1, 2].includes(speed)) throw fail(N_("the speed is 0, 1 or 2"), {}, "speed");
  const listed = query.get("controls");
  const controls = listed === null ? [...CONTROLS] : listed === "none" ? [] : listed.split(",");
  const unknown = controls.filter((name) => !CONTROLS.includes(name));
  if (unknown.length) throw fail(N_("unknown control %(name)s (controls: %(known)s)"), { name: unknown[0].slice(0, 20), known: CONTROLS.join(", ") }, "controls");
  return { example, step, autoplay: query.get("autoplay") === "1", speed, seat: query.get("seat") || null, controls,
           whatIf: query.get("whatif") !== "0" && controls.includes("whatif") };
}

// The embed page's URL: `base` is that page (…/en/embed/), `payload` a replay's share payload.
export function embedUrl(base, options = {}, payload = null) {
  const query = embedQuery(options);
  return `${base}${query ? `?${query}` : ""}${payload ? `#${REPLAY_KEY}=${payload}` : ""}`;
}

function attribute(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// The snippet a teacher pastes: the iframe, and the small script (from the site) that lets
// the iframe take the height the embed asks for. Without the script the iframe keeps `height`.
export function embedSnippet(url, { title, hostScript, height = 480 }) {
  return `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="${height}" loading="lazy" data-stops-embed></iframe>\n`
    + `<script src="${attribute(hostScript)}" async></script>`;
}

export async function shareLink(base, state) {
  const { encodeDocument } = await codec();
  return embedUrl(base, {}, await encodeDocument(toDocument(state)));
}

// What a pasted text is: {kind: "link", document} (a share or embed link, or the snippet),
// {kind: "block", text} (a ```stops-example block: the engine reads it), {kind: "file",
// document} (a replay's JSON), or {kind: "session", document} (the play page's share link,
// #table=, or its session file): the editor takes the session's round in play (the engine's
// export_round), with the board and balances it started from.
export const TABLE_KEY = "table"; // the play page's share links: `#table=<deflate-raw + base64url>`

export async function readImport(text) {
  const value = String(text ?? "").trim();
  if (!value) throw fail(N_("there is nothing to import"));
  if (/^(```|~~~)/.test(value)) return { kind: "block", text: value };
  const src = /<iframe[^>]*\ssrc="([^"]+)"/i.exec(value);
  const link = src ? src[1].replace(/&amp;/g, "&") : value;
  const fragment = /#(\w+)=(\S*)$/.exec(link);
  if (fragment && /^(https?:\/\/|\/|\.)/.test(link)) {
    if (fragment[1] !== REPLAY_KEY && fragment[1] !== TABLE_KEY) {
      throw fail(N_("a share link holds #%(replay)s= (a replay) or #%(table)s= (a table), not #%(found)s="),
        { replay: REPLAY_KEY, table: TABLE_KEY, found: fragment[1].slice(0, 20) }, "link");
    }
    const { decodeDocument } = await codec();
    const document = await decodeDocument(fragment[2]);
    return { kind: fragment[1] === TABLE_KEY || document?.format === "stops-session" ? "session" : "link", document };
  }
  if (value.startsWith("{")) {
    let document;
    try {
      document = JSON.parse(value);
    } catch {
      throw fail(N_("this text is not valid JSON"), {}, "file");
    }
    return { kind: document?.format === "stops-session" ? "session" : "file", document };
  }
  throw fail(N_("paste a share link, an embed snippet, a replay file or a stops-example block"));
}
