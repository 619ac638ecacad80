"""Reading a JSON document into a pydantic model with one-line errors that name the file (manifest.json,
run.json, scores.json): shared so every file the tools write fails the same way when damaged."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import JsonValue, ValidationError


def json_object(text: str, path: Path, error: type[Exception]) -> dict[str, JsonValue]:
    """`text` (read from `path`) as a JSON object, else `error` saying what it is instead."""
    try:
        data: JsonValue = json.loads(text)
    except ValueError as exc:
        raise error(f"{path} is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise error(f"{path} holds a JSON {type(data).__name__}, not an object")
    return data


def first_problem(exc: ValidationError) -> str:
    """`key.path: message (got value)` for the first error, and how many more there are."""
    errors = exc.errors()
    first = errors[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {first['msg']} (got {first.get('input')!r:.60}){more}"
