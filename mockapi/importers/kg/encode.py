"""JSON text for the `doc` / `row` columns: the shapes the original serves, with NaN kept as a NaN token.

kg.sql stores verbatim values as JSON written with allow_nan=True; the server maps NaN/Inf to null.
Real pickles hold numpy scalars and pandas timestamps in places, which plain json cannot encode.
"""

from __future__ import annotations

import json
import math
from typing import Any


def _default(value: Any) -> Any:
    """numpy / pandas scalars and containers as the plain Python values they stand for."""
    item = getattr(value, "item", None)
    if callable(item) and getattr(value, "ndim", 1) == 0:
        return item()
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        return tolist()
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):
        return isoformat()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"cannot store a {type(value).__name__} as JSON: {value!r:.80}")


def dumps(value: Any) -> str:
    """Compact JSON, non-ASCII kept, NaN/Infinity kept as tokens (kg.sql convention)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=True, separators=(",", ":"), default=_default)


def is_nan(value: Any) -> bool:
    """True for float NaN (including numpy floats) and pandas NA/NaT-like missing markers."""
    if value is None:
        return False
    if isinstance(value, float):
        return math.isnan(value)
    try:
        return bool(value != value)
    except (TypeError, ValueError):
        return False


def opt_str(value: Any) -> str | None:
    """A text cell: None and NaN become NULL, anything else its str()."""
    if value is None or is_nan(value):
        return None
    return value if isinstance(value, str) else str(value)


def opt_float(value: Any) -> float | None:
    """A DOUBLE cell; NaN stays NaN (DuckDB stores it, the server maps it to null)."""
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def opt_int(value: Any) -> int | None:
    """A BIGINT cell; NaN and non-numbers become NULL, integral floats become ints."""
    if value is None or is_nan(value):
        return None
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return None
