"""The admin token without `--admin-token` (which `ps` shows): from a file or from the environment."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from test_serve_cli import serve

TOKEN = "s3cret-token-for-the-test"


def process_listing() -> list[str]:
    """Command lines of every process (what `ps -ef` shows), to look for the token."""
    out = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def journal(base: str, token: str | None) -> int:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(base + "/admin/journal", headers=headers, timeout=30).status_code


@pytest.mark.parametrize("source", ["file", "env"])
def test_admin_token_from_a_file_or_the_environment_is_not_in_ps(
    source: str, tiny_world: Path, tmp_path: Path
) -> None:
    key = tmp_path / "admin-token"
    key.write_text(TOKEN + "\n")
    flags = ["--admin-token-file", str(key)] if source == "file" else []
    env = {"CRAG_MOCK_ADMIN_TOKEN": TOKEN} if source == "env" else {}
    with serve(tiny_world, *flags, env=env) as base:
        assert journal(base, TOKEN) == 200
        assert journal(base, None) == 401
        assert not [line for line in process_listing() if TOKEN in line]


def test_admin_token_file_errors_are_one_line(tiny_world: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.write_text("")
    for flags, says in [
        (["--admin-token-file", str(tmp_path / "missing")], "No such file"),
        (["--admin-token-file", str(empty)], "is empty"),
        (["--admin-token-file", str(empty), "--admin-token", "x"], "not both"),
    ]:
        cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(tiny_world), *flags]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert result.returncode == 2
        (line,) = result.stderr.strip().splitlines()
        assert says in line
