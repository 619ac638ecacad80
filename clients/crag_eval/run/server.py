"""The mock server for a run: in-process (uvicorn in a thread, mockapi.process.loopback) or a --server URL."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypedDict

import httpx

from crag_eval.files.records import SimSettings
from mockapi.core.user_error import UserError
from mockapi.process.loopback import serve_in_thread


class ServerMeta(TypedDict, total=False):
    """What the harness reads of a server's `/meta` (`mockapi.wire.envelope.Meta`; a server of another
    version may lack a key)."""

    world: str
    content_hash: str | None


@contextlib.contextmanager
def serve_app(app: Any) -> Iterator[str]:
    """Serve an ASGI app on 127.0.0.1:<free port> until the block ends; yields the base URL."""
    with contextlib.ExitStack() as stack:
        try:
            url = stack.enter_context(serve_in_thread(app))
        except RuntimeError as exc:  # uvicorn stopped during start-up: the lifespan's log says why
            raise UserError(f"the in-process mock server stopped during start-up ({exc})") from None
        yield url  # what the block raises is its own (a model's RuntimeError is not the server's)


def world_app(world: Path, task: int, sim: SimSettings | None = None) -> Any:
    """The real server app over a world, restricted to the task (task 1: KG refused, tasks 1–2: 5 pages)."""
    try:
        from mockapi.config.settings import load_settings
        from mockapi.http.app import create_app
    except ImportError as exc:
        raise UserError(
            f"the mock server is not available in this install ({exc}); pass --server URL"
        ) from None
    # every caller of this in-process server is this run, so its X-Client-Id (the harness's own page fetches
    # vs the model's) may choose the rate-limit bucket
    settings = load_settings({"world": world, "task": task, "trust_client_id": True, **(sim or {})})
    return create_app(settings)


def server_meta(url: str) -> ServerMeta:
    """A --server URL's /meta (what world it serves), or a one-line error when nothing answers there."""
    url = url.rstrip("/")
    try:
        response = httpx.get(url + "/meta", timeout=10.0)
    except httpx.TransportError:
        msg = f"no mock server answers at {url}; start one with `crag-mock serve` or drop --server"
        raise UserError(msg) from None
    if response.status_code != 200:
        raise UserError(f"{url}/meta answered HTTP {response.status_code}; is this a crag-mock server?")
    try:
        data: ServerMeta = response.json()
    except ValueError:
        raise UserError(f"{url}/meta did not answer JSON; is this a crag-mock server?") from None
    return data
