"""Per-route throughput with wrk (`apt-get install wrk`): one POST body per route, a fixed time each.

Used by bench_server.py (`--per-route`); importable by other benches. Prints nothing itself.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

_LUA = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
{body}
"""
_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def have_wrk() -> bool:
    return shutil.which("wrk") is not None


def _script(body: Any, folder: Path) -> Path:
    text = "" if body is None else f"wrk.body = [==[{json.dumps(body, ensure_ascii=False)}]==]"
    path = folder / "post.lua"
    path.write_text(_LUA.format(body=text), encoding="utf-8")
    return path


_MIX_LUA = """local requests = {{
{entries}
}}
local i = 0
request = function()
  i = i + 1
  return requests[(i % #requests) + 1]
end
init = function(args)
  i = math.random(#requests)
end
"""


def _mix_script(calls: list[tuple[str, Any]], folder: Path, extra: dict[str, str] | None = None) -> Path:
    """A wrk script cycling through `calls` (path, body or None), each thread from a random start; `extra`:
    headers sent with every request (an API key through the front door)."""
    entries = []
    pairs = {"Content-Type": "application/json", **(extra or {})}
    headers = "{" + ", ".join(f'["{k}"] = "{v}"' for k, v in pairs.items()) + "}"
    for path, body in calls:
        data = "nil" if body is None else f"[==[{json.dumps(body, ensure_ascii=False)}]==]"
        entries.append(f'  wrk.format("POST", "{path}", {headers}, {data}),')
    script = folder / "mix.lua"
    script.write_text(_MIX_LUA.format(entries="\n".join(entries)), encoding="utf-8")
    return script


def run_mix(base: str, calls: list[tuple[str, Any]], seconds: float, connections: int, threads: int = 2,
            headers: dict[str, str] | None = None) -> dict[str, float]:  # fmt: skip
    """wrk cycling through every call in turn on `connections` connections; same figures as `run`."""
    with tempfile.TemporaryDirectory() as tmp:
        script = _mix_script(calls, Path(tmp), headers)
        cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency",
               "--timeout", "10s", "-s", str(script), base]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return parse(done.stdout)


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(number) * _UNITS[unit]


def parse(output: str) -> dict[str, float]:
    """req/s, p50/p99 in ms and error counts from wrk's `--latency` report."""
    figures: dict[str, float] = {"errors": 0.0}
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("Requests/sec:"):
            figures["rps"] = float(line.split()[1])
        elif re.match(r"(50|99)\.000%|(50|99)%", line):
            key, value = line.split()[:2]
            figures["p" + key.split(".")[0].rstrip("%")] = _ms(value)
        elif line.startswith("Non-2xx"):
            figures["errors"] += float(line.split()[-1])
        elif line.startswith("Socket errors:"):
            figures["errors"] += sum(float(n) for n in re.findall(r"\d+", line))
    return figures


def run(url: str, body: Any, seconds: float, connections: int, threads: int = 1) -> dict[str, float]:
    """wrk on one URL with one body (None: no body), `connections` open connections."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency",
               "--timeout", "10s", "-s", str(_script(body, Path(tmp))), url]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return parse(done.stdout)
