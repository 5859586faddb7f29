// The engine client: one worker per page, shared by every widget on it.
//
// - Requests carry ids; each has its own timeout; a request sent under a `key` (one per
//   widget and purpose) aborts the older request of that key (its answer is dropped).
// - The worker is started by the first `start()`, `prefetch()` or `request()`, never by this
//   module on its own: a rules page prefetches on the reader's first interaction with a table
//   (unless the connection asks to save data, `fetchAhead`), the play page starts it as it loads.
// - Loading reports bytes (`progress` events) and must keep moving: while files are
//   arriving, no byte from the network for `stallTimeout` ms is a failure (the worker reads
//   each body as the network gives it, so a slow compile on a busy CPU is not a stall); once
//   none is pending, what is left is the CPU's (compiling, starting Python, importing the
//   engine), and each of its phases may take `startTimeout` ms. That, an
//   `init-error`, a worker error or a request timeout ends the worker, rejects every
//   pending request with a clear error, and the next request starts a new worker (Retry).
// - Answers are `{id, ok: true, result}` or `{id, ok: false, error: {message, path, rule}}`.
// - `scale` stretches (or shrinks) every limit above, the per-request ones too. The site never
//   sets it; the page's client takes `globalThis.stopsEngineTimeScale`, which browser tests set
//   (a machine loaded by other work must not fail a load or a request; a test of the limits
//   themselves shrinks them instead of waiting a real 10 s).
//
// No DOM here: `makeWorker` is given, so the client runs (and is tested) under Node.

export class EngineError extends Error {
  constructor(message, { path = null, rule = null, kind = "engine" } = {}) {
    super(message);
    this.name = "EngineError";
    this.path = path;
    this.rule = rule;
    this.kind = kind; // "engine" (the engine's answer), "load", "timeout", "crash", "abort"
  }
}

// The one retry policy of the pages: a request that failed because the engine did not load,
// crashed or hung (the client has ended that worker, and the next request starts a fresh one)
// is asked once more, while `still()` says its answer is still wanted; the engine's own answer
// (a refused move) and an abort are final. A failure after that is the page's to tell, with
// its Retry.
export const RETRIED = Object.freeze(["load", "crash", "timeout"]);

export async function requestRetried(engine, op, args, options = {}, { still = () => true } = {}) {
  try {
    return await engine.request(op, args, options);
  } catch (error) {
    if (!RETRIED.includes(error?.kind) || !still()) throw error;
    return engine.request(op, args, options);
  }
}

// Whether the engine (some 9 MB with its snapshot) may be fetched before the reader asks for
// it: not when the reader asked the browser to save data, nor on a 2G line (the Network
// Information API's `saveData` and `effectiveType`); a browser without that API is taken at
// its word that the line is fine. The play page, which exists to play, does not ask.
export const SLOW_CONNECTIONS = Object.freeze(["slow-2g", "2g"]);

export function fetchAhead(nav = globalThis.navigator) {
  const connection = nav?.connection;
  if (!connection) return true;
  return !connection.saveData && !SLOW_CONNECTIONS.includes(connection.effectiveType);
}

export const DEFAULT_TIMEOUT = 12_000; // per request, once the engine is ready
export const STALL_TIMEOUT = 10_000; // while files are due: this long without a byte from the network is a failure
export const START_TIMEOUT = 45_000; // all files in: each start-up phase (compile, Python, the engine) on a slow machine

function asError(error, kind = "engine") {
  if (error && typeof error === "object") {
    return new EngineError(String(error.message ?? "the engine failed"), { path: error.path ?? null, rule: error.rule ?? null, kind });
  }
  return new EngineError(String(error ?? "the engine failed"), { kind });
}

// The scale a page's client runs with: a positive number set before the page's scripts, else 1.
export function timeScale(scope = globalThis) {
  const scale = Number(scope.stopsEngineTimeScale);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

export class EngineClient {
  constructor({ makeWorker, timeout = DEFAULT_TIMEOUT, stallTimeout = STALL_TIMEOUT, startTimeout = START_TIMEOUT,
    scale = 1, clock = globalThis } = {}) {
    if (typeof makeWorker !== "function") throw new TypeError("EngineClient needs makeWorker()");
    this.makeWorker = makeWorker;
    this.scale = scale;
    this.timeout = timeout;
    this.stallTimeout = stallTimeout * scale;
    this.startTimeout = startTimeout * scale;
    this.clock = clock;
    this.worker = null;
    this.pending = new Map();
    this.keys = new Map(); // key -> id of its latest request
    this.nextId = 1;
    this.listeners = new Set();
    this.status = { state: "idle", loaded: 0, total: 0, error: null };
  }

  // Listen to {state: idle|loading|ready|failed, loaded, total, error}; returns an unsubscribe.
  subscribe(listener) {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  setStatus(change) {
    this.status = { ...this.status, ...change };
    for (const listener of [...this.listeners]) listener(this.status);
  }

  start() {
    if (this.worker) return this.ready;
    let worker;
    try {
      worker = this.makeWorker();
    } catch (error) {
      this.setStatus({ state: "failed", error: asError(error?.message ?? error, "load") });
      return Promise.reject(this.status.error);
    }
    this.worker = worker;
    this.setStatus({ state: "loading", loaded: 0, total: 0, error: null });
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    this.ready.catch(() => {}); // observed through requests and the status
    this.armStall();
    worker.addEventListener("message", (event) => this.receive(worker, event.data));
    worker.addEventListener("error", (event) => {
      event.preventDefault?.();
      this.fail(worker, new EngineError(`the engine worker stopped${event.message ? `: ${event.message}` : ""}`, { kind: "crash" }));
    });
    worker.addEventListener("messageerror", () => this.fail(worker, new EngineError("the engine sent an unreadable message", { kind: "crash" })));
    return this.ready;
  }

  // Start ahead of any request, where `fetchAhead(nav)` allows it; true when the worker is
  // starting (or running). A prefetch that fails tells no one but the status: the request that
  // follows starts a new worker, and its own failure is the one the page tells, with Retry.
  prefetch(nav = globalThis.navigator) {
    if (this.worker) return true;
    if (!fetchAhead(nav)) return false;
    this.start().catch(() => {});
    return true;
  }

  // `arriving`: files are still on their way (a stall is a failure soon); else the CPU's turn.
  armStall(arriving = true) {
    this.clock.clearTimeout(this.stallTimer);
    const worker = this.worker;
    const wait = arriving ? this.stallTimeout : this.startTimeout;
    const message = arriving
      ? `the engine did not load: nothing arrived for ${Math.round(wait / 1000)} s`
      : `the engine did not start within ${Math.round(wait / 1000)} s`;
    this.stallTimer = this.clock.setTimeout(() => this.fail(worker, new EngineError(message, { kind: "load" })), wait);
  }

  receive(worker, data) {
    if (worker !== this.worker || !data || typeof data !== "object") return;
    if (data.type === "progress") {
      this.setStatus({ loaded: Number(data.loaded) || 0, total: Number(data.total) || this.status.total });
      this.armStall(data.pending !== 0);
    } else if (data.type === "phase") {
      this.armStall(false);
    } else if (data.type === "ready") {
      this.clock.clearTimeout(this.stallTimer);
      this.setStatus({ state: "ready" });
      this.settleReady.resolve();
    } else if (data.type === "init-error") {
      this.fail(worker, asError(data.error, "load"));
    } else if (this.pending.has(data.id)) {
      const request = this.pending.get(data.id);
      this.finish(data.id);
      if (data.ok) request.resolve(data.result);
      else request.reject(asError(data.error));
    }
  }

  finish(id) {
    const request = this.pending.get(id);
    if (!request) return;
    this.clock.clearTimeout(request.timer);
    this.pending.delete(id);
    if (request.key !== undefined && this.keys.get(request.key) === id) this.keys.delete(request.key);
  }

  // The worker is gone (or must go): every pending request fails; the next one restarts it.
  fail(worker, error) {
    if (worker !== this.worker) return;
    this.clock.clearTimeout(this.stallTimer);
    this.worker = null;
    try {
      worker.terminate();
    } catch {
      // already gone
    }
    this.settleReady?.reject(error);
    for (const [id, request] of [...this.pending]) {
      this.finish(id);
      request.reject(error);
    }
    this.setStatus({ state: "failed", error });
  }

  // op and args go to stops.web.call; `key` aborts the older request of the same key.
  request(op, args = [], { key, timeout: limit = this.timeout } = {}) {
    const timeout = limit * this.scale;
    if (key !== undefined && this.keys.has(key)) this.abort(key);
    const id = this.nextId++;
    const started = this.start();
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const request = { resolve, reject, key, timer: null };
      this.pending.set(id, request);
      if (key !== undefined) this.keys.set(key, id);
      started.then(() => {
        if (!this.pending.has(id) || worker !== this.worker) return;
        request.timer = this.clock.setTimeout(() => {
          // A request that never answers blocks the worker for every later one: end it.
          this.fail(worker, new EngineError(`the engine did not answer within ${Math.round(timeout / 1000)} s`, { kind: "timeout" }));
        }, timeout);
        worker.postMessage({ id, op, args });
      }, (error) => {
        if (this.pending.has(id)) {
          this.finish(id);
          reject(error);
        }
      });
    });
  }

  abort(key) {
    const id = this.keys.get(key);
    if (id === undefined) return;
    const request = this.pending.get(id);
    this.finish(id);
    request?.reject(new EngineError("replaced by a newer request", { kind: "abort" }));
  }

  // Stop the worker (a page leaving): pending requests are aborted, not failed.
  close() {
    const worker = this.worker;
    if (!worker) return;
    for (const [id, request] of [...this.pending]) {
      this.finish(id);
      request.reject(new EngineError("the engine was closed", { kind: "abort" }));
    }
    this.fail(worker, new EngineError("the engine was closed", { kind: "abort" }));
    this.setStatus({ state: "idle", error: null });
  }
}

let shared = null;

// The page's one client, its worker at engine/worker.mjs (started by the first request).
export function pageEngine() {
  if (!shared) {
    const url = new URL("./worker.mjs", import.meta.url);
    shared = new EngineClient({ makeWorker: () => new Worker(url, { type: "module" }), scale: timeScale() });
  }
  return shared;
}
