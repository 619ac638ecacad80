"""Unpickling CRAG's KG files through an exact allow-list: a hostile tree (a third-party mirror of the KG)
must not run code, nor read, create or change any file, on import.

A pickle names the callables it needs to rebuild its objects, and the stock unpickler imports and calls
whatever it names. Admitting a family ("any ndarray subclass") is not enough: `numpy.memmap` is an ndarray
subclass whose constructor opens any path, and the SETITEM opcode then writes chosen bytes through it (a
`.pth` file in site-packages runs at the next Python start). So `find_class` admits only the exact
(module, name) pairs that CRAG's music and soccer pickles and finance SqliteDict values are made of, as
written by the pandas (2.0 to 3.x) and numpy (1.x, 2.x) that wrote or read them: builtin containers, dates,
fixed-offset time zones, plain numpy arrays, dtypes and scalars, pandas frames, series, indexes, blocks,
timestamps and extension arrays. The name is checked before its module is imported; nothing that opens a
file is on the list (no memmap, no pytz or zoneinfo zone loaders). Anything else, and any file that fails to
rebuild, is refused with one line naming the file and the type.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from mockapi.core.user_error import UserError

_BUILTINS = ("slice", "set", "frozenset", "dict", "list", "tuple", "complex", "bytearray", "bytes", "range",
             "str", "int", "float", "bool")  # fmt: skip
_PYTHON = {
    ("datetime", "datetime"), ("datetime", "date"), ("datetime", "time"), ("datetime", "timedelta"),
    ("datetime", "timezone"), ("collections", "OrderedDict"), ("decimal", "Decimal"),
    ("_codecs", "encode"),  # protocol 0-2 store bytes (numpy's raw data) as latin-1 text re-encoded
    ("copyreg", "_reconstructor"),  # protocol 0-1 objects; it only calls classes that are on this list
    ("pytz", "_UTC"), ("dateutil.tz.tz", "tzutc"), ("dateutil.tz.tz", "tzoffset"),  # no zone files read
}  # fmt: skip
# numpy 1.x writes numpy.core.*, numpy 2.x numpy._core.*: plain ndarray only, never a subclass
_NUMPY = {("numpy", "ndarray"), ("numpy", "dtype")} | {
    (f"numpy.{core}.{module}", name)
    for core in ("core", "_core")
    for module, name in (("multiarray", "_reconstruct"), ("multiarray", "scalar"), ("numeric", "_frombuffer"))
}
# pandas 2.0 (the original's pin) names classes by their defining module, pandas 3 by the public one
_PANDAS_CLASSES = {
    "core.frame": ("DataFrame",),
    "core.series": ("Series",),
    "core.indexes.base": ("Index",),
    "core.indexes.range": ("RangeIndex",),
    "core.indexes.multi": ("MultiIndex",),
    "core.indexes.datetimes": ("DatetimeIndex",),
    "core.arrays.categorical": ("Categorical",),
    "core.arrays.datetimes": ("DatetimeArray",),
    "core.arrays.timedeltas": ("TimedeltaArray",),
    "core.arrays.integer": ("IntegerArray", "Int64Dtype"),
    "core.arrays.floating": ("FloatingArray", "Float64Dtype"),
    "core.arrays.boolean": ("BooleanArray", "BooleanDtype"),
    "core.arrays.string_": ("StringArray", "StringDtype"),
    "core.dtypes.dtypes": ("CategoricalDtype", "DatetimeTZDtype"),
    "_libs.missing": ("NA",),
}
_PANDAS_PUBLIC = {
    "": ("DataFrame", "Series", "Index", "RangeIndex", "MultiIndex", "DatetimeIndex", "Categorical", "NA",
         "CategoricalDtype", "DatetimeTZDtype", "Int64Dtype", "Float64Dtype", "BooleanDtype", "StringDtype"),
    "arrays": ("DatetimeArray", "TimedeltaArray", "IntegerArray", "FloatingArray", "BooleanArray",
               "StringArray"),
    # pandas' own rebuild helpers: each builds one of the classes above from plain data
    "core.internals.managers": ("BlockManager", "SingleBlockManager"),
    "_libs.internals": ("_unpickle_block",),
    "_libs.arrays": ("__pyx_unpickle_NDArrayBacked",),
    "core.indexes.base": ("_new_Index",),
    "core.indexes.datetimes": ("_new_DatetimeIndex",),
    "_libs.tslibs.timestamps": ("_unpickle_timestamp",),
    "_libs.tslibs.timedeltas": ("_timedelta_unpickle",),
    "_libs.tslibs.nattype": ("__nat_unpickle", "_nat_unpickle"),
}  # fmt: skip
_PANDAS = {
    ("pandas" + (f".{module}" if module else ""), name)
    for table in (_PANDAS_CLASSES, _PANDAS_PUBLIC)
    for module, names in table.items()
    for name in names
}
ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {("builtins", n) for n in _BUILTINS} | _PYTHON | _NUMPY | _PANDAS
)
# protocol 0-2 pickles spell some names as Python 2 did (the stock unpickler maps them the same way)
_PY2 = {("__builtin__", "xrange"): ("builtins", "range")}
_PY2_MODULES = {"__builtin__": "builtins", "copy_reg": "copyreg"}
# names a later pandas renamed: a file written by the original's pandas 2.0 still loads
_RENAMED = {("pandas._libs.tslibs.nattype", "__nat_unpickle"): "_nat_unpickle"}


class AllowListUnpickler(pickle.Unpickler):
    """`pickle.Unpickler` that resolves only the (module, name) pairs in `ALLOWED`."""

    def __init__(self, file: IO[bytes], label: str) -> None:
        super().__init__(file)
        self.label = label

    def find_class(self, module: str, name: str) -> Any:
        module, name = _PY2.get((module, name), (_PY2_MODULES.get(module, module), name))
        if (module, name) not in ALLOWED:  # checked before anything is imported
            raise UserError(
                f"{self.label}: refusing to unpickle {module}.{name}, a type CRAG's KG files do not use "
                "(a tampered or foreign file?); nothing was imported"
            )
        try:
            return super().find_class(*_current(module, name))
        except AttributeError:
            if (module, name) not in _RENAMED:
                raise self._unknown(module, name) from None
            return super().find_class(module, _RENAMED[module, name])
        except ImportError:
            raise self._unknown(module, name) from None

    def _unknown(self, module: str, name: str) -> UserError:
        return UserError(
            f"{self.label}: {module}.{name} does not exist in the installed numpy/pandas; "
            "the file was written by a version this importer cannot read"
        )

    def persistent_load(self, pid: Any) -> Any:
        raise UserError(f"{self.label}: refusing a persistent reference, which CRAG's KG files do not use")


def _current(module: str, name: str) -> tuple[str, str]:
    """numpy 1.x's numpy.core.* as numpy 2 names it (the old path still works there, with a warning)."""
    if module.startswith("numpy.core."):
        import numpy as np

        if int(np.__version__.split(".")[0]) >= 2:
            return "numpy._core." + module.removeprefix("numpy.core."), name
    return module, name


def load(path: Path) -> Any:
    """The object pickled in the file at `path`."""
    with path.open("rb") as f:
        return _load(AllowListUnpickler(f, str(path)))


def loads(data: bytes, label: str) -> Any:
    """The object pickled in `data`; `label` names where it came from in a refusal."""
    return _load(AllowListUnpickler(io.BytesIO(data), label))


def _load(unpickler: AllowListUnpickler) -> Any:
    try:
        return unpickler.load()
    except UserError:
        raise
    except (
        Exception
    ) as exc:  # any failure to rebuild a foreign file's objects is the file's, said in one line
        reason = " ".join(str(exc).split())[:200] or "no detail"
        raise UserError(
            f"{unpickler.label}: not a readable pickle ({type(exc).__name__}: {reason})"
        ) from None


def expect(value: Any, kind: type | tuple[type, ...], label: str, what: str) -> Any:
    """`value` if it is a `kind`; otherwise a one-line refusal naming the file, what CRAG's file holds there
    and the type found."""
    if not isinstance(value, kind):
        raise UserError(
            f"{label}: expected {what}, found {type(value).__module__}.{type(value).__qualname__}"
        )
    return value


@contextmanager
def crag_shaped(label: str) -> Iterator[None]:
    """Turns the error of a value shaped unlike CRAG's (a number where a list belongs) into one line."""
    try:
        yield
    except (TypeError, AttributeError, KeyError, ValueError, IndexError) as exc:
        reason = " ".join(str(exc).split())[:200]
        raise UserError(
            f"{label}: a value is not shaped as in CRAG's file ({type(exc).__name__}: {reason})"
        ) from None
