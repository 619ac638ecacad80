"""Closed-loop load on one route: wrk with a Lua script cycling through bodies, or an asyncio+httpx loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

_LUA = """local bodies = {{{bodies}}}
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", nil, {{["Content-Type"] = "application/json"}}, bodies[i])
end
"""


def have_wrk() -> bool:
    return shutil.which("wrk") is not None


def _lua(bodies: list[Any]) -> str:
    items = ", ".join(f"[==[{json.dumps(b, ensure_ascii=False)}]==]" for b in bodies)
    return _LUA.format(bodies=items)


def _wrk(url: str, bodies: list[Any], seconds: float, connections: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bodies.lua"
        script.write_text(_lua(bodies), encoding="utf-8")
        cmd = [
            "wrk",
            "-t1",
            f"-c{connections}",
            f"-d{seconds:.0f}s",
            "--timeout",
            "30s",
            "-s",
            str(script),
            url,
        ]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*?(\d+).*?(\d+).*?(\d+).*?(\d+)", out)
    failed = sum(int(g) for g in errors.groups()) if errors else 0
    return {
        "rps": float(rps.group(1)) if rps else 0.0,
        "errors": float((int(non2xx.group(1)) if non2xx else 0) + failed),
    }


async def _loop(url: str, bodies: list[Any], seconds: float, connections: int) -> dict[str, float]:
    import httpx

    done = errors = 0
    deadline = time.perf_counter() + seconds
    async with httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_connections=connections)) as client:

        async def worker(offset: int) -> None:
            nonlocal done, errors
            i = offset
            while time.perf_counter() < deadline:
                response = await client.post(url, json=bodies[i % len(bodies)])
                errors += response.status_code >= 300
                done += 1
                i += connections

        started = time.perf_counter()
        await asyncio.gather(*(worker(k) for k in range(connections)))
    return {"rps": done / (time.perf_counter() - started), "errors": float(errors)}


def settle(base: str, limit: float = 300.0) -> None:
    """Wait until the server answers GET / within 50 ms: requests left in flight by the last run (a slow route
    with 8 connections can leave seconds of work queued) must not eat into the next route's time."""
    import httpx

    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        with contextlib.suppress(httpx.TransportError):
            httpx.get(base + "/", timeout=limit)
        if time.perf_counter() - started < 0.05:
            return
        time.sleep(0.1)


def run_load(url: str, bodies: list[Any], seconds: float, connections: int) -> dict[str, float]:
    """req/s and failed requests (non-2xx, socket errors) over `seconds` of load with `connections`."""
    if have_wrk():
        return _wrk(url, bodies, seconds, connections)
    return asyncio.run(_loop(url, bodies, seconds, connections))
