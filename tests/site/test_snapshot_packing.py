"""The memory snapshot ships without its pages of zeros (site_build/snapshot.py `pack`), and
the browser's worker puts them back (site/static/engine/snapshot.mjs, tested under Node):
byte for byte the snapshot Pyodide wrote; a manifest whose runs do not fit is refused with
an error that names the run."""

import base64
import json
import random
from pathlib import Path

from node_tests import run_node_tests

from site_build.snapshot import PAGE, expand, pack


def snapshot_like(rng: random.Random, pages: int, tail: int) -> bytes:
    """Pages of noise, of zeros and of noise with zeros inside, then a short last page."""
    out = bytearray()
    for _ in range(pages):
        kind = rng.random()
        if kind < 0.45:
            out += bytes(PAGE)
        elif kind < 0.6:
            page = bytearray(PAGE)
            page[rng.randrange(PAGE)] = rng.randrange(1, 256)  # one byte is enough to keep a page
            out += page
        else:
            out += rng.randbytes(PAGE)
    return bytes(out + rng.randbytes(tail))


def test_a_packed_snapshot_leaves_out_every_page_of_zeros_and_expands_to_the_same_bytes():
    rng = random.Random(3)
    for pages, tail in ((40, 100), (1, 0), (25, 0)):
        data = bytes(PAGE * 2) + snapshot_like(rng, pages, 0) + bytes(PAGE * 3) + rng.randbytes(tail)
        kept, runs = pack(data)
        zero_pages = sum(1 for at in range(0, len(data), PAGE) if not any(data[at:at + PAGE]))
        assert len(kept) == len(data) - zero_pages * PAGE
        assert all(a[0] + a[1] < b[0] for a, b in zip(runs, runs[1:]))  # in order, stretches apart
        assert expand(kept, len(data), runs) == data


def test_the_workers_expander_gives_the_snapshot_back_and_refuses_runs_that_do_not_fit(tmp_path):
    rng = random.Random(5)
    cases = []
    for pages, tail in ((30, 7), (12, 0)):
        data = snapshot_like(rng, pages, tail) + bytes(PAGE)
        kept, runs = pack(data)
        cases.append({"size": len(data), "runs": runs, "kept": base64.b64encode(kept).decode(),
                      "snapshot": base64.b64encode(data).decode()})
    fixture = tmp_path / "snapshots.json"
    fixture.write_text(json.dumps(cases), encoding="utf-8")
    run_node_tests(Path(__file__).with_name("snapshot_model.test.mjs"), {"STOPS_SNAPSHOT_CASES": str(fixture)})
