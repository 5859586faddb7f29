"""Shared fixtures: the real site built once into a temporary folder, and a way to build
a modified copy of the content (to prove that broken content fails the build)."""

import shutil
import sys
import threading
from dataclasses import replace
from pathlib import Path

import html5lib
import pytest

REPO = Path(__file__).resolve().parents[2]
for path in (REPO, REPO / "engine"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from sites import site_without_engine  # noqa: E402
from page_text import PageText, page_text  # noqa: E402,F401 (the fixtures' text)
from site_build.serve import site_server  # noqa: E402
from site_build.site import Sources, build  # noqa: E402


class BuiltSite:
    def __init__(self, out: Path):
        self.out = out

    def read(self, relative: str) -> str:
        return (self.out / relative).read_text(encoding="utf-8")

    def text(self, relative: str) -> str:
        """The page as a reader sees it: its text, whitespace collapsed."""
        return " ".join(" ".join(page_text(self.read(relative)).parts).split())

    def tree(self, relative: str):
        """The page parsed as a browser would (html5lib), element names without a namespace."""
        return html5lib.parse(self.read(relative), namespaceHTMLElements=False)

    def html_files(self):
        return sorted(p.relative_to(self.out).as_posix() for p in self.out.rglob("*.html"))


# Fixtures that build the site again (from altered content, or with the engine): the tests that
# use them run in `make test`, not in `make check`, which builds the site once.
REBUILDS = {"build_with", "content_copy", "engine", "wheel"}
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.is_relative_to(HERE) and REBUILDS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> BuiltSite:
    """The site built once for the run (every xdist worker reads the same build)."""
    return BuiltSite(site_without_engine(tmp_path_factory))


@pytest.fixture(scope="session")
def server(site):
    """The built site served by the serve command's handler; yields its origin."""
    server = site_server(site.out, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def content_copy(tmp_path) -> Path:
    """A private copy of site/content that a test may break."""
    copy = tmp_path / "content"
    shutil.copytree(REPO / "site" / "content", copy)
    return copy


@pytest.fixture
def build_with(tmp_path):
    """Build the site from another content folder; returns the output folder."""

    def run(content: Path) -> Path:
        out = tmp_path / "out"
        build(replace(Sources(), content=content), out, engine=None)
        return out

    return run
