"""A Task 3 `/web/search` with 50 HTML pages against a bare ASGI app sending the same bytes, same uvicorn.

    .venv/bin/python bench/bench_task3_search.py [--data WORLD] [--questions N] [--rounds R]

Without --data: the default world ($CRAG_MOCK_HOME/default, which must exist). For each of the world's first
N questions the real app answers `{"interaction_id": …, "k": 50}` (frozen list, HTML included) and a bare
ASGI app (no FastAPI, no routing, no JSON: one `http.response.body` of the bytes the real app sent for that
question) serves the same body; both on real uvicorn over loopback (mockapi.process.loopback), read whole by
one httpx client with `Accept-Encoding: identity`. Prints p50 per side and their ratio (acceptance <= 2.5),
then the bytes on the wire with `Accept-Encoding: gzip` against identity (acceptance <= 1/5), gzip p50.
Run under `nice` on a shared machine, and give `uptime` with the figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

import duckdb
import httpx

from mockapi.core.paths import world_dir
from mockapi.process.loopback import serve_in_thread


class BareApp:
    """The floor: the body for the question named in the request's path, nothing else."""

    def __init__(self, bodies: dict[str, bytes]) -> None:
        self.bodies = bodies

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = self.bodies[scope["path"].rsplit("/", 1)[-1]]
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def question_ids(world: Path, n: int) -> list[str]:
    with duckdb.connect(str(world / "pages.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT interaction_id FROM queries ORDER BY interaction_id LIMIT ?", [n])
        return [str(r[0]) for r in rows.fetchall()]


def p50_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def run(world: Path, n: int, rounds: int) -> None:
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    ids = question_ids(world, n)
    identity = {"accept-encoding": "identity"}
    app_times: list[float] = []
    bodies: dict[str, bytes] = {}
    wire = {"identity": 0, "gzip": 0}
    gzip_times: list[float] = []
    gzipped = False
    with serve_in_thread(create_app(Settings(world=world, task=3))) as url, httpx.Client(timeout=120) as http:
        for qid in ids:  # warm-up: page cache, first-request imports
            http.post(f"{url}/web/search", json={"interaction_id": qid, "k": 50}, headers=identity)
        for _ in range(rounds):
            for qid in ids:
                started = time.perf_counter()
                response = http.post(
                    f"{url}/web/search", json={"interaction_id": qid, "k": 50}, headers=identity
                )
                app_times.append(time.perf_counter() - started)
                bodies[qid] = response.content
        for qid in ids:
            wire["identity"] += len(bodies[qid])
            request = {"interaction_id": qid, "k": 50}
            with http.stream(
                "POST", f"{url}/web/search", json=request, headers={"accept-encoding": "gzip"}
            ) as r:
                started = time.perf_counter()
                raw = b"".join(r.iter_raw())
                gzip_times.append(time.perf_counter() - started)
                gzipped = r.headers.get("content-encoding") == "gzip"  # False on the code before issue 22
                wire["gzip"] += len(raw)
    bare_times: list[float] = []
    with serve_in_thread(BareApp(bodies)) as url, httpx.Client(timeout=120) as http:
        for qid in ids:
            http.get(f"{url}/{qid}", headers=identity)
        for _ in range(rounds):
            for qid in ids:
                started = time.perf_counter()
                body = http.get(f"{url}/{qid}", headers=identity).content
                bare_times.append(time.perf_counter() - started)
                assert body == bodies[qid]
    mean_mb = wire["identity"] / len(ids) / 1e6
    print(
        f"world {world}: {len(ids)} questions x {rounds} rounds, Task 3, 50 pages with HTML, {mean_mb:.1f} MB"
    )
    app, bare = p50_ms(app_times), p50_ms(bare_times)
    print(f"  /web/search (real app)       p50 {app:7.1f} ms")
    print(f"  same bytes, bare ASGI app    p50 {bare:7.1f} ms")
    print(f"  ratio                        {app / bare:7.2f}x  (acceptance <= 2.5)")
    share = wire["gzip"] / wire["identity"]
    if not gzipped:
        print("  the server does not gzip /web/search")
        return
    print(f"  wire bytes with gzip         {share:7.3f} of identity (1/{1 / share:.1f}; acceptance <= 1/5)")
    print(f"  gzip response read, p50      {p50_ms(gzip_times):7.1f} ms (bytes on the wire, not inflated)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="a world directory (default: the default world)")
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    world = args.data or world_dir(None, "default")
    run(world, args.questions, args.rounds)


if __name__ == "__main__":
    main()
