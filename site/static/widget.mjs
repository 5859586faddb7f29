// The table widget: one example (or replay) at a card table, stepped like a study.
//
//   const handle = mount(element, options);  handle.show(step); handle.branch(move); handle.destroy();
//   const handle = await mountReplay(element, options);  (from a replay document, by the engine)
//
// options:
//   data      {document, walk, rules, board, what_if}: the replay document, the engine's walkthrough
//             of it, the rule titles of the links, the board's sections (as the build embeds),
//             and where the build's answers to a first-level "What if?" are ({href, steps}:
//             a folder under the site root, a file for each step; site_build/what_if.py)
//   messages  the page language's messages.json (catalog strings, labels, plural rule)
//   name      the example's name, for deep links (#<name>/<step>)
//   start     the step to open at (0)          seat   null (all hands) or a player's name
//   autoplay  start playing (false)             speed  0 slow, 1 normal, 2 fast
//   controls  {whatIf, hint, seatView, autoplay}: which controls show (all by default)
//   engine    an EngineClient (engine/client.mjs) or null: without it, stepping only
//   bot       the bot level that plays branches out ("basic")
//   onStep    called with {line, index, total} after the reader moves
//   rulesHref where the rules pages are, from this page ("" beside them; "../../" on a play page)
//   keys      the element whose keys step the table (the widget itself; a rules page gives the example)
//   fit       the screen height the unit fits: "window" (the default), "screen" (an embed, whose frame grows)
//
// The widget draws the engine's view-models and events and nothing else: legal moves,
// branches, hints and every sentence come from the engine and the catalogs.

import { EngineError, requestRetried } from "./engine/client.mjs";
import { ledger, format } from "./model/ledger.mjs";
import * as stepper from "./model/stepper.mjs";
import { reducedMotion } from "./view/chips.mjs";
import { SPEEDS, StepBar, amountField, copyText, el, errorBlock, fillText } from "./view/controls.mjs";
import { makeVoice, moveLabel } from "./view/voice.mjs";
import { AMOUNT_ACTIONS, rangeAction } from "./model/table.mjs";
import { FitUnit } from "./view/layout.mjs";
import { TableView } from "./view/table.mjs";
import { hintRows } from "./view/hints.mjs";

const N_ = (message) => message;
const SITE_ROOT = new URL("../", import.meta.url); // this module is the site's static/widget.mjs
const STEP_KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
const HINT_PLAYOUTS = 500;
const HINT_ROWS = 8;

class Widget {
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.data = options.data;
    this.voice = makeVoice(options.messages, this.data.walk.game);
    this.engine = options.engine ?? null;
    this.controls = { whatIf: true, hint: true, seatView: true, autoplay: true, ...(options.controls ?? {}) };
    this.name = options.name ?? "example";
    this.seat = options.seat ?? null;
    this.speed = options.speed ?? 1;
    this.bot = options.bot ?? "basic";
    this.state = stepper.createStepper(this.data.walk, options.start ?? 0);
    this.playing = false;
    this.whatIfOpen = false;
    this.hintFor = null; // the position a hint was asked for
    this.shipped = new Map(); // step of the book line -> its shipped answers (a promise of a Map, or null)
    this.cleanup = [];
    this.build();
    this.render({ animate: false });
    if (options.autoplay) this.togglePlay(true);
  }

  t(message) {
    return this.voice.gettext(message);
  }

  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.cleanup.push(() => target.removeEventListener(type, handler, options));
  }

  // ----- building -----------------------------------------------------------------------

  build() {
    const t = (m) => this.t(m);
    const walk = this.data.walk;
    const title = this.data.document?.title;
    this.node = el("div", { class: "widget", role: "region", tabindex: "-1",
      "aria-label": title ? fillText(t(N_("Live example: %(title)s")), { title }) : t(N_("Live example")) });
    this.node.dataset.game = walk.game;

    // The table: seats along the top and the bottom, the board and the widow between them.
    this.felt = new TableView(this.voice, { players: walk.start.view.players.map((p) => p.name), board: this.data.board,
      onReveal: () => this.render({ animate: false }) });
    this.table = this.felt.node;

    // Switches: seat view, hint, what if.
    this.seatSelect = el("select", { class: "w-seat", "aria-label": t(N_("Seat view")) },
      el("option", { value: "", text: t(N_("All hands")) }),
      ...walk.start.view.players.map((p) => el("option", { value: p.name, text: fillText(t(N_("As seen by %(player)s")), { player: p.name }) })));
    this.seatSelect.value = this.seat ?? "";
    this.listen(this.seatSelect, "change", () => {
      this.seat = this.seatSelect.value || null;
      this.render({ animate: false });
    });
    this.hintButton = el("button", { type: "button", class: "w-button w-hint", text: t(N_("Hint")) });
    this.listen(this.hintButton, "click", () => this.hint());
    this.whatIfButton = el("button", { type: "button", class: "w-button w-what-if", "aria-expanded": "false", text: t(N_("What if?")) });
    this.listen(this.whatIfButton, "click", () => {
      this.whatIfOpen = !this.whatIfOpen;
      this.render({ animate: false });
      if (this.whatIfOpen) this.showInPanel(this.whatIf);
    });
    this.backButton = el("button", { type: "button", class: "w-button w-back", text: t(N_("Back to the book line")) });
    this.listen(this.backButton, "click", () => this.backToBook());
    // A variation's address, to share: the page's own address with the line in its fragment.
    this.shareButton = el("button", { type: "button", class: "w-button w-share", text: t(N_("Share this line")) });
    this.listen(this.shareButton, "click", () => this.share());
    const canEngine = Boolean(this.engine);
    this.switches = el("div", { class: "w-switches" },
      this.controls.seatView ? el("label", { class: "w-seat-label" }, el("span", { text: t(N_("Seat view")), "aria-hidden": "true" }), this.seatSelect) : null,
      canEngine && this.controls.hint ? this.hintButton : null,
      canEngine && this.controls.whatIf ? this.whatIfButton : null,
      this.backButton, this.options.address === false ? null : this.shareButton);

    this.bar = new StepBar(this.voice, {
      onGo: (go) => this.step(go),
      onPlay: () => this.togglePlay(),
      onSpeed: (speed) => {
        this.speed = speed;
        if (this.playing) this.togglePlay(true);
      },
      speed: this.speed,
    });
    if (!this.controls.autoplay) {
      this.bar.play.hidden = true;
      this.bar.speedLabel.hidden = true;
    }
    this.now = el("div", { class: "w-now", "aria-live": "polite", "aria-atomic": "true" });
    this.status = el("div", { class: "w-status", role: "status" });
    this.whatIf = el("div", { class: "w-what-if-panel", id: `${this.name}-what-if` });
    this.whatIfButton.setAttribute("aria-controls", this.whatIf.id);
    this.variations = el("div", { class: "w-variations" });
    this.hints = el("div", { class: "w-hints", "aria-live": "polite" });
    this.ledgerNode = el("div", { class: "w-ledger" });
    this.legend = el("ul", { class: "w-legend", "aria-label": t(N_("What the marks mean")) });
    // One unit on one screen (view/layout.mjs): the table, the words beside it (wide) or under it,
    // the controls at the bottom.
    this.stage = el("div", { class: "w-stage" }, this.table);
    this.panel = el("div", { class: "w-panel" }, this.now, this.whatIf, this.status, this.hints, this.legend, this.variations, this.ledgerNode);
    this.controlsNode = el("div", { class: "w-controls" }, this.bar.node, this.switches);
    this.node.append(this.stage, this.panel, this.controlsNode);
    this.root.append(this.node);
    this.unit = new FitUnit({ node: this.node, stage: this.stage, felt: this.table, panel: this.panel, controls: this.controlsNode },
      { height: this.options.fit ?? "window" });
    const refit = () => this.unit.fit();
    this.listen(window, "resize", refit);
    if (typeof ResizeObserver === "function") {
      let width = null;
      const watch = new ResizeObserver(() => {
        if (this.root.clientWidth === width) return;
        width = this.root.clientWidth;
        refit();
      });
      watch.observe(this.root);
      this.cleanup.push(() => watch.disconnect());
    }
    // A control used: what it did is on the screen (the unit scrolled to only when it is not).
    this.listen(this.controlsNode, "click", () => this.unit.reveal());
    this.listen(this.stage, "click", () => this.unit.reveal());

    // The keys step the table from anywhere in it, or in the example around it (`keys`: a §
    // link of the static steps, the "before play" text).
    this.listen(this.options.keys ?? this.node, "keydown", (event) => this.key(event));
    // The engine is fetched ahead on a first step, click or key in the example, where the line allows it (engine/client.mjs prefetch).
    if (canEngine && (this.controls.whatIf || this.controls.hint)) {
      const around = new Set([this.node, this.options.keys ?? this.node]), types = ["pointerdown", "focusin", "keydown"];
      const warm = () => {
        this.engine.prefetch();
        for (const target of around) for (const type of types) target.removeEventListener(type, warm);
      };
      for (const target of around) for (const type of types) this.listen(target, type, warm);
      this.cleanup.push(this.engine.subscribe((status) => this.engineStatus(status)));
    }
  }

  // ----- keys and stepping --------------------------------------------------------------

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, select, textarea")) return;
    const go = STEP_KEYS[event.key];
    if (go) {
      event.preventDefault(); // never scroll the host page
      this.step(go);
      this.unit.reveal();
      return;
    }
    if (!this.node.contains(event.target)) return; // around the table, only the arrows, Home and End
    if (event.key === " " || event.key === "Spacebar") {
      // Space plays and pauses, except on a control of its own (a card, Hint, Retry...).
      const button = event.target.closest("button");
      if (button && !this.bar.node.contains(button)) return;
      event.preventDefault();
      this.togglePlay();
    }
  }

  step(go) {
    if (go !== "next" || !this.playingStep) this.togglePlay(false);
    const before = this.state;
    this.state = stepper.go(this.state, go);
    if (this.state === before) return;
    this.moved({ animate: go === "next" });
  }

  moved({ animate }) {
    this.render({ animate });
    const { line, index, total } = stepper.current(this.state);
    this.options.onStep?.({ line, index, total, name: this.name, path: stepper.linePath(this.state), hash: this.address() });
  }

  // The shown position's address: `#<name>/<branches…>/<index>` (model/stepper.mjs).
  address() {
    return stepper.pathHash(this.name, stepper.linePath(this.state), this.state.index);
  }

  // Reopen a line from its address: each branch found in the study or asked of the engine in
  // turn. A branch the engine refuses leaves the table where the path got to, saying why.
  async openPath(path, index) {
    for (const { at, move } of path) {
      this.state = stepper.goTo(this.state, at);
      if (!(await this.branch(move))) return stepper.current(this.state);
    }
    this.state = stepper.goTo(this.state, index);
    this.moved({ animate: false });
    return stepper.current(this.state);
  }

  // The link to the shown line, copied where the browser lets the page, and shown to copy.
  share() {
    const link = new URL(this.address(), location.href).href;
    const field = el("input", { type: "text", class: "w-share-link", readOnly: true, value: link,
      "aria-label": this.t(N_("Link to this line")) });
    const said = el("span", { class: "w-share-said" });
    this.setStatus(el("p", { class: "w-shared" }, said, field));
    field.select();
    copyText(link, { status: said, copied: this.t(N_("The link to this line is copied.")) });
  }

  togglePlay(on = !this.playing) {
    clearInterval(this.timer);
    this.playing = on;
    if (on) {
      if (stepper.current(this.state).atEnd) this.state = stepper.go(this.state, "first");
      this.timer = setInterval(() => {
        this.playingStep = true;
        this.step("next");
        this.playingStep = false;
        if (stepper.current(this.state).atEnd) this.togglePlay(false);
      }, SPEEDS[this.speed] ?? SPEEDS[1]);
    }
    this.bar.update({ ...stepper.current(this.state), playing: this.playing });
  }

  show(index, line = this.state.line) {
    this.state = stepper.goTo(this.state, index, line);
    this.render({ animate: false });
    return stepper.current(this.state);
  }

  // ----- drawing ----------------------------------------------------------------------

  // A part of the words' panel brought into its view (the panel scrolls, never the page).
  showInPanel(node) {
    if (!node || node.hidden) return;
    const panel = this.panel.getBoundingClientRect();
    const top = node === this.now ? panel.top : this.now.getBoundingClientRect().bottom; // under the narration
    const box = node.getBoundingClientRect();
    if (box.top < top) this.panel.scrollTop += box.top - top;
    else if (box.bottom > panel.bottom) this.panel.scrollTop += Math.min(box.bottom - panel.bottom, box.top - top);
  }

  render({ animate }) {
    const focused = this.node.contains(document.activeElement) ? document.activeElement : null;
    const now = stepper.current(this.state);
    const place = `${now.line}/${now.index}`;
    if (place !== this.place) this.panel.scrollTop = 0; // a new step: its words from their top
    this.place = place;
    const { view, step } = now;
    this.bar.update({ ...now, playing: this.playing });
    const alternatives = this.engine && this.controls.whatIf ? stepper.alternatives(this.state) : [];
    if (this.whatIfOpen && now.book && alternatives.length) this.shippedAt(now.index); // the answers on their way
    const played = stepper.moveFrom(this.state, this.state.line, now.index);
    const choices = new Map(alternatives.filter((m) => "play" in m).map((m) => [m.play, m]));
    this.felt.set({ view, seat: this.seat, choices: choices.size ? choices : null, onChoose: (move) => this.branch(move),
      played: played && "play" in played ? played.play : null });
    this.node.classList.toggle("on-variation", !now.book);
    this.backButton.hidden = now.book;
    this.shareButton.hidden = now.book;
    this.whatIfButton.hidden = !alternatives.length;
    this.whatIfButton.setAttribute("aria-expanded", String(this.whatIfOpen && alternatives.length > 0));
    this.hintButton.hidden = !(view.to_move && !view.over && (view.legal ?? []).length);
    this.drawNow(now);
    this.drawLegend(view, { choices: choices.size > 0, played: Boolean(played && "play" in played && view.to_move), variation: !now.book });
    this.drawWhatIf(alternatives, played);
    this.drawVariations();
    this.drawLedger(now);
    if (this.hintFor && (this.hintFor.line !== now.line || this.hintFor.index !== now.index)) {
      this.hintFor = null;
      this.hints.replaceChildren();
    }
    this.unit.fit();
    if (animate && !reducedMotion()) this.animate(step.events ?? []);
    // A control that went away with the old position hands the focus to the widget itself.
    if (focused && !this.node.contains(focused)) this.node.focus({ preventScroll: true });
    if (focused && focused.hidden) this.node.focus({ preventScroll: true });
  }

  drawNow(now) {
    const t = (m) => this.t(m);
    const { view, step, index } = now;
    const list = el("ul", { class: "events" });
    // At the start, what happened before play (the antes, the deal): the page's static
    // "before play" block folds away under the live table.
    {
      (step?.events ?? []).forEach((event, i) => {
        const badge = this.voice.badge(event);
        const rule = event.rule;
        list.append(el("li", { class: `event event-${event.type}` },
          el("span", { class: "event-text" }, this.voice.event(event, step, i)),
          badge ? el("span", { class: "chips", text: badge }) : null,
          rule ? el("a", { class: "rule-link", href: `${this.options.rulesHref ?? ""}${rule.split(".")[0]}.html#${rule}`,
            text: `§\u00a0${this.data.rules?.[rule] ?? rule}` }) : null));
      });
    }
    let status = null;
    if (view.over) {
      status = view.winner
        ? this.voice.say(view.went_out === false ? N_("The round is over: %(player)s wins it.")
          : N_("The round is over: %(player)s went out first."), { player: view.winner })
        : document.createTextNode(t(N_("The round is over.")));
    } else if (view.to_move) {
      status = this.voice.say(N_("%(player)s is to play."), { player: view.to_move });
    }
    const where = now.book ? null : el("p", { class: "w-line-note", text: t(N_("Another line, played by the engine")) });
    // The author's note on this step (replay `notes`), shown as text only.
    // At the start of the book line the note is the walkthrough's `start.note` (notes["0"]).
    const text = index === 0 ? (now.book ? this.data.walk.start?.note : null) : step?.note;
    const note = typeof text === "string" && text ? el("p", { class: "w-note", text }) : null;
    this.now.replaceChildren(...[where, index === 0 ? el("p", { class: "w-at-start", text: t(N_("At the start")) }) : null,
      list.childElementCount ? list : null, note, status ? el("p", { class: "w-to-move" }, status) : null].filter(Boolean));
  }

  // What each mark on the table means, for the marks the table shows now: a sample of the
  // mark, then its words.
  drawLegend(view, { choices, played, variation }) {
    const t = (m) => this.t(m);
    const card = (className) => el("span", { class: `pcard ${className} w-legend-card`, "aria-hidden": "true" });
    const items = [
      choices ? [card("legal"), N_("a card you may choose: the engine plays the round on from it")] : null,
      played ? [card("book-move"), N_("the card this line plays next")] : null,
      view.to_move && !view.over ? [el("span", { class: "w-legend-seat to-move", "aria-hidden": "true" }), N_("the player to play")] : null,
      view.winner ? [el("span", { class: "w-legend-star", "aria-hidden": "true", text: "★" }),
        view.went_out === false ? N_("won the round") : N_("went out first")] : null,
      view.dealer ? [el("span", { class: "dealer-button", "aria-hidden": "true", text: t(N_("D")) }), N_("the dealer")] : null,
      variation ? [el("span", { class: "w-legend-seat w-legend-line", "aria-hidden": "true" }), N_("a dashed frame: another line than the book's")] : null,
    ].filter(Boolean);
    this.legend.replaceChildren(...items.map(([mark, words]) => el("li", {}, mark, el("span", { text: t(words) }))));
  }

  drawWhatIf(alternatives, played) {
    this.whatIf.replaceChildren();
    if (!this.whatIfOpen || !alternatives.length) {
      this.whatIf.hidden = true;
      return;
    }
    this.whatIf.hidden = false;
    const view = stepper.current(this.state).view;
    const question = el("p", { class: "w-question" },
      played
        ? this.voice.say(N_("%(player)s played %(move)s here. Pick another move, and the engine plays the round out:"),
          { player: played.player ?? view.to_move ?? "", move: moveLabel(this.voice, played) })
        : document.createTextNode(this.t(N_("Pick a move, and the engine plays the round out:"))));
    const group = el("div", { class: "w-choices", role: "group", "aria-label": this.t(N_("What if?")) });
    const { bids, others } = bidRange(alternatives);
    for (const move of others) {
      // A card's button is named by the card inside it (an image named in words, "the jack of
      // diamonds"): a label on the button too would hide its visible "J♦" from its name.
      const button = el("button", { type: "button", class: "w-button w-choice" }, this.voice.move(move));
      button.addEventListener("click", () => this.branch(move));
      group.append(button);
    }
    if (bids) {
      // A bid is a range: one number field, not a button per amount.
      const word = bids.key === "bid" ? null : this.voice.actionWord(bids.key);
      const { input, go } = amountField({ min: bids.min, max: bids.max, className: "w-bid", buttonClass: "w-button w-choice",
        text: word ? fillText(this.t(N_("Try: %(action)s")), { action: word }) : this.t(N_("Try this bid")),
        invalid: fillText(this.t(N_("A bid from %(min)s to %(max)s")), bids),
        onAmount: (amount) => this.branch({ ...bids.template, [bids.key]: amount }) });
      const label = el("label", { class: "w-bid-label" }, el("span", { text: word ?? this.t(N_("Bid")) }), input);
      group.append(el("span", { class: "w-bid-group" }, label, go));
    }
    this.whatIf.append(question, group);
  }

  drawVariations() {
    const list = stepper.variations(this.state);
    this.variations.replaceChildren();
    if (!list.length) return;
    const t = (m) => this.t(m);
    const items = el("ol", { class: "w-variation-list" });
    const book = el("button", { type: "button", class: "w-variation", "aria-current": this.state.line === 0 ? "true" : null,
      text: t(N_("Book line")) });
    book.addEventListener("click", () => this.backToBook());
    items.append(el("li", { class: "depth-0" }, book));
    for (const variation of list) {
      const label = el("button", { type: "button", class: "w-variation", "aria-current": variation.current ? "true" : null },
        this.voice.say(N_("Step %(step)s: %(player)s plays %(move)s"),
          { step: variation.at + 1, player: variation.move.player ?? "", move: moveLabel(this.voice, variation.move) }));
      label.addEventListener("click", () => {
        this.togglePlay(false);
        this.state = stepper.goTo(this.state, variation.at + 1, variation.id);
        this.moved({ animate: false });
      });
      items.append(el("li", { class: `depth-${Math.min(variation.depth, 4)}` }, label));
    }
    this.variations.append(el("h4", { class: "w-heading", text: t(N_("Variations")) }), items);
  }

  drawLedger(now) {
    const t = (m) => this.t(m);
    const events = [];
    const line = now.line;
    events.push(...(stepper.stepAt(this.state, line, 0).events ?? []));
    for (let i = 1; i <= now.index; i += 1) events.push(...(stepper.stepAt(this.state, line, i).events ?? []));
    const players = now.view.players.map((p) => p.name);
    const book = ledger(events, players, now.view.board);
    const n = (amount) => this.voice.number(format(amount));
    const signed = (amount) => (amount[0] > 0 ? "+" : "") + n(amount);
    const body = el("tbody", {}, ...book.rows.map((row) => el("tr", {},
      el("th", { scope: "row", text: row.name }),
      el("td", { class: "num", text: n(row.paid) }),
      el("td", { class: "num", text: n(row.received) }),
      el("td", { class: "num", text: signed(row.net) }))));
    const check = el("p", { class: "w-ledger-check" },
      this.voice.say(N_("Players' net %(net)s + board %(board)s = %(total)s"),
        { net: signed(book.net), board: n(book.board), total: n(book.balance) }));
    this.ledgerNode.replaceChildren(
      el("table", { class: "w-ledger-table" },
        el("caption", { text: t(N_("The round's ledger")) }),
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t(N_("Player")) }),
          el("th", { scope: "col", class: "num", text: t(N_("Paid")) }), el("th", { scope: "col", class: "num", text: t(N_("Gross")) }),
          el("th", { scope: "col", class: "num", text: t(N_("Net")) }))), body),
      check);
  }

  // A chip flies from the payer to the receiver for every transfer of the step.
  animate(events) {
    this.felt.fly(events);
  }

  // ----- the engine ---------------------------------------------------------------------

  // The replay document that reaches the shown line's position `index`, or its whole line.
  documentTo(index = stepper.lineLength(this.state)) {
    return { ...this.data.document, moves: stepper.movesTo(this.state, this.state.line, index) };
  }

  engineStatus(status) {
    this.engineState = status;
    if (status.state === "loading" && this.waiting) {
      const mb = (bytes) => (bytes / 1e6).toLocaleString(this.voice.lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
      const text = status.total
        ? fillText(this.t(N_("Loading the engine: %(loaded)s of %(total)s MB…")), { loaded: mb(status.loaded), total: mb(Math.max(status.total, status.loaded)) })
        : this.t(N_("Starting the engine in your browser…"));
      this.setStatus(el("p", { class: "w-loading" }, el("span", { class: "spinner", "aria-hidden": "true" }), text));
    }
  }

  setStatus(...children) {
    this.status.replaceChildren(...children);
    if (children.length) this.showInPanel(this.status);
  }

  async ask(op, args, retry) {
    this.waiting = true;
    this.node.setAttribute("aria-busy", "true");
    if (this.engine.status.state !== "ready") this.engineStatus({ ...this.engine.status, state: "loading" });
    else this.setStatus(el("p", { class: "w-loading" }, el("span", { class: "spinner", "aria-hidden": "true" }), this.t(N_("The engine is thinking…"))));
    try {
      // The pages' one retry policy (engine/client.mjs); a failure after it offers Retry.
      return await requestRetried(this.engine, op, args, { key: `${this.name}:${op}` });
    } catch (error) {
      if (error instanceof EngineError && error.kind === "abort") throw error;
      // The error in the page's words (i18n/errors.mjs), the engine's English sentence after it,
      // and Retry (view/controls.mjs errorBlock, the play page's too).
      this.setStatus(errorBlock(el("div", { class: "w-error", role: "alert" }), {
        error, catalog: this.voice.data, links: { rules: this.data?.rules ?? {} }, retryClass: "w-button w-retry",
        onRetry: () => {
          this.setStatus();
          retry();
        },
      }));
      throw error;
    } finally {
      this.waiting = false;
      this.node.removeAttribute("aria-busy");
    }
  }

  // The build's answers at step `at` of the book line (data.what_if): a promise of a Map by
  // move key, or null where the build shipped none. A file that does not come is asked again
  // next time; meanwhile the live engine answers.
  shippedAt(at) {
    const shipped = this.data.what_if;
    if (!shipped || !Array.isArray(shipped.steps) || !shipped.steps.includes(at)) return null;
    if (!this.shipped.has(at)) {
      const url = new URL(`${at}.json`, new URL(shipped.href, SITE_ROOT));
      const answers = fetch(url)
        .then((response) => (response.ok ? response.json() : null))
        .then((file) => stepper.shippedAnswers(file, { step: at, bot: this.bot, seed: 0 }))
        .catch(() => null);
      answers.then((found) => found || this.shipped.delete(at));
      this.shipped.set(at, answers);
    }
    return this.shipped.get(at);
  }

  async branch(move) {
    if (!this.engine) throw new Error("this widget has no engine");
    this.togglePlay(false);
    const at = this.state.index;
    const line = this.state.line;
    const found = stepper.findBranch(this.state, line, at, move);
    if (found) {
      this.state = stepper.goTo(this.state, at + 1, found.id);
      this.moved({ animate: true });
      return stepper.current(this.state);
    }
    // A first-level branch: the build's answer when it shipped one (the engine's own, computed
    // ahead), else the live engine's, as for every deeper branch.
    let answer = line === 0 ? (await this.shippedAt(at))?.get(stepper.moveKey(move)) ?? null : null;
    if (!answer) {
      try {
        answer = await this.ask("branch", [JSON.stringify(this.documentTo()), at, JSON.stringify(move), this.bot, 0],
          () => this.branch(move));
      } catch {
        return null;
      }
    }
    if (this.state.line !== line || this.state.index !== at) return null; // the reader moved on
    this.setStatus();
    this.whatIfOpen = false;
    this.state = stepper.addBranch(this.state, line, at, move, answer);
    this.moved({ animate: true });
    return stepper.current(this.state);
  }

  backToBook() {
    this.togglePlay(false);
    this.state = stepper.backToBook(this.state);
    this.moved({ animate: false });
    this.node.focus({ preventScroll: true });
  }

  async hint() {
    const { line, index, view } = stepper.current(this.state);
    let answer;
    try {
      answer = await this.ask("hint", [JSON.stringify(this.documentTo(index)), index, HINT_PLAYOUTS, 0], () => this.hint());
    } catch {
      return;
    }
    if (this.state.line !== line || this.state.index !== index) return;
    this.setStatus();
    this.hintFor = { line, index };
    this.drawHint(answer, view);
  }

  drawHint(answer, view) {
    const t = (m) => this.t(m);
    // A long auction lists every amount: the best options are what a reader needs.
    const { rows, more } = hintRows(this.voice, answer, { most: HINT_ROWS });
    const body = el("tbody", {}, ...rows);
    this.hints.replaceChildren(
      el("table", { class: "w-hint-table" },
        el("caption", {}, this.voice.say(N_("The engine's rating of %(player)s's options (%(playouts)s playouts each)"),
          { player: answer.player ?? view.to_move, playouts: String(answer.playouts) })),
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t(N_("Move")) }),
          el("th", { scope: "col", class: "num", text: t(N_("Expected chips")) }), el("th", { scope: "col", class: "num", text: t(N_("Goes out first")) }),
          el("th", { scope: "col", text: t(N_("Reason")) }))),
        body),
      el("p", { class: "w-hint-more", hidden: more === 0,
        text: fillText(this.voice.ngettext("%(num)s other option rates lower.", "%(num)s other options rate lower.", more), { num: more }) }));
    this.showInPanel(this.hints);
  }

  destroy() {
    this.togglePlay(false);
    for (const undo of this.cleanup.splice(0)) undo();
    this.node.remove();
  }
}

// The amounts of one action among some moves as one range {min, max, template, key} (the
// engine may list each amount, or give the range itself: {bid: {min, max}}), and the other
// moves. The key is the action (bid, or a bet or raise of a chosen size).
function bidRange(moves) {
  const amounts = [];
  let template = null;
  let key = null;
  const others = [];
  for (const move of moves) {
    const ranged = rangeAction(move);
    const listed = AMOUNT_ACTIONS.find((k) => Number.isInteger(move[k]));
    if (ranged && (key === null || key === ranged)) {
      key = ranged;
      amounts.push(move[key].min, move[key].max ?? move[key].min + 99);
      const { [key]: _, ...rest } = move;
      template = rest;
    } else if (listed && (key === null || key === listed)) {
      key = listed;
      amounts.push(move[key]);
      const { [key]: _, ...rest } = move;
      template = rest;
    } else others.push(move);
  }
  if (amounts.length < 3 && !moves.some((m) => rangeAction(m))) {
    return { bids: null, others: moves };
  }
  return { bids: { min: Math.min(...amounts), max: Math.max(...amounts), template, key }, others };
}

// A widget from a replay document alone (a shared link, an editor's line): the engine
// plays the document first. `options.data` is {document, board?, rules?}; without the
// board's description the pots form one ring. Resolves to the handle `mount` gives.
export async function mountReplay(element, options) {
  const { document: replay } = options.data ?? {};
  if (!replay || !options.engine) throw new Error("mountReplay needs options.data.document and options.engine");
  const walk = await options.engine.request("walkthrough", [JSON.stringify(replay)]);
  const board = options.data.board ?? walk.start.view.board.map(({ id }) => ({ id, won_by: null }));
  return mount(element, { ...options, data: { rules: {}, ...options.data, walk, board } });
}

export function mount(element, options) {
  if (!element) throw new Error("mount: no element");
  if (!options?.data?.walk || !options?.messages) throw new Error("mount: options.data.walk and options.messages are needed");
  const widget = new Widget(element, options);
  return {
    show: (step, line) => widget.show(step, line),
    branch: (move) => widget.branch(move),
    current: () => stepper.current(widget.state),
    open: (path, index) => widget.openPath(path, index),
    address: () => widget.address(),
    destroy: () => widget.destroy(),
    element: widget.node,
  };
}
