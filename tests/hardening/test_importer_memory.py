"""Importers read no line longer than their limit: a tiny bz2 file holding one huge line (a decompression
bomb) is a one-line error naming the limit, not gigabytes of memory. Before: a 279-byte .jsonl.bz2 with one
300 MB line took import-dataset to 1.03 GB of RSS (1 GB line: 3.2 GB); after: refused at 128 MiB read,
351 MB RSS. The limit is lowered here so the test stays small; the code path is the same."""

from __future__ import annotations

import bz2
from pathlib import Path

import pytest

from mockapi.cli import main
from mockapi.importers import bounded

LIMIT = 1 << 20


def bomb(path: Path, size: int) -> Path:
    """A bz2 file whose single line is `size` bytes of JSON (a few hundred bytes on disk)."""
    compressor = bz2.BZ2Compressor(9)
    with path.open("wb") as f:
        f.write(compressor.compress(b'["x", {"summary_text": "'))
        f.write(compressor.compress(b"a" * size))
        f.write(compressor.compress(b'"}]\n'))
        f.write(compressor.flush())
    return path


def one_error_line(capsys: pytest.CaptureFixture[str], command: str) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    (line,) = [x for x in err if x.startswith(f"crag-mock {command}: error:")]
    return line


@pytest.fixture(autouse=True)
def small_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounded, "MAX_LINE_BYTES", LIMIT)


def test_import_dataset_refuses_a_line_over_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bomb(tmp_path / "bomb.jsonl.bz2", 3 * LIMIT)
    assert data.stat().st_size < 1000
    assert main(["import-dataset", str(data), "--data", str(tmp_path / "world")]) == 2
    line = one_error_line(capsys, "import-dataset")
    assert "line 1 is longer than 1 MiB" in line
    assert not (tmp_path / "world").exists()


def test_import_kg_refuses_an_open_kg_line_over_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cragkg" / "open").mkdir(parents=True)
    bomb(tmp_path / "cragkg" / "open" / "kg.0.jsonl.bz2", 3 * LIMIT)
    assert main(["import-kg", str(tmp_path / "cragkg"), "--data", str(tmp_path / "world")]) == 2
    assert "kg.0.jsonl.bz2: line 1 is longer than 1 MiB" in one_error_line(capsys, "import-kg")


def test_lines_under_the_limit_are_read_whole(tmp_path: Path) -> None:
    with bz2.open(bomb(tmp_path / "ok.jsonl.bz2", LIMIT - 100), "rb") as stream:
        ((number, line),) = list(bounded.bounded_lines(stream, "ok"))
    assert number == 1 and len(line) == LIMIT - 100 + len(b'["x", {"summary_text": ""}]\n')
