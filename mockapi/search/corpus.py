"""Which documents each search corpus holds, in the original server's order (contract §2.2-§2.7).

The document index matters beyond taste: the original breaks score ties by numpy's argsort over document
positions (open, movie, finance) or by first-scored order (music), so positions must be the original's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mockapi.core.textnorm import normalize

Layout = Literal["sorted", "names", "keys"]
Scoring = Literal["okapi", "cutoff"]


@dataclass(frozen=True)
class Corpus:
    name: str
    table: str
    column: str
    order: str
    """SQL expression giving KG order."""
    layout: Layout
    """sorted: the sorted distinct normal forms (open, music); names: one document per distinct original name
    in KG order (finance); keys: the db keys as they are, split on whitespace (movie)."""
    scoring: Scoring
    """okapi: rank_bm25.BM25Okapi (argsort ties); cutoff: the bundled fast_bm25 (IDF > 4, stable ties)."""


CORPORA: tuple[Corpus, ...] = (
    Corpus("open", "open_entities", "name", "ord", "sorted", "okapi"),
    Corpus("movie_movie", "movie_movies", "key", "rowid", "keys", "okapi"),
    Corpus("movie_person", "movie_persons", "key", "rowid", "keys", "okapi"),
    Corpus("finance", "fin_companies", "name", "ord", "names", "okapi"),
    Corpus("music_artist", "music_artists", "name", "ord", "sorted", "cutoff"),
    Corpus("music_song", "music_songs", "name", "ord", "sorted", "cutoff"),
)
BY_NAME = {c.name: c for c in CORPORA}


@dataclass
class Docs:
    tokens: list[list[str]]
    text: list[str]
    """What a hit is compared with for the exact match (the normal form; for movie the re-joined key)."""
    expansions: list[list[str]]
    """What a hit answers: the original names of its normal form (movie: the re-joined key)."""


def build_docs(layout: Layout, names: list[str]) -> Docs:
    """The documents of `names` (distinct, in the order the original's dict iterates them)."""
    if layout == "keys":
        split = [n.split() for n in names]
        joined = [" ".join(t) for t in split]
        return Docs(split, joined, [[j] for j in joined])
    norms = [normalize(n) for n in names]
    key_map: dict[str, list[str]] = {}
    for name, norm in zip(names, norms, strict=True):
        key_map.setdefault(norm, []).append(name)
    texts = sorted(key_map) if layout == "sorted" else norms
    return Docs([t.split() for t in texts], texts, [key_map[t] for t in texts])
