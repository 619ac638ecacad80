"""Writes pages.duckdb (pages, queries, results) and questions.duckdb from planned questions and results."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import duckdb

from mockapi.core.paths import PAGES_DB, QUESTIONS_DB
from mockapi.formats.pagespec import PageSpec
from mockapi.formats.schema import schema_sql
from mockapi.formats.timefmt import naive_utc, parse_last_modified
from mockapi.formats.writer import TableWriter
from mockapi.web.render import html_size
from mockapi.world.pages import snippets, specs
from mockapi.world.pages.plan import Result
from mockapi.world.questions.model import Question, key_kinds

# Rows queued before an insert. A page row holds its compressed spec and its visible text (several KB): at
# the writer's default 100,000 rows the queue held every page of a world up to ~2,800 questions (~35 pages a
# question), so the build's memory grew with a train world's size (bench/bench_build_memory.py).
PAGE_BATCH_ROWS = 2_000
ROW_BATCH_ROWS = 20_000


class PageWriter:
    """Collects unique pages (by content address) and result rows; one URL always means one page."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.out = TableWriter(con, ROW_BATCH_ROWS)
        self.pages = TableWriter(con, PAGE_BATCH_ROWS)
        self.url_page: dict[str, str] = {}
        self.sizes: dict[str, int] = {}
        self.ready: dict[str, PageRow] = {}
        """Rows made ahead in the build's helper processes (`page_row`), by URL; taken when first stored."""

    def add_page(self, spec: PageSpec) -> str:
        """Store the page once; returns its page_id."""
        known = self.url_page.get(spec["url"])
        if known is None:
            row = self.ready.pop(spec["url"], None) or page_row(spec)
            self.url_page[spec["url"]] = row[0]
            self.sizes[row[0]] = row[4]
            self.pages.add("pages", row)
            return row[0]
        if known != specs.page_id(spec):
            raise RuntimeError(f"two different pages share the URL {spec['url']}")
        return known

    def flush(self) -> None:
        """Insert every queued row."""
        self.pages.flush()
        self.out.flush()

    def add_results(self, q: Question, results: list[Result], rng: random.Random) -> list[str]:
        """The question's query and its ranked result rows; returns the gold page ids (rank order, unique)."""
        self.out.add("queries", (q.interaction_id, q.query, q.query_time))
        gold: list[str] = []
        snips: dict[str, str] = {}
        for rank, result in enumerate(results, start=1):
            spec = result.spec
            pid = self.add_page(spec)
            if pid not in snips:  # a repeated page repeats its snippet, as in CRAG
                snips[pid] = snippets.snippet(specs.running_text(spec), q.query, rng)
            modified = spec["modified"]
            self.out.add(
                "results",
                (
                    q.interaction_id,
                    rank,
                    pid,
                    spec["name"],
                    spec["url"],
                    snips[pid],
                    modified,
                    naive_utc(parse_last_modified(modified)),
                ),
            )
            if result.role == "gold" and pid not in gold:
                gold.append(pid)
        return gold


PageRow = tuple[str, str, str, bytes, int, str]
"""A row of pages.duckdb's `pages`: page id, URL, kind, compressed spec, HTML size, visible text."""


def page_row(spec: PageSpec, size: int | None = None, data: bytes | None = None) -> PageRow:
    """What the pages table stores of a page (its HTML size costs a rendering: made in helper processes;
    `size`: that size, when the caller rendered the page already; `data`: its `spec_bytes`, when made)."""
    data = specs.spec_bytes(spec) if data is None else data
    body = zlib.compress(data, 6)
    size = html_size(spec) if size is None else size
    return specs.bytes_id(data), spec["url"], "spec", body, size, specs.text_of(spec)


def open_pages(world: Path) -> duckdb.DuckDBPyConnection:
    """A fresh pages.duckdb with the shared schema, its cache bounded (`build_memory`)."""
    con = duckdb.connect(str(world / PAGES_DB))
    build_memory(con, world)
    con.execute(schema_sql("pages.sql"))
    return con


BUILD_MEMORY_LIMIT = "1GB"
SPILL_DIR = ".duckdb-spill"


def build_memory(con: duckdb.DuckDBPyConnection, world: Path) -> None:
    """Bound DuckDB's memory on a build's connection to pages.duckdb, spilling inside the world being built
    (removed before the world is hashed). By default DuckDB keeps every block it wrote or read cached up to
    80 % of RAM: a build's memory grew ~0.7 MB a question (docs/worlds.md, a train world)."""
    con.execute(f"SET memory_limit = '{BUILD_MEMORY_LIMIT}'")
    con.execute("SET temp_directory = ?", [str(world / SPILL_DIR)])


def write_questions(world: Path, questions: list[Question]) -> None:
    """questions.duckdb, in dataset order."""
    con = duckdb.connect(str(world / QUESTIONS_DB))
    try:
        con.execute(schema_sql("questions.sql"))
        out = TableWriter(con)
        for q in questions:
            out.add(
                "questions",
                (
                    q.interaction_id,
                    q.ord,
                    q.query_time,
                    q.domain,
                    q.question_type,
                    q.static_or_dynamic,
                    q.query,
                    q.answer,
                    json.dumps(q.alt_ans),
                    q.split,
                    q.popularity,
                    q.answer_source,
                    json.dumps(q.gold_page_ids),
                    json.dumps(q.key_phrases),
                    q.answer_in_pages,
                    q.wrong_value,
                    "{}",
                    json.dumps(key_kinds(q)),
                ),
            )
        out.flush()
        con.execute("CHECKPOINT")
    finally:
        con.close()
