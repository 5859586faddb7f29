// The service worker (site/service-worker.js) in a fake worker scope under Node: what its fetch
// handler keeps. Run by tests/site/test_site_offline.py, which passes the file in
// $STOPS_SERVICE_WORKER.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SCOPE = "https://stops.test/";

function worker({ online = true, languages = ["en-US"], kept: given = {} } = {}) {
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
    Response,
    self: { registration: { scope: SCOPE }, navigator: { languages }, addEventListener: (type, fn) => { handlers[type] = fn; } },
    caches: { open: async (name) => cache(name), keys: async () => [...stores.keys()], delete: async (n) => stores.delete(n) },
    fetch: async (request) => {
      fetched.push(urlOf(request));
      if (!online) throw new TypeError("Failed to fetch");
      return { ok: true, type: "basic", redirected: false, body: urlOf(request), clone() { return this; } };
    },
  };
  vm.createContext(context);
  const offline = { es: "es/offline.html", en: "en/offline.html", fr: "fr/offline.html" };
  const build = { version: "v1", engine: "e1", core: [], pages: {}, offline, default: "en" };
  for (const [path, html] of Object.entries(given)) cache("stops-site-v1").put(new URL(path, SCOPE).href, { text: async () => html });
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

const OFFLINE = (lang) => `<html lang="${lang}"><link rel="stylesheet" href="../static/style.css"><a href="#main">skip</a>`
  + `<a href="michigan.html">Michigan</a> <a href="michigan/play/?a=1&amp;b=2">play</a></html>`;
const ALL_OFFLINE = { "es/offline.html": OFFLINE("es"), "en/offline.html": OFFLINE("en"), "fr/offline.html": OFFLINE("fr") };

test("with the network down, an address not kept gets the offline page of its language, its links made absolute", async () => {
  const sw = worker({ online: false, kept: ALL_OFFLINE });
  for (const [path, lang] of [["fr/pas-ici.html", "fr"], ["es/michigan/play/otra/", "es"], ["en/a/b/c.html", "en"]]) {
    const answer = await sw.get(path, "navigate");
    assert.equal(answer.status, 503);
    const html = await answer.text();
    assert.match(html, new RegExp(`lang="${lang}"`));
    assert.match(html, new RegExp(`href="${SCOPE}${lang}/michigan.html"`), "a link to a page kept, from whatever address");
    assert.match(html, new RegExp(`href="${SCOPE}static/style.css"`));
    assert.match(html, new RegExp(`href="${SCOPE}${lang}/michigan/play/\\?a=1&amp;b=2"`), "entities kept as they were");
    assert.match(html, /href="#main"/, "an anchor of the page stays as it is");
  }
});

test("outside a language folder the offline page follows the browser's languages, else the site's default", async () => {
  for (const [languages, lang] of [[["fr-CA", "en"], "fr"], [["de-DE", "es-419"], "es"], [["de-DE"], "en"], [[], "en"]]) {
    const sw = worker({ online: false, languages, kept: ALL_OFFLINE });
    const html = await (await sw.get("nowhere/at/all.html", "navigate")).text();
    assert.match(html, new RegExp(`lang="${lang}"`), languages.join());
  }
});

test("a file that is not a page, with the network down, fails as the network does", async () => {
  const sw = worker({ online: false, kept: ALL_OFFLINE });
  await assert.rejects(sw.get("static/missing.css"), /Failed to fetch/);
});
