"""import-dataset and export on the real CRAG fixture: round trips, layouts, and one-line errors."""

from __future__ import annotations

import bz2
import functools
import io
import json
import shutil
import tarfile
from pathlib import Path

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10 as FIXTURE

from mockapi.cli import main
from mockapi.core.user_error import UserError
from mockapi.importers.dataset import import_dataset
from mockapi.process.exporter import export_world
from mockapi.web.page_store import WebStore


def read_bz2(path: Path) -> bytes:
    with bz2.open(path, "rb") as f:
        return f.read()


def fixture_bytes() -> bytes:
    return read_bz2(FIXTURE)


def leftovers(parent: Path) -> list[str]:
    """Anything an import left next to its target (temp dirs included)."""
    return sorted(p.name for p in parent.iterdir()) if parent.exists() else []


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str | None]:
    """The fixture imported once a module (~4 CPU-s an import), read-only: (world, its content hash)."""
    world = tmp_path_factory.mktemp("imported") / "world"
    manifest = import_dataset([FIXTURE], world)
    assert manifest.kind == "imported"
    return world, manifest.content_hash


def test_export_round_trips_byte_identical(imported: tuple[Path, str | None], tmp_path: Path) -> None:
    world, content_hash = imported
    written = json.loads((world / "manifest.json").read_text())
    assert written["kind"] == "imported"
    assert written["questions"]["count"] == 10
    assert written["pages"] == {"pages": 38, "results": 50, "records": 10, "duplicates_replaced": 0,
                                "duplicates_skipped": 0}  # fmt: skip
    assert written["content_hash"] == content_hash
    assert str(content_hash).startswith("sha256:")
    assert export_world(world, 1, tmp_path / "task1.jsonl.bz2") == 10
    assert read_bz2(tmp_path / "task1.jsonl.bz2") == fixture_bytes()
    assert export_world(world, 3, tmp_path / "task3.jsonl") == 10
    assert (tmp_path / "task3.jsonl").read_bytes() == fixture_bytes()


def test_import_is_deterministic(imported: tuple[Path, str | None], tmp_path: Path) -> None:
    first = imported[1]  # another import, into another directory
    assert first is not None and import_dataset([FIXTURE], tmp_path / "b").content_hash == first


def test_v5_layout_round_trips(tmp_path: Path) -> None:
    """alt_ans as a list, popularity present, a non-ASCII answer, plain .jsonl."""
    line = fixture_bytes().splitlines()[4]
    record = json.loads(line)
    record.pop("alternative_answers")
    v5 = {**record, "answer": "caf\u00e9 \u2013 yes", "alt_ans": ["cafe", "caf\u00e9"], "popularity": "torso"}
    v5["search_results"] = v5.pop("search_results")
    source = tmp_path / "v5.jsonl"
    source.write_text(json.dumps(v5) + "\n", encoding="ascii")
    import_dataset([source], tmp_path / "world")
    con = duckdb.connect(str(tmp_path / "world" / "questions.duckdb"), read_only=True)
    assert con.execute("SELECT alt_ans, popularity, answer FROM questions").fetchone() == (
        '["cafe", "caf\\u00e9"]',
        "torso",
        "caf\u00e9 \u2013 yes",
    )
    con.close()
    export_world(tmp_path / "world", 3, tmp_path / "out.jsonl")
    assert (tmp_path / "out.jsonl").read_text(encoding="ascii") == json.dumps(v5) + "\n"


@functools.lru_cache(maxsize=1)
def task3_archive() -> bytes:
    """The fixture as a Task 3 style tar.bz2 with two JSONL members (built once: bz2 is slow)."""
    lines = fixture_bytes().splitlines(keepends=True)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:bz2") as archive:
        for i, chunk in enumerate((lines[:6], lines[6:])):
            data = b"".join(chunk)
            info = tarfile.TarInfo(f"crag_task_3_dev_v4/crag_task_3_dev_v4_{i}.jsonl")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def split_archive(folder: Path, first: int, parts: int) -> list[Path]:
    """The Task 3 style archive cut into byte parts numbered from `first`."""
    blob = task3_archive()
    size = -(-len(blob) // parts)
    paths = []
    for n in range(parts):
        path = folder / f"crag_task_3_dev_v4.tar.bz2.part{first + n}"
        path.write_bytes(blob[n * size : (n + 1) * size])
        paths.append(path)
    return paths


@pytest.mark.parametrize("first", [0, 1])
def test_split_tar_parts_via_cli(tmp_path: Path, first: int, capsys: pytest.CaptureFixture[str]) -> None:
    parts = split_archive(tmp_path, first, 3)
    world = tmp_path / "world"
    # Shell globs sort part10 before part2; only the first part is passed: its siblings are found.
    assert main(["import-dataset", str(parts[0]), "--data", str(world)]) == 0
    assert "imported 10 questions, 50 results" in capsys.readouterr().out
    out = tmp_path / "out.jsonl"
    assert main(["export", "--task", "3", "--out", str(out), "--data", str(world)]) == 0
    assert out.read_bytes() == fixture_bytes()


def test_missing_part_is_named(tmp_path: Path) -> None:
    parts = split_archive(tmp_path, 0, 3)
    parts[1].unlink()
    with pytest.raises(UserError, match=r"missing part\(s\) \[1\]"):
        import_dataset([parts[0]], tmp_path / "world")


def test_same_id_twice_keeps_the_record_with_more_pages(tmp_path: Path) -> None:
    record = json.loads(fixture_bytes().splitlines()[0])
    wider = {**record, "search_results": record["search_results"] * 2}
    (tmp_path / "a.jsonl").write_text(json.dumps(record) + "\n" + json.dumps(wider) + "\n", encoding="ascii")
    manifest = import_dataset([tmp_path / "a.jsonl"], tmp_path / "world")
    assert manifest.pages is not None and manifest.pages.duplicates_replaced == 1
    store = WebStore(tmp_path / "world")
    assert len(store.frozen(record["interaction_id"])) == 10
    store.close()


# ───────────── bad input: one line naming file and line, nothing half-imported ─────────────


def assert_one_line_error(files: list[Path], target: Path, *fragments: str) -> None:
    before = leftovers(target.parent)
    with pytest.raises(UserError) as caught:
        import_dataset(files, target)
    message = str(caught.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message
    assert leftovers(target.parent) == before


def test_lfs_pointer(tmp_path: Path) -> None:
    pointer = tmp_path / "crag_task_1_and_2_dev_v4.jsonl.bz2"
    pointer.write_text(
        "version https://git-lfs.github.com/spec/v1\noid sha256:afa29f2b\nsize 739384484\n", encoding="ascii"
    )
    assert_one_line_error([pointer], tmp_path / "world", "Git LFS pointer", "git lfs pull", pointer.name)


def test_truncated_bz2(tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl.bz2"
    cut.write_bytes(FIXTURE.read_bytes()[:1_200_000])
    assert_one_line_error([cut], tmp_path / "world", "cut.jsonl.bz2: line ", "ends early or is corrupt")


def test_bad_json_line(tmp_path: Path) -> None:
    lines = fixture_bytes().splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(lines[0] + b'{"interaction_id": "x", oops}\n' + lines[1])
    assert_one_line_error([bad], tmp_path / "world", "bad.jsonl: line 2: not valid JSON")


def test_truncated_tar_part(tmp_path: Path) -> None:
    parts = split_archive(tmp_path, 1, 2)
    parts[-1].write_bytes(parts[-1].read_bytes()[:1000])
    assert_one_line_error([parts[0]], tmp_path / "world", "crag_task_3_dev_v4.tar.bz2.part1..2")


def test_failed_import_keeps_the_previous_world(imported: tuple[Path, str | None], tmp_path: Path) -> None:
    world = tmp_path / "world"
    shutil.copytree(imported[0], world)  # a world imported before (a copy: the import below targets it)
    good = imported[1]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"query": "no id"}\n', encoding="ascii")
    assert_one_line_error([bad], world, "bad.jsonl: line 1", "missing interaction_id")
    assert json.loads((world / "manifest.json").read_text())["content_hash"] == good
