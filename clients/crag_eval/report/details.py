"""report.html's per-question drill-down as one compressed data island, drawn only when a question is opened.

Written into the page as HTML, the drill-down of the main job (1,200 questions, the first five served pages
and every answer page each) was 4.4 MB of the report's 5.5 MB, and Chromium took ~10 s to open it: every
closed `<details>` is still parsed and laid out. Here each page's text is stored once per report (a page
served at two ranks, or to two questions, is one entry), the whole is gzip-compressed and base64-encoded in
a `<script type="application/json">` that the browser never lays out, and the page's script decodes it
(`DecompressionStream`) the first time a question is opened.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
from typing import TypedDict

from markupsafe import Markup

from crag_eval.files.records import PageSummary
from crag_eval.files.types import Prediction, Question

DATA_ID = "details-data"
"""The id of the data island's `<script>` element."""


class QuestionDetail(TypedDict):
    """What the drill-down of one question shows."""

    meta: str
    """interaction id · domain · question type · dynamism · query time."""
    pages: list[tuple[list[int], int, bool]] | None
    """(ranks, index into the page table, bears the answer) per listed page; None when not answered."""
    more: int
    """Served pages left out (predictions.jsonl has them all)."""
    contexts: list[str] | None
    """The contexts the model said it used, else None."""


class Details(TypedDict):
    pages: list[tuple[str, str, str, str]]
    """(name, url, last modified, snippet as text) of every listed page, each once."""
    questions: list[QuestionDetail]
    """In the order of the report's rows."""
    answer_pages_known: bool


def question_detail(
    q: Question, p: Prediction | None, shown: list[tuple[int, PageSummary]], answer_urls: set[str],
    table: dict[tuple[str, str, str, str], int],
) -> QuestionDetail:  # fmt: skip
    """One question's drill-down; adds its pages to `table` (page -> index), merging repeated pages' ranks."""
    meta = " · ".join(
        str(x) for x in (q.interaction_id, q.domain, q.question_type, q.static_or_dynamic, q.query_time)
    )
    if p is None:
        return {"meta": meta, "pages": None, "more": 0, "contexts": None}
    listed: dict[int, tuple[list[int], int, bool]] = {}
    for rank, page in shown:
        key = (page["name"], page["url"], page["last_modified"], Markup(page["snippet"]).striptags())
        index = table.setdefault(key, len(table))
        if index in listed:  # the same page served again further down: one entry, both ranks
            listed[index][0].append(rank)
        else:
            listed[index] = ([rank], index, page["url"] in answer_urls)
    more = len(p.pages) - len(shown)
    return {"meta": meta, "pages": list(listed.values()), "more": more, "contexts": p.contexts}


def encode(details: Details) -> str:
    """The data island's text: gzip'd compact JSON in base64 (no `<`, so it cannot end the script early)."""
    raw = json.dumps(details, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def read_details(html: str) -> Details:
    """The drill-down data of a report.html, decoded (for tests and for users who script over reports)."""
    found = re.search(rf'<script type="application/json" id="{DATA_ID}">([^<]*)</script>', html)
    if found is None:
        raise ValueError(f"no {DATA_ID} data island in this report")
    data: Details = json.loads(gzip.decompress(base64.b64decode(found.group(1))))
    return data
