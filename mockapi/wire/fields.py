"""Field limits of the wire models: annotated types, so the limits show in /openapi.json and a value over a
limit breaks with FastAPI's usual 422 (`string_too_long`, `too_long`) naming the field.

A leaf module: the wire models (and so `crag_client`) read these without loading the server's middleware.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from mockapi.formats.timefmt import parse_query_time

MAX_BODY_BYTES = 64 * 1024
"""Largest request body: 100 game ids or a 1,000-character query fit many times over."""
MAX_TEXT_CHARS = 1_000
"""Longest free-text or name field (`query`, `song_name`, `team_name`, `date`, …)."""
MAX_URL_CHARS = 8_192
"""Longest `url` of /web/get_page (real CRAG page URLs reach a few thousand characters)."""
MAX_IDENT_CHARS = 128
"""Longest identifier (`interaction_id`, a game id, `query_time`)."""
MAX_GAME_IDS = 100
"""Most game ids in one play-by-play request."""

Text = Annotated[str, Field(max_length=MAX_TEXT_CHARS)]
Url = Annotated[str, Field(max_length=MAX_URL_CHARS)]
Ident = Annotated[str, Field(max_length=MAX_IDENT_CHARS)]
GameIds = Annotated[list[Ident], Field(max_length=MAX_GAME_IDS)]


def _parses_as_query_time(value: str) -> str:
    parse_query_time(value)  # its ValueError is the 422's message
    return value


QueryTime = Annotated[Ident, AfterValidator(_parses_as_query_time)]
"""'MM/DD/YYYY, HH:MM:SS PT' (CRAG's format) or ISO 8601, checked on the way in; kept as sent."""
