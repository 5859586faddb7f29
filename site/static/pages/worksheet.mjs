// A game's puzzles as a printable worksheet (/<lang>/<game>/puzzles/worksheet.html): every
// puzzle, or the set the fragment names (`#set=<id>,<id>,…`, model/puzzle.mjs), each position
// drawn from its solver's seat by the table the puzzle page uses (view/table.mjs) with the
// moves to choose from, lettered; then the answers, on a page of their own (puzzles.css).

import * as model from "../model/puzzle.mjs";
import { el, fillText } from "../view/controls.mjs";
import { decimalChips, hintReason } from "../view/hints.mjs";
import { facing } from "../view/seats.mjs";
import { TableView } from "../view/table.mjs";
import { makeVoice, moveLabel } from "../view/voice.mjs";
import { loadPuzzles } from "./puzzle-data.mjs";

const N_ = (message) => message;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function draw(root, data, messages, puzzles) {
  const voice = makeVoice(messages, data.game);
  const t = (message, values) => (values ? fillText(voice.gettext(message), values) : voice.gettext(message));
  const { set } = model.readHash(location.hash);
  const ids = set ? model.knownSet(puzzles, set) : [];
  const shown = ids.length ? ids.map((id) => puzzles.find((p) => p.id === id)) : puzzles;
  const list = root.querySelector(".worksheet-puzzles");
  const answers = root.querySelector(".worksheet-answer-list");
  list.replaceChildren();
  answers.replaceChildren();
  shown.forEach((puzzle, index) => {
    const players = puzzle.view.players.map((p) => p.name);
    const table = new TableView(voice, { players: facing(players, puzzle.solver), board: puzzle.board ?? data.board });
    table.set({ view: puzzle.view, seat: puzzle.solver, reader: puzzle.solver });
    const phase = data.phases[puzzle.phase] ?? puzzle.phase;
    const options = puzzle.rating.options;
    const choices = el("ol", { class: "worksheet-choices", type: "A" },
      ...options.map((option) => el("li", {}, moveLabel(voice, option.move))));
    list.append(el("li", { class: "worksheet-puzzle" },
      el("h2", { text: t(N_("Puzzle %(number)s"), { number: index + 1 }) }),
      el("p", { class: "worksheet-question", text: t(N_("You are %(player)s and it is your turn (%(phase)s): find the best move."),
        { player: puzzle.solver, phase }) }),
      el("div", { class: "worksheet-table" }, table.node),
      el("p", { class: "worksheet-choose", text: t(N_("Choose one:")) }), choices));
    const best = options[puzzle.rating.best];
    const second = options[puzzle.margin.second];
    answers.append(el("li", {},
      el("strong", { text: t(N_("Puzzle %(number)s: %(letter)s"), { number: index + 1, letter: LETTERS[puzzle.rating.best] ?? "" }) }),
      " — ",
      voice.say(N_("%(move)s, %(chips)s ahead of %(second)s."), { move: moveLabel(voice, best.move),
        chips: decimalChips(voice, puzzle.margin.chips), second: moveLabel(voice, second.move) }),
      " ", hintReason(voice, best)));
  });
}

async function main() {
  const root = document.querySelector(".worksheet-page");
  if (!root) return;
  const { data, messages, puzzles } = await loadPuzzles(root);
  draw(root, data, messages, puzzles.puzzles);
  addEventListener("hashchange", () => draw(root, data, messages, puzzles.puzzles));
  root.querySelector(".worksheet-print")?.addEventListener("click", () => print());
  root.dataset.state = "ready";
  document.documentElement.dataset.player = "ready";
}

main().catch((error) => {
  document.querySelector(".worksheet-page")?.setAttribute("data-state", "failed");
  throw error;
});
