"""/web/search and /web/get_page from the key tables of web_serving/ give byte for byte what per-key DuckDB
queries over pages.duckdb give: on every question, query text, URL and page of the small world (every build
stage, 344 URLs of which 9 dated ones several results list: tests/small_world.py; the tiny world's 2,938 cost
a minute and check the same rule), the imported real fixture and a hand-edited world with the rule's corner
cases (a URL no result lists, a URL holding pages no result lists there, a page id under several URLs, a
query text shared by two ids)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from fastapi.testclient import TestClient
from pages_sql import SqlPages

from mockapi.config.settings import Settings
from mockapi.core.paths import PAGES_DB, WEB_SERVING_DIR
from mockapi.core.staging import folder_digest
from mockapi.http.app import create_app
from mockapi.web.tables import WebTables
from mockapi.web.tables_build import build_web_tables, read_meta
from mockapi.world.manifest import content_hash

NO_RESULT_URL = "https://handmade.example/no-result"
HANDMADE_ID = "00-handmade"  # sorts before every uuid: the smallest id of the text it shares


@pytest.fixture(scope="module")
def handmade_world(small_world: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small world without web_serving/ (so it gets a temp build) and with corner cases added."""
    world = tmp_path_factory.mktemp("handmade") / "world"
    shutil.copytree(small_world, world, ignore=shutil.ignore_patterns(WEB_SERVING_DIR))
    with duckdb.connect(str(world / PAGES_DB)) as con:
        shared_url, listed_id = con.execute(
            "SELECT page_url, min(page_id) FROM results GROUP BY page_url"
            " HAVING count(*) > 1 AND count(last_modified_ts) > 0 ORDER BY page_url LIMIT 1"
        ).fetchone() or ("", "")
        others = [
            r[0]
            for r in con.execute(
                "SELECT page_id FROM pages WHERE url <> ? ORDER BY page_id DESC LIMIT 4", [shared_url]
            ).fetchall()
        ]
        copy = "INSERT INTO pages SELECT page_id, ?, kind, body, html_size, text FROM pages WHERE page_id = ?"
        # the shared (dated) URL also holds others[0], listed there below by a newer result, and others[1],
        # which a still newer result lists under the URL without it being stored there (so never chosen)
        con.execute(copy, [shared_url, others[0]])
        for page_id in others[2:]:  # no result lists this URL: the smallest page id stored under it
            con.execute(copy, [NO_RESULT_URL, page_id])
        question, query_time = con.execute(
            "SELECT query, query_time FROM queries ORDER BY interaction_id LIMIT 1"
        ).fetchone() or ("", "")
        con.execute("INSERT INTO queries VALUES (?, ?, ?)", [HANDMADE_ID, question, query_time])
        add = "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        con.execute(add, [HANDMADE_ID, 1, others[0], "newer", shared_url, "s1", " x", "2099-01-01"])
        con.execute(add, [HANDMADE_ID, 2, others[1], "newest", shared_url, "s2", " y", "2100-01-01"])
        assert listed_id != others[0]
    return world


@pytest.fixture(scope="module", params=["small", "imported"])
def world(request: pytest.FixtureRequest) -> Path:
    fixture = {"small": "small_world", "imported": "imported_world"}
    found: Path = request.getfixturevalue(fixture[request.param])
    return found


@pytest.fixture(scope="module")
def sql(world: Path) -> Iterator[SqlPages]:
    pages = SqlPages(world / PAGES_DB)
    yield pages
    pages.close()


@pytest.fixture(scope="module")
def client(world: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(world=world))) as c:
        yield c


def test_every_question_by_id(client: TestClient, sql: SqlPages) -> None:
    ids = sql.column("SELECT DISTINCT interaction_id FROM results ORDER BY 1")
    assert ids
    for qid in [*ids, "no-such-id"]:
        response = client.post("/web/search", json={"interaction_id": qid})
        assert response.status_code == 200
        assert response.content == sql.search_body(qid), qid
    assert client.post("/web/search", json={"interaction_id": "no-such-id"}).json() == {"result": []}


def test_every_query_text(client: TestClient, sql: SqlPages) -> None:
    for text in sql.column("SELECT DISTINCT query FROM queries ORDER BY 1"):
        qid = sql.interaction_for_query(text)
        assert qid is not None
        response = client.post("/web/search", json={"query": text, "include_html": False})
        assert response.content == sql.search_body(qid, include_html=False), text


def test_every_url(client: TestClient, sql: SqlPages) -> None:
    urls = sql.column("SELECT DISTINCT url FROM pages ORDER BY 1")
    shared = sql.column("SELECT page_url FROM results GROUP BY page_url HAVING count(*) > 1")
    assert shared  # URLs listed by several results are among them
    for url in [*urls, "https://nowhere.example/", ""]:
        response = client.post("/web/get_page", json={"url": url})
        assert response.status_code == 200
        assert response.content == sql.get_page_body(url), url
    assert client.post("/web/get_page", json={"url": "https://nowhere.example/"}).json() == {"result": None}


def test_every_page_and_text(world: Path, sql: SqlPages) -> None:
    tables = WebTables(world)
    try:
        page_ids = sql.column("SELECT DISTINCT page_id FROM pages ORDER BY 1")
        for page_id in page_ids:
            kind, body = sql.con.execute(
                "SELECT kind, body FROM pages WHERE page_id = ? LIMIT 1", [page_id]
            ).fetchone() or ("", b"")
            assert tables.page(page_id) == (kind, body)
            assert tables.text(page_id) == sql.text(page_id)
        assert tables.page("spec:none") is None and tables.text("spec:none") is None
        assert tables.interaction_for_query("no such question") is None
    finally:
        tables.close()


def test_repeated_page_ids_hold_one_body(world: Path, sql: SqlPages) -> None:
    """The tables keep the first row of a repeated page id: right only because all its rows are equal."""
    differing = sql.column(
        "SELECT page_id FROM pages GROUP BY page_id"
        " HAVING count(DISTINCT kind) > 1 OR count(DISTINCT body) > 1 OR count(DISTINCT text) > 1"
    )
    assert differing == []


def test_handmade_corner_cases(handmade_world: Path) -> None:
    sql = SqlPages(handmade_world / PAGES_DB)
    # the URLs holding several pages (the shared one and the one no result lists), every URL of the pages
    # added, and the id and text of the added question
    urls = sql.column(
        "SELECT url FROM pages WHERE page_id IN"
        " (SELECT page_id FROM pages GROUP BY page_id HAVING count(*) > 1)"
        " UNION SELECT page_url FROM results WHERE interaction_id = '00-handmade' ORDER BY 1"
    )
    assert NO_RESULT_URL in urls and len(urls) >= 4
    question = _first_question(handmade_world)
    try:
        with TestClient(create_app(Settings(world=handmade_world))) as c:
            for url in urls:
                assert c.post("/web/get_page", json={"url": url}).content == sql.get_page_body(url), url
            by_id = c.post("/web/search", json={"interaction_id": HANDMADE_ID})
            assert by_id.content == sql.search_body(HANDMADE_ID)
            assert c.post("/web/search", json={"query": question}).content == by_id.content
            page = c.post("/web/get_page", json={"url": NO_RESULT_URL}).json()["result"]
            assert page["page_name"] == NO_RESULT_URL
            assert page["page_snippet"] == page["page_last_modified"] == ""
            shared = by_id.json()["result"]
            assert [r["page_name"] for r in shared] == ["newer", "newest"]
            page = c.post("/web/get_page", json={"url": shared[0]["page_url"]}).json()["result"]
            # "newest" is newer but not stored under that URL
            assert (page["page_name"], page["page_snippet"]) == ("newer", "s1")
    finally:
        sql.close()


def _first_question(world: Path) -> str:
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as con:
        row = con.execute("SELECT query FROM queries WHERE interaction_id = ?", [HANDMADE_ID]).fetchone()
    assert row is not None
    return str(row[0])


def test_a_world_without_the_folder_gets_a_temp_build(
    handmade_world: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with TestClient(create_app(Settings(world=handmade_world))) as c:
        built = [p for p in tmp_path.iterdir() if p.name.startswith("crag-web-tables-")]
        assert len(built) == 1 and read_meta(built[0]) is not None
        assert c.post("/web/get_page", json={"url": NO_RESULT_URL}).json()["result"] is not None
    assert not (handmade_world / WEB_SERVING_DIR).exists()  # the world is never written
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("crag-web-tables-")]


def test_the_content_hash_covers_the_web_tables(
    small_world: Path, handmade_world: Path, tmp_path: Path
) -> None:
    world = tmp_path / "world"
    shutil.copytree(small_world, world)
    before = content_hash(world, {})
    meta = read_meta(world)
    assert meta is not None and meta["digest"] == "sha256:" + _files_digest(world / WEB_SERVING_DIR)
    build_web_tables(handmade_world / PAGES_DB, world)  # other tables, the same stores
    assert content_hash(world, {}) != before
    build_web_tables(world / PAGES_DB, world)  # rebuilt from the world's own pages: the same bytes again
    assert read_meta(world) == meta
    assert content_hash(world, {}) == before
    shutil.rmtree(world / WEB_SERVING_DIR)
    assert content_hash(world, {}) != before


def _files_digest(folder: Path) -> str:
    """folder_digest over the table files (meta.json is written after the digest is taken)."""
    copy = folder.parent / "digest-check"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("meta.json"))
    try:
        return folder_digest(copy)
    finally:
        shutil.rmtree(copy)


SERVE_WEB = """
import sys
from pathlib import Path
from fastapi.testclient import TestClient
from mockapi.http.app import create_app
from mockapi.config.settings import Settings
with TestClient(create_app(Settings(world=Path(sys.argv[1])))) as c:
    qid = c.get("/meta").json()["examples"]["/web/search"]["interaction_id"]
    assert c.post("/web/search", json={"interaction_id": qid}).json()["result"]
    url = c.get("/meta").json()["examples"]["/web/get_page"]["url"]
    assert c.post("/web/get_page", json={"url": url}).json()["result"]
    assert c.post("/web/search", json={"query": "price", "k": 3}).json()["result"]
print("duckdb" in sys.modules)
"""


def test_the_web_routes_never_load_duckdb(tiny_world: Path) -> None:
    """A server start (and its web answers) without DuckDB's import: start-up time."""
    done = subprocess.run(
        [sys.executable, "-c", SERVE_WEB, str(tiny_world)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
