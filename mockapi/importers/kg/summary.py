"""Counts for the manifest: entities per domain (what `info` shows) and rows per table."""

from __future__ import annotations

import duckdb

# What one "entity" is per domain, as SQL over the store.
_ENTITY_SQL = {
    "open": "SELECT count(*) FROM open_entities",
    "movie": "SELECT (SELECT count(*) FROM movie_movies) + (SELECT count(*) FROM movie_persons)",
    "finance": """SELECT count(*) FROM (SELECT symbol FROM fin_companies UNION SELECT ticker FROM fin_info
                  UNION SELECT ticker FROM fin_marketcap UNION SELECT DISTINCT ticker FROM fin_prices)""",
    "music": "SELECT (SELECT count(*) FROM music_artists) + (SELECT count(*) FROM music_songs)",
    "sports": """SELECT count(*) FROM (SELECT DISTINCT team FROM soccer_matches UNION
                 SELECT team_name_home FROM nba_games UNION SELECT team_name_away FROM nba_games)""",
}


def entities_per_domain(con: duckdb.DuckDBPyConnection, present: list[str]) -> dict[str, int]:
    """Entities per domain (0 for a missing domain): open entities, movies + persons, tickers, artists +
    songs, teams."""
    return {d: (_scalar(con, sql) if d in present else 0) for d, sql in _ENTITY_SQL.items()}


def table_counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Rows per table of the store."""
    names = [
        r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall()
    ]
    return {t: _scalar(con, f'SELECT count(*) FROM "{t}"') for t in names}


def _scalar(con: duckdb.DuckDBPyConnection, sql: str) -> int:
    row = con.execute(sql).fetchone()
    return int(row[0]) if row else 0
