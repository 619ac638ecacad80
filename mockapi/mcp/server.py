"""`crag-mock mcp`: the KG routes and web search as Model Context Protocol tools (the official `mcp` SDK).

The tools are `mockapi.mcp.tools.tool_specs(task)`. A tool call is the HTTP route itself: the arguments are
POSTed to the same FastAPI app (`create_app`, in process, through an ASGI transport), and the tool answers
the route's response body as its text (bytes decoded as UTF-8; `isError` for a 4xx/5xx answer), so an MCP
answer is what the HTTP route answers, validation errors included. The request carries the caller's
interaction id, the call's `_meta.interaction_id` (`session.call_tool(name, args, meta={"interaction_id":
iid})`), as `X-Interaction-Id` and `X-Client-Id: mcp`, so the simulator journals a tool call as it journals
an HTTP call. Tool calls reach the app as the client `mcp` (the ASGI peer, which no request can claim);
`X-Client-Id` from outside is ignored unless `--trust-client-id` is given.

Transports: stdio (the default; for agent frameworks that spawn the server; bounded lines, a JSON-RPC error
for a bad one: stdio_lines.py) and streamable HTTP at `/mcp`, where the plain HTTP API (with `/admin/journal`
when an admin token is set) is served beside it by the same app, so one journal holds both. The HTTP
transport runs on `crag-mock serve`'s guarded protocol (head and body timeouts, the 32 KiB head cap,
connection caps: mockapi/process/guard.py) and answers only the Host and Origin names it is allowed
(origins.py), whatever `--host`.
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
from mockapi.mcp.origins import LOOPBACK_HOSTS, LOOPBACK_ORIGINS, Allowed, HostCheck, split_list
from mockapi.mcp.tools import spec_by_name, tool_specs

try:
    import mcp_types as types
    from mcp.server.lowlevel import Server
except ImportError:  # the optional [mcp] extra
    raise UserError("`crag-mock mcp` needs the MCP SDK: pip install 'crag-mockapi[mcp]'") from None

MCP_CLIENT = "mcp"
"""The client of tool calls, as their ASGI peer (the journal tells them apart from direct HTTP calls)."""
BASE = "http://127.0.0.1"


def interaction_of(params: types.CallToolRequestParams) -> str | None:
    value = (params.meta or {}).get("interaction_id")  # `_meta` is an open map (a TypedDict)
    return str(value) if value else None


def _package_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("crag-mockapi")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def build_server(app: FastAPI, task: int | None, *, run_lifespan: bool = True) -> Server[Any]:
    """An MCP server whose tools call `app`'s routes. `run_lifespan`: open the app's store with the MCP
    server's lifespan (stdio); False when the app runs under uvicorn itself (HTTP)."""
    specs = tool_specs(task)
    by_name = spec_by_name(task)
    listing = types.ListToolsResult(
        tools=[types.Tool(name=s.name, description=s.description, input_schema=s.input_schema) for s in specs]
    )
    transport = httpx.ASGITransport(app=app, client=(MCP_CLIENT, 0))
    http = httpx.AsyncClient(transport=transport, base_url=BASE, timeout=120.0)

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
        headers = {"content-type": "application/json"}
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
        version=_package_version(),  # hosts show it; an empty one reads as a broken install
        instructions="CRAG's mock KG routes and web search; each tool is the HTTP route of the same name.",
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def http_app(app: FastAPI, task: int | None, allowed: Allowed) -> Any:
    """One ASGI app: MCP at /mcp and the plain HTTP API (and its journal) everywhere else, behind the Host
    and Origin check (ours for both: the SDK's own is off, it would cover /mcp only)."""
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Mount

    server = build_server(app, task, run_lifespan=False)
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    mcp_app = server.streamable_http_app(streamable_http_path="/mcp", transport_security=security)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        async with app.router.lifespan_context(app), server.session_manager.run():
            yield

    return Starlette(
        routes=[*mcp_app.routes, Mount("/", app=app)],
        lifespan=lifespan,
        middleware=[Middleware(HostCheck, allowed=allowed)],
    )


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
    parser.add_argument(
        "--admin-token",
        help="enable /admin/journal (HTTP transport) with this token (shows in `ps`: prefer "
        "--admin-token-file or CRAG_MOCK_ADMIN_TOKEN)",
    )
    parser.add_argument("--admin-token-file", type=Path, metavar="F", help="read the admin token from F")
    parser.add_argument(
        "--allowed-hosts",
        metavar="H,H",
        help=f"--transport http: Host names answered, any port; others get 421 (default: "
        f"{','.join(LOOPBACK_HOSTS)}; * for any)",
    )
    parser.add_argument(
        "--allowed-origins",
        metavar="O,O",
        help=f"--transport http: browser Origins answered, any port; others get 403 (default: "
        f"{','.join(LOOPBACK_ORIGINS)}; * for any)",
    )
    parser.add_argument(
        "--trust-client-id",
        action="store_true",
        help="rate-limit and journal per X-Client-Id header (default: per peer address; any caller "
        "could send a fresh id per request)",
    )


def run(args: argparse.Namespace) -> int:
    import anyio

    from mockapi.config.settings import load_settings
    from mockapi.core.paths import is_complete, world_dir
    from mockapi.http.app import create_app
    from mockapi.process.serve import token_from_file

    world: Path = world_dir(args.data, args.scale, args.seed, args.split)
    if not is_complete(world):
        raise UserError(f"no complete world at {world}; build one with `crag-mock build --data {world}`")
    values: dict[str, Any] = {"world": world, "task": args.task, "trust_client_id": args.trust_client_id}
    if args.admin_token:
        values["admin_token"] = args.admin_token
    values |= token_from_file(args)
    app = create_app(load_settings(values))
    if args.transport == "http":
        return _serve_http(app, args)

    from mcp.server.stdio import stdio_server

    from mockapi.mcp.stdio_lines import stdio_streams

    server = build_server(app, args.task)
    stdin, stdout = stdio_streams()

    async def serve() -> None:
        async with stdio_server(stdin=stdin, stdout=stdout) as (read, write):  # type: ignore[arg-type]
            await server.run(read, write, server.create_initialization_options())

    anyio.run(serve)
    return 0


def _serve_http(app: FastAPI, args: argparse.Namespace) -> int:
    import uvicorn

    from mockapi.process.guard import GuardedHTTP

    allowed = Allowed(
        hosts=split_list(args.allowed_hosts) or LOOPBACK_HOSTS,
        origins=split_list(args.allowed_origins) or LOOPBACK_ORIGINS,
    )
    print(f"MCP (streamable HTTP) at http://{args.host}:{args.port}/mcp", flush=True)
    uvicorn.run(
        http_app(app, args.task, allowed),
        host=args.host,
        port=args.port,
        log_level="warning",
        http=GuardedHTTP,  # `crag-mock serve`'s limits: slow and huge heads, idle and greedy clients
        proxy_headers=False,  # X-Forwarded-For is the app's to apply, from --forwarded-allow-ips only
        timeout_keep_alive=75,
    )
    return 0
