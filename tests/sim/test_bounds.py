"""The simulator's per-process state is bounded: the journal by count, bytes and age, the rate-limit buckets
by idleness and number (before: 100K full entries, ~300 MB, and a bucket per client for ever).
bench/bench_sim_memory.py shows the RSS over 100K requests."""

from __future__ import annotations

import types

import pytest

from mockapi.sim import journal as journal_module
from mockapi.sim import ratelimit
from mockapi.sim.journal import ENTRY_OVERHEAD, Journal
from mockapi.sim.ratelimit import RateLimiter


def record(journal: Journal, body: str = "", client: str = "c") -> None:
    journal.record(method="POST", route="/r", body=body, status=200, latency_ms=1.0, delay_ms=0.0,
                   interaction_id=None, client=client, fault=None)  # fmt: skip


def test_the_journal_is_bounded_by_bytes_keeping_the_newest() -> None:
    journal = Journal(size=100_000, max_bytes=100 * (ENTRY_OVERHEAD + 2048 + 3))
    for _ in range(1000):
        record(journal, "x" * 2048)
    assert len(journal) == 100
    seqs = [e.seq for e in journal.entries()]
    assert seqs == list(range(901, 1001))  # sequence numbers survive eviction
    assert journal.last_seq == 1000


def test_the_journal_is_bounded_by_age(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]
    monkeypatch.setattr(journal_module, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    journal = Journal(max_age_s=60.0)
    for second in range(0, 120, 10):
        clock[0] = float(second)
        record(journal)
    assert [e.seq for e in journal.entries()] == [6, 7, 8, 9, 10, 11, 12]  # recorded 50..110 s: <= 60 s old


def test_the_journal_keeps_its_count_bound() -> None:
    journal = Journal(size=10)
    for _ in range(25):
        record(journal)
    assert len(journal) == 10 and journal.entries()[0].seq == 16


def test_idle_buckets_are_dropped_and_active_ones_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]
    monkeypatch.setattr(ratelimit, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    limiter = RateLimiter()
    for i in range(5000):
        clock[0] = i * 0.001  # a flood: 5,000 clients in 5 s, one request each at 1 request/s
        limiter.acquire(f"client-{i}", 1.0)
    assert len(limiter) < 2 * ratelimit.PRUNE_EVERY  # those full again (idle >= 1 s) are gone
    limiter.acquire("steady", 1.0)
    assert limiter.acquire("steady", 1.0) > 0  # a client still limited keeps its bucket: no free reset


def test_buckets_are_capped_whatever_the_flood() -> None:
    limiter = RateLimiter(max_buckets=1000)
    for i in range(20_000):
        limiter.acquire(f"client-{i}", 0.001)  # never refills within the test: nothing is idle
    assert len(limiter) <= 1000
