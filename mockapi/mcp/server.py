"""`crag-mock mcp`: the KG routes and web search as Model Context Protocol tools (the official `mcp` SDK).

The tools are `mockapi.mcp.tools.tool_specs(task)`. A tool call is the HTTP route itself: the arguments are
POSTed to the same FastAPI app (`create_app`, in process, through an ASGI transport), and the tool answers
the route's response body as its text (bytes decoded as UTF-8; `isError` for a 4xx/5xx answer), so an MCP
answer is what the HTTP route answers, validation errors included. The request carries the caller's
interaction id, the call's `_meta.interaction_id` (`session.call_tool(name, args, meta={"interaction_id":
iid})`), as `X-Interaction-Id` and `X-Client-Id: mcp`, so the simulator journals a tool call as it journals
an HTTP call.

Transports: stdio (the default; for agent frameworks that spawn the server) and streamable HTTP at `/mcp`,
where the plain HTTP API (with `/admin/journal` when `--admin-token` is set) is served beside it by the same
app, so one journal holds both.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from mockapi.core.user_error import UserError
from mockapi.mcp.tools import spec_by_name, tool_specs

try:
    import mcp_types as types
    from mcp.server.lowlevel import Server
except ImportError:  # the optional [mcp] extra
    raise UserError("`crag-mock mcp` needs the MCP SDK: pip install 'crag-mockapi[mcp]'") from None

MCP_CLIENT = "mcp"
"""`X-Client-Id` of tool calls (the journal tells them apart from direct HTTP calls)."""
BASE = "http://crag-mock.mcp"


def interaction_of(params: types.CallToolRequestParams) -> str | None:
    value = (params.meta or {}).get("interaction_id")  # `_meta` is an open map (a TypedDict)
    return str(value) if value else None


def build_server(app: FastAPI, task: int | None, *, run_lifespan: bool = True) -> Server[Any]:
    """An MCP server whose tools call `app`'s routes. `run_lifespan`: open the app's store with the MCP
    server's lifespan (stdio); False when the app runs under uvicorn itself (HTTP)."""
    specs = tool_specs(task)
    by_name = spec_by_name(task)
    listing = types.ListToolsResult(
        tools=[types.Tool(name=s.name, description=s.description, input_schema=s.input_schema) for s in specs]
    )
    http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE, timeout=120.0)

    @asynccontextmanager
    async def lifespan(_server: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        if run_lifespan:
            async with app.router.lifespan_context(app):
                yield {}
        else:
            yield {}

    async def list_tools(_ctx: Any, _params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return listing

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        spec = by_name.get(params.name)
        if spec is None:
            text = json.dumps({"error": f"no tool {params.name!r} (task {task or 'all'})"})
            return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)
        headers = {"content-type": "application/json", "x-client-id": MCP_CLIENT}
        if (iid := interaction_of(params)) is not None:
            headers["x-interaction-id"] = iid
        has_body = bool(spec.input_schema.get("properties"))
        body = json.dumps(params.arguments or {}).encode() if has_body else None
        response = await http.post(spec.path, content=body, headers=headers)
        text = response.content.decode("utf-8", errors="replace")
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)], is_error=response.status_code >= 400
        )

    return Server(
        "crag-mock",
        instructions="CRAG's mock KG routes and web search; each tool is the HTTP route of the same name.",
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def http_app(app: FastAPI, task: int | None, host: str) -> Any:
    """One ASGI app: MCP at /mcp and the plain HTTP API (and its journal) everywhere else."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    server = build_server(app, task, run_lifespan=False)
    mcp_app = server.streamable_http_app(streamable_http_path="/mcp", host=host)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        async with app.router.lifespan_context(app), server.session_manager.run():
            yield

    return Starlette(routes=[*mcp_app.routes, Mount("/", app=app)], lifespan=lifespan)


# ───────────────────────── CLI ─────────────────────────


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from mockapi.process.listen import port_number
    from mockapi.world.context import add_split_argument

    parser.add_argument("--data", help="a world directory (default: $CRAG_MOCK_HOME/<scale>)")
    parser.add_argument("--scale", default="default", help="which named world when --data is not given")
    parser.add_argument("--seed", type=int, default=0)
    add_split_argument(parser)
    parser.add_argument("--task", type=int, choices=(1, 2, 3), help="only this task's tools (1: web only)")
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio", help="default: stdio")
    parser.add_argument("--host", default="127.0.0.1", help="--transport http: bind address")
    parser.add_argument("--port", type=port_number, default=8765, help="--transport http: port (8765)")
    parser.add_argument("--admin-token", help="enable /admin/journal (HTTP transport) with this token")


def run(args: argparse.Namespace) -> int:
    import anyio

    from mockapi.config.settings import load_settings
    from mockapi.core.paths import is_complete, world_dir
    from mockapi.http.app import create_app

    world: Path = world_dir(args.data, args.scale, args.seed, args.split)
    if not is_complete(world):
        raise UserError(f"no complete world at {world}; build one with `crag-mock build --data {world}`")
    values: dict[str, Any] = {"world": world, "task": args.task, "trust_client_id": True}
    if args.admin_token:
        values["admin_token"] = args.admin_token
    app = create_app(load_settings(values))
    if args.transport == "http":
        import uvicorn

        print(f"MCP (streamable HTTP) at http://{args.host}:{args.port}/mcp", flush=True)
        uvicorn.run(http_app(app, args.task, args.host), host=args.host, port=args.port, log_level="warning")
        return 0

    from mcp.server.stdio import stdio_server

    server = build_server(app, args.task)

    async def serve() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(serve)
    return 0
