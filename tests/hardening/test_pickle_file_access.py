"""import-kg over a hostile KG tree that reaches files through numpy.memmap (an ndarray subclass whose
constructor opens any path; the SETITEM opcode then writes through it): the write, truncate and read
variants and a `.pth` aimed at site-packages are refused with one line naming the file and the class, and
no file outside the world is created or changed. Also: names are checked before any import, and a file of
the wrong type or shape is one line, not a traceback."""

from __future__ import annotations

import bz2
import json
import pickle
import sqlite3
import subprocess
import sys
import sysconfig
import uuid
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mockapi.cli import main
from mockapi.core.user_error import UserError
from mockapi.importers.kg import safe_pickle


class MemmapWrite:
    """Unpickles to numpy.memmap(path, 'w+') followed by memmap[0:n] = data (the SETITEMS opcode)."""

    def __init__(self, path: Path, data: bytes) -> None:
        self.path, self.data = path, data

    def __reduce__(self) -> tuple[Any, ...]:
        args = (str(self.path), "uint8", "w+", 0, (len(self.data),))
        return (np.memmap, args, None, None, iter([(slice(0, len(self.data)), list(self.data))]))


class MemmapOpen:
    """Unpickles to numpy.memmap(path, mode): 'r' reads any file, 'w+' with one byte truncates it."""

    def __init__(self, path: Path, mode: str) -> None:
        self.path, self.mode = path, mode

    def __reduce__(self) -> tuple[Any, ...]:
        shape = (1,) if self.mode == "w+" else None
        return (np.memmap, (str(self.path), "uint8", self.mode, 0, shape))


def tree(root: Path) -> Path:
    """A cragkg/ tree with a genuine open-domain part, so the import starts and reaches the bad file."""
    (root / "open").mkdir(parents=True)
    entity = {"summary_text": "Florida is a state.", "summary_structured": {}, "raw_mediawiki": ""}
    with bz2.open(root / "open" / "kg.0.jsonl.bz2", "wt", encoding="utf-8") as f:
        f.write(json.dumps(["Florida", entity]) + "\n")
    return root


def global_pickle(module: str, name: str) -> bytes:
    """A pickle that only names `module.name` (PROTO 2, GLOBAL, STOP)."""
    return b"\x80\x02c" + f"{module}\n{name}\n".encode() + b"."


def plant_music(root: Path, value: object) -> Path:
    bad = root / "music" / "artist_dict_simplified.pickle"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(pickle.dumps({"Adele": {"country": "GB", "members": value}}, pickle.HIGHEST_PROTOCOL))
    return bad


def plant_finance(root: Path, value: object) -> Path:
    bad = root / "finance" / "finance_info.sqlite"
    bad.parent.mkdir(parents=True)
    con = sqlite3.connect(bad)
    con.execute("CREATE TABLE unnamed (key TEXT PRIMARY KEY, value BLOB)")
    con.execute("INSERT INTO unnamed VALUES (?, ?)", ("EVIL", pickle.dumps({"info": value})))
    con.commit()
    con.close()
    return bad


def import_refused(root: Path, world: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The import exits 2 with one error line and leaves no world behind."""
    assert main(["import-kg", str(root), "--data", str(world)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    (line,) = [x for x in err.splitlines() if x.startswith("crag-mock import-kg: error:")]
    assert not world.exists()
    return line


@pytest.mark.parametrize("plant", [plant_music, plant_finance])
def test_a_memmap_write_truncate_or_read_is_refused_and_touches_no_file(
    plant: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious data\n" * 100)
    before = victim.read_bytes(), victim.stat().st_mtime_ns
    created = tmp_path / "created.txt"
    payloads = {
        "write": MemmapWrite(victim, b"import os; os.system('id')\n"),
        "truncate": MemmapOpen(victim, "w+"),
        "create": MemmapWrite(created, b"hello\n"),
        "read": MemmapOpen(victim, "r"),
    }
    for variant, payload in payloads.items():
        root = tree(tmp_path / variant / "cragkg")
        bad = plant(root, payload)
        line = import_refused(root, tmp_path / variant / "world", capsys)
        assert str(bad) in line and "numpy.memmap" in line, (variant, line)
        assert (victim.read_bytes(), victim.stat().st_mtime_ns) == before, variant
        assert not created.exists(), variant


def test_a_pth_aimed_at_site_packages_is_never_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a harmless comment line: if the refusal ever fails, the file written does nothing at Python start
    target = Path(sysconfig.get_paths()["purelib"]) / f"zz_crag_hostile_{uuid.uuid4().hex}.pth"
    root = tree(tmp_path / "cragkg")
    bad = plant_music(root, MemmapWrite(target, b"# written by a hostile pickle\n"))
    try:
        line = import_refused(root, tmp_path / "world", capsys)
        assert str(bad) in line and "numpy.memmap" in line
        assert not target.exists()
    finally:
        target.unlink(missing_ok=True)


def test_a_refused_name_is_never_imported(tmp_path: Path) -> None:
    """numpy.f2py is not imported by numpy or pandas: naming it must not import it (a fresh interpreter)."""
    payload = global_pickle("numpy.f2py", "run_main")
    script = (
        "import sys\nfrom mockapi.importers.kg import safe_pickle\n"
        "from mockapi.core.user_error import UserError\n"
        f"try:\n    safe_pickle.loads({payload!r}, 'x')\nexcept UserError as e:\n    print(e)\n"
        "print('imported' if 'numpy.f2py' in sys.modules else 'not imported')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "refusing to unpickle numpy.f2py.run_main" in out and out.strip().endswith("not imported")


def test_only_exact_names_pass() -> None:
    assert ("numpy", "ndarray") in safe_pickle.ALLOWED
    refused = [("numpy", "memmap"), ("numpy._core.memmap", "memmap"), ("numpy.ma.core", "MaskedArray"),
               ("numpy", "recarray"), ("pytz", "_p"), ("zoneinfo", "ZoneInfo"), ("builtins", "open"),
               ("pandas.io.parsers.readers", "read_csv"), ("pandas.io.pickle", "_unpickle")]  # fmt: skip
    for module, name in refused:
        assert (module, name) not in safe_pickle.ALLOWED
        with pytest.raises(UserError, match=f"refusing to unpickle {module}.{name}"):
            safe_pickle.loads(global_pickle(module, name), "x")


@pytest.mark.parametrize(
    ("rel", "value", "found"),
    [
        ("sports/soccer_team_match_stats.pkl", [1, 2], "builtins.list"),
        ("music/grammy_df.pickle", {"year": 1}, "builtins.dict"),
        ("music/artist_dict_simplified.pickle", ["Adele"], "builtins.list"),
    ],
)
def test_a_file_of_the_wrong_type_is_one_line(
    rel: str, value: object, found: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(tmp_path / "cragkg")
    (root / rel).parent.mkdir(parents=True)
    (root / rel).write_bytes(pickle.dumps(value))
    line = import_refused(root, tmp_path / "world", capsys)
    assert str(root / rel) in line and found in line


@pytest.mark.parametrize(
    ("rel", "data"),
    [
        ("music/artist_work_dict.pickle", pickle.dumps({"Adele": 7})),  # works: a number, not a list
        ("music/rank_dict_hot100.pickle", pickle.dumps({"1": 3})),
        ("music/song_dict_simplified.pickle", pickle.dumps({"Song": 1})[:-5]),  # truncated file
        ("music/song_dict_hot100.pickle", b"\x80\x05not a pickle at all"),
    ],
    ids=["number-for-list", "number-for-weeks", "truncated", "garbage"],
)
def test_a_file_of_the_wrong_shape_is_one_line(
    rel: str, data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(tmp_path / "cragkg")
    (root / rel).parent.mkdir(parents=True)
    (root / rel).write_bytes(data)
    assert str(root / rel) in import_refused(root, tmp_path / "world", capsys)
