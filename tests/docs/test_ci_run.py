""".ci/run's default-world step names the test files it runs (collecting the whole suite only to deselect all
but one test cost 37 CPU-s of CI's 2 cores): a `default_world` test in any other file would silently never
run in CI, so every file that marks one must be named on that step's line."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARK = re.compile(r"pytest\.mark\.default_world\b")


def default_step_files(ci: str) -> set[str]:
    """The test files named on .ci/run's `pytest … -m default_world` line."""
    commands = [line for line in ci.splitlines() if not line.lstrip().startswith("#")]  # not the comments
    line = next(line for line in commands if re.search(r"\.venv/bin/pytest .*-m default_world", line))
    return set(re.findall(r"\btests/\S+\.py\b", line))


def marked_files() -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if path.name != Path(__file__).name and MARK.search(path.read_text(encoding="utf-8"))
    }


def test_the_default_world_step_runs_every_file_that_marks_a_default_world_test() -> None:
    named = default_step_files((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    marked = marked_files()
    assert "tests/world/test_questions.py" in marked  # the rule does find the mark
    assert marked <= named, f".ci/run's default_world step leaves out {sorted(marked - named)}"
    assert all((ROOT / name).is_file() for name in named), named
