"""Locked down: every page carries the site's Content-Security-Policy in a `<meta>` (that a
static host keeps), the serve command sends the same policy as a header, and the policy lets
nothing in from another origin, no inline script and no string compiled as code."""

import html as markup
import re
import urllib.request

import pytest

from site_build.policy import LEGACY_EVAL, META_POLICY, header_policy, modules_using_eval

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def test_the_policy_allows_the_sites_own_origin_only():
    policy = directives(META_POLICY)
    assert policy["default-src"] == ["'self'"]
    for name, sources in policy.items():
        assert all(s.startswith("'") for s in sources), f"{name} names a host: {sources}"
        assert "'unsafe-inline'" not in sources, name
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]


def test_scripts_come_from_the_site_and_compile_only_webassembly():
    allowed = set(directives(META_POLICY)["script-src"])
    assert allowed - {"'unsafe-eval'"} == {"'self'", "'wasm-unsafe-eval'"}
    # 'unsafe-eval' only while a browser module still compiles a string (the build warns).
    assert ("'unsafe-eval'" in allowed) == bool(LEGACY_EVAL)


def test_a_module_that_compiles_a_string_is_found(tmp_path):
    (tmp_path / "ok.mjs").write_text("const x = evaluate(1); // new Function( in a comment\n")
    (tmp_path / "bad.mjs").write_text("const f = 1;\nconst g = new Function('n', 'return n');\n")
    (tmp_path / "worse.js").write_text("eval('1');\n")
    assert modules_using_eval(tmp_path) == ["site/static/bad.mjs:2", "site/static/worse.js:1"]


def test_every_page_carries_the_policy_and_no_inline_script_or_style(site):
    for page in site.html_files():
        html = site.read(page)
        assert [markup.unescape(m) for m in META.findall(html)] == [META_POLICY], page
        for script in re.findall(r"<script\b[^>]*>", html):
            assert ' src="' in script or 'type="application/json"' in script, f"{page}: inline script {script}"
        assert not re.search(r"<[^>]+\sstyle=", html), f"{page}: a style attribute"
        assert not re.search(r"<[^>]+\son[a-z]+=", html), f"{page}: an inline event handler"


def test_frames_are_refused_but_on_embed_pages():
    assert "frame-ancestors" not in META_POLICY  # a meta policy ignores it
    assert header_policy("/en/michigan.html") == f"{META_POLICY}; frame-ancestors 'none'"
    assert header_policy("/fr/embed/michigan.html").endswith("; frame-ancestors *")


@pytest.mark.parametrize("path", ["/en/michigan.html", "/static/widget.mjs", "/index.html"])
def test_the_server_sends_the_same_policy_as_a_header(server, path):
    with urllib.request.urlopen(server + path) as response:
        assert response.headers["Content-Security-Policy"] == header_policy(path)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.read()
