"""The memory-mapped search index of one world, and the candidate scoring both rankings share."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from mockapi.search.build import FORMAT, SEARCH_DIR
from mockapi.search.strings import StringTable

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass
class Scored:
    docs: Ints
    """Candidate documents: every document holding at least one known query token, ascending."""
    scores: Floats
    """Their scores, summed token by token in query order."""
    first_seen: Ints
    """Rank of each candidate in the order the tokens' postings are walked (fast_bm25's tie order)."""


class CorpusIndex:
    def __init__(self, folder: Path) -> None:
        self.tokens = StringTable(folder, "tokens")
        self.tok_start: Ints = np.load(folder / "tok_start.npy", mmap_mode="r")
        self.post_doc: npt.NDArray[np.int32] = np.load(folder / "post_doc.npy", mmap_mode="r")
        self.post_w: Floats = np.load(folder / "post_w.npy", mmap_mode="r")
        self.post_w2: Floats = np.load(folder / "post_w2.npy", mmap_mode="r")
        self.docs = StringTable(folder, "docs")
        self.doc_len: npt.NDArray[np.int32] = np.load(folder / "doc_len.npy", mmap_mode="r")
        self.exp_start: Ints = np.load(folder / "exp_start.npy", mmap_mode="r")
        self.names = StringTable(folder, "names")
        self.n_docs = len(self.doc_len)

    def span(self, token: str) -> tuple[int, int] | None:
        t = self.tokens.find_sorted(token.encode("utf-8"))
        if t < 0:
            return None
        return int(self.tok_start[t]), int(self.tok_start[t + 1])

    def score(self, tokens: list[str], cutoff: bool) -> Scored:
        """Scores of the candidates of `tokens` (repeats count again); `cutoff` uses the music weights and
        skips the terms fast_bm25 dropped."""
        weights = self.post_w2 if cutoff else self.post_w
        parts: list[tuple[npt.NDArray[np.int32], Floats]] = []
        for token in tokens:
            span = self.span(token)
            if span is None or span[0] == span[1]:
                continue
            w = weights[span[0] : span[1]]
            if cutoff and np.isnan(w[0]):
                continue
            parts.append((self.post_doc[span[0] : span[1]], w))
        if not parts:
            empty = np.zeros(0, dtype=np.int64)
            return Scored(empty, np.zeros(0), empty)
        if len(parts) == 1:
            ids = parts[0][0].astype(np.int64)
            return Scored(ids, np.array(parts[0][1], dtype=np.float64), np.arange(len(ids)))
        all_ids = np.concatenate([p[0] for p in parts])
        docs, first, inverse = np.unique(all_ids, return_index=True, return_inverse=True)
        scores = np.zeros(len(docs))
        # np.add.at adds element by element in array order: query order, as the libraries' `+=` loops
        np.add.at(scores, inverse, np.concatenate([p[1] for p in parts]))
        return Scored(docs.astype(np.int64), scores, first.astype(np.int64))

    def expand(self, doc: int) -> list[str]:
        return [self.names.get(i) for i in range(int(self.exp_start[doc]), int(self.exp_start[doc + 1]))]


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
