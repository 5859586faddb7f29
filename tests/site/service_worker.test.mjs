// The service worker (site/service-worker.js) in a fake worker scope under Node: what its fetch
// handler keeps. Run by tests/site/test_site_offline.py, which passes the file in
// $STOPS_SERVICE_WORKER.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SCOPE = "https://stops.test/";

function worker() {
  const handlers = {};
  const stores = new Map(); // cache name -> Map(url -> response)
  const fetched = [];
  const strip = (url) => { const u = new URL(url); return u.origin + u.pathname; };
  const urlOf = (key) => (typeof key === "string" ? key : key.url);
  const cache = (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    return {
      async match(key, options = {}) {
        const wanted = urlOf(key);
        for (const [url, response] of store) {
          if (url === wanted || (options.ignoreSearch && strip(url) === strip(wanted))) return response;
        }
        return undefined;
      },
      async put(key, response) { store.set(urlOf(key), response); },
    };
  };
  const context = {
    URL,
    self: { registration: { scope: SCOPE }, addEventListener: (type, fn) => { handlers[type] = fn; } },
    caches: { open: async (name) => cache(name), keys: async () => [...stores.keys()], delete: async (n) => stores.delete(n) },
    fetch: async (request) => {
      fetched.push(urlOf(request));
      return { ok: true, type: "basic", redirected: false, body: urlOf(request), clone() { return this; } };
    },
  };
  vm.createContext(context);
  const build = { version: "v1", engine: "e1", core: [], pages: {} };
  vm.runInContext(`const BUILD = ${JSON.stringify(build)};\n${readFileSync(process.env.STOPS_SERVICE_WORKER, "utf8")}`, context);
  const get = async (path, mode = "no-cors") => {
    let answer;
    handlers.fetch({ request: { url: new URL(path, SCOPE).href, method: "GET", mode }, respondWith: (p) => { answer = p; } });
    return answer;
  };
  const kept = () => [...stores.values()].reduce((n, store) => n + store.size, 0);
  return { get, kept, fetched };
}

test("a page is kept once whatever its query string, and served from that copy", async () => {
  const sw = worker();
  for (let i = 0; i < 50; i += 1) await sw.get(`en/play/?seed=${i}&game=michigan${"x".repeat(i)}`, "navigate");
  assert.equal(sw.kept(), 1, "one copy of the page");
  assert.equal(sw.fetched.length, 1, "fetched once, then served from the cache");
  const again = await sw.get("en/play/?anything=else", "navigate");
  assert.equal(again.body, `${SCOPE}en/play/?seed=0&game=michigan`);
});

test("a file asked with a query string is fetched and not kept; without one it is kept", async () => {
  const sw = worker();
  for (let i = 0; i < 20; i += 1) await sw.get(`static/style.css?v=${i}`);
  assert.equal(sw.kept(), 0);
  await sw.get("static/style.css");
  await sw.get("static/style.css");
  assert.equal(sw.kept(), 1);
  assert.equal(sw.fetched.length, 21);
});
