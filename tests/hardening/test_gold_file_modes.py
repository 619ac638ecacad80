"""Gold is the owner's alone (issue 32, items 12 and 17): a secret world's questions.duckdb and secret.key
are 0600, a crag-eval run directory 0700 with its files 0600, exports 0600 and never written over an existing
file without --force; a secret world's interaction ids come from a keyed hash, not the content's RNG."""

from __future__ import annotations

import hmac
import stat
import uuid
from pathlib import Path

import duckdb
import pytest
from crag_eval.cli import main as crag_eval
from fixture_paths import CRAG_DEV_10

from mockapi.cli import main


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(scope="module")
def secret_world(secret_tiny_world: Path) -> Path:
    """The run's small seed-0 world built with `crag-mock build --secret` (tests/conftest.py)."""
    return secret_tiny_world


@pytest.mark.slow  # its fixture builds a small world
def test_a_secret_worlds_gold_and_key_are_0600(secret_world: Path) -> None:
    assert mode(secret_world / "questions.duckdb") == 0o600
    assert mode(secret_world / "secret.key") == 0o600


def test_a_secret_worlds_ids_are_a_keyed_hash_of_the_secret_and_the_questions_place(
    secret_world: Path,
) -> None:
    key = f"{(secret_world / 'secret.key').read_text().strip()}:0".encode()  # secret:seed
    with duckdb.connect(str(secret_world / "questions.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT ord, interaction_id FROM questions ORDER BY ord").fetchall()
    for ord_, found in rows:
        mac = hmac.new(key, f"interaction-id:dev:{ord_}".encode(), "sha256").digest()[:16]
        assert found == str(uuid.UUID(int=int.from_bytes(mac, "big"), version=4))


def test_exports_refuse_an_existing_file_without_force(
    small_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for flags, out in ((["--qrels"], tmp_path / "qrels.txt"), (["--task", "1"], tmp_path / "t1.jsonl")):
        export = ["export", *flags, "--data", str(small_world), "--out", str(out)]
        assert main(export) == 0
        assert mode(out) == 0o600  # gold answers and answer pages
        written = out.read_bytes()
        capsys.readouterr()
        assert main(export) == 2
        err = capsys.readouterr().err.strip().splitlines()
        refusal = f"--out {out} exists: refusing to overwrite it; pass --force to replace it"
        assert err == [f"crag-mock export: error: {refusal}"]
        assert out.read_bytes() == written
        assert main([*export, "--force"]) == 0


def test_a_run_directory_is_0700_and_its_files_0600(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not CRAG_DEV_10.is_file():
        pytest.skip(f"the real CRAG fixture {CRAG_DEV_10} is not present")
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    run = tmp_path / "run"
    args = [
        "--task",
        "1",
        "--model",
        "dummy",
        "--data",
        str(CRAG_DEV_10),
        "--first",
        "2",
        "--output",
        str(run),
    ]
    assert crag_eval(args) == 0
    assert mode(run) == 0o700
    files = [p for p in run.rglob("*") if p.is_file()]
    assert any(p.name == "questions.jsonl" for p in files)
    assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}
