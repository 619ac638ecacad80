"""No command deletes a file it did not create: a sentinel file next to (or inside) every target a command
writes a world or an export to survives, and the command refuses with one line and exit 2."""

from __future__ import annotations

import bz2
import json
import shutil
from pathlib import Path

import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.cli import main
from mockapi.core.staging import staging_path
from mockapi.core.user_error import UserError
from mockapi.process.exporter import export_world

PRECIOUS = "model code that exists nowhere else\n"


def user_dir(path: Path) -> Path:
    """A non-empty directory that is not a world: a user's project."""
    path.mkdir(parents=True)
    (path / "model.py").write_text(PRECIOUS)
    (path / "runs").mkdir()
    (path / "runs" / "scores.json").write_text("{}")
    return path


def world_copy(tiny_world: Path, path: Path) -> Path:
    """The session's tiny world, hard-linked (cheap), with a user's file dropped into it."""
    shutil.copytree(tiny_world, path, copy_function=_link)
    (path / "model.py").write_text(PRECIOUS)
    return path


def _link(src: str, dst: str) -> None:
    Path(dst).hardlink_to(src)


def write_open_kg(root: Path) -> Path:
    """The smallest cragkg/ the importer accepts: one open-domain entity (CRAG's open/kg.N.jsonl.bz2)."""
    entity = {"summary_text": "Florida is a state.", "summary_structured": {}, "raw_mediawiki": ""}
    (root / "open").mkdir(parents=True)
    with bz2.open(root / "open" / "kg.0.jsonl.bz2", "wt", encoding="utf-8") as f:
        f.write(json.dumps(["Florida", entity]) + "\n")
    return root


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run `crag-mock argv`: it must exit 2 with exactly one line on stderr; returns that line."""
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def intact(path: Path) -> None:
    assert (path / "model.py").read_text() == PRECIOUS


def test_build_refuses_a_users_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = user_dir(tmp_path / "project")
    line = refused(["build", "--scale", "tiny", "--data", str(target)], capsys)
    assert "not a world" in line and str(target) in line
    intact(target)
    assert (target / "runs" / "scores.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project"]  # no staging dir left either


def test_build_refuses_a_users_directory_under_the_data_root(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `crag-mock serve` with no world builds the same way, through build_world
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path))
    target = user_dir(tmp_path / "tiny")
    refused(["build", "--scale", "tiny"], capsys)
    intact(target)


def test_build_refuses_a_world_holding_a_users_file(
    tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = world_copy(tiny_world, tmp_path / "world")
    line = refused(["build", "--scale", "tiny", "--seed", "1", "--data", str(target)], capsys)
    assert "'model.py'" in line
    intact(target)


def test_build_refuses_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "notes.txt"
    target.write_text(PRECIOUS)
    refused(["build", "--scale", "tiny", "--data", str(target)], capsys)
    assert target.read_text() == PRECIOUS


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_import_dataset_keeps_the_file_it_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = user_dir(tmp_path / "project")
    dataset = target / CRAG_DEV_10.name
    shutil.copy(CRAG_DEV_10, dataset)
    refused(["import-dataset", str(dataset), "--data", str(target)], capsys)
    intact(target)
    assert dataset.read_bytes() == CRAG_DEV_10.read_bytes()


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_import_dataset_refuses_a_world_holding_a_users_file(
    tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = world_copy(tiny_world, tmp_path / "world")
    refused(["import-dataset", str(CRAG_DEV_10), "--data", str(target)], capsys)
    intact(target)


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_import_dataset_into_an_empty_directory_still_works(tmp_path: Path) -> None:
    target = tmp_path / "empty"
    target.mkdir()
    assert main(["import-dataset", str(CRAG_DEV_10), "--data", str(target)]) == 0
    assert (target / "manifest.json").is_file()


def test_import_kg_refuses_a_users_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = user_dir(tmp_path / "project")
    cragkg = write_open_kg(target / "cragkg")  # the KG being imported sits inside --data, as in a checkout
    before = sorted(p.relative_to(target) for p in target.rglob("*"))
    refused(["import-kg", str(cragkg), "--data", str(target)], capsys)
    intact(target)
    assert sorted(p.relative_to(target) for p in target.rglob("*")) == before


def test_export_refuses_a_directory(
    tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = user_dir(tmp_path / "project")
    refused(["export", "--task", "1", "--data", str(tiny_world), "--out", str(target)], capsys)
    intact(target)


def test_export_refuses_to_overwrite_a_file_it_did_not_write(
    tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    user_dir(tmp_path / "project")
    out = tmp_path / "project" / "model.py"
    line = refused(["export", "--task", "1", "--data", str(tiny_world), "--out", str(out)], capsys)
    assert "not a CRAG dataset file" in line
    intact(tmp_path / "project")


def test_export_replaces_its_own_earlier_export_with_force(small_world: Path, tmp_path: Path) -> None:
    for name in ("t1.jsonl", "t1.jsonl.bz2"):  # the small world (tests/small_world.py): 8 questions' pages
        out = tmp_path / name
        first = export_world(small_world, 1, out)
        with pytest.raises(UserError, match="pass --force"):  # issue 32: never without asking
            export_world(small_world, 1, out)
        assert export_world(small_world, 1, out, force=True) == first


def test_stale_staging_cleanup_keeps_a_users_look_alike(tmp_path: Path) -> None:
    # only `.name.<our tag>-<dead pid>` dirs are ours; 4194304 is above Linux's pid_max, so never alive
    mine = tmp_path / ".world.notes-4194304"
    mine.mkdir()
    (mine / "model.py").write_text(PRECIOUS)
    ours = tmp_path / ".world.building-4194304"
    ours.mkdir()
    staging_path(tmp_path / "world", "building")
    intact(mine)
    assert not ours.exists()
