"""A command whose extra is not installed says so in one line: the Docker image holds `[server]` only, and
`docker run IMAGE --build` (or `crag-mock build` in a `[server]` install) must not end in a traceback.

The missing package is made missing for real in a fresh interpreter (`sys.modules["faker"] = None`: Python's
own "not installed" for an import), then the console script's `main` runs as the entry point would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

WITHOUT_FAKER = (
    "import sys; sys.modules['faker'] = None; from mockapi.cli import main; sys.exit(main(sys.argv[1:]))"
)


@pytest.mark.parametrize("command", [["build", "--scale", "tiny"], ["serve", "--build"]])
def test_a_missing_extra_is_one_line_naming_it(command: list[str], tmp_path: Path) -> None:
    world = tmp_path / "world"
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_FAKER, *command, "--data", str(world)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    error = done.stderr.strip().splitlines()[-1]
    assert error.startswith(f"crag-mock {command[0]}: error: needs the package 'faker'"), error
    assert "crag-mockapi[world]" in error
    assert not world.exists() or not any(world.iterdir())  # nothing half-built left behind
