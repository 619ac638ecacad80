"""Property-based fuzz of every route from our own /openapi.json (schemathesis) over real uvicorn.

Schemathesis generates the cases (valid bodies from each route's schema and invalid ones) and runs its
checks on each answer: no 5xx, status codes and content types as documented, every response body matches
its schema. Its pytest plugin does not run under our pytest version (`Function._nodeid`), so each route is
driven here with hypothesis `@given(operation.as_strategy())`, one parametrized test per route.

Bounded for CI: FUZZ_EXAMPLES cases per route (CRAG_FUZZ_EXAMPLES=500 for a longer local run).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from jsonschema_rs import Draft202012Validator
from schemathesis import BaseSchema, Case, CheckFunction
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
)

from mockapi.serving.routes import ROUTES

FUZZ_EXAMPLES = int(os.environ.get("CRAG_FUZZ_EXAMPLES", "25"))
OPERATIONS = sorted(
    [("GET", "/"), ("GET", "/health"), ("GET", "/meta"), ("POST", "/web/search"), ("POST", "/web/get_page")]
    + [("POST", r.path) for r in ROUTES]
    + [("POST", "/compat/tavily/search"), ("POST", "/compat/tavily/extract")]
    + [("GET", "/compat/brave/res/v1/web/search"), ("GET", "/compat/searxng/search")]
    + [("GET", "/compat/searxng")]
    + [("POST", "/retrieve")]
)


@pytest.fixture(scope="module")
def api_schema(tiny_server: str) -> BaseSchema:
    return schemathesis.openapi.from_url(f"{tiny_server}/openapi.json")


@pytest.fixture(scope="module")
def session() -> Iterator[requests.Session]:
    with requests.Session() as s:
        yield s


def test_every_documented_operation_is_fuzzed(tiny_server: str) -> None:
    paths = httpx.get(f"{tiny_server}/openapi.json", timeout=30).json()["paths"]
    documented = sorted((method.upper(), path) for path, item in paths.items() for method in item)
    assert documented == OPERATIONS


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_route_keeps_its_contract(
    api_schema: BaseSchema, session: requests.Session, tiny_server: str, method: str, path: str
) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        derandomize=True,  # the same cases on every run: a CI failure reproduces locally
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def fuzz(case: Case[Any]) -> None:
        response = case.call_and_validate(
            base_url=tiny_server, session=session, excluded_checks=excluded, timeout=60
        )
        if own_check is not None and response.status_code == 200:
            own_check.validate(response.json())

    # Ints accept "100", 100.0 and true, as the original's lax pydantic did (contract §1.2); schemathesis
    # counts those as invalid data that should have been rejected, so that one check is left out.
    excluded: list[CheckFunction] = [negative_data_rejection]
    if path == "/web/search":
        # perturbations (mode, noise_ratio) apply to known questions only, which no schema can say: a
        # schema-valid free-text query with a perturbation is a documented 422 (canonical body)
        excluded.append(positive_data_acceptance)
    if path == "/compat/brave/res/v1/web/search":
        # a `freshness` span of the documented pattern can still name an impossible day ('2024-02-30'),
        # a documented 422
        excluded.append(positive_data_acceptance)
    if path == "/retrieve":
        # exactly one of `queries` and `query` (Search-R1's two request shapes), and queries x topk within a
        # cap: neither is a JSON Schema property of the body, so a schema-valid `{}` is a documented 422
        excluded.append(positive_data_acceptance)
    own_check = _tuple_result_validator(api_schema.raw_schema, method, path)
    if own_check is not None:
        excluded.append(response_schema_conformance)
    fuzz()


def _tuple_result_validator(doc: dict[str, Any], method: str, path: str) -> Draft202012Validator | None:
    """A JSON Schema 2020-12 validator for a 200 body whose schema holds a tuple (`prefixItems`).

    Schemathesis 4 rewrites `prefixItems` into a draft-4 `items` list and then rejects its own rewrite as
    an invalid OpenAPI 3.1 schema (two routes: billboard rank/date pairs and lifespans), so those bodies
    are validated here against the same component schema, with the draft /openapi.json declares.
    """
    content = doc["paths"][path][method.lower()]["responses"].get("200", {}).get("content", {})
    ref = content.get("application/json", {}).get("schema", {}).get("$ref")
    if ref is None:
        return None
    component = doc["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    if "prefixItems" not in json.dumps(component):
        return None
    return Draft202012Validator(component)
