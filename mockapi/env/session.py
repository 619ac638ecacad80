"""One WebSocket session of OpenEnv's protocol: JSON messages `{"type": "reset"|"step"|"state"|"close",
"data": …}` answered by `{"type": "observation"|"state"|"error", "data": …}`, over one `Episode`."""

from __future__ import annotations

import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from mockapi.env.episode import Episode
from mockapi.env.wire import CragAction, ResetRequest, as_response

if TYPE_CHECKING:
    from mockapi.env.app import EnvServer

log = logging.getLogger("mockapi")


async def serve_session(websocket: WebSocket, server: EnvServer) -> None:
    await websocket.accept()
    if server.sessions >= server.max_concurrent_envs:
        # answered at the client's first message: a client that sends before it reads (OpenEnv's does)
        # would otherwise find the socket closed and never see why
        message = f"at capacity: {server.sessions} of {server.max_concurrent_envs} sessions open"
        with contextlib.suppress(WebSocketDisconnect):
            await websocket.receive_text()
            await websocket.send_text(_error(message, "CAPACITY_REACHED"))
            await websocket.close()
        return
    server.sessions += 1
    try:
        episode = Episode(server.live())
        while True:
            reply = await _answer(episode, await websocket.receive_text())
            if reply is None:
                break
            await websocket.send_text(reply)
        await websocket.close()
    except WebSocketDisconnect:
        pass
    finally:
        server.sessions -= 1


async def _answer(episode: Episode, raw: str) -> str | None:
    """The reply to one message; None for `close`."""
    try:
        message = json.loads(raw)
    except json.JSONDecodeError as exc:
        return _error(f"invalid JSON: {exc}", "INVALID_JSON")
    kind = message.get("type") if isinstance(message, dict) else None
    data = message.get("data") or {} if isinstance(message, dict) else {}
    try:
        if kind == "reset":
            observation = episode.reset(ResetRequest.model_validate(data))
        elif kind == "step":
            observation = await episode.step(CragAction.model_validate(data))
        elif kind == "state":
            return json.dumps({"type": "state", "data": episode.state.model_dump()})
        elif kind == "close":
            return None
        else:
            return _error(f"unknown message type {kind!r}", "UNKNOWN_TYPE")
    except ValidationError as exc:
        return _error(str(exc), "VALIDATION_ERROR")
    except ValueError as exc:  # an unknown interaction id asked for at reset
        return _error(str(exc), "VALIDATION_ERROR")
    except Exception as exc:  # the session survives a failed step, as OpenEnv's does
        log.exception("step failed")
        return _error(f"{type(exc).__name__}: {exc}", "EXECUTION_ERROR")
    return json.dumps({"type": "observation", "data": as_response(observation).model_dump()})


def _error(message: str, code: str) -> str:
    data: dict[str, Any] = {"message": message, "code": code}
    return json.dumps({"type": "error", "data": data})
