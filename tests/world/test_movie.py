"""Movie tables of a real tiny world: doc shapes (contract §1.5, §2.5), keys, ids, Oscars, years."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import duckdb
import pytest

from mockapi.core.textnorm import normalize
from mockapi.world.scales import get_scale

MOVIE_KEYS = {"budget", "genres", "id", "original_language", "original_title", "release_date", "revenue",
              "title", "cast", "crew", "rating"}  # fmt: skip


def _docs(kg: duckdb.DuckDBPyConnection, table: str) -> list[tuple[Any, ...]]:
    return [(*r[:-1], json.loads(r[-1])) for r in kg.execute(f"SELECT key, id, doc FROM {table}").fetchall()]


def test_movie_docs_have_contract_shapes_and_normalized_unique_keys(kg: duckdb.DuckDBPyConnection) -> None:
    movies = _docs(kg, "movie_movies")
    assert len({k for k, _, _ in movies}) == len(movies) > 0
    for key, mid, doc in movies:
        assert key == normalize(doc["title"]) and mid == doc["id"]
        assert MOVIE_KEYS <= set(doc) <= MOVIE_KEYS | {"length", "oscar_awards"}
        assert isinstance(doc["budget"], int) and isinstance(doc["revenue"], int)
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", doc["release_date"]) and doc["release_date"] <= "2024-03-15"
        assert doc["rating"] is None or isinstance(doc["rating"], float)
        assert all(list(g) == ["id", "name"] for g in doc["genres"])
        assert [c["order"] for c in doc["cast"]] == list(range(len(doc["cast"])))
        assert all(list(c) == ["gender", "id", "name", "character", "order"] and c["gender"] in (0, 1, 2)
                   for c in doc["cast"])  # fmt: skip
        assert all(list(c) == ["name", "job", "id"] for c in doc["crew"])
    assert any("length" not in d for *_, d in movies) and any(d["rating"] is None for *_, d in movies)
    assert len({tuple(d) for *_, d in movies}) > 1  # key order varies between entries


def test_person_docs_key_order_and_ids_agree_with_movies(kg: duckdb.DuckDBPyConnection) -> None:
    movies = {d["id"]: d for *_, d in _docs(kg, "movie_movies")}
    persons = _docs(kg, "movie_persons")
    assert len({k for k, _, _ in persons}) == len(persons) > 0
    for key, pid, doc in persons:
        assert key == normalize(doc["name"]) and pid == doc["id"]
        order = [k for k in doc if k not in ("oscar_awards", "directed_movies")]
        assert order == ["acted_movies", "id", "birthday", "name"]
        for mid in doc["acted_movies"]:
            assert pid in [c["id"] for c in movies[mid]["cast"]]
        for mid in doc.get("directed_movies", []):
            assert {"id": pid, "job": "Director"} in [
                {"id": c["id"], "job": c["job"]} for c in movies[mid]["crew"]
            ]
        if doc["birthday"] is not None and doc["acted_movies"]:
            assert doc["birthday"] < min(movies[m]["release_date"] for m in doc["acted_movies"])
    assert any("directed_movies" in d for *_, d in persons) and any("oscar_awards" in d for *_, d in persons)


def test_years_list_movies_and_oscars_consistently(kg: duckdb.DuckDBPyConnection) -> None:
    years = dict(kg.execute("SELECT year, doc FROM movie_years ORDER BY year").fetchall())
    assert list(years) == [str(y) for y in range(1990, 2025)]
    release = dict(kg.execute("SELECT id, release_date FROM movie_movies").fetchall())
    titles = {r[0] for r in kg.execute("SELECT title FROM movie_movies").fetchall()}
    for year, raw in years.items():
        doc = json.loads(raw)
        assert list(doc) == ["movie_list", "oscar_awards"]
        assert all(release[m][:4] == year for m in doc["movie_list"])
        winners: dict[str, int] = {}
        for o in doc["oscar_awards"]:
            assert list(o) == ["year_ceremony", "ceremony", "category", "name", "film", "winner"]
            assert o["year_ceremony"] == int(year) and o["ceremony"] == int(year) - 1928
            assert o["category"] == o["category"].upper() and o["film"] in titles
            winners[o["category"]] = winners.get(o["category"], 0) + int(o["winner"])
        assert all(n == 1 for n in winners.values())


def test_every_movie_target_has_30_lookalikes_with_their_own_docs(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        """SELECT t.entity_id, count(*), count(m.key) + count(p.key) FROM entities t
           JOIN entities l ON l.lookalike_of = t.entity_id
           LEFT JOIN movie_movies m ON l.kind = 'movie' AND m.title = l.name
           LEFT JOIN movie_persons p ON l.kind = 'person' AND p.name = l.name
           WHERE t.domain = 'movie' AND t.is_target GROUP BY 1"""
    ).fetchall()
    assert len(rows) == get_scale("tiny").targets["movie"]
    assert all(n >= 30 and found == n for _, n, found in rows)


def _tables(con: duckdb.DuckDBPyConnection) -> dict[str, list[tuple[Any, ...]]]:
    names = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY 1").fetchall()]
    return {t: con.execute(f"SELECT * FROM {t}").fetchall() for t in names}


@pytest.mark.parametrize("module", ["music", "movie", "open"])
def test_same_seed_gives_identical_rows(
    module: str, generate_domain: Callable[[str, int], duckdb.DuckDBPyConnection]
) -> None:
    first, again = _tables(generate_domain(module, 5)), _tables(generate_domain(module, 5))
    assert first == again
    assert sum(len(rows) for rows in first.values()) > 500
