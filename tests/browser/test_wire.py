"""Small on the wire, in Chromium: the served site sends its precompressed copies (Brotli,
since Chromium accepts it) for the page, its styles, scripts, messages and the Pyodide
runtime, and the browser decodes them to the very bytes of the build."""

import hashlib


def test_the_page_its_assets_and_the_runtime_arrive_brotli_compressed(served, open_page):
    watched = open_page(served.url("en/michigan.html"))
    wasm = watched.page.evaluate("""async () => {
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
