"""/sports/*: soccer and NBA games as pandas "columns" frames.

Game lists by date are a few rows: answered on the event loop. Play-by-play can be thousands of rows per
game (milliseconds of JSON work), so that route stays a plain `def` and runs on the threadpool.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from mockapi.http.routers.common import KG_DEPENDENCIES, json_bytes, serving
from mockapi.serving import sports as served_sports
from mockapi.wire import Envelope, QuerySportsNBA, QuerySportsNBAGameIds, QuerySportsSoccer, SportsFrame

router = APIRouter(prefix="/sports", tags=["sports"], dependencies=KG_DEPENDENCIES)


@router.post("/soccer/get_games_on_date", response_model=Envelope[SportsFrame | None])
async def soccer_get_games_on_date(body: QuerySportsSoccer, request: Request) -> Response:
    """Team-match rows on a day, month or year; row keys are str() of (league, season, team, game)."""
    return json_bytes(served_sports.soccer_games_on_date(serving(request), body.date, body.team_name))


@router.post("/nba/get_games_on_date", response_model=Envelope[SportsFrame | None])
async def nba_get_games_on_date(body: QuerySportsNBA, request: Request) -> Response:
    """Games on a day, month or year (home or away team filter); row keys "0", "1", …."""
    return json_bytes(served_sports.nba_games_on_date(serving(request), body.date, body.team_name))


@router.post("/nba/get_play_by_play_data_by_game_ids", response_model=Envelope[SportsFrame | None])
def nba_get_play_by_play_data_by_game_ids(body: QuerySportsNBAGameIds, request: Request) -> Response:
    """Play-by-play rows of the given games; row keys "0", "1", …."""
    return json_bytes(served_sports.nba_play_by_play(serving(request), body.game_ids))
