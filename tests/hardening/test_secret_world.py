"""`build --secret`: a challenge world cannot be rebuilt from its public seed, and /meta helps no guess."""

from __future__ import annotations

import json
import stat
from collections.abc import Callable
from pathlib import Path

import duckdb
import httpx
import pytest
from small_world import SMALL_BUILD, SMALL_QUESTIONS

from mockapi.cli import main
from mockapi.core.paths import QUESTIONS_DB, SECRET_FILE
from mockapi.world.build import build_world
from mockapi.world.secret import new_secret


def content_hash(world: Path) -> str:
    return str(json.loads((world / "manifest.json").read_text())["content_hash"])


def interaction_ids(world: Path) -> set[str]:
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        return {row[0] for row in con.execute("SELECT interaction_id FROM questions").fetchall()}
    finally:
        con.close()


@pytest.fixture(scope="module")
def secret_worlds(tmp_path_factory: pytest.TempPathFactory, secret_tiny_world: Path) -> tuple[Path, Path]:
    """Two small seed-0 worlds (tests/small_world.py), each with its own secret: one through the CLI (the
    run's shared one, tests/conftest.py), one through build_world."""
    root = tmp_path_factory.mktemp("secret")
    # in one process, as the session's worlds (tests/conftest.py, TINY_JOBS: helpers add CPU in the suite)
    build_world("tiny", 0, root / "b", secret=new_secret(), jobs=1, questions=SMALL_QUESTIONS)
    return secret_tiny_world, root / "b"


@pytest.mark.slow  # its fixture builds two small worlds
def test_two_secret_worlds_of_one_seed_differ_and_neither_is_the_public_one(
    secret_worlds: tuple[Path, Path], small_world: Path
) -> None:
    a, b = secret_worlds
    assert len({content_hash(a), content_hash(b), content_hash(small_world)}) == 3
    # the interaction ids (the key of every question and its frozen pages) are not the public world's either
    assert not interaction_ids(a) & interaction_ids(small_world)
    assert not interaction_ids(a) & interaction_ids(b)


def test_the_secret_is_kept_private_and_a_rebuild_reuses_it(secret_worlds: tuple[Path, Path]) -> None:
    a, _ = secret_worlds
    key = a / SECRET_FILE
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(bytes.fromhex(key.read_text())) == 32
    before = (key.read_text(), content_hash(a))
    assert main(["build", *SMALL_BUILD, "--secret", "--data", str(a)]) == 0  # idempotent: same world
    assert main(["build", *SMALL_BUILD, "--secret-file", str(key), "--data", str(a)]) == 0
    assert (key.read_text(), content_hash(a)) == before


def test_meta_shows_no_seed_no_secret_and_no_path(
    secret_worlds: tuple[Path, Path], tiny_server: str, serve_world: Callable[..., str]
) -> None:
    a, _ = secret_worlds
    body = httpx.get(serve_world(a) + "/meta").text
    meta = json.loads(body)
    assert meta["seed"] is None and meta["world"] == a.name
    assert (a / SECRET_FILE).read_text().strip() not in body
    assert str(a.parent) not in body
    public = httpx.get(tiny_server + "/meta").json()
    assert public["seed"] == 0  # a research world stays reproducible from its seed
    assert "/" not in public["world"]


def test_a_bad_secret_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "key"
    bad.write_text("not hex")
    assert main(["build", "--scale", "tiny", "--secret-file", str(bad), "--data", str(tmp_path / "w")]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "64 hex digits" in line
    assert not (tmp_path / "w").exists()
