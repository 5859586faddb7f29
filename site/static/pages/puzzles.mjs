// The puzzle page (/<lang>/<game>/puzzles/) and its embed (/<lang>/embed/puzzles/<game>.html):
// one position at a time, from the solver's seat, and the moves to choose from.
//
// Wiring only: the model (model/puzzle.mjs) gives the verdict from the puzzle's stored ratings,
// the Glicko-2 rating, the streak and the next puzzle; the table is the play page's (the
// widget's felt, view/table.mjs, and the hand dock, view/hand.mjs); the engine's table of
// options is the hint's (view/hints.mjs). Only "Play it out" asks the live engine
// (engine/client.mjs, stops.web.branch, as the widget's What if?), and its lines are stepped in
// the table widget. A teacher's set is the fragment `#set=<id>,<id>,…`.

import { pageEngine, requestRetried } from "../engine/client.mjs";
import * as model from "../model/puzzle.mjs";
import { embedSnippet } from "../model/editor.mjs";
import { copyText, el, errorBlock, fillText } from "../view/controls.mjs";
import { HandDock } from "../view/hand.mjs";
import { decimalChips, hintRows } from "../view/hints.mjs";
import { FitUnit } from "../view/layout.mjs";
import { facing } from "../view/seats.mjs";
import { TableView } from "../view/table.mjs";
import { makeVoice, moveLabel } from "../view/voice.mjs";
import { mount } from "../widget.mjs";
import { loadPuzzles } from "./puzzle-data.mjs";

const N_ = (message) => message;
const BRANCH_TIMEOUT = 30_000;

class PuzzlePage {
  constructor(root, data, messages, puzzles) {
    this.root = root;
    this.data = data;
    this.game = data.game;
    this.messages = messages;
    this.voice = makeVoice(messages, this.game);
    this.puzzles = puzzles.puzzles;
    this.settings = puzzles.settings;
    this.storage = globalThis.localStorage;
    this.progress = model.load(this.storage, this.game);
    this.filter = { theme: "", level: 0 };
    this.set = null;
    this.chosen = []; // the teacher's set being made, in the order chosen
    this.q = (selector) => root.querySelector(selector);
    this.question = this.q(".puzzle-question");
    this.verdictBox = this.q(".puzzle-verdict");
    this.answerBox = this.q(".puzzle-answer");
    this.playoutBox = this.q(".puzzle-playout");
    this.hand = new HandDock(this.voice, { hand: this.q(".play-hand"), actions: this.q(".play-actions"),
      onPlay: (move) => this.choose(move) });
    this.engine = root.dataset.engine ? pageEngine() : null;
    this.wire();
  }

  t(message, values) {
    const text = this.voice.gettext(message);
    return values ? fillText(text, values) : text;
  }

  // Chips to two decimals (an average), the plural as the language has it for that number.
  chips(value) {
    return decimalChips(this.voice, value);
  }

  wire() {
    this.q(".control-next").addEventListener("click", () => this.next());
    this.q(".control-answer").addEventListener("click", () => {
      this.answerBox.scrollIntoView({ block: "start", behavior: "instant" });
      this.answerBox.focus({ preventScroll: true });
    });
    this.q(".control-play-out").addEventListener("click", () => this.playOut());
    const theme = this.q(".filter-theme");
    const level = this.q(".filter-level");
    const refilter = () => {
      this.filter = { theme: theme.value, level: Number(level.value) };
      if (!this.puzzle || !model.matches(this.puzzle, this.filter)) this.next();
    };
    theme?.addEventListener("change", refilter);
    level?.addEventListener("change", refilter);
    addEventListener("resize", () => this.unit?.fit());
    addEventListener("hashchange", () => this.arrive());
    if (this.q(".puzzle-teachers")) this.wireTeachers();
  }

  // ----- arriving: a set, a puzzle, or the first one not yet tried --------------------------

  arrive() {
    const { set, id } = model.readHash(location.hash);
    this.set = set ? model.knownSet(this.puzzles, set) : null;
    if (this.set && !this.set.length) this.set = null;
    for (const select of this.root.querySelectorAll(".puzzle-filter select")) select.disabled = Boolean(this.set);
    const wanted = this.puzzles.find((p) => p.id === id && (!this.set || this.set.includes(p.id)));
    const first = wanted ?? (this.set ? this.puzzles.find((p) => p.id === this.set[0])
      : model.next(this.puzzles, { progress: this.progress, filter: this.filter }));
    if (this.set) {
      this.chosen = [...this.set];
      this.drawSet();
    }
    this.show(first);
  }

  next() {
    const found = model.next(this.puzzles, { progress: this.progress, filter: this.filter, set: this.set,
      current: this.puzzle?.id ?? null });
    if (!found) {
      this.puzzle = null;
      this.root.dataset.state = "done";
      this.question.textContent = this.set ? this.t(N_("That was the last puzzle of the set."))
        : this.t(N_("No puzzle has this theme at this difficulty."));
      this.q(".control-next").hidden = Boolean(this.set);
      return;
    }
    this.show(found);
  }

  // ----- one puzzle ---------------------------------------------------------------------------

  show(puzzle) {
    this.puzzle = puzzle;
    this.answered = null;
    this.lines = null;
    this.playoutHandle?.destroy();
    this.playoutHandle = null;
    const address = this.set ? model.setHash(this.set, puzzle.id) : `#puzzle=${puzzle.id}`;
    if (location.hash !== address) history.replaceState(history.state, "", address);
    const players = puzzle.view.players.map((p) => p.name);
    const host = this.q(".table-host");
    this.table = new TableView(this.voice, { players: facing(players, puzzle.solver), board: puzzle.board ?? this.data.board });
    host.replaceChildren(this.table.node);
    this.table.set({ view: puzzle.view, seat: puzzle.solver, reader: puzzle.solver });
    this.hand.set({ view: puzzle.view, legal: puzzle.legal, reader: puzzle.solver, key: puzzle.id });
    this.q(".play-moves").hidden = false;
    // The hand is on the table already: in the dock only when its cards are the moves.
    this.q(".play-hand").hidden = !puzzle.legal.some((move) => "play" in move);
    const phase = this.data.phases[puzzle.phase] ?? puzzle.phase;
    this.question.textContent = this.t(N_("You are %(player)s and it is your turn (%(phase)s): find the best move."),
      { player: puzzle.solver, phase });
    this.drawPlace();
    this.drawScore();
    this.verdictBox.hidden = true;
    this.verdictBox.replaceChildren();
    this.answerBox.hidden = true;
    this.playoutBox.hidden = true;
    this.q(".control-answer").hidden = true;
    this.q(".control-play-out").hidden = true;
    this.q(".control-next").hidden = false;
    this.root.dataset.state = "solving";
    this.root.dataset.puzzle = puzzle.id;
    // One screen (view/layout.mjs): the score and the filter, the question, the table and the
    // dock with the moves, the verdict and the controls.
    const bar = this.q(".puzzle-bar");
    this.unit ??= new FitUnit({ node: this.q(".puzzle-unit"), stage: host, felt: this.table.node, panel: this.question,
      controls: this.q(".play-dock") }, { beside: false, height: this.data.embed ? "screen" : "window",
      reserve: () => bar.offsetHeight + 8 });
    this.unit.felt = this.table.node;
    this.unit.size = null; // a new table: laid out again
    this.unit.fit();
    this.reveal();
    postHeight();
  }

  // The trainer on the screen, from the score to the controls (scrolled to only when it is not).
  reveal() {
    if (this.data.embed) return;
    const top = this.q(".puzzle-bar").getBoundingClientRect().top;
    const bottom = this.q(".puzzle-unit").getBoundingClientRect().bottom;
    if (top >= -0.5 && bottom <= innerHeight + 0.5) return;
    scrollTo({ top: Math.max(0, scrollY + top - 4), behavior: "instant" });
  }

  drawPlace() {
    const place = this.q(".puzzle-place");
    const level = this.data.levels[this.puzzle.difficulty.level];
    if (this.set) {
      place.textContent = this.t(N_("Set: puzzle %(number)s of %(total)s · %(level)s"),
        { number: this.set.indexOf(this.puzzle.id) + 1, total: this.set.length, level });
    } else {
      place.textContent = this.t(N_("Puzzle %(number)s of %(total)s · %(level)s"),
        { number: this.puzzles.indexOf(this.puzzle) + 1, total: this.puzzles.length, level });
    }
  }

  drawScore() {
    const { player, streak, best } = this.progress;
    this.q(".puzzle-rating").textContent = this.t(N_("Your rating: %(rating)s ± %(deviation)s"),
      { rating: this.voice.number(Math.round(player.rating)), deviation: this.voice.number(Math.round(2 * player.rd)) });
    this.q(".puzzle-streak").textContent = this.t(N_("Streak: %(streak)s (best %(best)s)"),
      { streak: this.voice.number(streak), best: this.voice.number(best) });
  }

  // The choice: its verdict at once, from the stored ratings; one attempt per showing is rated.
  choose(move) {
    if (this.answered || !this.puzzle) return;
    const puzzle = this.puzzle;
    const v = model.verdict(puzzle, move);
    const before = this.progress.player.rating;
    this.progress = model.attempt(this.progress, puzzle, v);
    model.save(this.storage, this.game, this.progress);
    this.answered = { move, verdict: v };
    const options = puzzle.rating.options;
    const best = moveLabel(this.voice, options[v.best].move);
    const words = v.right
      ? this.voice.say(N_("Right: %(move)s is the best move."), { move: best })
      : this.voice.say(N_("Not the best: %(move)s costs %(chips)s on average against %(best)s."),
        { move: moveLabel(this.voice, move), chips: this.chips(v.cost), best });
    const after = this.progress.player.rating;
    const change = this.t(N_("Rating: %(before)s → %(after)s"),
      { before: this.voice.number(Math.round(before)), after: this.voice.number(Math.round(after)) });
    this.verdictBox.className = `puzzle-verdict ${v.right ? "verdict-right" : "verdict-wrong"}`;
    this.verdictBox.replaceChildren(el("p", { class: "verdict-words" }, v.right ? "✓ " : "✗ ", words),
      el("p", { class: "verdict-rating", text: change }));
    this.verdictBox.hidden = false;
    this.hand.set({ view: puzzle.view, legal: [], reader: puzzle.solver, key: puzzle.id });
    this.q(".play-moves").hidden = true; // the hand is on the table; the dock holds the verdict
    this.root.dataset.state = v.right ? "right" : "wrong";
    this.drawScore();
    this.drawAnswer();
    this.q(".control-answer").hidden = false;
    this.q(".control-play-out").hidden = false;
    this.unit.fit();
    this.reveal();
    this.q(".control-next").focus({ preventScroll: true });
    postHeight();
  }

  // The table of options with their reasons, and how the answer was found.
  drawAnswer() {
    const puzzle = this.puzzle;
    const { rows } = hintRows(this.voice, puzzle.rating, { classes: { best: "hint-best", figure: "hint-figure", rate: null, reason: null } });
    const chosen = this.answered.verdict.index;
    const order = puzzle.rating.options.map((o, i) => ({ o, i })).sort((a, b) => b.o.expected - a.o.expected || a.i - b.i);
    const yours = this.t(N_("(your move)"));
    order.forEach(({ i }, row) => {
      if (i === chosen) {
        rows[row]?.classList.add("puzzle-chosen");
        rows[row]?.querySelector("th")?.append(" ", el("span", { class: "chosen-mark", text: yours }));
      }
    });
    this.q(".puzzle-options tbody").replaceChildren(...rows);
    const m = puzzle.margin;
    const playouts = this.voice.number(puzzle.rating.options[puzzle.rating.best].playouts);
    const how = m.sigmas === null
      ? this.t(N_("Found with %(playouts)s playouts of every move on the same deals of the hidden cards: the best move is %(chips)s ahead of the next in every one of them. Checked again with %(check)s other playouts."),
        { playouts, chips: this.chips(m.chips), check: this.voice.number(puzzle.check.playouts) })
      : this.t(N_("Found with %(playouts)s playouts of every move on the same deals of the hidden cards: the best move is %(chips)s ahead of the next, %(sigmas)s standard errors of the difference. Checked again with %(check)s other playouts."),
        { playouts, chips: this.chips(m.chips), sigmas: new Intl.NumberFormat(this.voice.lang, { maximumFractionDigits: 1 }).format(m.sigmas),
          check: this.voice.number(puzzle.check.playouts) });
    this.q(".puzzle-how").textContent = how;
    const themes = puzzle.themes.map((id) => this.data.themes[id] ?? id).join(", ");
    this.q(".puzzle-themes").textContent = fillText(
      this.voice.ngettext("Theme: %(themes)s. Difficulty: %(level)s.", "Themes: %(themes)s. Difficulty: %(level)s.",
        puzzle.themes.length),
      { themes, level: this.data.levels[puzzle.difficulty.level] });
    this.answerBox.hidden = false;
  }

  // ----- play it out: the player's move against the best, by the live engine ----------------

  async playOut() {
    if (!this.answered || !this.engine) return;
    const puzzle = this.puzzle;
    const status = this.q(".playout-status");
    this.playoutBox.hidden = false;
    status.textContent = this.t(N_("The engine plays both lines to the end of the round…"));
    this.playoutBox.scrollIntoView({ block: "start", behavior: "instant" });
    const best = puzzle.rating.options[puzzle.rating.best].move;
    const mine = this.answered.move;
    const wanted = this.answered.verdict.right ? [["best", best]] : [["mine", mine], ["best", best]];
    const lines = [];
    try {
      for (const [kind, move] of wanted) {
        const walk = await requestRetried(this.engine, "branch",
          [JSON.stringify(puzzle.position), puzzle.step, JSON.stringify(move), "basic", 0], { key: `puzzle:${kind}`, timeout: BRANCH_TIMEOUT });
        lines.push({ kind, move, walk });
      }
    } catch (error) {
      if (this.puzzle !== puzzle) return;
      status.replaceChildren();
      errorBlock(status, { error, catalog: this.voice.data, links: { rulesHref: `../../${this.game}.html`, rules: this.data.rules },
        onRetry: () => this.playOut() });
      return;
    }
    if (this.puzzle !== puzzle) return;
    this.lines = lines;
    status.textContent = "";
    const group = this.q(".playout-lines");
    group.replaceChildren(...lines.map((line, index) => {
      const net = line.walk.result?.players?.[puzzle.solver]?.net ?? 0;
      const words = line.kind === "mine" ? N_("Your move, %(move)s: %(player)s ends the round at %(net)s")
        : N_("The best move, %(move)s: %(player)s ends the round at %(net)s");
      const button = el("button", { type: "button", class: "playout-line", "aria-pressed": "false" },
        this.voice.say(words, { move: moveLabel(this.voice, line.move), player: puzzle.solver, net: this.voice.chips(net) }));
      button.addEventListener("click", () => this.showLine(index));
      return button;
    }));
    this.showLine(0);
  }

  showLine(index) {
    const puzzle = this.puzzle;
    const line = this.lines[index];
    this.playoutHandle?.destroy();
    for (const [i, button] of [...this.q(".playout-lines").children].entries()) button.setAttribute("aria-pressed", String(i === index));
    this.playoutHandle = mount(this.q(".playout-host"), {
      data: { document: puzzle.position, walk: line.walk, rules: this.data.rules, board: puzzle.board ?? this.data.board },
      messages: this.messages, name: `line-${index}`, seat: puzzle.solver, engine: null, rulesHref: "../../",
      controls: { whatIf: false, hint: false, seatView: true, autoplay: true }, address: false,
      fit: this.data.embed ? "screen" : "window",
    });
    postHeight();
  }

  // ----- for teachers: a set as a link, the worksheet, the embed ------------------------------

  wireTeachers() {
    const list = this.q(".set-list");
    list.replaceChildren(...this.puzzles.map((puzzle, index) => {
      const box = el("input", { type: "checkbox", id: `set-${puzzle.id}`, value: puzzle.id });
      box.addEventListener("change", () => {
        this.chosen = box.checked ? [...this.chosen, puzzle.id] : this.chosen.filter((id) => id !== puzzle.id);
        this.drawSet();
      });
      const themes = puzzle.themes.map((id) => this.data.themes[id] ?? id).join(", ");
      const label = el("label", { htmlFor: box.id },
        this.t(N_("Puzzle %(number)s: %(themes)s, %(level)s"), { number: index + 1, themes, level: this.data.levels[puzzle.difficulty.level] }),
        el("span", { class: "set-order" }));
      return el("li", {}, box, label);
    }));
    this.q(".set-clear").addEventListener("click", () => {
      this.chosen = [];
      this.drawSet();
    });
    this.q(".set-copy").addEventListener("click", () => {
      const field = this.q(".set-link");
      copyText(field.value, { field, status: this.q(".set-said"), copied: this.t(N_("The link to the set is copied.")),
        notCopied: this.t(N_("Select the link and copy it.")) });
    });
    this.drawSet();
  }

  drawSet() {
    if (!this.q(".puzzle-teachers")) return;
    const ids = this.chosen.length ? this.chosen : this.puzzles.map((p) => p.id);
    for (const box of this.root.querySelectorAll(".set-list input")) {
      box.checked = this.chosen.includes(box.value);
      box.parentElement.querySelector(".set-order").textContent = box.checked ? ` · #${this.chosen.indexOf(box.value) + 1}` : "";
    }
    const hash = this.chosen.length ? model.setHash(this.chosen) : "";
    const page = new URL(location.pathname, location.href);
    this.q(".set-link").value = `${page.href}${hash || model.setHash(ids)}`;
    this.q(".set-worksheet").href = `worksheet.html${hash}`;
    const embed = new URL(`../../embed/puzzles/${this.game}.html${hash || model.setHash(ids)}`, page).href;
    this.q(".set-snippet").value = embedSnippet(embed, { title: document.title, hostScript: new URL("../../../static/embed-host.js", page).href });
    this.q(".set-said").textContent = this.chosen.length
      ? fillText(this.voice.ngettext("The set holds %(count)s puzzle.", "The set holds %(count)s puzzles, in the order chosen.",
        this.chosen.length), { count: this.voice.number(this.chosen.length) })
      : this.t(N_("No puzzle chosen: the link and the worksheet hold them all."));
  }
}

// An embed tells its host page its height (static/embed-host.js resizes the iframe).
function postHeight() {
  if (window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ type: "stops-embed-height", height }, "*");
}

async function main() {
  const root = document.querySelector(".puzzle-page");
  if (!root) return;
  const { data, messages, puzzles } = await loadPuzzles(root);
  const page = new PuzzlePage(root, data, messages, puzzles);
  root.puzzlePage = page;
  page.arrive();
  document.documentElement.dataset.player = "ready";
}

main().catch((error) => {
  const box = document.querySelector(".play-error");
  if (box) {
    box.textContent = String(error?.message ?? error);
    box.hidden = false;
  }
  document.querySelector(".puzzle-page")?.setAttribute("data-state", "failed");
});

