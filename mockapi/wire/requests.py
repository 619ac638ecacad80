"""Request bodies of the 38 KG routes, with the original's model names, field names and field types.

Pydantic v2's default (lax) mode already reproduces the original's decoding (contract §1.2): a `str` field
rejects JSON numbers and booleans with a 422 `string_type`, an `int` field accepts `"100"`, `100.0` and `true`
and rejects `100.5`; unknown fields are ignored; `Optional[...] = None` accepts absence or an explicit null.
The `json_schema_extra` examples are the original's; the app replaces them in /docs with bodies picked from
the world it serves.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict

from mockapi.wire.base import WireModel
from mockapi.wire.fields import GameIds, Text


def _example(**body: Any) -> ConfigDict:
    return ConfigDict(extra="ignore", json_schema_extra={"examples": [body]})


class QueryOpenName(WireModel):
    model_config = _example(query="florida")
    query: Text
    """Free text; matched by BM25 over normalised entity names."""


class QueryOpenEntity(WireModel):
    model_config = _example(query="Florida City, Florida")
    query: Text
    """Exact, case-sensitive entity name."""


class QueryMoviePerson(WireModel):
    model_config = _example(query="Jackson")
    query: Text
    """Free text; matched by BM25 over normalised person names."""


class QueryMovieMovie(WireModel):
    model_config = _example(query="Lord of the Rings")
    query: Text
    """Free text; matched by BM25 over normalised movie titles."""


class QueryMovieYear(WireModel):
    model_config = _example(query="1992")
    query: Text
    """A year as a string, e.g. "1992" (a JSON number is a 422, as in the original)."""


class QueryMovieID(WireModel):
    model_config = _example(query=100)
    query: int
    """A movie or person id."""


class QueryFinanceName(WireModel):
    model_config = _example(query="Apple")
    query: Text
    """Free text; matched by BM25 over normalised company names."""


class QueryFinanceCompanyName(WireModel):
    model_config = _example(query="Inflection Point Acquisition Corp. II Unit")
    query: Text
    """Exact, case-sensitive full company name."""


class QueryFinanceTicker(WireModel):
    model_config = _example(query="META")
    query: Text
    """Exact, case-sensitive ticker symbol."""


class QueryMusicArtistName(WireModel):
    model_config = _example(query="lady gaga")
    query: Text
    """Free text; matched by BM25 over normalised artist names."""


class QueryMusicSongName(WireModel):
    model_config = _example(query="I can feel IT")
    query: Text
    """Free text; matched by BM25 over normalised song titles."""


class QueryMusicRank(WireModel):
    model_config = _example(rank=1, date="2024-02-28")
    rank: int
    """Billboard Hot 100 rank, 1..100."""
    date: Text | None = None
    """Chart week 'YYYY-MM-DD'; null or "" means every week."""


class QueryMusicAttribute(WireModel):
    model_config = _example(date="2024-02-28", attribute="weeks_in_chart", song_name="Texas Hold 'Em")
    date: Text
    """Chart week 'YYYY-MM-DD'."""
    attribute: Text
    """rank_last_week | weeks_in_chart | top_position | anything else (the rank)."""
    song_name: Text
    """Exact, case-sensitive song title."""


class QueryMusicYear(WireModel):
    model_config = _example(query=1998)
    query: int
    """A Grammy year (the original answers 1957..2019)."""


class QueryMusicArtist(WireModel):
    model_config = _example(query="Adele")
    query: Text
    """Exact, case-sensitive artist name."""


class QueryMusicSong(WireModel):
    model_config = _example(query="I Can Feel It")
    query: Text
    """Exact, case-sensitive song title."""


class QueryMusicBand(WireModel):
    model_config = _example(query="Maroon 5")
    query: Text
    """Exact, case-sensitive band name."""


class QuerySportsSoccer(WireModel):
    model_config = _example(date="2024-03-09", team_name="Everton")
    date: Text
    """'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'."""
    team_name: Text | None = None
    """Exact FBref short team name, or null for every team."""


class QuerySportsNBA(WireModel):
    model_config = _example(date="2022-10-11", team_name="Chicago Bulls")
    date: Text
    """'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'."""
    team_name: Text | None = None
    """Exact full team name (home or away), or null for every team."""


class QuerySportsNBAGameIds(WireModel):
    model_config = _example(game_ids=["0022200547", "0029600027"])
    game_ids: GameIds
    """NBA game ids, as strings (at most 100, each at most 128 characters)."""
