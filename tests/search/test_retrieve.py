"""`POST /retrieve`: Search-R1's request shapes answered in its exact response shape, over the tiny world's
passages, on real uvicorn."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import duckdb
import httpx
import pytest
from crag_client.html import page_text

from mockapi.retrieve.ensure import ensure_passages
from mockapi.wire.fields import MAX_BODY_BYTES
from mockapi.wire.retrieve import MAX_QUERIES, MAX_TOPK
from mockapi.world.manifest import content_hash


@pytest.fixture(scope="module")
def queries(tiny_world: Path) -> list[str]:
    con = duckdb.connect(str(tiny_world / "questions.duckdb"), read_only=True)
    try:
        return [q for (q,) in con.execute("SELECT query FROM questions ORDER BY interaction_id").fetchall()]
    finally:
        con.close()


def retrieve(base: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{base}/retrieve", json=body, timeout=60)


def test_batch_with_scores_is_search_r1s_shape(tiny_server: str, queries: list[str]) -> None:
    answer = retrieve(tiny_server, queries=queries[:5], topk=3, return_scores=True)
    assert answer.status_code == 200
    body = answer.json()
    assert list(body) == ["result"] and len(body["result"]) == 5
    for hits in body["result"]:
        assert len(hits) == 3
        for hit in hits:
            assert set(hit) == {"document", "score"} and isinstance(hit["score"], float)
            assert set(hit["document"]) == {"id", "contents"}
            title, _, text = hit["document"]["contents"].partition("\n")
            assert title.startswith('"') and title.endswith('"') and len(text.split()) >= 30
        scores = [hit["score"] for hit in hits]
        assert scores == sorted(scores, reverse=True)


def test_without_scores_each_hit_is_the_document(tiny_server: str, queries: list[str]) -> None:
    scored = retrieve(tiny_server, queries=queries[:3], return_scores=True).json()["result"]
    bare = retrieve(tiny_server, queries=queries[:3]).json()["result"]
    assert bare == [[hit["document"] for hit in hits] for hits in scored]


def test_a_single_query_is_a_batch_of_one(tiny_server: str, queries: list[str]) -> None:
    single = retrieve(tiny_server, query=queries[0], return_scores=True).json()
    batch = retrieve(tiny_server, queries=[queries[0]], return_scores=True).json()
    assert single == batch and len(single["result"]) == 1


@pytest.mark.parametrize("name", ["topk", "top_k", "k"])
def test_every_top_k_name(tiny_server: str, queries: list[str], name: str) -> None:
    hits = retrieve(tiny_server, queries=queries[:2], **{name: 5}).json()["result"]
    assert [len(h) for h in hits] == [5, 5]


@pytest.mark.parametrize("topk", [None, 0])
def test_default_top_k_is_3(tiny_server: str, queries: list[str], topk: int | None) -> None:
    hits = retrieve(tiny_server, queries=queries[:2], topk=topk).json()["result"]
    assert [len(h) for h in hits] == [3, 3]


def test_the_passage_id_names_its_page(tiny_server: str, queries: list[str]) -> None:
    for hits in retrieve(tiny_server, queries=queries[:4]).json()["result"]:
        for doc in hits:
            url, _, number = doc["id"].rpartition("#p")
            assert number.isdigit()
            page = httpx.post(f"{tiny_server}/web/get_page", json={"url": url}).json()["result"]
            words = " ".join(page_text(page["page_result"], main_content=True).split())
            assert doc["contents"].partition("\n")[2] in words
            assert doc["contents"].partition("\n")[0] == f'"{page["page_name"]}"'


def test_query_time_keeps_only_pages_of_that_time(tiny_server: str, queries: list[str]) -> None:
    early = "01/01/1990, 00:00:00 PT"  # before every dated page: only undated ones may answer
    found = retrieve(tiny_server, queries=queries[:6], topk=10, query_time=early).json()["result"]
    urls = {doc["id"].rpartition("#p")[0] for hits in found for doc in hits}
    assert urls
    for url in urls:
        page = httpx.post(f"{tiny_server}/web/get_page", json={"url": url}).json()["result"]
        assert page["page_last_modified"] == ""
    later = retrieve(tiny_server, queries=queries[:6], topk=10).json()["result"]
    assert found != later


def test_a_training_batch_of_2560_is_one_request(tiny_server: str, queries: list[str]) -> None:
    """Answered in the order asked, each query exactly as it is answered on its own."""
    batch = [queries[i % len(queries)] for i in range(2560)]
    answer = retrieve(tiny_server, queries=batch, topk=3)
    assert answer.status_code == 200
    result = answer.json()["result"]
    assert len(result) == 2560
    for i in (0, 1, 77, 1234, 2559):
        assert result[i] == retrieve(tiny_server, query=batch[i]).json()["result"][0]


def test_a_batch_over_64_kib_is_taken_but_other_routes_keep_their_cap(tiny_server: str) -> None:
    batch = ["who directed the last tide " + "x" * 200] * 400  # ~90 KB
    assert len(str(batch)) > MAX_BODY_BYTES
    assert retrieve(tiny_server, queries=batch, topk=1).status_code == 200
    too_big = httpx.post(f"{tiny_server}/web/search", json={"query": "a", "pad": batch})
    assert too_big.status_code == 413


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"query": "a", "queries": ["b"]},
        {"queries": "not a list"},
        {"queries": [1, 2]},
        {"queries": ["a"], "topk": -1},
        {"queries": ["a"], "topk": MAX_TOPK + 1},
        {"queries": ["a"], "k": "many"},
        {"queries": ["a"], "query_time": "yesterday"},
        {"queries": ["a"] * (MAX_QUERIES + 1)},
        {"queries": ["a"] * 2560, "topk": MAX_TOPK},
    ],
)
def test_bad_input_is_a_json_422(tiny_server: str, body: dict[str, Any]) -> None:
    answer = httpx.post(f"{tiny_server}/retrieve", json=body)
    assert answer.status_code == 422
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["detail"]


def test_task_1_passages_come_from_the_pages_questions_show(
    tiny_world: Path, serve_world: Any, queries: list[str]
) -> None:
    base = serve_world(tiny_world, task=1)
    shown = set()
    con = duckdb.connect(str(tiny_world / "questions.duckdb"), read_only=True)
    ids = [i for (i,) in con.execute("SELECT interaction_id FROM questions").fetchall()]
    con.close()
    for qid in ids:
        entries = httpx.post(f"{base}/web/search", json={"interaction_id": qid, "include_html": False})
        shown |= {e["page_url"] for e in entries.json()["result"]}
    found = retrieve(base, queries=queries, topk=10).json()["result"]
    urls = {doc["id"].rpartition("#p")[0] for hits in found for doc in hits}
    assert urls and urls <= shown


def test_a_world_built_without_passages_makes_them_on_first_use(
    tiny_world: Path, tmp_path: Path, serve_world: Any, tiny_server: str, queries: list[str]
) -> None:
    """A build leaves the passages to their first use (mockapi/retrieve/ensure.py): a world without them
    answers /retrieve exactly as one that has them, having made them once."""
    fresh = tmp_path / "fresh-world"
    fresh.mkdir()
    for entry in os.listdir(tiny_world):
        if entry != "passages":  # the world as a build leaves it: everything else, linked
            (fresh / entry).symlink_to(tiny_world / entry)
    body = {"queries": queries[:20], "topk": 5, "return_scores": True}
    made = retrieve(serve_world(fresh), **body)
    assert made.status_code == 200
    assert (fresh / "passages" / "passages.json").is_file()
    assert made.json() == retrieve(tiny_server, **body).json()
    assert ensure_passages(fresh) == ensure_passages(tiny_world)  # the same documents indexed


def test_the_passages_are_not_in_the_content_hash(tiny_world: Path, tmp_path: Path) -> None:
    """passages.json carries a digest of what was indexed (the index's own bytes vary from build to build);
    the passages are a function of the pages, made when first needed, so the world's content hash leaves
    them out: a world hashes the same before and after (tests/world/test_build.py's same-seed rebuild shows
    the digest is deterministic)."""
    info = ensure_passages(tiny_world)
    assert info is not None and re.fullmatch(r"sha256:[0-9a-f]{64}", info["digest"])
    hashes: set[str] = set()
    for n, digest in enumerate((None, info["digest"], "sha256:" + "0" * 64)):
        world = tmp_path / f"w{n}"
        (world / "passages").mkdir(parents=True)
        if digest is not None:
            (world / "passages" / "passages.json").write_text(json.dumps({**info, "digest": digest}))
        hashes.add(content_hash(world, {}))
    assert len(hashes) == 1
