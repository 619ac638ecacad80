"""Server settings (pydantic-settings): from arguments, else `CRAG_MOCK_*` environment variables.

`crag-mock serve` passes its flags through the environment too, so every uvicorn worker process builds the
same `Settings()` and opens the same world read-only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CRAG_MOCK_", extra="ignore")

    world: Path = Path(".")
    """The world directory (kg.duckdb, pages.duckdb, manifest.json); missing stores serve not-found values."""
    # an int range, not Literal[1, 2, 3]: the environment carries the task as the string "1"
    task: int | None = Field(default=None, ge=1, le=3)
    """None serves everything; 1 refuses KG routes (403); 1 and 2 get the 5-page web search view."""
    search: Literal["original", "improved"] | None = None
    """Name-search ranking: original (the original server's lists and order) or improved (exact match
    first); None picks original for imported KGs and improved for synthetic worlds."""
    # Simulation (mockapi/sim; all off by default): see `crag-mock serve --help`.
    latency: str | None = None
    """Latency spec: fixed:50ms | uniform:10ms-200ms | lognormal:median=80ms,sigma=0.5."""
    fault_rate: float = Field(default=0.0, ge=0.0, le=1.0)
    """Share of responses turned into faults."""
    faults: str | None = None
    """Fault kinds, comma-separated from 429,500,503,drop,slow (default 429,500,503,drop)."""
    rate_limit: float = Field(default=0.0, ge=0.0)
    """Requests per second per client (0: unlimited)."""
    sim_seed: int = 0
    """Seed of every simulated draw."""
    sim_config: str | None = None
    """JSON file of per-route overrides."""
    trust_client_id: bool = False
    """Rate-limit and journal clients by their `X-Client-Id` header (else by peer address): only where
    every caller is trusted (crag-eval's in-process server); others could send a fresh id per request."""
    admin_token: str | None = None
    """Enables /admin/journal and /admin/reset (Bearer token); unset: they answer 404."""
