"""crag_client: typed sync and async clients of the CRAG mock API, a drop-in `CRAG` for the original client,
and HTML-to-text helpers (`crag_client.html`)."""

from ._async_client import AsyncClient
from ._cache import ResponseCache
from ._client import Client
from ._errors import (
    BadRequestError,
    CragConnectionError,
    CragError,
    CragStatusError,
    CragTimeoutError,
    ForbiddenError,
    NotFoundError,
    RateLimitError,
    ResponseDecodeError,
    ResponseValidationError,
    ServerError,
    ValidationError,
)
from ._retry import RetryPolicy
from .crag import CRAG

__all__ = [
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
