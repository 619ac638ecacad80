"""`crag-mock import-dataset FILE… [--data DIR]`: real CRAG dataset files into a world.

Everything is written into a temporary directory next to the target and renamed into place at the end, so
a failed or interrupted import leaves the previous world (or nothing) behind, never half an import. A KG
already in the target (from `crag-mock import-kg`) is carried over into the new world.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from mockapi.core.paths import KG_DB, PAGES_DB, data_root, is_complete, world_dir
from mockapi.core.staging import disk_usage, link_or_copy, stage_world
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import (
    MANIFEST_FORMAT,
    IndexSection,
    KgSection,
    Manifest,
    PagesSection,
    QuestionsSection,
    read_manifest,
    write_manifest,
)
from mockapi.importers.dataset_read import Source, iter_records, plan_sources, prefetched
from mockapi.importers.dataset_write import DatasetWriter
from mockapi.world.build import code_versions
from mockapi.world.manifest import content_hash

DEFAULT_WORLD = "imported"
Advance = Callable[[int], None]


def import_dataset(files: list[Path], target: Path, progress: bool = False) -> Manifest:
    """Import `files` into the world at `target` (replacing its questions and pages); returns the manifest."""
    sources = plan_sources(files)
    started = time.perf_counter()
    with stage_world(target, "importing") as tmp:
        writer = DatasetWriter(tmp)
        try:
            with _progress_bar(sources, progress) as advance:
                for source in sources:
                    for where, record in prefetched(iter_records(source, advance)):
                        writer.add(record, where)
        finally:
            counts = writer.close()
        if not counts["questions"]:
            raise UserError(f"no CRAG records found in {', '.join(s.label for s in sources)}")
        manifest = _finish(tmp, target, sources, counts, started)
    return manifest


def _finish(
    tmp: Path, target: Path, sources: list[Source], counts: dict[str, int], started: float
) -> Manifest:
    from mockapi.core.pipe_pool import build_workers
    from mockapi.retrieve.build import build_passage_index
    from mockapi.web.index import build_page_index
    from mockapi.web.tables_build import build_web_tables

    index = build_page_index(tmp)
    # what /web/search and /web/get_page read; its pages compressed over every core
    build_web_tables(tmp / PAGES_DB, tmp, build_workers())
    build_passage_index(tmp, build_workers())  # POST /retrieve's passages (mockapi/retrieve)
    manifest = Manifest(
        format=MANIFEST_FORMAT,
        kind="imported",
        sources=[s.label for s in sources],
        versions=code_versions(),
        questions=QuestionsSection(count=counts["questions"]),
        pages=PagesSection(
            pages=counts["pages"],
            results=counts["results"],
            records=counts["records"],
            duplicates_replaced=counts["duplicates_replaced"],
            duplicates_skipped=counts["duplicates_skipped"],
        ),
        index=IndexSection.model_validate(index),
    )
    kg = _carry_over_kg(target, tmp)
    if kg is not None:
        manifest.kg = kg
    manifest.content_hash = content_hash(tmp, manifest.versions)
    manifest.build_seconds = round(time.perf_counter() - started, 2)
    manifest.disk_bytes = disk_usage(tmp)
    write_manifest(tmp, manifest)
    return manifest


def _carry_over_kg(target: Path, tmp: Path) -> KgSection | None:
    """Keep a KG already in the target world (hard link when possible: it can be gigabytes)."""
    source = target / KG_DB
    if not source.is_file():
        return None
    link_or_copy(source, tmp / KG_DB)
    for derived in ("search", "serving"):  # the KG's search index and serving tables go with it
        if (target / derived).is_dir():
            shutil.copytree(target / derived, tmp / derived, copy_function=link_or_copy)
    old = read_manifest(target).kg if is_complete(target) else None
    return old if old is not None else KgSection(carried_over=True)


@contextmanager
def _progress_bar(sources: list[Source], enabled: bool) -> Iterator[Advance]:
    """A rich bar over compressed bytes read (the only size known up front for a stream)."""
    if not enabled:
        yield lambda _n: None
        return
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn, TransferSpeedColumn

    columns = (BarColumn(), DownloadColumn(), TransferSpeedColumn(), TimeRemainingColumn())
    with Progress("[progress.description]{task.description}", *columns, transient=False) as bar:
        task = bar.add_task("importing", total=sum(s.size for s in sources))
        yield lambda n: bar.advance(task, n)


# ───────────────────────── CLI ─────────────────────────


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock import-dataset`."""
    parser.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help=".jsonl, .jsonl.bz2, .tar.bz2, or the .tar.bz2.partN files of a split archive",
    )
    parser.add_argument("--data", help=f"world directory (default: {data_root() / DEFAULT_WORLD})")


def run(args: argparse.Namespace) -> int:
    """Import, then print a one-line summary and how to serve the world."""
    target = world_dir(args.data) if args.data else (data_root() / DEFAULT_WORLD).resolve()
    manifest = import_dataset(list(args.files), target, progress=sys.stderr.isatty())
    pages = manifest.pages or PagesSection()
    questions = manifest.questions or QuestionsSection()
    print(
        f"imported {questions.count:,} questions, {pages.results:,} results, "
        f"{pages.pages:,} distinct pages into {target} ({manifest.build_seconds} s)\n"
        f"serve it with: crag-mock serve --data {target}"
    )
    return 0
