"""Loading questions: straight from a CRAG dataset file, or from a world's questions.duckdb."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from crag_eval.files.types import Question, question_type_of
from mockapi.core.user_error import UserError

REQUIRED = ("interaction_id", "query", "query_time", "answer")


def parse_alt_answers(value: Any) -> tuple[str, ...]:
    """CRAG ships alternatives as a list (`alt_ans`) or as the string of a list (`alternative_answers`)."""
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            try:
                value = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                return (value,)
    if isinstance(value, (list, tuple)):
        return tuple(str(v) for v in value if str(v).strip())
    return (str(value),)


def question_from_record(record: dict[str, JsonValue]) -> Question:
    """A Question from one dataset record (the `search_results` are left to the page source)."""
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise UserError(f"dataset record lacks {', '.join(missing)}; is this a CRAG dataset file?")
    alts = record.get("alt_ans", record.get("alternative_answers"))
    try:
        question_type = question_type_of(record.get("question_type"))
    except ValueError as exc:
        raise UserError(f"dataset record {record['interaction_id']}: {exc}") from None
    return Question(
        interaction_id=str(record["interaction_id"]),
        query=str(record["query"]),
        query_time=str(record["query_time"]),
        answer=str(record["answer"]),
        alt_answers=parse_alt_answers(alts),
        domain=str(record.get("domain", "")),
        question_type=question_type,
        static_or_dynamic=str(record.get("static_or_dynamic", "")),
        popularity=str(record.get("popularity", "") or ""),
        answer_source=str(record.get("answer_source", "") or ""),
        answer_in_pages=in_pages if isinstance(in_pages := record.get("answer_in_pages"), bool) else None,
    )


def load_dataset_questions(path: Path) -> list[Question]:
    """The questions of a dataset file (the world it is imported into serves its pages), read as
    `crag-mock import-dataset` reads it: .jsonl, .jsonl.bz2, .tar.bz2 or split parts; a bad line is an
    error."""
    from mockapi.importers.dataset_read import iter_records, plan_sources

    questions = [
        question_from_record(record)
        for source in plan_sources([path])
        for _where, record in iter_records(source, lambda _n: None)
    ]
    if not questions:
        raise UserError(f"{path} holds no CRAG records")
    return questions


def load_world_questions(world: Path) -> list[Question]:
    """Questions of a world (questions.duckdb), in dataset order."""
    import duckdb

    from mockapi.core.paths import QUESTIONS_DB

    db = world / QUESTIONS_DB
    if not db.is_file():
        raise UserError(
            f"world {world} has no {QUESTIONS_DB}; rebuild it with `crag-mock build` or import a dataset"
        )
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            "SELECT interaction_id, query, query_time, answer, alt_ans, domain, question_type,"
            " static_or_dynamic, popularity, answer_source, answer_in_pages FROM questions ORDER BY ord"
        ).fetchall()
    finally:
        con.close()
    return [
        Question(
            interaction_id=r[0],
            query=r[1],
            query_time=r[2],
            answer=r[3],
            alt_answers=parse_alt_answers(r[4]),
            domain=r[5],
            question_type=question_type_of(r[6]),
            static_or_dynamic=r[7],
            popularity=r[8] or "",
            answer_source=r[9] or "",
            answer_in_pages=r[10],
        )
        for r in rows
    ]
