"""`crag-mock mcp` with the official SDK's own client, over stdio and streamable HTTP: >= 41 tools listed, and
each tool called with its try-it body answers the bytes its HTTP route answers (a separate real uvicorn of the
same world); --task 1 lists web tools only; tool calls are journaled with their interaction id."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import anyio
import httpx
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import RequestParamsMeta, TextContent
from pydantic import BaseModel

from mockapi.mcp.tools import tool_specs
from mockapi.wire.retrieve import RetrieveRequest
from mockapi.wire.web import GetPageRequest, SearchRequest

TOKEN = "mcp-test-token"


def model_example(model: type[BaseModel]) -> dict[str, Any]:
    """The first example body a wire model declares (its `json_schema_extra`, as /docs shows it)."""
    extra = model.model_config.get("json_schema_extra")
    assert isinstance(extra, dict) and isinstance(extra["examples"], list)
    example = extra["examples"][0]
    assert isinstance(example, dict)
    return example


def try_it_bodies(http_url: str) -> dict[str, dict[str, Any] | None]:
    """Tool name → its try-it body: /meta's example per KG route (as /docs shows), the web models' own."""
    examples = httpx.get(f"{http_url}/meta").json()["examples"]
    bodies: dict[str, dict[str, Any] | None] = {}
    for spec in tool_specs():
        if spec.path == "/web/search":
            bodies[spec.name] = model_example(SearchRequest)
        elif spec.path == "/web/get_page":
            bodies[spec.name] = model_example(GetPageRequest)
        elif spec.path == "/retrieve":
            bodies[spec.name] = model_example(RetrieveRequest)
        else:
            bodies[spec.name] = examples[spec.path] if spec.input_schema.get("properties") else None
    return bodies


def http_answer(http_url: str, path: str, body: dict[str, Any] | None) -> bytes:
    return (
        httpx.post(f"{http_url}{path}", json=body).content
        if body is not None
        else httpx.post(f"{http_url}{path}").content
    )


async def _check_session(session: ClientSession, http_url: str, want_tools: int | None = None) -> int:
    await session.initialize()
    tools = (await session.list_tools()).tools
    if want_tools is not None:
        assert len(tools) == want_tools
        return 0
    assert len(tools) >= 41 and len({t.name for t in tools}) == len(tools)
    assert all(t.description and t.input_schema.get("type") == "object" for t in tools)
    bodies = try_it_bodies(http_url)
    checked = 0
    for tool in tools:
        path = next(s.path for s in tool_specs() if s.name == tool.name)
        body = bodies[tool.name]
        meta = cast(RequestParamsMeta, {"interaction_id": f"iid-{tool.name}"})  # an open map, as the SDK's
        result = await session.call_tool(tool.name, body or {}, meta=meta)
        content = result.content[0]
        assert isinstance(content, TextContent), tool.name
        assert content.text.encode() == http_answer(http_url, path, body), tool.name
        assert not result.is_error, tool.name
        checked += 1
    return checked


def test_stdio_lists_every_tool_and_answers_what_http_answers(tiny_world: Path, tiny_server: str) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "mockapi.cli", "mcp", "--data", str(tiny_world)],
        env=dict(os.environ),
    )

    async def main() -> int:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            return await _check_session(session, tiny_server)

    assert anyio.run(main) == 41


def test_task_1_lists_web_tools_only(tiny_world: Path, tiny_server: str) -> None:
    args = ["-m", "mockapi.cli", "mcp", "--data", str(tiny_world), "--task", "1"]
    params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))

    async def main() -> int:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            # web_search, web_get_page, retrieve
            return await _check_session(session, tiny_server, want_tools=3)

    anyio.run(main)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def mcp_http(tiny_world: Path) -> Iterator[str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "mockapi.cli", "mcp", "--data", str(tiny_world), "--transport", "http"]
    cmd += ["--port", str(port), "--admin-token", TOKEN]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_streamable_http_lists_every_tool_answers_what_http_answers_and_journals(
    mcp_http: str, tiny_server: str
) -> None:
    async def main() -> int:
        async with (
            streamable_http_client(f"{mcp_http}/mcp") as (read, write, *_),
            ClientSession(read, write) as session,
        ):
            return await _check_session(session, tiny_server)

    assert anyio.run(main) == 41
    journal = httpx.get(
        f"{mcp_http}/admin/journal",
        params={"since": 0, "limit": 1000},
        headers={"authorization": f"Bearer {TOKEN}"},
    ).json()["entries"]
    calls = {e["interaction_id"]: e for e in journal if e["client"] == "mcp"}
    assert len(calls) == 41 and calls["iid-finance_get_eps"]["route"] == "/finance/get_eps"
