"""A client-only install is small: the base dependencies are what `crag_client` imports, and everything the
server and the world builder need is in the `[server]` and `[world]` extras, which `[dev]` brings."""

from __future__ import annotations

import ast
import re
import sys

import pytest
from import_graph import ROOT, modules

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

CLIENT_DISTS = {"httpx": "httpx", "pydantic": "pydantic", "orjson": "orjson", "selectolax": "selectolax"}
"""The client's third-party imports → their distributions."""


def project() -> dict[str, object]:
    return dict(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"])


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\[<>=!~;\s]", req, maxsplit=1)[0].lower() for req in requirements}


def third_party_imports(package: str) -> set[str]:
    """Top-level names of the modules `package` imports that are neither ours nor the standard library."""
    found: set[str] = set()
    for name, path in modules().items():
        if name.split(".")[0] != package:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {n for n in found if n not in sys.stdlib_module_names and n not in ("crag_client", "__future__")}


def test_the_base_install_is_the_client() -> None:
    assert third_party_imports("crag_client") == set(CLIENT_DISTS)
    assert names(project()["dependencies"]) == set(CLIENT_DISTS.values())  # type: ignore[arg-type]


def test_dev_brings_the_server_and_the_world_builder() -> None:
    extras: dict[str, list[str]] = project()["optional-dependencies"]  # type: ignore[assignment]
    assert "crag-mockapi[server]" in extras["world"]
    assert any(req.startswith("crag-mockapi[") and "world" in req for req in extras["dev"])
    assert {"fastapi", "uvicorn", "duckdb"} <= names(extras["server"])
