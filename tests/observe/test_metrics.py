"""/metrics (mockapi/observe): requests answered by the raw fast path are counted, route labels are bounded,
the team label is believed only from a trusted proxy, simulated faults are counted, `--metrics off` removes
the page. Real uvicorn on loopback over the tiny world."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.http.fastpath import FastPath
from mockapi.observe.middleware import Operations

EXACT_KEY_ROUTE = "/finance/get_info"


def samples(base: str, name: str) -> dict[frozenset[tuple[str, str]], float]:
    """The samples of metric `name` on `base`/metrics, by their label set."""
    page = httpx.get(f"{base}/metrics", timeout=10)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(page.text):
        for sample in family.samples:
            if sample.name == name:
                out[frozenset(sample.labels.items())] = sample.value
    return out


def count(base: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v for k, v in samples(base, "crag_http_requests_total").items() if wanted <= k)


def test_operations_sit_in_front_of_the_fast_path(tiny_world: Path) -> None:
    """What makes the fast path's requests visible: `Operations` is the outermost middleware."""
    middleware: list[object] = [m.cls for m in create_app(Settings(world=tiny_world)).user_middleware]
    assert middleware[:2] == [Operations, FastPath]


def test_the_fast_path_is_counted(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    base = serve_world(tiny_world)
    body = httpx.get(f"{base}/meta").json()["examples"][EXACT_KEY_ROUTE]
    for _ in range(5):
        assert httpx.post(base + EXACT_KEY_ROUTE, json=body).status_code == 200
    assert count(base, route=EXACT_KEY_ROUTE, method="POST", status="200") >= 5
    sent = samples(base, "crag_http_response_bytes_total")
    assert sum(v for k, v in sent.items() if ("route", EXACT_KEY_ROUTE) in k) > 5 * 10
    latency = samples(base, "crag_http_request_duration_seconds_count")
    assert latency[frozenset({("route", EXACT_KEY_ROUTE)})] >= 5
    assert samples(base, "crag_http_requests_in_flight") == {frozenset(): 0.0}


def test_unknown_paths_share_one_label(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    base = serve_world(tiny_world)
    for i in range(3):
        assert httpx.get(f"{base}/no/such/path/{i}").status_code == 404
    assert count(base, route="other", status="404") == 3
    assert not any(("route", "/no/such/path/0") in k for k in samples(base, "crag_http_requests_total"))
    httpx.get(f"{base}/livez")
    httpx.get(f"{base}/readyz")
    assert count(base, route="/livez") == count(base, route="/readyz") == 0  # probes are not counted


def test_team_label_only_from_a_trusted_proxy(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    team = {"x-team": "team-a"}
    trusting = serve_world(tiny_world, forwarded_allow_ips="127.0.0.1")
    untrusting = serve_world(tiny_world, forwarded_allow_ips="10.9.9.9")
    default = serve_world(tiny_world)
    for base in (trusting, untrusting, default):
        assert httpx.get(f"{base}/health", headers=team).status_code == 200
    assert count(trusting, route="/health", team="team-a") == 1
    for base in (untrusting, default):
        assert count(base, route="/health", team="team-a") == 0
        assert count(base, route="/health", team="") == 1


def test_simulated_faults_are_counted(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    base = serve_world(tiny_world, fault_rate=1.0, faults="503")
    for _ in range(4):
        assert httpx.post(f"{base}/open/get_entity", json={"query": "x"}).status_code == 503
    faults = samples(base, "crag_sim_faults_total")
    assert faults[frozenset({("route", "/open/get_entity"), ("kind", "503")})] == 4
    assert count(base, route="/open/get_entity", status="503") == 4


def test_metrics_off(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    base = serve_world(tiny_world, metrics="off")
    assert httpx.get(f"{base}/metrics").status_code == 404
    assert httpx.get(f"{base}/readyz").status_code == 200  # the probes stay


def test_label_values_are_bounded(tiny_world: Path, serve_world: Callable[..., str]) -> None:
    """Odd methods (httptools parses WebDAV's and others), unknown paths and a flood of team names from a
    trusted proxy: every label stays within its bounded set."""
    base = serve_world(tiny_world, forwarded_allow_ips="127.0.0.1")
    odd = ["PROPFIND", "MKCOL", "PURGE", "LOCK", "UNLOCK", "SEARCH", "REPORT", "MKCALENDAR", "LINK", "BIND"]
    with httpx.Client(base_url=base, timeout=30) as client:
        for i, method in enumerate(odd * 3):
            client.request(method, "/health" if i % 2 else f"/nowhere/{i}")
        for i in range(40):
            client.get("/health", headers={"x-team": "t" * 70 + str(i)})
        before = len(samples(base, "crag_http_requests_total"))
        for i, method in enumerate(odd * 3):
            client.request(method, f"/elsewhere/{i}")
        after = samples(base, "crag_http_requests_total")
    labels = {dict(k)["method"] for k in after} | {dict(k)["team"] for k in after}
    assert labels <= {"GET", "other", ""}
    assert len(after) == before
