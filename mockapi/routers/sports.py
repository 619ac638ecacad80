"""/sports/*: soccer and NBA games as pandas "columns" frames."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import Response

from mockapi.routers.common import KG, KG_DEPENDENCIES, result
from mockapi.store import sports as store
from mockapi.wire import Envelope, QuerySportsNBA, QuerySportsNBAGameIds, QuerySportsSoccer, SportsFrame

router = APIRouter(prefix="/sports", tags=["sports"], dependencies=KG_DEPENDENCIES)


@router.post("/soccer/get_games_on_date", response_model=Envelope[SportsFrame | None])
def soccer_get_games_on_date(body: QuerySportsSoccer, kg: KG) -> Response:
    """Team-match rows on a day, month or year; row keys are str() of (league, season, team, game)."""
    return result(store.soccer_games_on_date(kg, body.date, body.team_name))


@router.post("/nba/get_games_on_date", response_model=Envelope[SportsFrame | None])
def nba_get_games_on_date(body: QuerySportsNBA, kg: KG) -> Response:
    """Games on a day, month or year (home or away team filter); row keys "0", "1", …."""
    return result(store.nba_games_on_date(kg, body.date, body.team_name))


@router.post("/nba/get_play_by_play_data_by_game_ids", response_model=Envelope[SportsFrame | None])
def nba_get_play_by_play_data_by_game_ids(body: QuerySportsNBAGameIds, kg: KG) -> Response:
    """Play-by-play rows of the given games; row keys "0", "1", …."""
    return result(store.nba_play_by_play(kg, body.game_ids))
