"""Synthetic movie domain (placeholder)."""

from __future__ import annotations

from mockapi.world.context import WorldContext
from mockapi.world.writer import TableWriter


def generate(ctx: WorldContext, out: TableWriter) -> None:
    """Write the movie tables, entities and edges."""
