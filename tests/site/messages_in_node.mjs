// Run the browser's message filler (site/static/i18n/messages.mjs) under Node, with a tiny
// stand-in for the DOM (text, nesting, attributes). Used by test_site_browser_narrator.py.
//
//   node messages_in_node.mjs CATALOG.json MESSAGES.json
//   MESSAGES.json: [message, ...] (as the engine gives them)
// Prints {"shown": [visible text], "said": [messageText], "labels": [[aria-labels]], "plural": [...], "numbers": [...], "cards": {...}}.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

class FakeNode {
  constructor() {
    this.parts = [];
    this.attributes = {};
  }
  append(...items) {
    for (const item of items) this.parts.push(item instanceof FakeNode ? item : String(item));
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  set textContent(text) {
    this.parts = [String(text)];
  }
  get textContent() {
    return this.parts.map((part) => (typeof part === "string" ? part : part.textContent)).join("");
  }
  labels() {
    const own = "aria-label" in this.attributes ? [this.attributes["aria-label"]] : [];
    return own.concat(...this.parts.filter((part) => typeof part !== "string").map((part) => part.labels()));
  }
}
globalThis.document = {
  createElement: () => new FakeNode(),
  createDocumentFragment: () => new FakeNode(),
  createTextNode: (text) => {
    const node = new FakeNode();
    node.append(text);
    return node;
  },
};

const here = path.dirname(fileURLToPath(import.meta.url));
const module = await import(pathToFileURL(path.join(here, "..", "..", "site", "static", "i18n", "messages.mjs")).href);
const [catalogFile, messagesFile] = process.argv.slice(2);
const catalog = JSON.parse(fs.readFileSync(catalogFile, "utf-8"));
const messages = JSON.parse(fs.readFileSync(messagesFile, "utf-8"));
const rendered = messages.map((message) => module.renderMessage(message, catalog));
const counts = [...Array(2001).keys(), 1e4, 1e5, 1e6, 2e6, 3e6 + 1, 1e9];
process.stdout.write(JSON.stringify({
  shown: rendered.map((node) => node.textContent),
  said: messages.map((message) => module.messageText(message, catalog)),
  labels: rendered.map((node) => node.labels()),
  plural: counts.map((n) => [n, module.pluralIndex(n, catalog)]),
  numbers: counts.concat(counts.map((n) => -n), [2.4, -7.6, 999.5, 1234.4]).map((n) => [n, module.formatNumber(n, catalog)]),
  cards: Object.fromEntries(Object.keys(catalog.cards).map((card) =>
    [card, [module.cardName(card, catalog), module.cardNode(card, catalog).attributes["aria-label"]]])),
}));
