"""`crag-mock export --task 1|2|3 --out FILE.jsonl.bz2`: a world's questions in CRAG's dataset format.

Each line is `json.dumps(record)` with default settings (", " / ": " separators, ASCII escapes), as in CRAG's
files. Imported questions come back exactly as they were read (key order, alt-answer field and its string or
list form, from `record_layout`); synthetic ones use the v5 layout (`alt_ans` list, `popularity`). Task 1/2
get the same 5-of-top-10 pick the server serves; task 3 gets every result.

A Task 3 file carries 50 full HTML pages per question (about 16 MB each on synthetic worlds: 20 GB for the
default world uncompressed), so the CLI first estimates the size from a few evenly spread questions and warns
when the output is not compressed, then shows progress (mockapi.process.export_progress).
"""

from __future__ import annotations

import argparse
import bz2
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import duckdb
from pydantic import JsonValue

from mockapi.core.paths import QUESTIONS_DB, world_dir
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import read_manifest, read_manifest_or_empty
from mockapi.importers.dataset_write import RecordLayout
from mockapi.process import verl_export
from mockapi.process.export_progress import export_progress, human_bytes
from mockapi.web.html_store import Entry
from mockapi.web.page_store import WebStore, entry
from mockapi.web.taskview import view_for_task
from mockapi.world.context import add_split_argument

SYNTHETIC_KEYS = [
    "interaction_id",
    "query_time",
    "domain",
    "question_type",
    "static_or_dynamic",
    "query",
    "answer",
    "alt_ans",
    "split",
    "popularity",
    "search_results",
]
QUESTION_SQL = """
SELECT interaction_id, query_time, domain, question_type, static_or_dynamic, query, answer, alt_ans, split,
       popularity, record_layout
FROM questions ORDER BY ord
"""
ESTIMATE_SAMPLE = 5
QuestionRow = dict[str, str | int | None]
"""A row of QUESTION_SQL by column name (`split` an int, `record_layout` NULL for a synthetic question)."""
ExportRecord = dict[str, JsonValue | list[Entry]]
"""A CRAG record as exported: JSON values, and the served results under `search_results`."""
Advance = Callable[[int], None]


def check_world(world: Path, task: int) -> None:
    """A one-line UserError unless `world` is complete, has questions, and `task` is 1, 2 or 3."""
    if task not in (1, 2, 3):
        raise UserError(f"--task must be 1, 2 or 3, got {task}")
    read_manifest(world)  # a one-line error unless the world is complete
    if not (world / QUESTIONS_DB).is_file():
        raise UserError(f"{world} has no questions.duckdb: build or import a world with questions first")


def export_world(
    world: Path, task: int, out: Path, advance: Advance = lambda _n: None, force: bool = False
) -> int:
    """Write the questions for `task` to `out` (bz2 if it ends in .bz2), atomically, 0600 (it holds the
    gold answers); returns the count. `advance(bytes)` is called after each question with the uncompressed
    bytes of its line; `force` replaces an earlier export."""
    check_world(world, task)
    check_out(out, force)
    tmp = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    count = 0
    store = WebStore(world)
    try:
        with _open_out(tmp, out) as sink:
            for record in _records(world, store, task):
                line = json.dumps(record).encode("ascii") + b"\n"
                sink.write(line)
                count += 1
                advance(len(line))
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        store.close()
    return count


def check_out(out: Path, force: bool = False) -> None:
    """A one-line UserError unless `out` is new, empty, or (with `force`) an earlier export: the only file
    we replace."""
    check_new(out, force=True)
    if not out.exists() or out.stat().st_size == 0:
        return
    try:
        with out.open("rb") as raw:
            head = raw.read(4096)
        if head.startswith(b"BZh"):
            with bz2.open(out) as unpacked:
                head = unpacked.read(4096)
    except (OSError, EOFError, ValueError):
        head = b""
    if not (head.startswith(b"{") and b'"interaction_id"' in head):
        raise UserError(
            f"--out {out} exists and is not a CRAG dataset file: refusing to overwrite it; "
            "name a new file (or remove that one yourself)"
        )
    check_new(out, force)


def check_new(out: Path, force: bool) -> None:
    """A one-line UserError when `out` is a directory, or a file with content and `force` is off."""
    if out.is_dir():
        raise UserError(f"--out {out} is a directory: name the file to write, e.g. {out / 'task1.jsonl.bz2'}")
    if not force and out.exists() and out.stat().st_size > 0:
        raise UserError(f"--out {out} exists: refusing to overwrite it; pass --force to replace it")


def _open_out(tmp: Path, out: Path) -> IO[bytes]:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))  # gold: never readable to others
        return bz2.open(tmp, "wb") if out.suffix == ".bz2" else tmp.open("wb")
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror}") from None


def _records(world: Path, store: WebStore, task: int) -> Iterator[ExportRecord]:
    for question in _questions(world):
        yield build_record(question, _search_results(store, task, str(question["interaction_id"])))


def _questions(world: Path) -> Iterator[QuestionRow]:
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        cur = con.execute(QUESTION_SQL)
        names = [d[0] for d in cur.description or []]
        while batch := cur.fetchmany(256):
            for row in batch:
                yield dict(zip(names, row, strict=True))
    finally:
        con.close()


def question_count(world: Path) -> int:
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM questions").fetchone()
        return int(row[0]) if row else 0
    finally:
        con.close()


def estimate_bytes(world: Path, task: int, count: int, sample: int = ESTIMATE_SAMPLE) -> int:
    """The uncompressed size of the export, from the lines of `sample` evenly spread questions."""
    if count == 0:
        return 0
    picks = {i * count // min(sample, count) for i in range(min(sample, count))}
    store = WebStore(world)
    try:
        sizes = [
            len(json.dumps(build_record(q, _search_results(store, task, str(q["interaction_id"]))))) + 1
            for i, q in enumerate(_questions(world))
            if i in picks
        ]
    finally:
        store.close()
    return sum(sizes) * count // len(sizes)


def _search_results(store: WebStore, task: int, qid: str) -> list[Entry]:
    picked = view_for_task(task, store.frozen(qid), store.content_hash, qid)
    html = store.html_of([f.page_id for f in picked])
    return [
        entry(f.page_name, f.page_url, f.page_snippet, html[f.page_id], f.page_last_modified) for f in picked
    ]


def build_record(question: QuestionRow, results: list[Entry]) -> ExportRecord:
    """A CRAG record from a questions row and its served results, laid out as `record_layout` says."""
    layout: RecordLayout = json.loads(str(question["record_layout"] or "{}"))
    raw = layout.get("raw", {})
    record: ExportRecord = {}
    for key in layout.get("keys", SYNTHETIC_KEYS):
        if key in raw:
            record[key] = raw[key]
        elif key == "search_results":
            record[key] = results
        elif key in ("alt_ans", "alternative_answers"):
            record[key] = layout["alt_raw"] if "alt_raw" in layout else json.loads(str(question["alt_ans"]))
        else:
            record[key] = question[key]
    return record


# ───────────────────────── CLI ─────────────────────────


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock export`."""
    parser.add_argument("--task", type=int, choices=(1, 2, 3), help="1 or 2: 5 pages; 3: all 50")
    parser.add_argument(
        "--qrels", action="store_true", help="write TREC qrels of the pages that bear each answer instead"
    )
    parser.add_argument("--out", type=Path, required=True, help="output file (.jsonl.bz2, or .jsonl)")
    parser.add_argument("--force", action="store_true", help="replace --out (and its note) if it exists")
    parser.add_argument(
        "--format",
        default="crag",
        choices=("crag", "verl", "parquet"),
        help="crag: CRAG's dataset records (default); verl: RL rows as Parquet (docs/agents.md); "
        "parquet: the whole world, --out DIR, with a dataset card (docs/reference-runs.md)",
    )
    parser.add_argument("--data", help="world directory (default: the default world)")
    parser.add_argument("--scale", default="default", help="which named world when --data is not given")
    parser.add_argument("--seed", type=int, default=0)
    add_split_argument(parser)
    verl_export.add_arguments(parser)  # --prompt-template (mockapi/process/verl_export.py)


def run(args: argparse.Namespace) -> int:
    """Export with progress on stderr (a warning first when a large file is written uncompressed)."""
    world = world_dir(args.data, args.scale, args.seed, args.split)
    if args.format == "verl":  # a world given by --data is labelled by its own split (train rows are not dev)
        split = (read_manifest_or_empty(world).split or args.split) if args.data else args.split
        return verl_export.run(world, args.out, split, args.prompt_template)
    if args.qrels:
        return export_qrels(world, args.out, args.force)
    if args.format == "parquet":
        from mockapi.process.parquet_export import export_parquet

        return export_parquet(world, args.out)
    if args.task is None:
        raise UserError("--task is required (1, 2 or 3), or --qrels for retrieval labels")
    check_world(world, args.task)
    check_out(args.out, args.force)
    count = question_count(world)
    compressed = args.out.suffix == ".bz2"
    estimate = estimate_bytes(world, args.task, count)
    if not compressed and (args.task == 3 or estimate >= WARN_BYTES):
        print(size_warning(args.task, count, estimate, args.out), file=sys.stderr)
    with export_progress(count, estimate) as advance:
        exported = export_world(world, args.task, args.out, advance, args.force)
    print(f"exported {exported:,} questions (task {args.task}) from {world} to {args.out}")
    return 0


WARN_BYTES = 1 << 30


def export_qrels(world: Path, out: Path, force: bool = False) -> int:
    """`--qrels`: the world's retrieval labels as a 4-column TREC qrels file (and its note, `out`.json)."""
    from mockapi.web.qrels import QRELS_NOTE, world_qrels, write_qrels

    check_world(world, 3)
    for path in (out, out.with_name(out.name + QRELS_NOTE)):
        check_new(path, force)
    qrels = world_qrels(world)
    try:
        write_qrels(qrels, out, world)
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror}") from None
    kind = "estimated (the page states the answer)" if qrels.estimated else "gold"
    print(
        f"wrote {sum(len(v) for v in qrels.relevant.values()):,} relevant pages for "
        f"{len(qrels.relevant):,} of {qrels.questions:,} questions ({kind} labels) to {out}"
    )
    return 0


def size_warning(task: int, count: int, estimate: int, out: Path) -> str:
    """One line: the estimated size, the free space where it goes, and the .bz2 alternative."""
    where = out.resolve().parent
    while not where.exists():
        where = where.parent
    free = shutil.disk_usage(where).free
    per = f"{human_bytes(estimate // max(count, 1))} each" + (": 50 full HTML pages" if task == 3 else "")
    return (
        f"warning: task {task} uncompressed: about {human_bytes(estimate)} for {count:,} questions ({per}); "
        f"{human_bytes(free)} free at {where}. Name the file {out.name}.bz2 for CRAG's compressed format "
        "(about 20x smaller on synthetic worlds, slower to write)"
    )
