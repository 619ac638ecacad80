"""A small hand-written kg.duckdb with the awkward cases of the wire contract (written with TableWriter)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.formats.schema import schema_sql
from mockapi.formats.writer import TableWriter
from mockapi.search.build import build_search_index
from mockapi.wire.frames import NBA_GAME_COLUMNS, NBA_PLAY_BY_PLAY_COLUMNS, SOCCER_COLUMNS

EVERTON_KEY = "('ENG-Premier League', '2324', 'Everton', '2024-03-09 Manchester Utd-Everton')"


def _soccer_row(team: str, opponent: str, venue: str, gf: object) -> str:
    values = dict.fromkeys(SOCCER_COLUMNS)
    values |= {"date": "2024-03-09T00:00:00.000", "venue": venue, "GF": gf, "GA": 2, "opponent": opponent}
    return json.dumps([values[c] for c in SOCCER_COLUMNS])


def _nba_row(game_id: str, date: str, home: str, away: str) -> str:
    values = dict.fromkeys(NBA_GAME_COLUMNS)
    values |= {"game_id": game_id, "game_date": date, "team_name_home": home, "team_name_away": away}
    values |= {"season_id": "22023", "pts_home": 101.0, "min": 240}
    return json.dumps([values[c] for c in NBA_GAME_COLUMNS])


def _pbp_row(game_id: str, eventnum: int) -> str:
    values = dict.fromkeys(NBA_PLAY_BY_PLAY_COLUMNS)
    values |= {"game_id": game_id, "eventnum": eventnum, "player1_team_id": "1610612741.0"}
    return json.dumps([values[c] for c in NBA_PLAY_BY_PLAY_COLUMNS])


def write_handmade_world(world: Path) -> Path:
    """Create `world/kg.duckdb` (no manifest: a bare world still serves) and return the world dir."""
    world.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect(str(world / KG_DB))
    con.execute(schema_sql("kg.sql"))
    out = TableWriter(con)
    _open_and_finance(out)
    _music(out)
    _sports(out)
    out.flush()
    build_search_index(con, world)
    con.close()
    return world


def _open_and_finance(out: TableWriter) -> None:
    for i, name in enumerate(["Florida", "FLORIDA", "Florida City, Florida", "Tallahassee, Florida", "Ohio"]):
        out.add("open_entities", (i, name, f"{name} text", json.dumps({"k": "v"}), "wiki"))
    for i, name in enumerate(["Apple Inc.", "Apple Inc", "Apple Hospitality REIT Inc. Common Shares"]):
        out.add("fin_companies", (i, name, ["AAPL", "AAPX", "APLE"][i]))
    out.add("fin_prices", ("AAPL", "2024-02-27 00:00:00 EST", 1.5, 2.0, 1.0, float("nan"), 100))
    out.add("fin_prices", ("AAPL", "2024-02-28 00:00:00 EST", 1.5, 2.0, 1.0, 1.75, 200))
    out.add("fin_info", ("AAPL", json.dumps({"forwardEps": 2.5, "forwardPE": float("nan"), "x": 1})))
    out.add("movie_years", ("1992", json.dumps({"movie_list": [1, 2], "oscar_awards": []})))
    out.add("movie_years", ("2023", json.dumps({"movie_list": [3], "oscar_awards": []})))


def _music(out: TableWriter) -> None:
    out.add("music_artists", (0, "Adele", "GB", "1988", None, None))
    out.add("music_artists", (1, "Maroon 5", "", "1994", None, json.dumps(["Adam", "Jesse", "Adam"])))
    out.add("music_songs", (0, "Texas Hold 'Em", "Beyonce", "US", "2024-02-20"))
    for i, (date, song) in enumerate([("2024-02-24", "Lovin On Me"), ("2024-03-02", "Texas Hold 'Em")]):
        out.add("music_billboard_ranks", ("1", i, date, song, "Someone"))
    out.add(
        "music_billboard_songs",
        ("Texas Hold 'Em", "2024-03-02", json.dumps(["", "", "", "1", "2", "1", "2"])),
    )
    out.add(
        "music_billboard_songs", ("New One", "2024-03-02", json.dumps(["", "", "", "40", "40", "1", "-"]))
    )
    rows = [
        (2016, "Album Of The Year", "25", "Adele", "Adele Adkins"),
        (2012, "Song Of The Year", "Rolling In The Deep", "Adele", None),
        (2009, "Best New Artist", "Adele", None, None),
        (2009, "Best New Artist", None, None, None),
    ]
    for i, row in enumerate(rows):
        out.add("music_grammy", (i, *row))


def _sports(out: TableWriter) -> None:
    for i, (team, opp, venue, gf) in enumerate(
        [("Everton", "Manchester Utd", "Away", "0"), ("Manchester Utd", "Everton", "Home", 2)]
    ):
        game = "2024-03-09 Manchester Utd-Everton"
        out.add(
            "soccer_matches",
            (i, "ENG-Premier League", "2324", team, game, "2024-03-09", _soccer_row(team, opp, venue, gf)),
        )
    out.add(
        "nba_games",
        (
            0,
            "0022300001",
            "2023-10-24 00:00:00",
            "Denver Nuggets",
            "Los Angeles Lakers",
            _nba_row("0022300001", "2023-10-24 00:00:00", "Denver Nuggets", "Los Angeles Lakers"),
        ),
    )
    out.add(
        "nba_games",
        (
            1,
            "0022300002",
            "2023-11-02 00:00:00",
            "Chicago Bulls",
            "O'Brien Stars",
            _nba_row("0022300002", "2023-11-02 00:00:00", "Chicago Bulls", "O'Brien Stars"),
        ),
    )
    for i in range(3):
        out.add("nba_play_by_play", ("0022300001", i, _pbp_row("0022300001", i)))
