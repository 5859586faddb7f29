// The live example player: progressive enhancement of every `stops-example` walkthrough.
//
// Without JavaScript the walkthrough reads as static HTML. With it, each example gets
// step controls (first / previous / next / last, arrow keys, a step counter) showing the
// board and the hands after the current step, from the engine's walkthrough the build
// embedded in the page (<script type="application/json" class="example-data">): stepping
// needs no engine. Where the player to move had a choice (the view's `legal` moves),
// "What if?" lets the reader pick another legal move; the engine, in a module Web Worker
// (engine-worker.mjs, started on the first request), plays the new line out with bots,
// and the line is told in the page's language (narrate.mjs, with <lang>/messages.json,
// exported by the build from the site's catalogs). This module only draws the engine's
// view-models and events: it never recomputes a rule.

import { Voice, cardsNode, chipBadge, markCards, moveLabel, narrate } from "./narrate.mjs";

const N_ = (message) => message;
const BOT = "basic";

// ----- the engine worker (one per page, started lazily) -----------------------------

let engine = null;

// The engine gives an auction's bids as one range {player, bid: {min, max}} (max null: open);
// "What if?" offers its first few bids.
const WHAT_IF_BIDS = 3;
function someBids(move) {
  const range = move.bid;
  if (range === null || typeof range !== "object") return [move];
  const top = range.max === null ? range.min + WHAT_IF_BIDS - 1 : Math.min(range.max, range.min + WHAT_IF_BIDS - 1);
  const bids = [];
  for (let amount = range.min; amount <= top; amount += 1) bids.push({ player: move.player, bid: amount });
  return bids;
}

function startEngine() {
  if (engine) return engine;
  const worker = new Worker(new URL("./engine-worker.mjs", import.meta.url), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "ready") resolve();
      else if (data.type === "init-error") reject(new Error(data.error));
      else if (pending.has(data.id)) {
        const { resolve: done, reject: fail } = pending.get(data.id);
        pending.delete(data.id);
        if (data.ok) done(data.result);
        else fail(new Error(data.error?.message ?? String(data.error))); // {message, path, rule}
      }
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message || "the engine worker did not start")));
  });
  engine = {
    ready,
    request(op, args) {
      return ready.then(() => new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, args });
      }));
    },
  };
  // A failed start may be retried (a new worker) on the next request.
  ready.catch(() => {
    worker.terminate();
    engine = null;
  });
  return engine;
}

// ----- small DOM helpers ---------------------------------------------------------------

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// Drawn icons (a font may lack the media-control characters).
const ICONS = {
  first: "M5 4h2v12H5zM17 4v12L8 10z",
  prev: "M15 4v12L6 10z",
  next: "M5 4v12l9-6z",
  last: "M13 4h2v12h-2zM3 4v12l9-6z",
};

function icon(path) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const shape = document.createElementNS("http://www.w3.org/2000/svg", "path");
  shape.setAttribute("d", path);
  shape.setAttribute("fill", "currentColor");
  svg.append(shape);
  return svg;
}

const fillText = (template, values) => template.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));

// ----- one example -----------------------------------------------------------------------

class Player {
  constructor(box, data, voice) {
    this.box = box;
    this.section = box.querySelector("section.example");
    this.data = data;
    this.walk = data.walk;
    this.voice = voice;
    this.views = [this.walk.start.view, ...this.walk.steps.map((step) => step.view)];
    this.position = 0;
    this.items = [...this.section.querySelectorAll("ol.steps > li.step")];
    // The settlement after the session's last round stays static; it is dimmed until the last step.
    this.sessionEnd = this.section.querySelector(".session-end");
    this.canBranch = box.dataset.engine !== undefined;
    this.build();
    this.show(0);
  }

  t(message) {
    return this.voice.gettext(message);
  }

  build() {
    const t = (m) => this.t(m);
    const button = (go, label, icon, text) => {
      const node = el("button", { type: "button", class: `player-button player-${go}`, "data-go": go, "aria-label": label,
        title: label }, text ? el("span", { class: "player-button-text", text }) : null);
      if (go === "next" || go === "last") node.append(icon);
      else node.prepend(icon);
      return node;
    };
    this.counter = el("span", { class: "player-counter", "aria-live": "polite" });
    this.bar = el("div", { class: "player-bar", role: "group", "aria-label": t(N_("Step through the example")) },
      button("first", t(N_("First step")), icon(ICONS.first)),
      button("prev", t(N_("Previous step")), icon(ICONS.prev), t(N_("Previous"))),
      this.counter,
      button("next", t(N_("Next step")), icon(ICONS.next), t(N_("Next"))),
      button("last", t(N_("Last step")), icon(ICONS.last)));
    this.now = el("div", { class: "player-now", "aria-live": "polite" });
    this.view = el("div", { class: "player-view" });
    this.whatIf = el("div", { class: "player-what-if" });
    this.panel = el("div", { class: "player", role: "region", "aria-label": t(N_("Live example")) },
      this.bar, this.now, this.view, this.whatIf);
    // The panel takes the place of the static "At the start" (its step 0 shows the same).
    const start = this.section.querySelector(".example-start");
    if (start) start.before(this.panel);
    else this.section.prepend(this.panel);
    this.bar.addEventListener("click", (event) => {
      const go = event.target.closest("button")?.dataset.go;
      if (go) this.go(go);
    });
    this.panel.addEventListener("keydown", (event) => {
      // A focused scroll box keeps its arrows (it slides sideways on small screens).
      if (event.target.closest(".table-scroll, .board-scroll, input, select, textarea")) return;
      const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
      if (keys[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        this.go(keys[event.key]);
      }
    });
    this.section.classList.add("has-player");
  }

  go(where) {
    const last = this.walk.steps.length;
    const target = { first: 0, prev: this.position - 1, next: this.position + 1, last }[where];
    this.show(Math.max(0, Math.min(last, target)));
  }

  show(position) {
    this.position = position;
    const total = this.walk.steps.length;
    const t = (m) => this.t(m);
    this.counter.textContent = position === 0
      ? fillText(t(N_("Start (%(total)s steps)")), { total })
      : fillText(t(N_("Step %(step)s of %(total)s")), { step: position, total });
    for (const [name, disabled] of [["first", position === 0], ["prev", position === 0],
      ["next", position === total], ["last", position === total]]) {
      this.bar.querySelector(`[data-go="${name}"]`).disabled = disabled;
    }
    this.items.forEach((item, i) => {
      item.classList.toggle("step-current", i === position - 1);
      item.classList.toggle("step-future", i >= position);
      if (i === position - 1) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    this.sessionEnd?.classList.toggle("session-end-future", position < total);
    const events = position === 0 ? [] : this.walk.steps[position - 1].events;
    this.now.replaceChildren(
      position === 0 ? el("p", { class: "player-status", text: t(N_("At the start")) }) : this.eventList(events),
      this.toMove(this.views[position]));
    this.view.replaceChildren(this.drawView(this.views[position]));
    this.drawWhatIf();
  }

  toMove(view) {
    if (view.over) {
      return view.winner
        ? el("p", { class: "player-status" }, this.voice.say(N_("The round is over: %(player)s went out first."), { player: view.winner }))
        : el("p", { class: "player-status", text: this.t(N_("The round is over.")) });
    }
    if (!view.to_move) return null;
    return el("p", { class: "player-status" }, this.voice.say(N_("%(player)s is to play."), { player: view.to_move }));
  }

  eventList(events) {
    const list = el("ul", { class: "events" });
    for (const event of events) {
      const badge = chipBadge(this.voice, event);
      const rule = event.rule;
      list.append(el("li", { class: `event event-${event.type}` },
        el("span", { class: "event-text" }, narrate(this.voice, event)),
        badge ? el("span", { class: "chips", text: badge }) : null,
        rule ? el("a", { class: "rule-link", href: `${rule.split(".")[0]}.html#${rule}`,
          text: `§\u00a0${this.data.rules[rule] ?? rule}` }) : null));
    }
    return list;
  }

  drawView(view) {
    const t = (m) => this.t(m);
    const board = el("ul", { class: "board-amounts" });
    for (const section of view.board) {
      board.append(el("li", {}, el("span", { class: "section-name" }, markCards(this.voice.sectionLabel(section.id))),
        " ", el("span", { class: "amount", text: this.voice.number(section.amount) })));
    }
    const body = el("tbody");
    for (const player of view.players) {
      const name = el("th", { scope: "row" }, player.name);
      if (player.name === view.dealer) name.append(" ", el("span", { class: "dealer-mark", text: t(N_("dealer")) }));
      body.append(el("tr", { class: player.name === view.to_move ? "to-move" : null }, name,
        el("td", { class: "hand" }, cardsNode(player.hand || [])),
        el("td", { class: "num", text: this.voice.number(player.balance) })));
    }
    if (view.widow && view.widow.length) {
      body.append(el("tr", { class: "widow" }, el("th", { scope: "row", text: this.voice.hiddenHand() }),
        el("td", { class: "hand" }, cardsNode(view.widow)), el("td")));
    }
    const table = el("table", { class: "hands" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t(N_("Player")) }),
        el("th", { scope: "col", text: t(N_("Hand")) }), el("th", { scope: "col", text: t(N_("Balance")) }))),
      body);
    return el("div", {},
      el("div", { class: "board-scroll", tabindex: "0", role: "group", "aria-label": t(N_("Chips on the board")) }, board),
      el("div", { class: "table-scroll", tabindex: "0", role: "group", "aria-label": t(N_("Hands")) }, table));
  }

  // "What if?": offered where the player to move had a choice, and the site holds the engine.
  drawWhatIf() {
    const position = this.position;
    const view = this.views[position];
    const played = this.walk.steps[position]?.move;
    this.whatIf.replaceChildren();
    if (!this.canBranch || !played || !view.legal || view.legal.length < 2) return;
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const others = view.legal.flatMap(someBids).filter((move) => !same(move, played));
    if (!others.length) return;
    const choices = el("div", { class: "what-if-choices", role: "group" });
    const question = el("p", { class: "what-if-question", id: `${this.box.id}-what-if` },
      el("strong", { text: this.t(N_("What if?")) }), " ",
      this.voice.say(N_("%(player)s played %(move)s here. Pick another move, and the engine plays the round out:"),
        { player: played.player ?? "", move: moveLabel(this.voice, played) }));
    choices.setAttribute("aria-labelledby", question.id);
    for (const move of others) {
      const choice = el("button", { type: "button", class: "what-if-choice" }, moveLabel(this.voice, move));
      choice.addEventListener("click", () => this.branch(position, move, choice));
      choices.append(choice);
    }
    this.line = el("div", { class: "what-if-line", "aria-live": "polite" });
    this.whatIf.append(question, choices, this.line);
  }

  async branch(position, move, button) {
    const line = this.line;
    const t = (m) => this.t(m);
    for (const choice of this.whatIf.querySelectorAll(".what-if-choice")) {
      choice.setAttribute("aria-pressed", String(choice === button));
    }
    line.setAttribute("aria-busy", "true");
    const status = el("p", { class: "what-if-status loading" }, el("span", { class: "spinner", "aria-hidden": "true" }),
      t(N_("Starting the engine in your browser (the first time takes a few seconds)…")));
    line.replaceChildren(status);
    try {
      const request = startEngine().request("branch",
        [JSON.stringify(this.data.document), position, JSON.stringify(move), BOT, 0]);
      const result = await request;
      if (this.position !== position || line !== this.line) return; // the reader moved on
      line.replaceChildren(this.drawLine(result));
    } catch (error) {
      if (line !== this.line) return;
      line.replaceChildren(el("p", { class: "what-if-status error", role: "alert" },
        this.voice.say(N_("The engine could not play this line: %(error)s"), { error: error.message })));
    } finally {
      line.removeAttribute("aria-busy");
    }
  }

  drawLine(line) {
    const t = (m) => this.t(m);
    const steps = el("ol", { class: "steps what-if-steps" });
    for (const step of line.steps) {
      steps.append(el("li", { class: "step" }, this.eventList(step.events)));
    }
    const result = line.result;
    const body = el("tbody");
    for (const [name, r] of Object.entries(result.players)) {
      const net = Number(String(r.net).split("/")[0]) > 0 ? "+" : "";
      const th = el("th", { scope: "row" }, name);
      if (name === result.winner) th.append(" ", el("span", { class: "dealer-mark", text: t(N_("out first")) }));
      body.append(el("tr", { class: name === result.winner ? "winner" : null }, th,
        el("td", { class: "num", text: this.voice.number(r.gross) }),
        el("td", { class: "num", text: net + this.voice.number(r.net) })));
    }
    const table = el("table", { class: "result" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t(N_("Player")) }),
        el("th", { scope: "col", text: t(N_("Gross")) }), el("th", { scope: "col", text: t(N_("Net")) }))), body);
    const summary = result.winner
      ? this.voice.say(N_("The round is over: %(player)s went out first."), { player: result.winner })
      : document.createTextNode(t(N_("The round is over.")));
    return el("div", { class: "what-if-result", "data-winner": result.winner ?? "" },
      el("h4", { class: "example-title", text: t(N_("Another line, played by the engine")) }),
      steps,
      el("p", { class: "what-if-winner" }, summary),
      el("div", { class: "table-scroll", tabindex: "0", role: "group", "aria-label": t(N_("Result of the round")) }, table));
  }
}

// ----- start-up --------------------------------------------------------------------------

async function main() {
  const boxes = [...document.querySelectorAll(".example-box")];
  if (!boxes.length) return;
  const response = await fetch(new URL("messages.json", document.baseURI));
  if (!response.ok) throw new Error(`messages.json: HTTP ${response.status}`);
  const messages = await response.json();
  for (const box of boxes) {
    const script = box.querySelector("script.example-data");
    if (!script) continue;
    const data = JSON.parse(script.textContent);
    box.player = new Player(box, data, new Voice(messages, data.walk.game));
  }
  document.documentElement.dataset.player = "ready";
}

main().catch((error) => {
  // The static walkthrough stays as it is; say why the controls are missing.
  document.documentElement.dataset.player = "failed";
  console.warn(`stops player: ${error.message}`);
});
