"""What each exact-key table holds: the key, and the bytes served for it (mostly the whole response body).

Each builder mirrors the SQL reference of its route (tests/serving/sql_reference), row choice included, so the
bodies are the same bytes. Keys are the exact, case-sensitive strings the original looks up (contract §2);
a composite key joins its parts with NUL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import orjson

from mockapi.serving.tables.jsontext import loads
from mockapi.serving.tables.rows import Con, body, groups, stream, unique_rows

Items = Iterable[tuple[str, bytes]]
SEP = "\x00"
GRAMMY_CATEGORIES = {"best_artist": "Best New Artist", "best_song": "Song Of The Year",
                     "best_album": "Album Of The Year"}  # fmt: skip
Builder = Callable[[Con], Items]

TABLES: dict[str, Builder] = {}
"""Every key table: name → builder yielding (key, bytes) from kg.duckdb. A builder is registered by `@table`
(named after its function) or `table_named` (a builder made by a factory); a route names the table it reads
(mockapi/serving/routes), and a world built without it is refused at start."""


def table(build: Builder) -> Builder:
    """Register `build` as the key table named after the function."""
    return table_named(build.__name__, build)


def table_named(name: str, build: Builder) -> Builder:
    """Register `build` as the key table `name`."""
    if name in TABLES:
        raise ValueError(f"serving table {name!r} is declared twice")
    TABLES[name] = build
    return build


@table
def open_entity(con: Con) -> Items:
    for name, text, structured, wiki in unique_rows(
        con, "open_entities", "name", "ord", "summary_text, summary_structured, raw_mediawiki"
    ):
        yield (
            name,
            body({"summary_text": text, "summary_structured": loads(structured), "raw_mediawiki": wiki}),
        )


# ───────────────────────── movie ─────────────────────────


@table
def movie_year(con: Con) -> Items:
    for year, doc in unique_rows(con, "movie_years", "year", "rowid", "doc", last=False):
        yield year, body(loads(doc))


def _by_id(table: str) -> Callable[[Con], Items]:
    def build(con: Con) -> Items:
        for ident, doc in unique_rows(con, table, "id", "rowid", "doc", where="WHERE id IS NOT NULL"):
            yield str(ident), body(loads(doc))

    return build


def _doc_by_key(table: str) -> Callable[[Con], Items]:
    """The bare document (not enveloped) per search key: search routes list several of them."""

    def build(con: Con) -> Items:
        for key, doc in unique_rows(con, table, "key", "rowid", "doc"):
            yield key, orjson.dumps(loads(doc))

    return build


# ───────────────────────── finance ─────────────────────────


@table
def ticker_by_name(con: Con) -> Items:
    for name, symbol in unique_rows(con, "fin_companies", "name", "ord", "symbol"):
        yield name, body(str(symbol))


def _bars(table: str) -> Callable[[Con], Items]:
    def build(con: Con) -> Items:
        sql = f"SELECT ticker, ts, open, high, low, close, volume FROM {table} ORDER BY ticker, rowid"
        for ticker, rows in groups(con, sql):
            bars = {
                ts: {"Open": o, "High": h, "Low": lo, "Close": c, "Volume": v} for ts, o, h, lo, c, v in rows
            }
            yield ticker, body(bars)

    return build


@table
def dividends(con: Con) -> Items:
    for ticker, rows in groups(con, "SELECT ticker, ts, amount FROM fin_dividends ORDER BY ticker, rowid"):
        yield ticker, body({ts: amount for ts, amount in rows})


@table
def market_cap(con: Con) -> Items:
    for ticker, value in unique_rows(con, "fin_marketcap", "ticker", "rowid", "value", last=False):
        yield ticker, body(value)


def _info(pick: Callable[[Any], Any]) -> Callable[[Con], Items]:
    def build(con: Con) -> Items:
        for ticker, doc in unique_rows(con, "fin_info", "ticker", "rowid", "doc"):
            yield ticker, body(pick(loads(doc)))

    return build


def _info_key(key: str) -> Callable[[Any], Any]:
    return lambda info: info.get(key) if isinstance(info, dict) else None


# ───────────────────────── music ─────────────────────────


def _artist(column: str, shape: Callable[..., Any]) -> Callable[[Con], Items]:
    def build(con: Con) -> Items:
        for name, *values in unique_rows(con, "music_artists", "name", "ord", column):
            yield name, body(shape(*values))

    return build


def _members(text: str | None) -> list[str] | None:
    members = loads(text)
    return list(dict.fromkeys(members)) if isinstance(members, list) else None


def _song(column: str) -> Callable[[Con], Items]:
    def build(con: Con) -> Items:
        for name, value in unique_rows(con, "music_songs", "name", "ord", column):
            yield name, body(value or None)

    return build


@table
def works(con: Con) -> Items:
    for artist, text in unique_rows(con, "music_works", "artist", "rowid", "works"):
        yield artist, body(loads(text))


@table
def billboard_rank(con: Con) -> Items:
    """Every week's song and artist at a rank, in list order."""
    for rank, rows in groups(
        con, "SELECT rank, date, song, artist FROM music_billboard_ranks ORDER BY rank, ord"
    ):
        yield rank, body([[r[1] for r in rows], [r[2] for r in rows]])


@table
def billboard_rank_date(con: Con) -> Items:
    """The first entry of a (rank, date), as the original's scan stops there."""
    for rank, rows in groups(
        con, "SELECT rank, date, song, artist FROM music_billboard_ranks ORDER BY rank, ord"
    ):
        seen: set[str] = set()
        for date, song, artist in rows:
            if date not in seen:
                seen.add(date)
                yield rank + SEP + date, body([[song], [artist]])


@table
def billboard_song_row(con: Con) -> Items:
    """The raw chart row (a JSON list, not enveloped) of a (song, date); the route picks the attribute."""
    for song, date, row in unique_rows(con, "music_billboard_songs", "song, date", "rowid", "row"):
        yield song + SEP + date, orjson.dumps(loads(row))


def _grammy_by_year(category: str) -> Callable[[Con], Items]:
    def build(con: Con) -> Items:
        where = f"category = '{category}' AND year IS NOT NULL"  # one of GRAMMY_CATEGORIES: no quotes
        sql = f"SELECT year, nominee FROM music_grammy WHERE {where} ORDER BY year, ord"
        for year, rows in groups(con, sql):
            yield str(year), body([r[0] for r in rows])

    return build


@table
def grammy_count_by_song(con: Con) -> Items:
    sql = (
        "SELECT nominee, count(*) FROM music_grammy WHERE nominee IS NOT NULL"
        " GROUP BY nominee ORDER BY nominee"
    )
    for nominee, count in stream(con, sql):
        yield nominee, body(int(count))


@table
def grammy_all_awarded(con: Con) -> Items:
    rows = stream(
        con,
        "SELECT nominee FROM music_grammy WHERE category = ? AND nominee IS NOT NULL ORDER BY ord",
        [GRAMMY_CATEGORIES["best_artist"]],
    )
    yield "", body(list(dict.fromkeys(r[0] for r in rows)))


table_named("movie_by_id", _by_id("movie_movies"))
table_named("person_by_id", _by_id("movie_persons"))
table_named("movie_doc", _doc_by_key("movie_movies"))
table_named("person_doc", _doc_by_key("movie_persons"))
table_named("price_history", _bars("fin_prices"))
table_named("detailed_price_history", _bars("fin_minute_prices"))
table_named("info", _info(lambda info: info))
table_named("eps", _info(_info_key("forwardEps")))
table_named("pe_ratio", _info(_info_key("forwardPE")))
table_named("birth_place", _artist("country", lambda v: v or None))
table_named("birth_date", _artist("birth_date", lambda v: v or None))
table_named("lifespan", _artist("birth_date, end_date", lambda b, e: [b, e]))
table_named("members", _artist("members", _members))
table_named("song_author", _song("author"))
table_named("song_country", _song("country"))
table_named("song_date", _song("date"))
for _short, _category in GRAMMY_CATEGORIES.items():
    table_named(f"grammy_{_short}", _grammy_by_year(_category))


def grammy_rows(con: Con) -> Iterator[list[Any]]:
    """[nominee, artist, workers, year] per Grammy row in source order (the substring routes scan these)."""
    for row in stream(con, "SELECT nominee, artist, workers, year FROM music_grammy ORDER BY ord"):
        yield list(row)
