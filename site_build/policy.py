"""The site's Content-Security-Policy, written once: the pages' `<meta>` and the serve header.

Everything comes from the site's own origin. Scripts are modules from 'self' only (no inline
script, no eval); Pyodide compiles its WebAssembly, which needs 'wasm-unsafe-eval' and
nothing more. Styles are the site's stylesheets (no `style=` attributes in the HTML).

`frame-ancestors` only works in a header (a `<meta>` policy ignores it, and Chromium warns),
so the meta tag leaves it out and the header adds it: no framing at all, but for the pages
meant to be embedded (`/<lang>/embed/...`), which any site may frame.
"""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "site" / "static"
EVAL = re.compile(r"\bnew Function\(|(?<![.\w])eval\(")


def modules_using_eval(static: Path = STATIC) -> list[str]:
    """`file:line` of every browser module line that compiles a string as code."""
    found = []
    for path in sorted(static.rglob("*.*js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0]
            if EVAL.search(code):
                found.append(f"site/static/{path.relative_to(static).as_posix()}:{number}")
    return found


# The one exception, and a temporary one: while a browser module still compiles a string
# (a plural rule evaluated from a string; i18n/messages.mjs uses Intl.PluralRules), the policy must allow it or
# that module breaks. The build says so (site_build/site.py); once no module needs it, the
# policy is strict with no change here.
LEGACY_EVAL = modules_using_eval()
SCRIPT_SRC = "'self' 'wasm-unsafe-eval'" + (" 'unsafe-eval'" if LEGACY_EVAL else "")

DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", SCRIPT_SRC),
    ("style-src", "'self'"),
    ("img-src", "'self'"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'self'"),
)
META_POLICY = "; ".join(f"{name} {value}" for name, value in DIRECTIVES)

EMBED_PATH = re.compile(r"^/[a-z]{2}/embed/")


def header_policy(path: str) -> str:
    """The policy the server sends for the URL path `path` (e.g. "/en/michigan.html")."""
    ancestors = "*" if EMBED_PATH.match(path) else "'none'"
    return f"{META_POLICY}; frame-ancestors {ancestors}"
