"""Issue 35: the MCP server introduces itself with the installed package's version (it said "" before, which
a host shows as an unknown or broken server)."""

from __future__ import annotations

import os
import sys
from importlib import metadata
from pathlib import Path

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


def test_the_server_reports_its_name_and_the_package_version(tiny_world: Path) -> None:
    args = ["-m", "mockapi.cli", "mcp", "--data", str(tiny_world), "--task", "1"]
    params = StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))

    async def main() -> tuple[str, str]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            info = (await session.initialize()).server_info
            return info.name, info.version

    assert anyio.run(main) == ("crag-mock", metadata.version("crag-mockapi"))
