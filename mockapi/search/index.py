"""The memory-mapped search index of one world, and candidate scoring.

Scores are sums of the postings' precomputed weights, added token by token in query order (repeats again),
starting from 0.0: the same float additions, in the same order, as both original libraries make.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from mockapi.search.arrays import Mapped, Positioned, Strings, token_hash
from mockapi.search.build import FORMAT, SEARCH_DIR

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Span = tuple[int, int]


@dataclass
class Scored:
    docs: Ints
    """Candidate documents (every document holding a scored query token), ascending."""
    scores: Floats
    first_seen: Ints
    """Position of each candidate's first posting in the walk (tokens in query order): fast_bm25's ties."""


class CorpusIndex:
    def __init__(self, folder: Path) -> None:
        self.tokens = Strings(folder, "tokens")
        self.tok_hash = Mapped(folder / "tok_hash", np.uint64).mv
        self.tok_of_hash = Mapped(folder / "tok_of_hash", np.int64).mv
        self.tok_start = Mapped(folder / "tok_start", np.int64).mv
        self.post_doc = Mapped(folder / "post_doc", np.int32)
        self.post_w = Mapped(folder / "post_w", np.float64)
        self.post_w2 = Mapped(folder / "post_w2", np.float64)
        self.docs = Strings(folder, "docs")
        self.doc_len = Mapped(folder / "doc_len", np.int32)
        self.doc_hash = Mapped(folder / "doc_hash", np.uint64).mv
        self.doc_of_hash = Mapped(folder / "doc_of_hash", np.int64).mv
        self.exp_start = Mapped(folder / "exp_start", np.int64).mv
        self.names = Strings(folder, "names")
        self.n_docs = len(self.doc_len.mv)
        self._local = threading.local()

    def _token(self, token: str) -> int:
        found = _lookup(self.tok_hash, self.tok_of_hash, self.tokens, token.encode("utf-8"))
        return found[0] if found else -1

    def exact_docs(self, norm: str) -> list[int]:
        """Documents whose text is exactly `norm`, ascending."""
        return sorted(_lookup(self.doc_hash, self.doc_of_hash, self.docs, norm.encode("utf-8")))

    def spans(self, tokens: list[str], cutoff: bool) -> list[Span]:
        """Posting spans of the query tokens in query order; unknown tokens (and, with `cutoff`, the terms
        fast_bm25 dropped) are skipped."""
        out = []
        for token in tokens:
            t = self._token(token)
            if t < 0:
                continue
            a, b = self.tok_start[t], self.tok_start[t + 1]
            if cutoff and self.post_w2.mv[a] != self.post_w2.mv[a]:  # NaN: dropped term
                continue
            out.append((a, b))
        return out

    def score_dict(self, spans: list[Span], cutoff: bool) -> dict[int, float]:
        """doc -> score, in first-scored order (plain Python: fastest for short postings)."""
        weights = (self.post_w2 if cutoff else self.post_w).mv
        scores: dict[int, float] = {}
        get = scores.get
        for a, b in spans:
            for doc, w in zip(self.post_doc.mv.items(a, b), weights.items(a, b), strict=True):
                scores[doc] = get(doc, 0.0) + w
        return scores

    def score_arrays(self, spans: list[Span], cutoff: bool) -> Scored:
        """The same scores with numpy, for long postings (a per-thread dense accumulator, reset after use)."""
        weights = (self.post_w2 if cutoff else self.post_w).np
        acc = self._accumulator()
        parts = []
        for a, b in spans:
            ids = self.post_doc.np[a:b]
            acc[ids] += weights[a:b]  # ids are distinct within a token: one addition per document
            parts.append(ids)
        docs, first = np.unique(np.concatenate(parts), return_index=True)
        scores = acc[docs].copy()
        acc[docs] = 0.0
        return Scored(docs.astype(np.int64), scores, first.astype(np.int64))

    def _accumulator(self) -> Floats:
        acc: Floats | None = getattr(self._local, "acc", None)
        if acc is None:
            acc = np.zeros(self.n_docs)  # calloc'd: only pages that get used become resident
            self._local.acc = acc
        return acc

    def expand(self, doc: int) -> list[str]:
        start, stop = self.exp_start.items(doc, doc + 2)
        return self.names.span(start, stop)


def _lookup(hashes: Positioned, ids: Positioned, strings: Strings, raw: bytes) -> list[int]:
    """Ids of the strings equal to `raw`, through the sorted 64-bit hashes (collisions checked)."""
    h = token_hash(raw)
    i = hashes.bisect_left(h)
    found = []
    while i < len(hashes) and hashes[i] == h:
        if strings.raw(ids[i]) == raw:
            found.append(int(ids[i]))
        i += 1
    return found


class SearchIndex:
    """Every corpus of a world's `search/` folder."""

    def __init__(self, folder: Path) -> None:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        if meta.get("format") != FORMAT:
            raise ValueError(f"{folder}: search index format {meta.get('format')}, expected {FORMAT}")
        self.corpora = {name: CorpusIndex(folder / name) for name in meta["docs"]}

    @staticmethod
    def present(world: Path) -> bool:
        meta = world / SEARCH_DIR / "meta.json"
        try:
            return bool(json.loads(meta.read_text(encoding="utf-8")).get("format") == FORMAT)
        except (OSError, ValueError):
            return False
