"""The SDK's public names are pinned: adding or removing one is a decision (a changelog line), not a side
effect of a refactor."""

from __future__ import annotations

import crag_client
import crag_client.results

EXPORTED = [
    "CRAG",
    "AsyncClient",
    "BadRequestError",
    "Client",
    "CragConnectionError",
    "CragError",
    "CragStatusError",
    "CragTimeoutError",
    "ForbiddenError",
    "NotFoundError",
    "RateLimitError",
    "ResponseCache",
    "ResponseDecodeError",
    "ResponseValidationError",
    "RetryPolicy",
    "ServerError",
    "ValidationError",
]


def test_the_sdk_exports_exactly_these_names() -> None:
    assert sorted(crag_client.__all__) == sorted(EXPORTED)
    assert len(set(crag_client.__all__)) == len(crag_client.__all__)
    assert all(hasattr(crag_client, name) for name in crag_client.__all__)


def test_the_result_types_are_all_exported() -> None:
    defined = {
        name
        for name, value in vars(crag_client.results).items()
        if isinstance(value, type) and value.__module__ == "crag_client.results"
    }
    assert defined <= set(crag_client.results.__all__)
    assert {"Movie", "PageEntry", "SearchEntry", "WireModel"} <= set(crag_client.results.__all__)
