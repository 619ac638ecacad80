"""The simulator inside the real app (create_app over the tiny world, real uvicorn): faults with canonical
bodies, latency, the journal over every call, the admin routes and their token, the serve flags."""

from __future__ import annotations

import argparse
import os
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from crag_client import Client, RetryPolicy

from mockapi.config.settings import Settings
from mockapi.process.serve import add_arguments, settings_env
from mockapi.sim.spec import parse_latency

TOKEN = "s3cret"
AUTH = {"authorization": f"Bearer {TOKEN}"}
Serve = Callable[..., str]


def journal(url: str, **params: str | int) -> list[dict[str, object]]:
    r = httpx.get(f"{url}/admin/journal", params=params, headers=AUTH)
    assert r.status_code == 200, r.text
    entries: list[dict[str, object]] = r.json()["entries"]
    return entries


def post(client: httpx.Client, url: str, path: str, body: dict[str, object]) -> httpx.Response | None:
    try:
        return client.post(url + path, json=body)
    except httpx.TransportError:
        return None


def test_fault_rate_through_the_app_with_canonical_bodies(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, fault_rate=0.25, faults="500,503,drop", sim_seed=5, admin_token=TOKEN)
    outcomes: Counter[str] = Counter()
    with httpx.Client(timeout=10) as client:
        for _ in range(300):
            r = post(client, url, "/open/get_entity", {"query": "x"})
            outcomes["drop" if r is None else str(r.status_code)] += 1
            if r is not None and r.status_code >= 500:
                assert r.json() == {
                    "detail": f"simulated {r.status_code} (fault injection)",
                    "type": "simulated_fault",
                    "status": r.status_code,
                    "loc": None,
                }
                assert int(r.headers["retry-after"]) >= 1
    faults = 300 - outcomes["200"]
    # binomial(300, 0.25): sd = 7.5; +-4 sd is 45..105
    assert 45 <= faults <= 105, outcomes
    assert min(outcomes["500"], outcomes["503"], outcomes["drop"]) >= 8, outcomes
    entries = journal(url)
    assert len(entries) == 300  # every call, faulted or not; /admin itself is not journaled
    assert Counter(e["fault"] for e in entries if e["fault"]) == Counter(
        {"500": outcomes["500"], "503": outcomes["503"], "drop": outcomes["drop"]}
    )
    assert sum(e["status"] == 200 and e["fault"] is None for e in entries) == outcomes["200"]


def test_latency_follows_the_seeded_samples(tiny_world: Path, serve_world: Serve) -> None:
    spec, seed, n = "uniform:5ms-60ms", 11, 40
    url = serve_world(tiny_world, latency=spec, sim_seed=seed, admin_token=TOKEN)
    with httpx.Client(timeout=10) as client:
        for i in range(n):
            assert client.post(url + "/open/get_entity", json={"query": f"q{i}"}).status_code == 200
    entries = journal(url)
    # The same draws the middleware makes per request: the fault draw, then the delay.
    rng, latency = random.Random(seed), parse_latency(spec)
    expected = []
    for _ in range(n):
        rng.random()
        expected.append(round(latency.sample(rng) * 1000, 3))
    assert [e["delay_ms"] for e in entries] == expected  # the seeded draws, in request order
    # every request waited at least its delay, give or take uvloop's 1 ms timers (the rest is machine
    # time: bench/bench_sim_latency.py)
    assert all(float(e["latency_ms"]) >= float(e["delay_ms"]) - 1.0 for e in entries)  # type: ignore[arg-type]


def test_journal_records_every_call_with_its_interaction_id(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, admin_token=TOKEN)  # a token alone turns the journal on
    with Client(url) as client, client.interaction("q-42"):
        client.open.get_entity("nobody at all")
        client.finance.get_price_history("ZZZZ")
    with httpx.Client() as raw:
        raw.post(url + "/web/search", json={"k": 0, "query": "x"})  # 422
        raw.post(url + "/no/such/route", json={})  # 404
    entries = journal(url)
    assert [(e["route"], e["status"], e["interaction_id"]) for e in entries] == [
        ("/open/get_entity", 200, "q-42"),
        ("/finance/get_price_history", 200, "q-42"),
        ("/web/search", 422, None),
        ("/no/such/route", 404, None),
    ]
    assert entries[0]["body"] == '{"query": "nobody at all"}'
    assert [e["route"] for e in journal(url, interaction_id="q-42")] == [
        "/open/get_entity",
        "/finance/get_price_history",
    ]
    assert [e["seq"] for e in journal(url, since=2, limit=1)] == [3]


def test_admin_routes_refuse_without_the_token(tiny_world: Path, serve_world: Serve) -> None:
    off = serve_world(tiny_world)
    r = httpx.get(off + "/admin/journal")
    assert (r.status_code, r.json()["type"]) == (404, "not_found")
    assert httpx.post(off + "/admin/reset").status_code == 404
    on = serve_world(tiny_world, admin_token=TOKEN)
    for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": TOKEN}):
        r = httpx.get(on + "/admin/journal", headers=headers)
        assert r.status_code == 401
        assert r.json()["type"] == "unauthorized" and r.json()["status"] == 401
        assert httpx.post(on + "/admin/reset", headers=headers).status_code == 401
    httpx.post(on + "/open/get_entity", json={"query": "x"})
    assert len(journal(on)) == 1
    assert httpx.post(on + "/admin/reset", headers=AUTH).json() == {"reset": True}
    assert journal(on) == []


def test_sdk_retries_ride_out_faults_and_the_journal_shows_them(tiny_world: Path, serve_world: Serve) -> None:
    url = serve_world(tiny_world, fault_rate=0.3, faults="429,500,503,drop", sim_seed=2, admin_token=TOKEN)
    retry = RetryPolicy(max_attempts=8, backoff_base=0.001, backoff_cap=0.002, max_retry_after=0.0)
    with Client(url, retry=retry) as client:
        for i in range(30):
            with client.interaction(f"q{i}"):
                assert (
                    client.open.get_entity("nobody at all") is None
                )  # not found, once the faults are ridden out
    entries = journal(url)
    per_question = Counter(e["interaction_id"] for e in entries)
    assert set(per_question) == {f"q{i}" for i in range(30)}
    assert sum(1 for e in entries if e["status"] == 200 and e["fault"] is None) == 30  # one success each
    assert len(entries) > 30  # and the retries before them


def test_serve_flags_reach_the_settings_of_every_worker(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for key in [k for k in os.environ if k.upper().startswith("CRAG_MOCK_")]:
        monkeypatch.delenv(key)
    routes = tmp_path / "routes.json"
    routes.write_text('{"routes": {"/finance/*": {"fault_rate": 0.5}}}')
    parser = argparse.ArgumentParser()
    add_arguments(parser)  # crag-mock serve's own parser
    args = parser.parse_args(
        [
            *("--latency", "fixed:5ms", "--fault-rate", "0.1", "--faults", "503,slow"),
            *("--rate-limit", "20", "--sim-seed", "9", "--admin-token", "tok", "--task", "2"),
            *("--search", "original", "--sim-config", str(routes), "--trust-client-id"),
            *("--forwarded-allow-ips", "10.0.0.5", "--drain-delay", "2", "--drain-timeout", "7"),
            *("--metrics", "off", "--access-log", "json"),
        ]
    )
    env = settings_env(args, tmp_path)
    # the app applies the trusted proxies itself (mockapi/observe), so every worker needs them; the drain
    # timeout is uvicorn's, read by the serve process only
    assert env["FORWARDED_ALLOW_IPS"] == "10.0.0.5" and "CRAG_MOCK_DRAIN_TIMEOUT" not in env
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    s = Settings()
    assert (s.latency, s.fault_rate, s.faults, s.rate_limit, s.sim_seed, s.admin_token) == (
        "fixed:5ms",
        0.1,
        "503,slow",
        20.0,
        9,
        "tok",
    )
    assert (s.world, s.task, s.search, s.sim_config, s.trust_client_id) == (
        tmp_path,
        2,
        "original",
        str(routes),
        True,
    )
    assert (s.forwarded_allow_ips, s.drain_delay, s.metrics, s.access_log) == ("10.0.0.5", 2.0, "off", "json")
    for key in env:
        monkeypatch.delenv(key)
    assert settings_env(parser.parse_args([]), tmp_path) == {"CRAG_MOCK_WORLD": str(tmp_path)}  # all off


def test_settings_from_the_environment_reach_the_workers_and_flags_win(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for key in [k for k in os.environ if k.upper().startswith("CRAG_MOCK_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("CRAG_MOCK_FAULT_RATE", "0.5")
    monkeypatch.setenv("CRAG_MOCK_SIM_SEED", "3")
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    # a given default (0) overrides the environment, as any given flag does
    env = settings_env(parser.parse_args(["--fault-rate", "0"]), tmp_path)
    assert env == {"CRAG_MOCK_WORLD": str(tmp_path), "CRAG_MOCK_FAULT_RATE": "0.0", "CRAG_MOCK_SIM_SEED": "3"}
