// A rules page's loader: a table widget on each `stops-example` walkthrough, mounted when it
// is needed, and the collapsed examples expanded for printing (docs/rules-page.md).

const STATIC = new URL("../", import.meta.url); // site/static/
const ROOT = new URL("../", STATIC); // the site's root
const NEAR = "600px 0px"; // how close to the screen an example is when its table is drawn

// Every module the tables import, asked for at once (kept equal by test_site_rules_loader.py).
const MODULES = [
  "widget.mjs", "engine/client.mjs", "model/stepper.mjs", "model/ledger.mjs", "model/fraction.mjs", "model/editor.mjs", "model/table.mjs",
  "pages/embed-control.mjs", "i18n/errors.mjs", "i18n/messages.mjs", "view/board.mjs", "view/cards.mjs", "view/chips.mjs",
  "view/controls.mjs", "view/hints.mjs", "view/layout.mjs", "view/seats.mjs", "view/table.mjs", "view/voice.mjs",
];

let shared = null;
let pinned = null; // the table a deep link opened on

function pin(node) {
  pinned = node;
  node.scrollIntoView({ block: "center", behavior: "instant" });
  const release = () => {
    pinned = null;
    for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) removeEventListener(type, release, true);
  };
  for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) addEventListener(type, release, { capture: true, passive: true });
}

function preload() {
  for (const name of MODULES) {
    const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href: new URL(name, STATIC).href });
    document.head.append(link);
  }
}

function stylesheet(name) {
  return new Promise((resolve) => {
    const href = new URL(name, STATIC).href;
    if ([...document.styleSheets].some((sheet) => sheet.href === href)) return resolve();
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // the table still works, unstyled
    document.head.append(link);
  });
}

async function json(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return response.json();
}

// What every widget of the page shares, loaded once.
function loadShared() {
  if (!shared) preload();
  shared ??= Promise.all([
    import("../widget.mjs"), import("../engine/client.mjs"), import("../model/stepper.mjs"), import("./embed-control.mjs"),
    json(new URL(`${document.documentElement.lang}/messages.json`, ROOT), "messages.json"),
    stylesheet("widget.css"),
  ]).then(([widget, client, stepper, embed, messages]) => ({ widget, client, stepper, embed, messages }));
  return shared;
}

function mountBox(box) {
  box.mounting ??= (async () => {
    const [{ widget, client, stepper, embed, messages }, data] = await Promise.all([
      loadShared(), json(new URL(box.dataset.example, document.baseURI), box.dataset.example)]);
    const name = box.id;
    const section = box.querySelector("section.example");
    // The address may name a step of the book line or of a variation (model/stepper.mjs).
    const address = stepper.parsePathHash(location.hash, name);
    const start = address && !address.path.length ? address.index : null;
    const host = document.createElement("div");
    host.className = "widget-host";
    const anchor = section.querySelector(".example-start");
    if (anchor) anchor.before(host);
    else section.prepend(host);
    // The "before play" text above the table folds away: the table tells it at its start.
    for (let node = host.previousElementSibling; node; node = node.previousElementSibling) {
      if (!node.matches("h3.example-title + ul.events, h3.example-title")) break;
      node.classList.add("example-before");
    }
    section.classList.add("has-widget");
    const items = [...section.querySelectorAll("ol.steps > li.step")];
    const sessionEnd = section.querySelector(".session-end");
    const mark = ({ line, index, total }) => {
      // The static list follows the book line: the current step, the steps not reached yet.
      items.forEach((item, i) => {
        const here = line === 0 && i === index - 1;
        item.classList.toggle("step-current", here);
        item.classList.toggle("step-future", line === 0 && i >= index);
        if (here) item.setAttribute("aria-current", "step");
        else item.removeAttribute("aria-current");
      });
      sessionEnd?.classList.toggle("session-end-future", line !== 0 || index < total);
    };
    const live = box.dataset.engine !== undefined;
    const handle = widget.mount(host, {
      data, messages, name, start: start ?? 0, engine: live ? client.pageEngine() : null, keys: box,
      onStep: (where) => {
        mark(where);
        if (location.hash !== where.hash) history.replaceState(history.state, "", where.hash);
      },
    });
    mark(handle.current());
    box.widget = handle;
    embed.addEmbedControl(box, data, messages);
    box.dataset.widget = "ready";
    // A deep link opens on the live table, its narration in view; it stays there while the
    // tables around it are drawn (each takes the place of a static block of another height),
    // until the reader scrolls or uses a control.
    if (address || location.hash.slice(1).split("/")[0] === name) pin(handle.element);
    if (address?.path.length && live) handle.open(address.path, address.index).then(() => { box.dataset.line = "ready"; });
    else if (pinned) pinned.scrollIntoView({ block: "center", behavior: "instant" });
    return handle;
  })().catch((error) => {
    box.dataset.widget = "failed";
    console.warn(`stops widget (${box.id}): ${error.message}`);
  });
  return box.mounting;
}

function main() {
  const boxes = [...document.querySelectorAll(".example-box[data-example]")];
  if (!boxes.length) return;
  const near = "IntersectionObserver" in window
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        mountBox(entry.target);
      }
    }, { rootMargin: NEAR })
    : null;
  const wanted = location.hash.slice(1).split("/")[0];
  for (const box of boxes) {
    const details = box.querySelector("details");
    const now = () => mountBox(box);
    // The reader reaching for the static walkthrough (a tap, the keyboard) draws the table at once.
    box.addEventListener("pointerdown", now, { once: true });
    box.addEventListener("focusin", now, { once: true });
    if (box.id && box.id === wanted) {
      details?.setAttribute("open", "");
      now();
    } else if (details) {
      details.addEventListener("toggle", () => details.open && now());
    } else if (near) {
      near.observe(box);
    } else {
      now();
    }
  }
  document.documentElement.dataset.player = "ready";
}

// Printing: a collapsed example's steps copied in from the handout, read synchronously
// (beforeprint cannot wait); shown on paper only (print.css).
function expandForPrint() {
  const boxes = [...document.querySelectorAll(".example-box")]
    .filter((box) => box.querySelector("details.example-details") && !box.querySelector(".example-print"));
  const link = boxes[0]?.querySelector(".example-handout-link a");
  if (!link) return;
  let handout;
  try {
    const request = new XMLHttpRequest();
    request.open("GET", new URL(link.getAttribute("href"), document.baseURI).href.split("#")[0], false);
    request.send();
    if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
    handout = new DOMParser().parseFromString(request.responseText, "text/html");
  } catch (error) {
    console.warn(`stops: the collapsed examples print without their steps (${error.message})`);
    return;
  }
  for (const box of boxes) {
    const steps = handout.getElementById(box.id)?.querySelector("section.example");
    if (!steps) continue;
    const copy = document.importNode(steps, true);
    copy.classList.add("example-print");
    copy.removeAttribute("aria-label");
    for (const node of copy.querySelectorAll("[id]")) node.removeAttribute("id");
    box.append(copy);
  }
}

window.addEventListener("beforeprint", expandForPrint);

try {
  main();
} catch (error) {
  // The static walkthrough stays as it is; say why the controls are missing.
  document.documentElement.dataset.player = "failed";
  console.warn(`stops widget: ${error.message}`);
}
