"""The fetch helper process of a run (crag_eval.fetcher): reads pickled /web/search requests on stdin,
writes `(ok, (pages, evidence))` or `(False, error)` for each, in order, on stdout; ends at end of input."""

from __future__ import annotations

import os
import pickle
import sys
from typing import Any

import httpx

from crag_eval.diagnostics import post_search, served_evidence


def main() -> None:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the results
    requests = sys.stdin.buffer
    with httpx.Client(timeout=60.0) as http:
        while True:
            try:
                target, body, headers, retry, k, phrases = pickle.load(requests)
            except EOFError:
                return
            result: tuple[bool, Any]
            try:
                result = (True, served_evidence(post_search(http, target, body, headers, retry), k, phrases))
            except Exception as exc:  # the run loop fetches this one again in-process, which reports it
                result = (False, f"{exc.__class__.__name__}: {exc}")
            pickle.dump(result, out, protocol=pickle.HIGHEST_PROTOCOL)
            out.flush()


if __name__ == "__main__":
    main()
