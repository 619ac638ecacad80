"""Grammy queries over `music_grammy`, where every row counts as a win (contract §2.7)."""

from __future__ import annotations

from sql_reference.sql import Cursor

YEAR_MIN, YEAR_MAX = 1957, 2019
BEST_NEW_ARTIST = "Best New Artist"
SONG_OF_THE_YEAR = "Song Of The Year"
ALBUM_OF_THE_YEAR = "Album Of The Year"

# The original tests `name in str(cell)`; str() of a missing (NaN) cell is "nan".
_MATCHES = "contains(coalesce({col}, 'nan'), $name)::INTEGER"
_COUNT_BY_ARTIST = "SELECT coalesce(sum({}), 0) FROM music_grammy".format(
    " + ".join(_MATCHES.format(col=c) for c in ("nominee", "artist", "workers"))
)
_YEARS_BY_ARTIST = "SELECT year FROM music_grammy WHERE {} ORDER BY ord".format(
    " OR ".join(f"contains(coalesce({c}, 'nan'), $name)" for c in ("nominee", "artist", "workers"))
)


def best_by_year(cur: Cursor, category: str, year: int) -> list[str | None] | None:
    if not YEAR_MIN <= year <= YEAR_MAX:
        return None
    rows = cur.execute(
        "SELECT nominee FROM music_grammy WHERE category = ? AND year = ? ORDER BY ord", [category, year]
    ).fetchall()
    return [r[0] for r in rows]


def award_count_by_artist(cur: Cursor, name: str) -> int:
    row = cur.execute(_COUNT_BY_ARTIST, {"name": name}).fetchone()
    return int(row[0]) if row else 0


def award_count_by_song(cur: Cursor, title: str) -> int:
    row = cur.execute("SELECT count(*) FROM music_grammy WHERE nominee = ?", [title]).fetchone()
    return int(row[0]) if row else 0


def award_date_by_artist(cur: Cursor, name: str) -> list[int]:
    rows = cur.execute(_YEARS_BY_ARTIST, {"name": name}).fetchall()
    # a Python set, as the original: same members, and for small ints the same iteration order
    return list({int(r[0]) for r in rows if r[0] is not None})


def all_awarded_artists(cur: Cursor) -> list[str]:
    rows = cur.execute(
        "SELECT nominee FROM music_grammy WHERE category = ? AND nominee IS NOT NULL ORDER BY ord",
        [BEST_NEW_ARTIST],
    ).fetchall()
    return list(dict.fromkeys(r[0] for r in rows))
