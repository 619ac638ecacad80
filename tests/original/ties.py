"""Compare two search answers up to the order of equally scored documents.

numpy's argsort (which the original ranks with) orders equal scores differently from one numpy version to the
next (1.26 and 2.x differ for some arrays, and by CPU). When the original's venv runs another numpy than ours,
only the tie order may differ: the same score at every position, and the same names in each tie group that the
10-cut does not split.
"""

from __future__ import annotations

from typing import Any

from mockapi.core.textnorm import normalize
from mockapi.search.corpus import BY_NAME
from mockapi.search.index import CorpusIndex
from mockapi.search.service import NameSearch

ROUTE_CORPUS = {
    "/open/search_entity_by_name": "open",
    "/movie/get_person_info": "movie_person",
    "/movie/get_movie_info": "movie_movie",
    "/finance/get_company_name": "finance",
    "/music/search_artist_entity_by_name": "music_artist",
    "/music/search_song_entity_by_name": "music_song",
}


def _doc_text(item: Any, corpus: str) -> str:
    """The document an answer item came from (movie items are dicts: the normalised title or name)."""
    if isinstance(item, dict):
        return normalize(str(item.get("title") or item.get("name") or ""))
    return normalize(item) if BY_NAME[corpus].layout != "keys" else str(item)


def _scores(index: CorpusIndex, query: str) -> dict[str, float]:
    scores = index.score_dict(index.spans(normalize(query).split(), cutoff=False), cutoff=False)
    return {index.docs.get(d): s for d, s in scores.items()}


def same_up_to_ties(search: NameSearch, route: str, query: str, theirs: list[Any], ours: list[Any]) -> bool:
    corpus = ROUTE_CORPUS[route]
    scores = _scores(search.index.corpora[corpus], query)
    a = [scores.get(_doc_text(x, corpus)) for x in theirs]
    b = [scores.get(_doc_text(x, corpus)) for x in ours]
    if a != b or None in a:
        return False
    cut = a[-1] if len(a) == 10 else None
    for value in set(a) - {cut}:
        group_a = sorted(repr(x) for x, s in zip(theirs, a, strict=True) if s == value)
        group_b = sorted(repr(x) for x, s in zip(ours, b, strict=True) if s == value)
        if group_a != group_b:
            return False
    return True
