"""`GET /admin/journal` and `POST /admin/reset`: the simulator's request journal, behind a Bearer token.

Without a configured admin token the routes do not exist as far as callers can tell (404, canonical body);
with one, a missing or wrong `Authorization: Bearer <token>` gets a 401. The token is compared in constant
time. These paths are exempt from simulation (never delayed, faulted or journaled themselves).
"""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from mockapi.http.server.state import Server, server_state
from mockapi.sim.middleware import SimState
from mockapi.wire.errors import ApiError
from mockapi.wire.journal import JournalPage

router = APIRouter(prefix="/admin", tags=["admin"], include_in_schema=False)


def bearer_matches(request: Request, token: str) -> bool:
    """Whether the request carries `Authorization: Bearer <token>` (constant-time comparison)."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


def require_admin_token(request: Request, what: str) -> None:
    """401 unless the server has an admin token and the request carries it (for label-revealing features)."""
    token = server_state(request).settings.admin_token
    if not token or not bearer_matches(request, token):
        raise ApiError(
            401,
            "unauthorized",
            f"{what} reveal which pages bear the answer, so they need the server's admin token: "
            "serve with --admin-token T and send Authorization: Bearer T",
        )


def sim_state(request: Request, server: Server) -> SimState:
    """The simulator state, after checking the token (404 when admin is off, 401 on a bad token)."""
    state, token = server.sim, server.settings.admin_token
    if state is None or not token:
        raise ApiError(404, "not_found", "Not Found")
    if not bearer_matches(request, token):
        raise ApiError(401, "unauthorized", "admin routes need the header Authorization: Bearer <token>")
    return state


State = Annotated[SimState, Depends(sim_state)]


@router.get("/journal")
def journal(
    state: State,
    interaction_id: Annotated[str | None, Query(max_length=128)] = None,
    since: Annotated[int, Query(ge=0)] = 0,
    limit: Annotated[int, Query(ge=1, le=100_000)] = 10_000,
) -> JournalPage:
    """Journal entries after sequence number `since`, oldest first, optionally for one interaction id.

    `last_seq` is the newest sequence number in the journal, to pass as `since` next time."""
    entries = state.journal.entries(interaction_id=interaction_id, since=since, limit=limit)
    return JournalPage(entries=entries, last_seq=state.journal.last_seq)


@router.post("/reset")
def reset(state: State) -> dict[str, Any]:
    """Empty the journal and restart the seeded draws and rate-limit buckets."""
    state.reset()
    return {"reset": True}
