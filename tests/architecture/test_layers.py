"""mockapi/'s folders in one order: a module may import its own folder and the folders ranked below it, never
one ranked above (counting imports inside functions). docs/architecture.md's layout table is generated from
`LAYERS` and `PARTS` (`python tests/architecture/test_layers.py` prints it) and checked for drift here."""

from __future__ import annotations

import sys
from pathlib import Path

from import_graph import ROOT, graph, modules

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
PARTS: dict[str, str] = {
    "core": (
        "helpers below every layer: `user_error.py` (the CLI's `UserError`), `textnorm.py` (name "
        "normalisation), `paths.py` (a world's file layout), `staging.py` (the one atomic placement), "
        "`pipe_pool.py` (a pure function over helper processes, results in input order: the build renders its"
        " pages over every core, byte for byte what one process writes)"
    ),
    "formats": (
        "formats shared by writers and readers (manifest, page specs, times, the stores' DDL, `writer.py`: "
        "the one DuckDB table writer of the builder and both importers)"
    ),
    "wire": (
        "the wire models, errors and input limits (the typed results are `crag_client.results`, re-exported)"
    ),
    "config": (
        "`settings.py` (`Settings`: every server knob once) and `flags.py` (the flags generated from it)"
    ),
    "observe": (
        "operating the server: /metrics, the JSON access log, /livez and /readyz, the drain on SIGTERM"
    ),
    "search": "what reads a world: entity-name search over memory-mapped postings",
    "serving": (
        "what reads a world: the KG route table (`serving/routes/`, see [the route reference](routes.md)), "
        "below it what the rows read (`serving/tables/`: key tables, sports frames, each table's bodies, the "
        "answers of more than one lookup), above it `build.py`, `service.py`, `kgstore.py` and the "
        "stale-world check (`stale.py`)"
    ),
    "web": "what reads a world: pages (key tables, full-text index, renderer, perturbations)",
    "retrieve": (
        "`POST /retrieve`'s passages: pages cut into ~100-word passages, their tantivy index "
        "(`<world>/passages/`, built beside the page index), a batch searched over a thread pool"
    ),
    "world": "what writes a world (building the readers' structures with their code): the synthetic builder",
    "importers": "what writes a world: the CRAG dataset and KG importers",
    "sim": "the ASGI simulator (latency, faults, rate limits, the journal)",
    "http": (
        "the HTTP server: `app.py` (`create_app`), `fastpath.py` (KG requests answered before FastAPI), "
        "`routers/`, `error_handlers.py`, `docs_pages.py`; below the routers, `server/` (`state.py`: "
        "`ServerState`; `meta.py`: the /meta summary)"
    ),
    "process": (
        "running things: `serve.py` + `listen.py` + `batched_writes.py` + `dataset_world.py` (`crag-mock "
        "serve`), `loopback.py` (a server in a thread), `exporter.py` + `export_progress.py` (`crag-mock "
        "export`), `serving_tables.py` (a stale world's `serving/` rebuilt alone)"
    ),
    "mcp": (
        "`crag-mock mcp`: the KG routes and web search as MCP tools (`tools.py` from the route table), "
        "answered by the app in-process"
    ),
    "env": (
        "`crag-mock env`: the world as an OpenEnv environment (reset / step / state / schema / WebSocket "
        "sessions), its tools those of `mcp/tools.py`, answered by the app in-process, the answer scored by "
        "crag-eval's rules judge"
    ),
    "audit": "`crag-mock audit`",
    "cli": "the `crag-mock` entry point",
}
"""What each folder holds: the rows of docs/architecture.md's layout table."""
PAGE = ROOT / "docs" / "architecture.md"
BEGIN, END = "<!-- layout: generated by tests/architecture/test_layers.py -->", "<!-- /layout -->"


def layout_table() -> str:
    """The layout table, one row per folder in import order."""
    rows = [f"| `{f}/` | {PARTS.get(f, '(undescribed: add it to PARTS)')} |" for f in LAYERS if f != "cli"]
    return "\n".join(["| folder | part |", "|---|---|", *rows, f"| `cli.py` | {PARTS['cli']} |"])


def page_table(page: Path = PAGE) -> str:
    """The table between the markers of docs/architecture.md."""
    text = page.read_text(encoding="utf-8")
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip()


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
    edges["mockapi.serving.tables.rows"] = edges["mockapi.serving.tables.rows"] | {
        "mockapi.serving.tables.bodies"
    }  # same folder
    assert upward_imports(edges) == ["mockapi.web.page_store -> mockapi.world.manifest"]


def test_every_folder_is_described() -> None:
    assert set(PARTS) == set(LAYERS)


def test_the_architecture_page_shows_the_layer_table() -> None:
    # regenerate with `python tests/architecture/test_layers.py` (it rewrites the table in place)
    assert page_table() == layout_table()


def test_a_drifted_page_is_seen(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text(f"x\n{BEGIN}\n{layout_table().replace('`web/`', '`www/`')}\n{END}\n")
    assert page_table(page) != layout_table()


if __name__ == "__main__":
    text = PAGE.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    PAGE.write_text(f"{head}{BEGIN}\n{layout_table()}\n{END}{rest.split(END, 1)[1]}", encoding="utf-8")
    sys.exit(0)
