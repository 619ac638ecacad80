"""mockapi/'s folders in one order: a module may import its own folder and the folders ranked below it, never
one ranked above (counting imports inside functions). docs/architecture.md draws the same order."""

from __future__ import annotations

from import_graph import graph, modules

LAYERS: tuple[str, ...] = (
    "core",  # UserError, name normalisation, a world's file layout, the atomic placement
    "formats",  # manifest.json, page specs, times, the stores' DDL
    "wire",  # the wire models, errors and input limits (what crag_client loads)
    "config",  # Settings and the flags generated from it
    "observe",  # metrics, the access log, probes and the drain (read by the simulator, the app, serve)
    "search",  # entity-name search
    "serving",  # the KG route table and the exact-key serving tables
    "web",  # pages: key tables, full-text index, renderer, perturbations
    "retrieve",  # passages of the pages and their index (POST /retrieve)
    "world",  # the synthetic world builder
    "importers",  # CRAG dataset files and the CRAG KG directory into a world
    "sim",  # the ASGI simulator
    "http",  # the app, its state, the routers
    "process",  # crag-mock serve, the loopback server, crag-mock export
    "mcp",  # crag-mock mcp: the routes as MCP tools, answered by the app in-process
    "env",  # crag-mock env: the world as an OpenEnv environment (tools from mcp/tools.py)
    "audit",  # crag-mock audit
    "cli",  # the crag-mock entry point
)
RANK = {folder: rank for rank, folder in enumerate(LAYERS)}


def folder_of(module: str) -> str | None:
    """The mockapi folder a module lives in (`mockapi.cli` counts as the folder "cli"), else None."""
    parts = module.split(".")
    return parts[1] if parts[0] == "mockapi" and len(parts) > 1 else None


def upward_imports(edges: dict[str, set[str]]) -> list[str]:
    """Every import of a folder ranked above the importer's, as "importer -> imported"."""
    found = []
    for name, targets in sorted(edges.items()):
        here = folder_of(name)
        for target in sorted(targets):
            there = folder_of(target)
            if here is not None and there is not None and RANK[there] > RANK[here]:
                found.append(f"{name} -> {target}")
    return found


def test_every_folder_has_a_rank() -> None:
    folders = {folder_of(name) for name in modules()} - {None}
    assert folders == set(LAYERS)


def test_no_folder_imports_one_ranked_above_it() -> None:
    assert upward_imports(graph()) == []


def test_a_planted_upward_import_is_found() -> None:
    edges = graph()
    edges["mockapi.web.page_store"] = edges["mockapi.web.page_store"] | {"mockapi.world.manifest"}
    edges["mockapi.serving.rows"] = edges["mockapi.serving.rows"] | {"mockapi.serving.tables"}  # same folder
    assert upward_imports(edges) == ["mockapi.web.page_store -> mockapi.world.manifest"]
