"""Hooks the simulator into `create_app`: the middleware when simulation or an admin token is configured.

Off by default: with no simulation flag and no admin token the app is left untouched (no body buffering, no
journal), so the plain server pays nothing for this feature.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI

from mockapi.settings import Settings
from mockapi.sim.config import SimConfig, load_sim_config
from mockapi.sim.middleware import DroppedConnection, SimState, Simulator


def sim_config_from(settings: Settings) -> SimConfig:
    """The simulation config the settings describe (raises UserError on a bad spec)."""
    return load_sim_config(
        latency=settings.latency,
        fault_rate=settings.fault_rate,
        faults=settings.faults,
        rate_limit=settings.rate_limit,
        seed=settings.sim_seed,
        config_file=settings.sim_config,
        trust_client_id=settings.trust_client_id,
    )


def install_simulation(app: FastAPI, settings: Settings) -> None:
    """Add the `Simulator` as the outermost middleware (so it sees, delays and journals every request,
    including the 413/422 answered by InputLimits) and keep its state in `app.state.sim` for /admin/*."""
    config = sim_config_from(settings)
    app.state.sim = None
    if not config.active and not settings.admin_token:
        return
    state = SimState(config)
    app.state.sim = state
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
    # uvicorn logs it, and so does the app's catch-all handler (mockapi.error_handlers), which Starlette calls
    # for any exception even after the response has started
    for name in ("uvicorn.error", "mockapi"):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
