// The engine's memory snapshot as the build ships it (site_build/snapshot.py): the snapshot's
// pages that hold anything but zeros, one after another, and in pyodide/engine.json the
// snapshot's whole `size` and its `runs`, [offset, length] of each stretch of kept pages in
// it, in order. About half of Pyodide's memory is zeros: fetching, keeping (the service
// worker's cache) and checking (sha256) only the rest takes half the bytes. Expanded here,
// it is the memory Pyodide wrote, byte for byte, as `loadPyodide({_loadSnapshot})` wants it.
//
// No DOM: the worker, the Node runner of the tests (tests/pyodide/run_vendored.mjs) and the
// bench import it.

// The snapshot itself, from the shipped bytes; an Error naming what does not fit otherwise.
export function expandSnapshot(shipped, { file = "engine.snapshot", size, runs } = {}) {
  const bytes = shipped instanceof Uint8Array ? shipped : new Uint8Array(shipped);
  if (!Number.isSafeInteger(size) || size <= 0 || !Array.isArray(runs)) {
    throw new Error(`${file}: engine.json gives no size and runs for the snapshot`);
  }
  const out = new Uint8Array(size);
  let read = 0;
  let end = 0; // where the last run ended: runs are in order and do not overlap
  for (const [index, run] of runs.entries()) {
    const [offset, length] = Array.isArray(run) ? run : [];
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || length <= 0 || offset < end
        || offset + length > size || read + length > bytes.length) {
      throw new Error(`${file}: run ${index} of engine.json ([${run}]) does not fit the snapshot`);
    }
    out.set(bytes.subarray(read, read + length), offset);
    read += length;
    end = offset + length;
  }
  if (read !== bytes.length) {
    throw new Error(`${file}: ${bytes.length} bytes shipped, engine.json's runs hold ${read}`);
  }
  return out;
}
