"""KG facts: questions about the target entities of kg.duckdb (placeholder until the extractors land)."""

from __future__ import annotations

from pathlib import Path

from mockapi.world.questions.source import Source


def open_kg_source(world: Path) -> Source | None:
    """A fact source over the world's KG, or None when it has no target entities."""
    return None
