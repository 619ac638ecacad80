"""Retrieval labels as TREC qrels: which of a question's frozen pages bear its answer.

A synthetic world knows (`gold_page_ids`: the pages written to state the answer). An imported real dataset
does not: there a page counts when its text states the gold answer or one of its alternatives (whole words,
case-insensitive), the rule behind CRAG's "estimated recall", and the labels are marked `estimated`.
Documents are named by URL, the key a model sees (page ids never leave the server); a URL is one page within
a question's results. False premises ("invalid question") have no answer page, so no qrels line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mockapi.core.paths import PAGES_DB, QUESTIONS_DB
from mockapi.web.evidence import NOT_AN_ANSWER, phrase_pattern

QRELS_NOTE = ".json"
"""A qrels file `F` has a note `F.json` saying where its labels came from (qrels lines have no room)."""


@dataclass
class Qrels:
    """Relevant URLs per question (relevance 1), and whether the labels are estimated."""

    relevant: dict[str, list[str]] = field(default_factory=dict)
    """interaction_id → relevant URLs in frozen rank order (questions without any are absent)."""
    estimated: bool = False
    questions: int = 0
    """How many questions the labels cover (with or without a relevant page)."""

    def lines(self) -> Iterable[str]:
        """`question 0 document 1` per relevant page."""
        for qid, urls in self.relevant.items():
            for url in urls:
                yield f"{qid} 0 {url} 1\n"


def doc_id(url: str) -> str:
    """A URL as a TREC document id: whitespace (a real CRAG URL may hold a space) percent-encoded."""
    return "%20".join(url.split(" ")).replace("\t", "%09").replace("\n", "%0A")


def world_qrels(world: Path, interaction_ids: set[str] | None = None) -> Qrels:
    """The qrels of a world's questions (all, or those in `interaction_ids`)."""
    import duckdb

    with duckdb.connect(str(world / QUESTIONS_DB), read_only=True) as con:
        rows = con.execute(
            "SELECT interaction_id, answer, alt_ans, gold_page_ids FROM questions ORDER BY ord"
        ).fetchall()
    rows = [r for r in rows if interaction_ids is None or r[0] in interaction_ids]
    estimated = not any(json.loads(r[3] or "[]") for r in rows)
    out = Qrels(estimated=estimated, questions=len(rows))
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as pages:
        pages.execute("SET temp_directory = ''")  # never spill into the (read-only) world directory
        for qid, answer, alts, gold in rows:
            results = pages.execute(
                "SELECT r.page_url, r.page_id, p.text FROM results r JOIN pages p USING (page_id) "
                "WHERE r.interaction_id = ? ORDER BY r.rank",
                [qid],
            ).fetchall()
            if estimated:
                urls = _answer_pages(results, (answer, *json.loads(alts or "[]")))
            else:
                golds = set(json.loads(gold or "[]"))
                urls = [url for url, page_id, _text in results if page_id in golds]
            if urls:
                out.relevant[qid] = list(dict.fromkeys(doc_id(u) for u in urls))
    return out


def _answer_pages(results: list[tuple[str, str, str | None]], answers: tuple[str, ...]) -> list[str]:
    patterns = [phrase_pattern(a) for a in answers if a.strip() and a.strip().lower() not in NOT_AN_ANSWER]
    if not patterns:
        return []
    return [url for url, _pid, text in results if text and any(p.search(text) for p in patterns)]


def write_qrels(qrels: Qrels, out: Path, world: Path | None = None) -> None:
    """The 4-column qrels file and its note (`out` + .json), each written whole (temp file, rename)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.unlink(missing_ok=True)
    tmp.touch(mode=0o600)  # gold labels: the file is never readable to other users
    tmp.write_text("".join(qrels.lines()), encoding="utf-8")
    tmp.replace(out)
    note = {
        "labels": "estimated" if qrels.estimated else "gold",
        "rule": "the page text states the answer or an alternative answer"
        if qrels.estimated
        else "the pages the world wrote to state the answer",
        "questions": qrels.questions,
        "questions_with_relevant": len(qrels.relevant),
        "relevant_pages": sum(len(v) for v in qrels.relevant.values()),
        "world": str(world) if world else None,
    }
    out.with_name(out.name + QRELS_NOTE).write_text(json.dumps(note, indent=2) + "\n", encoding="utf-8")


def read_qrels(path: Path) -> Qrels:
    """A 4-column TREC qrels file (relevance > 0 counts) and its note, if any."""
    out = Qrels()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 4 or not parts[3].lstrip("-").isdigit():
            raise ValueError(f"{path}:{number}: a qrels line is 'question 0 document relevance'")
        if int(parts[3]) > 0:
            out.relevant.setdefault(parts[0], []).append(parts[2])
    note = path.with_name(path.name + QRELS_NOTE)
    if note.is_file():
        data = json.loads(note.read_text(encoding="utf-8"))
        out.estimated = data.get("labels") == "estimated"
        out.questions = int(data.get("questions") or 0)
    return out
