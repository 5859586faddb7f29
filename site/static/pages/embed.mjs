// The embed page (/<lang>/embed/): one example of the site, or one shared replay, at the
// table widget with minimal chrome, for an iframe on another site.
//
//   ?example=<page>/<example>  an example of a rules page (its data file, as that page reads it)
//   #replay=<payload>          or a replay in the fragment (share links: deflate-raw + base64url)
//   &step=N &autoplay=1 &speed=0|1|2 &seat=<name> &controls=play,whatif,hint,seat|none &whatif=0
//
// The page never takes the focus or scrolls by itself (the widget's keys work only once the
// reader has focused it), and it posts its height to the host page whenever it changes:
// {type: "stops-embed-height", height}; the snippet's embed-host.js resizes the iframe.

import { errorNode } from "../i18n/errors.mjs";
import { fillText } from "../i18n/messages.mjs";
import { pageEngine } from "../engine/client.mjs";
import { EditorError, REPLAY_KEY, embedOptions } from "../model/editor.mjs";
import { boardFor } from "../model/options.mjs";
import { mount } from "../widget.mjs";
import { embedControl } from "./embed-control.mjs";

const N_ = (message) => message;
const TEXTS = {
  noExample: N_("This example is not on the site: check the link."),
  noReplay: N_("This link holds no example and no replay."),
  badLink: N_("This link cannot be shown:"),
  noEngine: N_("This replay needs the rules engine, which this copy of the site does not hold."),
};

function postHeight() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (window.parent !== window) window.parent.postMessage({ type: "stops-embed-height", height }, "*");
}

// The widget writes its rule links relative to a page of the language folder (michigan.html#…);
// here they lead there, in a new tab: the iframe itself never navigates away.
function fixLinks(root) {
  const folder = new URL("../", location.href);
  const fix = () => {
    for (const link of root.querySelectorAll("a[href]:not([data-fixed])")) {
      link.href = new URL(link.getAttribute("href"), folder).href;
      link.target = "_blank";
      link.rel = "noopener";
      link.dataset.fixed = "";
    }
  };
  new MutationObserver(fix).observe(root, { childList: true, subtree: true });
  fix();
}

async function exampleData(example, known) {
  const [page, name, ...rest] = example.split("/");
  if (rest.length || !Object.hasOwn(known, page) || !known[page].includes(name)) throw new EditorError(TEXTS.noExample);
  // The example's data is the file its rules page fetches too (<lang>/examples/<page>/<name>.json).
  const response = await fetch(new URL(`../examples/${page}/${name}.json`, document.baseURI));
  if (!response.ok) throw new EditorError(TEXTS.noExample);
  return { data: await response.json(), name };
}

async function replayData(payload, engine, tables) {
  if (!engine) throw new EditorError(TEXTS.noEngine);
  const { decodeDocument } = await import("../model/share.mjs"); // the play page's share-link codec
  const document_ = await decodeDocument(payload);
  const ask = () => engine.request("walkthrough", [JSON.stringify(document_)]);
  // A first load that stalled on a busy machine is tried once more (the client starts a new worker).
  const walk = await ask().catch((error) => (error.kind === "load" || error.kind === "crash" ? ask() : Promise.reject(error)));
  const game = tables[walk.game] ?? {};
  const board = game.boards ? boardFor(game.boards, document_.options) : [];
  return { data: { document: document_, walk, rules: game.rules ?? {}, board }, name: "replay" };
}

// A known fault of the link in the page's words; anything else (the engine's error) as
// i18n/errors.mjs says it, after the lead sentence.
function say(root, t, lead, error, catalog) {
  const line = document.createElement("p");
  line.className = "embed-error";
  line.setAttribute("role", "alert");
  if (lead && error instanceof EditorError) {
    line.textContent = `${t(lead)} ${fillText(t(error.template), error.args ?? {}, "")}`;
  } else if (lead) line.append(`${t(lead)} `, errorNode(error, catalog));
  else line.textContent = t(error.message);
  root.replaceChildren(line);
}

async function main() {
  const root = document.getElementById("embed");
  new ResizeObserver(postHeight).observe(document.documentElement);
  const response = await fetch(new URL("../messages.json", document.baseURI));
  const messages = await response.json();
  const t = (message) => messages.messages?.[message] ?? message;
  const tables = JSON.parse(document.getElementById("embed-games").textContent);
  const engine = root.dataset.engine !== undefined ? pageEngine() : null;
  let options;
  let source;
  try {
    options = embedOptions(location.search);
    const fragment = new RegExp(`^#${REPLAY_KEY}=([A-Za-z0-9_-]*)$`).exec(location.hash);
    if (options.example) source = await exampleData(options.example, JSON.parse(document.getElementById("embed-examples").textContent));
    else if (fragment) source = await replayData(fragment[1], engine, tables);
    else throw new EditorError(TEXTS.noReplay);
  } catch (error) {
    const known = Object.values(TEXTS).includes(error.message);
    say(root, t, known ? null : TEXTS.badLink, error, messages);
    document.documentElement.dataset.player = "failed";
    return;
  }
  const { data, name } = source;
  const seat = options.seat && data.walk.players.includes(options.seat) ? options.seat : null;
  const steps = data.walk.steps.length;
  const host = document.createElement("div");
  host.className = "embed-widget";
  root.replaceChildren(host);
  fixLinks(root);
  const title = data.document.title;
  if (title) document.title = `${title} · ${document.title}`;
  const handle = mount(host, {
    data, messages, name, start: Math.min(options.step, steps), seat, autoplay: options.autoplay, speed: options.speed, fit: "screen", address: false,
    engine: options.whatIf || options.controls.includes("hint") ? engine : null,
    controls: { whatIf: options.whatIf, hint: options.controls.includes("hint"), seatView: options.controls.includes("seat"),
                autoplay: options.controls.includes("play") || options.autoplay },
  });
  root.widget = handle;
  // Opened by its link rather than in an iframe (a shared replay): the page offers its own
  // Embed control, so that the replay goes into a lesson with one copy-paste.
  if (window.self === window.top) {
    const fragment = new RegExp(`^#${REPLAY_KEY}=([A-Za-z0-9_-]*)$`).exec(location.hash);
    const control = embedControl({ t, lang: document.documentElement.lang, root: new URL("../../", document.baseURI),
                                   target: options.example ? { example: options.example } : { payload: fragment?.[1] ?? null },
                                   players: data.walk.players, steps, title: data.document.title ?? document.title });
    root.append(control.node);
  }
  document.documentElement.dataset.player = "ready";
  postHeight();
}

main().catch((error) => {
  document.documentElement.dataset.player = "failed";
  console.warn(`stops embed: ${error.message}`);
});
