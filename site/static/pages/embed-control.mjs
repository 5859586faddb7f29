// The Embed control under every example of a rules page (and under a shared replay): the
// options of the embed (start step, seat view, autoplay, What if?), then the iframe snippet
// and the direct link with those options, each ready to copy. Draws nothing from the data
// but names, as text.

import { embedSnippet, embedUrl } from "../model/editor.mjs";
import { copyText, el, fillText } from "../view/controls.mjs";

const N_ = (message) => message;
const TEXTS = {
  embed: N_("Embed"),
  intro: N_("Put this example in a lesson, a slide or a learning platform: copy the snippet into its HTML, or share the link."),
  step: N_("Start at step"),
  seat: N_("Hands shown"),
  all: N_("Every hand"),
  seenBy: N_("As seen by %(player)s"),
  autoplay: N_("Play by itself"),
  whatIf: N_("Allow “What if?”"),
  snippet: N_("Snippet to paste"),
  link: N_("Direct link"),
  copySnippet: N_("Copy the snippet"),
  copyLink: N_("Copy the link"),
  copied: N_("Copied."),
  notCopied: N_("Select the text and copy it."),
  frameTitle: N_("Stops example"),
};

let counter = 0;

// The control for one example; `target` is {example} or {payload} (a shared replay).
// `root` is the site's root (default: a rules page's parent folder, /<lang>/..).
export function embedControl({ t, target, players, steps, title, lang, root = new URL("../", document.baseURI) }) {
  counter += 1;
  const id = `embed-${counter}`;
  const base = new URL(`${lang}/embed/`, root).href;
  const hostScript = new URL("static/embed-host.js", root).href;
  const toggle = el("button", { type: "button", class: "embed-toggle", "aria-expanded": "false", "aria-controls": id }, t(TEXTS.embed));
  const step = el("input", { type: "number", min: "0", max: String(steps), value: "0", id: `${id}-step`, class: "embed-step" });
  const seat = el("select", { id: `${id}-seat` }, el("option", { value: "" }, t(TEXTS.all)),
    ...players.map((name) => el("option", { value: name }, fillText(t(TEXTS.seenBy), { player: name }))));
  const autoplay = el("input", { type: "checkbox", id: `${id}-autoplay` });
  const whatIf = el("input", { type: "checkbox", id: `${id}-whatif`, checked: true });
  const snippet = el("textarea", { id: `${id}-snippet`, readOnly: true, rows: 4, class: "embed-snippet", spellcheck: false });
  const link = el("input", { type: "text", id: `${id}-link`, readOnly: true, class: "embed-link", spellcheck: false });
  const status = el("p", { class: "embed-status", role: "status" });
  const label = (input, text) => el("label", { htmlFor: input.id }, t(text));
  const copy = (field, text) => el("button", { type: "button", class: "embed-copy" }, t(text));
  const copySnippet = copy(snippet, TEXTS.copySnippet);
  const copyLink = copy(link, TEXTS.copyLink);
  const panel = el("div", { id, class: "embed-panel", hidden: true },
    el("p", { class: "embed-intro" }, t(TEXTS.intro)),
    el("div", { class: "embed-options" },
      el("span", { class: "embed-option" }, label(step, TEXTS.step), step),
      el("span", { class: "embed-option" }, label(seat, TEXTS.seat), seat),
      el("span", { class: "embed-option" }, autoplay, label(autoplay, TEXTS.autoplay)),
      el("span", { class: "embed-option" }, whatIf, label(whatIf, TEXTS.whatIf))),
    label(snippet, TEXTS.snippet), snippet, el("p", { class: "embed-actions" }, copySnippet),
    label(link, TEXTS.link), link, el("p", { class: "embed-actions" }, copyLink), status);

  const update = () => {
    const start = Math.max(0, Math.min(steps, Math.trunc(Number(step.value) || 0)));
    const options = { example: target.example, step: start, seat: seat.value || null, autoplay: autoplay.checked,
                      whatIf: whatIf.checked };
    if (!whatIf.checked) options.controls = ["play", "hint", "seat"];
    const url = embedUrl(base, options, target.payload ?? null);
    link.value = url;
    snippet.value = embedSnippet(url, { title: title || t(TEXTS.frameTitle), hostScript });
  };
  for (const input of [step, seat, autoplay, whatIf]) input.addEventListener("input", update);
  const copyFrom = (field) => copyText(field.value, { field, status, copied: t(TEXTS.copied), notCopied: t(TEXTS.notCopied) });
  copySnippet.addEventListener("click", () => copyFrom(snippet));
  copyLink.addEventListener("click", () => copyFrom(link));
  toggle.addEventListener("click", () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) update();
  });
  update();
  return {
    node: el("div", { class: "embed-control" }, toggle, panel),
    setStep(index) {
      step.value = String(index);
      update();
    },
    // Another replay for the same control (a table in play: its round so far).
    retarget({ payload, steps: count, players: names }) {
      target.payload = payload;
      step.max = String(count);
      if (Number(step.value) > count) step.value = String(count);
      const chosen = seat.value;
      seat.replaceChildren(el("option", { value: "" }, t(TEXTS.all)),
        ...names.map((name) => el("option", { value: name, selected: name === chosen }, fillText(t(TEXTS.seenBy), { player: name }))));
      update();
    },
  };
}

// An example of a rules page gets its control under its table, once its widget is drawn
// (pages/rules.mjs): `data` is the example's data, `messages` the page language's.
export function addEmbedControl(box, data, messages) {
  if (!box.id || !box.dataset.page) return null;
  const lang = document.documentElement.lang;
  const t = (message) => messages.messages?.[message] ?? message;
  const control = embedControl({ t, lang, target: { example: `${box.dataset.page}/${box.id}` }, players: data.walk.players,
                                 steps: data.walk.steps.length, title: data.document.title ?? document.title });
  const section = box.querySelector("section.example");
  // After the start position, which the table widget stands in for: the control sits under the table.
  const anchor = section?.querySelector(".example-start") ?? section?.querySelector(".widget-host");
  if (anchor) anchor.after(control.node);
  else box.prepend(control.node);
  return control;
}
