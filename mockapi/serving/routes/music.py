"""/music/*: artists, songs, Billboard Hot 100, Grammys (contract §2.7)."""

from __future__ import annotations

from mockapi.serving.routes.spec import Computed, Example, KgRoute, computed, key, names
from mockapi.serving.tables import music_answers as music
from mockapi.wire import requests as q
from mockapi.wire import results as r

_OPT_STR = str | None
_OPT_STRS = list[str] | None
_GRAMMY_ARTIST = Example(
    "SELECT artist FROM music_grammy WHERE coalesce(artist, '') <> '' ORDER BY ord DESC LIMIT 1"
)


def _artist(where: str = "true") -> Example:
    return Example(f"SELECT name FROM music_artists WHERE {where} ORDER BY ord LIMIT 1")


def _song(column: str) -> Example:
    return Example(f"SELECT name FROM music_songs WHERE coalesce({column}, '') <> '' ORDER BY ord LIMIT 1")


def _best_by_year(short: str) -> Computed:
    return computed(lambda s, v: music.best_by_year(s, short, v[0]), (f"grammy_{short}",))


def _grammy_year(category: str) -> Example:
    return Example(
        f"SELECT year FROM music_grammy WHERE category = '{category}' AND year BETWEEN 1957 AND 2019"
        " ORDER BY ord DESC LIMIT 1"
    )


def _by_artist(path: str, result: object, table: str, doc: str, example: Example) -> KgRoute:
    return KgRoute(path, q.QueryMusicArtist, result, key(table), doc, example)


def _by_song(path: str, table: str, doc: str, column: str) -> KgRoute:
    return KgRoute(path, q.QueryMusicSong, _OPT_STR, key(table), doc, _song(column))


ROUTES = (
    KgRoute(
        "/music/search_artist_entity_by_name",
        q.QueryMusicArtistName,
        list[str],
        names("music_artist"),
        "Up to 10 artist names matching the query.",
        _artist(),
        not_found=[],
    ),
    KgRoute(
        "/music/search_song_entity_by_name",
        q.QueryMusicSongName,
        list[str],
        names("music_song"),
        "Up to 10 song titles matching the query.",
        Example("SELECT name FROM music_songs ORDER BY ord LIMIT 1"),
        not_found=[],
    ),
    KgRoute(
        "/music/get_billboard_rank_date",
        q.QueryMusicRank,
        r.BillboardRankDate,
        computed(
            lambda s, v: music.billboard_rank_date(s, v[0], v[1]), ("billboard_rank_date", "billboard_rank")
        ),
        "[[song…], [artist…]] at this rank (one week with a date, else every week).",
        Example(
            "SELECT rank, date FROM music_billboard_ranks ORDER BY date DESC, ord LIMIT 1",
            lambda row: {"rank": int(row[0]), "date": row[1]},
        ),
        not_found=[None, None],
    ),
    KgRoute(
        "/music/get_billboard_attributes",
        q.QueryMusicAttribute,
        _OPT_STR,
        computed(lambda s, v: music.billboard_attribute(s, v[0], v[1], v[2]), ("billboard_song_row",)),
        "One chart attribute of a song in a chart week, as a string.",
        Example(
            "SELECT date, song FROM music_billboard_songs ORDER BY date DESC, rowid LIMIT 1",
            lambda row: {"date": row[0], "attribute": "weeks_in_chart", "song_name": row[1]},
        ),
    ),
    KgRoute(
        "/music/grammy_get_best_artist_by_year",
        q.QueryMusicYear,
        _OPT_STRS,
        _best_by_year("best_artist"),
        "Best New Artist winners of a year (null outside 1957..2019).",
        _grammy_year("Best New Artist"),
        not_found=[],
    ),
    KgRoute(
        "/music/grammy_get_award_count_by_artist",
        q.QueryMusicArtist,
        int,
        computed(lambda s, v: music.award_count_by_artist(s, v[0])),
        "Grammy rows naming the artist (substring match on nominee, artist and workers).",
        _GRAMMY_ARTIST,
        not_found=0,
    ),
    KgRoute(
        "/music/grammy_get_award_count_by_song",
        q.QueryMusicSong,
        int,
        computed(lambda s, v: music.award_count_by_song(s, v[0]), ("grammy_count_by_song",)),
        "Grammy rows whose nominee is exactly this title.",
        Example(
            "SELECT nominee FROM music_grammy WHERE category = 'Song Of The Year' AND nominee IS NOT NULL"
            " ORDER BY ord DESC LIMIT 1"
        ),
        not_found=0,
    ),
    KgRoute(
        "/music/grammy_get_best_song_by_year",
        q.QueryMusicYear,
        _OPT_STRS,
        _best_by_year("best_song"),
        "Song Of The Year winners of a year (null outside 1957..2019).",
        _grammy_year("Song Of The Year"),
        not_found=[],
    ),
    KgRoute(
        "/music/grammy_get_award_date_by_artist",
        q.QueryMusicArtist,
        list[int],
        computed(lambda s, v: music.award_date_by_artist(s, v[0])),
        "The distinct years of the artist's Grammy rows.",
        _GRAMMY_ARTIST,
        not_found=[],
    ),
    KgRoute(
        "/music/grammy_get_best_album_by_year",
        q.QueryMusicYear,
        _OPT_STRS,
        _best_by_year("best_album"),
        "Album Of The Year winners of a year (null outside 1957..2019).",
        _grammy_year("Album Of The Year"),
        not_found=[],
    ),
    KgRoute(
        "/music/grammy_get_all_awarded_artists",
        None,
        list[str],
        computed(lambda s, _v: music.all_awarded_artists(s), ("grammy_all_awarded",)),
        "Every Best New Artist winner; takes no body (any body is ignored).",
        Example(
            "SELECT 1 FROM music_grammy WHERE category = 'Best New Artist' AND nominee IS NOT NULL LIMIT 1",
            lambda _row: {},
        ),
        not_found=[],
    ),
    _by_artist(
        "/music/get_artist_birth_place",
        _OPT_STR,
        "birth_place",
        "ISO-3166 alpha-2 country code.",
        _artist("coalesce(country, '') <> ''"),
    ),
    _by_artist(
        "/music/get_artist_birth_date",
        _OPT_STR,
        "birth_date",
        "'YYYY' or 'YYYY-MM-DD'.",
        _artist("coalesce(birth_date, '') <> ''"),
    ),
    KgRoute(
        "/music/get_members",
        q.QueryMusicBand,
        _OPT_STRS,
        key("members"),
        "Band members, de-duplicated.",
        _artist("members IS NOT NULL AND members <> '[]'"),
    ),
    KgRoute(
        "/music/get_lifespan",
        q.QueryMusicArtist,
        r.Lifespan,
        key("lifespan"),
        "[birth_date, end_date]; [null, null] for an unknown artist.",
        _artist(),
        not_found=[None, None],
    ),
    _by_song("/music/get_song_author", "song_author", "The song's author.", "author"),
    _by_song(
        "/music/get_song_release_country",
        "song_country",
        "2-letter release country ('XW' = worldwide).",
        "country",
    ),
    _by_song("/music/get_song_release_date", "song_date", "'YYYY-MM-DD'.", "date"),
    _by_artist(
        "/music/get_artist_all_works",
        _OPT_STRS,
        "works",
        "The artist's work titles, in source order.",
        Example("SELECT artist FROM music_works ORDER BY rowid LIMIT 1"),
    ),
)
