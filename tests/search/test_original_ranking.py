"""`--search original` against independent references: rank_bm25 itself (the library the original uses) for
open/movie/finance, and a plain transcription of contract §2.3 for music's IDF cut-off variant.

Corpora are generated from small vocabularies so that ties, repeated tokens, terms in half or more of the
documents (zero and negative IDF) and tiny corpora all occur.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from mockapi.core.textnorm import normalize
from mockapi.search import rank
from mockapi.search.build import write_corpus
from mockapi.search.corpus import Layout, build_docs
from mockapi.search.index import CorpusIndex
from mockapi.search.rank import search

rank_bm25 = pytest.importorskip("rank_bm25", reason="rank-bm25 (the [dev] extra) is the reference")

VOCAB = ["red", "river", "the", "of", "blue", "day", "green", "a", "Big", "Love", "état", "x-ray", "o'neil"]


def random_names(rng: random.Random, n: int, vocab: list[str]) -> list[str]:
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < n:
        length = rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 6])
        # Zipf-like word choice: a few words everywhere (low or negative IDF), many rare ones
        words = [vocab[min(int(rng.paretovariate(1.2)) - 1, len(vocab) - 1)] for _ in range(length)]
        name = " ".join(words)
        if rng.random() < 0.2:
            name = name.upper() + rng.choice(["", ".", " (film)", "!"])
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def queries_for(rng: random.Random, names: list[str], vocab: list[str]) -> list[str]:
    picked = rng.sample(names, min(12, len(names)))
    return [
        *picked,
        *(" ".join(rng.choices(vocab, k=rng.randint(1, 4))) for _ in range(12)),
        "red red red",
        "the the of",
        "river red river",
        "unknownword",
        "unknownword red",
        "",
        "?!",
        "THE",
    ]


@pytest.fixture(autouse=True, params=["python", "numpy", "dense"])
def scoring_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test on each path: plain Python (short postings), numpy (long ones), dense (small corpora)."""
    if request.param == "numpy":
        monkeypatch.setattr(rank, "SMALL", -1)
    if request.param in ("python", "numpy"):  # the tie-detecting paths, also on small corpora
        monkeypatch.setattr(rank, "DENSE", 0)
    return str(request.param)


def index_for(tmp: Path, layout: Layout, names: list[str], cutoff: bool) -> CorpusIndex:
    write_corpus(tmp, build_docs(layout, names), cutoff)
    return CorpusIndex(tmp)


def okapi_reference(names: list[str], layout: Layout, query: str) -> list[str]:
    """The original server's open/finance/movie search, with rank_bm25 doing the scoring."""
    key_map: dict[str, list[str]] = {}
    for name in names:
        key_map.setdefault(normalize(name), []).append(name)
    if layout == "sorted":
        corpus = [d.split() for d in sorted(key_map)]
    elif layout == "names":
        corpus = [normalize(n).split() for n in names]
    else:
        corpus = [n.split() for n in names]
        key_map = {" ".join(t): [" ".join(t)] for t in corpus}
    bm25 = rank_bm25.BM25Okapi(corpus)
    scores = bm25.get_scores(normalize(query).split())
    top = np.argsort(scores)[::-1][:10]
    hits = [" ".join(corpus[i]) for i in top if scores[i] != 0]
    return [name for hit in hits for name in key_map[hit]][:10]


def cutoff_reference(names: list[str], query: str) -> list[str]:
    """Contract §2.3 transcribed: IDF > 4 kept, scores in first-scored order, stable sort by score."""
    key_map: dict[str, list[str]] = {}
    for name in names:
        key_map.setdefault(normalize(name), []).append(name)
    docs = [d.split() for d in sorted(key_map)]
    n = len(docs)
    avgdl = sum(len(d) for d in docs) / n
    df: dict[str, int] = {}
    for doc in docs:
        for token in set(doc):
            df[token] = df.get(token, 0) + 1
    idf = {t: math.log(n - f + 0.5) - math.log(f + 0.5) for t, f in df.items()}
    kept = {t: v for t, v in idf.items() if v > 4}
    scores: dict[int, float] = {}
    for token in normalize(query).split():
        if token not in kept:
            continue
        for i, doc in enumerate(docs):
            tf = doc.count(token)
            if tf:
                denom = 1.5 * (1 - 0.75 + 0.75 * len(doc) / avgdl)
                scores[i] = scores.get(i, 0.0) + kept[token] * tf * 2.5 / (tf + denom)
    ranked = sorted(scores, key=lambda i: scores[i], reverse=True)[:10]
    return [name for i in ranked for name in key_map[" ".join(docs[i])]][:10]


@pytest.mark.parametrize("layout", ["sorted", "names", "keys"])
@pytest.mark.parametrize("size", [1, 3, 9, 40, 400, 3000])
def test_okapi_ranking_equals_rank_bm25(tmp_path: Path, layout: Layout, size: int) -> None:
    rng = random.Random(size * 7 + len(layout))
    names = random_names(rng, size, VOCAB + [f"w{i}" for i in range(size // 3)])
    if layout == "keys":  # movie keys are stored normalised
        names = list(dict.fromkeys(normalize(n) for n in names if normalize(n)))
    index = index_for(tmp_path, layout, names, cutoff=False)
    for query in queries_for(rng, names, VOCAB):
        assert search(index, query, "original", cutoff=False) == okapi_reference(names, layout, query), query


@pytest.mark.parametrize("size", [200, 2000])
def test_music_cutoff_ranking_equals_contract(tmp_path: Path, size: int) -> None:
    rng = random.Random(size)
    vocab = VOCAB + [f"w{i}" for i in range(size // 4)]
    names = random_names(rng, size, vocab)
    names += [f"{rng.choice(vocab)} feel {rng.choice(vocab)} {rng.choice(vocab)}" for _ in range(8)]
    index = index_for(tmp_path, "sorted", names, cutoff=True)
    queries = [*queries_for(rng, names, vocab), "i can feel it", "feel feel", "w1 w2 w1"]
    for query in queries:
        assert search(index, query, "original", cutoff=True) == cutoff_reference(names, query), query


def test_ties_are_broken_as_numpy_argsort_breaks_them(tmp_path: Path) -> None:
    # 30 equally scored two-token names: the order is numpy's, not alphabetical nor by position
    names = [f"red w{i}" for i in range(30)] + [f"blue w{i}" for i in range(300)]
    index = index_for(tmp_path, "sorted", names, cutoff=False)
    got = search(index, "red", "original", cutoff=False)
    assert got == okapi_reference(names, "sorted", "red")
    assert len(got) == 10


def test_improved_puts_the_exact_match_first(tmp_path: Path) -> None:
    names = ["Red River Valley", "Red River", "The Red River Shore", "red  river!"]
    index = index_for(tmp_path, "sorted", names + [f"w{i}" for i in range(50)], cutoff=False)
    got = search(index, "RED river", "improved", cutoff=False)
    assert got[:2] == ["Red River", "red  river!"]
    assert set(got) == set(names)
