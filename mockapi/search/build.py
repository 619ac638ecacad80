"""Build `<world>/search/`: per corpus, the postings with precomputed weights and the hit expansions.

Layout of `<world>/search/<corpus>/` (raw little-endian arrays, all memory-mapped by the server):
- `tokens.bin/.off`: the vocabulary; `tok_hash` (uint64, sorted) and `tok_of_hash` (int64) find a token by its
  64-bit hash with one bisect;
- `tok_start` (int64, T+1): token t's postings are `[tok_start[t], tok_start[t+1])`;
- `post_doc` (int32, ascending per token), `post_w` (BM25Okapi weight), `post_w2` (the music cut-off weight;
  NaN where fast_bm25 dropped the term; empty for the other corpora);
- `docs.bin/.off` (document text), `doc_len` (int32, tokens per document); `doc_hash`/`doc_of_hash` find the
  documents whose text equals the normalised query (the improved ranking's exact match);
- `exp_start` (int64, N+1) and `names.bin/.off`: the original names each document answers.
Derived only from kg.duckdb's tables (covered by the content hash) and FORMAT (part of the code version).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from mockapi.core.staging import folder_digest, stage
from mockapi.search.arrays import token_hash, write_array, write_strings
from mockapi.search.corpus import CORPORA, Corpus, Docs, build_docs
from mockapi.search.weights import cutoff_idf, cutoff_weights, okapi_idf, okapi_weights

if TYPE_CHECKING:  # the serving process reads FORMAT and SEARCH_DIR from here, and never builds
    import duckdb

FORMAT = 4
SEARCH_DIR = "search"


def build_search_index(con: duckdb.DuckDBPyConnection, world: Path) -> None:
    """(Re)write `world/search/` from the domain tables of `con`; atomic (built aside, then renamed)."""
    with stage(world / SEARCH_DIR, "building") as tmp:
        _write_search(con, tmp)


def _write_search(con: duckdb.DuckDBPyConnection, tmp: Path) -> None:
    sizes = {}
    for corpus in CORPORA:
        folder = tmp / corpus.name
        folder.mkdir()
        docs = build_docs(corpus.layout, _distinct_names(con, corpus))
        write_corpus(folder, docs, corpus.scoring == "cutoff")
        sizes[corpus.name] = len(docs.text)
    meta = {"format": FORMAT, "docs": sizes, "digest": folder_digest(tmp)}
    (tmp / "meta.json").write_text(json.dumps(meta, sort_keys=True) + "\n")


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
    vocab = list(postings)
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
    hashes = np.array([token_hash(t.encode("utf-8")) for t in vocab], dtype=np.uint64)
    by_hash = np.argsort(hashes, kind="stable")
    write_array(folder / "tok_hash", hashes[by_hash])
    write_array(folder / "tok_of_hash", by_hash.astype(np.int64))
    write_array(folder / "tok_start", starts)
    write_array(folder / "post_doc", post_doc)
    write_array(folder / "post_w", post_w)
    write_array(folder / "post_w2", post_w2 if cutoff else post_w2[:0])
    write_strings(folder, "docs", docs.text)
    doc_hashes = np.array([token_hash(t.encode("utf-8")) for t in docs.text], dtype=np.uint64)
    by_doc_hash = np.argsort(doc_hashes, kind="stable")
    write_array(folder / "doc_hash", doc_hashes[by_doc_hash])
    write_array(folder / "doc_of_hash", by_doc_hash.astype(np.int64))
    write_array(folder / "doc_len", doc_len.astype(np.int32))
    exp_start = np.zeros(n_docs + 1, dtype=np.int64)
    np.cumsum([len(e) for e in docs.expansions], out=exp_start[1:])
    write_array(folder / "exp_start", exp_start)
    write_strings(folder, "names", [name for names in docs.expansions for name in names])
