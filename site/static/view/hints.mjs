// The engine's hint, drawn one way for every table (the widget's panel and the play page):
// each option's move, its expected chips ± their standard error, how often it goes out first
// and the engine's reason, best first, in the page's number format.

import { renderMessage } from "../i18n/messages.mjs";
import { el } from "./controls.mjs";
import { fillText, moveLabel } from "./voice.mjs";

// A hint option's reason in the page's language (the engine's catalog message; one the
// catalog lacks throws, as a missing message does: the build exports every reason).
export function hintReason(voice, option) {
  const message = option.reason_message;
  if (!message) throw new Error("a hint option without its reason message");
  // A reason that names a move is filled here (the move drawn as the page draws it); any other
  // is an engine message like the narration's, with its card and noun forms ("del 5 al 7").
  if (Object.values(message.args ?? {}).some((value) => value && typeof value === "object" && "move" in value)) {
    return voice.say(message.id, reasonArgs(message.args, voice));
  }
  return renderMessage({ id: message.id, args: message.args }, voice.data);
}

// A reason's typed arguments in the page's language (cards drawn, sections by label).
function reasonArgs(args, voice) {
  const out = {};
  for (const [name, value] of Object.entries(args ?? {})) {
    if (value === null || typeof value !== "object") out[name] = String(value);
    else if ("card" in value) out[name] = voice.card(value.card);
    else if ("section" in value) out[name] = voice.sectionLabel(value.section);
    else if ("hand" in value) out[name] = voice.pokerHand(value.hand);
    else if ("chips" in value) out[name] = voice.chips(value.chips);
    else if ("number" in value) out[name] = voice.number(value.number);
    else if ("move" in value) out[name] = moveLabel(voice, value.move);
    else if ("percent" in value) out[name] = new Intl.NumberFormat(voice.lang, { style: "percent" }).format(value.percent);
    else throw new Error(`unknown argument kind in ${JSON.stringify(value)}`);
  }
  return out;
}

// The hint's rows, best first (the engine's order among equals), at most `most` of them, and
// how many more there are. `classes` names the best row and the figures' cells for the
// table's style sheet.
export function hintRows(voice, answer, { most = Infinity, classes = {} } = {}) {
  const { best = "best", figure = "num", rate = "num", reason = "reason" } = classes;
  const percent = new Intl.NumberFormat(voice.lang, { style: "percent", maximumFractionDigits: 0 });
  const signed = new Intl.NumberFormat(voice.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" });
  const plain = new Intl.NumberFormat(voice.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const order = answer.options.map((option, i) => ({ option, i })).sort((a, b) => b.option.expected - a.option.expected || a.i - b.i);
  const rows = order.slice(0, most).map(({ option, i }) => el("tr", { class: i === answer.best ? best : null },
    el("th", { scope: "row" }, moveLabel(voice, option.move)),
    el("td", { class: figure, text: `${signed.format(option.expected).replace("-", "−")} ± ${plain.format(option.stderr)}` }),
    el("td", { class: rate, text: percent.format(option.win_rate) }),
    el("td", { class: reason }, hintReason(voice, option))));
  return { rows, more: order.length - rows.length };
}

// Chips to two decimals (an average: the puzzles' costs and margins), in the plural the
// language gives that number.
export function decimalChips(voice, value) {
  const num = new Intl.NumberFormat(voice.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(value));
  return fillText(voice.ngettext("%(num)s chip", "%(num)s chips", Math.abs(value)), { num: value < 0 ? `−${num}` : num });
}
