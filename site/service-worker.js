// The site's service worker: offline after the first visit, one build at a time.
//
// The build writes it to the site root as sw.js (scope: the whole site), after a first line
// `const BUILD = {...}` (site_build/offline.py) that names this build:
//   version   a digest of every file of the build: a new build is a new sw.js, which the
//             browser installs; it takes over at once and deletes the other builds' caches
//   engine    the name of the cache of pyodide/, from a digest of its files alone
//             (pyodide/engine.json gives it too, so the page's engine worker reads this very
//             cache): a new build with the same engine keeps the runtime already fetched, and
//             a new engine never meets old pages
//   core      what every page needs, fetched when the worker installs (styles, scripts, the
//             root page, each language's offline page)
//   pages     per language, the pages (play pages, examples' data and handouts included) and
//             the browser's catalog; a page of any language asks for them ("warm"), and all
//             of them are fetched in the background, that page's language first
//   offline   per language, the offline page (fetched on install): the answer, in the
//             reader's language, for an address this worker has not kept while the network is
//             down; `default` the language when neither the address nor the browser names one
// Everything else of the site's origin (the Pyodide runtime and the engine, whatever files
// pyodide/ holds, once the reader's first interaction with a table or a play page fetches
// them) is kept the first time it is fetched. A request is answered from the cache of
// this build, else from the network (and kept); nothing from another origin is touched.

/* global BUILD */
const SITE_CACHE = `stops-site-${BUILD.version}`;
const ENGINE_CACHE = BUILD.engine;
const ENGINE_PREFIX = "pyodide/";
const scope = new URL(self.registration.scope);

function relative(url) {
  return url.pathname.slice(scope.pathname.length);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SITE_CACHE)
      .then((cache) => cache.addAll(BUILD.core.map((path) => new URL(path, scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("stops-") && name !== SITE_CACHE && name !== ENGINE_CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function keepMissing(cache, paths) {
  const missing = [];
  for (const path of paths) {
    const url = new URL(path, scope).href;
    if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
  }
  // One at a time: a weak network is not flooded, and one failure does not lose the rest.
  for (const url of missing) {
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      return; // offline again: the next page asks again
    }
  }
}

// After one visit in any language, every language: the reader's first, then the others.
self.addEventListener("message", (event) => {
  const { type, lang } = event.data ?? {};
  if (type === "warm" && Object.hasOwn(BUILD.pages, lang)) {
    const order = [lang, ...Object.keys(BUILD.pages).filter((other) => other !== lang)];
    event.waitUntil(caches.open(SITE_CACHE).then((cache) => keepMissing(cache, order.flatMap((one) => BUILD.pages[one]))));
  }
});

// The reader's language: the address's own (/es/, /en/, /fr/ under the scope), else the
// first of the browser's languages the site has, else the site's default.
function readersLanguage(url) {
  const first = relative(url).split("/")[0];
  if (Object.hasOwn(BUILD.offline, first)) return first;
  for (const tag of self.navigator.languages ?? [self.navigator.language]) {
    const lang = String(tag ?? "").toLowerCase().split("-")[0];
    if (Object.hasOwn(BUILD.offline, lang)) return lang;
  }
  return BUILD.default;
}

// The offline page in the reader's language, for an address not kept while the network is
// down. Its links (relative to its own address, which is not the one asked) are made absolute
// first: the site's policy allows no <base>. Status 503: the address itself was not served.
async function offlinePage(url) {
  const page = new URL(BUILD.offline[readersLanguage(url)] ?? "", scope);
  const kept = await (await caches.open(SITE_CACHE)).match(page.href, { ignoreVary: true });
  if (!kept) return Response.error();
  const html = (await kept.text()).replace(/\b(href|src)="([^"#][^"]*)"/g,
    (all, name, link) => `${name}="${new URL(link.replaceAll("&amp;", "&"), page).href.replaceAll("&", "&amp;")}"`);
  return new Response(html, { status: 503, statusText: "Offline", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A page is kept once whatever its query string (a play page's set-up, an embed's options: the
// page reads them, the server sends the same file), under its address without it; any other
// file asked with a query string is fetched and not kept. So a stranger's links with endless
// query strings add nothing to the cache (issue 25: a full copy of the page for each).
async function answer(request, cacheName, navigation) {
  const cache = await caches.open(cacheName);
  const url = new URL(request.url);
  const key = navigation ? url.origin + url.pathname : request;
  const kept = await cache.match(key, { ignoreVary: true, ignoreSearch: navigation });
  if (kept) return kept;
  // A folder's page (a play page, the embed, the editor) is kept as its index.html.
  if (navigation && url.pathname.endsWith("/")) {
    const index = await cache.match(new URL("index.html", url).href, { ignoreVary: true });
    if (index) return index;
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (navigation) return offlinePage(url);
    throw error;
  }
  if (response.ok && response.type === "basic" && !response.redirected && (navigation || !url.search)) {
    await cache.put(key, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) {
    return; // the browser's own handling
  }
  if (relative(url) === "sw.js") return;
  const cacheName = relative(url).startsWith(ENGINE_PREFIX) ? ENGINE_CACHE : SITE_CACHE;
  event.respondWith(answer(request, cacheName, request.mode === "navigate"));
});
