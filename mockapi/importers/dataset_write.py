"""Turning CRAG records into rows of pages.duckdb and questions.duckdb, keeping what export needs to
reproduce each record byte for byte (`record_layout`)."""

from __future__ import annotations

import hashlib
import json
import zlib
from pathlib import Path
from typing import Any, TypedDict, TypeGuard

import duckdb
from pydantic import JsonValue

from mockapi.core.paths import PAGES_DB, QUESTIONS_DB
from mockapi.core.user_error import UserError
from mockapi.formats.schema import schema_sql
from mockapi.formats.timefmt import naive_utc, parse_last_modified
from mockapi.formats.writer import TableWriter
from mockapi.importers.dataset_read import Record
from mockapi.web.text import visible_text

ENTRY_KEYS = ("page_name", "page_url", "page_snippet", "page_result", "page_last_modified")
ALT_KEYS = ("alt_ans", "alternative_answers")
# Fields stored in their own columns, with the JSON type that column round-trips exactly.
TYPED_FIELDS: dict[str, type] = {
    "interaction_id": str,
    "query_time": str,
    "domain": str,
    "question_type": str,
    "static_or_dynamic": str,
    "query": str,
    "answer": str,
    "split": int,
    "popularity": str,
}
REQUIRED = ("interaction_id", "query", "query_time", "search_results")
# Pages carry up to MBs of HTML each: small batches keep memory flat.
PAGE_BATCH_ROWS = 64
# Level 3 compresses real HTML 5.2x at ~85 MB/s; level 6 gains 12% on disk at half the speed, and a Task 3
# import already spends most of its time decompressing bz2.
ZLIB_LEVEL = 3
ROW_BATCH_ROWS = 5_000


class RecordLayout(TypedDict, total=False):
    """questions.duckdb `record_layout`: how an imported record was laid out beyond its column values, so
    that `crag-mock export` writes it back as it came (`mockapi.process.exporter.build_record`)."""

    keys: list[str]
    """The record's keys in their order."""
    alt_key: str
    """Which alternative-answers key it used (`alt_ans` or `alternative_answers`)."""
    alt_raw: str
    """The alternative answers as given, when a string (the example file's list literal)."""
    raw: dict[str, JsonValue]
    """Values kept as given: odd-typed ones and unknown keys."""


class ResultItem(TypedDict):
    """A search result of a record: CRAG's five string keys (checked)."""

    page_name: str
    page_url: str
    page_snippet: str
    page_result: str
    page_last_modified: str


def encode_html(html: str) -> bytes:
    """UTF-8 bytes of a page; 'surrogatepass' keeps lone surrogate escapes found in scraped pages."""
    return html.encode("utf-8", "surrogatepass")


def record_layout(record: Record) -> RecordLayout:
    """How `record` was laid out beyond its column values: key order, alt-answer field, odd-typed values."""
    layout: RecordLayout = {"keys": list(record)}
    alt_key = next((k for k in ALT_KEYS if k in record), None)
    if alt_key is not None:
        layout["alt_key"] = alt_key
        value = record[alt_key]
        if isinstance(value, str):
            layout["alt_raw"] = value
        elif not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            layout.setdefault("raw", {})[alt_key] = value
    for key, value in record.items():
        expected = TYPED_FIELDS.get(key)
        known = expected is not None or key in ALT_KEYS or key == "search_results"
        if not known or (expected is not None and type(value) is not expected):
            layout.setdefault("raw", {})[key] = value
    return layout


def alt_answers(record: Record) -> list[str]:
    """The alternative answers, from `alt_ans` (list) or `alternative_answers` (a list literal string)."""
    for key in ALT_KEYS:
        value = record.get(key)
        if isinstance(value, list):
            return [str(v) for v in value]
        if isinstance(value, str):
            return _parse_list_literal(value)
    return []


def _parse_list_literal(text: str) -> list[str]:
    import ast

    try:
        value = ast.literal_eval(text) if text.strip() else []
    except (ValueError, SyntaxError):
        return [text]
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else [str(value)]


class DatasetWriter:
    """Writes records into fresh stores; an id seen twice keeps the record with more pages."""

    def __init__(self, world: Path) -> None:
        self.pages_con = duckdb.connect(str(world / PAGES_DB))
        self.pages_con.execute(schema_sql("pages.sql"))
        self.questions_con = duckdb.connect(str(world / QUESTIONS_DB))
        self.questions_con.execute(schema_sql("questions.sql"))
        self._pages = TableWriter(self.pages_con, PAGE_BATCH_ROWS)
        self._rows = TableWriter(self.pages_con, ROW_BATCH_ROWS)
        self._questions = TableWriter(self.questions_con, ROW_BATCH_ROWS)
        self._seen_pages: set[tuple[str, str]] = set()
        self._results_per_id: dict[str, int] = {}
        self.counts = {
            "records": 0,
            "questions": 0,
            "results": 0,
            "pages": 0,
            "duplicates_replaced": 0,
            "duplicates_skipped": 0,
        }

    def add(self, record: Record, where: str) -> None:
        """Store one record (`where` names file and line for error messages)."""
        results = _check(record, where)
        self.counts["records"] += 1
        qid = str(record["interaction_id"])  # a string: checked
        if qid in self._results_per_id:
            if len(results) <= self._results_per_id[qid]:
                self.counts["duplicates_skipped"] += 1
                return
            self._drop(qid)
            self.counts["duplicates_replaced"] += 1
        self._results_per_id[qid] = len(results)
        self._questions.add("questions", self._question_row(record))
        self._rows.add("queries", (qid, record["query"], record["query_time"]))
        for rank, item in enumerate(results, start=1):
            self._add_result(qid, rank, item)

    def close(self) -> dict[str, int]:
        """Flush and close; returns the counts."""
        for writer in (self._pages, self._rows, self._questions):
            writer.flush()
        self.counts["questions"] = len(self._results_per_id)
        self.counts["results"] = sum(self._results_per_id.values())
        self.pages_con.close()
        self.questions_con.close()
        return dict(self.counts)

    def _drop(self, qid: str) -> None:
        """Forget a question stored earlier (the same id met again with more pages, e.g. Task 3 after 1&2)."""
        for writer in (self._rows, self._questions):
            writer.flush()
        for table in ("queries", "results"):
            self.pages_con.execute(f"DELETE FROM {table} WHERE interaction_id = ?", [qid])
        self.questions_con.execute("DELETE FROM questions WHERE interaction_id = ?", [qid])

    def _question_row(self, record: Record) -> tuple[Any, ...]:
        def text(key: str) -> str:
            value = record.get(key, "")
            return value if isinstance(value, str) else json.dumps(value)

        split = record.get("split", 0)
        return (
            record["interaction_id"],
            self.counts["records"] - 1,
            record["query_time"],
            text("domain"),
            text("question_type"),
            text("static_or_dynamic"),
            record["query"],
            text("answer"),
            json.dumps(alt_answers(record)),
            split if type(split) is int else 0,
            text("popularity"),
            "",
            "[]",
            "[]",
            None,
            None,
            json.dumps(record_layout(record)),
            None,  # fact_kinds: a real record does not say
        )

    def _add_result(self, qid: str, rank: int, item: ResultItem) -> None:
        html = item["page_result"]
        raw = encode_html(html)
        page_id = "raw:" + hashlib.sha256(raw).hexdigest()
        url = item["page_url"]
        if (page_id, url) not in self._seen_pages:
            self._seen_pages.add((page_id, url))
            self._pages.add(
                "pages", (page_id, url, "raw", zlib.compress(raw, ZLIB_LEVEL), len(html), visible_text(html))
            )
            self.counts["pages"] += 1
        stamp = naive_utc(parse_last_modified(item["page_last_modified"]))
        self._rows.add(
            "results",
            (
                qid,
                rank,
                page_id,
                item["page_name"],
                url,
                item["page_snippet"],
                item["page_last_modified"],
                stamp,
            ),
        )


def _is_result(item: JsonValue) -> TypeGuard[ResultItem]:
    return isinstance(item, dict) and all(isinstance(item.get(k), str) for k in ENTRY_KEYS)


def _check(record: Record, where: str) -> list[ResultItem]:
    """The record's search results, or a one-line UserError saying what is not a CRAG record."""
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise UserError(f"{where}: not a CRAG record (missing {', '.join(missing)})")
    for key in ("interaction_id", "query", "query_time"):
        if not isinstance(record[key], str):
            raise UserError(f"{where}: {key} must be a string")
    results = record["search_results"]
    if not isinstance(results, list):
        raise UserError(f"{where}: search_results must be a list")
    items: list[ResultItem] = []
    for i, item in enumerate(results, start=1):
        if not _is_result(item):
            raise UserError(
                f"{where}: search result {i} lacks one of the string fields {', '.join(ENTRY_KEYS)}"
            )
        items.append(item)
    return items
