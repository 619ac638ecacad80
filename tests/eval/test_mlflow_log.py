"""Issue 35: `--log-to mlflow` copies a finished run into MLflow's local file store: run identity, model
settings and world hash as params, Score_a and the other figures (overall and per slice) as metrics, the
report as an artifact. Read back with MLflow's own client."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from crag_eval.cli import main

if TYPE_CHECKING:
    from mlflow.tracking import MlflowClient


def tracking_client(uri: str) -> MlflowClient:
    """MLflow's own client (the dev extra installs mlflow-skinny: this test runs in CI, never skips). Imported
    here: 4 CPU-s that every xdist worker would spend collecting this file though one runs it (at 66c0ce5)."""
    from mlflow.tracking import MlflowClient

    return MlflowClient(tracking_uri=uri)


@pytest.fixture(autouse=True)
def _home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """One data root for the module: the fixture file is converted into a world once."""
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path_factory.getbasetemp() / "mlflow-home"))


def test_a_run_logged_to_mlflow_reads_back_with_params_metrics_and_report(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("MLFLOW_TRACKING_URI", raising=False)
    monkeypatch.delenv("MLFLOW_ALLOW_FILE_STORE", raising=False)
    monkeypatch.chdir(tmp_path)  # the default store is ./mlruns
    run = tmp_path / "oracle"
    args = ["--task", "1", "--model", "oracle", "--data", str(crag_fixture), "--output", str(run)]
    assert main([*args, "--log-to", "mlflow"]) == 0
    (line,) = [x for x in capsys.readouterr().err.splitlines() if x.startswith("mlflow run: ")]
    assert "MLFLOW_ALLOW_FILE_STORE" not in os.environ  # set for the call only

    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
    client = tracking_client((tmp_path / "mlruns").as_uri())
    got = client.get_run(line.removeprefix("mlflow run: "))
    log = json.loads((run / "run.json").read_text())
    scores = json.loads((run / "scores.json").read_text())
    params, metrics = got.data.params, got.data.metrics
    assert params["world.content_hash"] == log["world"]["content_hash"]
    assert params["code.commit"] == log["code"]["commit"] and params["versions.duckdb"]
    assert params["args.model"] == "oracle" and params["args.task"] == "1" and params["args.judge"] == "rules"
    assert metrics["score_a"] == pytest.approx(scores["overall"]["rules"]["score_a"]) == 1.0
    assert metrics["rules.accuracy"] == 1.0 and metrics["n"] == 10
    slices = {k for k in metrics if k.startswith("slice.domain.") and k.endswith(".score_a")}
    assert slices == {f"slice.domain.{d}.score_a" for d in scores["slices"]["domain"]}
    artifacts = {a.path for a in client.list_artifacts(got.info.run_id)}
    assert {"report.md", "report.html", "run.json", "scores.json"} <= artifacts
    assert got.info.status == "FINISHED" and got.info.run_name == "oracle"


def test_score_logs_a_rescored_run_and_an_unscored_run_is_one_line(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "store"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", store.as_uri())
    monkeypatch.setenv("MLFLOW_EXPERIMENT_NAME", "gates")
    run = tmp_path / "dummy"
    args = ["--task", "1", "--model", "dummy", "--data", str(crag_fixture), "--output", str(run)]
    assert main(args) == 0 and not store.exists()  # nothing logged unless asked
    assert main(["score", str(run), "--log-to", "mlflow"]) == 0
    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
    client = tracking_client(store.as_uri())
    experiment = client.get_experiment_by_name("gates")
    assert experiment is not None
    (found,) = client.search_runs([experiment.experiment_id])
    assert found.data.metrics["score_a"] == 0.0 and found.data.metrics["missing"] == 1.0
    (run / "scores.json").unlink()
    capsys.readouterr()
    from crag_eval.report.tracking import log_run

    from mockapi.core.user_error import UserError

    with pytest.raises(UserError, match=r"no scores\.json"):
        log_run(run, "mlflow")
