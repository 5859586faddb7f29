"""The dev server (`build.py --serve`, site_build/serve.py) answers every request with HTTP:
a malformed one with an error status, never a dropped connection; it lists no folder and
serves nothing outside its folder, through a symlink either."""

from __future__ import annotations

import http.client
import os
import socket
import threading

import pytest

from site_build.serve import site_server


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("serve")
    root = tmp_path / "site"
    (root / "en").mkdir(parents=True)
    (root / "en" / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (root / "bare").mkdir()
    (root / "bare" / "note.txt").write_text("in a folder without an index", encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("outside the site", encoding="utf-8")
    os.symlink(secret, root / "link.txt")
    os.symlink(tmp_path, root / "up")
    (root / "inner.txt").write_text("inside", encoding="utf-8")
    os.symlink(root / "inner.txt", root / "inner-link.txt")
    server = site_server(root, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def raw(port: int, request: bytes) -> bytes:
    """Send ``request`` as it is and read the answer until the server closes or goes quiet."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except (TimeoutError, ConnectionResetError):
            pass
    return b"".join(chunks)


def status_of(answer: bytes) -> int:
    line = answer.split(b"\r\n", 1)[0]
    assert line.startswith(b"HTTP/1."), f"no HTTP answer: {answer[:200]!r}"
    return int(line.split()[1])


MALFORMED = {
    "nul-in-path": b"GET /%00x HTTP/1.1\r\nHost: x\r\n\r\n",
    "nul-in-a-folder": b"GET /en/%00/index.html HTTP/1.1\r\nHost: x\r\n\r\n",
    "request-line-over-64-KiB": b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "header-over-64-KiB": b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 70_000 + b"\r\n\r\n",
    "too-many-headers": b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n",
    "not-utf-8": b"GET /%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n",
    "lone-surrogate": b"GET /%ed%b2%80 HTTP/1.1\r\nHost: x\r\n\r\n",
    "unknown-version": b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    "garbage": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
    "no-path": b"GET\r\n\r\n",
    "unknown-method": b"BREW /en/ HTTP/1.1\r\nHost: x\r\n\r\n",
}


@pytest.mark.parametrize("request_bytes", MALFORMED.values(), ids=MALFORMED.keys())
def test_every_malformed_request_gets_an_http_error(served, request_bytes):
    assert 400 <= status_of(raw(served, request_bytes)) < 600


@pytest.mark.parametrize("path", ["/bare/", "/", "/up/", "/up/site/"])
def test_no_folder_is_ever_listed(served, path):
    answer = raw(served, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    assert status_of(answer) == 404 and b"Directory listing" not in answer and b"note.txt" not in answer


@pytest.mark.parametrize("path", ["/link.txt", "/up/secret.txt", "/../secret.txt", "/%2e%2e/secret.txt", "//secret.txt"])
def test_nothing_outside_the_served_folder_is_served_through_a_symlink_or_dots(served, path):
    answer = raw(served, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    assert status_of(answer) == 404 and b"outside the site" not in answer


def test_files_and_folder_indexes_inside_the_folder_are_served_with_a_symlink_inside_too(served):
    connection = http.client.HTTPConnection("127.0.0.1", served, timeout=10)
    for path, body in [("/en/", b"<p>home</p>"), ("/inner.txt", b"inside"), ("/inner-link.txt", b"inside")]:
        connection.request("GET", path)
        response = connection.getresponse()
        assert (response.status, response.read()) == (200, body)
    connection.request("GET", "/en")
    response = connection.getresponse()
    response.read()
    assert response.status == 301 and response.getheader("Location") == "/en/"
