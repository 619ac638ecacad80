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
    task: Literal[1, 2, 3] | None = None
    """None serves everything; 1 refuses KG routes (403); 1 and 2 get the 5-page web search view."""
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    workers: int = Field(default=1, ge=1)
    log_level: str = "warning"
    access_log: bool = False
