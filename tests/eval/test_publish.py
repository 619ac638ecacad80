"""Issue 35: results a researcher can reproduce, compare and publish. run.json names the code, library
versions, world and endpoints; `crag-eval leaderboard` over three runs (Markdown, JSON, HTML in Chromium);
`--fail-under` gates; runs and worlds export to Parquet that `datasets` loads, with a card the Hub's parser
reads."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from crag_eval.cli import BELOW_GATE, main
from crag_eval.run.identity import endpoints

MODELS = ("dummy", "oracle", "baseline")
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


@pytest.fixture(scope="module")
def runs(crag_fixture: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Three Task 1 runs over the real 10-question fixture: a decliner, the oracle and the baseline."""
    root = tmp_path_factory.mktemp("publish")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CRAG_MOCK_HOME", str(root / "home"))
        out = {m: root / m for m in MODELS}
        for model, run in out.items():
            assert (
                main(["--task", "1", "--model", model, "--data", str(crag_fixture), "--output", str(run)])
                == 0
            )
        yield out


def test_run_json_names_commit_versions_world_and_endpoints(
    runs: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    run = json.loads((runs["oracle"] / "run.json").read_text())
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=Path(__file__).parent
    )
    assert run["code"]["commit"] == head.stdout.strip() and isinstance(run["code"]["dirty"], bool)
    assert run["code"]["version"] == run["versions"]["crag-mockapi"] != "unknown"
    assert {"duckdb", "Faker", "Jinja2", "numpy", "python"} <= set(run["versions"])
    assert run["world"]["content_hash"].startswith("sha256:") and run["args"]["judge"] == "rules"
    assert run["endpoints"] == {}  # the rules judge and the oracle call no LLM
    monkeypatch.setenv("CRAG_EVAL_JUDGE_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CRAG_EVAL_MODEL_MODEL", "my-model")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    got = endpoints("openai", "openai")
    assert got["judge"] == {"base_url": "http://127.0.0.1:9/v1", "model": "gpt-4o-mini"}
    assert got["model"]["model"] == "my-model" and "sk-secret" not in json.dumps(got)


def test_leaderboard_ranks_three_runs_in_markdown_and_json(
    runs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["leaderboard", *(str(r) for r in runs.values())]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| model | task | n | Score_a % [95% CI] |") and "domain: " in table[0]
    assert table[2].startswith("| oracle | 1 | 10 | 100.0 [") and "| best |" in table[2]
    assert len([line for line in table if line.startswith("| ")]) == 4
    assert main(["leaderboard", "--format", "json", *(str(r) for r in runs.values())]) == 0
    board = json.loads(capsys.readouterr().out)
    assert board["rows"][0]["model"] == "oracle"
    dummy = next(r for r in board["rows"] if r["model"] == "dummy")
    assert dummy["vs_best"]["diff"] == pytest.approx(-1.0) and dummy["vs_best"]["p"] < 0.05


def test_leaderboard_of_an_unscored_or_missing_run_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["leaderboard", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("crag-eval: error: ")


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (install Debian's `chromium` package)")
def test_leaderboard_html_renders_in_chromium(runs: dict[str, Path], tmp_path: Path) -> None:
    page = tmp_path / "board.html"
    assert (
        main(["leaderboard", "--format", "html", "--output", str(page), *(str(r) for r in runs.values())])
        == 0
    )
    text = page.read_text()
    assert "<script" not in text and "http" not in text  # self-contained
    assert CHROMIUM is not None
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'p'}"]
    done = subprocess.run([*args, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("<tr class=") == 3 and 'id="leaderboard"' in done.stdout
    assert '<tr class="best"><td>oracle</td>' in done.stdout


def test_fail_under_exits_non_zero_below_and_zero_above(
    runs: dict[str, Path],
    crag_fixture: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    oracle = str(runs["oracle"])
    assert main(["score", oracle, "--fail-under", "99.9"]) == 0
    assert main(["score", oracle, "--fail-under", "100.1"]) == BELOW_GATE == 3
    assert "crag-eval: Score_a 100.0 % is below --fail-under 100.1" in capsys.readouterr().err
    monkeypatch.setenv("CRAG_MOCK_HOME", str(runs["oracle"].parent / "home"))
    base = ["--task", "1", "--model", "dummy", "--data", str(crag_fixture)]
    assert main([*base, "--fail-under", "0", "--output", str(tmp_path / "a")]) == 0  # declines: Score_a 0
    assert main([*base, "--fail-under", "0.5", "--output", str(tmp_path / "b")]) == BELOW_GATE


def test_run_and_world_export_to_parquet_that_datasets_loads_with_a_valid_card(
    runs: dict[str, Path], tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    datasets = pytest.importorskip("datasets")
    from huggingface_hub import DatasetCard

    from mockapi.cli import main as mock_main

    out = tmp_path / "run-export"
    assert main(["export", str(runs["baseline"]), "--format", "parquet", "--out", str(out)]) == 0
    ds = datasets.load_dataset("parquet", data_files=str(out / "predictions.parquet"), split="train")
    assert ds.num_rows == 10 and {"query", "answer", "prediction", "label", "score"} <= set(ds.column_names)
    card = DatasetCard.load(out / "README.md")
    assert card.data.license == "cc-by-nc-4.0"  # real CRAG questions
    assert card.data.to_dict()["crag_mockapi"]["model"] == "baseline"
    world = json.loads((runs["baseline"] / "run.json").read_text())["world"]["content_hash"]
    assert card.data.to_dict()["crag_mockapi"]["world_content_hash"] == world
    # answers on real CRAG questions (no split recorded) are filed as "test", never as training data
    assert [f["split"] for c in card.data.to_dict()["configs"] for f in c["data_files"]] == ["test"]

    wout = tmp_path / "world-export"
    assert mock_main(["export", "--format", "parquet", "--data", str(tiny_world), "--out", str(wout)]) == 0
    questions = datasets.load_dataset("parquet", data_files=str(wout / "questions.parquet"), split="train")
    manifest = json.loads((tiny_world / "manifest.json").read_text())
    con = duckdb.connect(str(tiny_world / "questions.duckdb"), read_only=True)
    total = con.execute("SELECT count(*) FROM questions").fetchone()
    con.close()
    assert total is not None and questions.num_rows == total[0] and "answer" in questions.column_names
    prices = datasets.load_dataset(
        "parquet", data_files=str(wout / "kg" / "fin_prices.parquet"), split="train"
    )
    assert prices.num_rows > 0
    wcard = DatasetCard.load(wout / "README.md")
    meta = wcard.data.to_dict()
    assert meta["crag_mockapi"]["content_hash"] == manifest["content_hash"]
    assert {c["config_name"] for c in meta["configs"]} >= {
        "questions",
        "pages",
        "search_results",
        "kg_fin_prices",
    }
    assert meta["license"] == "mit" and meta["size_categories"]
    capsys.readouterr()
    assert mock_main(["export", "--format", "parquet", "--data", str(tiny_world), "--out", str(wout)]) == 2
    assert "not empty" in capsys.readouterr().err
