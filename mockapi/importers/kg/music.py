"""Music domain (contract §2.7): six pickles of dicts and one pandas DataFrame (the Grammy table).

A pickle cannot be streamed: each file is loaded whole, written, and dropped before the next one (the
largest, song_dict_simplified.pickle at 235 MB, takes a few GB while it is held). Pickles load through an
allow-list of the types CRAG's files use (importers/kg/safe_pickle.py): a tampered file is refused, never run.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mockapi.formats.writer import TableWriter
from mockapi.importers.kg import safe_pickle
from mockapi.importers.kg.encode import dumps, opt_int, opt_str
from mockapi.importers.kg.progress import ImportProgress

DOMAIN = "music"

Rows = Iterator[tuple[Any, ...]]


def _field(entity: Any, name: str) -> Any:
    return entity.get(name) if isinstance(entity, dict) else None


def _artists(data: Any) -> Rows:
    for ord_, (name, artist) in enumerate(data.items()):
        members = _field(artist, "members")
        yield (
            ord_,
            str(name),
            opt_str(_field(artist, "country")),
            opt_str(_field(artist, "birth_date")),
            opt_str(_field(artist, "end_date")),
            None if members is None else dumps(list(members)),
        )


def _songs(data: Any) -> Rows:
    for ord_, (name, song) in enumerate(data.items()):
        fields = (opt_str(_field(song, k)) for k in ("author", "country", "date"))
        yield (ord_, str(name), *fields)


def _works(data: Any) -> Rows:
    for artist, works in data.items():
        yield (str(artist), dumps(None if works is None else list(works)))


def _ranks(data: Any) -> Rows:
    """rank_dict_hot100: string rank → weekly entries; list order is what rank-without-date returns."""
    for rank, weeks in data.items():
        for ord_, week in enumerate(weeks or ()):
            yield (str(rank), ord_, *(opt_str(_field(week, k)) or "" for k in ("Date", "Song", "Artist")))


def _hot_songs(data: Any) -> Rows:
    """song_dict_hot100: song → chart date → raw row (new-entry rows keep their shifted layout)."""
    for song, by_date in data.items():
        for date, row in (by_date or {}).items():
            yield (str(song), str(date), dumps(list(row)))


def _grammy(frame: Any) -> Rows:
    """One row per DataFrame row, in frame order; NaN cells become NULL (the original's str() gives 'nan')."""
    cols = {c: (list(frame[c]) if c in frame.columns else [None] * len(frame)) for c in _GRAMMY_COLUMNS}
    for i in range(len(frame)):
        yield (i, opt_int(cols["year"][i]), *(opt_str(cols[c][i]) for c in _GRAMMY_COLUMNS[1:]))


_GRAMMY_COLUMNS = ("year", "category", "nominee", "artist", "workers")

PICKLES: dict[str, tuple[str, Callable[[Any], Rows]]] = {
    "music/artist_dict_simplified.pickle": ("music_artists", _artists),
    "music/song_dict_simplified.pickle": ("music_songs", _songs),
    "music/artist_work_dict.pickle": ("music_works", _works),
    "music/grammy_df.pickle": ("music_grammy", _grammy),
    "music/rank_dict_hot100.pickle": ("music_billboard_ranks", _ranks),
    "music/song_dict_hot100.pickle": ("music_billboard_songs", _hot_songs),
}
_FRAMES = {"music/grammy_df.pickle"}  # the one DataFrame; the other files each hold a dict
FILES = tuple(PICKLES)


def run(root: Path, out: TableWriter, progress: ImportProgress) -> dict[str, int]:
    """Import whichever pickles exist; returns the number of top-level entries per file."""
    counts: dict[str, int] = {}
    for rel, (table, to_rows) in PICKLES.items():
        path = root / rel
        if not path.is_file():
            continue
        with progress.step(f"music: {path.name}", None):
            data = _load(path, rel in _FRAMES)
            counts[table] = len(data)
            with safe_pickle.crag_shaped(str(path)):
                out.add_many(table, to_rows(data))
            out.flush()
            del data
            gc.collect()
    return counts


def _load(path: Path, frame: bool) -> Any:
    import pandas as pd  # imported only when a music file is read

    kind, what = (pd.DataFrame, "a pandas DataFrame") if frame else (dict, "a dict")
    return safe_pickle.expect(safe_pickle.load(path), kind, str(path), what)
