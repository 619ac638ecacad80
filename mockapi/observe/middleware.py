"""`Operations`: the outermost ASGI middleware. It answers the probes and /metrics itself, and counts and
logs every other request, those the raw fast path answers included (it sits in front of it).

With `--metrics off` and no access log it adds one dict lookup per request (the probe check) and nothing
else (bench/bench_observe.py). Probes and /metrics are neither counted nor logged: a kubelet polls them every
few seconds, and a probe must not meet the simulator's faults or delays.

The team label: a front door that checked a team's key passes the team in `X-Team`; it is believed only when
the peer is one of `--forwarded-allow-ips`, the same proxies whose `X-Forwarded-For` names the client
(applied inside this middleware by uvicorn's `ProxyHeadersMiddleware`, so this one still sees the real peer).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from mockapi.observe.accesslog import AccessLog
from mockapi.observe.drain import Drain
from mockapi.observe.metrics import CONTENT_TYPE, Metrics

TEAM_HEADER = b"x-team"
INTERACTION_HEADER = b"x-interaction-id"
FAULT_KEY = "crag_mock.fault"
"""Where the simulator leaves the fault it injected, in the request's ASGI scope (shared with this one)."""
OTHER_ROUTE = "other"
"""The route label of paths the app does not serve: a label per unknown path would grow without bound."""
JSON = b"application/json"


class Operations:
    """See the module docstring. `ready` says whether the app's stores are open (its lifespan ran)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        ready: Callable[[], bool],
        route_paths: Callable[[], frozenset[str]],
        drain: Drain,
        metrics: Metrics | None,
        log: AccessLog | None,
        proxies: str | None,
    ) -> None:
        self.ready = ready
        self.route_paths = route_paths
        self.drain = drain
        self.metrics = metrics
        self.log = log
        self.trusted: Any = None  # uvicorn's host matcher (addresses and networks, or *)
        if proxies:
            proxy = ProxyHeadersMiddleware(cast(Any, app), trusted_hosts=proxies)
            self.trusted = proxy.trusted_hosts
            app = cast(ASGIApp, proxy)
        self.app = app
        self._routes: frozenset[str] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        probe = PROBES.get(scope["path"])
        if probe is not None and scope["method"] in ("GET", "HEAD") and await probe(self, send):
            return
        if self.metrics is None and self.log is None:
            await self.app(scope, receive, send)
            return
        await self._observed(scope, receive, send)

    async def _observed(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        peer = (scope.get("client") or ("", 0))[0]
        status = 500  # what the client gets when the app raises before answering
        sent = 0

        async def counting_send(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        if self.metrics is not None:
            self.metrics.in_flight_now += 1
        try:
            await self.app(scope, receive, counting_send)
        finally:
            seconds = time.perf_counter() - started
            self._record(scope, peer, status, sent, seconds)

    def _record(self, scope: Scope, peer: str, status: int, nbytes: int, seconds: float) -> None:
        route = self._route(scope["path"])
        team = ""
        interaction = None
        for name, value in scope["headers"]:
            if name == TEAM_HEADER and self.trusted is not None and peer in self.trusted:
                team = value.decode("latin-1")
            elif name == INTERACTION_HEADER:
                interaction = value.decode("latin-1")
        fault = scope.get(FAULT_KEY)
        if self.metrics is not None:
            self.metrics.in_flight_now -= 1
            self.metrics.observe(route, scope["method"], status, team, seconds, nbytes, fault)
        if self.log is not None:
            client = scope.get("client")  # the forwarded client when the proxy is trusted
            self.log.request(
                method=scope["method"], path=scope["path"], route=route, status=status, seconds=seconds,
                nbytes=nbytes, peer=client[0] if client else None, team=team, interaction_id=interaction,
                fault=fault,
            )  # fmt: skip

    def _route(self, path: str) -> str:
        if self._routes is None:
            self._routes = self.route_paths()
        return path if path in self._routes else OTHER_ROUTE

    async def livez(self, send: Send) -> bool:
        await _send(send, 200, b'{"status":"ok"}')
        return True

    async def readyz(self, send: Send) -> bool:
        if self.drain.draining:
            await _send(send, 503, b'{"status":"draining"}')
        elif not self.ready():
            await _send(send, 503, b'{"status":"starting"}')
        else:
            await _send(send, 200, b'{"status":"ready"}')
        return True

    async def metrics_page(self, send: Send) -> bool:
        if self.metrics is None:
            return False  # --metrics off: the app answers (404)
        await _send(send, 200, self.metrics.render(), CONTENT_TYPE)
        return True


PROBES: dict[str, Callable[[Operations, Send], Awaitable[bool]]] = {
    "/livez": Operations.livez,
    "/readyz": Operations.readyz,
    "/metrics": Operations.metrics_page,
}


async def _send(send: Send, status: int, body: bytes, content_type: bytes = JSON) -> None:
    headers = [(b"content-length", b"%d" % len(body)), (b"content-type", content_type)]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
