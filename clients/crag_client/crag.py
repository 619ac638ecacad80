"""`CRAG`: a drop-in for the original `pycragapi.CRAG` (same 38 method names, parameter names and order, same
return value: the whole decoded JSON body, e.g. `{"result": …}` or `{"detail": …}` on a 422), with timeouts,
retries and a pooled connection underneath.

`from crag_client import CRAG` replaces `from pycragapi import CRAG` (and the baselines'
`utils.cragapi_wrapper.CRAG(server=…)`) with no other change.
"""

from __future__ import annotations

from typing import Any

import httpx

from ._base import _UNSET
from ._cache import ResponseCache
from ._client import Client
from ._retry import RetryPolicy


class CRAG:
    """The original client's interface. Every method returns the decoded JSON body as the server sent it;
    a body that is not JSON raises `ResponseDecodeError`, a `json.JSONDecodeError` as the original raised."""

    def __init__(
        self,
        server: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = _UNSET,
        max_attempts: int = 3,
        retry: RetryPolicy | None = None,
        cache: bool | ResponseCache = False,
        interaction_id: str | None = None,
        transport: httpx.BaseTransport | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._client = Client(
            server,
            timeout=timeout,
            max_attempts=max_attempts,
            retry=retry,
            cache=cache,
            interaction_id=interaction_id,
            transport=transport,
            http_client=http_client,
        )
        self.server = self._client.base_url

    @property
    def client(self) -> Client:
        """The typed `Client` underneath (same pool), for code migrating to typed results."""
        return self._client

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> CRAG:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _post(self, path: str, body: dict[str, Any]) -> Any:
        return self._client._post_envelope(path, body)

    # open
    def open_search_entity_by_name(self, query: str) -> Any:
        """POST /open/search_entity_by_name {"query": query}."""
        return self._post("/open/search_entity_by_name", {"query": query})

    def open_get_entity(self, entity: str) -> Any:
        """POST /open/get_entity {"query": entity}."""
        return self._post("/open/get_entity", {"query": entity})

    # movie
    def movie_get_person_info(self, person_name: str) -> Any:
        """POST /movie/get_person_info {"query": person_name}."""
        return self._post("/movie/get_person_info", {"query": person_name})

    def movie_get_movie_info(self, movie_name: str) -> Any:
        """POST /movie/get_movie_info {"query": movie_name}."""
        return self._post("/movie/get_movie_info", {"query": movie_name})

    def movie_get_year_info(self, year: str) -> Any:
        """POST /movie/get_year_info {"query": year}; the year must be a string (an int gives a 422 body)."""
        return self._post("/movie/get_year_info", {"query": year})

    def movie_get_movie_info_by_id(self, movid_id: int) -> Any:
        """POST /movie/get_movie_info_by_id {"query": movid_id} (the original's parameter spelling)."""
        return self._post("/movie/get_movie_info_by_id", {"query": movid_id})

    def movie_get_person_info_by_id(self, person_id: int) -> Any:
        """POST /movie/get_person_info_by_id {"query": person_id}."""
        return self._post("/movie/get_person_info_by_id", {"query": person_id})

    # finance
    def finance_get_company_name(self, query: str) -> Any:
        """POST /finance/get_company_name {"query": query}."""
        return self._post("/finance/get_company_name", {"query": query})

    def finance_get_ticker_by_name(self, query: str) -> Any:
        """POST /finance/get_ticker_by_name {"query": query}."""
        return self._post("/finance/get_ticker_by_name", {"query": query})

    def finance_get_price_history(self, ticker_name: str) -> Any:
        """POST /finance/get_price_history {"query": ticker_name}."""
        return self._post("/finance/get_price_history", {"query": ticker_name})

    def finance_get_detailed_price_history(self, ticker_name: str) -> Any:
        """POST /finance/get_detailed_price_history {"query": ticker_name}."""
        return self._post("/finance/get_detailed_price_history", {"query": ticker_name})

    def finance_get_dividends_history(self, ticker_name: str) -> Any:
        """POST /finance/get_dividends_history {"query": ticker_name}."""
        return self._post("/finance/get_dividends_history", {"query": ticker_name})

    def finance_get_market_capitalization(self, ticker_name: str) -> Any:
        """POST /finance/get_market_capitalization {"query": ticker_name}."""
        return self._post("/finance/get_market_capitalization", {"query": ticker_name})

    def finance_get_eps(self, ticker_name: str) -> Any:
        """POST /finance/get_eps {"query": ticker_name}."""
        return self._post("/finance/get_eps", {"query": ticker_name})

    def finance_get_pe_ratio(self, ticker_name: str) -> Any:
        """POST /finance/get_pe_ratio {"query": ticker_name}."""
        return self._post("/finance/get_pe_ratio", {"query": ticker_name})

    def finance_get_info(self, ticker_name: str) -> Any:
        """POST /finance/get_info {"query": ticker_name}."""
        return self._post("/finance/get_info", {"query": ticker_name})

    # music
    def music_search_artist_entity_by_name(self, artist_name: str) -> Any:
        """POST /music/search_artist_entity_by_name {"query": artist_name}."""
        return self._post("/music/search_artist_entity_by_name", {"query": artist_name})

    def music_search_song_entity_by_name(self, song_name: str) -> Any:
        """POST /music/search_song_entity_by_name {"query": song_name}."""
        return self._post("/music/search_song_entity_by_name", {"query": song_name})

    def music_get_billboard_rank_date(self, rank: int, date: str | None = None) -> Any:
        """POST /music/get_billboard_rank_date {"rank": rank, "date": date} (date is an explicit null)."""
        return self._post("/music/get_billboard_rank_date", {"rank": rank, "date": date})

    def music_get_billboard_attributes(self, date: str, attribute: str, song_name: str) -> Any:
        """POST /music/get_billboard_attributes {"date", "attribute", "song_name"}."""
        body = {"date": date, "attribute": attribute, "song_name": song_name}
        return self._post("/music/get_billboard_attributes", body)

    def music_grammy_get_best_artist_by_year(self, year: int) -> Any:
        """POST /music/grammy_get_best_artist_by_year {"query": year} (an int)."""
        return self._post("/music/grammy_get_best_artist_by_year", {"query": year})

    def music_grammy_get_award_count_by_artist(self, artist_name: str) -> Any:
        """POST /music/grammy_get_award_count_by_artist {"query": artist_name}."""
        return self._post("/music/grammy_get_award_count_by_artist", {"query": artist_name})

    def music_grammy_get_award_count_by_song(self, song_name: str) -> Any:
        """POST /music/grammy_get_award_count_by_song {"query": song_name}."""
        return self._post("/music/grammy_get_award_count_by_song", {"query": song_name})

    def music_grammy_get_best_song_by_year(self, year: int) -> Any:
        """POST /music/grammy_get_best_song_by_year {"query": year} (an int)."""
        return self._post("/music/grammy_get_best_song_by_year", {"query": year})

    def music_grammy_get_award_date_by_artist(self, artist_name: str) -> Any:
        """POST /music/grammy_get_award_date_by_artist {"query": artist_name}."""
        return self._post("/music/grammy_get_award_date_by_artist", {"query": artist_name})

    def music_grammy_get_best_album_by_year(self, year: int) -> Any:
        """POST /music/grammy_get_best_album_by_year {"query": year} (an int)."""
        return self._post("/music/grammy_get_best_album_by_year", {"query": year})

    def music_grammy_get_all_awarded_artists(self) -> Any:
        """POST /music/grammy_get_all_awarded_artists with no body at all, as the original."""
        return self._client._post_envelope("/music/grammy_get_all_awarded_artists", None, send_body=False)

    def music_get_artist_birth_place(self, artist_name: str) -> Any:
        """POST /music/get_artist_birth_place {"query": artist_name}."""
        return self._post("/music/get_artist_birth_place", {"query": artist_name})

    def music_get_artist_birth_date(self, artist_name: str) -> Any:
        """POST /music/get_artist_birth_date {"query": artist_name}."""
        return self._post("/music/get_artist_birth_date", {"query": artist_name})

    def music_get_members(self, band_name: str) -> Any:
        """POST /music/get_members {"query": band_name}."""
        return self._post("/music/get_members", {"query": band_name})

    def music_get_lifespan(self, artist_name: str) -> Any:
        """POST /music/get_lifespan {"query": artist_name}."""
        return self._post("/music/get_lifespan", {"query": artist_name})

    def music_get_song_author(self, song_name: str) -> Any:
        """POST /music/get_song_author {"query": song_name}."""
        return self._post("/music/get_song_author", {"query": song_name})

    def music_get_song_release_country(self, song_name: str) -> Any:
        """POST /music/get_song_release_country {"query": song_name}."""
        return self._post("/music/get_song_release_country", {"query": song_name})

    def music_get_song_release_date(self, song_name: str) -> Any:
        """POST /music/get_song_release_date {"query": song_name}."""
        return self._post("/music/get_song_release_date", {"query": song_name})

    def music_get_artist_all_works(self, song_name: str) -> Any:
        """POST /music/get_artist_all_works {"query": song_name} (sic: the artist is named song_name)."""
        return self._post("/music/get_artist_all_works", {"query": song_name})

    # sports
    def sports_soccer_get_games_on_date(self, date: str, team_name: str | None = None) -> Any:
        """POST /sports/soccer/get_games_on_date {"team_name": team_name, "date": date} (explicit null)."""
        return self._post("/sports/soccer/get_games_on_date", {"team_name": team_name, "date": date})

    def sports_nba_get_games_on_date(self, date: str, team_name: str | None = None) -> Any:
        """POST /sports/nba/get_games_on_date {"team_name": team_name, "date": date} (explicit null)."""
        return self._post("/sports/nba/get_games_on_date", {"team_name": team_name, "date": date})

    def sports_nba_get_play_by_play_data_by_game_ids(self, game_ids: list[str]) -> Any:
        """POST /sports/nba/get_play_by_play_data_by_game_ids {"game_ids": game_ids}."""
        return self._post("/sports/nba/get_play_by_play_data_by_game_ids", {"game_ids": game_ids})
