"""Read side of `<world>/passages/`: BM25 over passage text and title, a whole batch of queries at once.

A batch (Search-R1 sends up to 2,560 queries a request) is answered by a thread pool over one searcher:
tantivy releases the GIL while it searches, so the queries run in parallel inside the one process. Opened
through a shadow directory of symlinks, as the page index is (mockapi/web/index.py): the world may be
read-only and tantivy's reader takes a lock file beside the segments.
"""

from __future__ import annotations

import os
import shutil
import weakref
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from mockapi.retrieve.build import PASSAGES_DIR, TITLE_BOOST
from mockapi.web.fulltext import any_term, epoch, shadow
from mockapi.web.snippet import query_terms

CHUNK = 64
"""Queries per task handed to the pool: big enough that the pool's bookkeeping is noise."""


@dataclass(frozen=True)
class Passage:
    """One passage found for a query."""

    id: str
    title: str
    text: str
    score: float


class PassageIndex:
    """The passage index of one world; safe to share between threads."""

    def __init__(self, world: Path, threads: int | None = None) -> None:
        import tantivy

        links = shadow(world / PASSAGES_DIR)
        self._cleanup = weakref.finalize(self, shutil.rmtree, links, True)
        self._index = tantivy.Index.open(str(links))
        self._index.config_reader(reload_policy="Manual")  # the world never changes under a server
        self._schema = self._index.schema
        self._pool = ThreadPoolExecutor(threads or os.cpu_count() or 1, thread_name_prefix="retrieve")
        self._only: tuple[frozenset[str], Any] | None = None

    def close(self) -> None:
        """Stop the pool and remove the shadow directory."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._cleanup()

    def search_many(
        self,
        queries: Sequence[str],
        k: int,
        cutoff: datetime | None = None,
        within: frozenset[str] | None = None,
    ) -> list[list[Passage]]:
        """The top `k` passages of each query, in the queries' order: pages not modified after `cutoff`,
        and with `within` only passages of pages at those URLs (Task 1/2)."""
        searcher = self._index.searcher()
        filters = self._filters(cutoff, within)
        chunks = [queries[i : i + CHUNK] for i in range(0, len(queries), CHUNK)]
        if len(chunks) == 1:  # one short batch: no hop through the pool
            return [self._search(searcher, q, k, filters) for q in queries]
        done = self._pool.map(lambda part: [self._search(searcher, q, k, filters) for q in part], chunks)
        return [found for part in done for found in part]

    def _filters(self, cutoff: datetime | None, within: frozenset[str] | None) -> list[Any]:
        import tantivy

        filters = []
        if cutoff is not None:
            filters.append(
                tantivy.Query.range_query(
                    self._schema, "modified", tantivy.FieldType.Integer, None, epoch(cutoff)
                )
            )
        if within is not None:
            if self._only is None or self._only[0] is not within:  # fixed for a server's life: built once
                self._only = (within, tantivy.Query.term_set_query(self._schema, "url", sorted(within)))
            filters.append(self._only[1])
        return filters

    def _search(self, searcher: Any, query: str, k: int, filters: list[Any]) -> list[Passage]:
        import tantivy

        matcher = any_term(self._schema, query_terms(query), "title", TITLE_BOOST)
        if matcher is None:
            return []
        if filters:
            musts = [(tantivy.Occur.Must, q) for q in (matcher, *filters)]
            matcher = tantivy.Query.boolean_query(musts)
        found = searcher.search(matcher, limit=k, count=False).hits
        hits = [(float(score), searcher.doc(address)) for score, address in found]
        # ties by passage id: the order must not depend on segment layout
        hits.sort(key=lambda hit: (-hit[0], hit[1].get_first("id")))
        return [
            Passage(doc.get_first("id"), doc.get_first("title"), doc.get_first("text"), score)
            for score, doc in hits
        ]
