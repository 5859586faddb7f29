// The play page (/<lang>/<game>/play/): a whole session against the bots.
//
// The page is wiring: a DOM event or an engine answer becomes an action of the session's
// reducer (model/session.mjs), and the page draws the session it gives and sends the requests
// it needs. The session holds the session document and nothing else of the game: every
// request sends it to the engine worker (stops.web: new_session, state, apply, bot_move,
// next_round, hint, check_document, round_walkthrough). The table is the widget's seats and
// board (view/); the reader's legal moves are the only live controls (view/hand.mjs), the
// rest is drawn inert. Undo is a shorter document (model/table.mjs), a share link the
// document compressed into the fragment (model/share.mjs), and the table is kept in local
// storage.

import { pageEngine, requestRetried } from "../engine/client.mjs";
import { errorNode } from "../i18n/errors.mjs";
import { fillText as fill, renderMessage } from "../i18n/messages.mjs";
import * as model from "../model/table.mjs";
import { boardFor, countWithin, playerRange } from "../model/options.mjs";
import * as flow from "../model/play.mjs";
import * as sessions from "../model/session.mjs";
import * as share from "../model/share.mjs";
import { button, copyText, errorBlock } from "../view/controls.mjs";
import { cardName } from "../view/cards.mjs";
import { TableView } from "../view/table.mjs";
import { facing } from "../view/seats.mjs";
import { makeVoice, moveLabel } from "../view/voice.mjs";
import { renderChart, renderLedger } from "../view/session-ledger.mjs";
import { roundNews } from "../model/news.mjs";
import { renderNews, renderNotices } from "../view/table-news.mjs";
import { mount } from "../widget.mjs";
import { hintRows } from "../view/hints.mjs";
import { FitUnit } from "../view/layout.mjs";
import { HandDock, renderSummary } from "../view/hand.mjs";
import { embedControl } from "./embed-control.mjs";

const N_ = (message) => message;
const { PACES } = flow;
const BOT_PLAYOUTS = 100; // the expert bot's playouts per option (bench/bench_play.py times it)
const BOT_TIMEOUT = 30_000;
// Hint playouts: the stops play runs on the fast simulator; the auctions and the betting
// replay whole rounds, so fewer playouts answer in about the same time (bench/bench_play.py).
const HINT_PLAYOUTS = { stops: 500, other: 100 };
const HINT_TIMEOUT = 30_000;
const { CANNOT_OPEN, NOT_JSON } = sessions;

// The page's actions that ask the engine, by their type: what a request is for (the session
// records it, model/session.mjs), and what Retry runs again after the engine itself failed.
const REDO = {
  start: (page) => page.startFromForm(),
  open: (page, { document, reader, source }) => page.openDocument(document, { reader, source }),
  resume: (page, { saved, clear }) => page.resume(saved, clear),
  play: (page, { move }) => page.play(move),
  bot: (page) => page.botMove(),
  "next-round": (page) => page.nextRound(),
  undo: (page) => page.undo(),
  hint: (page) => page.hint(),
};

// Who sits at the table: the round's players (a player who left has no seat any more).
function seated(state) {
  return state.view ? state.view.players.map((p) => p.name) : state.players;
}

class PlayPage {
  constructor(root, data, messages) {
    this.root = root;
    this.data = data;
    this.game = data.game;
    this.messages = messages;
    this.voice = makeVoice(messages, this.game); // the views speak through view/voice.mjs
    this.engine = pageEngine();
    this.storage = globalThis.localStorage;
    this.session = sessions.initial(); // everything the page knows between requests (model/session.mjs)
    this.logged = { epoch: -1, count: 0 }; // how much of the session's log is drawn
    this.botTimer = null;
    this.q = (selector) => root.querySelector(selector);
    this.form = this.q(".setup-form");
    this.setupBox = this.q(".play-setup");
    this.tableBox = this.q(".play-table");
    this.errorBox = this.q(".play-error");
    this.status = this.q(".play-status");
    this.log = this.q(".play-log");
    this.hand = this.q(".play-hand");
    this.actions = this.q(".play-actions");
    this.pace = this.q(".control-pace");
    this.newsList = this.q(".news-list");
    this.notices = this.q(".play-notices");
    this.links = { rulesHref: `../../${this.game}.html`, rules: data.rules ?? {} };
    this.forced = this.q(".control-forced");
    this.handDock = new HandDock(this.voice, { hand: this.hand, actions: this.actions, onPlay: (move) => this.play(move),
      onWhy: (card, explain) => this.whyNot(card, explain) });
    // One screen (view/layout.mjs): the status, the table scaled to fit, and the dock under
    // it (the player's hand and moves, then the table's controls), in the viewport together.
    this.unitNode = document.createElement("div");
    this.unitNode.className = "play-unit";
    this.dock = document.createElement("div");
    this.dock.className = "play-dock";
    this.status.before(this.unitNode);
    const moments = document.createElement("section");
    moments.className = "table-moments";
    moments.hidden = true;
    this.momentList = document.createElement("ul");
    this.momentList.className = "news-list";
    moments.append(this.momentList);
    this.dock.append(moments, this.q(".play-moves"), this.q(".play-controls"));
    this.unitNode.append(this.status, this.q(".table-host"), this.dock);
    // What is not a move of the table (review the round, a new session) waits under the unit.
    const more = document.createElement("div");
    more.className = "play-more";
    more.append(this.q(".control-review"), this.q(".control-new"));
    this.unitNode.after(more);
    this.wire();
  }

  // The engine's last state and the player at this screen, as the session holds them.
  get state() {
    return this.session.state;
  }

  get reader() {
    return this.session.reader;
  }

  // One action through the reducer; what follows from it at once (busy, the error, the log)
  // is drawn here, a new position by show().
  dispatch(action) {
    const before = this.session;
    this.session = sessions.reduce(before, action);
    if (this.session.busy !== before.busy) this.drawBusy();
    if (this.session.error !== before.error) this.drawError();
    if (this.session.log !== before.log || this.session.logEpoch !== before.logEpoch) this.drawLog();
    return this.session;
  }

  // A new position from the engine: drawn, or (another person at this screen moves next)
  // asked again for their view.
  position(action) {
    this.dispatch(action);
    if (this.session.refresh) this.refresh();
    else this.show();
  }

  t(message) {
    return this.voice.gettext(message);
  }

  say(message, values = {}) {
    return fill(this.t(message), values);
  }

  // ----- wiring -------------------------------------------------------------------------

  wire() {
    const count = this.form.querySelector("#setup-count");
    const seat = this.form.querySelector("#setup-seat");
    // The counts the chosen rules allow (Nain Jaune's two players, Poch's pack and deal).
    const counts = () => {
      const range = playerRange(this.data.players, this.formOptions());
      for (const option of count.options) option.disabled = Number(option.value) < range.min || Number(option.value) > range.max;
      count.value = String(countWithin(range, Number(count.value)));
    };
    const seats = () => {
      const n = Number(count.value);
      for (const option of seat.options) option.hidden = option.disabled = Number(option.value) >= n;
      if (Number(seat.value) >= n) seat.value = "0";
      for (const row of this.form.querySelectorAll(".bot-row")) {
        const i = Number(row.dataset.seat);
        row.hidden = i >= n || i === Number(seat.value);
      }
    };
    for (const name of this.data.players.by.options) {
      this.form.elements[`option-${name}`].addEventListener("change", () => {
        counts();
        seats();
      });
    }
    count.addEventListener("change", seats);
    seat.addEventListener("change", seats);
    counts();
    seats();
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startFromForm();
    });
    this.q(".import-open").addEventListener("click", () => this.importText(this.q("#import-text").value));
    this.q("#import-file").addEventListener("change", async (event) => {
      const file = event.target.files?.[0];
      if (file) this.importText(await file.text());
    });
    this.q(".control-hint").addEventListener("click", () => this.hint());
    this.q(".control-undo").addEventListener("click", () => this.undo());
    this.q(".control-step").addEventListener("click", () => this.botMove());
    this.q(".control-next-round").addEventListener("click", () => this.nextRound());
    this.q(".control-new").addEventListener("click", () => this.newSession());
    // Fast-forward: the bots' run of moves played at once, up to the player's next decision.
    this.rushButton = button(this.t(N_("Skip to my turn")), () => {
      this.dispatch({ type: "rush" });
      this.drawControls();
      this.schedule();
    }, "control-rush");
    this.rushButton.hidden = true;
    this.q(".control-step").after(this.rushButton);
    this.q(".control-review").addEventListener("click", () => this.review());
    this.pace.addEventListener("change", () => {
      this.drawControls();
      this.schedule();
    });
    this.q(".save-round").addEventListener("click", () => this.download("round"));
    this.q(".save-session").addEventListener("click", () => this.download("session"));
    this.q(".copy-session").addEventListener("click", () => this.copy(JSON.stringify(this.state.document, null, 1), N_("The session is copied.")));
    this.q(".copy-link").addEventListener("click", () => this.copyLink());
  }

  // ----- engine requests ----------------------------------------------------------------

  // The answer of one request, or null when it failed or a newer request made it stale (the
  // session says the failure: model/session.mjs).
  // `action`: the page's action the request is for ({type, ...}, one of REDO's), which a
  // Retry dispatches again when the engine itself failed.
  async request(op, args, { timeout, action = null } = {}) {
    clearTimeout(this.botTimer);
    const { generation } = this.dispatch({ type: "request", action });
    const options = { key: "play", ...(timeout ? { timeout } : {}) };
    try {
      // The pages' one retry policy (engine/client.mjs), then the page tells the failure.
      const result = await requestRetried(this.engine, op, args, options, { still: () => generation === this.session.generation });
      const current = generation === this.session.generation;
      this.dispatch({ type: "settled", generation });
      return current ? result : null;
    } catch (error) {
      this.dispatch({ type: "failed", error, generation });
      return null;
    }
  }

  drawBusy() {
    const busy = this.session.busy;
    this.root.dataset.busy = busy ? "true" : "false";
    for (const node of this.root.querySelectorAll(".play-moves button, .play-moves input")) node.disabled = busy || node.dataset.inert === "true";
  }

  // The session's error: the page's words, the engine's error (what and where), and a Retry
  // button when the engine itself failed.
  drawError() {
    const error = this.session.error;
    this.errorBox.hidden = !error;
    if (!error) {
      this.errorBox.replaceChildren();
      return;
    }
    const again = error.retry; // the failed request's action (model/session.mjs)
    errorBlock(this.errorBox, {
      words: error.words.map((words) => this.t(words)).join(" "), error: error.engine, catalog: this.voice.data, links: this.links,
      onRetry: again ? () => {
        this.clearError();
        this.perform(again);
      } : null,
    });
  }

  // One of the page's actions (the session's record of a request: model/session.mjs), run.
  perform(action) {
    return REDO[action.type](this, action);
  }

  clearError() {
    this.dispatch({ type: "clear-error" });
  }

  // ----- starting a table ---------------------------------------------------------------

  // The rule options as the form has them, {name: value}.
  formOptions() {
    const options = {};
    for (const option of this.data.options) {
      const input = this.form.elements[`option-${option.name}`];
      if (option.kind === "bool") options[option.name] = input.checked;
      else if (option.kind === "int") options[option.name] = Number(input.value);
      else options[option.name] = input.value;
    }
    return options;
  }

  formSetup() {
    const value = (name) => this.form.elements[name]?.value;
    const options = this.formOptions();
    const count = Number(value("count"));
    const names = this.data.names.map((_, i) => value(`bot-name-${i}`) || this.data.names[i]);
    const levels = this.data.names.map((_, i) => value(`bot-level-${i}`));
    const seed = value("seed")?.trim();
    return model.setupFromForm({
      game: this.game, count, seat: Number(value("seat")), reader: value("name")?.trim() || this.data.reader,
      names, levels, options, seed: seed ? seed : null, length: this.data.length ? value("session-length") : null,
    });
  }

  async startFromForm() {
    const action = { type: "start" };
    const setup = this.formSetup();
    const seat = Number(this.form.elements.seat.value);
    const reader = setup.players[seat];
    if (setup.seed === undefined) setup.seed = Math.floor(Math.random() * 2 ** 31);
    this.clearError();
    const state = await this.request("new_session", [setup, reader], { action });
    if (state) await this.open(state, reader, { action });
  }

  newSession() {
    clearTimeout(this.botTimer);
    this.dispatch({ type: "new-session" }); // every answer still out is stale
    share.forgetTable(this.storage, this.game);
    this.tableBox.hidden = true;
    this.setupBox.hidden = false;
    this.root.dataset.state = "setup";
    this.form.querySelector("button[type=submit]").focus();
  }

  // A checked document (import, link, storage): open it, or say what is wrong and change nothing.
  async openDocument(document, { reader = null, source = "import" } = {}) {
    const action = { type: "open", document, reader, source };
    const checked = await this.request("check_document", [JSON.stringify(document)], { action });
    if (!checked) return false;
    if (!checked.valid) {
      this.dispatch({ type: "refused", words: [CANNOT_OPEN[source] ?? CANNOT_OPEN.import], error: checked.error });
      return false;
    }
    const doc = checked.document;
    const person = sessions.personOf(doc, reader);
    const state = await this.request("state", [doc, person], { action });
    if (!state) return false;
    this.clearError();
    await this.open(state, person);
    return true;
  }

  importText(text) {
    let document;
    try {
      document = JSON.parse(text);
    } catch {
      this.dispatch({ type: "refused", words: [CANNOT_OPEN.import, NOT_JSON] });
      return;
    }
    this.openDocument(document, { source: "import" });
  }

  // A table opened whole (started, imported, resumed, or an Undo's earlier position): the
  // round so far is told from its start (a document opened in the middle of a round).
  async open(state, reader, { undone = false, action = null } = {}) {
    this.setupBox.hidden = true;
    this.tableBox.hidden = false;
    const walk = state.replay ? await this.request("round_walkthrough", [state.document], { action }) : null;
    this.tablePlayers = null; // the table is built again
    this.position({ type: undone ? "undone" : "opened", state, reader, walk });
    if (undone) {
      // Back at the reader's decision: their focus goes to its first legal move.
      this.root.querySelector(".play-moves button:enabled, .play-moves input:enabled")?.focus({ preventScroll: true });
      return;
    }
    // Start brings the table into view, and the focus to what the player does next: their
    // first legal move, or the status that tells whose move it is (never the hidden form).
    this.unit?.fit();
    this.unitNode.scrollIntoView({ block: "center", behavior: "instant" });
    this.unit?.reveal();
    const decision = sessions.decisionOf(this.session);
    const next = decision.kind === "reader" ? this.root.querySelector(".play-moves button:enabled, .play-moves input:enabled") : null;
    (next ?? this.status).focus({ preventScroll: true });
  }

  // ----- drawing ------------------------------------------------------------------------

  buildTable(state) {
    const host = this.q(".table-host");
    const players = seated(state);
    // The widget's table (view/table.mjs), the player along the bottom; hidden cards stay
    // hidden in play (no reveal of the widow).
    this.table = new TableView(this.voice, { players: facing(players, this.reader),
                                             board: boardFor(this.data.boards, state.document.options) });
    const felt = this.table.node;
    host.replaceChildren(felt);
    this.tablePlayers = players.join("\n");
    this.unit = new FitUnit({ node: this.unitNode, stage: host, felt, panel: this.status, controls: this.dock }, { beside: false });
    if (!this.fitting) {
      this.fitting = true;
      addEventListener("resize", () => this.unit?.fit());
    }
  }

  // The session's position drawn: the table, the player's moves, the status, the ledger, the
  // news and the controls; then the flow's next step is scheduled.
  show() {
    const state = this.state;
    if (seated(state).join("\n") !== this.tablePlayers) this.buildTable(state);
    const decision = sessions.decisionOf(this.session);
    share.saveTable(this.storage, this.game, sessions.saved(this.session));
    this.root.dataset.state = decision.kind;
    // The reader's focus follows play when it was on a move (now gone), the status or nowhere.
    const focused = document.activeElement;
    const follow = !focused || focused === document.body || focused === this.status
      || this.hand.contains(focused) || this.actions.contains(focused);
    this.draw();
    this.animate(this.session.fly);
    this.drawMoves(decision);
    this.drawStatus();
    this.drawLedger();
    this.drawNews();
    this.drawEmbed();
    this.hideHint();
    if (!this.q(".play-review").hidden) this.review(); // a new position: the old steps go
    this.drawControls();
    this.drawSummary(decision);
    this.unit?.fit();
    if (decision.kind === "reader") this.unit?.reveal(); // the player's turn: their hand on the screen
    // A keyboard reader's focus goes to their first legal move, or to the next step's button.
    if (follow || !focused.isConnected) {
      const next = decision.kind === "reader" ? this.root.querySelector(".play-moves button:enabled, .play-moves input:enabled")
        : decision.kind === "next-round" ? this.q(".control-next-round") : null;
      (next ?? this.status).focus?.({ preventScroll: true });
    }
    this.schedule();
  }

  // The chips of the step's transfers fly from payer to receiver (not at the fast pace).
  animate(events) {
    if (!events?.length || this.pace.value === "fast" || this.session.rush) return;
    this.table.fly(events);
  }

  // The round's end at the table, above the next-round button (view/hand.mjs).
  drawSummary(decision) {
    this.summary ??= Object.assign(document.createElement("div"), { className: "round-summary" });
    if (!this.summary.isConnected) this.dock.prepend(this.summary);
    const done = decision.kind === "next-round" || decision.kind === "over";
    renderSummary(this.summary, done ? model.roundSummary(this.state) : null, this.voice);
  }

  drawControls() {
    if (!this.state) return;
    const live = sessions.controls(this.session, { pace: this.pace.value });
    this.q(".control-undo").disabled = !live.undo;
    this.q(".control-hint").disabled = !live.hint;
    this.q(".control-step").hidden = !live.step;
    this.rushButton.hidden = !live.rush;
    this.q(".control-next-round").hidden = !live.nextRound;
  }

  async refresh() {
    const state = await this.request("state", [this.state.document, this.reader]);
    if (state) this.position({ type: "refreshed", state });
  }

  draw() {
    const state = this.state;
    const view = state.view;
    if (!view) return;
    // After the settlement the board holds what the session's end left on it.
    const end = state.session_end?.board;
    this.table.set({ view, seat: this.reader, reader: this.reader, pots: end ? Object.entries(end).map(([id, amount]) => ({ id, amount })) : null });
  }

  // The player's hand and moves in the dock (view/hand.mjs), drawn from the engine's answer.
  drawMoves(decision) {
    this.handDock.set({ view: this.state.view, legal: decision.kind === "reader" ? this.state.legal : [], reader: this.reader,
      key: String(this.session.generation) });
    this.drawBusy();
  }

  drawStatus() {
    const said = sessions.status(this.session);
    const round = this.say(N_("Round %(number)s of %(total)s"), { number: this.voice.number(said.round), total: this.voice.number(said.rounds) });
    const phase = this.data.phases[said.values.phase] ?? said.values.phase;
    const text = said.message ? this.say(said.message, { ...said.values, phase }) : "";
    this.status.textContent = `${round} · ${text}`;
    this.q(".session-result").textContent = said.kind === "over" ? text : "";
  }


  // The round's showdowns, shown cards and explained turns, and what the next move must be.
  drawNews() {
    const pace = this.pace.value === "fast" || this.pace.value === "step" ? 0 : PACES[this.pace.value];
    const { round, fresh } = this.session;
    const news = roundNews(round.start, round.steps);
    renderNews(this.newsList, news, this.voice, { ...this.links, pace, fresh });
    // The moments that decide chips (a showdown, payouts, a section won, going out) shown at the
    // table as they happen: the last move's, or the deal's before any move, in the dock.
    const latest = round.steps.length ? news.latest : news.items.length;
    renderNews(this.momentList, { items: news.items.slice(news.items.length - latest), latest }, this.voice,
      { ...this.links, pace, fresh });
    renderNotices(this.notices, this.state.notices, this.voice, this.links);
  }

  drawLedger() {
    renderLedger(this.q(".ledger-table"), this.state, this.voice);
    renderChart(this.q(".chart-host"), this.state, this.voice);
  }

  // The session's log, drawn on from where it was (all again when it started again): events
  // told by the messages the engine gave beside them, a move without one by its label.
  drawLog() {
    const { log, logEpoch } = this.session;
    if (this.logged.epoch !== logEpoch) {
      this.log.replaceChildren();
      this.logged = { epoch: logEpoch, count: 0 };
    }
    for (const entry of log.slice(this.logged.count)) this.log.append(this.logItem(entry));
    this.logged.count = log.length;
    this.log.scrollTop = this.log.scrollHeight; // the log scrolls inside its box; the page stays where the reader is
  }

  logItem(entry) {
    const item = document.createElement("li");
    if (entry.kind === "move") {
      item.className = "log-move";
      item.append(`${entry.move.player}: `, moveLabel(this.voice, entry.move));
    } else if (entry.kind === "forced") {
      item.className = "log-forced";
      // The move as the page names it (a card is a node: voice.say keeps it one).
      item.append(this.voice.say(N_("Your only legal move, played for you: %(move)s"), { move: moveLabel(this.voice, entry.move) }));
    } else if (entry.kind === "undo") {
      item.className = "log-undo";
      item.textContent = this.t(N_("Move taken back."));
    } else {
      item.className = `log-${entry.event.type}`;
      try {
        item.append(renderMessage(entry.message, this.voice.data));
      } catch {
        item.textContent = entry.event.type;
      }
    }
    return item;
  }

  // ----- moves --------------------------------------------------------------------------

  async play(move) {
    if (this.session.busy) return;
    this.clearError();
    const state = await this.request("apply", [this.state.document, move, this.reader], { action: { type: "play", move } });
    if (state) this.position({ type: "moved", state, move });
  }

  schedule() {
    clearTimeout(this.botTimer);
    // What happens next is the flow's plan (model/play.mjs); the page runs it.
    const next = sessions.next(this.session, { pace: this.pace.value, forced: Boolean(this.forced?.checked) });
    this.dispatch({ type: "planned", plan: next });
    if (next.kind === "forced") {
      this.root.dataset.state = "forced"; // played for the player, told in the log
      this.botTimer = setTimeout(() => this.playForced(next.move), next.delay);
    } else if (next.kind === "bot") {
      this.botTimer = setTimeout(() => this.botMove(), next.delay);
    }
  }

  // Why a card of the player's hand cannot be played now: the engine's own refusal of it,
  // with the rule it breaks linked to its paragraph.
  async whyNot(card, explain) {
    const why = this.handDock.why;
    if (!why || this.session.busy) return;
    const move = { player: this.reader, play: card };
    try {
      await this.engine.request("apply", [this.state.document, move, this.reader], { key: "why" });
      return; // the engine took it: nothing to explain (the hand will be redrawn)
    } catch (error) {
      if (error?.kind !== "engine" || why !== this.handDock.why) return; // the hand was redrawn meanwhile
      const text = this.say(N_("You cannot play %(card)s now."), { card: cardName(card, this.voice) });
      explain(`${text} `, errorNode(error, this.voice.data, this.links));
    }
  }

  async playForced(move) {
    this.dispatch({ type: "forced", move }); // told in the log; Undo takes it back with the choice before it
    await this.play(move);
  }

  async botMove() {
    if (sessions.decisionOf(this.session).kind !== "bot") return;
    const state = await this.request("bot_move", [this.state.document, this.reader, BOT_PLAYOUTS], { timeout: BOT_TIMEOUT, action: { type: "bot" } });
    if (state) this.position({ type: "moved", state });
  }

  async nextRound() {
    const state = await this.request("next_round", [this.state.document, this.reader], { action: { type: "next-round" } });
    if (state) this.position({ type: "dealt", state }); // a new round: its deal's events start the news
  }

  async undo() {
    const doc = sessions.undoDocument(this.session);
    if (!doc) return;
    const action = { type: "undo" };
    const state = await this.request("state", [doc, this.reader], { action });
    if (state) await this.open(state, this.reader, { undone: true, action }); // a forced move undone waits for the player
  }

  // ----- stepping through the round (the table widget on its walkthrough) ---------------

  async review() {
    const toggle = this.q(".control-review");
    const box = this.q(".play-review");
    this.reviewHandle?.destroy();
    this.reviewHandle = null;
    if (!box.hidden) {
      box.hidden = true;
      toggle.setAttribute("aria-expanded", "false");
      return;
    }
    const state = this.state;
    const walk = await this.request("round_walkthrough", [state.document]);
    if (!walk || this.state !== state) return;
    box.hidden = false;
    toggle.setAttribute("aria-expanded", "true");
    this.reviewHandle = mount(this.q(".review-host"), {
      data: { document: state.replay, walk, board: boardFor(this.data.boards, state.replay.options) },
      messages: this.messages,
      name: "round", start: walk.steps.length, seat: this.reader, engine: this.engine, rulesHref: "../../",
    });
  }

  // ----- hints --------------------------------------------------------------------------

  hideHint() {
    this.q(".play-hint").hidden = true;
  }

  async hint() {
    const box = this.q(".play-hint");
    const status = this.q(".hint-status");
    box.hidden = false;
    status.textContent = this.t(N_("The engine is thinking…"));
    this.q(".hint-table tbody").replaceChildren();
    const state = this.state;
    const playouts = state.view.phase === "stops" ? HINT_PLAYOUTS.stops : HINT_PLAYOUTS.other;
    const answer = await this.request("hint", [state.replay, state.moves, playouts], { timeout: HINT_TIMEOUT, action: { type: "hint" } });
    if (!answer || this.state !== state) return;
    status.textContent = this.say(N_("%(playouts)s playouts per move; best first."), { playouts: this.voice.number(answer.playouts) });
    // The rows as the widget's hint draws them (view/hints.mjs), every option listed.
    const { rows } = hintRows(this.voice, answer, { classes: { best: "hint-best", figure: "hint-figure", rate: null, reason: null } });
    this.q(".hint-table tbody").replaceChildren(...rows);
  }

  // ----- saving and sharing -------------------------------------------------------------

  // The Embed control of the round in play: the iframe snippet and the direct link of the
  // embed page showing this round (its replay in the link), with the embed's options.
  async drawEmbed() {
    const replay = this.state.replay;
    if (!replay) return;
    const state = this.state;
    const payload = await share.encodeDocument(replay);
    if (this.state !== state) return;
    const target = { payload, steps: replay.moves.length, players: replay.players };
    if (!this.embed) {
      this.embed = embedControl({ t: (message) => this.t(message), lang: this.voice.lang, target: { payload },
                                  players: replay.players, steps: replay.moves.length, title: document.title,
                                  root: new URL("../../../", document.baseURI) });
      this.q(".play-embed").replaceChildren(this.embed.node);
    }
    this.embed.retarget(target);
  }

  download(what) {
    const doc = what === "round" ? this.state.replay : this.state.document;
    const blob = new Blob([JSON.stringify(doc, null, 1)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${this.game}-${what}-${this.state.document.seed}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  copy(text, done) {
    return copyText(text, { status: this.q(".save-status"), copied: this.t(done),
      notCopied: this.t(N_("The clipboard is not available here; select the text and copy it.")) });
  }

  async copyLink() {
    const fragment = await share.shareFragment(this.state.document);
    const url = `${location.origin}${location.pathname}${fragment}`;
    let field = this.q(".share-url");
    if (!field) {
      field = document.createElement("input");
      field.className = "share-url";
      field.readOnly = true;
      field.setAttribute("aria-label", this.t(N_("Share link")));
      this.q(".save-buttons").after(field);
    }
    field.value = url;
    await this.copy(url, N_("The share link is copied."));
  }

  // ----- arriving on the page -----------------------------------------------------------

  async arrive() {
    // A link pasted into the address bar of this open page changes only the fragment.
    addEventListener("hashchange", () => {
      if (share.payloadOf(location.hash) !== null) this.openLink(share.loadTable(this.storage, this.game));
    });
    const saved = share.loadTable(this.storage, this.game);
    if (share.payloadOf(location.hash) !== null) await this.openLink(saved);
    else if (saved) await this.resume(saved, true);
    else this.root.dataset.state = "setup";
  }

  // The table of the link in the fragment; when it is damaged, the saved table stays as it was.
  async openLink(saved) {
    const payload = share.payloadOf(location.hash);
    history.replaceState(history.state, "", location.pathname + location.search);
    let document;
    try {
      document = await share.decodeDocument(payload);
    } catch (error) {
      this.dispatch({ type: "refused", words: sessions.linkError(error.reason) });
      if (saved && !this.state) await this.resume(saved, false);
      return;
    }
    if (await this.openDocument(document, { source: "link" })) return;
    if (saved && !this.state) await this.resume(saved, false);
  }

  async resume(saved, clear) {
    const action = { type: "resume", saved, clear };
    const state = await this.request("state", [saved.document, saved.reader ?? null], { action });
    if (state) {
      if (clear) this.clearError();
      await this.open(state, saved.reader ?? null, { action });
    } else {
      this.dispatch({ type: "resume-failed" });
      share.forgetTable(this.storage, this.game);
      this.root.dataset.state = "setup";
    }
  }
}

async function main() {
  const root = document.querySelector(".play-page");
  if (!root) return;
  // The page exists to play: the engine starts as it loads (before the catalog is fetched),
  // whatever the connection, so that Start answers at once when the runtime is cached.
  pageEngine().start().catch(() => {});
  const data = JSON.parse(root.querySelector("script.play-data").textContent);
  const response = await fetch(new URL("../../messages.json", document.baseURI));
  if (!response.ok) throw new Error(`messages.json: HTTP ${response.status}`);
  const page = new PlayPage(root, data, await response.json());
  root.playPage = page;
  await page.arrive();
  document.documentElement.dataset.player = "ready";
}

main().catch((error) => {
  const box = document.querySelector(".play-error");
  if (box) {
    box.textContent = String(error?.message ?? error);
    box.hidden = false;
  }
  document.querySelector(".play-page")?.setAttribute("data-state", "failed");
});
