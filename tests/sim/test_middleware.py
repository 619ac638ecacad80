"""The simulator middleware over real uvicorn on loopback: measured fault rates, latency, limits, journal."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from fastapi import FastAPI

from mockapi.config.settings import Settings, load_settings
from mockapi.core.user_error import UserError
from mockapi.process.loopback import serve_in_thread
from mockapi.sim.config import SimConfig, load_sim_config
from mockapi.sim.middleware import SimState, Simulator
from mockapi.sim.spec import parse_latency


def hello_app() -> FastAPI:
    app = FastAPI()

    @app.post("/open/get_entity")
    def get_entity(body: dict[str, str]) -> dict[str, object]:
        return {"result": {"echo": body.get("query")}}

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    return app


@contextmanager
def serve(config: SimConfig) -> Iterator[tuple[str, Simulator]]:
    sim = Simulator(hello_app(), SimState(config))
    with serve_in_thread(sim, lifespan="off") as url:
        yield url, sim


def call(client: httpx.Client, url: str, **headers: str) -> str:
    try:
        r = client.post(url + "/open/get_entity", json={"query": "x"}, headers=headers)
    except httpx.TransportError:
        return "drop"
    return str(r.status_code)


def test_fault_rate_and_kinds_match_the_configuration() -> None:
    config = load_sim_config(Settings(fault_rate=0.3, faults="429,503,drop", sim_seed=7))
    with serve(config) as (url, sim), httpx.Client(timeout=5) as client:
        outcomes = Counter(call(client, url) for _ in range(400))
    faults = outcomes["429"] + outcomes["503"] + outcomes["drop"]
    # binomial(400, 0.3): sd ~ 9.2, so +-4 sd is 0.21..0.39
    assert 0.21 < faults / 400 < 0.39, outcomes
    assert min(outcomes["429"], outcomes["503"], outcomes["drop"]) > 15, outcomes
    assert set(outcomes) <= {"200", "429", "503", "drop"}
    assert len(sim.state.journal.entries()) == 400


def test_same_seed_same_fault_sequence() -> None:
    runs = []
    for _ in range(2):
        with (
            serve(load_sim_config(Settings(fault_rate=0.5, faults="500,503", sim_seed=3))) as (url, _sim),
            httpx.Client() as c,
        ):
            runs.append([call(c, url) for _ in range(40)])
    assert runs[0] == runs[1]
    assert len(set(runs[0])) > 1


def test_injected_429_carries_retry_after_and_a_json_body() -> None:
    with (
        serve(load_sim_config(Settings(fault_rate=1.0, faults="429"))) as (url, _sim),
        httpx.Client() as client,
    ):
        r = client.post(url + "/open/get_entity", json={"query": "x"})
    assert r.status_code == 429
    assert int(r.headers["retry-after"]) >= 1
    assert r.headers["content-type"] == "application/json"
    assert r.json()["type"] == "simulated_fault" and r.json()["status"] == 429


def test_lognormal_latency_adds_the_seeded_delays() -> None:
    # The added delays are checked exactly; how long requests took on this machine is bench/ territory
    # (bench/bench_sim_latency.py), since shared machines make any wall-clock bound flaky.
    config = load_sim_config(Settings(latency="lognormal:median=40ms,sigma=0.5", sim_seed=1))
    with serve(config) as (url, sim), httpx.Client() as client:
        for _ in range(60):
            call(client, url)
    entries = sim.state.journal.entries()
    rng, sampler = random.Random(1), parse_latency("lognormal:median=40ms,sigma=0.5")
    expected = []
    for _ in entries:
        rng.random()  # the fault draw comes first
        expected.append(round(sampler.sample(rng) * 1000, 3))
    assert [e.delay_ms for e in entries] == expected
    assert len(set(expected)) == len(expected)  # a spread, not a fixed delay
    # a request waits at least that, give or take uvloop's millisecond timer resolution
    late = [(e.latency_ms, e.delay_ms) for e in entries if e.latency_ms < e.delay_ms - 1.0]
    assert late == []


def test_latency_sampler_statistics() -> None:
    rng = random.Random(0)
    fixed = parse_latency("fixed:50ms")
    uniform = parse_latency("uniform:10ms-200ms")
    lognormal = parse_latency("lognormal:median=80ms,sigma=0.5")
    assert {fixed.sample(rng) for _ in range(10)} == {0.05}
    u = [uniform.sample(rng) for _ in range(5000)]
    assert min(u) >= 0.01 and max(u) <= 0.2 and abs(statistics.mean(u) - 0.105) < 0.005
    ln = [lognormal.sample(rng) for _ in range(5000)]
    assert abs(statistics.median(ln) - 0.08) < 0.005


def test_rate_limit_per_client() -> None:
    # X-Client-Id names the client only where it is trusted (tests/sim/test_client_identity.py)
    with (
        serve(load_sim_config(Settings(rate_limit=5, trust_client_id=True))) as (url, _sim),
        httpx.Client() as client,
    ):
        first = [call(client, url, **{"x-client-id": "a"}) for _ in range(15)]
        other = call(client, url, **{"x-client-id": "b"})
    assert first[:5] == ["200"] * 5
    assert first.count("429") >= 8
    assert other == "200"


def test_journal_records_route_body_status_and_interaction_id() -> None:
    with serve(load_sim_config(Settings(latency="fixed:1ms"))) as (url, sim), httpx.Client() as client:
        client.post(url + "/open/get_entity", json={"query": "Paris"}, headers={"x-interaction-id": "q-1"})
        client.get(url + "/health")  # exempt routes are not journaled
    [entry] = sim.state.journal.entries()
    assert entry.route == "/open/get_entity"
    assert entry.body == '{"query":"Paris"}'
    assert entry.status == 200
    assert entry.interaction_id == "q-1"
    assert entry.delay_ms == 1.0
    assert entry.latency_ms >= 1.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"latency": "gauss:5ms"}, "bad latency"),
        ({"latency": "uniform:50ms-10ms"}, "upper bound"),
        ({"fault_rate": 1.5}, "--fault-rate must be 0..1"),
        ({"faults": "429,teapot"}, "bad --faults"),
        ({"rate_limit": -1}, "--rate-limit must be >= 0"),
    ],
)
def test_bad_flags_are_one_line_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(UserError, match=message) as raised:
        load_sim_config(load_settings(kwargs))
    assert "\n" not in str(raised.value)
