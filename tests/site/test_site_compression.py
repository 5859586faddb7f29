"""Small on the wire: every text file over 1 KB has its Brotli and gzip copies beside it,
and the serve command sends the copy the browser accepts, with `Content-Encoding` and
`Vary: Accept-Encoding` (tests/browser/ checks the same in Chromium)."""

import gzip
import urllib.request

import brotli
import pytest

from site_build.compress import MIN_SIZE, compressible, compress_tree
from site_build.serve import accepted_encodings


def test_every_text_file_over_1_kb_has_a_brotli_and_a_gzip_copy_of_the_same_bytes(site):
    texts = [p for p in site.out.rglob("*") if p.is_file() and compressible(p)]
    assert {p.suffix for p in texts} >= {".html", ".css", ".mjs", ".json"}
    for path in texts:
        data = path.read_bytes()
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == data, path
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == data, path


def test_small_files_and_zip_archives_are_not_compressed_again(tmp_path):
    (tmp_path / "tiny.css").write_text("a{}")
    (tmp_path / "big.css").write_text("a{color:red}\n" * 200)
    (tmp_path / "python_stdlib.zip").write_bytes(b"PK" + bytes(4000))
    compress_tree(tmp_path, cache=None)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["big.css", "big.css.br", "big.css.gz", "python_stdlib.zip", "tiny.css"]
    assert (tmp_path / "tiny.css").stat().st_size < MIN_SIZE


def test_a_cached_copy_is_reused_only_for_the_same_bytes(tmp_path):
    cache, site = tmp_path / "cache", tmp_path / "site"
    site.mkdir()
    page = site / "page.html"
    page.write_text("<p>one</p>" * 300)
    compress_tree(site, cache)
    page.write_text("<p>two</p>" * 300)
    compress_tree(site, cache)
    assert brotli.decompress((site / "page.html.br").read_bytes()) == page.read_bytes()
    assert len(list(cache.iterdir())) == 4  # two versions, two encodings each


@pytest.mark.parametrize("header, expected", [
    ("gzip, deflate, br, zstd", {"gzip", "deflate", "br", "zstd"}),
    ("br;q=0, gzip;q=0.5", {"gzip"}),
    ("", set()),
    (None, set()),
])
def test_accept_encoding_is_read_with_its_q_values(header, expected):
    assert accepted_encodings(header) == expected


def fetch(url, accept=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept is not None else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


@pytest.mark.parametrize("accept, encoding, decode", [
    ("gzip, deflate, br", "br", brotli.decompress),
    ("gzip", "gzip", gzip.decompress),
    ("identity", None, lambda data: data),
])
def test_the_server_sends_the_precompressed_copy_the_browser_accepts(site, server, accept, encoding, decode):
    headers, body = fetch(f"{server}/en/michigan.html", accept)
    assert headers.get("Content-Encoding") == encoding
    assert headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"].startswith("text/html")
    assert decode(body) == (site.out / "en" / "michigan.html").read_bytes()
    assert int(headers["Content-Length"]) == len(body)


def test_a_file_without_copies_is_sent_as_it_is(site, server):
    headers, body = fetch(f"{server}/static/favicon.svg", "br, gzip")
    assert headers.get("Content-Encoding") is None and "Vary" not in headers
    assert body == (site.out / "static" / "favicon.svg").read_bytes()
