"""A small cragkg/ directory in CRAG's real file formats (contract §2.4–§2.9), with the awkward cases.

Writers take plain Python data, so the benchmark reuses them for large generated inputs; `write_cragkg`
writes the small fixture whose values the tests check. Nothing here imports our own importer.
"""

# ruff: noqa: E501  (fixture data reads best one record per line)
from __future__ import annotations

import bz2
import csv
import json
import pickle
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

NAN = float("nan")

# ───────────────────────── writers (the real formats) ─────────────────────────


def write_open(root: Path, parts: Iterable[Iterable[tuple[str, dict[str, Any]]]]) -> None:
    """open/kg.N.jsonl.bz2: one JSON array [name, entity] per line."""
    (root / "open").mkdir(parents=True, exist_ok=True)
    for n, lines in enumerate(parts):
        with bz2.open(root / "open" / f"kg.{n}.jsonl.bz2", "wt", encoding="utf-8", compresslevel=1) as f:
            for name, entity in lines:
                f.write(json.dumps([name, entity], ensure_ascii=False) + "\n")


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    """movie/*.json: one JSON object (json.dump, as the original files)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        json.dump(data, f)


def as_pandas2_wrote(obj: Any) -> Any:
    """`obj` with its strings in object arrays, as CRAG's files hold them (written by pandas 2.0.3): pandas 3 with
    pyarrow installed infers Arrow-backed strings, whose pickles name pyarrow, which the import's allow-list
    (rightly) refuses."""
    if isinstance(obj, dict):
        return {k: as_pandas2_wrote(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [as_pandas2_wrote(v) for v in obj]
    if isinstance(obj, pd.Series):
        series = obj.astype(object) if pd.api.types.is_string_dtype(obj.dtype) else obj.copy()
        series.index = _object_index(series.index)
        return series
    if not isinstance(obj, pd.DataFrame):
        return obj
    out = obj.copy()
    for c in out.columns:
        if out[c].dtype != object and pd.api.types.is_string_dtype(out[c].dtype):
            out[c] = out[c].astype(object)
    out.columns = _object_index(out.columns)
    out.index = _object_index(out.index)
    return out


def _object_index(index: pd.Index) -> pd.Index:
    if isinstance(index, pd.MultiIndex):
        levels = [pd.Index(list(index.get_level_values(i)), dtype=object) for i in range(index.nlevels)]
        multi: pd.Index = pd.MultiIndex.from_arrays(levels, names=index.names)
        return multi
    if pd.api.types.is_string_dtype(index.dtype):
        objects: pd.Index = pd.Index(list(index), dtype=object, name=index.name)
        return objects
    return index


def write_sqlitedict(path: Path, items: Iterable[tuple[str, Any]]) -> None:
    """SqliteDict 2.1 layout: table `unnamed` (key TEXT PRIMARY KEY, value BLOB), pickled values."""
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    con.execute('CREATE TABLE IF NOT EXISTS "unnamed" (key TEXT PRIMARY KEY, value BLOB)')
    con.executemany(
        'REPLACE INTO "unnamed" (key, value) VALUES (?, ?)',
        ((k, sqlite3.Binary(pickle.dumps(as_pandas2_wrote(v), pickle.HIGHEST_PROTOCOL))) for k, v in items),
    )
    con.commit()
    con.close()


def write_pickle(path: Path, obj: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        pickle.dump(as_pandas2_wrote(obj), f, pickle.HIGHEST_PROTOCOL)


def write_companies(path: Path, rows: Iterable[tuple[str, str]]) -> None:
    """company_name.dict: a NASDAQ-screener CSV; only Name and Symbol matter."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        out.writerow(["Symbol", "Name", "Last Sale", "Market Cap", "Country", "Sector"])
        for name, symbol in rows:
            out.writerow([symbol, name, "$1.00", "1000000", "United States", "Technology"])


# ───────────────────────── the small fixture ─────────────────────────

# fmt: off
OPEN_PARTS = [
    [
        ("Florida", {"summary_text": "Florida is a state.", "summary_structured": {"capital": "[[Tallahassee]]", "nickname": ""}, "raw_mediawiki": "'''Florida''' is a [[U.S. state]]."}),
        ("FLORIDA", {"summary_text": "Shouted Florida.", "summary_structured": {}, "raw_mediawiki": ""}),
        ("Dup Name", {"summary_text": "first version", "summary_structured": {"v": "1"}, "raw_mediawiki": "v1"}),
        ("Florida City, Florida", {"summary_text": "A city.", "summary_structured": {"settlement_type": "[[List of communities in Miami-Dade County, Florida|City]]"}, "raw_mediawiki": "{{Infobox}}"}),
        ("Zürich", {"summary_text": "Größte Stadt.", "summary_structured": {"name": "Zürich"}, "raw_mediawiki": "Zürich"}),
    ],
    [
        ("Dup Name", {"summary_text": "second version", "summary_structured": {"v": "2"}, "raw_mediawiki": "v2"}),
        ("Tallahassee, Florida", {"summary_text": "Capital.", "summary_structured": {}, "raw_mediawiki": "x"}),
        *((f"Filler Place {i}", {"summary_text": f"Filler {i}.", "summary_structured": {}, "raw_mediawiki": ""}) for i in range(20)),
    ],
]

OSCAR = {"year_ceremony": 2004, "ceremony": 76, "category": "DIRECTING", "name": "Peter Jackson", "film": "The Lord of the Rings: The Return of the King", "winner": True}
MOVIES = {
    "the lord of the rings the return of the king": {
        "budget": 94000000, "genres": [{"id": 12, "name": "Adventure"}], "id": 122, "original_language": "en",
        "original_title": "The Lord of the Rings: The Return of the King", "release_date": "2003-12-01",
        "revenue": 1118888979, "title": "The Lord of the Rings: The Return of the King",
        "cast": [{"gender": 2, "id": 110, "name": "Viggo Mortensen", "character": "Aragorn", "order": 1}],
        "crew": [{"name": "Peter Jackson", "job": "Director", "id": 108}], "rating": 8.5, "length": 201,
        "oscar_awards": [OSCAR],
    },
    "heat": {  # another key order, no length, a null rating
        "title": "Heat", "id": 949, "rating": None, "budget": 60000000, "revenue": 187436818, "genres": [],
        "original_language": "en", "original_title": "Heat", "release_date": "1995-12-15", "cast": [], "crew": [],
    },
    "untitled project": {"title": "Untitled Project", "budget": 0, "genres": [], "cast": [], "crew": []},
    **{f"filler movie {i}": {"title": f"Filler Movie {i}", "id": 5000 + i, "budget": i} for i in range(12)},
}  # fmt: skip
PERSONS = {
    "viggo mortensen": {"acted_movies": [122], "id": 110, "birthday": "1958-10-20", "name": "Viggo Mortensen"},
    "peter jackson": {"acted_movies": [], "id": 108, "oscar_awards": [OSCAR], "birthday": "1961-10-31",
                      "name": "Peter Jackson", "directed_movies": [122]},
}  # fmt: skip
YEARS = {"1995": {"movie_list": [949], "oscar_awards": []}, "2003": {"movie_list": [122], "oscar_awards": [OSCAR]}}

COMPANIES = [
    ("Apple Inc. Common Stock", "AAPL"),
    ("Apple Hospitality REIT Inc. Common Shares", "APLE"),
    ("Meta Platforms Inc. Class A Common Stock", "META"),
    ("Apple Inc.", "AAPL"),  # normalises like the next one: a search hit shows both names, twice
    ("Apple Inc", "APPX"),
    ("Nano Labs Ltd Class A Ordinary Shares", "NA"),  # pandas would read this ticker as NaN
    ("Comma, Quoted & Co. Inc.", "CQC"),
    ("Meta Platforms Inc. Class A Common Stock", "FB"),  # duplicate name: the last one wins the lookup
    *((f"Filler Holdings {i} Corp", f"FIL{i}") for i in range(10)),
]


def bar(o: float, h: float, low: float, c: float, v: int) -> dict[str, Any]:
    return {"Open": o, "High": h, "Low": low, "Close": c, "Volume": v}


PRICES = {  # inserted META first and with unsorted dates: the store sorts by (ticker, ts)
    "META": {
        "2024-02-28 00:00:00 EST": bar(484.0, 488.25, 481.5, 484.02, 11_000_000),
        "2023-02-28 00:00:00 EST": bar(171.71780629294318, 175.0, 170.5, 174.94, 30_000_000),
        "2023-07-05 00:00:00 EST": bar(290.1, 295.0, 289.0, 294.37, 19_000_000),
    },
    "AAPL": {"2024-02-28 00:00:00 EST": bar(182.51, 183.12, 180.13, 181.42, 48_953_900)},
}
MINUTES = {"META": {f"2024-02-22 09:{m:02d}:00 EST": bar(470 + m, 471 + m, 469 + m, 470.5 + m, 1000 + m) for m in range(30, 35)}}
DIVIDENDS = {"META": {"2024-02-21 00:00:00 EST": 0.5}, "AAPL": {"2023-11-10 00:00:00 EST": 0.24, "2024-02-09 00:00:00 EST": 0.24}}
MARKETCAP = {"META": 1239354590603.2158, "AAPL": 2.8e12}
INFO = {
    "META": {"address1": "1 Meta Way", "city": "Menlo Park", "companyOfficers": [{"maxAge": 1, "name": "Mark", "age": 39}],
             "forwardEps": 22.95, "forwardPE": 21.199127, "marketCap": 1240338923520, "exDividendDate": 1708473600,
             "symbol": "META"},
    "AAPL": {"symbol": "AAPL", "dividendYield": NAN, "trailingPE": 28.1},  # no forwardEps; a NaN value
}  # fmt: skip

ARTISTS = {
    "Adele": {"country": "NO", "birth_date": "1987", "end_date": None, "members": None},
    "Maroon 5": {"country": "US", "birth_date": "1994", "end_date": None, "members": ["Adam Levine", "James Valentine", "Adam Levine"]},
    "Lady Gaga": {"country": "US", "birth_date": "1986-03-28", "end_date": None, "members": None},
    "Nobody Known": {"country": "", "birth_date": "", "end_date": "2001", "members": []},
    **{f"Artist Number {i:03d}": {"country": "GB", "birth_date": "1970", "end_date": None, "members": None} for i in range(100)},
}
SONGS = {
    "I Can Feel It": {"author": "Kane Brown", "country": "XW", "date": "2023-09-21"},
    "Can You Feel It": {"author": "Someone", "country": "US", "date": "1980-01-01"},
    "Texas Hold 'Em": {"author": "Beyonce", "country": "US", "date": "2024-02-11"},
    "Silent Track": {"author": None, "country": "", "date": None},
    **{f"Song Title {i:03d}": {"author": "Band", "country": "GB", "date": "2000-01-01"} for i in range(100)},
}
WORKS = {"Adele": ["Hello", "2011-04-08: Paradiso FM, Amsterdam, Netherlands", "Skyfall"], "Maroon 5": ["Sugar"]}
RANKS = {
    "1": [{"Date": "2024-02-24", "Song": "Lovin On Me", "Artist": "Jack Harlow"},
          {"Date": "2024-02-28", "Song": "Texas Hold 'Em", "Artist": "Beyonce"},
          {"Date": "2024-02-28", "Song": "Duplicate Week", "Artist": "Nobody"}],
    "2": [{"Date": "2024-02-28", "Song": "Lovin On Me", "Artist": "Jack Harlow"}],
}  # fmt: skip
HOT_SONGS = {
    "Texas Hold 'Em": {"2024-02-28": ["Texas Hold 'Em", "Beyonce", "img", "1", "5", "1", "2"]},
    "New Song": {"2024-02-28": ["New Song", "Someone", "img", "40", "38", "1", "-"]},  # new-entry layout
}
GRAMMY_ROWS = [  # year, category, nominee, artist, workers
    (1998, "Best New Artist", "Paula Cole", NAN, NAN),
    (1998, "Song Of The Year", "My Heart Will Go On (Love Theme From Titanic)", "Celine Dion", "James Horner, Will Jennings"),
    (1998, "Album Of The Year", "The Miseducation Of Lauryn Hill", "Lauryn Hill", "Lauryn Hill, producer"),
    (2009, "Best New Artist", "Adele", NAN, NAN),
    (2012, "Album Of The Year", "21", "Adele", "Adele Adkins, artist; Paul Epworth, producer"),
    (2012, "Song Of The Year", "Rolling In The Deep", "Adele", "Adele Adkins & Paul Epworth, songwriters"),
    (2016, "Album Of The Year", "25", "Adele", "Adele Adkins"),
    (1999, "Best New Artist", NAN, NAN, NAN),  # a NaN nominee
    (2019, "Best New Artist", "Dua Lipa", NAN, NAN),
]

# fmt: on


def grammy_frame() -> pd.DataFrame:
    frame: pd.DataFrame = pd.DataFrame(
        GRAMMY_ROWS, columns=["year", "category", "nominee", "artist", "workers"]
    )
    frame.insert(1, "title", "62nd Annual GRAMMY Awards")  # the Kaggle table has extra columns
    return frame


# fmt: off
SOCCER_COLUMNS = ["date", "time", "round", "day", "venue", "result", "GF", "GA", "opponent", "xG", "xGA", "Poss",
                  "Attendance", "Captain", "Formation", "Referee", "match_report", "Notes"]  # fmt: skip
SOCCER_ROWS = [  # (league, season, team, game), then the 18 values; GF/GA mix str and int as the real data
    (("ENG-Premier League", "2324", "Everton", "2024-03-09 Manchester Utd-Everton"),
     ["2024-03-09", "12:30", "Matchweek 28", "Sat", "Away", "L", "0", 2, "Manchester Utd", 1.23456789012345, 2.1,
      40, 73000, "Séamus Coleman", "4-4-1-1", "Andy Madley", "/en/matches/aa/x", None]),
    (("ENG-Premier League", "2324", "Manchester Utd", "2024-03-09 Manchester Utd-Everton"),
     ["2024-03-09", "12:30", "Matchweek 28", "Sat", "Home", "W", 2, "0", "Everton", 2.1, 1.23456789012345,
      60, 73000, "Bruno Fernandes", "4-2-3-1", "Andy Madley", "/en/matches/aa/x", None]),
    (("ENG-Premier League", "2324", "Arsenal", "2024-03-09 Arsenal-Brentford"),
     ["2024-03-09", "17:30", "Matchweek 28", "Sat", "Home", "W", 2, 1, "Brentford", 1.5, 0.5,
      70, 60000, "Martin Ødegaard", "4-3-3", "Rob Jones", "/en/matches/bb/y", None]),
    (("ESP-La Liga", "2324", "Barcelona", "2024-03-08 Barcelona-Mallorca"),
     ["2024-03-08", "21:00", "Matchweek 28", "Fri", "Home", "W", 1, 0, "Mallorca", 2.0, 0.3,
      68, 45000, "Sergi Roberto", "4-3-3", "Ref A", "/en/matches/cc/z", None]),
    (("ENG-Premier League", "2324", "Everton", "2024-02-24 Everton-Crystal Palace"),
     ["2024-02-24", "15:00", "Matchweek 26", "Sat", "Home", "D", 1, 1, "Crystal Palace", 0.9, 1.0,
      50, 39000, "Séamus Coleman", "4-4-2", "Ref B", "/en/matches/dd/w", None]),
    ((NAN, "2324", "Ghost", "2024-03-09 Ghost-Town"),  # dropped at load, as the original does
     ["2024-03-09", "12:00", "Matchweek 1", "Sat", "Home", "W", 9, 9, "Town", 9.0, 9.0,
      99, 9, "G", "4-4-2", "R", "/en/matches/ee/v", None]),
    (("FRA-Ligue 1", "2223", "Lyon", "2023-03-09 Lyon-Nice"),
     ["2023-03-09", "20:00", "Matchweek 27", "Thu", "Home", "L", 0, 1, "Nice", 0.7, 1.4,
      55, 40000, "Lacazette", "4-3-3", "Ref C", "/en/matches/ff/u", None]),
]  # fmt: skip

# fmt: on


def soccer_frame() -> pd.DataFrame:
    index = pd.MultiIndex.from_tuples([r[0] for r in SOCCER_ROWS], names=["league", "season", "team", "game"])
    columns = {
        c: pd.Series([r[1][i] for r in SOCCER_ROWS], dtype=object) for i, c in enumerate(SOCCER_COLUMNS)
    }
    frame: pd.DataFrame = pd.DataFrame({c: s.values for c, s in columns.items()}, index=index)
    frame["date"] = pd.to_datetime(frame["date"])
    for c in ("xG", "xGA"):
        frame[c] = frame[c].astype("float64")
    for c in ("Poss", "Attendance"):
        frame[c] = frame[c].astype("int64")
    return frame


# fmt: off
_STATS = ["fgm", "fga", "fg_pct", "fg3m", "fg3a", "fg3_pct", "ftm", "fta", "ft_pct", "oreb", "dreb", "reb", "ast",
          "stl", "blk", "tov", "pf", "pts"]  # fmt: skip
GAME_COLUMNS = [
    ("season_id", "TEXT"), ("team_id_home", "TEXT"), ("team_abbreviation_home", "TEXT"), ("team_name_home", "TEXT"),
    ("game_id", "TEXT"), ("game_date", "TIMESTAMP"), ("matchup_home", "TEXT"), ("wl_home", "TEXT"), ("min", "INTEGER"),
    *((f"{s}_home", "REAL") for s in _STATS), ("plus_minus_home", "INTEGER"), ("video_available_home", "INTEGER"),
    ("team_id_away", "TEXT"), ("team_abbreviation_away", "TEXT"), ("team_name_away", "TEXT"),
    ("matchup_away", "TEXT"), ("wl_away", "TEXT"),
    *((f"{s}_away", "REAL") for s in _STATS), ("plus_minus_away", "INTEGER"), ("video_available_away", "INTEGER"),
    ("season_type", "TEXT"),
]  # fmt: skip
PBP_COLUMNS = [
    ("game_id", "TEXT"), ("eventnum", "INTEGER"), ("eventmsgtype", "INTEGER"), ("eventmsgactiontype", "INTEGER"),
    ("period", "INTEGER"), ("wctimestring", "TEXT"), ("pctimestring", "TEXT"), ("homedescription", "TEXT"),
    ("neutraldescription", "TEXT"), ("visitordescription", "TEXT"), ("score", "TEXT"), ("scoremargin", "TEXT"),
]  # fmt: skip
for _k in (1, 2, 3):
    PBP_COLUMNS += [(f"person{_k}type", "REAL"), (f"player{_k}_id", "TEXT"), (f"player{_k}_name", "TEXT"),
                    (f"player{_k}_team_id", "TEXT"), (f"player{_k}_team_city", "TEXT"),
                    (f"player{_k}_team_nickname", "TEXT"), (f"player{_k}_team_abbreviation", "TEXT")]  # fmt: skip
PBP_COLUMNS.append(("video_available_flag", "TEXT"))


def game_row(
    game_id: str, date: str, home: tuple[str, str, str], away: tuple[str, str, str], pct: float
) -> tuple[Any, ...]:
    stats = [50.0, 95.0, pct, 10.0, 30.0, 0.333, 15.0, 20.0, 0.75, 10.0, 35.0, 45.0, 25.0, 8.0, 5.0, 14.0, 20.0, 125.0]  # fmt: skip
    return ("12022", home[0], home[1], home[2], game_id, date, f"{home[1]} vs. {away[1]}", "W", 240, *stats, 8, 1,
            away[0], away[1], away[2], f"{away[1]} @ {home[1]}", "L", *stats, -8, 0, "Pre Season")  # fmt: skip


BULLS, BUCKS = ("1610612741", "CHI", "Chicago Bulls"), ("1610612749", "MIL", "Milwaukee Bucks")
NUGGETS, LAKERS = ("1610612743", "DEN", "Denver Nuggets"), ("1610612747", "LAL", "Los Angeles Lakers")
CELTICS = ("1610612738", "BOS", "Boston Celtics")
GAMES = [
    game_row("0012200049", "2022-10-11 00:00:00", BULLS, BUCKS, 0.526),
    game_row("0012200050", "2022-10-11 00:00:00", NUGGETS, LAKERS, 0.45678912345678),
    game_row("0022200120", "2022-11-02 00:00:00", CELTICS, BULLS, 0.5),
    game_row("0022100001", "2021-10-11 00:00:00", LAKERS, CELTICS, 0.4),
]


def pbp_row(game_id: str, eventnum: int, score: str | None) -> tuple[Any, ...]:
    player = (4.0, "201942", "DeMar DeRozan", "1610612741.0", "Chicago", "Bulls", "CHI")
    nobody = (0.0, "0", None, None, None, None, None)
    return (game_id, eventnum, 1, 0, 1, "8:11 PM", "12:00", "Jump Ball", None, None, score, None,
            *player, *nobody, *nobody, "1")  # fmt: skip


PBP = [  # two games interleaved: a game's rows come back in table order
    pbp_row("0012200049", 0, None), pbp_row("0012200050", 0, None), pbp_row("0012200049", 1, "2 - 0"),
    pbp_row("0012200050", 1, "0 - 3"), pbp_row("0012200049", 2, "104 - 127"),
]  # fmt: skip

# fmt: on


def write_nba(path: Path, games: Iterable[tuple[Any, ...]], pbp: Iterable[tuple[Any, ...]]) -> None:
    """nba.sqlite with the Kaggle schema's `game` and `play_by_play` tables (plus an unused one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    for table, cols, rows in (("game", GAME_COLUMNS, games), ("play_by_play", PBP_COLUMNS, pbp)):
        con.execute(f"CREATE TABLE {table} ({', '.join(f'{c} {t}' for c, t in cols)})")
        con.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(cols))})", rows)
    con.execute("CREATE TABLE team (id TEXT, full_name TEXT)")
    con.commit()
    con.close()


# ───────────────────────── everything ─────────────────────────

DOMAIN_DIRS = ("open", "movie", "finance", "music", "sports")


def write_cragkg(root: Path, skip: Iterable[str] = ()) -> Path:
    """Write the fixture under `root`; `skip` names domains (or relative file paths) to leave out."""
    skipped = set(skip)
    # fmt: off
    jobs: dict[str, Any] = {
        "open": lambda: write_open(root, OPEN_PARTS),
        "movie/movie_db.json": lambda: write_json(root / "movie/movie_db.json", MOVIES),
        "movie/person_db.json": lambda: write_json(root / "movie/person_db.json", PERSONS),
        "movie/year_db.json": lambda: write_json(root / "movie/year_db.json", YEARS),
        "finance/company_name.dict": lambda: write_companies(root / "finance/company_name.dict", COMPANIES),
        "finance/finance_price.sqlite": lambda: write_sqlitedict(root / "finance/finance_price.sqlite", PRICES.items()),
        "finance/finance_detailed_price.sqlite": lambda: write_sqlitedict(
            root / "finance/finance_detailed_price.sqlite", MINUTES.items()
        ),
        "finance/finance_dividend.sqlite": lambda: write_sqlitedict(
            root / "finance/finance_dividend.sqlite", DIVIDENDS.items()
        ),
        "finance/finance_marketcap.sqlite": lambda: write_sqlitedict(
            root / "finance/finance_marketcap.sqlite", MARKETCAP.items()
        ),
        "finance/finance_info.sqlite": lambda: write_sqlitedict(root / "finance/finance_info.sqlite", INFO.items()),
        "music/artist_dict_simplified.pickle": lambda: write_pickle(root / "music/artist_dict_simplified.pickle", ARTISTS),
        "music/song_dict_simplified.pickle": lambda: write_pickle(root / "music/song_dict_simplified.pickle", SONGS),
        "music/artist_work_dict.pickle": lambda: write_pickle(root / "music/artist_work_dict.pickle", WORKS),
        "music/grammy_df.pickle": lambda: write_pickle(root / "music/grammy_df.pickle", grammy_frame()),
        "music/rank_dict_hot100.pickle": lambda: write_pickle(root / "music/rank_dict_hot100.pickle", RANKS),
        "music/song_dict_hot100.pickle": lambda: write_pickle(root / "music/song_dict_hot100.pickle", HOT_SONGS),
        "sports/soccer_team_match_stats.pkl": lambda: write_pickle(root / "sports/soccer_team_match_stats.pkl", soccer_frame()),
        "sports/nba.sqlite": lambda: write_nba(root / "sports/nba.sqlite", GAMES, PBP),
    }
    # fmt: on
    for rel, job in jobs.items():
        if rel not in skipped and rel.split("/")[0] not in skipped:
            job()
    return root
