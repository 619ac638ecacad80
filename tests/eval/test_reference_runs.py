"""Issue 35: the reference runs in docs/reference-runs.md are reproduced exactly: the built-in systems on the
tiny world give the same rows (`scripts/reference-runs` regenerates them after a deliberate change)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from crag_eval.run.reference import SYSTEMS, TASKS, reference_row

DOC = Path(__file__).resolve().parents[2] / "docs" / "reference-runs.md"


def documented_rows() -> list[str]:
    block = re.search(r"<!-- generated:tiny -->\n(.*?)<!-- /generated:tiny -->", DOC.read_text(), re.S)
    assert block, f"{DOC} has no generated tiny block"
    return [
        line for line in block.group(1).splitlines() if line.startswith("| ") and "| system |" not in line
    ]


@pytest.mark.parametrize(("task", "model"), [(t, m) for t in TASKS for m in SYSTEMS])
def test_a_reference_row_is_reproduced_exactly(
    task: int, model: str, tiny_world: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    documented = {tuple(row.split(" | ")[:2]): row for row in documented_rows()}
    want = documented.get((f"| {model}", str(task)))
    got = reference_row(tiny_world, model, task, tmp_path / "run")
    assert got == want, f"{model} on Task {task} now gives\n{got}\nre-run scripts/reference-runs if intended"
