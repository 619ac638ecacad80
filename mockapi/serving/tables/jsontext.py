"""Reading the JSON text columns of the store (written with allow_nan=True, so NaN/Infinity may appear)."""

from __future__ import annotations

import json
from typing import Any

import orjson


def loads(text: str | None) -> Any:
    """Parse stored JSON; orjson for speed, the stdlib for the rare text with NaN/Infinity literals.

    NaN and ±Inf parse to floats here and are serialised as null by orjson on the way out.
    """
    if text is None:
        return None
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
