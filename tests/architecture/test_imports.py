"""Imports run one way: no circles (counting imports inside functions, which would hide one), and the client
SDK loads no `mockapi` module and no server library: it owns the result types (`crag_client.results`), which
the server's wire models import."""

from __future__ import annotations

import subprocess
import sys

from import_graph import cycles, folders, graph, modules

CLIENT_MAY_LOAD = ("mockapi.wire", "mockapi.formats")
"""The bottom of mockapi: wire models and formats import each other, core and crag_client only."""
EVAL_FOLDERS = ("", "sweep", "run", "report", "score", "models", "judges", "llm", "files")
"""crag_eval's folders, each importing only those after it (docs/architecture.md lists them in this order)."""
SERVER_LIBRARIES = ("mockapi", "starlette", "fastapi", "uvicorn", "duckdb", "tantivy", "numpy", "pandas")


def test_the_graph_sees_the_whole_project() -> None:
    found = modules()
    edges = graph()
    # a checker that read nothing would pass everything: it must see the known layers and their edges
    assert {"mockapi.http.app", "mockapi.serving.routes", "crag_client.html", "crag_eval.cli"} <= found.keys()
    assert "crag_client.results" in edges["crag_client._web"]
    assert "crag_client.results" in edges["mockapi.wire.results"]
    assert "crag_client._pagetext" in edges["crag_client.chunking"]


def test_a_planted_circle_is_found() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    assert cycles(graph()) == []


def test_no_folder_circles() -> None:
    """A folder and its subfolder (or two sibling folders) never import each other: each folder can be read
    knowing only the folders below it."""
    drawn = folders(graph())
    # the folder graph must see the project's folders and their edges, or an empty one would pass
    assert {
        "mockapi.serving",
        "mockapi.serving.routes",
        "mockapi.http",
        "crag_eval",
        "crag_client",
    } <= drawn.keys()
    assert "mockapi.serving.routes" in drawn["mockapi.http"] and "crag_eval.judges" in drawn["crag_eval"]
    assert cycles(drawn) == []


def upward(drawn: dict[str, set[str]], order: dict[str, int]) -> list[str]:
    """Edges from a folder to one ranked at or above it."""
    edges = [(a, b) for a, targets in drawn.items() for b in targets]
    return sorted(f"{a} -> {b}" for a, b in edges if order.get(b, 99) <= order[a])


def test_the_harness_folders_import_downwards() -> None:
    order = {f"crag_eval.{name}".rstrip("."): rank for rank, name in enumerate(EVAL_FOLDERS)}
    drawn = {name: targets for name, targets in folders(graph()).items() if name.split(".")[0] == "crag_eval"}
    assert sorted(drawn) == sorted(order)  # a new folder is given its place here and on the page
    assert upward(drawn, order) == []
    drawn["crag_eval.files"] = drawn["crag_eval.files"] | {"crag_eval.score"}  # planted: it must be seen
    assert upward(drawn, order) == ["crag_eval.files -> crag_eval.score"]


def test_a_planted_folder_circle_is_found() -> None:
    edges = {"mockapi.serving.build": {"mockapi.serving.routes"}, "mockapi.serving.routes.spec": set()}
    edges["mockapi.serving.routes.spec"].add("mockapi.serving.build")
    assert cycles(folders(edges)) == [["mockapi.serving", "mockapi.serving.routes"]]


def test_the_bottom_layer_imports_nothing_above_it() -> None:
    """wire/ and formats/ import only each other and core/ (test_import_alone.py relies on it when it keeps
    them); test_layers.py ranks every other folder."""
    bottom = (*CLIENT_MAY_LOAD, "mockapi.core", "crag_client")
    above = {
        name: sorted(t for t in targets if t != "mockapi" and not t.startswith(bottom))
        for name, targets in graph().items()
        if name.startswith(CLIENT_MAY_LOAD)
    }
    assert len(above) >= 10 and "mockapi.wire.results" in above
    assert {name: targets for name, targets in above.items() if targets} == {}


def test_importing_the_client_loads_no_server_module() -> None:
    # -X importtime lists every module the import loads (on stderr), whichever way it was reached
    command = [sys.executable, "-X", "importtime", "-c", "import crag_client"]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert {"crag_client.results", "httpx", "pydantic"} <= loaded  # the scan sees the client's own imports
    assert sorted(m for m in loaded if m.split(".")[0] in SERVER_LIBRARIES) == []
