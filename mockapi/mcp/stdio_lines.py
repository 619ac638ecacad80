"""`crag-mock mcp` over stdio: stdin read in bounded lines, and a JSON-RPC error for every bad one.

The MCP SDK's stdio transport reads a whole line whatever its size (one 200 MB line took the server to
829 MB) and drops a line it cannot parse without a word to the client, which then waits for ever. Here
stdin is read in chunks; a line over MAX_LINE_BYTES is skipped to its end, unkept, and answered with an
Invalid Request error; a line that is not JSON gets a Parse error (-32700), and JSON that is not a JSON-RPC
message an Invalid Request (-32600, with its id when it has one). Good lines go on to the SDK's transport.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from io import TextIOWrapper
from typing import Any, BinaryIO

import anyio
import mcp_types as types

MAX_LINE_BYTES = 4 << 20
"""A tool call's arguments are an HTTP body (64 KiB at most); 4 MiB leaves room for any client's message."""
CHUNK = 64 << 10
PARSE_ERROR, INVALID_REQUEST = -32700, -32600


def error_line(code: int, message: str, request_id: Any = None) -> str:
    ident = request_id if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) else None
    return json.dumps({"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}) + "\n"


def check_line(line: bytes) -> str | None:
    """None for a valid JSON-RPC message, else the error line to answer."""
    try:
        value = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return error_line(PARSE_ERROR, "Parse error: the line is not JSON")
    try:
        types.jsonrpc_message_adapter.validate_python(value, by_name=False)
    except ValueError:
        request_id = value.get("id") if isinstance(value, dict) else None
        return error_line(INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message", request_id)
    return None


class LineWriter:
    """stdout for the SDK's transport and for our errors: one whole line per write, under one lock."""

    def __init__(self, stream: BinaryIO) -> None:
        self._text = TextIOWrapper(stream, encoding="utf-8", write_through=True)
        self._lock = anyio.Lock()

    async def write(self, text: str) -> None:
        async with self._lock:
            await anyio.to_thread.run_sync(self._write, text)

    def _write(self, text: str) -> None:
        self._text.write(text)
        self._text.flush()

    async def flush(self) -> None:
        return None


class CappedLines:
    """stdin as the SDK's transport iterates it (`async for line in stdin`): good lines only."""

    def __init__(self, stream: BinaryIO, out: LineWriter, max_line: int = MAX_LINE_BYTES) -> None:
        self._stream = stream
        self._out = out
        self._max = max_line

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        pending = bytearray()
        skipping = False  # inside a line over the cap: drop bytes up to its end
        while chunk := await anyio.to_thread.run_sync(self._read):
            pending += chunk
            while (end := pending.find(b"\n")) >= 0:
                line = bytes(pending[:end])
                del pending[: end + 1]
                if skipping or end > self._max:
                    skipping = False
                    await self._out.write(error_line(INVALID_REQUEST, f"line over {self._max} bytes"))
                elif line.strip():
                    error = check_line(line)
                    if error is None:
                        yield line.decode("utf-8")
                    else:
                        await self._out.write(error)
            if len(pending) > self._max:
                skipping = True
                pending.clear()

    def _read(self) -> bytes:
        read1 = getattr(self._stream, "read1", None)
        return bytes(read1(CHUNK) if read1 is not None else self._stream.read(CHUNK))


def stdio_streams() -> tuple[CappedLines, LineWriter]:
    """The process's stdin and stdout for `mcp.server.stdio.stdio_server(stdin=..., stdout=...)`."""
    out = LineWriter(sys.stdout.buffer)
    return CappedLines(sys.stdin.buffer, out), out
