"""The DDL of each store (kg_data/schema/*.sql), shared by the builder, the importers and the server."""

from __future__ import annotations

from importlib import resources


def schema_sql(name: str = "kg.sql") -> str:
    """The DDL of one store: "kg.sql", "pages.sql" or "questions.sql"."""
    return (resources.files("kg_data") / "schema" / name).read_text(encoding="utf-8")
