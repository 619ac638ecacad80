"""Open domain: encyclopedia entities (contract §2.4)."""

from __future__ import annotations

from typing import Any

from mockapi.serving.tables.jsontext import loads
from sql_reference.sql import Cursor, latest


def get_entity(cur: Cursor, name: str) -> dict[str, Any] | None:
    # a later duplicate in the KG file overwrites an earlier one in the original's dict
    row = latest(
        cur,
        "SELECT summary_text, summary_structured, raw_mediawiki, ord FROM open_entities WHERE name = ?",
        [name],
    )
    if row is None:
        return None
    return {"summary_text": row[0], "summary_structured": loads(row[1]), "raw_mediawiki": row[2]}
