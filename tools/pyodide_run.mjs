#!/usr/bin/env node
// Run a Python script inside the Pyodide runtime from node_modules/pyodide,
// the way `python SCRIPT.py ARGS...` runs it on CPython.
//
//   node tools/pyodide_run.mjs [--wheel PATH.whl]... SCRIPT.py [ARGS...]
//
// - each --wheel (a pure-Python wheel) is unpacked into site-packages first;
// - the repository, the current directory and the script's directory are
//   mounted (NODEFS) at their real absolute paths, and Python's cwd is the
//   process cwd, so relative paths mean what they mean on the host;
// - sys.argv = [SCRIPT, *ARGS]; sys.path[0] is the script's directory;
// - stdout/stderr are forwarded byte for byte;
// - the exit status follows CPython: SystemExit's code, or 1 (with the
//   traceback on stderr) for an uncaught exception.
// Nothing is fetched from the network: indexURL is node_modules/pyodide.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = fs.realpathSync(path.resolve(HERE, ".."));
const INDEX_DIR = path.join(REPO, "node_modules", "pyodide");

function usage(message) {
  if (message) process.stderr.write(`pyodide_run: ${message}\n`);
  process.stderr.write(
    "usage: node tools/pyodide_run.mjs [--wheel PATH.whl]... SCRIPT.py [ARGS...]\n",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const wheels = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--wheel") {
      if (i + 1 >= argv.length) usage("--wheel needs a path");
      wheels.push(argv[++i]);
    } else if (arg.startsWith("--wheel=")) {
      wheels.push(arg.slice("--wheel=".length));
    } else if (arg === "-h" || arg === "--help") {
      usage();
    } else if (arg === "--") {
      i++;
      break;
    } else if (arg.startsWith("--")) {
      usage(`unknown option ${arg}`);
    } else {
      break;
    }
  }
  if (i >= argv.length) usage("no script given");
  return { wheels, script: argv[i], args: argv.slice(i + 1) };
}

// Write everything, then exit once the streams have drained (process.exit
// right after a write may drop buffered output on pipes).
function exitAfterFlush(code) {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

// A Writer for setStdout/setStderr: bytes straight through, unmangled.
// The buffer belongs to Pyodide and is reused, so copy it before queueing.
function writerFor(stream) {
  return { write: (buf) => (stream.write(Buffer.from(buf)), buf.length) };
}

// Directories of the host that Pyodide sees at the same absolute path. Paths
// inside one already mounted are covered by it; paths that would hide
// Pyodide's own tree ("/", "/lib", "/home", ...) are refused.
function mountHostDirs(pyodide, dirs) {
  const reserved = ["/", "/lib", "/home", "/dev", "/proc", "/usr", "/bin"];
  const mounted = [];
  const inside = (p, root) => p === root || p.startsWith(root.endsWith("/") ? root : root + "/");
  for (const dir of [...new Set(dirs)].sort((a, b) => a.length - b.length)) {
    if (mounted.some((root) => inside(dir, root))) continue;
    if (reserved.some((r) => inside(r, dir))) {
      process.stderr.write(`pyodide_run: not mounting ${dir} (it would hide Pyodide's files)\n`);
      continue;
    }
    const { FS } = pyodide;
    if (FS.analyzePath(dir).exists) {
      const entries = FS.readdir(dir).filter((e) => e !== "." && e !== "..");
      if (entries.length) {
        process.stderr.write(`pyodide_run: not mounting ${dir} (not empty inside Pyodide)\n`);
        continue;
      }
    }
    pyodide.mountNodeFS(dir, dir);
    mounted.push(dir);
  }
}

// Run inside Python: returns the exit status. This wrapper's frame is cut
// from tracebacks, so they read as CPython's would.
const RUNNER = `
def _pyodide_run(script, args, cwd):
    import builtins, io, os, sys, traceback, types
    os.chdir(cwd)
    target = os.path.abspath(script)
    sys.argv = [script, *args]
    sys.path.insert(0, os.path.dirname(target))
    # A fresh __main__ module, as CPython makes for "python SCRIPT".
    main = types.ModuleType("__main__")
    main.__file__ = target
    main.__builtins__ = builtins
    main.__cached__ = None
    sys.modules["__main__"] = main
    try:
        with io.open_code(target) as f:
            code = compile(f.read(), target, "exec")
        exec(code, main.__dict__)
        status = 0
    except SystemExit as exc:
        status = exc.code
        if status is None:
            status = 0
        elif not isinstance(status, int):
            print(status, file=sys.stderr)
            status = 1
    except BaseException as exc:
        tb = exc.__traceback__
        if tb is not None and tb.tb_frame.f_code.co_name == "_pyodide_run":
            exc.__traceback__ = tb.tb_next  # drop this wrapper's own frame
        traceback.print_exception(exc)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    return status & 0xFF  # as the OS reports it: sys.exit(-1) -> 255
`;

async function main() {
  const { wheels, script, args } = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(INDEX_DIR, "pyodide.mjs"))) {
    process.stderr.write(`pyodide_run: ${INDEX_DIR} is missing: run \`make node_modules/.installed\`\n`);
    process.exit(2);
  }
  if (!fs.existsSync(script)) usage(`can't open file '${script}'`);
  const cwd = fs.realpathSync(process.cwd());
  const scriptAbs = fs.realpathSync(path.resolve(script));

  // Python sees the host environment, minus what would point it at host
  // paths that mean nothing (or something else) inside Pyodide.
  const env = { ...process.env };
  for (const key of ["HOME", "PYTHONHOME", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONUSERBASE"]) {
    delete env[key];
  }

  const { loadPyodide } = await import(pathToFileURL(path.join(INDEX_DIR, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: INDEX_DIR + path.sep,
    packageCacheDir: INDEX_DIR,
    env,
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  pyodide.setStdout(writerFor(process.stdout));
  pyodide.setStderr(writerFor(process.stderr));
  pyodide.setStdin({
    read: (buf) => {
      try {
        return fs.readSync(0, buf);
      } catch (err) {
        if (err.code === "EOF") return 0;
        throw err;
      }
    },
  });

  const sitePackages = pyodide
    .runPython("import sysconfig; sysconfig.get_path('purelib')")
    .replace(/^\/+/, "/");
  for (const wheel of wheels) {
    const bytes = new Uint8Array(fs.readFileSync(wheel)); // a Uint8Array, not a Buffer
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");

  mountHostDirs(pyodide, [REPO, cwd, path.dirname(scriptAbs)]);

  pyodide.runPython(RUNNER);
  const run = pyodide.globals.get("_pyodide_run");
  const code = run(script, pyodide.toPy(args), cwd);
  run.destroy();
  exitAfterFlush(code);
}

main().catch((err) => {
  process.stderr.write(`pyodide_run: ${err && err.stack ? err.stack : err}\n`);
  exitAfterFlush(1);
});
