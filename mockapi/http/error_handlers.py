"""Exception handlers: every error the server answers is JSON, never starlette's plain-text 500.

404/405 keep FastAPI's `detail` text inside the canonical body; request-validation 422s keep FastAPI's own
list format, which the wire contract requires.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from mockapi.http.routers.common import DomainMissing, _domain_missing
from mockapi.wire.errors import TYPE_BY_STATUS, ApiError, error_response

log = logging.getLogger("mockapi")


async def _api_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.type, exc.detail, exc.loc)


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    headers = dict(exc.headers) if exc.headers else None
    kind = TYPE_BY_STATUS.get(exc.status_code, "http_error")
    return error_response(exc.status_code, kind, str(exc.detail), headers=headers)


# The original (FastAPI 0.103, pydantic 2.5.3) ends each error with the pydantic docs URL (contract §1.2);
# newer FastAPI drops it.
PYDANTIC_ERRORS_URL = "https://errors.pydantic.dev/2.5/v/"


async def _validation_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {**{k: v for k, v in error.items() if k != "url"}, "url": PYDANTIC_ERRORS_URL + str(error["type"])}
        for error in exc.errors()
    ]
    return JSONResponse({"detail": jsonable_encoder(errors)}, status_code=422)


async def _unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal_error", "Internal Server Error")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(DomainMissing, _domain_missing)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected)
