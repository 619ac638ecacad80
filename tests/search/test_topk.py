"""MaxScore pruning of the improved ranking's top candidates (mockapi/search/topk.py) gives exactly the pairs
that scoring every document gives, while scoring fewer documents when a query mixes common and rare tokens."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mockapi.core.textnorm import normalize
from mockapi.search.build import write_corpus
from mockapi.search.corpus import Layout, build_docs
from mockapi.search.index import CorpusIndex
from mockapi.search.topk import best, pruned

COMMON = ["the", "of", "a", "love", "red"]


def corpus(rng: random.Random, size: int) -> list[str]:
    """Names where a few words are everywhere (long postings, low IDF) and most are rare."""
    rare = [f"w{i}" for i in range(size // 3)]
    names: set[str] = set()
    while len(names) < size:
        words = [
            rng.choice(COMMON) if rng.random() < 0.45 else rng.choice(rare) for _ in range(rng.randint(1, 5))
        ]
        names.add(" ".join(words))
    return sorted(names)


def queries(rng: random.Random, names: list[str]) -> list[str]:
    picked = rng.sample(names, 20)
    mixed = [f"{rng.choice(COMMON)} {rng.choice(COMMON)} {rng.choice(n.split())}" for n in picked]
    return [*picked, *mixed, "the the of", "the", "of a", "the w1 w1", "unknownword the", "w2 w3 w4 the"]


@pytest.mark.parametrize("layout", ["sorted", "names"])
@pytest.mark.parametrize("size", [60, 3000, 20000])
def test_pruned_top_equals_scoring_everything(tmp_path: Path, layout: Layout, size: int) -> None:
    rng = random.Random(size)
    names = corpus(rng, size)
    write_corpus(tmp_path, build_docs(layout, names), False)
    index = CorpusIndex(tmp_path)
    saved = 0
    for query in queries(rng, names):
        spans = index.spans(normalize(query).split(), False)
        if not spans:
            continue
        everything = index.score_arrays(spans, False)
        for k in (1, 3, 20):
            got, scored = pruned(index, spans, k)
            assert got == best(everything, k), (query, k)
            saved += scored < len(everything.docs)
    if size >= 3000:  # a query of common words plus a rare one scores only the rare word's documents
        assert saved > 20
