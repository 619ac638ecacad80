"""Sports frames: rows stored once, plus key tables from each filter the routes support to the row ids.

Per frame `<f>` (soccer_matches, nba_games, nba_play_by_play) in the serving dir:
- `<f>.rows.bin` / `<f>.rows.off.npy`: row i is `orjson([row_key, [values…]])` (soccer; the key is str() of
  the index tuple) or `orjson([values…])` (NBA, whose row keys are positions in the answer);
- key table `<f>.ids`: filter key → int32 row ids, ascending (= the order the original answers in).
Filter keys: `W\\0DATE` for a date prefix of width W (4, 7, 10: year, month, day) and `W\\0DATE\\0TEAM`; NBA
also has `*` and `*\\0TEAM` (a date of 4+ parts means every game), play-by-play the game id.
Column labels are each file's own (table `sports_columns`, written by the importer); a world without them
(the synthetic generator writes rows in the contract's order) is labelled with the contract's lists.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import orjson
from typing_extensions import NotRequired, TypedDict

from mockapi.serving.tables.jsontext import loads
from mockapi.serving.tables.keytable import write_table
from mockapi.serving.tables.rows import Con, body, stream
from mockapi.wire.frames import NBA_GAME_COLUMNS, NBA_PLAY_BY_PLAY_COLUMNS, SOCCER_COLUMNS

DEFAULT_COLUMNS: dict[str, tuple[str, ...]] = {
    "soccer_matches": SOCCER_COLUMNS,
    "nba_games": NBA_GAME_COLUMNS,
    "nba_play_by_play": NBA_PLAY_BY_PLAY_COLUMNS,
}
WIDTHS = (4, 7, 10)
SEP = "\x00"
ALL = "*"
DAY = f"{WIDTHS[-1]}{SEP}"
"""The prefix of a one-day filter key: the only keys whose whole answers are stored (see PRESERIALISED)."""


def frame_columns(con: Con, frame: str) -> list[str]:
    """The frame's column labels in file order: the imported file's own, else the contract's."""
    import duckdb  # here, not at the top: the serving process imports this module but never builds

    try:
        rows = con.execute("SELECT name FROM sports_columns WHERE frame = ? ORDER BY pos", [frame]).fetchall()
    except duckdb.Error:  # a store from before sports_columns existed
        rows = []
    return [r[0] for r in rows] or list(DEFAULT_COLUMNS[frame])


def _date_keys(date: str, team: str | None) -> Iterator[str]:
    for width in WIDTHS:
        prefix = f"{width}{SEP}{date[:width]}"
        yield prefix
        if team is not None:
            yield prefix + SEP + team


def _soccer(con: Con) -> Iterator[tuple[bytes, list[str]]]:
    sql = "SELECT league, season, team, game, date, row FROM soccer_matches ORDER BY ord"
    for league, season, team, game, date, row in stream(con, sql):
        # the row key is Python's str() of the (league, season, team, game) index tuple, quotes and all
        yield orjson.dumps([str((league, season, team, game)), loads(row)]), list(_date_keys(date, team))


def _nba_games(con: Con) -> Iterator[tuple[bytes, list[str]]]:
    sql = "SELECT game_date, team_name_home, team_name_away, row FROM nba_games ORDER BY ord"
    for date, home, away, row in stream(con, sql):
        keys = [k for team in dict.fromkeys((home, away)) for k in _date_keys(date, team)]
        keys += [ALL, *(ALL + SEP + t for t in dict.fromkeys((home, away)))]
        yield orjson.dumps(loads(row)), list(dict.fromkeys(keys))


def _play_by_play(con: Con) -> Iterator[tuple[bytes, list[str]]]:
    for game_id, row in stream(con, "SELECT game_id, row FROM nba_play_by_play"):  # insertion order
        yield orjson.dumps(loads(row)), [game_id]


FRAMES: dict[str, Callable[[Con], Iterator[tuple[bytes, list[str]]]]] = {
    "soccer_matches": _soccer,
    "nba_games": _nba_games,
    "nba_play_by_play": _play_by_play,
}


PRESERIALISED = ("soccer_matches", "nba_games")
"""Frames whose one-day answers (`DAY` keys, with or without a team) are also stored whole (a day's game list
is then one lookup and a copy). Year and month keys are composed per request from their row ids: stored
whole, every game would be written again under its year, month and both teams, which made these tables most
of a world's bytes (369 MB of soccer bodies on the default world)."""
PLAY_BY_PLAY_BODIES_MAX = 256 * 2**20
"""Play-by-play answers per game id are stored whole while the frame's rows take at most this many bytes
(every synthetic world: 7 MB of rows, 12 MB of bodies). Composing one game (~450 rows x 34 columns, 200 KB)
costs 2-9 ms of one worker's loop, which held up every other request of the 38-route mix behind it (p99 144 ms
at 64 connections); a real CRAG KG's play-by-play (GBs) is composed per request, not written twice."""


def _stores_bodies(folder: Path, frame: str) -> bool:
    if frame == "nba_play_by_play":
        return (folder / f"{frame}.rows.bin").stat().st_size <= PLAY_BY_PLAY_BODIES_MAX
    return frame in PRESERIALISED


def _whole(frame: str, key: str) -> bool:
    """Whether `key`'s whole answer is stored for `frame` (when it stores bodies at all)."""
    return frame == "nba_play_by_play" or key.startswith(DAY)


def columns_body(columns: list[str], keyed_rows: list[tuple[str, list[Any]]]) -> bytes:
    """`{"result": {column: {row_key: value}}}` (pandas "columns" orientation), null for no rows; a row
    shorter than the column list leaves those columns without its key."""
    if not keyed_rows:
        return body(None)
    width = len(columns)
    if all(len(values) == width for _, values in keyed_rows):
        # the usual case: transpose once and build each column's dict in C
        keys = [key for key, _ in keyed_rows]
        cells = zip(*(values for _, values in keyed_rows), strict=True)
        return body({c: dict(zip(keys, col, strict=True)) for c, col in zip(columns, cells, strict=True)})
    out: dict[str, dict[str, Any]] = {c: {} for c in columns}
    for key, values in keyed_rows:
        for column, value in zip(columns, values, strict=False):
            out[column][key] = value
    return body(out)


def keyed(frame: str, rows: list[Any]) -> list[tuple[str, list[Any]]]:
    """(row key, values) pairs: soccer rows carry their key, NBA rows are keyed by answer position."""
    if frame == "soccer_matches":
        return [(key, values) for key, values in rows]
    return [(str(i), values) for i, values in enumerate(rows)]


def _bodies(
    folder: Path, frame: str, columns: list[str], index: dict[str, array[int]]
) -> Iterator[tuple[str, bytes]]:
    blob = (folder / f"{frame}.rows.bin").read_bytes()
    offsets = np.load(folder / f"{frame}.rows.off.npy").tolist()
    for key in sorted(index):
        if not _whole(frame, key):
            continue
        rows = [orjson.loads(blob[offsets[i] : offsets[i + 1]]) for i in index[key]]
        yield key, columns_body(columns, keyed(frame, rows))


class FrameMeta(TypedDict):
    """serving/meta.json `frames[name]`: a frame's columns and counts."""

    columns: list[str]
    rows: int
    keys: int
    """Distinct filter keys."""
    bodies: NotRequired[int]
    """Whole-response bodies stored (frames whose filter keys are few)."""


def write_frame(con: Con, folder: Path, frame: str) -> FrameMeta:
    """Write one frame's rows and filter index; returns its columns and counts for meta.json."""
    offsets = array("q", [0])
    index: dict[str, array[int]] = defaultdict(lambda: array("i"))
    with (folder / f"{frame}.rows.bin").open("wb") as blob:
        for i, (record, keys) in enumerate(FRAMES[frame](con)):
            blob.write(record)
            offsets.append(offsets[-1] + len(record))
            for key in keys:
                index[key].append(i)
    np.save(folder / f"{frame}.rows.off.npy", np.frombuffer(offsets, dtype=np.int64))
    write_table(folder, f"{frame}.ids", ((k, v.tobytes()) for k, v in sorted(index.items())))
    columns = frame_columns(con, frame)
    meta: FrameMeta = {"columns": columns, "rows": len(offsets) - 1, "keys": len(index)}
    if _stores_bodies(folder, frame):
        meta["bodies"] = write_table(folder, f"{frame}.bodies", _bodies(folder, frame, columns, index))
    return meta
