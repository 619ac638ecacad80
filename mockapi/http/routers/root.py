"""GET /, /health and /meta."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import Response

from mockapi.http.server.state import Server
from mockapi.wire import Health, Meta, RootMessage

router = APIRouter(tags=["service"])


@router.get("/", response_model=RootMessage)
def root() -> Response:
    """The original's liveness message (not enveloped)."""
    return Response(b'{"message":"The CRAG API service is running"}', media_type="application/json")


@router.get("/health", response_model=Health)
async def health(state: Server) -> Health:
    """Liveness plus what is loaded."""
    return Health(status="ok", kg=state.kg.on_disk, task=state.settings.task)


@router.get("/meta", response_model=Meta)
async def meta(state: Server) -> Meta:
    """The world being served: manifest summary, counts, missing domains and a try-it body per route."""
    return state.meta
