"""Issue 22: /web/search sends pages rendered once at build time (web_serving/html), gzip-encoded when the
client accepts it. The bodies are checked against the pages rendered from pages.duckdb (the store of record)
and the gzip body against the identity one, decoded by gzip, httpx and requests, over real uvicorn."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
import requests
from page_sizes import stored_size
from pages_sql import SqlPages

from mockapi.core.paths import PAGES_DB
from mockapi.http.routers.web import accepts_gzip
from mockapi.web.html_store import HEADER, html_record, inflate, page_html


@pytest.fixture(scope="module")
def question(tiny_world: Path) -> str:
    sql = SqlPages(tiny_world / PAGES_DB)
    try:
        return str(sql.column("SELECT interaction_id FROM queries ORDER BY interaction_id LIMIT 1")[0])
    finally:
        sql.close()


def post_raw(url: str, body: dict[str, object], encoding: str) -> httpx.Response:
    """The response with its body as sent on the wire (not decoded)."""
    with (
        httpx.Client(timeout=60) as http,
        http.stream(
            "POST", f"{url}/web/search", json=body, headers={"accept-encoding": encoding}
        ) as response,
    ):
        response.raw_bytes = b"".join(response.iter_raw())  # type: ignore[attr-defined]
        return response


def test_the_stored_pages_are_the_rendered_pages(tiny_world: Path, tiny_server: str, question: str) -> None:
    response = post_raw(tiny_server, {"interaction_id": question, "k": 50}, "identity")
    assert "content-encoding" not in response.headers
    result = orjson.loads(response.raw_bytes)["result"]  # type: ignore[attr-defined]
    assert len(result) == 50
    sql = SqlPages(tiny_world / PAGES_DB)
    try:
        rows = sql.frozen_rows(question)
        html = sql.html_of([row[1] for row in rows])
    finally:
        sql.close()
    assert [e["page_url"] for e in result] == [row[3] for row in rows]
    assert [e["page_result"] for e in result] == [html[row[1]] for row in rows]
    assert list(result[0]) == [
        "page_name", "page_url", "page_snippet", "page_result", "page_last_modified", "rank"
    ]  # fmt: skip


@pytest.mark.parametrize("body", [{"k": 50}, {"k": 50, "include_html": True}])
def test_gzip_is_the_same_json_in_a_fifth_of_the_bytes(
    tiny_server: str, question: str, body: dict[str, Any]
) -> None:
    request = {"interaction_id": question, **body}
    plain = post_raw(tiny_server, request, "identity")
    packed = post_raw(tiny_server, request, "gzip, deflate")
    assert packed.headers["content-encoding"] == "gzip" and packed.headers["vary"] == "Accept-Encoding"
    wire, full = packed.raw_bytes, plain.raw_bytes  # type: ignore[attr-defined]
    assert gzip.decompress(wire) == full
    assert len(wire) <= len(full) / 5
    decoded = httpx.post(f"{tiny_server}/web/search", json=request, timeout=60)  # httpx asks for gzip itself
    assert decoded.headers["content-encoding"] == "gzip" and decoded.content == full
    by_requests = requests.post(f"{tiny_server}/web/search", json=request, timeout=60)
    assert by_requests.headers["content-encoding"] == "gzip" and by_requests.content == full


def test_free_text_search_with_html_has_the_same_bodies(tiny_server: str, tiny_world: Path) -> None:
    request = {"query": "the director of the movie", "k": 10}
    plain = post_raw(tiny_server, request, "identity").raw_bytes  # type: ignore[attr-defined]
    packed = post_raw(tiny_server, request, "gzip").raw_bytes  # type: ignore[attr-defined]
    assert gzip.decompress(packed) == plain
    result = orjson.loads(plain)["result"]
    # every page with a body comes with it; an empty one only where the world stores the page empty (a
    # failed fetch, as in CRAG: ~3 % of pages, which the title alone can bring into the hits)
    assert result and all(e["page_result"] or not stored_size(tiny_world, e["page_url"]) for e in result)
    no_html = httpx.post(f"{tiny_server}/web/search", json={**request, "include_html": False}).json()[
        "result"
    ]
    assert [e["page_url"] for e in no_html] == [e["page_url"] for e in result]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip", True),
        ("gzip, deflate, br", True),
        ("deflate, gzip;q=0.5", True),
        ("*", True),
        ("x-gzip", True),
        ("", False),
        ("identity", False),
        ("gzip;q=0", False),
        ("br, zstd", False),
    ],
)
def test_accept_encoding_negotiation(header: str, expected: bool) -> None:
    assert accepts_gzip(header) is expected


def test_a_stored_page_is_zlibs_deterministic_deflate_of_its_json(tiny_world: Path) -> None:
    """The html table's bytes are in the world's content hash, so a page must compress to the same bytes in
    every build and process. ISA-L's compressor did not (one page of 40,276 differed between two default
    builds, and the tiny world's rebuilt web tables sometimes differed in a long-running test worker); zlib's
    deflate is a pure function of its input. Each record is checked against an independent zlib deflate."""
    sql = SqlPages(tiny_world / PAGES_DB)
    try:
        rows = sql.con.execute("SELECT kind, body FROM pages ORDER BY page_id LIMIT 60").fetchall()
    finally:
        sql.close()
    for kind, body in rows:
        data = orjson.dumps(page_html(kind, body))
        reference = zlib.compressobj(1, zlib.DEFLATED, -15)
        segment = reference.compress(data) + reference.flush(zlib.Z_FULL_FLUSH)
        record = html_record(page_html(kind, body))
        assert record == HEADER.pack(zlib.crc32(data), len(data)) + segment
        assert inflate(record) == data
