"""Hooks the simulator into `create_app`: the middleware when simulation or an admin token is configured.

Off by default: with no simulation flag and no admin token the app is left untouched (no body buffering, no
journal), so the plain server pays nothing for this feature.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI

from mockapi.config.settings import Settings
from mockapi.sim.config import load_sim_config
from mockapi.sim.middleware import DroppedConnection, SimState, Simulator


def simulation_for(settings: Settings) -> SimState | None:
    """The simulator's state the settings ask for (raises UserError on a bad spec); None when nothing is
    simulated and admin is off."""
    config = load_sim_config(settings)
    if not config.active and not settings.admin_token:
        return None
    return SimState(config)


def install_simulation(app: FastAPI, state: SimState | None) -> None:
    """Add the `Simulator` over `state` as the outermost middleware, so it sees, delays and journals every
    request, including the 413/422 answered by InputLimits (nothing when `state` is None)."""
    if state is None:
        return
    app.add_middleware(Simulator, state=state)
    _quiet_dropped_connections()


class _DropFilter(logging.Filter):
    """An injected drop ends the request with an exception (that is how uvicorn closes the socket mid-
    response); it is intended, so the traceback uvicorn would log for it is left out."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, DroppedConnection)


_FILTER = _DropFilter()


def _quiet_dropped_connections() -> None:
    # uvicorn logs it, and so does the app's catch-all handler (http/error_handlers.py), which Starlette calls
    # for any exception even after the response has started
    for name in ("uvicorn.error", "mockapi"):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
