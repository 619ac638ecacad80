"""Entity-name search: BM25Okapi tables inside kg.duckdb, queried with one SQL statement (contract §2.2).

Tables (created here, in code, because they are derived data: `build_name_index` drops and rebuilds them):
- `name_docs(corpus, doc_id, norm, len)`: the search documents. open/music: the distinct normalised names;
  movie: the db keys; finance: one document per distinct original name (so two names that normalise alike
  both hit, each expanded to both names, as the original does).
- `name_names(corpus, norm, ord, name)`: expansion of a normalised name to its original names, in KG order.
- `name_postings(corpus, token, doc_id, w)`: `w` is the whole BM25 term weight
  idf·tf·(k1+1)/(tf+k1·(1-b+b·len/avgdl)), precomputed, so a query only sums `w` over its tokens
  (a repeated query token counts again).

`doc_id` follows (norm, first KG position): tables sorted by it are sorted by norm too, so DuckDB's zone maps
prune lookups by token, by doc_id and by norm alike (no ART index needed, fast at 2.6M names).

Ranking: our deliberate improvement over the original puts an exact normalised match first; then score
descending, then doc_id (deterministic, unlike numpy's argsort ties); zero scores dropped; top 10 documents
expanded to original names and cut to 10.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb

from mockapi.textnorm import normalize

K1 = 1.5
B = 0.75
EPSILON = 0.25
TOP_N = 10


@dataclass(frozen=True)
class Corpus:
    name: str
    table: str
    column: str
    order: str
    """SQL expression giving KG order."""
    distinct_norms: bool
    """True: one document per normalised form; False: one per distinct original name."""


CORPORA: tuple[Corpus, ...] = (
    Corpus("open", "open_entities", "name", "ord", True),
    Corpus("movie_movie", "movie_movies", "key", "rowid", True),
    Corpus("movie_person", "movie_persons", "key", "rowid", True),
    Corpus("finance", "fin_companies", "name", "ord", False),
    Corpus("music_artist", "music_artists", "name", "ord", True),
    Corpus("music_song", "music_songs", "name", "ord", True),
)

DDL = """
DROP TABLE IF EXISTS name_docs; DROP TABLE IF EXISTS name_names; DROP TABLE IF EXISTS name_postings;
CREATE OR REPLACE TEMP TABLE _name_raw (corpus VARCHAR, name VARCHAR, ord BIGINT, norm VARCHAR,
                                        per_norm BOOLEAN);
CREATE TABLE name_docs (corpus VARCHAR NOT NULL, doc_id BIGINT NOT NULL, norm VARCHAR NOT NULL,
                        len INTEGER NOT NULL);
CREATE TABLE name_names (corpus VARCHAR NOT NULL, norm VARCHAR NOT NULL, ord BIGINT NOT NULL,
                         name VARCHAR NOT NULL);
CREATE TABLE name_postings (corpus VARCHAR NOT NULL, token VARCHAR NOT NULL, doc_id BIGINT NOT NULL,
                            w DOUBLE NOT NULL);
"""


def build_name_index(con: duckdb.DuckDBPyConnection) -> None:
    """(Re)build the name-search tables of every corpus from the domain tables of the writable `con`."""
    con.execute(DDL)
    for corpus in CORPORA:
        _load_names(con, corpus)
    con.execute(_DOCS_SQL)
    con.execute(_POSTINGS_SQL, {"k1": K1, "b": B, "eps": EPSILON})
    con.execute("DROP TABLE IF EXISTS _name_raw")


def _load_names(con: duckdb.DuckDBPyConnection, corpus: Corpus) -> None:
    """Original names in KG order with their normal form (Python's `normalize`, the one queries use)."""
    import pandas as pd  # only the builders need it; keeps server start-up light

    rows = con.execute(
        f"SELECT {corpus.column}, row_number() OVER (ORDER BY {corpus.order}) FROM {corpus.table}"
    ).fetchall()
    frame = pd.DataFrame(
        {
            "corpus": corpus.name,
            "name": [r[0] for r in rows],
            "ord": [r[1] for r in rows],
            "norm": [normalize(r[0]) for r in rows],
            "per_norm": corpus.distinct_norms,
        }
    )
    if frame.empty:
        return
    con.register("_names_batch", frame)
    try:
        con.execute("INSERT INTO _name_raw SELECT * FROM _names_batch")
    finally:
        con.unregister("_names_batch")


# Distinct original names keep their first KG position; documents are numbered in (norm, position) order.
_DOCS_SQL = """
INSERT INTO name_names
SELECT corpus, norm, min(ord) AS ord, name FROM _name_raw GROUP BY corpus, norm, name
ORDER BY corpus, norm, ord;

INSERT INTO name_docs
SELECT corpus, row_number() OVER (PARTITION BY corpus ORDER BY norm, first_ord) - 1,
       norm, CASE WHEN norm = '' THEN 0 ELSE len(string_split(norm, ' ')) END
FROM (
    SELECT corpus, norm, min(ord) AS first_ord FROM _name_raw
    GROUP BY corpus, norm, CASE WHEN per_norm THEN '' ELSE name END
)
ORDER BY corpus, norm, first_ord;
"""

# rank_bm25's BM25Okapi: idf = ln(N-df+0.5) - ln(df+0.5); negative idf -> eps * mean idf (zero stays zero).
_POSTINGS_SQL = """
INSERT INTO name_postings
WITH tf AS (
    SELECT corpus, doc_id, any_value(len) AS len, token, count(*) AS tf
    FROM (SELECT corpus, doc_id, len, unnest(string_split(norm, ' ')) AS token
          FROM name_docs WHERE norm <> '')
    GROUP BY corpus, doc_id, token
),
stats AS (SELECT corpus, count(*) AS n, avg(len) AS avgdl FROM name_docs GROUP BY corpus),
raw_idf AS (
    SELECT tf.corpus, token, ln(any_value(s.n) - count(*) + 0.5) - ln(count(*) + 0.5) AS idf
    FROM tf JOIN stats s USING (corpus) GROUP BY tf.corpus, token
),
-- The mean is summed in token order: a parallel avg() adds floats in a varying order, which changed the last
-- bit of some weights from build to build (and so the world's content hash).
mean_idf AS (SELECT corpus, sum(idf ORDER BY token) / count(*) AS mean FROM raw_idf GROUP BY corpus),
idf AS (
    SELECT corpus, token, CASE WHEN idf < 0 THEN $eps * m.mean ELSE idf END AS idf
    FROM raw_idf JOIN mean_idf m USING (corpus)
)
SELECT tf.corpus, tf.token, tf.doc_id,
       idf.idf * tf.tf * ($k1 + 1) / (tf.tf + $k1 * (1 - $b + $b * tf.len / s.avgdl)) AS w
FROM tf JOIN idf USING (corpus, token) JOIN stats s USING (corpus)
ORDER BY tf.corpus, tf.token, tf.doc_id;
"""


def search_sql(n_tokens: int) -> str:
    """The ranked-names query for `n_tokens` distinct query tokens.

    Parameters: $corpus, $norm (the normalised query) and $t0..$t{n-1} / $c0..$c{n-1} (token, its count).
    Returns (pos, name) rows, pos 0..9. One equality lookup per token keeps zone-map pruning on the sorted
    postings.
    """
    per_token = " UNION ALL ".join(
        f"SELECT doc_id, w * $c{i} AS w FROM name_postings WHERE corpus = $corpus AND token = $t{i}"
        for i in range(n_tokens)
    )
    return f"""
WITH hits AS (SELECT doc_id, sum(w) AS score FROM ({per_token}) GROUP BY doc_id),
top AS (
    SELECT h.doc_id, d.norm, h.score, d.norm = $norm AS exact
    FROM hits h JOIN name_docs d ON d.corpus = $corpus AND d.doc_id = h.doc_id
    WHERE h.score > 0 OR d.norm = $norm
    ORDER BY exact DESC, score DESC, doc_id LIMIT {TOP_N}
)
SELECT row_number() OVER (ORDER BY t.exact DESC, t.score DESC, t.doc_id, n.ord) - 1 AS pos, n.name
FROM top t JOIN name_names n ON n.corpus = $corpus AND n.norm = t.norm
ORDER BY pos LIMIT {TOP_N}
"""


def search_params(corpus: str, query: str) -> tuple[str, dict[str, object]] | None:
    """SQL and parameters for `query` in `corpus`, or None when the query has no tokens (answer [])."""
    norm = normalize(query)
    counts: dict[str, int] = {}
    for token in norm.split():
        counts[token] = counts.get(token, 0) + 1
    if not counts:
        return None
    params: dict[str, object] = {"corpus": corpus, "norm": norm}
    for i, (token, count) in enumerate(counts.items()):
        params[f"t{i}"] = token
        params[f"c{i}"] = float(count)
    return search_sql(len(counts)), params


def search_names(con: duckdb.DuckDBPyConnection, corpus: str, query: str) -> list[str]:
    """Up to 10 original names for `query`, best first."""
    built = search_params(corpus, query)
    if built is None:
        return []
    sql, params = built
    return [row[1] for row in con.execute(sql, params).fetchall()]
