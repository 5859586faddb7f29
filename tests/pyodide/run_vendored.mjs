// Start the site's engine from a vendored folder (the build's `pyodide/`) the way its worker
// does, then run a Python script in it: several starts in one Node process.
//
//   node tests/pyodide/run_vendored.mjs PLAN_JSON
//
// PLAN_JSON: {"script": PATH, "args": [...], "runs": [{"name", "dir", "start", "stdlib"?, "script"?, "args"?}, ...]}
// (a run's own script and args replace the plan's);
// - start "snapshot": from the build's memory snapshot (pyodide/engine.json, sha256 checked,
//   expanded as the worker does);
// - start "wheel": Python started, then loadPackage("stops") through the folder's lockfile;
// - stdlib: another standard library archive than the folder's (the whole one, to see what
//   the engine would import with nothing left out).
// The repository is mounted (NODEFS) at its own path, so the script reads the examples.
// Prints one JSON object: {name: {"ok", "stdout", "stderr", "error"?}} for every run.

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expandSnapshot } from "../../site/static/engine/snapshot.mjs";

const REPO = fs.realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
const plan = JSON.parse(process.argv[2]);
const results = {};

const RUN = `
def _run(script, args):
    import sys
    sys.argv = [script, *args]
    main = {"__name__": "__main__", "__file__": script}
    with open(script, encoding="utf-8") as f:
        code = compile(f.read(), script, "exec")
    try:
        exec(code, main)
    except SystemExit as exc:
        if exc.code not in (None, 0):
            raise
`;

async function start(run) {
  const dir = path.resolve(run.dir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const options = { indexURL: dir, lockFileURL: path.join(dir, "pyodide-lock.json") };
  if (run.stdlib) options.stdLibURL = path.resolve(run.stdlib);
  if (run.start === "snapshot") {
    const { snapshot } = JSON.parse(fs.readFileSync(path.join(dir, "engine.json"), "utf-8"));
    if (!snapshot) throw new Error(`${dir}engine.json names no snapshot`);
    const bytes = fs.readFileSync(path.join(dir, snapshot.file));
    const digest = createHash("sha256").update(bytes).digest("hex");
    if (digest !== snapshot.sha256) throw new Error(`${snapshot.file}: sha256 is not the build's`);
    return loadPyodide({ ...options, _loadSnapshot: expandSnapshot(new Uint8Array(bytes), snapshot) });
  }
  const pyodide = await loadPyodide(options);
  const problems = [];
  const loaded = await pyodide.loadPackage("stops", { messageCallback: () => {}, errorCallback: (m) => problems.push(m) });
  if (!(loaded || []).some((p) => p.name === "stops")) throw new Error(`loadPackage(stops) did not load it: ${problems.join("; ")}`);
  return pyodide;
}

for (const run of plan.runs) {
  const out = [];
  const err = [];
  try {
    const pyodide = await start(run);
    pyodide.setStdout({ batched: (line) => out.push(line) });
    pyodide.setStderr({ batched: (line) => err.push(line) });
    pyodide.mountNodeFS(REPO, REPO);
    pyodide.runPython(RUN);
    const runner = pyodide.globals.get("_run");
    runner(path.resolve(run.script ?? plan.script), pyodide.toPy(run.args ?? plan.args ?? []));
    runner.destroy();
    results[run.name] = { ok: true, stdout: out.join("\n"), stderr: err.join("\n") };
  } catch (error) {
    results[run.name] = { ok: false, stdout: out.join("\n"), stderr: err.join("\n"), error: String(error?.stack ?? error) };
  }
}
process.stdout.write(JSON.stringify(results) + "\n", () => process.exit(0));
