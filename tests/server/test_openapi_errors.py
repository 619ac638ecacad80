"""/openapi.json documents real result types and world-picked examples; unexpected errors are JSON 500s."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.serving.routes import ROUTES


def test_openapi_has_typed_results_and_the_meta_examples(tiny_server: str) -> None:
    with httpx.Client(base_url=tiny_server) as http:
        spec = http.get("/openapi.json").json()
        examples = http.get("/meta").json()["examples"]
    assert {r.path for r in ROUTES} <= set(spec["paths"])
    schemas = spec["components"]["schemas"]
    for route in ROUTES:
        operation = spec["paths"][route.path]["post"]
        ok = operation["responses"]["200"]["content"]["application/json"]["schema"]
        envelope = schemas[ok["$ref"].rsplit("/", 1)[-1]]
        assert envelope["required"] == ["result"]
        assert envelope["properties"]["result"] != {}, route.path  # never an untyped Any
        if route.body is not None:
            assert operation["requestBody"]["content"]["application/json"]["example"] == examples[route.path]
    assert {"OHLCV", "Movie", "Person", "Oscar", "OpenEntity", "YearInfo", "FinanceInfo"} <= set(schemas)
    assert set(schemas["OHLCV"]["properties"]) == {"Open", "High", "Low", "Close", "Volume"}


def test_unexpected_exception_is_a_json_500(tmp_path: Path) -> None:
    app = create_app(Settings(world=tmp_path))

    def boom() -> Any:
        raise RuntimeError("bug")

    app.add_api_route("/boom", boom, methods=["POST"])
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.post("/boom")
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/json"
    body = {"detail": "Internal Server Error", "type": "internal_error", "status": 500, "loc": None}
    assert response.json() == body
