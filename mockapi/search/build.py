"""Build `<world>/search/`: per corpus, the postings with precomputed weights and the hit expansions.

Layout of `<world>/search/<corpus>/` (all memory-mapped by the server):
- `tokens.bin/.off.npy`: the vocabulary, sorted by UTF-8 bytes (binary-searched per query token);
- `tok_start.npy` (int64, T+1): token t's postings are `[tok_start[t], tok_start[t+1])`;
- `post_doc.npy` (int32, ascending per token), `post_w.npy` (BM25Okapi weight), `post_w2.npy` (the music
  cut-off weight; NaN where fast_bm25 dropped the term);
- `docs.bin/.off.npy` (document text), `doc_len.npy` (tokens per document);
- `exp_start.npy` (int64, N+1) and `names.bin/.off.npy`: the original names each document answers.
Derived only from kg.duckdb's tables (covered by the content hash) and FORMAT (part of the code version).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import numpy as np

from mockapi.search.corpus import CORPORA, Corpus, Docs, build_docs
from mockapi.search.strings import write_strings
from mockapi.search.weights import cutoff_idf, cutoff_weights, okapi_idf, okapi_weights

FORMAT = 1
SEARCH_DIR = "search"


def build_search_index(con: duckdb.DuckDBPyConnection, world: Path) -> None:
    """(Re)write `world/search/` from the domain tables of `con`; atomic (built aside, then renamed)."""
    target = world / SEARCH_DIR
    tmp = world / (SEARCH_DIR + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    sizes = {}
    for corpus in CORPORA:
        folder = tmp / corpus.name
        folder.mkdir()
        docs = build_docs(corpus.layout, _distinct_names(con, corpus))
        write_corpus(folder, docs, corpus.scoring == "cutoff")
        sizes[corpus.name] = len(docs.text)
    (tmp / "meta.json").write_text(json.dumps({"format": FORMAT, "docs": sizes}, sort_keys=True) + "\n")
    old = world / (SEARCH_DIR + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    tmp.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def _distinct_names(con: duckdb.DuckDBPyConnection, corpus: Corpus) -> list[str]:
    """Distinct names at their first KG position: a later duplicate overwrites the value in the original's
    dict but keeps the key's place."""
    rows = con.execute(
        f"SELECT {corpus.column} FROM (SELECT {corpus.column}, min({corpus.order}) AS o"
        f" FROM {corpus.table} GROUP BY {corpus.column}) ORDER BY o"
    ).fetchall()
    return [r[0] for r in rows]


def _postings(docs: Docs) -> dict[str, tuple[list[int], list[int]]]:
    """token -> (ascending doc ids, term frequencies), in first-occurrence order (library dict order)."""
    postings: dict[str, tuple[list[int], list[int]]] = {}
    for doc, tokens in enumerate(docs.tokens):
        counts: dict[str, int] = {}
        for token in tokens:
            counts[token] = counts.get(token, 0) + 1
        for token, tf in counts.items():
            entry = postings.get(token)
            if entry is None:
                postings[token] = ([doc], [tf])
            else:
                entry[0].append(doc)
                entry[1].append(tf)
    return postings


def write_corpus(folder: Path, docs: Docs, cutoff: bool) -> None:
    n_docs = len(docs.tokens)
    doc_len = np.array([len(t) for t in docs.tokens], dtype=np.int64)
    avgdl = int(doc_len.sum()) / n_docs if n_docs else 1.0
    postings = _postings(docs)
    dfs = [len(p[0]) for p in postings.values()]
    idf = dict(zip(postings, okapi_idf(n_docs, dfs), strict=True))
    idf2 = dict(zip(postings, cutoff_idf(n_docs, dfs), strict=True)) if cutoff else {}
    vocab = sorted(postings, key=lambda t: t.encode("utf-8"))
    starts = np.zeros(len(vocab) + 1, dtype=np.int64)
    np.cumsum([len(postings[t][0]) for t in vocab], out=starts[1:])
    post_doc = np.empty(int(starts[-1]), dtype=np.int32)
    post_w = np.empty(int(starts[-1]), dtype=np.float64)
    post_w2 = np.full(int(starts[-1]), np.nan, dtype=np.float64)
    for i, token in enumerate(vocab):
        ids, tfs = postings[token]
        span = slice(int(starts[i]), int(starts[i + 1]))
        id_array = np.array(ids, dtype=np.int32)
        tf = np.array(tfs, dtype=np.float64)
        dl = doc_len[id_array].astype(np.float64)
        post_doc[span] = id_array
        post_w[span] = okapi_weights(idf[token], tf, dl, avgdl)
        kept = idf2.get(token)
        if kept is not None:
            post_w2[span] = cutoff_weights(kept, tf, dl, avgdl)
    write_strings(folder, "tokens", vocab)
    np.save(folder / "tok_start.npy", starts)
    np.save(folder / "post_doc.npy", post_doc)
    np.save(folder / "post_w.npy", post_w)
    np.save(folder / "post_w2.npy", post_w2)
    write_strings(folder, "docs", docs.text)
    np.save(folder / "doc_len.npy", doc_len.astype(np.int32))
    exp_start = np.zeros(n_docs + 1, dtype=np.int64)
    np.cumsum([len(e) for e in docs.expansions], out=exp_start[1:])
    np.save(folder / "exp_start.npy", exp_start)
    write_strings(folder, "names", [name for names in docs.expansions for name in names])
