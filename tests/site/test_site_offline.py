"""The service worker names its build: any changed file makes a new version (the browser then
replaces the old cache), the engine's cache is named by a digest of pyodide/ alone (a new engine
is never served to new pages from an old cache, and an unchanged one is not fetched again), and
engine.json names that cache for the page's engine worker."""

import json
from pathlib import Path

from node_tests import run_node_tests
from site_build.engine import NO_ENGINE_CACHE, write_manifest
from site_build.offline import SERVICE_WORKER, manifest, write_service_worker
from site_build.site import Sources


def build_of(site_root):
    first = (site_root / SERVICE_WORKER).read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("const BUILD = ") and first.endswith(";")
    return json.loads(first.removeprefix("const BUILD = ").removesuffix(";"))


def test_the_built_site_has_its_service_worker_at_the_root_naming_every_page_and_asset(site):
    build = build_of(site.out)
    assert build == manifest(site.out)
    assert "index.html" in build["core"] and "static/style.css" in build["core"] and "static/site.js" in build["core"]
    for lang, pages in build["pages"].items():
        assert f"{lang}/messages.json" in pages
        assert sorted(p for p in pages if p.endswith(".html")) == sorted(
            p for p in site.html_files() if p.startswith(f"{lang}/"))
    # The offline page of every language comes with the install, before any page asks.
    assert all(build["offline"][lang] == f"{lang}/offline.html" and f"{lang}/offline.html" in build["core"]
               for lang in build["pages"])
    listed = [*build["core"], *(p for pages in build["pages"].values() for p in pages)]
    assert not any(p.endswith((".br", ".gz")) or p == SERVICE_WORKER for p in listed)
    assert build["engine"] == NO_ENGINE_CACHE  # built without the engine


def test_a_changed_page_is_a_new_version_and_a_changed_engine_a_new_engine_cache(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "en" / "index.html").write_text("<p>one</p>")
    (tmp_path / "pyodide" / "stops-0.1.0-py3-none-any.whl").write_bytes(b"wheel one")
    write_manifest(tmp_path / "pyodide", None)
    source = Sources().service_worker
    first = write_service_worker(tmp_path, source)
    assert write_service_worker(tmp_path, source) == first  # the same files, the same build

    (tmp_path / "en" / "index.html").write_text("<p>two</p>")
    second = write_service_worker(tmp_path, source)
    assert second["version"] != first["version"] and second["engine"] == first["engine"]

    (tmp_path / "pyodide" / "stops-0.1.0-py3-none-any.whl").write_bytes(b"wheel two")
    write_manifest(tmp_path / "pyodide", None)
    third = write_service_worker(tmp_path, source)
    assert third["version"] != second["version"] and third["engine"] != second["engine"]
    # The page's engine worker reads the cache that engine.json names: the service worker's own.
    assert json.loads((tmp_path / "pyodide" / "engine.json").read_text())["cache"] == third["engine"]


def test_the_service_worker_keeps_one_copy_of_a_page_whatever_its_query_strings(tmp_path):
    # Issue 25: it kept a full copy of a page per distinct query string. Run in a fake worker
    # scope under Node (tests/site/service_worker.test.mjs).
    run_node_tests(Path(__file__).with_name("service_worker.test.mjs"), {"STOPS_SERVICE_WORKER": str(Sources().service_worker)})
