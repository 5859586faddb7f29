// A rules page: one table widget on every `stops-example` walkthrough.
//
// The static walkthrough stays in the page (it is what a reader without JavaScript reads,
// and what prints); the widget takes the place of its "At the start" block. Every widget
// of the page shares the one engine worker, started on the reader's first interaction.
// Deep links: `#<example>/<step>` opens that example at that step; stepping the book line
// keeps the address in step (history.replaceState), so the language switch keeps it too.

import { pageEngine } from "../engine/client.mjs";
import { parseStepHash, stepHash } from "../model/stepper.mjs";
import { mount } from "../widget.mjs";

async function main() {
  const boxes = [...document.querySelectorAll(".example-box")];
  if (!boxes.length) return;
  const response = await fetch(new URL("messages.json", document.baseURI));
  if (!response.ok) throw new Error(`messages.json: HTTP ${response.status}`);
  const messages = await response.json();
  const engine = boxes.some((box) => box.dataset.engine !== undefined) ? pageEngine() : null;
  for (const box of boxes) {
    const script = box.querySelector("script.example-data");
    if (!script) continue;
    const data = JSON.parse(script.textContent);
    const name = box.id;
    const section = box.querySelector("section.example");
    const start = parseStepHash(location.hash, name);
    const host = document.createElement("div");
    host.className = "widget-host";
    const anchor = section.querySelector(".example-start");
    if (anchor) anchor.before(host);
    else section.prepend(host);
    section.classList.add("has-widget");
    if (start !== null) box.querySelector("details")?.setAttribute("open", "");
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
    const handle = mount(host, {
      data, messages, name, start: start ?? 0, engine: box.dataset.engine !== undefined ? engine : null,
      onStep: (where) => {
        mark(where);
        if (where.line === 0) history.replaceState(history.state, "", stepHash(name, where.index));
      },
    });
    mark(handle.current());
    box.widget = handle;
    if (start !== null) box.scrollIntoView({ block: "start" });
  }
  document.documentElement.dataset.player = "ready";
}

main().catch((error) => {
  // The static walkthrough stays as it is; say why the controls are missing.
  document.documentElement.dataset.player = "failed";
  console.warn(`stops widget: ${error.message}`);
});
