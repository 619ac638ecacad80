"""The fetch helper process of a run (crag_eval.run.fetcher): reads pickled /web/search requests on stdin,
writes `(ok, (pages, evidence))` or `(False, error)` for each, in order, on stdout; ends at end of input.

Lean on purpose: `http.client` and orjson, not httpx and the SDK. It starts in ~0.05 s of CPU instead of
~0.4 s (no httpx, pydantic or wire models to import), and reads a 17 MB answer with one buffered read
(~5 ms a question on tiny, against ~27 ms for httpx's 64 KB chunks through h11). It asks for gzip even on
loopback: the server then sends the pages' stored deflate segments as they are (mockapi/web/html_store.py),
so the ~17 ms a question of inflating them moves out of the run's process (where the in-process server
shares the model's GIL) into this one, as ~7 ms of ISA-L inflate. One attempt per request:
any failure (a refused connection, a status other than 200, a proxy it does not know about) is answered
`(False, …)`, and the run's process fetches that question again with the SDK's retries, as before.
"""

from __future__ import annotations

import http.client
import os
import pickle
import sys
from typing import Any
from urllib.parse import urlsplit

import orjson
from isal import isal_zlib  # ISA-L: inflates 2-3x faster than zlib

from crag_eval.run.frames import MEDIA_TYPE, read_frames_keyed
from crag_eval.score.phrases import served_evidence

TIMEOUT_S = 60.0


class Connections:
    """One kept-alive connection per server (a run has one)."""

    def __init__(self) -> None:
        self.open: dict[tuple[str, str, int | None], http.client.HTTPConnection] = {}

    def post(self, url: str, body: bytes, headers: dict[str, str]) -> tuple[bytes, str]:
        """The body of a 200 answer (gunzipped if it came gzipped) and its media type; raises on anything
        else."""
        parts = urlsplit(url)
        key = (parts.scheme, parts.hostname or "", parts.port)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        sent = {**headers, "content-type": "application/json"}
        for fresh in (key not in self.open, True):  # a kept-alive connection the server closed: once more
            conn = self.open.get(key) or self._connect(key)
            try:
                conn.request("POST", target, body=body, headers=sent)
                response = conn.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                self.open.pop(key, None)
                if fresh:
                    raise
                continue
            if response.status != 200:
                raise RuntimeError(f"HTTP {response.status}")
            if response.getheader("content-encoding", "").lower() == "gzip":
                data = isal_zlib.decompress(data, wbits=31)
            return data, response.getheader("content-type", "").split(";")[0].strip().lower()
        raise AssertionError("unreachable: the fresh attempt returns or raises")

    def close(self) -> None:
        for conn in self.open.values():
            conn.close()
        self.open = {}

    def _connect(self, key: tuple[str, str, int | None]) -> http.client.HTTPConnection:
        scheme, host, port = key
        kind = http.client.HTTPSConnection if scheme == "https" else http.client.HTTPConnection
        conn = kind(host, port, timeout=TIMEOUT_S)
        self.open[key] = conn
        return conn


def search(
    connections: Connections,
    target: str,
    body: bytes,
    headers: dict[str, str],
    k: int,
    phrases: tuple[str, ...],
) -> tuple[Any, Any]:
    """One /web/search request, one attempt: (pages, evidence) as crag_eval.score.phrases.served_evidence
    gives them. Also made in a run's own process when no helper runs (crag_eval.run.fetcher.Ticket).
    A server that answers in frames (crag_eval/run/frames.py: asked for by `crag_eval.run.fetcher`) is
    read page by page; any other answer is JSON."""
    data, media_type = connections.post(target, body, headers)
    if media_type == MEDIA_TYPE:
        reply, keys = read_frames_keyed(data)
        return served_evidence(reply, k, phrases, keys)
    return served_evidence(orjson.loads(data), k, phrases)


def main() -> None:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the results
    requests = sys.stdin.buffer
    connections = Connections()
    while True:
        try:
            target, body, headers, k, phrases = pickle.load(requests)
        except EOFError:
            return
        result: tuple[bool, Any]
        try:
            result = (True, search(connections, target, body, headers, k, phrases))
        except Exception as exc:  # the run loop fetches this one again in-process, which reports it
            result = (False, f"{exc.__class__.__name__}: {exc}")
        pickle.dump(result, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()


if __name__ == "__main__":
    main()
