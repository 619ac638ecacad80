"""The harness's Task 3 fetches in frames (mockapi/web/page_frames.py, crag_eval/run/frames.py): over real
uvicorn on the tiny world, a framed answer reads back as exactly the JSON answer (entries, key order, HTML),
a client that does not ask gets the JSON as before, and a damaged body is refused, never misread."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from crag_eval.run import frames
from crag_eval.run.fetch_helper import Connections, search
from crag_eval.run.frames import FrameError, read_frames
from pages_sql import SqlPages

from mockapi.core.paths import PAGES_DB
from mockapi.web import page_frames

ACCEPT = {"accept": f"{frames.MEDIA_TYPE}, application/json", "accept-encoding": "gzip"}


@pytest.fixture(scope="module")
def questions(tiny_world: Path) -> list[str]:
    sql = SqlPages(tiny_world / PAGES_DB)
    try:
        return [
            str(q) for q in sql.column("SELECT interaction_id FROM queries ORDER BY interaction_id LIMIT 3")
        ]
    finally:
        sql.close()


def post(url: str, body: dict[str, object], headers: dict[str, str]) -> tuple[bytes, str]:
    connections = Connections()
    try:
        return connections.post(f"{url}/web/search", orjson.dumps(body), headers)
    finally:
        connections.close()


def test_both_sides_name_the_same_format() -> None:
    assert (frames.MEDIA_TYPE, frames.MAGIC) == (page_frames.MEDIA_TYPE, page_frames.MAGIC)
    assert page_frames.wants_frames(f"application/json, {frames.MEDIA_TYPE};q=0.9")
    assert not page_frames.wants_frames("application/json, */*")


@pytest.mark.parametrize("k", [50, 7])
def test_a_framed_answer_reads_as_the_json_answer(tiny_server: str, questions: list[str], k: int) -> None:
    for question in questions:
        body = {"interaction_id": question, "k": k}
        framed, kind = post(tiny_server, body, ACCEPT)
        plain, plain_kind = post(tiny_server, body, {"accept-encoding": "identity"})
        assert (kind, plain_kind) == (frames.MEDIA_TYPE, "application/json")
        assert len(framed) < len(plain) / 4  # the pages as stored, deflated
        got, want = read_frames(framed), orjson.loads(plain)
        assert got == want
        assert len(want["result"]) == k
        assert [list(e) for e in got["result"]] == [list(e) for e in want["result"]]  # CRAG's key order


def test_the_lean_fetch_reads_frames(tiny_server: str, questions: list[str]) -> None:
    body = orjson.dumps({"interaction_id": questions[0], "k": 50})
    plain, _kind = post(tiny_server, {"interaction_id": questions[0], "k": 50}, {})
    connections = Connections()
    try:
        pages, evidence = search(connections, f"{tiny_server}/web/search", body, ACCEPT, 50, ("the",))
    finally:
        connections.close()
    assert pages == orjson.loads(plain)["result"]
    assert evidence["served_hits"] == 1


def test_a_damaged_body_is_refused(tiny_server: str, questions: list[str]) -> None:
    framed, _kind = post(tiny_server, {"interaction_id": questions[0], "k": 5}, ACCEPT)
    read_frames(framed)
    for damaged in (framed[:-1], framed + b"\0", b"x" + framed[1:], framed[: len(frames.MAGIC) + 2]):
        with pytest.raises(FrameError):
            read_frames(damaged)


def test_a_page_read_again_is_decoded_once_into_the_same_string(
    tiny_server: str, questions: list[str]
) -> None:
    """A page served to an earlier question comes back as the string decoded then (frames._PAGES), equal to
    what the JSON answer holds: the model gets the same text, without a second inflate and decode."""
    framed = [post(tiny_server, {"interaction_id": q, "k": 50}, ACCEPT)[0] for q in questions]
    plain = [orjson.loads(post(tiny_server, {"interaction_id": q, "k": 50}, {})[0]) for q in questions]
    for body, want in zip(framed, plain, strict=True):
        one, two = read_frames(body), read_frames(body)
        assert one == two == want
        for a, b in zip(one["result"], two["result"], strict=True):
            assert type(b["page_result"]) is str
            assert b["page_result"] is a["page_result"]  # kept, not decoded again


def test_the_page_cache_keeps_within_its_budget(
    tiny_server: str, questions: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    framed, _kind = post(tiny_server, {"interaction_id": questions[0], "k": 50}, ACCEPT)
    want = read_frames(framed)
    cache = frames._PageCache(budget=2_000_000)  # a few of the 50 pages (~300 KB each)
    monkeypatch.setattr(frames, "_PAGES", cache)
    assert read_frames(framed) == want
    assert read_frames(framed) == want  # read again past evictions: the same pages
    assert 1 < len(cache.kept) < 50
    assert 0 < cache.size <= cache.budget
    assert cache.size == sum(n for _page, n in cache.kept.values())
