// Load Pyodide the way a page does, from a directory made by
// tools/pyodide_vendor.py and nothing else, then loadPackage("stops").
//
//   node tests/pyodide/check_vendor.mjs DIR [PACKAGE]
//
// Prints one JSON object: {"ok": true, "python": ..., "module": ..., "loaded": [...]}
// or {"ok": false, "error": ...}; exit status 0 / 1 to match. Any attempt to
// fetch over the network fails the check.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, pkg = "stops"] = process.argv.slice(2);
if (!dir) {
  process.stderr.write("usage: node check_vendor.mjs DIR [PACKAGE]\n");
  process.exit(2);
}
const root = path.resolve(dir) + path.sep;

const realFetch = globalThis.fetch;
const fetched = [];
globalThis.fetch = async (resource, init) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  fetched.push(url);
  if (/^(https?|wss?):/i.test(url)) throw new Error(`network fetch attempted: ${url}`);
  return realFetch(resource, init);
};

function report(result, code) {
  process.stdout.write(JSON.stringify({ ...result, fetched }) + "\n", () => process.exit(code));
}

try {
  const { loadPyodide } = await import(pathToFileURL(path.join(root, "pyodide.mjs")).href);
  const messages = [];
  const pyodide = await loadPyodide({
    indexURL: root,
    lockFileURL: path.join(root, "pyodide-lock.json"),
    stdout: (line) => messages.push(line),
    stderr: (line) => messages.push(line),
  });
  const loaded = await pyodide.loadPackage(pkg, {
    messageCallback: (m) => messages.push(m),
    errorCallback: (m) => messages.push("error: " + m),
    checkIntegrity: true,
  });
  const names = (loaded || []).map((p) => p.name);
  if (!names.includes(pkg)) {
    report({ ok: false, error: `loadPackage(${pkg}) loaded ${JSON.stringify(names)}`, messages }, 1);
  } else {
    const info = pyodide
      .runPython(
        `import json, sys, ${pkg}\njson.dumps({"python": sys.version.split()[0], "module": ${pkg}.__file__})`,
      )
      .toString();
    report({ ok: true, ...JSON.parse(info), loaded: names, messages }, 0);
  }
} catch (err) {
  report({ ok: false, error: String(err && err.stack ? err.stack : err) }, 1);
}
