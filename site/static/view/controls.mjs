// The widget's controls: stepping (First, Previous, Next, Last, Play/Pause and its speed),
// the step counter, and the switches (Seat view, Hint, What if?). Buttons are never
// disabled while they may hold the focus: at either end they are marked aria-disabled
// and do nothing, so that the keyboard's place is never lost.

import { errorNode } from "../i18n/errors.mjs";
import { fillText } from "../i18n/messages.mjs";
import { bidAmount } from "../model/table.mjs";

const N_ = (message) => message;

const ICONS = {
  first: "M5 4h2v12H5zM17 4v12L8 10z",
  prev: "M15 4v12L6 10z",
  next: "M5 4v12l9-6z",
  last: "M13 4h2v12h-2zM3 4v12l9-6z",
  // Play (the steps one after the other) and Pause in a ring, unlike Next's bare triangle.
  play: "M10 1a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 2a7 7 0 1 1 0 14a7 7 0 1 1 0-14zM8 6v8l6-4z",
  pause: "M10 1a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 2a7 7 0 1 1 0 14a7 7 0 1 1 0-14zM7 6h2v8H7zM11 6h2v8h-2z",
};

// An element: `props` sets the element's own properties (htmlFor, readOnly, checked,
// spellcheck…) where it has them and attributes otherwise (aria-*, data-*, role…): true is
// an attribute without a value, false or null none; "class" and "text" set its class and text.
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name in node && !name.includes("-")) node[name] = value;
    else if (value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// The short forms of `el`: an element with a class and its text, and a button that calls
// `onClick`, labelled by a text or a node.
export function element(tag, className, text) {
  return el(tag, { class: className || null, text });
}

export function button(label, onClick, className) {
  const node = el("button", { type: "button", class: className || null, text: typeof label === "string" ? label : null },
    typeof label === "string" ? null : label);
  node.addEventListener("click", onClick);
  return node;
}

const RETRY = N_("Retry");

// The one error block of the tables (the widget's, the play page's): `box` (an alert) is
// filled with the page's own `words` (already in its language) and the engine's `error` said
// by i18n/errors.mjs (what kind of fault, the rule broken linked by `links`, the engine's
// English sentence after it), then, when `onRetry` is given (the engine itself failed), a
// Retry button that calls it. `catalog`: the page's messages. Returns `box`.
export function errorBlock(box, { words = "", error = null, catalog, links = {}, onRetry = null, retryClass = "retry" }) {
  const said = el("p", { class: "error-words" });
  if (words) said.append(words);
  if (error) said.append(words ? " " : "", errorNode(error, catalog, links));
  box.replaceChildren(said);
  if (onRetry) box.append(button(catalog?.messages?.[RETRY] ?? RETRY, onRetry, retryClass));
  return box;
}

// An amount in a range as a number field and its button (an auction's bid, a bet of a chosen
// size; max null: no top): the button, or Enter in the field, gives `onAmount` a whole number
// in the range, else the field says `invalid`. The caller lays the two out with its label.
export function amountField({ min, max = null, text, invalid, onAmount, className = null, buttonClass = null }) {
  const input = el("input", { type: "number", class: className, min: String(min), max: max === null || max === undefined ? null : String(max),
    step: "1", value: String(min), inputMode: "numeric" });
  const go = button(text, () => {
    const checked = bidAmount({ min, max }, input.value);
    if (!checked.ok) {
      input.setCustomValidity(invalid);
      input.reportValidity();
      return;
    }
    input.setCustomValidity("");
    onAmount(checked.move.bid);
  }, buttonClass);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") go.click();
  });
  return { input, go };
}

// Text copied to the clipboard where the browser lets the page; else `field` (the text shown)
// is selected for the reader to copy. `status` says which: `copied` or `notCopied` (worded
// already; null says nothing). Resolves to whether it was copied.
export async function copyText(text, { field = null, status = null, copied, notCopied = null }) {
  try {
    await navigator.clipboard.writeText(text);
    if (status) status.textContent = copied;
    return true;
  } catch {
    field?.select();
    if (status && notCopied !== null) status.textContent = notCopied;
    return false;
  }
}

export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const shape = document.createElementNS("http://www.w3.org/2000/svg", "path");
  shape.setAttribute("d", ICONS[name]);
  shape.setAttribute("fill", "currentColor");
  svg.append(shape);
  return svg;
}

export { fillText }; // the one filler (i18n/messages.mjs)

// Autoplay speeds: milliseconds per step.
export const SPEEDS = [2500, 1500, 800];

export class StepBar {
  constructor(voice, { onGo, onPlay, onSpeed, speed = 1 }) {
    const t = (m) => voice.gettext(m);
    this.voice = voice;
    const button = (go, label, shown) => el("button", { type: "button", class: `w-button w-${go}`, "data-go": go,
      "aria-label": label, title: label }, icon(go), shown ? el("span", { class: "w-button-text", "aria-hidden": "true", text: label }) : null);
    this.buttons = {
      first: button("first", t(N_("First"))),
      prev: button("prev", t(N_("Previous")), true),
      next: button("next", t(N_("Next")), true),
      last: button("last", t(N_("Last"))),
    };
    this.play = el("button", { type: "button", class: "w-button w-play", "aria-label": t(N_("Play the steps")), title: t(N_("Play the steps")) }, icon("play"));
    this.speed = el("select", { class: "w-speed", "aria-label": t(N_("Speed")) });
    [N_("slow"), N_("normal"), N_("fast")].forEach((label, i) => {
      this.speed.append(el("option", { value: String(i), text: t(label) }));
    });
    this.speed.value = String(speed);
    // The speed's visible label names it (a bare "normal" says nothing).
    this.speedLabel = el("label", { class: "w-speed-label" }, el("span", { class: "w-speed-word", text: t(N_("Speed")) }), this.speed);
    this.counter = el("span", { class: "w-counter" });
    this.node = el("div", { class: "w-bar", role: "group", "aria-label": t(N_("Step through the example")) },
      this.buttons.first, this.buttons.prev, this.counter, this.buttons.next, this.buttons.last, this.play, this.speedLabel);
    for (const [go, node] of Object.entries(this.buttons)) {
      node.addEventListener("click", () => {
        if (node.getAttribute("aria-disabled") !== "true") onGo(go);
      });
    }
    this.play.addEventListener("click", () => onPlay());
    this.speed.addEventListener("change", () => onSpeed(Number(this.speed.value)));
  }

  update({ index, total, playing }) {
    const t = (m) => this.voice.gettext(m);
    this.counter.textContent = index === 0
      ? fillText(this.voice.ngettext("Start (%(total)s step)", "Start (%(total)s steps)", total), { total })
      : fillText(t(N_("Step %(step)s of %(total)s")), { step: index, total });
    for (const [go, off] of [["first", index === 0], ["prev", index === 0], ["next", index === total], ["last", index === total]]) {
      if (off) this.buttons[go].setAttribute("aria-disabled", "true");
      else this.buttons[go].removeAttribute("aria-disabled");
    }
    const label = playing ? t(N_("Pause")) : t(N_("Play the steps"));
    this.play.setAttribute("aria-label", label);
    this.play.title = label;
    this.play.replaceChildren(icon(playing ? "pause" : "play"));
  }
}
