// The example editor page (/<lang>/editor/): build a replay without writing JSON.
//
// The state is model/editor.mjs's; the engine (the worker) decides every rule: the deal
// (`check_deal`), the legal moves and the walkthrough (`edit_state`), the seeded deal and the
// stops-example block. The page draws the state and the engine's answers; every name and note
// goes into the page as text (textContent, input values), never as markup.

import { pageEngine, requestRetried } from "../engine/client.mjs";
import { errorNode } from "../i18n/errors.mjs";
import { fillText } from "../i18n/messages.mjs";
import * as editor from "../model/editor.mjs";
import { boardFor, countWithin, playerRange } from "../model/options.mjs";
import { copyText, el } from "../view/controls.mjs";
import { Voice, moveLabel } from "../view/voice.mjs";
import { mount } from "../widget.mjs";

const N_ = (message) => message;
const TEXTS = {
  seat: N_("Seat %(number)s"),
  nobody: N_("Nobody"),
  cardOf: N_("%(card)s: %(owner)s"),
  cardFree: N_("%(card)s: not dealt"),
  count: N_("%(have)s of %(need)s"),
  checking: N_("The engine is checking…"),
  dealOk: N_("The deal holds: play the moves below."),
  positionOk: N_("The position holds: the cards named nowhere count as played. Play the moves below."),
  dealBad: N_("The deal does not hold:"),
  toMove: N_("%(player)s is to move. Choose the move:"),
  over: N_("The round is over: write your notes, then export."),
  noDeal: N_("Deal the cards first, then the moves can be played."),
  bid: N_("Bid"),
  start: N_("The start"),
  stepOf: N_("Step %(number)s: %(player)s, %(move)s"),
  noteFor: N_("Note on: %(step)s"),
  copied: N_("Copied."),
  notCopied: N_("Select the text and copy it."),
  imported: N_("Imported: the editor holds this replay now."),
  importBad: N_("This cannot be imported:"),
  frameTitle: N_("Stops example"),
  loading: N_("Starting the rules engine…"),
  fromStart: N_("From the game's start"),
  firstLeader: N_("The game's first leader"),
  importedRound: N_("Imported: the editor holds the round in play of this table now."),
};

const $ = (id) => document.getElementById(id);

class EditorPage {
  constructor(setup, messages, engine) {
    this.setup = setup;
    this.messages = messages;
    this.engine = engine;
    this.lang = document.documentElement.lang;
    this.owner = null;
    this.answer = null; // the engine's edit_state for the current document, or null
    this.dealAnswer = null;
    const game = Object.keys(setup.games)[0];
    const table = this.defaults(game);
    this.state = editor.newEditor(table);
  }

  // An engine request, under the pages' one retry policy (engine/client.mjs).
  ask(op, args) {
    return requestRetried(this.engine, op, args);
  }

  t(message, values = {}) {
    const text = this.messages.messages?.[message] ?? message;
    return Object.keys(values).length ? fillText(text, values, "") : text;
  }

  // How many may play this game under the table's options (play page's ranges, model/table.mjs).
  playerRange(game = this.state.game, options = this.state.options) {
    return playerRange(this.setup.games[game].players, options);
  }

  defaults(game, count = null) {
    const info = this.setup.games[game];
    const n = countWithin(this.playerRange(game, {}), count ?? info.players.default);
    const players = info.names.slice(0, n);
    return { game, players, dealer: players.at(-1), options: {}, pack: info.pack };
  }

  // The extra hand by the game's own noun, in the page language (the build exports one for
  // every game): never a fallback in another game's or another language's words.
  hiddenName() {
    const name = this.messages.games?.[this.state.game]?.hidden_hand;
    if (!name) throw new Error(`the page's messages name no extra hand for ${this.state.game}`);
    return name;
  }

  // ----- drawing ---------------------------------------------------------------------

  start() {
    $("ed-game").addEventListener("change", () => this.changeGame($("ed-game").value));
    $("ed-count").addEventListener("change", () => this.changeCount(Number($("ed-count").value)));
    $("ed-dealer").addEventListener("change", () => this.update(editor.setDealer(this.state, $("ed-dealer").value)));
    $("ed-title").addEventListener("input", () => this.update(editor.setText(this.state, "title", $("ed-title").value), { quiet: true }));
    $("ed-deal").addEventListener("click", () => this.deal());
    $("ed-position").addEventListener("change", () => this.update(editor.setKind(this.state, $("ed-position").checked ? "position" : "deal")));
    for (const id of ["ed-phase", "ed-leader", "ed-stopped", "ed-last-player", "ed-last-card"]) {
      $(id).addEventListener("change", () => this.changePosition());
    }
    $("ed-check").addEventListener("click", () => this.check());
    $("ed-undo").addEventListener("click", () => this.play(null));
    $("ed-import").addEventListener("click", () => this.import($("ed-import-text").value));
    $("ed-import-file").addEventListener("change", async (event) => {
      const file = event.target.files?.[0];
      if (file) this.import(await file.text());
    });
    for (const button of document.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", () => this.copy($(button.dataset.copy)));
    }
    this.drawTable();
    this.drawCards();
    this.drawPlay();
    document.documentElement.dataset.player = "ready";
  }

  drawTable() {
    const info = this.setup.games[this.state.game];
    $("ed-game").value = this.state.game;
    const count = $("ed-count");
    const range = this.playerRange();
    count.min = String(range.min);
    count.max = String(range.max);
    count.value = String(this.state.players.length);
    const names = $("ed-names");
    names.replaceChildren(...this.state.players.map((name, seat) => {
      const id = `ed-name-${seat}`;
      const input = el("input", { type: "text", id, value: name, maxLength: 40, autocomplete: "off", spellcheck: false });
      input.addEventListener("change", () => this.rename(seat, input.value));
      return el("span", { class: "ed-field" }, el("label", { htmlFor: id }, this.t(TEXTS.seat, { number: seat + 1 })), input);
    }));
    $("ed-dealer").replaceChildren(...this.state.players.map((name) => el("option", { value: name, selected: name === this.state.dealer }, name)));
    $("ed-title").value = this.state.title;
    const options = $("ed-options");
    options.replaceChildren(...info.options.filter((o) => !["bankroll", "starting_chips", "rotations", "rounds"].includes(o.name)).map((option) => {
      const id = `ed-option-${option.name}`;
      const value = this.state.options[option.name] ?? option.default;
      let input;
      if (option.kind === "bool") input = el("input", { type: "checkbox", id, checked: value === true });
      else if (option.kind === "choice") input = el("select", { id }, ...option.choices.map((c) => el("option", { value: c.value, selected: c.value === value }, c.label)));
      else input = el("input", { type: "number", id, value: String(value), min: option.minimum ?? "" });
      input.addEventListener("change", () => {
        const chosen = option.kind === "bool" ? input.checked : option.kind === "int" ? Number(input.value) : input.value;
        const options_ = { ...this.state.options };
        if (chosen === option.default) delete options_[option.name];
        else options_[option.name] = chosen;
        // Options that change how many may play (Nain Jaune's two players, Poch's pack) bring
        // the count within the new range, and the count field with it.
        const count = this.state.players.length;
        const n = countWithin(this.playerRange(this.state.game, options_), count);
        const next = editor.setGame(this.state, this.state.game, options_);
        if (n === count) {
          this.update(next); // (which takes the new state at once, then asks the engine for the pack)
          this.drawCount();
        } else {
          this.update(editor.setPlayers(next, this.seatNames(n)), { table: true });
        }
      });
      const label = el("label", { htmlFor: id }, option.label);
      return el("span", { class: `ed-field ed-option-${option.kind}` }, ...(option.kind === "bool" ? [input, label] : [label, input]));
    }));
  }

  owners() {
    return [...this.state.players.map((name) => ({ key: name, label: name })), { key: editor.WIDOW, label: this.hiddenName() },
            { key: null, label: this.t(TEXTS.nobody) }];
  }

  // Where a mid-round position stands: its phase (the game's phases, as the engine listed
  // them for this table), who leads, the card that stopped, or the sequence's last card.
  drawPosition() {
    const box = $("ed-where");
    box.hidden = this.state.kind !== "position";
    if (box.hidden) return;
    const info = this.setup.games[this.state.game];
    const at = this.state.position ?? {};
    const option = (value, label, chosen) => el("option", { value, selected: value === chosen }, label);
    const phases = this.dealAnswer?.phases ?? [];
    $("ed-phase").replaceChildren(option("", this.t(TEXTS.fromStart), at.phase ?? ""),
      ...phases.map((phase) => option(phase, info.phases?.[phase] ?? phase, at.phase ?? "")));
    $("ed-leader").replaceChildren(option("", this.t(TEXTS.firstLeader), at.leader ?? ""),
      ...this.state.players.map((name) => option(name, name, at.leader ?? "")));
    $("ed-last-player").replaceChildren(option("", this.t(TEXTS.nobody), at.last?.player ?? ""),
      ...this.state.players.map((name) => option(name, name, at.last?.player ?? "")));
    $("ed-stopped").value = at.stopped ?? "";
    $("ed-last-card").value = at.last?.card ?? "";
  }

  changePosition() {
    try {
      this.update(editor.setPosition(this.state, {
        phase: $("ed-phase").value, leader: $("ed-leader").value, stopped: $("ed-stopped").value.trim(),
        last: { player: $("ed-last-player").value, card: $("ed-last-card").value.trim() },
      }));
    } catch (error) {
      this.say("ed-deal-status", `${this.t(TEXTS.dealBad)} ${error.message}`, true);
    }
  }

  drawCards() {
    $("ed-position").checked = this.state.kind === "position";
    this.drawPosition();
    if (this.owner !== null && this.owner !== editor.WIDOW && !this.state.players.includes(this.owner)) this.owner = null;
    if (this.owner === null && !this.ownerChosen) this.owner = this.state.players[0];
    const radios = $("ed-owners");
    radios.replaceChildren(...this.owners().map(({ key, label }, index) => {
      const id = `ed-owner-${index}`;
      const radio = el("input", { type: "radio", name: "ed-owner", id, checked: key === this.owner });
      radio.addEventListener("change", () => {
        this.owner = key;
        this.ownerChosen = true;
      });
      return el("span", { class: "ed-owner" }, radio, el("label", { htmlFor: id }, label));
    }));
    const deck = $("ed-deck");
    deck.replaceChildren(...editor.suitsOf(this.state.pack).map((suit) => el("div", { class: "ed-suit" }, ...suit.map((card) => {
      const owner = editor.ownerOf(this.state, card);
      const label = owner === null ? this.t(TEXTS.cardFree, { card }) : this.t(TEXTS.cardOf, { card, owner: owner === editor.WIDOW ? this.hiddenName() : owner });
      const button = el("button", { type: "button", class: `ed-card${"♥♦".includes(card.slice(-1)) ? " red" : ""}${owner === null ? "" : " dealt"}`,
                                   "aria-label": label, title: label }, card);
      if (owner !== null) button.append(el("span", { class: "ed-card-owner", "aria-hidden": "true" }, owner === editor.WIDOW ? "·" : owner.slice(0, 2)));
      button.addEventListener("click", () => {
        const target = owner === this.owner ? null : this.owner;
        this.update(editor.assignCard(this.state, card, target), { focus: `[aria-label^="${card}:"]` });
      });
      return button;
    }))));
    const sizes = this.dealAnswer?.sizes;
    $("ed-hands").replaceChildren(...this.owners().filter((o) => o.key !== null).map(({ key, label }, index) => {
      const id = `ed-hand-${index}`;
      const cards = key === editor.WIDOW ? this.state.widow : this.state.hands[key];
      const need = key === editor.WIDOW ? sizes?.widow : sizes?.hands?.[key];
      const input = el("input", { type: "text", id, value: cards.join(" "), autocomplete: "off", spellcheck: false, class: "ed-hand-text" });
      input.addEventListener("change", () => {
        const { cards: typed, bad } = editor.parseCards(input.value);
        if (bad.length) {
          this.say("ed-deal-status", `${this.t(TEXTS.dealBad)} ${bad.join(" ")}`, true);
          return;
        }
        this.update(editor.setHand(this.state, key, typed));
      });
      const count = need === undefined ? String(cards.length) : this.t(TEXTS.count, { have: cards.length, need });
      return el("span", { class: "ed-hand" }, el("label", { htmlFor: id }, label), input, el("span", { class: "ed-hand-count" }, count));
    }));
  }

  drawPlay() {
    const legal = $("ed-legal");
    const status = $("ed-to-move");
    legal.replaceChildren();
    $("ed-undo").disabled = this.state.moves.length === 0;
    if (!this.answer) {
      status.textContent = this.t(TEXTS.noDeal);
      $("ed-steps").replaceChildren();
      $("ed-preview").replaceChildren();
      this.exports();
      return;
    }
    const voice = new Voice(this.messages, this.state.game);
    if (this.answer.over) status.textContent = this.t(TEXTS.over);
    else {
      status.textContent = this.t(TEXTS.toMove, { player: this.answer.to_move });
      const { cards, actions, bids } = editor.choices(this.answer.legal);
      for (const move of [...cards, ...actions]) {
        const button = el("button", { type: "button", class: `ed-move${cards.includes(move) && "♥♦".includes(move.play.slice(-1)) ? " red" : ""}` }, moveLabel(voice, move));
        button.addEventListener("click", () => this.play(move));
        legal.append(button);
      }
      for (const range of bids) {
        const id = `ed-bid-${range.player}`;
        const input = el("input", { type: "number", id, min: String(range.bid.min), value: String(range.bid.min) });
        if (range.bid.max !== null && range.bid.max !== undefined) input.max = String(range.bid.max);
        const button = el("button", { type: "button", class: "ed-move" }, this.t(TEXTS.bid));
        button.addEventListener("click", () => {
          try {
            this.play(editor.bidMove(range, input.value));
          } catch (error) {
            this.sayError("ed-to-move", null, error);
          }
        });
        legal.append(el("span", { class: "ed-bid" }, el("label", { htmlFor: id }, this.t(TEXTS.bid)), input, button));
      }
    }
    const steps = editor.timeline(this.answer.walk);
    $("ed-steps").replaceChildren(...steps.map((step) => {
      const id = `ed-note-${step.step}`;
      const what = step.step === 0 ? this.t(TEXTS.start)
        : this.t(TEXTS.stepOf, { number: step.step, player: step.move.player ?? "", move: labelText(moveLabel(voice, step.move)) });
      const note = el("textarea", { id, rows: 2, maxLength: editor.MAX_NOTE, value: this.state.notes[String(step.step)] ?? "", class: "ed-note" });
      note.addEventListener("change", () => {
        // Only the note changed: the walkthrough stays the engine's, with this note beside its step.
        this.state = editor.setNote(this.state, step.step, note.value);
        const target = step.step === 0 ? this.answer.walk.start : this.answer.walk.steps[step.step - 1];
        const text = this.state.notes[String(step.step)];
        if (text) target.note = text.trim();
        else delete target.note;
        this.preview();
        this.exports();
      });
      return el("li", { class: "ed-step" }, el("span", { class: "ed-step-what" }, what),
        el("label", { htmlFor: id, class: "ed-note-label" }, this.t(TEXTS.noteFor, { step: what })), note);
    }));
    this.preview();
    this.exports();
  }

  preview() {
    const box = $("ed-preview");
    this.widget?.destroy?.();
    const host = el("div", { class: "widget-host" });
    box.replaceChildren(host);
    const info = this.setup.games[this.state.game];
    const data = { document: editor.toDocument(this.state), walk: this.answer.walk, rules: info.rules ?? {}, board: boardFor(info.boards, this.state.options) };
    this.widget = mount(host, { data, messages: this.messages, name: "editor", start: this.state.moves.length, engine: null, address: false,
                                controls: { whatIf: false, hint: false, seatView: true, autoplay: true } });
  }

  async exports() {
    const doc = editor.toDocument(this.state);
    const base = new URL("../embed/", document.baseURI).href;
    const link = await editor.shareLink(base, this.state);
    $("ed-link").value = link;
    $("ed-snippet").value = editor.embedSnippet(link, { title: this.state.title || this.t(TEXTS.frameTitle),
                                                        hostScript: new URL("../../static/embed-host.js", document.baseURI).href });
    const file = editor.replayFile(this.state);
    $("ed-file").value = file;
    const download = $("ed-download");
    if (this.fileUrl) URL.revokeObjectURL(this.fileUrl);
    this.fileUrl = URL.createObjectURL(new Blob([file], { type: "application/json" }));
    download.href = this.fileUrl;
    download.download = `${(this.state.title || this.state.game).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "replay"}.json`;
    $("ed-block").value = "";
    if (this.answer) {
      try {
        $("ed-block").value = await this.ask("example_block", [JSON.stringify(doc), false]);
      } catch (error) {
        $("ed-block").value = "";
      }
    }
  }

  say(id, text, error = false) {
    const line = $(id);
    line.textContent = text;
    line.classList.toggle("error", error);
  }

  // `lead`, then the error in the page's words: the editor's own (its message a catalog
  // entry, its values in `args`) or the engine's (i18n/errors.mjs).
  sayError(id, lead, error) {
    const line = $(id);
    const own = error instanceof editor.EditorError;
    line.replaceChildren(lead ? `${this.t(lead)} ` : "",
      own ? this.t(error.template, error.args) : errorNode(error, this.messages, this.links()));
    line.classList.add("error");
  }

  links() {
    return { rules: this.setup.games[this.state.game]?.rules ?? {}, rulesHref: `../${this.state.game}.html` };
  }

  // ----- changes ---------------------------------------------------------------------

  changeGame(game) {
    this.update(editor.newEditor(this.defaults(game)), { table: true });
  }

  // The count field's limits under the table's options.
  drawCount() {
    const range = this.playerRange();
    $("ed-count").min = String(range.min);
    $("ed-count").max = String(range.max);
  }

  // The names of `n` seats: the table's own first, then the game's other names.
  seatNames(n) {
    const info = this.setup.games[this.state.game];
    return [...this.state.players.slice(0, n), ...info.names.filter((name) => !this.state.players.includes(name))].slice(0, n);
  }

  changeCount(count) {
    const range = this.playerRange();
    const n = countWithin(range, count || range.min);
    this.update(editor.setPlayers(this.state, this.seatNames(n)), { table: true });
  }

  rename(seat, name) {
    const names = [...this.state.players];
    names[seat] = name.trim() || names[seat];
    if (new Set(names).size !== names.length) {
      this.drawTable();
      return;
    }
    this.update(editor.setPlayers(this.state, names), { table: true });
  }

  async deal() {
    const seed = Number($("ed-seed").value);
    this.say("ed-deal-status", this.t(TEXTS.checking));
    try {
      const doc = await this.ask("seeded_deal", [JSON.stringify(editor.toDocument(this.state)), seed]);
      await this.update(editor.useDeal(this.state, doc));
    } catch (error) {
      this.sayError("ed-deal-status", TEXTS.dealBad, error);
    }
  }

  async check() {
    const doc = editor.toDocument(this.state);
    this.say("ed-deal-status", this.t(TEXTS.checking));
    try {
      this.dealAnswer = await this.ask("check_deal", [JSON.stringify(doc)]);
    } catch (error) {
      this.dealAnswer = null;
      this.sayError("ed-deal-status", TEXTS.dealBad, error);
      return false;
    }
    if (!this.dealAnswer.valid) {
      this.sayError("ed-deal-status", TEXTS.dealBad, this.dealAnswer.error);
      this.answer = null;
      this.drawCards();
      this.drawPlay();
      return false;
    }
    this.say("ed-deal-status", this.t(this.dealAnswer.kind === "position" ? TEXTS.positionOk : TEXTS.dealOk));
    this.drawCards();
    return true;
  }

  // The pack of the game with these options (another pack, aces low), from the engine; the
  // card grid and the hands follow it.
  async repack() {
    try {
      const { pack } = await this.ask("game_pack", [JSON.stringify(editor.toDocument(this.state))]);
      this.state = editor.setPack(this.state, pack);
      this.drawCards();
    } catch (error) {
      this.say("ed-deal-status", `${this.t(TEXTS.dealBad)} ${error.message}`, true);
    }
  }

  async replay() {
    try {
      this.answer = await this.ask("edit_state", [JSON.stringify(editor.toDocument(this.state))]);
    } catch (error) {
      this.answer = null;
      this.sayError("ed-to-move", null, error);
    }
  }

  async play(move) {
    const before = this.state;
    this.state = move === null ? editor.takeBack(this.state, this.state.moves.length - 1) : editor.playMove(this.state, move);
    await this.replay();
    if (!this.answer) this.state = before;
    if (!this.answer) await this.replay();
    this.drawPlay();
    $("ed-legal").querySelector("button")?.focus();
  }

  async update(state, { table = false, quiet = false, replay = false, focus = null } = {}) {
    const dealChanged = state.hands !== this.state.hands || state.widow !== this.state.widow || state.kind !== this.state.kind
      || state.players !== this.state.players || state.dealer !== this.state.dealer || state.options !== this.state.options
      || state.position !== this.state.position;
    const packChanged = state.game !== this.state.game || state.options !== this.state.options;
    this.state = state;
    if (quiet) return this.exports();
    if (table) this.drawTable();
    if (dealChanged) {
      this.answer = null;
      if (packChanged) await this.repack(); // the engine tells which cards these options deal
      this.drawCards();
      if (focus) $("ed-deck").querySelector(focus)?.focus();
      const full = editor.unassigned(state).length === 0 || state.kind === "position";
      if (full && (await this.check())) await this.replay();
    } else if (replay) await this.replay();
    this.drawPlay();
  }

  // Only the latest import may change the editor: an earlier one still waiting on the engine
  // (a slow machine, a large session) is dropped when it answers, its words and its state alike.
  async import(text) {
    const mine = (this.imports = (this.imports ?? 0) + 1);
    const current = () => mine === this.imports;
    try {
      const found = await editor.readImport(text);
      let doc = found.document;
      if (found.kind === "block") doc = (await this.ask("read_example_block", [found.text])).document;
      // A table from the play page: its round in play, as the engine exports it (a replay).
      if (found.kind === "session") doc = await this.ask("export_round", [JSON.stringify(doc), Math.max(0, (doc.rounds?.length ?? 1) - 1)]);
      const answer = await this.ask("edit_state", [JSON.stringify(doc)]);
      if (!current()) return;
      this.state = editor.fromDocument(doc);
      this.answer = answer;
      this.dealAnswer = null;
      this.drawTable();
      await this.repack();
      await this.check();
      this.drawPlay();
      if (current()) this.say("ed-import-status", this.t(found.kind === "session" ? TEXTS.importedRound : TEXTS.imported));
    } catch (error) {
      if (current()) this.sayError("ed-import-status", TEXTS.importBad, error);
    }
  }

  copy(field) {
    const status = field.closest("section")?.querySelector("[role=status]");
    return copyText(field.value, { field, status, copied: this.t(TEXTS.copied), notCopied: this.t(TEXTS.notCopied) });
  }
}

function labelText(node) {
  return typeof node === "string" ? node : node.textContent;
}

async function main() {
  const root = $("editor");
  const setup = JSON.parse($("editor-games").textContent);
  const response = await fetch(new URL("../messages.json", document.baseURI));
  const messages = await response.json();
  if (root.dataset.engine === undefined) {
    $("ed-to-move").textContent = messages.messages?.[TEXTS.loading] ?? TEXTS.loading;
  }
  const page = new EditorPage(setup, messages, pageEngine());
  root.editor = page;
  page.start();
  // A link to the editor with a replay (#replay=…) opens it for editing.
  if (location.hash.startsWith(`#${editor.REPLAY_KEY}=`)) await page.import(location.href);
}

main().catch((error) => {
  document.documentElement.dataset.player = "failed";
  console.warn(`stops editor: ${error.message}`);
});
