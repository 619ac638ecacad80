"""Simulated latency as a client sees it: the delay the simulator adds (`--latency`) against the measured
round trip, with a no-latency run of the same app as the reference measured in the same run.

    python bench/bench_sim_latency.py [--requests 200] [--latency lognormal:median=40ms,sigma=0.5]

The tests check the added delays exactly (they are seeded and journaled as `delay_ms`); what the machine adds
on top is a figure, printed here, never a pass/fail threshold.
"""

from __future__ import annotations

import argparse
import statistics
import time

import httpx
from fastapi import FastAPI

from mockapi.config.settings import Settings
from mockapi.process.loopback import serve_in_thread
from mockapi.sim.config import load_sim_config
from mockapi.sim.middleware import SimState, Simulator


def echo_app() -> FastAPI:
    app = FastAPI()

    @app.post("/open/get_entity")
    def get_entity(body: dict[str, str]) -> dict[str, object]:
        return {"result": body.get("query")}

    return app


def measure(latency: str, requests: int) -> tuple[list[float], list[float]]:
    """Round trips (ms) seen by a client, and the delays (ms) the simulator journaled for them."""
    sim = Simulator(echo_app(), SimState(load_sim_config(Settings(latency=latency, sim_seed=1))))
    trips = []
    with serve_in_thread(sim, lifespan="off") as url, httpx.Client(base_url=url) as client:
        for i in range(requests):
            started = time.perf_counter()
            client.post("/open/get_entity", json={"query": f"q{i}"}).raise_for_status()
            trips.append((time.perf_counter() - started) * 1000)
    return trips, [float(e["delay_ms"]) for e in sim.state.journal.entries()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--latency", default="lognormal:median=40ms,sigma=0.5")
    args = parser.parse_args()
    base, _ = measure("off", args.requests)
    trips, delays = measure(args.latency, args.requests)
    overhead = [t - d for t, d in zip(trips, delays, strict=True)]
    print(f"{args.requests} sequential requests on loopback, one uvicorn thread")
    print(f"  no latency (reference): median round trip {statistics.median(base):7.2f} ms")
    print(
        f"  {args.latency}: median added delay {statistics.median(delays):7.2f} ms, "
        f"median round trip {statistics.median(trips):7.2f} ms"
    )
    print(
        f"  round trip minus added delay: median {statistics.median(overhead):6.2f} ms "
        f"({statistics.median(overhead) / statistics.median(base):.2f}x the reference round trip)"
    )


if __name__ == "__main__":
    main()
