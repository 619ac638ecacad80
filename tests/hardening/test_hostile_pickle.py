"""import-kg over a hostile KG tree: a planted pickle (a music file, a finance SqliteDict value) that
would run a shell command is refused with one line naming the file and the type; the command never runs."""

from __future__ import annotations

import bz2
import json
import os
import pickle
import sqlite3
from pathlib import Path

import pytest

from mockapi.cli import main
from mockapi.importers.kg import safe_pickle


class Payload:
    """What a hostile mirror would plant: unpickling it calls os.system."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, (f"touch {self.marker}",))


def tree(root: Path) -> Path:
    """A cragkg/ tree with a genuine open-domain part, so the import starts and reaches the bad file."""
    (root / "open").mkdir(parents=True)
    entity = {"summary_text": "Florida is a state.", "summary_structured": {}, "raw_mediawiki": ""}
    with bz2.open(root / "open" / "kg.0.jsonl.bz2", "wt", encoding="utf-8") as f:
        f.write(json.dumps(["Florida", entity]) + "\n")
    return root


def refused(root: Path, world: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["import-kg", str(root), "--data", str(world)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    (line,) = [x for x in err if x.startswith("crag-mock import-kg: error:")]  # the rest is progress
    assert not world.exists()
    return line


def test_a_planted_music_pickle_is_refused_and_never_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "pwned"
    root = tree(tmp_path / "cragkg")
    (root / "music").mkdir()
    bad = root / "music" / "artist_dict_simplified.pickle"
    bad.write_bytes(pickle.dumps({"Artist": Payload(marker)}))
    line = refused(root, tmp_path / "world", capsys)
    assert str(bad) in line and f"{os.system.__module__}.system" in line
    assert not marker.exists()


def test_a_planted_sqlitedict_value_is_refused_and_never_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "pwned"
    root = tree(tmp_path / "cragkg")
    (root / "finance").mkdir()
    con = sqlite3.connect(root / "finance" / "finance_price.sqlite")
    con.execute("CREATE TABLE unnamed (key TEXT PRIMARY KEY, value BLOB)")
    con.execute("INSERT INTO unnamed VALUES (?, ?)", ("EVIL", pickle.dumps(Payload(marker))))
    con.commit()
    con.close()
    line = refused(root, tmp_path / "world", capsys)
    assert "finance_price.sqlite" in line and "'EVIL'" in line and "system" in line
    assert not marker.exists()


def test_the_types_crags_files_use_still_load() -> None:
    import datetime as dt

    import numpy as np
    import pandas as pd

    # object strings, as CRAG's files (pandas 2.0.3) hold them: pandas 3 + pyarrow would infer Arrow strings
    index = pd.MultiIndex.from_arrays(
        [pd.Index(["EPL", "EPL"], dtype=object), pd.Index(["2024", "2023"], dtype=object)],
        names=["league", "season"],
    )
    frame = pd.DataFrame(
        {"score": [1.5, np.nan], "when": pd.to_datetime(pd.Index(["2024-03-01", None]))}, index=index
    )
    frame.columns = pd.Index(list(frame.columns), dtype=object)
    value = {"a": [np.int64(3), np.float32(2.5), pd.Timestamp("2024-01-01", tz="UTC"), dt.date(2024, 1, 2)],
             "t": (1, {2}, frozenset({3}), b"x", None, pd.NaT), "frame": frame}  # fmt: skip
    loaded = safe_pickle.loads(pickle.dumps(value), "test")
    pd.testing.assert_frame_equal(loaded["frame"], frame)
    assert loaded["a"][:2] == [3, 2.5] and loaded["t"][:5] == value["t"][:5]
