"""Sports domain (contract §2.8): the soccer MultiIndex DataFrame pickle and the NBA SQLite database.

Rows are stored as JSON arrays of the values exactly as the original's pandas `to_json(date_format='iso')`
would print them (the encoding is done by pandas itself), in the file's column order; the file's column
names go to `sports_columns`, so the server labels each value with its own column whatever the column set.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import orjson
import pandas as pd

from mockapi.formats.writer import TableWriter
from mockapi.importers.kg import safe_pickle
from mockapi.importers.kg.encode import dumps
from mockapi.importers.kg.progress import ImportProgress

DOMAIN = "sports"
SOCCER = "sports/soccer_team_match_stats.pkl"
NBA = "sports/nba.sqlite"
FILES = (SOCCER, NBA)
_LEVELS = ("league", "season", "team", "game")
_BATCH = 20_000


def run(root: Path, out: TableWriter, progress: ImportProgress) -> dict[str, int]:
    """Import whichever sports files exist; returns soccer rows, NBA games and play-by-play rows."""
    counts: dict[str, int] = {}
    if (root / SOCCER).is_file():
        with (
            progress.step("sports: soccer_team_match_stats.pkl", None),
            safe_pickle.crag_shaped(str(root / SOCCER)),
        ):
            counts["soccer_rows"] = _soccer(root / SOCCER, out)
    if (root / NBA).is_file():
        counts["nba_games"] = _nba_table(root / NBA, "game", out, progress)
        counts["nba_play_by_play"] = _nba_table(root / NBA, "play_by_play", out, progress)
    out.flush()
    return counts


# ───────────────────────── soccer ─────────────────────────


def _soccer(path: Path, out: TableWriter) -> int:
    frame = safe_pickle.expect(safe_pickle.load(path), pd.DataFrame, str(path), "a pandas DataFrame")
    labels = _labels(frame)
    keep = [i for i, label in enumerate(labels) if label[0] is not None]  # the original drops NaN leagues
    frame = frame.iloc[keep]
    labels = [labels[i] for i in keep]
    rows = _pandas_rows(frame)
    dates = _iso_dates(frame)
    _columns(out, "soccer_matches", [str(c) for c in frame.columns])
    for ord_, (label, row, date) in enumerate(zip(labels, rows, dates, strict=True)):
        league, season, team, game = (v or "" for v in label)
        out.add("soccer_matches", (ord_, league, season, team, game, date, row))
    return len(rows)


def _columns(out: TableWriter, frame: str, names: list[str]) -> None:
    for pos, name in enumerate(names):
        out.add("sports_columns", (frame, pos, name))


def _labels(frame: pd.DataFrame) -> list[tuple[str | None, ...]]:
    """(league, season, team, game) per row as text; None where the label is NaN."""
    index = frame.index
    names = list(index.names)
    levels = [index.get_level_values(n if n in names else i) for i, n in enumerate(_LEVELS)]
    return [tuple(None if pd.isna(v) else str(v) for v in values) for values in zip(*levels, strict=True)]


def _pandas_rows(frame: pd.DataFrame) -> list[str]:
    """Each row's values as the original's to_json(orient='columns', date_format='iso') prints them."""
    flat = frame.reset_index(drop=True)
    by_column = json.loads(flat.to_json(orient="columns", date_format="iso"))
    columns = [by_column[str(c)] for c in flat.columns]
    return [dumps([col[str(i)] for col in columns]) for i in range(len(flat))]


def _iso_dates(frame: pd.DataFrame) -> list[str]:
    """'YYYY-MM-DD' of the `date` column (the server filters on it), '' when absent."""
    if "date" not in frame.columns:
        return [""] * len(frame)
    dates = pd.to_datetime(frame["date"], errors="coerce")
    return ["" if pd.isna(d) else d.strftime("%Y-%m-%d") for d in dates]


# ───────────────────────── NBA ─────────────────────────


def _nba_table(path: Path, table: str, out: TableWriter, progress: ImportProgress) -> int:
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as con:
        if not con.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,)).fetchone():
            return 0
        total = con.execute(f'SELECT max(rowid) FROM "{table}"').fetchone()[0] or 0
        n = 0
        with progress.step(f"sports: nba.sqlite {table}", total) as advance:
            cur = con.execute(f'SELECT * FROM "{table}"')  # table order, as the original's unsorted SELECTs
            columns = [d[0] for d in cur.description]
            _columns(out, "nba_games" if table == "game" else "nba_play_by_play", columns)
            to_row = _game_row if table == "game" else _play_row
            at = [columns.index(c) if c in columns else -1 for c in _KEY_COLUMNS[table]]
            while batch := cur.fetchmany(_BATCH):
                for values, row in zip(batch, _encode_rows(batch, len(columns)), strict=True):
                    out.add(*to_row(n, [_text(values, i) for i in at], row))
                    n += 1
                advance(len(batch))
    return n


_KEY_COLUMNS = {
    "game": ("game_id", "game_date", "team_name_home", "team_name_away"),
    "play_by_play": ("game_id",),
}


def _text(values: tuple[Any, ...], i: int) -> str:
    return "" if i < 0 or values[i] is None else str(values[i])


def _game_row(n: int, keys: list[str], row: str) -> tuple[str, tuple[Any, ...]]:
    return "nba_games", (n, *keys, row)


def _play_row(n: int, keys: list[str], row: str) -> tuple[str, tuple[Any, ...]]:
    return "nba_play_by_play", (keys[0], n, row)


def _encode_rows(batch: list[tuple[Any, ...]], width: int) -> Iterator[str]:
    """pandas' own JSON encoding (10-digit floats, NaN → null), one value list per row.

    Object dtype keeps each value's SQLite type (int stays int, REAL stays float) row by row. orjson
    re-splits pandas' text into rows ~5x faster than json; both print floats in shortest round-trip form.
    """
    frame = pd.DataFrame(batch, columns=range(width), dtype=object)
    for values in orjson.loads(frame.to_json(orient="values")):
        yield orjson.dumps(values).decode()
