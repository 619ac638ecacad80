"""`crag-eval export RUN --format parquet --out DIR`: a run as one Parquet table a `datasets` user loads
directly (a row per question: the question, its gold, the answer, the primary judge's label and score, the
latency and error), with a dataset card naming the model, task, judge, world hash, Score_a and the code."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

from crag_eval.files.rundir import load_judgements, load_predictions, load_questions, read_run, read_scores
from crag_eval.score.metrics import question_values
from mockapi.core.user_error import UserError
from mockapi.process.dataset_card import CardInfo, write_card

FILE = "predictions.parquet"


def add_export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("run")
    p.add_argument("--format", default="parquet", choices=("parquet",))
    p.add_argument("--out", required=True, help="a new directory for the Parquet file and its README.md card")


def export_command(args: argparse.Namespace) -> int:
    out = export_run(Path(args.run), Path(args.out))
    print(f"exported {args.run} to {out}")
    return 0


def run_rows(run: Path) -> list[dict[str, Any]]:
    """A row per question of the run, in its order."""
    scores = read_scores(run)
    primary = scores.primary if scores else ""
    predictions = load_predictions(run)
    judged = {j.interaction_id: j for j in load_judgements(run) if j.judge == primary}
    values = question_values(list(judged.values()))
    rows = []
    for q in load_questions(run):
        p, j = predictions.get(q.interaction_id), judged.get(q.interaction_id)
        rows.append(
            {
                "interaction_id": q.interaction_id,
                "query": q.query,
                "query_time": q.query_time,
                "domain": q.domain,
                "question_type": q.question_type,
                "static_or_dynamic": q.static_or_dynamic,
                "answer": q.answer,
                "alt_answers": list(q.alt_answers),
                "prediction": p.prediction if p else None,
                "latency_s": p.latency_s if p else None,
                "error": p.error if p else None,
                "judge": primary or None,
                "label": j.label if j else None,
                "score": values.get(q.interaction_id),
                "undecided": j.undecided if j else None,
            }
        )
    return rows


def export_run(run: Path, out: Path) -> Path:
    import duckdb
    import pandas as pd

    log = read_run(run)
    scores = read_scores(run)
    if scores is None or scores.primary_score is None:
        raise UserError(f"{run} has no scores yet; run `crag-eval score {run}` first")
    if out.exists() and any(out.iterdir()):
        raise UserError(f"{out} exists and is not empty; pick a new --out directory")
    tmp = out.with_name(f".{out.name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    frame = pd.DataFrame(run_rows(run))
    con = duckdb.connect()
    try:
        con.register("run_rows", frame)
        con.execute(f"COPY run_rows TO '{tmp / FILE}' (FORMAT parquet, COMPRESSION zstd)")
    finally:
        con.close()
    world = log.world
    primary = scores.primary_score
    identity = {
        "model": str(log.args.get("model", "")),
        "task": str(log.args.get("task", "")),
        "judge": scores.primary,
        "score_a": f"{primary.score_a:.4f}",
        "n": str(primary.n),
        "world_content_hash": str(world.content_hash or world.sha256 or "") if world else "",
        # the Hub split the card declares: a run's answers are an evaluation record, never training data, so a
        # run on a world of unknown split (a CRAG file, --server) is filed under "test", not the Hub's "train"
        "split": world.split if world and world.split in ("train", "dev", "test") else "test",
        "crag_mockapi": str((log.code or {}).get("version", log.versions.get("crag-mockapi", ""))),
        "commit": str((log.code or {}).get("commit", "")),
        "run_args": json.dumps(log.args, sort_keys=True),
    }
    write_card(
        tmp,
        CardInfo(
            title=f"crag-eval run: {identity['model']} on Task {identity['task']}",
            licence="mit" if world is None or world.kind in (None, "synthetic") else "cc-by-nc-4.0",
            files={"predictions": (FILE, len(frame))},
            identity=identity,
            made_with=f"crag-eval export {run} --format parquet --out {out}",
            body=[
                "One row per question: the question and its gold answer, the system's answer, and the "
                "primary judge's label (correct / missing / incorrect / failed) and score (1 / 0 / -1).",
            ],
        ),
    )
    if out.exists():
        out.rmdir()
    tmp.rename(out)
    return out
