"""Canonical bytes of a table: the defined text form the world's content hash is computed from.

A row is its values' texts joined by TAB; a value's text depends on its value only, never on an engine's cast
or internal hash (Python's types here, as DuckDB or a Parquet reader returns them):

- NULL: `\\N`;  booleans: `true` / `false`;  integers and decimals: decimal digits (`str()`);
- floats: C's `%.17g` (17 significant digits, exact for every double), `nan`, `inf`, `-inf`;
- strings: their UTF-8 byte length, a colon, the string (`5:hello`), so a TAB or newline inside is harmless;
- bytes: `x` and lower-case hex;  timestamps: `%Y-%m-%dT%H:%M:%S.%f`;  dates: `%Y-%m-%d`;
- lists: `[a,b]`; structs: `{key:value,…}` in their field order, keys as strings, values as above.

A row's digest is the sha256 (hex) of its UTF-8 text. A table's digest is the sha256 of its column names as a
row, a newline, then each row digest and a newline, in sorted order: equal multisets of rows give equal
digests, whatever order a store keeps them in. Anyone can recompute it from exported rows in a few lines
(tests/world/test_portable_hash.py does, from Parquet read by pyarrow); `mockapi.world.manifest` computes
the same text inside DuckDB, with SQL functions whose output is defined (printf, strftime, hex, sha256).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any

NULL = "\\N"
SEPARATOR = "\t"
TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.%f"
DATE_FORMAT = "%Y-%m-%d"


def _str(v: str) -> str:
    return f"{len(v.encode())}:{v}"


def _list(v: Sequence[Any]) -> str:
    return "[" + ",".join(canonical_value(x) for x in v) + "]"


def _dict(v: dict[Any, Any]) -> str:
    return "{" + ",".join(f"{_str(str(k))}:{canonical_value(x)}" for k, x in v.items()) + "}"


_ENCODERS: dict[type, Callable[[Any], str]] = {
    bool: lambda v: "true" if v else "false",
    int: str,
    Decimal: str,
    float: lambda v: format(v, ".17g"),
    str: _str,
    bytes: lambda v: "x" + v.hex(),
    bytearray: lambda v: "x" + bytes(v).hex(),
    memoryview: lambda v: "x" + v.tobytes().hex(),
    dt.datetime: lambda v: v.strftime(TIMESTAMP_FORMAT),
    dt.date: lambda v: v.strftime(DATE_FORMAT),
    list: _list,
    tuple: _list,
    dict: _dict,
}


def canonical_value(v: Any) -> str:
    """One value's canonical text (see the module docstring)."""
    if v is None:
        return NULL
    encode = _ENCODERS.get(type(v))
    if encode is None:  # a subclass (numpy scalar, pandas Timestamp): the first base type we know
        encode = next((f for t, f in _ENCODERS.items() if isinstance(v, t)), None)
        if encode is None:
            raise TypeError(f"no canonical form for {type(v).__name__} value {v!r:.80}")
    return encode(v)


def canonical_row(row: Sequence[Any]) -> str:
    """A row's canonical text: its values' texts joined by TAB."""
    return SEPARATOR.join(canonical_value(v) for v in row)


def row_digest(row: Sequence[Any]) -> str:
    """sha256 (hex) of a row's canonical text."""
    return hashlib.sha256(canonical_row(row).encode()).hexdigest()


def table_digest(columns: Sequence[str], row_digests: Iterable[str]) -> str:
    """sha256 (hex) of the column names and the sorted row digests, a line each."""
    h = hashlib.sha256((canonical_row(columns) + "\n").encode())
    h.update("".join(d + "\n" for d in sorted(row_digests)).encode())  # one update: the same bytes, faster
    return h.hexdigest()
