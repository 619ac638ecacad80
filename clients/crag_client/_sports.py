"""`client.sports`: soccer and NBA (routes 36-38). Results are pandas "columns"-orientation frames."""

from __future__ import annotations

from ._base import ResultType
from ._resource import AsyncResource, SyncResource
from .results import SportsFrame

_SPORTSFRAME_OR_NONE: ResultType[SportsFrame | None] = ResultType(SportsFrame | None)


class Sports(SyncResource):
    """Games by date and NBA play-by-play."""

    def soccer_get_games_on_date(self, date: str, team_name: str | None = None) -> SportsFrame | None:
        """Soccer games on `date` ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'), of one team or all; None if none."""
        body = {"team_name": team_name, "date": date}
        return self._client._post("/sports/soccer/get_games_on_date", body, _SPORTSFRAME_OR_NONE)

    def nba_get_games_on_date(self, date: str, team_name: str | None = None) -> SportsFrame | None:
        """NBA games on `date` ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'), of one team or all; None if none."""
        body = {"team_name": team_name, "date": date}
        return self._client._post("/sports/nba/get_games_on_date", body, _SPORTSFRAME_OR_NONE)

    def nba_get_play_by_play_data_by_game_ids(self, game_ids: list[str]) -> SportsFrame | None:
        """Play-by-play rows of these NBA games (ids as strings), or None."""
        body = {"game_ids": list(game_ids)}
        return self._client._post("/sports/nba/get_play_by_play_data_by_game_ids", body, _SPORTSFRAME_OR_NONE)


class AsyncSports(AsyncResource):
    """Games by date and NBA play-by-play."""

    async def soccer_get_games_on_date(self, date: str, team_name: str | None = None) -> SportsFrame | None:
        """Soccer games on `date` ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'), of one team or all; None if none."""
        body = {"team_name": team_name, "date": date}
        return await self._client._post("/sports/soccer/get_games_on_date", body, _SPORTSFRAME_OR_NONE)

    async def nba_get_games_on_date(self, date: str, team_name: str | None = None) -> SportsFrame | None:
        """NBA games on `date` ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'), of one team or all; None if none."""
        body = {"team_name": team_name, "date": date}
        return await self._client._post("/sports/nba/get_games_on_date", body, _SPORTSFRAME_OR_NONE)

    async def nba_get_play_by_play_data_by_game_ids(self, game_ids: list[str]) -> SportsFrame | None:
        """Play-by-play rows of these NBA games (ids as strings), or None."""
        body = {"game_ids": list(game_ids)}
        return await self._client._post(
            "/sports/nba/get_play_by_play_data_by_game_ids", body, _SPORTSFRAME_OR_NONE
        )
