"""knobs.md and report.md are Markdown, which viewers (GitHub, mkdocs, IDE previews) render with any raw HTML
inside: a sweep value, a knob name or a model's label typed as markup is shown escaped, never run."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.sweep.knobs import md_cell, render_table

HERE = Path(__file__).resolve().parent
EVIL = "<img src=x onerror=alert(1)>"


def test_a_sweep_value_in_knobs_md_and_report_md_is_escaped(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setenv("PYTHONPATH", f"{HERE}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    sys.modules.pop("knob_model", None)
    root = tmp_path / "sweep"
    args = ["--task", "1", "--model", "knob_model:KnobModel", "--data", str(crag_fixture), "--first", "2"]
    assert main([*args, "--output", str(root), "--sweep", f"chunk_size={EVIL};top_k=1"]) == 0
    table = (root / "knobs.md").read_text()
    assert "<img" not in table and "&lt;img src=x onerror=alert(1)&gt;" in table
    for point in json.loads((root / "knobs.json").read_text()):
        assert "<img" not in (root / point / "report.md").read_text()


def test_markup_and_pipes_stay_inside_their_cell() -> None:
    assert md_cell("<script>alert(1)</script> | a\nb") == "&lt;script&gt;alert(1)&lt;/script&gt; \\| a b"
    figures = {"knobs": {"<b>k</b>": "<i>v</i>|x"}, "n": 1}
    table = render_table({"p": figures})  # type: ignore[dict-item]
    assert "<b>" not in table and "<i>" not in table and "&lt;i&gt;v&lt;/i&gt;\\|x" in table
