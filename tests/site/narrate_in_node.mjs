// Run the browser's narrator (site/static/narrate.mjs) under Node, with a tiny stand-in
// for the DOM: it only needs text and nesting. Used by test_site_browser_narrator.py.
//
//   node narrate_in_node.mjs MESSAGES.json EVENTS.json
//   EVENTS.json: [{"game": "michigan", "event": {...}}, ...]
// Prints {"types": [every event type it narrates], "texts": [plain text per event]}.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

class FakeNode {
  constructor() {
    this.parts = [];
  }
  append(...items) {
    for (const item of items) this.parts.push(item instanceof FakeNode ? item : String(item));
  }
  prepend(...items) {
    this.parts.unshift(...items.map((item) => (item instanceof FakeNode ? item : String(item))));
  }
  cloneNode() {
    return this;
  }
  set textContent(text) {
    this.parts = [String(text)];
  }
  get textContent() {
    return this.parts.map((part) => (typeof part === "string" ? part : part.textContent)).join("");
  }
  setAttribute() {}
}
globalThis.Node = FakeNode;
globalThis.document = {
  createElement: () => new FakeNode(),
  createElementNS: () => new FakeNode(),
  createDocumentFragment: () => new FakeNode(),
  createTextNode: (text) => {
    const node = new FakeNode();
    node.append(text);
    return node;
  },
};

const here = path.dirname(fileURLToPath(import.meta.url));
const narrator = await import(pathToFileURL(path.join(here, "..", "..", "site", "static", "narrate.mjs")).href);
const [messagesFile, eventsFile] = process.argv.slice(2);
const messages = JSON.parse(fs.readFileSync(messagesFile, "utf-8"));
const events = JSON.parse(fs.readFileSync(eventsFile, "utf-8"));
const texts = events.map(({ game, event }) => narrator.narrate(new narrator.Voice(messages, game), event).textContent);
process.stdout.write(JSON.stringify({ types: narrator.EVENT_TYPES, texts }));
