"""The run directory: run.json (versioned log), questions.jsonl, predictions.jsonl, judgements.jsonl, scores.

predictions.jsonl is append-only and flushed per answer; reading it tolerates a torn last line (a killed run)
by cutting the file back to its last complete line, and keeps the first prediction of each question only.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import IO, Any

from pydantic import JsonValue

from crag_eval.files.runfiles import OtherFormat, RunFileError, RunLog, Scores, parse
from crag_eval.files.types import Judgement, Prediction, Question
from mockapi.core.user_error import UserError

RUN_JSON = "run.json"
QUESTIONS = "questions.jsonl"
PREDICTIONS = "predictions.jsonl"
JUDGEMENTS = "judgements.jsonl"
SCORES = "scores.json"
ERRORS = "errors.jsonl"


def now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def write_json(path: Path, data: Any) -> None:
    """Atomic write (temp file + rename), so a reader never sees half a file."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def write_text(path: Path, text: str) -> None:
    """Atomic write of a text file (temp file + rename)."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def read_run(run_dir: Path) -> RunLog:
    """run.json, or a one-line error naming the file and what to do."""
    path = run_dir / RUN_JSON
    if not path.is_file():
        raise UserError(f"{run_dir} is not a crag-eval run directory (no {RUN_JSON})")
    try:
        return parse(RunLog, path.read_text(encoding="utf-8"), path)
    except OtherFormat as exc:
        raise UserError(str(exc)) from None
    except RunFileError as exc:
        raise UserError(f"{exc}; fix or remove the file and start a new run") from None


def write_run(run_dir: Path, log: RunLog) -> None:
    write_json(run_dir / RUN_JSON, log.to_data())


def read_scores(run_dir: Path) -> Scores | None:
    """scores.json, None before the run is scored, or a one-line error naming the file and what to do."""
    path = run_dir / SCORES
    if not path.is_file():
        return None
    try:
        return parse(Scores, path.read_text(encoding="utf-8"), path)
    except RunFileError as exc:
        raise UserError(f"{exc}; score the run again with `crag-eval score {run_dir}`") from None


def write_scores(run_dir: Path, scores: Scores) -> None:
    write_json(run_dir / SCORES, scores.to_data())


def write_jsonl(path: Path, rows: list[dict[str, JsonValue]]) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with tmp.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def read_jsonl(path: Path) -> list[dict[str, JsonValue]]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def save_questions(run_dir: Path, questions: list[Question]) -> None:
    write_jsonl(run_dir / QUESTIONS, [q.to_dict() for q in questions])


def load_questions(run_dir: Path) -> list[Question]:
    return [Question.from_dict(row) for row in read_jsonl(run_dir / QUESTIONS)]


def load_predictions(run_dir: Path) -> dict[str, Prediction]:
    """Finished predictions by interaction_id; repairs a torn last line left by a killed run."""
    path = run_dir / PREDICTIONS
    if not path.is_file():
        return {}
    data = path.read_bytes()
    good_end = 0
    found: dict[str, Prediction] = {}
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            break
        good_end += len(line)
        prediction = Prediction.from_dict(row)
        found.setdefault(prediction.interaction_id, prediction)
    if good_end < len(data):
        with path.open("r+b") as handle:
            handle.truncate(good_end)
    return found


class PredictionLog:
    """Appends one JSON line per answer and flushes it at once."""

    def __init__(self, run_dir: Path) -> None:
        self._handle: IO[str] = (run_dir / PREDICTIONS).open("a", encoding="utf-8")

    def append(self, prediction: Prediction) -> None:
        self._handle.write(json.dumps(prediction.to_dict(), ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()


class ErrorLog:
    """errors.jsonl: one line per failed batch (its questions, the error, its traceback), appended at once."""

    def __init__(self, run_dir: Path) -> None:
        self.path = run_dir / ERRORS

    def append(self, interaction_ids: list[str], error: str, stack: str | None) -> None:
        row = {"at": now(), "interaction_ids": interaction_ids, "error": error, "traceback": stack}
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def drop_errored_predictions(run_dir: Path) -> int:
    """For `--resume --retry-errors`: rewrite predictions.jsonl without its errored answers (their tracebacks
    stay in errors.jsonl), so those questions are asked again; returns how many were dropped."""
    found = load_predictions(run_dir)
    kept = [p.to_dict() for p in found.values() if not p.error]
    if len(kept) < len(found):
        write_jsonl(run_dir / PREDICTIONS, kept)
    return len(found) - len(kept)


def save_judgements(run_dir: Path, judgements: list[Judgement]) -> None:
    write_jsonl(run_dir / JUDGEMENTS, [j.to_dict() for j in judgements])


def load_judgements(run_dir: Path) -> list[Judgement]:
    return [Judgement.from_dict(row) for row in read_jsonl(run_dir / JUDGEMENTS)]


def new_run_dir(task: int, model: str, suffix: str = "", root: Path = Path("runs")) -> Path:
    """A fresh `runs/<time>-task<N>-<model>` directory, created here; `-2`, `-3`… when that name is taken (two
    runs started in the same second never share a directory)."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in model + suffix)
    base = f"{stamp}-task{task}-{safe}"
    root.mkdir(parents=True, exist_ok=True)
    for n in range(1, 10_000):
        candidate = root / (base if n == 1 else f"{base}-{n}")
        try:
            candidate.mkdir()
        except FileExistsError:
            continue
        return candidate
    raise UserError(f"cannot find a free run directory name under {root} for {base}")
