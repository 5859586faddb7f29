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
// The worker is created on the reader's first interaction (engine/client.mjs); the wheel
// is loaded through pyodide-lock.json, whose sha256 the browser checks.

import { loadPyodide } from "../../pyodide/pyodide.mjs";

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
// The files that failed to arrive: Pyodide may report only that its program stopped.
const failures = [];
const plainFetch = self.fetch.bind(self);
self.fetch = async (...args) => {
  const url = String(args[0]?.url ?? args[0]);
  const file = url.slice(url.lastIndexOf("/") + 1);
  let response;
  inflight += 1;
  post(true);
  try {
    response = await plainFetch(...args);
  } catch (error) {
    inflight -= 1;
    failures.push(`${file}: ${error?.message ?? error}`);
    throw new Error(failures.at(-1));
  }
  if (!response.ok) {
    inflight -= 1;
    failures.push(`${file}: HTTP ${response.status}`);
    throw new Error(failures.at(-1));
  }
  if (!response.body) {
    inflight -= 1;
    return response;
  }
  announced += Number(response.headers.get("content-length")) || 0;
  post(true);
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      post();
      controller.enqueue(chunk);
    },
    flush() {
      inflight -= 1;
      post(true);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
};

async function start() {
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
  const web = pyodide.pyimport("stops.web");
  const call = web.call.copy(); // our own PyProxy, kept for the worker's life
  web.destroy(); // the module proxy is not needed any more
  post(true);
  return call;
}

const ready = start();

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
