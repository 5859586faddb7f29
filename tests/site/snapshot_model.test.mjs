// static/engine/snapshot.mjs under Node: the worker's expansion of the shipped snapshot, on
// snapshots packed by the build's Python (STOPS_SNAPSHOT_CASES), and its refusals.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

import { expandSnapshot } from "../../site/static/engine/snapshot.mjs";

const cases = JSON.parse(fs.readFileSync(process.env.STOPS_SNAPSHOT_CASES, "utf-8"));
const bytes = (b64) => new Uint8Array(Buffer.from(b64, "base64"));

test("the shipped pages expand to the snapshot the build packed, byte for byte", () => {
  for (const { size, runs, kept, snapshot } of cases) {
    const out = expandSnapshot(bytes(kept), { file: "engine.snapshot", size, runs });
    assert.equal(out.length, size);
    assert.deepEqual(Buffer.from(out), Buffer.from(bytes(snapshot)));
    assert.deepEqual(Buffer.from(expandSnapshot(bytes(kept).buffer, { size, runs })), Buffer.from(out)); // an ArrayBuffer too
  }
});

test("runs that overlap, leave the snapshot, or do not hold the bytes shipped are refused, named", () => {
  const { size, runs, kept } = cases[0];
  const shipped = bytes(kept);
  const refused = (manifest, pattern) => assert.throws(() => expandSnapshot(shipped, { file: "engine.snapshot", ...manifest }), pattern);
  refused({ size, runs: [runs[0], runs[0], ...runs.slice(1)] }, /engine\.snapshot: run 1 of engine\.json/);
  refused({ size: runs.at(-1)[0], runs }, new RegExp(`run ${runs.length - 1} of engine\\.json`));
  refused({ size, runs: runs.slice(0, -1) }, /bytes shipped, engine\.json's runs hold/);
  refused({ size, runs: [[0, 0], ...runs] }, /run 0 of engine\.json \(\[0,0\]\)/);
  refused({ size, runs: [["0", 4096]] }, /run 0 of engine\.json/);
  refused({ runs }, /engine\.json gives no size and runs/);
  refused({ size }, /engine\.json gives no size and runs/);
});
