"""World-build stage: questions (questions.duckdb) and their 50 synthetic search results each (pages.duckdb).

Runs after the KG stage. Questions come from KG facts (kg.duckdb targets) and from invented web-only facts;
pages are stored as compact specs that mockapi.web.render turns into HTML on request.
"""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from mockapi.core.paths import KG_DB, PAGES_DB
from mockapi.core.pipe_pool import build_workers
from mockapi.web.record_spill import RecordSpill
from mockapi.web.render import RENDERER_VERSION
from mockapi.world import page_jobs
from mockapi.world.context import WorldContext
from mockapi.world.manifest import store_digests
from mockapi.world.pages import lifespan
from mockapi.world.pages.page_writer import (
    SPILL_DIR,
    PageRow,
    PageWriter,
    build_memory,
    open_pages,
    write_questions,
)
from mockapi.world.pages.plan import fill_results
from mockapi.world.pages.summary import page_summary, question_summary, render_timing
from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.model import Question

HASH_INPUTS = {"renderer": RENDERER_VERSION}

Progress = Callable[[str], None]


def make_questions(ctx: WorldContext, world_dir: Path) -> list[Question]:
    """The world's questions, from its finished kg.duckdb (read only: the build makes them in a thread
    beside the serving tables when it has helpers)."""
    kg = open_kg_source(world_dir)
    id_key = f"{ctx.secret.hex()}:{ctx.seed}".encode() if ctx.secret else b""  # issue 32: keyed ids
    starts = world_dir / KG_DB
    taken = frozenset(lifespan.kg_starts(starts)) if starts.is_file() else frozenset()
    return generate(ctx.scale.questions, ctx.rng("questions"), kg, ctx.split, id_key, taken)


def run(
    ctx: WorldContext,
    world_dir: Path,
    progress: Progress,
    ready: list[Question] | None = None,
    passages: bool = False,
    stores: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Generate questions (unless `ready`) and pages into `world_dir`; returns the manifest section.
    `passages`: also the passages of /retrieve (else made when first needed: mockapi/retrieve/ensure.py).
    `stores`: filled with the stores' digests (`manifest.store_digests`) when they are taken here, beside
    the web tables (with helpers), for the content hash."""
    progress("questions")
    questions = ready if ready is not None else make_questions(ctx, world_dir)
    progress("pages: shared")
    writer_rows: dict[str, PageRow] = {}
    records = RecordSpill(world_dir / ".page-records")  # for the web tables; deleted when they are made
    try:
        return _pages(ctx, world_dir, progress, questions, writer_rows, records, passages, stores)
    finally:
        records.close()
        shutil.rmtree(world_dir / SPILL_DIR, ignore_errors=True)  # DuckDB's spill: not part of a world


def _pages(
    ctx: WorldContext,
    world_dir: Path,
    progress: Progress,
    questions: list[Question],
    writer_rows: dict[str, PageRow],
    records: RecordSpill,
    passages: bool,
    stores: dict[str, Any] | None,
) -> dict[str, Any]:
    claims = page_jobs.Claims()
    pools = page_jobs.shared_pools(ctx, questions, writer_rows, records, claims, world_dir / KG_DB)
    state = page_jobs.pools_file(world_dir, pools, questions)
    con = open_pages(world_dir)
    try:
        writer = PageWriter(con)
        writer.ready = writer_rows
        served: list[int] = []
        dated = 0
        made = page_jobs.own_pages(ctx, state, questions)
        for i, (q, (pages, own, made_rows)) in enumerate(zip(questions, made, strict=True)):
            if i % 100 == 0:
                progress(f"pages: question {i:,}/{len(questions):,}")
            rows: dict[str, PageRow] = {}
            for (_, spec), row_record in zip(pages, made_rows, strict=True):
                if row_record is not None:  # before the fill: a moved page is listed at its new URL
                    row, record = claims.place(spec, *row_record)
                    rows[spec["url"]] = row
                    records.add(row[0], record)
            rng = ctx.rng("pages", "fill", q.interaction_id)  # the fill and the snippets
            results = fill_results(q, pools, rng, pages, own)
            writer.ready.update(rows)
            q.gold_page_ids = writer.add_results(q, results, rng)
            for url in rows:  # a page cut from the results is made again if a later fill takes it
                writer.ready.pop(url, None)
            q.answer_in_pages = bool(q.gold_page_ids)
            served.extend(writer.sizes[writer.url_page[r.spec["url"]]] for r in results)
            dated += sum(1 for r in results if r.spec["modified"])
        writer.flush()
        con.execute("CHECKPOINT")
    finally:
        con.close()
        state.unlink(missing_ok=True)
    write_questions(world_dir, questions)
    sample = list(pools.entity.values())[:25] + pools.noise["finance"][:25]
    return {
        "summary": {**question_summary(questions), **page_summary(writer.sizes, served, dated)},
        "renderer": RENDERER_VERSION,
        "render": render_timing(sample),
        "index": _build_index(world_dir, progress, passages, records, stores),
    }


def _build_index(
    world_dir: Path,
    progress: Progress,
    passages: bool,
    records: RecordSpill,
    stores: dict[str, Any] | None = None,
) -> dict[str, Any] | str:
    """The web part's full-text index over pages.duckdb, when that module is installed."""
    try:
        index = importlib.import_module("mockapi.web.index")
    except ImportError:
        return "skipped: mockapi.web.index not importable"
    progress("pages: full-text index")
    if build_workers() < 2:
        result: dict[str, Any] = index.build_page_index(world_dir)
        _web_tables(world_dir, progress, passages, records)
        return result
    # With helpers, this process mostly waits on them in the web tables: the full-text index (which only
    # reads pages.duckdb once its lookup indexes are in) is written meanwhile, in a thread; tantivy indexes
    # in a thread of its own either way, so the bytes are the same. The stores are final from here on (the
    # web tables and the index only read them), so their digests for the content hash are taken meanwhile
    # too, in a thread (DuckDB's own threads do the work): the hashing step was ~13 s of one core after
    # the web tables, with the helpers idle (issue 34).
    index.add_lookup_indexes(world_dir / PAGES_DB)
    with ThreadPoolExecutor(2, thread_name_prefix="crag-mock-index") as beside:
        written = beside.submit(index.write_page_index, world_dir)
        taken = frozenset(stores or ())  # kg.duckdb's, taken beside the serving stage
        digests = beside.submit(store_digests, world_dir, taken) if stores is not None else None
        _web_tables(world_dir, progress, passages, records)
        result = written.result()
        if digests is not None and stores is not None:
            stores.update(digests.result())
    return result


def _web_tables(world_dir: Path, progress: Progress, passages: bool, records: RecordSpill) -> None:
    """web_serving/, and the passages of /retrieve when the build was asked for them (`--passages`; else
    they are made when first needed: mockapi/retrieve/ensure.py)."""
    progress("web tables")  # its own step in bench/bench_build.py
    from mockapi.web.tables_build import build_web_tables

    # what /web/search and /web/get_page read, its pages rendered over every core
    if not passages:  # the pages' records made beside their sizes in the pages stage
        bound = partial(build_memory, world=world_dir)
        build_web_tables(world_dir / PAGES_DB, world_dir, build_workers(), records=records.take, spill=bound)
        return
    from mockapi.retrieve.build import build_passage_index
    from mockapi.retrieve.kept import KeptPassages

    with KeptPassages(world_dir / ".passages-kept") as kept:
        # each page's passages for POST /retrieve (mockapi/retrieve) cut from the rendering at hand
        build_web_tables(world_dir / PAGES_DB, world_dir, build_workers(), kept.also())
        progress("passages")
        build_passage_index(world_dir, build_workers(), kept=kept)
