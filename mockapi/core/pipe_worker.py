"""A helper process of mockapi.core.pipe_pool: `python -m mockapi.core.pipe_worker module:function`
reads pickled chunks (lists of argument tuples) on stdin and writes `(True, [results])` (or `(False, error)`)
for each, in order, on stdout; ends at end of input."""

from __future__ import annotations

import importlib
import os
import pickle
import sys
import traceback
from typing import Any


def main() -> None:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the results
    module, _, name = sys.argv[1].partition(":")
    function = getattr(importlib.import_module(module), name)
    chunks = sys.stdin.buffer
    while True:
        try:
            items = pickle.load(chunks)
        except EOFError:  # the build has read every result: end now, not after freeing the heap object by
            out.flush()  # object (a pages helper holds the pools: tearing it down took ~0.4 s a helper)
            os._exit(0)
        result: tuple[bool, Any]
        try:
            result = (True, [function(*item) for item in items])
        except Exception:  # the build raises it, with the helper's traceback
            result = (False, traceback.format_exc())
        pickle.dump(result, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()


if __name__ == "__main__":
    main()
