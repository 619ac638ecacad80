"""Unpickling CRAG's KG files through an allow-list: a hostile tree (a third-party mirror of the KG) must not
run code on import.

A pickle names the callables it needs to rebuild its objects, and the stock unpickler imports and calls
whatever it names (`os.system` included). `find_class` here admits only what CRAG's real music and soccer
pickles and finance SqliteDict values are made of: builtin containers, datetimes and time zones, numpy arrays,
dtypes and scalars, pandas frames, indexes, blocks, arrays, dtypes and timestamps (classes by their base,
plus pandas' and numpy's own named rebuild helpers). Anything else is refused with one line naming the file
and the type.
"""

from __future__ import annotations

import io
import pickle
from pathlib import Path
from typing import IO, Any

from mockapi.core.user_error import UserError

SAFE_GLOBALS = {
    ("builtins", n)
    for n in ("slice", "set", "frozenset", "dict", "list", "tuple", "complex", "bytearray", "bytes", "range")
} | {
    ("builtins", "str"), ("builtins", "int"), ("builtins", "float"), ("builtins", "bool"),
    ("datetime", "datetime"), ("datetime", "date"), ("datetime", "time"), ("datetime", "timedelta"),
    ("datetime", "timezone"), ("collections", "OrderedDict"), ("copyreg", "_reconstructor"),
    ("zoneinfo", "ZoneInfo"), ("pytz", "_p"), ("pytz", "_UTC"), ("dateutil.tz.tz", "tzutc"),
    ("dateutil.tz.tz", "tzoffset"), ("decimal", "Decimal"),
}  # fmt: skip
# pandas' and numpy's module-level rebuild helpers that pickles name (old and new module paths alike)
SAFE_HELPERS = {
    "_reconstruct", "scalar", "_frombuffer", "_new_Index", "_unpickle_block", "new_block",
    "__pyx_unpickle_NDArrayBacked", "_unpickle_timestamp", "__nat_unpickle", "_nat_unpickle",
    "_new_DatetimeIndex", "_new_PeriodIndex", "_timedelta_unpickle", "_unpickle", "_new_IntervalIndex",
}  # fmt: skip


def _safe_class(found: object) -> bool:
    """numpy and pandas data types: arrays, dtypes, scalars, frames, indexes, blocks, timestamps."""
    import numpy as np
    import pandas as pd
    from pandas.api.extensions import ExtensionArray, ExtensionDtype
    from pandas.core.internals import BlockManager

    bases = (np.ndarray, np.dtype, np.generic, pd.DataFrame, pd.Series, pd.Index, ExtensionArray,
             ExtensionDtype, BlockManager, pd.Timestamp, pd.Timedelta, pd.Period, pd.DateOffset)  # fmt: skip
    return isinstance(found, type) and (issubclass(found, bases) or found is type(pd.NaT))


class AllowListUnpickler(pickle.Unpickler):
    """`pickle.Unpickler` that resolves only the globals CRAG's KG files use."""

    def __init__(self, file: IO[bytes], label: str) -> None:
        super().__init__(file)
        self.label = label

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in SAFE_GLOBALS:
            return super().find_class(module, name)
        root = module.split(".", 1)[0]
        if root in ("numpy", "pandas"):
            found = super().find_class(module, name)
            if name in SAFE_HELPERS or _safe_class(found):
                return found
        raise UserError(
            f"{self.label}: refusing to unpickle {module}.{name}, a type CRAG's KG files do not use "
            "(a tampered or foreign file?); nothing was imported"
        )


def load(path: Path) -> Any:
    """The object pickled in the file at `path`."""
    with path.open("rb") as f:
        return AllowListUnpickler(f, str(path)).load()


def loads(data: bytes, label: str) -> Any:
    """The object pickled in `data`; `label` names where it came from in a refusal."""
    return AllowListUnpickler(io.BytesIO(data), label).load()
