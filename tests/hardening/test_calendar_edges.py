"""`query_time` at the calendar's edges: a 422 with the canonical error body, never a 500 and a traceback.
Before: OverflowError in the validator (pydantic turns only ValueError into a 422) gave a 500 per request."""

from __future__ import annotations

import httpx
import pytest

OUT_OF_RANGE = [
    "12/31/9999, 23:59:59 PT",  # Pacific time of 9999-12-31 is already year 10000 in UTC
    "0001-01-01T00:00:00+14:00",  # before year 1 in UTC
    "9999-12-31T23:59:59-12:00",
]
AT_THE_EDGE = ["0001-01-01T00:00:00Z", "12/31/9999, 10:00:00 PT", "01/01/0001, 00:00:00 PT"]


@pytest.mark.parametrize("query_time", OUT_OF_RANGE)
def test_out_of_range_query_time_is_422(tiny_server: str, query_time: str) -> None:
    body = {"query": "price", "query_time": query_time, "include_html": False}
    response = httpx.post(tiny_server + "/web/search", json=body, timeout=30)
    assert response.status_code == 422, response.text
    assert "outside the years 1..9999" in response.text


@pytest.mark.parametrize("query_time", AT_THE_EDGE)
def test_query_time_at_the_edge_still_searches(tiny_server: str, query_time: str) -> None:
    body = {"query": "price", "query_time": query_time, "include_html": False}
    response = httpx.post(tiny_server + "/web/search", json=body, timeout=30)
    assert response.status_code == 200, response.text
