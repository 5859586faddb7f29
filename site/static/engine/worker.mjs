// The engine in a module Web Worker: Pyodide and the `stops` wheel, from this site only.
//
// Posted to the page while loading:  {type: "progress", loaded, total}  (bytes fetched so
// far, and the sum of the sizes announced so far), {type: "phase", phase}, then
// {type: "ready"}  or  {type: "init-error", error: {message, path, rule}}.
// Requests:  {id, op, args}  ->  {id, ok: true, result}  or  {id, ok: false, error}.
// `op` and `args` go to stops.web.call(op, JSON args) as JSON text, and its JSON answer
// comes back parsed: nothing but strings crosses the JavaScript/Python boundary, and
// errors (an illegal move, a bad request, an engine failure) travel back as data.
//
// The worker is created on the reader's first interaction (engine/client.mjs). It starts
// from the engine's memory snapshot when the build made one (pyodide/engine.json, its sha256
// checked here), else it loads the wheel through pyodide-lock.json, whose sha256 the
// browser checks.
//
// A file the service worker has kept is read here from its cache, the one engine.json names
// (the build's, so never another build's file), not asked of the service worker: the request
// would cross to it and back, and the body pass through the stream that counts its bytes
// (16 MB of snapshot: a start from cache 10-20 % sooner). A file not kept, or a kept snapshot
// that is not the build's, is asked of the network (through the service worker) as before.

import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { expandSnapshot } from "./snapshot.mjs";

const indexURL = new URL("../../pyodide/", import.meta.url).href;

// Count the bytes of every file Pyodide fetches, as they arrive.
let loaded = 0;
let announced = 0;
let inflight = 0; // files still arriving: 0 means the rest is the CPU's work (compile, start Python)
let lastPost = 0;
const post = (force = false) => {
  const now = Date.now();
  if (force || now - lastPost > 100) {
    lastPost = now;
    self.postMessage({ type: "progress", loaded, total: announced, pending: inflight });
  }
};
// The files that failed to arrive: Pyodide may report only that its program stopped, or,
// starting from a snapshot without its stdlib, wait forever; a file that fails ends the start.
const failures = [];
let failStart = () => {};
const fileFailed = new Promise((_, reject) => {
  failStart = () => reject(new Error(failures.at(-1)));
});
fileFailed.catch(() => {}); // observed through the race in `ready`
// A failure of the start: kept (the error the page is told lists them all), the start ended,
// and the error to throw.
const startFailed = (message) => {
  failures.push(message);
  failStart();
  return new Error(message);
};
const plainFetch = self.fetch.bind(self);
// The addresses asked of the network (through the service worker) even when a copy is kept.
const fromNetwork = new Set();
// The file kept in the engine cache, counted as arrived at once, or undefined.
async function keptFile(url, file) {
  const cache = await engineCache;
  const kept = cache && (await cache.match(url, { ignoreVary: true }).catch(() => undefined));
  if (!kept) return undefined;
  const size = Number((await sizes)[file]) || Number(kept.headers.get("content-length")) || 0;
  loaded += size;
  announced += size;
  post(true);
  return kept;
}
// The build's pyodide/engine.json: each file's decoded size (a compressed response announces
// its compressed length, while the bytes counted here are decoded ones), and the engine's
// memory snapshot {file, size, sha256} when the build made one.
const manifest = plainFetch(new URL("engine.json", indexURL)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
const sizes = manifest.then((m) => m.sizes ?? {});
// The service worker's cache of this build's engine files, when it exists (else null).
const engineCache = manifest.then(async ({ cache }) => {
  try {
    return cache && (await self.caches.has(cache)) ? await self.caches.open(cache) : null;
  } catch {
    return null; // no cache storage here (an opaque origin, a private mode that refuses it)
  }
});
self.fetch = async (...args) => {
  const url = String(args[0]?.url ?? args[0]);
  const file = url.slice(url.lastIndexOf("/") + 1);
  const kept = fromNetwork.has(url) ? undefined : await keptFile(url, file);
  if (kept) return kept;
  let response;
  inflight += 1;
  post(true);
  try {
    response = await plainFetch(...args);
  } catch (error) {
    inflight -= 1;
    throw startFailed(`${file}: ${error?.message ?? error}`);
  }
  if (!response.ok) {
    inflight -= 1;
    throw startFailed(`${file}: HTTP ${response.status}`);
  }
  if (!response.body) {
    inflight -= 1;
    return response;
  }
  // The file's size in the bytes counted: the build's figure, else the length the server
  // announced when it sent the file as it is; a compressed file of unknown size counts
  // what it turns out to hold. Loaded never passes the total.
  const encoded = (response.headers.get("content-encoding") ?? "identity") !== "identity";
  const length = Number(response.headers.get("content-length")) || 0;
  let expected = (await sizes)[file] ?? (encoded ? 0 : length);
  let received = 0;
  announced += expected;
  post(true);
  // The body is read as fast as the network gives it, whoever consumes it and however slowly
  // (the wasm compiles as it streams in, slower on a busy CPU): the bytes counted are the
  // network's, so a load that stops moving is one the network stopped, not a slow compile.
  const reader = response.body.getReader();
  const body = new ReadableStream({
    start(controller) {
      (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            received += value.byteLength;
            loaded += value.byteLength;
            if (received > expected) { // more than announced: the total grows with it
              announced += received - expected;
              expected = received;
            }
            post();
            controller.enqueue(value);
          }
          controller.close();
        } catch (error) {
          controller.error(startFailed(`${file}: ${error?.message ?? error}`));
        } finally {
          inflight -= 1;
          post(true);
        }
      })();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// The snapshot's bytes, refused unless they are the build's (the sha256 of the file in
// engine.json), then expanded to the memory Pyodide wrote (engine/snapshot.mjs). A kept copy
// that is not the build's is asked for again, from the network.
async function snapshotBytes(snapshot) {
  const url = new URL(snapshot.file, indexURL).href;
  const read = async () => {
    const bytes = await (await self.fetch(url)).arrayBuffer();
    return { bytes, digest: hex(await crypto.subtle.digest("SHA-256", bytes)) };
  };
  let { bytes, digest } = await read();
  if (digest !== snapshot.sha256 && !fromNetwork.has(url)) {
    fromNetwork.add(url);
    ({ bytes, digest } = await read());
  }
  if (digest !== snapshot.sha256) {
    throw startFailed(`${snapshot.file}: its sha256 (integrity) is not the build's`);
  }
  try {
    return expandSnapshot(bytes, snapshot);
  } catch (error) {
    throw startFailed(error.message);
  }
}

// From the memory snapshot: Python started and the engine imported, as the build left them.
async function fromSnapshot(snapshot) {
  const bytes = snapshotBytes(snapshot); // fetched beside the runtime; a refused one fails at once
  const [pyodide] = await Promise.all([loadPyodide({ indexURL, _loadSnapshot: bytes }), bytes]);
  self.postMessage({ type: "phase", phase: "engine" });
  return pyodide;
}

// Without a snapshot: Python starts, then the wheel loads through the lockfile (its sha256 checked).
async function fromWheel() {
  const pyodide = await loadPyodide({ indexURL });
  self.postMessage({ type: "phase", phase: "python" });
  const problems = [];
  const packages = await pyodide.loadPackage("stops", {
    checkIntegrity: true,
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
  });
  if (!(packages || []).some((pkg) => pkg.name === "stops")) {
    throw new Error(`the engine package did not load${problems.length ? `: ${problems.join("; ")}` : ""}`);
  }
  self.postMessage({ type: "phase", phase: "engine" });
  return pyodide;
}

async function start() {
  const { snapshot } = await manifest;
  const pyodide = snapshot ? await fromSnapshot(snapshot) : await fromWheel();
  const web = pyodide.pyimport("stops.web");
  const call = web.call.copy(); // our own PyProxy, kept for the worker's life
  web.destroy(); // the module proxy is not needed any more
  post(true);
  return call;
}

const ready = Promise.race([start(), fileFailed]);

ready.then(
  () => self.postMessage({ type: "ready" }),
  (error) => {
    const reason = String(error?.message ?? error);
    const message = failures.length && !failures.includes(reason) ? `${failures.join("; ")} (${reason})` : reason;
    self.postMessage({ type: "init-error", error: { message: `the engine did not load: ${message}`, path: null, rule: null } });
  },
);

// An error from the engine: {message, path, rule} (an older engine sent a plain string).
const asError = (error) => (error && typeof error === "object" ? error : { message: String(error), path: null, rule: null });

self.addEventListener("message", async ({ data }) => {
  const { id, op, args } = data ?? {};
  let call;
  try {
    call = await ready;
  } catch (error) {
    self.postMessage({ id, ok: false, error: asError(`the engine did not start: ${error?.message ?? error}`) });
    return;
  }
  try {
    // A Python str comes back as a JS string: no proxy to release.
    const answer = JSON.parse(call(String(op), JSON.stringify(args ?? [])));
    self.postMessage(answer.ok ? { id, ok: true, result: answer.result } : { id, ok: false, error: asError(answer.error) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: asError(String(error?.message ?? error)) });
  }
});
