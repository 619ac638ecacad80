"""What the server exposes: loopback by default, no admin without a token, no files through any parameter."""

from __future__ import annotations

import argparse
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from mockapi.process import serve
from mockapi.serving.routes import ROUTES

SECRET = "root:x:0:0"  # first line of /etc/passwd on every Linux
TRAVERSALS = [
    "../../../../../../etc/passwd",
    "/etc/passwd",
    "file:///etc/passwd",
    "file://localhost/etc/passwd",
    "..%2f..%2f..%2f..%2fetc%2fpasswd",
    "....//....//....//etc/passwd",
    "..\\..\\..\\..\\etc\\passwd",
    "/proc/self/environ",
    "http://127.0.0.1:22/",
    "kg.duckdb",
    "../questions.duckdb",
    "questions.duckdb",
]


@pytest.fixture(scope="module")
def http(tiny_server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=tiny_server, timeout=60) as client:
        yield client


def _no_file_content(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text[:300]
    assert response.headers["content-type"].startswith("application/json")
    text = response.text
    assert SECRET not in text
    assert "CRAG_MOCK_" not in text  # /proc/self/environ
    assert "SQLite format" not in text and "DUCK" not in text  # no store file served as a page


def test_default_bind_is_loopback() -> None:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    assert parser.parse_args([]).host == "127.0.0.1"


@pytest.mark.parametrize("value", TRAVERSALS)
def test_get_page_reads_no_files(http: httpx.Client, value: str) -> None:
    response = http.post("/web/get_page", json={"url": value})
    _no_file_content(response)
    assert response.json() == {"result": None}


@pytest.mark.parametrize("value", TRAVERSALS)
def test_search_reads_no_files(http: httpx.Client, value: str) -> None:
    by_id = http.post("/web/search", json={"interaction_id": value, "include_html": False})
    _no_file_content(by_id)
    assert by_id.json() == {"result": []}
    _no_file_content(http.post("/web/search", json={"query": value, "k": 5}))


@pytest.mark.parametrize("value", TRAVERSALS[:4])
def test_kg_routes_read_no_files(http: httpx.Client, value: str) -> None:
    """Every string field of every KG route gets the traversal value; every answer is a plain not-found."""
    for route in ROUTES:
        if route.body is None:
            continue
        body: dict[str, Any] = {}
        for name, field in route.body.model_fields.items():
            if field.annotation is int:
                body[name] = 1
            elif name == "game_ids":
                body[name] = [value]
            else:
                body[name] = value
        response = http.post(route.path, json=body)
        _no_file_content(response)
        assert response.status_code == 200, (route.path, response.text)


@pytest.mark.parametrize(
    "raw_path",
    [
        "/../../../../etc/passwd",
        "/web/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/static/../../../etc/passwd",
        "/docs/../../../etc/passwd",
        "/kg.duckdb",
        "/questions.duckdb",
        "/manifest.json",
        "/index/meta.json",
    ],
)
def test_no_static_files_at_any_path(tiny_server: str, raw_path: str) -> None:
    """Raw request targets (no client-side normalisation): nothing but routes is served."""
    host, port = tiny_server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(f"GET {raw_path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n".encode())
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    head, _, body = reply.decode("latin-1").partition("\r\n\r\n")
    status = int(head.split()[1])
    assert status in (400, 404, 405), head
    assert SECRET not in body and "DUCK" not in body


@pytest.mark.parametrize("path", ["/admin/journal", "/admin/reset", "/admin/config", "/admin"])
def test_admin_routes_are_off_without_a_token(http: httpx.Client, path: str) -> None:
    """The default server (no admin token configured) offers no admin route to anyone: every method on every
    admin path is the canonical 404, as for a path that never existed (a 405 would reveal the route)."""
    for method in ("GET", "POST", "DELETE"):
        response = http.request(method, path)
        assert response.status_code == 404, (method, path, response.status_code)
        assert response.headers["content-type"] == "application/json"
        assert response.json()["type"] == "not_found", response.text


def test_admin_routes_need_the_configured_token(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    base = serve_world(tiny_world, admin_token="s3cret-token")
    with httpx.Client(base_url=base, timeout=30) as client:
        bad: list[dict[str, str]] = [
            {},
            {"authorization": "Bearer wrong"},
            {"authorization": "s3cret-token"},
            {"authorization": "Basic s3cret-token"},
            {"x-admin-token": "s3cret-token"},
        ]
        for headers in bad:
            for method, path in (("GET", "/admin/journal"), ("POST", "/admin/reset")):
                response = client.request(method, path, headers=headers)
                assert response.status_code == 401, (headers, path, response.status_code)
                assert response.json()["type"] == "unauthorized"
        good = {"authorization": "Bearer s3cret-token"}
        assert client.get("/admin/journal", headers=good).status_code == 200
        assert client.post("/admin/reset", headers=good).json() == {"reset": True}
        # the token never shows up in what the server publishes
        for path in ("/meta", "/openapi.json", "/health"):
            assert "s3cret-token" not in client.get(path).text
