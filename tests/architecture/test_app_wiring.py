"""The app is wired statically: every router module is imported by `mockapi.http.app` (no names in strings, no
`importlib`/`find_spec` lookups, no hooks found by `hasattr`)."""

from __future__ import annotations

import ast

from import_graph import graph, modules


def test_every_router_is_imported_by_the_app() -> None:
    edges = graph()
    routers = {m for m in edges if m.startswith("mockapi.http.routers.") and not m.endswith(".common")}
    # root, kg (one router per KG domain, from the route table), web, admin, and the compat package's
    # tavily, brave and searxng (the look-alike search APIs), retrieve (Search-R1's POST /retrieve)
    assert len(routers) == 9
    assert routers <= edges["mockapi.http.app"]


def test_the_app_looks_nothing_up_by_name() -> None:
    tree = ast.parse(modules()["mockapi.http.app"].read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not {m for m in imported if m.startswith("importlib")}
    assert not called & {"hasattr", "getattr", "__import__"}
