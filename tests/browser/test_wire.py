"""Small on the wire, in Chromium: the served site sends its precompressed copies (Brotli,
since Chromium accepts it) for the page, its styles, scripts, messages and the Pyodide
runtime, and the browser decodes them to the very bytes of the build."""

import hashlib
import json

from playwright.sync_api import expect


def test_the_page_its_assets_and_the_runtime_arrive_brotli_compressed(served, open_page):
    watched = open_page(served.url("en/michigan.html#example"))  # the first example's table is drawn at once
    expect(watched.page.locator(".example-box .widget").first).to_be_attached()
    # The headless shell asks for no favicon (it has no tab to show it in): the page fetches it.
    wasm = watched.page.evaluate("""async () => {
        await (await fetch("../static/favicon.svg")).text();
        const bytes = new Uint8Array(await (await fetch("../pyodide/pyodide.asm.wasm")).arrayBuffer());
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        return {size: bytes.length, sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join("")};
    }""")
    runtime = (served.root / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert wasm == {"size": len(runtime), "sha256": hashlib.sha256(runtime).hexdigest()}
    encodings = {response.url.removeprefix(served.origin): response.headers.get("content-encoding")
                 for response in watched.responses}
    for path in ("/en/michigan.html", "/static/style.css", "/static/widget.mjs", "/en/messages.json",
                 "/pyodide/pyodide.asm.wasm"):
        assert encodings[path] == "br", (path, encodings)
    assert encodings["/static/favicon.svg"] is None  # under 1 KB: sent as it is
    assert watched.errors == []


def test_the_engines_download_progress_counts_decoded_bytes_and_never_passes_its_total(served, open_page):
    """The wasm arrives compressed (a Content-Length of compressed bytes), while
    the worker counts the bytes it reads, decoded: the total is each file's decoded size
    (pyodide/engine.json), so the progress ends at exactly 100 % and never goes past it."""
    watched = open_page(served.url("en/glossary.html"), wait=False)
    watched.page.wait_for_load_state("load")
    statuses = watched.page.evaluate("""async () => {
        const { pageEngine } = await import("../static/engine/client.mjs");
        const engine = pageEngine();
        const seen = [];
        engine.subscribe((status) => seen.push({ state: status.state, loaded: status.loaded, total: status.total }));
        await engine.start();
        return seen;
    }""")
    sizes = json.loads((served.root / "pyodide" / "engine.json").read_text())["sizes"]
    compressed = {response.url.rsplit("/", 1)[-1]: response.headers.get("content-encoding")
                  for response in watched.responses if "/pyodide/" in response.url}
    assert compressed["pyodide.asm.wasm"] == "br", compressed  # (the stdlib is a zip: sent as it is)
    loading = [s for s in statuses if s["total"]]
    assert loading, statuses
    assert all(s["loaded"] <= s["total"] for s in loading), [s for s in loading if s["loaded"] > s["total"]][:3]
    final = statuses[-1]
    assert final["state"] == "ready" and final["loaded"] == final["total"]
    assert final["total"] >= sizes["pyodide.asm.wasm"] + sizes["python_stdlib.zip"]
    assert watched.errors == []
