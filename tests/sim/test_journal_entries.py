"""Journal entries as one declared model (mockapi.wire.journal): what the simulator records is what
`/admin/journal` sends and what crag-eval's reader gets back, field for field; the route's JSON keeps the keys
it had as a dataclass."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from crag_eval.score.diagnostics import JournalReader, usage_of
from pydantic import ValidationError

from mockapi.sim.journal import Journal
from mockapi.wire.journal import JournalEntry, JournalPage

TOKEN = "s3cret"
Serve = Callable[..., str]

# One entry as `/admin/journal` sent it when the journal held dataclasses (`dataclasses.asdict`).
OLD_ENTRY = (
    '{"seq": 3, "time": "2026-11-20T10:00:00.123456+00:00", "method": "POST", "route": "/open/get_entity", '
    '"body": "{\\"query\\": \\"x\\"}", "status": 503, "latency_ms": 1.25, "delay_ms": 0.0, '
    '"interaction_id": null, "client": "127.0.0.1", "fault": "503"}'
)


def test_an_entry_in_the_old_shape_parses_and_serialises_back() -> None:
    entry = JournalEntry.model_validate_json(OLD_ENTRY)
    assert entry.status == 503 and entry.failed() and entry.interaction_id is None
    assert json.loads(entry.model_dump_json()) == json.loads(OLD_ENTRY)
    with pytest.raises(ValidationError, match="status"):
        JournalEntry.model_validate_json(OLD_ENTRY.replace('"status": 503', '"status": "slow"'))


def test_record_fills_seq_and_time_and_filters() -> None:
    journal = Journal(size=2)
    for i, route in enumerate(("/a", "/b", "/c")):
        journal.record(
            method="POST", route=route, body="", status=200, latency_ms=1.0, delay_ms=0.0,
            interaction_id=f"q{i % 2}", client="c", fault=None,
        )  # fmt: skip
    entries = journal.entries()
    assert [(e.seq, e.route) for e in entries] == [(2, "/b"), (3, "/c")]  # the ring buffer kept two
    assert [e.route for e in journal.entries(interaction_id="q0")] == ["/c"]
    assert journal.entries(since=2) == [entries[1]] and journal.last_seq == 3


def test_the_route_and_the_reader_share_the_model(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, fault_rate=0.3, faults="503", sim_seed=2, admin_token=TOKEN)
    reader = JournalReader(url, TOKEN)  # starts after anything already journaled
    with httpx.Client(timeout=10) as client:
        for i in range(20):
            client.post(f"{url}/open/get_entity", json={"query": "x"}, headers={"x-interaction-id": f"q{i}"})
    raw = httpx.get(f"{url}/admin/journal", headers={"authorization": f"Bearer {TOKEN}"}).json()
    assert set(raw) == {"entries", "last_seq"}
    assert set(raw["entries"][0]) == set(json.loads(OLD_ENTRY))  # the keys of the dataclass days
    page = JournalPage.model_validate(raw)
    assert page.model_dump(mode="json") == raw
    entries = reader.read()
    assert [e.interaction_id for e in entries] == [f"q{i}" for i in range(20)]
    assert entries == page.entries[-20:]
    usage = usage_of(entries)
    failed = sum(1 for e in entries if e.status == 503)
    assert usage["n_calls"] == 20 and usage["failed"] == failed and 0 < failed < 20
    assert usage["statuses"] == {k: v for k, v in {"200": 20 - failed, "503": failed}.items() if v}
    assert reader.read() == []  # nothing new since
