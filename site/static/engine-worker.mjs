// The engine in a module Web Worker: Pyodide and the `stops` wheel, from this site only.
//
// Life cycle (posted to the page):  {type: "ready"}  or  {type: "init-error", error}.
// Requests:   {id, op, args}  ->  {id, ok: true, result}  or  {id, ok: false, error}, where
//             error is the engine's {message, path, rule} (path and rule null when none).
// `op` and `args` go to stops.web.call(op, JSON args) as JSON text, and its JSON answer
// comes back parsed: nothing but strings crosses the JavaScript/Python boundary, and
// errors (an illegal move, a bad request, an engine failure) travel back as data.
//
// The runtime starts at once (a module worker never blocks the page); the wheel is
// loaded through pyodide-lock.json, whose sha256 the browser checks.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;

async function start() {
  const pyodide = await loadPyodide({ indexURL });
  const problems = [];
  const loaded = await pyodide.loadPackage("stops", {
    checkIntegrity: true,
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
  });
  if (!(loaded || []).some((pkg) => pkg.name === "stops")) {
    throw new Error(`the engine package did not load${problems.length ? `: ${problems.join("; ")}` : ""}`);
  }
  const web = pyodide.pyimport("stops.web");
  const call = web.call.copy(); // our own PyProxy, kept for the worker's life
  web.destroy(); // the module proxy is not needed any more
  return call;
}

const ready = start();

// A failure of the worker itself, in the engine's error shape.
const failure = (message) => ({ message, path: null, rule: null });

ready.then(
  () => self.postMessage({ type: "ready" }),
  (error) => self.postMessage({ type: "init-error", error: String(error?.message ?? error) }),
);

self.addEventListener("message", async ({ data }) => {
  const { id, op, args } = data ?? {};
  let call;
  try {
    call = await ready;
  } catch (error) {
    self.postMessage({ id, ok: false, error: failure(`the engine did not start: ${error?.message ?? error}`) });
    return;
  }
  try {
    // A Python str comes back as a JS string: no proxy to release.
    const answer = JSON.parse(call(String(op), JSON.stringify(args ?? [])));
    self.postMessage(answer.ok ? { id, ok: true, result: answer.result } : { id, ok: false, error: answer.error });
  } catch (error) {
    self.postMessage({ id, ok: false, error: failure(String(error?.message ?? error)) });
  }
});
