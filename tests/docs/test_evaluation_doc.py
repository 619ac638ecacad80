"""docs/evaluation.md's example model is the contract a newcomer reads (issue 22: the return value of
`batch_generate_answer` was nowhere said): it runs as written, on the real 10-question CRAG file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from crag_eval.cli import main
from fixture_paths import CRAG_DEV_10

PAGE = Path(__file__).resolve().parents[2] / "docs" / "evaluation.md"


def test_the_documented_model_runs_and_its_contract_is_stated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not CRAG_DEV_10.is_file():
        pytest.skip(f"the real CRAG fixture {CRAG_DEV_10} is not present")
    text = PAGE.read_text(encoding="utf-8")
    assert "must return **a list (or tuple) with exactly one answer per question" in text
    code = re.search(r"```python\n(.*?)```", text, re.DOTALL)
    assert code is not None
    (tmp_path / "doc_model.py").write_text(code.group(1))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "doc_model:MyModel", "--model-args", '{"top_k": 3}']
    assert main([*args, "--data", str(CRAG_DEV_10), "--output", str(out)]) == 0
    rows = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert len(rows) == 10 and not any(r["error"] for r in rows)
