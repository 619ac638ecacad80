"""Memory of the simulator's per-process state (journal, rate-limit buckets) over many requests: flat now
that both are bounded by size and age, against the unbounded structures of old as the reference measured
in the same run.

    python bench/bench_sim_memory.py [--requests 100000]

Each request goes through the real `Simulator` middleware (ASGI calls, no sockets) with the journal on, a
rate limit, a 2 KiB body and a fresh client id (`--trust-client-id`: the worst case, a flood of sources).
RSS is sampled every tenth of the run; figures only, never a pass/fail threshold.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import resource
from pathlib import Path

from starlette.types import Receive, Scope, Send

from mockapi.config.settings import Settings
from mockapi.sim import journal, ratelimit
from mockapi.sim.config import load_sim_config
from mockapi.sim.middleware import SimState, Simulator

BODY = b'{"query": "' + b"x" * 2048 + b'"}'


async def ok_app(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


class NeverPruned(ratelimit.RateLimiter):
    """The old limiter's memory behaviour: a bucket per client seen, kept forever."""

    def _prune(self, now: float) -> None:
        return None


def rss_mb() -> float:
    """The current resident set (not the peak), from /proc."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def drive(sim: Simulator, requests: int) -> list[float]:
    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": BODY, "more_body": False}

    async def send(_message: dict[str, object]) -> None:
        return None

    samples = [rss_mb()]
    for i in range(requests):
        headers = [(b"x-client-id", f"client-{i}".encode()), (b"content-length", str(len(BODY)).encode())]
        scope = {"type": "http", "method": "POST", "path": "/open/get_entity", "headers": headers,
                 "client": ("127.0.0.1", 1), "query_string": b""}  # fmt: skip
        await sim(scope, receive, send)  # type: ignore[arg-type]
        if (i + 1) % (requests // 10) == 0:
            samples.append(rss_mb())
    return samples


def run(requests: int, bounded: bool) -> list[float]:
    settings = Settings(rate_limit=1000.0, trust_client_id=True, admin_token="bench")
    state = SimState(load_sim_config(settings))
    if not bounded:  # the old structures: a count-only ring of 100K entries, a bucket per client forever
        state.journal = journal.Journal(100_000, max_bytes=1 << 62, max_age_s=1e12)
        state.limiter = NeverPruned()
    samples = asyncio.run(drive(Simulator(ok_app, state), requests))
    print(f"  journal entries kept: {len(state.journal):,}; rate-limit buckets kept: {len(state.limiter):,}")
    del state
    gc.collect()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100_000)
    args = parser.parse_args()
    for label, bounded in (("bounded (now)", True), ("unbounded (reference: before)", False)):
        print(f"{label}:")
        samples = run(args.requests, bounded)
        steps = " ".join(f"{s:.0f}" for s in samples)
        grew = samples[-1] - samples[0]
        print(f"  RSS MB every {args.requests // 10:,} requests: {steps}")
        half = samples[-1] - samples[5]
        print(f"  growth over {args.requests:,} requests: {grew:+.0f} MB; second half: {half:+.0f} MB")


if __name__ == "__main__":
    main()
