"""The client's error hierarchy: one base class, three kinds of failure, status errors by code.

Every message says what failed (method, path, status) and what to do about it, so a caller that only logs
`str(exc)` still gets an actionable line.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "BadRequestError",
    "CragConnectionError",
    "CragError",
    "CragStatusError",
    "CragTimeoutError",
    "ForbiddenError",
    "NotFoundError",
    "RateLimitError",
    "ResponseDecodeError",
    "ResponseValidationError",
    "ServerError",
    "ValidationError",
]


class CragError(Exception):
    """Base class of every error raised by `crag_client`."""


class CragConnectionError(CragError):
    """The server could not be reached, or it dropped the connection (after all retries)."""


class CragTimeoutError(CragError):
    """The server did not answer within the timeout (after all retries)."""


class ResponseDecodeError(CragError, json.JSONDecodeError):
    """The body was not JSON. Also a `json.JSONDecodeError`, which is what the original client raised."""

    def __init__(self, message: str, doc: str, pos: int = 0) -> None:
        json.JSONDecodeError.__init__(self, message, doc, pos)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ResponseValidationError(CragError):
    """A 200 `result` did not have the documented shape (server and client versions may differ)."""


class CragStatusError(CragError):
    """A non-2xx answer; keeps `status`, `body` (decoded JSON, else text) and `path`."""

    hint = "check the request and the server's log"

    def __init__(self, message: str, *, status: int, body: Any, path: str) -> None:
        super().__init__(message)
        self.status = status
        self.body = body
        self.path = path


class BadRequestError(CragStatusError):
    """400: the server refused the request as malformed."""

    hint = "check the argument values and types against the endpoint's body model (see /docs)"


class ValidationError(BadRequestError):
    """422: a body field is missing or has the wrong type (e.g. an int where the route takes a string)."""

    hint = "fix the argument types: CRAG string fields reject numbers, int fields reject fractions"


class ForbiddenError(CragStatusError):
    """403: the route is switched off (e.g. KG routes on a Task 1 server) or an admin token is missing."""

    hint = "this server does not allow the route: check its --task setting or pass the admin token"


class NotFoundError(CragStatusError):
    """404: no such route (a wrong base URL or path), not a missing entity (those are `result: null`)."""

    hint = "check the base URL (CRAG_SERVER / CRAG_MOCK_API_URL) and that the server version has the route"


class RateLimitError(CragStatusError):
    """429: too many requests, still refused after the retries."""

    hint = "lower the concurrency, or raise max_attempts so Retry-After waits are honoured"


class ServerError(CragStatusError):
    """5xx: the server failed, still failing after the retries."""

    hint = "look at the server's log; the request may trigger a server bug"


_BY_STATUS: dict[int, type[CragStatusError]] = {
    400: BadRequestError,
    403: ForbiddenError,
    404: NotFoundError,
    422: ValidationError,
    429: RateLimitError,
}


def status_error_class(status: int) -> type[CragStatusError]:
    """The most specific `CragStatusError` subclass for an HTTP status code."""
    if status >= 500:
        return ServerError
    return _BY_STATUS.get(status, CragStatusError)


def describe_body(body: Any) -> str:
    """A one-line summary of an error body: FastAPI `detail` lists, `{"error": {...}}` objects, or text."""
    if isinstance(body, dict):
        detail = body.get("detail")
        if isinstance(detail, list):
            parts = []
            for item in detail[:3]:
                if isinstance(item, dict):
                    loc = ".".join(str(p) for p in item.get("loc", []) if p != "body")
                    parts.append(f"{loc}: {item.get('msg', item)}" if loc else str(item.get("msg", item)))
                else:
                    parts.append(str(item))
            return "; ".join(parts)
        if detail is not None:
            return str(detail)
        error = body.get("error")
        if isinstance(error, dict) and "message" in error:
            return str(error["message"])
        if error is not None:
            return str(error)
        if "message" in body:
            return str(body["message"])
    text = str(body).strip()
    return text[:200] + ("…" if len(text) > 200 else "")


def make_status_error(method: str, path: str, status: int, reason: str, body: Any) -> CragStatusError:
    """Build the status error for one failed response, with a message saying what failed and what to do."""
    cls = status_error_class(status)
    summary = describe_body(body)
    message = f"{method} {path} failed with {status} {reason}".rstrip()
    if summary:
        message += f": {summary}"
    message += f" ({cls.hint})"
    return cls(message, status=status, body=body, path=path)
