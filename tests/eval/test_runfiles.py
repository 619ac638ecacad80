"""run.json and scores.json as typed documents: files written by the previous version load, rewrite unchanged
and resume; a damaged file is a one-line error naming it and what to do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.files.rundir import read_run, read_scores, write_run, write_scores
from crag_eval.files.runfiles import RunFileError, RunLog, Scores, parse

# scores.json as the version before the typed model wrote it (oracle, Task 1, the first 6 questions of the
# tiny world), with one slice and the diagnostics cut down.
OLD_SCORES = """{
  "format": 1,
  "judges": [
    "rules"
  ],
  "primary": "rules",
  "overall": {
    "rules": {
      "n": 6,
      "accuracy": 1.0,
      "hallucination": 0.0,
      "missing": 0.0,
      "score_a": 1.0,
      "ci": {
        "accuracy": [
          1.0,
          1.0
        ],
        "score_a": [
          1.0,
          1.0
        ]
      },
      "score_a_high": 1.0,
      "n_correct": 6,
      "n_missing": 0,
      "n_incorrect": 0,
      "n_undecided": 0,
      "n_judge_failed": 0,
      "n_model_errors": 0,
      "score_h": 1.0,
      "n_four_way": 6
    }
  },
  "slices": {},
  "macro": {
    "macro": 1.0,
    "domain:finance": 1.0
  },
  "original": {
    "score": 1.0,
    "exact_accuracy": 1.0,
    "n_correct": 6,
    "total": 6
  },
  "type_weights": {},
  "latency": {
    "mean_s": 0.0,
    "p50_s": 0.0,
    "p95_s": 0.0,
    "max_s": 0.0
  },
  "counts": {
    "questions": 6,
    "predictions": 6,
    "not_answered": 0,
    "model_errors": 0,
    "truncated": 0
  },
  "tokenizer": "crag-eval regex v1 (digit / symbol / 6-letter pieces)",
  "diagnostics": {
    "setting": null,
    "lost_questions": 0,
    "api": null
  }
}
"""


def old_run_json(world: Path, world_hash: str, out: Path) -> str:
    """run.json as the previous version left it after Ctrl-C (no `summary`, an error without traceback)."""
    return json.dumps(
        {
            "format": 1,
            "tool": "crag-eval",
            "args": {
                "task": 1, "model": "oracle", "data": str(world), "no_cache": False, "server": None,
                "judge": "rules", "limit": None, "first": 4, "seed": 0, "output": str(out),
                "seconds_per_question": 30.0, "model_args": None, "batch_size": None, "max_error_rate": 0.05,
                "perturbation": None, "sim": None,
            },
            "versions": {"python": "3.11.7", "crag-mockapi": "0.1.0", "httpx": "0.28.1", "numpy": "2.4.6"},
            "tokenizer": "crag-eval regex v1 (digit / symbol / 6-letter pieces)",
            "started_at": "2026-11-20T10:00:00+00:00",
            "errors": [{"at": "2026-11-20T10:00:05+00:00", "error": "interrupted (Ctrl-C)"}],
            "status": "interrupted",
            "world": {"path": str(world), "kind": "synthetic", "scale": "tiny", "seed": 0, "split": "dev",
                      "content_hash": world_hash, "versions": {"crag-mockapi": "0.1.0"}},
            "server": "http://127.0.0.1:40057",
            "n_questions": 4,
            "finished_at": "2026-11-20T10:00:05+00:00",
        },
        indent=2,
        ensure_ascii=False,
    )  # fmt: skip


def test_old_scores_load_and_rewrite_byte_for_byte(tmp_path: Path) -> None:
    (tmp_path / "scores.json").write_text(OLD_SCORES, encoding="utf-8")
    scores = read_scores(tmp_path)
    assert scores is not None and scores.primary_score is not None
    assert scores.primary_score.ci["score_a"] == (1.0, 1.0) and scores.counts.questions == 6
    assert scores.average is None and scores.original["total"] == 6
    write_scores(tmp_path, scores)
    assert (tmp_path / "scores.json").read_text(encoding="utf-8") == OLD_SCORES


def test_a_run_written_by_the_previous_version_resumes(tiny_world: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert (
        main(
            [
                "--task",
                "1",
                "--model",
                "oracle",
                "--data",
                str(tiny_world),
                "--first",
                "4",
                "--output",
                str(out),
            ]
        )
        == 0
    )
    world_hash = json.loads((tiny_world / "manifest.json").read_text())["content_hash"]
    old = old_run_json(tiny_world, world_hash, out)
    (out / "run.json").write_text(old + "\n", encoding="utf-8")
    lines = (out / "predictions.jsonl").read_text().splitlines(keepends=True)
    (out / "predictions.jsonl").write_text("".join(lines[:2]))  # two answers in when Ctrl-C came
    (out / "scores.json").unlink()
    assert main(["--resume", str(out)]) == 0
    run = json.loads((out / "run.json").read_text())
    assert run["status"] == "complete" and len(run["resumed_at"]) == 1
    assert run["errors"] == json.loads(old)["errors"]  # the old entry, still without a traceback key
    assert run["args"] == json.loads(old)["args"] and run["world"]["content_hash"] == world_hash
    assert run["summary"]["n"] == 4 and run["model_errors"] == 0
    assert len((out / "predictions.jsonl").read_text().splitlines()) == 4


def test_a_run_log_rewrites_unchanged_and_keeps_unknown_keys(tmp_path: Path) -> None:
    data = json.loads(old_run_json(tmp_path, "sha256:00", tmp_path))
    data["written_by_a_newer_version"] = {"x": 1}
    (tmp_path / "run.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    log = read_run(tmp_path)
    assert log.status == "interrupted" and log.world is not None and log.world.content_hash == "sha256:00"
    assert log.errors[0].traceback is None and log.summary is None
    write_run(tmp_path, log)
    assert json.loads((tmp_path / "run.json").read_text()) == data


def test_errors_are_appended_with_a_traceback_only_when_there_is_one() -> None:
    log = RunLog(format=1, errors=[])
    log.add_error("interrupted", at="t1")
    log.add_error("ValueError: x", at="t2", traceback="Traceback …")
    assert log.to_data()["errors"] == [
        {"at": "t1", "error": "interrupted"},
        {"at": "t2", "error": "ValueError: x", "traceback": "Traceback …"},
    ]


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        ("run.json", '{"format": 1, "errors": "none"}', "errors: Input should be a valid list"),
        ("run.json", '{"format": 1, "status": ', "is not JSON"),
        ("run.json", '{"format": 2}', "has format 2; this crag-eval reads format 1"),
        ("scores.json", '{"format": 1, "counts": {"questions": "six"}}', "counts.questions: Input should be"),
        ("scores.json", "[]", "holds a JSON list, not an object"),
    ],
)
def test_a_damaged_file_is_one_line_naming_it(tmp_path: Path, name: str, text: str, says: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RunFileError) as caught:
        parse(RunLog if name == "run.json" else Scores, text, path)
    assert str(path) in str(caught.value) and says in str(caught.value) and "\n" not in str(caught.value)


def test_the_cli_says_how_to_fix_a_damaged_run_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "run.json").write_text('{"format": 1, "errors": "none"}', encoding="utf-8")
    assert main(["report", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"crag-eval: error: {tmp_path / 'run.json'}: errors: Input should be a valid list")
    assert err.endswith("; fix or remove the file and start a new run") and "\n" not in err


def test_the_cli_says_how_to_fix_a_damaged_scores_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "run.json").write_text(old_run_json(tmp_path, "sha256:00", tmp_path), encoding="utf-8")
    (tmp_path / "scores.json").write_text(
        '{"format": 1, "overall": {"rules": {"n": "six"}}}', encoding="utf-8"
    )
    assert main(["report", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"{tmp_path / 'scores.json'}: overall.rules" in err and "\n" not in err
    assert err.endswith(f"; score the run again with `crag-eval score {tmp_path}`")
