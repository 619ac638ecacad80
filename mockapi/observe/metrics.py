"""Prometheus metrics of one server process, shared across `--workers` through prometheus-client's
multiprocess mode.

`crag-mock serve` sets `PROMETHEUS_MULTIPROC_DIR` to a fresh directory before uvicorn starts its workers
(`multiproc_dir`): every worker then keeps its values in memory-mapped files there, and whichever worker
answers `/metrics` sums them all. Without the variable (one worker, tests, crag-eval's in-process server)
the values live in this process's registry.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import cast

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST.encode()
# from a 1 ms exact-key KG answer to a 50-page search with HTML (seconds on a busy core)
# the `_created` timestamp series double the exposition and say nothing a scraper needs here
cast(Callable[[], None], disable_created_metrics)()
FLUSH_EVERY_S = 1.0
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
# Every label value comes from a bounded set, so no client can grow the series (2,068 requests with odd
# method names made 1,544 series and 233 KB of /metrics). Paths are bounded by the middleware (`other`).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
OTHER = "other"
MAX_TEAMS = 1_000
"""Distinct team labels a process keeps (a front door's teams); any further one counts as `other`."""
MAX_TEAM_CHARS = 64


def method_label(method: str) -> str:
    """The method, or `other` for any name outside HTTP's usual seven (h11 accepts any token)."""
    return method if method in METHODS else OTHER


def status_label(status: int) -> int:
    """The status, or 0 (shown as 0) for a value outside 100..599."""
    return status if 100 <= status <= 599 else 0


class Metrics:
    """The server's metrics. The request path adds to plain counters of its own (one event-loop thread
    touches them: no lock), and `flush` hands the sums to prometheus-client about once a second, before a
    scrape and at shutdown: a locked `inc` per counter per request cost the KG fast path several times what
    it costs here (bench/bench_observe.py). The latency histogram is fed per request (it has no bulk add)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        reg = self.registry
        self.requests = Counter(
            "crag_http_requests", "Requests answered, by route, method, status and team",
            ["route", "method", "status", "team"], registry=reg,
        )  # fmt: skip
        self.latency = Histogram(
            "crag_http_request_duration_seconds", "Request to end of response, by route",
            ["route"], buckets=LATENCY_BUCKETS, registry=reg,
        )  # fmt: skip
        self.bytes = Counter(
            "crag_http_response_bytes", "Response body bytes sent, by route and team", ["route", "team"],
            registry=reg,
        )  # fmt: skip
        self.in_flight = Gauge(
            "crag_http_requests_in_flight", "Requests being answered now (live processes summed)",
            multiprocess_mode="livesum", registry=reg,
        )  # fmt: skip
        self.faults = Counter(
            "crag_sim_faults", "Faults the simulator injected, by route and kind (429, 500, 503, drop, slow, "
            "rate_limit)", ["route", "kind"], registry=reg,
        )  # fmt: skip
        self.in_flight_now = 0
        """Requests being answered by this process; the middleware counts them."""
        self._pending: dict[tuple[str, str, int, str], list[int]] = {}  # -> [requests, bytes] since a flush
        self._children: dict[tuple[str, str, int, str], tuple[Counter, Counter]] = {}
        self._latency: dict[str, Histogram] = {}
        self._teams: set[str] = set()
        self._next_flush = 0.0

    def observe(
        self, route: str, method: str, status: int, team: str, seconds: float, nbytes: int, fault: str | None
    ) -> None:
        """Count one answered request (the middleware has already counted it out of `in_flight_now`)."""
        key = (route, method_label(method), status_label(status), self._team_label(team))
        pending = self._pending.get(key)
        if pending is None:
            pending = self._pending[key] = [0, 0]
        pending[0] += 1
        pending[1] += nbytes
        latency = self._latency.get(route)
        if latency is None:
            latency = self._latency[route] = self.latency.labels(route)
        latency.observe(seconds)
        if fault is not None:
            self.faults.labels(route, fault).inc()
        if time.monotonic() >= self._next_flush:
            self.flush()

    def _team_label(self, team: str) -> str:
        if team in self._teams or not team:
            return team
        if len(self._teams) >= MAX_TEAMS or len(team) > MAX_TEAM_CHARS:
            return OTHER
        self._teams.add(team)
        return team

    def flush(self) -> None:
        """Hand the sums since the last flush to prometheus-client (in multiprocess mode: to this process's
        files, where the worker answering a scrape reads them)."""
        for key, pending in self._pending.items():
            if pending[0]:
                children = self._children.get(key)
                if children is None:
                    route, method, status, team = key
                    children = (
                        self.requests.labels(route, method, str(status), team),
                        self.bytes.labels(route, team),
                    )
                    self._children[key] = children
                children[0].inc(pending[0])
                children[1].inc(pending[1])
                pending[0] = pending[1] = 0
        self.in_flight.set(self.in_flight_now)
        self._next_flush = time.monotonic() + FLUSH_EVERY_S

    async def flushing(self) -> None:
        """Flush once a second while the process runs, so an idle worker's last requests reach a scrape
        answered by another worker."""
        while True:
            await asyncio.sleep(FLUSH_EVERY_S)
            self.flush()

    def render(self) -> bytes:
        """The text exposition: every worker's values in multiprocess mode, else this process's."""
        self.flush()
        if os.environ.get(MULTIPROC_ENV):
            merged = CollectorRegistry()
            cast(Callable[[CollectorRegistry], object], multiprocess.MultiProcessCollector)(merged)
            return generate_latest(merged)
        return generate_latest(self.registry)

    def process_ended(self) -> None:
        """In multiprocess mode, drop this process's live gauge (its in-flight count) from the sum."""
        self.flush()
        if os.environ.get(MULTIPROC_ENV):
            cast(Callable[[int], None], multiprocess.mark_process_dead)(os.getpid())


@contextlib.contextmanager
def multiproc_dir() -> Iterator[None]:
    """`PROMETHEUS_MULTIPROC_DIR` set to a fresh directory under $TMPDIR (the one place a server writes) for
    the workers started inside the block; removed afterwards. Values from an earlier run must not be summed
    in, hence a new directory each time rather than a fixed path."""
    path = tempfile.mkdtemp(prefix="crag-mock-metrics-")
    previous = os.environ.get(MULTIPROC_ENV)
    os.environ[MULTIPROC_ENV] = path
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(MULTIPROC_ENV, None)
        else:
            os.environ[MULTIPROC_ENV] = previous
        shutil.rmtree(path, ignore_errors=True)
