"""Record every body's answer from a server, and compare the original's answers with ours.

Search answers that differ only inside groups of equal BM25 scores count as `ties` (numpy versions order
argsort ties differently; see tests/original/ties.py); everything else that differs is listed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import duckdb
import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "original"))

from ties import ROUTE_CORPUS, same_up_to_ties  # noqa: E402

from mockapi.search.service import NameSearch  # noqa: E402


def record(base: str, routes: dict[str, list[Any]], path: Path) -> None:
    """POST every body once; save [status, text] per body, per route."""
    answers: dict[str, list[tuple[int, str]]] = {}
    with httpx.Client(base_url=base, timeout=300) as client:
        for route, bodies in routes.items():
            answers[route] = []
            for body in bodies:
                try:
                    r = client.post(route, json=body)
                except httpx.TransportError:  # the original's uvicorn drops the connection after a 500
                    r = client.post(route, json=body)
                answers[route].append((r.status_code, r.text))
    path.write_text(json.dumps(answers, ensure_ascii=False))


def compare(work: Path, world: Path, routes: dict[str, list[Any]]) -> str:
    theirs = json.loads((work / "original-answers.json").read_text())
    ours = json.loads((work / "ours-answers.json").read_text())
    search = NameSearch(world, duckdb.connect(), "original")
    same = ties = 0
    differ: list[str] = []
    for route, bodies in routes.items():
        for body, a, b in zip(bodies, theirs.get(route, []), ours.get(route, []), strict=False):
            if a == b:
                same += 1
            elif route in ROUTE_CORPUS and a[0] == b[0] == 200 and isinstance(body.get("query"), str):
                ra, rb = json.loads(a[1])["result"], json.loads(b[1])["result"]
                if same_up_to_ties(search, route, body["query"], ra, rb):
                    ties += 1
                else:
                    differ.append(f"  {route} {body}: original {a[1][:150]} ours {b[1][:150]}")
            else:
                differ.append(f"  {route} {body}: original {a[0]} {a[1][:150]} ours {b[0]} {b[1][:150]}")
    search.close()
    total = same + ties + len(differ)
    head = f"Answers: {same} of {total} identical, {ties} differ only in the order of equal scores"
    head += f", {len(differ)} differ"
    return "\n".join([head + (":" if differ else "."), *differ[:40]])
