"""Music tables of a real tiny world: shapes (contract §1.5, §2.7), look-alikes, tiers, Billboard, Grammys."""

from __future__ import annotations

import datetime as dt
import json
import re

import duckdb
import pytest

from mockapi.world.context import DEFAULT_CLOCK

CLOCK = DEFAULT_CLOCK.date().isoformat()


def test_artists_have_contract_shapes(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        "SELECT a.name, country, birth_date, end_date, members, e.kind FROM music_artists a "
        "JOIN entities e ON e.name = a.name AND e.domain = 'music' AND e.kind IN ('artist', 'band')"
    ).fetchall()
    assert len(rows) == kg.execute("SELECT count(*) FROM music_artists").fetchone()[0]  # type: ignore[index]
    for name, country, birth, end, members, kind in rows:
        assert country is None or re.fullmatch(r"[A-Z]{2}", country), country
        assert re.fullmatch(r"\d{4}(-\d{2}-\d{2})?", birth), birth
        assert end is None or (end[:4] >= birth[:4] and end <= CLOCK)
        if kind == "band":
            assert isinstance(json.loads(members), list) and all(
                isinstance(m, str) for m in json.loads(members)
            )
        else:
            assert members is None, name


def test_names_are_unique_exact_keys(kg: duckdb.DuckDBPyConnection) -> None:
    for table in ("music_artists", "music_songs", "music_works"):
        col = "artist" if table == "music_works" else "name"
        total, distinct = kg.execute(f"SELECT count(*), count(DISTINCT {col}) FROM {table}").fetchone()  # type: ignore[misc]
        assert total == distinct > 0


def test_songs_have_author_country_and_past_dates(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute("SELECT author, country, date FROM music_songs").fetchall()
    assert any(c == "XW" for _, c, _ in rows)
    for author, country, date in rows:
        assert author and re.fullmatch(r"[A-Z]{2}", country)
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) and date <= CLOCK


def test_every_target_has_30_lookalikes_of_its_kind_in_the_tables(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        """SELECT t.entity_id, t.kind, count(l.entity_id), count(DISTINCT l.kind),
                  count(coalesce(a.name, s.name))
           FROM entities t JOIN entities l ON l.lookalike_of = t.entity_id
           LEFT JOIN music_artists a ON l.kind <> 'song' AND a.name = l.name
           LEFT JOIN music_songs s ON l.kind = 'song' AND s.name = l.name
           WHERE t.is_target AND t.domain = 'music' GROUP BY ALL"""
    ).fetchall()
    [(targets,)] = kg.execute("SELECT count(*) FROM entities WHERE is_target AND domain='music'").fetchall()
    assert len(rows) == targets
    for _eid, _kind, n, kinds, in_tables in rows:
        assert n >= 30 and kinds == 1 and in_tables == n
    assert not kg.execute(
        "SELECT 1 FROM entities l JOIN entities t ON l.lookalike_of = t.entity_id WHERE l.kind <> t.kind"
    ).fetchall()


@pytest.mark.parametrize("domain", ["music", "movie", "open"])
def test_target_popularity_in_equal_thirds_and_noise_otherwise(
    kg: duckdb.DuckDBPyConnection, domain: str
) -> None:
    tiers = dict(kg.execute(
        "SELECT popularity, count(*) FROM entities WHERE domain = ? AND is_target GROUP BY 1", [domain]
    ).fetchall())  # fmt: skip
    assert set(tiers) == {"head", "torso", "tail"} and max(tiers.values()) - min(tiers.values()) <= 1
    others = kg.execute(
        "SELECT DISTINCT popularity FROM entities WHERE domain = ? AND NOT is_target", [domain]
    ).fetchall()
    assert others == [("noise",)]


def test_grammy_rows(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        "SELECT year, category, nominee, artist, workers FROM music_grammy ORDER BY ord"
    ).fetchall()
    assert {r[1] for r in rows} == {"Best New Artist", "Song Of The Year", "Album Of The Year"}
    assert min(r[0] for r in rows) == 1958 and max(r[0] for r in rows) == 2019
    songs = {r[0] for r in kg.execute("SELECT name FROM music_songs").fetchall()}
    works = {a: set(json.loads(w)) for a, w in kg.execute("SELECT artist, works FROM music_works").fetchall()}
    for _year, category, nominee, artist, _workers in rows:
        assert nominee
        if category == "Song Of The Year":
            assert nominee in songs and nominee in works[artist]
        if category == "Album Of The Year":
            assert nominee in works[artist]


def test_billboard_weeks_are_saturdays_up_to_the_clock_with_100_ranks(kg: duckdb.DuckDBPyConnection) -> None:
    weeks = kg.execute(
        "SELECT date, count(*), count(DISTINCT rank), count(DISTINCT song) FROM music_billboard_ranks "
        "GROUP BY 1 ORDER BY 1"
    ).fetchall()
    assert len(weeks) >= 12
    last = dt.date.fromisoformat(weeks[-1][0])
    assert last <= DEFAULT_CLOCK.date() and (DEFAULT_CLOCK.date() - last).days < 7
    for date, n, ranks, songs in weeks:
        assert dt.date.fromisoformat(date).weekday() == 5 and n == ranks == songs == 100


def test_billboard_song_rows_agree_with_the_rank_table(kg: duckdb.DuckDBPyConnection) -> None:
    ranks = {
        (s, d): int(r)
        for r, d, s in kg.execute("SELECT rank, date, song FROM music_billboard_ranks").fetchall()
    }
    rows = kg.execute("SELECT song, date, row FROM music_billboard_songs ORDER BY song, date").fetchall()
    assert len(rows) == len(ranks)
    dates = sorted({d for _, d in ranks})
    new_entries = 0
    for song, date, raw in rows:
        row = json.loads(raw)
        assert len(row) >= 7 and all(isinstance(x, str) for x in row)
        rank = ranks[(song, date)]
        assert row[3] == str(rank)
        prev = dates[dates.index(date) - 1] if dates.index(date) else None
        if row[6] == "-":  # new entry: peak at 4, weeks at 5
            new_entries += 1
            assert row[4] == str(rank) and row[5] == "1" and (prev is None or (song, prev) not in ranks)
        else:  # rank, last week, peak, weeks at 3..6
            assert int(row[5]) <= rank and int(row[6]) >= 1 and int(row[5]) <= int(row[4])
            if prev is not None and (song, prev) in ranks:
                assert row[4] == str(ranks[(song, prev)])
    assert new_entries > 0
    # ordinals per rank follow the weeks in order
    ords = kg.execute("SELECT rank, list(date ORDER BY ord) FROM music_billboard_ranks GROUP BY 1").fetchall()
    assert all(ds == sorted(ds) for _, ds in ords)


def test_member_and_song_edges_link_music_entities(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        """SELECT k.rel, s.kind, d.kind, count(*) FROM kg_edges k
           JOIN entities s ON s.entity_id = k.src JOIN entities d ON d.entity_id = k.dst
           WHERE s.domain = 'music' GROUP BY ALL ORDER BY ALL"""
    ).fetchall()
    kinds = {(rel, a, b) for rel, a, b, _ in rows}
    assert ("member_of", "artist", "band") in kinds
    assert {
        ("performed", "artist", "song"),
        ("performed", "band", "song"),
        ("wrote", "artist", "song"),
    } <= kinds
    assert all(rel in {"member_of", "performed", "wrote"} for rel, *_ in rows)
