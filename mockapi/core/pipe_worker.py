"""A helper process of mockapi.core.pipe_pool: `python -m mockapi.core.pipe_worker` reads pickled chunks
`("module:function", [argument tuples])` on stdin and writes `(True, [results])` (or `(False, error)`) for
each, in order, on stdout; ends at end of input. Each chunk names its function, so one helper serves every
stage of a build, importing each module once."""

from __future__ import annotations

import importlib
import os
import pickle
import sys
import traceback
from collections.abc import Callable
from typing import Any


def main() -> None:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the results
    functions: dict[str, Callable[..., Any]] = {}
    chunks = sys.stdin.buffer
    while True:
        try:
            name, items = pickle.load(chunks)
        except EOFError:  # the build has read every result: end now, not after freeing the heap object by
            out.flush()  # object (a pages helper holds the pools: tearing it down took ~0.4 s a helper)
            os._exit(0)
        result: tuple[bool, Any]
        try:
            function = functions.get(name) or functions.setdefault(name, _function(name))
            result = (True, [function(*item) for item in items])
        except Exception:  # the build raises it, with the helper's traceback
            result = (False, traceback.format_exc())
        pickle.dump(result, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()


def _function(name: str) -> Callable[..., Any]:
    module, _, qualname = name.partition(":")
    return getattr(importlib.import_module(module), qualname)  # type: ignore[no-any-return]


if __name__ == "__main__":
    main()
