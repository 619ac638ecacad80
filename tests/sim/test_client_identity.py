"""Who a request comes from, for `--rate-limit` and the journal: the peer, not what the caller claims.

A hostile caller must not get a fresh rate-limit bucket by sending a fresh `X-Client-Id` or
`X-Forwarded-For` per request; the id is honoured only with `--trust-client-id` (crag-eval's own
in-process server), the forwarded address only from a proxy named by `--forwarded-allow-ips`.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from crag_eval.run.server import world_app
from fastapi.testclient import TestClient
from server_process import wait_healthy
from test_middleware import call, serve

from mockapi.config.settings import Settings
from mockapi.http.server.state import state_of
from mockapi.sim.config import load_sim_config

RATE = 0.05  # requests per second per client: a burst of 1, then a token every 20 s
TRIES = 15  # sent back to back: however loaded the machine, far less than 20 s, so no token refills


def test_a_fresh_client_id_per_request_does_not_escape_the_limit() -> None:
    with serve(load_sim_config(Settings(rate_limit=RATE))) as (url, sim), httpx.Client() as client:
        codes = [call(client, url, **{"x-client-id": f"team-{i}"}) for i in range(TRIES)]
    assert codes == ["200"] + ["429"] * (TRIES - 1)
    assert {e.client for e in sim.state.journal.entries()} == {"127.0.0.1"}


def test_client_id_is_honoured_when_trusted() -> None:
    config = load_sim_config(Settings(rate_limit=RATE, trust_client_id=True))
    with serve(config) as (url, _sim), httpx.Client() as client:
        codes = [call(client, url, **{"x-client-id": f"team-{i}"}) for i in range(TRIES)]
    assert codes == ["200"] * TRIES


def test_crag_evals_in_process_server_trusts_its_own_client_ids(tiny_world: Path) -> None:
    app = world_app(tiny_world, task=3, sim={"rate_limit": 1.0})
    with TestClient(app):
        state = state_of(app)
        assert state is not None and state.settings.trust_client_id
        assert state.sim is not None and state.sim.config.trust_client_id


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def crag_mock_serve(world: Path, *flags: str) -> Iterator[str]:
    """`crag-mock serve` as a subprocess (its own uvicorn settings, unlike an in-process uvicorn.Server)."""
    port = free_port()
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port), *flags]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _forwarded_burst(base: str) -> list[str]:
    with httpx.Client(base_url=base, timeout=30) as client:
        return [
            str(client.post("/open/get_entity", json={"query": "x"},
                            headers={"x-forwarded-for": f"203.0.113.{i}"}).status_code)
            for i in range(TRIES)
        ]  # fmt: skip


def test_forwarded_for_is_believed_only_from_a_configured_proxy(tiny_world: Path) -> None:
    """uvicorn on its own trusts X-Forwarded-For from loopback, where a container's port forwarder or any
    local user connects from; `crag-mock serve` trusts no proxy unless told."""
    with crag_mock_serve(tiny_world, "--rate-limit", str(RATE)) as base:
        spoofed = _forwarded_burst(base)
    assert spoofed == ["200"] + ["429"] * (TRIES - 1)
    with crag_mock_serve(tiny_world, "--rate-limit", str(RATE), "--forwarded-allow-ips", "127.0.0.1") as base:
        proxied = _forwarded_burst(base)
    assert proxied == ["200"] * TRIES  # each forwarded client has its own bucket
