"""Which Host and Origin `crag-mock mcp --transport http` answers: `--allowed-hosts`, `--allowed-origins`.

A browser page on any site can make a user's browser call a server on the user's machine (DNS rebinding: the
page's own name resolves to 127.0.0.1, so its requests carry a foreign Host; or a plain cross-site request,
which carries a foreign Origin). The MCP SDK checks both on `/mcp` only when bound to a loopback name, and
the plain API mounted beside it never did. `HostCheck` sits in front of the whole app, whatever `--host`:
a Host outside the allow-list gets 421, an Origin outside it 403, both with the canonical error body.
Default: the loopback names, on any port.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
LOOPBACK_ORIGINS = ("http://127.0.0.1", "http://localhost", "http://[::1]")


def split_list(text: str | None) -> tuple[str, ...]:
    """A comma-separated flag value as a tuple (empty items dropped)."""
    return tuple(item.strip() for item in (text or "").split(",") if item.strip())


def host_name(host: str) -> str:
    """`name[:port]` or `[v6]:port` as its name, lower-case, without port or brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def origin_base(origin: str) -> str:
    """`scheme://host[:port]` as `scheme://host` (any port of an allowed origin is allowed)."""
    parts = urlsplit(origin.strip().lower())
    netloc = parts.netloc.rsplit(":", 1)[0] if not parts.netloc.endswith("]") else parts.netloc
    return f"{parts.scheme}://{netloc}"


@dataclass(frozen=True)
class Allowed:
    hosts: tuple[str, ...] = LOOPBACK_HOSTS
    """Host names (any port); `*` allows any."""
    origins: tuple[str, ...] = LOOPBACK_ORIGINS
    """`scheme://host` (any port); `*` allows any. A request without Origin (not a browser's) passes."""

    def host_ok(self, host: str) -> bool:
        return "*" in self.hosts or host_name(host) in {host_name(h) for h in self.hosts}

    def origin_ok(self, origin: str) -> bool:
        return "*" in self.origins or origin_base(origin) in {origin_base(o) for o in self.origins}


def _error(status: int, kind: str, detail: str) -> bytes:
    return json.dumps({"detail": detail, "type": kind, "status": status, "loc": None}).encode()


class HostCheck:
    """ASGI middleware: 421 for a foreign Host, 403 for a foreign Origin, on every HTTP request."""

    def __init__(self, app: ASGIApp, allowed: Allowed) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1")
        origin = headers.get(b"origin")
        if not self.allowed.host_ok(host):
            detail = f"Host {host[:100]!r} is not served here (--allowed-hosts)"
            await _refuse(send, 421, "misdirected", detail)
        elif origin is not None and not self.allowed.origin_ok(origin.decode("latin-1")):
            shown = origin.decode("latin-1")[:100]
            await _refuse(send, 403, "forbidden", f"Origin {shown!r} is not allowed (--allowed-origins)")
        else:
            await self.app(scope, receive, send)


async def _refuse(send: Send, status: int, kind: str, detail: str) -> None:
    body = _error(status, kind, detail)
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
