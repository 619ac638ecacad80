"""/sports/*: soccer and NBA games as pandas "columns" frames (contract §2.8).

Game lists by date are a few rows: answered on the event loop. Play-by-play can be thousands of rows per
game (milliseconds of JSON work), so that route runs on the threadpool.
"""

from __future__ import annotations

from mockapi.serving.routes.spec import Example, KgRoute, computed
from mockapi.serving.tables import sports_answers as sports
from mockapi.wire import requests as q
from mockapi.wire import results as r

ROUTES = (
    KgRoute(
        "/sports/soccer/get_games_on_date",
        q.QuerySportsSoccer,
        r.SportsFrame | None,
        computed(lambda s, v: sports.soccer_games_on_date(s, v[0], v[1]), frames=("soccer_matches",)),
        "Team-match rows on a day, month or year; row keys are str() of (league, season, team, game).",
        Example(
            "SELECT date, team FROM soccer_matches ORDER BY ord LIMIT 1",
            lambda row: {"date": row[0], "team_name": row[1]},
        ),
    ),
    KgRoute(
        "/sports/nba/get_games_on_date",
        q.QuerySportsNBA,
        r.SportsFrame | None,
        computed(lambda s, v: sports.nba_games_on_date(s, v[0], v[1]), frames=("nba_games",)),
        'Games on a day, month or year (home or away team filter); row keys "0", "1", ….',
        Example(
            "SELECT substr(game_date, 1, 10), team_name_home FROM nba_games ORDER BY ord LIMIT 1",
            lambda row: {"date": row[0], "team_name": row[1]},
        ),
    ),
    KgRoute(
        "/sports/nba/get_play_by_play_data_by_game_ids",
        q.QuerySportsNBAGameIds,
        r.SportsFrame | None,
        computed(lambda s, v: sports.nba_play_by_play(s, v[0]), frames=("nba_play_by_play",)),
        'Play-by-play rows of the given games; row keys "0", "1", ….',
        Example(
            "SELECT game_id FROM nba_play_by_play ORDER BY rowid LIMIT 1",
            lambda row: {"game_ids": [row[0]]},
        ),
        blocking=True,
    ),
)
