"""Issue 35: the world's content hash is portable. It is computed from canonical bytes of every table (no
DuckDB-internal hash or cast), so rows exported to Parquet and read back without DuckDB give the same table
digests, and the tiny world's hash is the one pinned in docs/reference-runs.md."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import duckdb
import pytest

from mockapi.formats import canonical
from mockapi.world.manifest import content_hash, table_digest

ROOT = Path(__file__).resolve().parents[2]
PINNED = ROOT / "docs" / "reference-runs.md"
REPIN = "scripts/reference-runs --pin"


def pinned_tiny_hash() -> str:
    found = re.search(
        r"tiny world's content hash: `(sha256:[0-9a-f]{64})`", PINNED.read_text(encoding="utf-8")
    )
    assert found, f"{PINNED} pins no tiny world content hash"
    return found.group(1)


def test_the_tiny_world_hash_is_the_one_pinned_in_the_docs(tiny_world: Path) -> None:
    """Any change of the tiny world's content is a visible, deliberate diff of docs/reference-runs.md."""
    built = json.loads((tiny_world / "manifest.json").read_text())["content_hash"]
    assert built == pinned_tiny_hash(), (
        f"the tiny world's content hash is now {built}; if the world changed on purpose, re-pin it with "
        f"`{REPIN}` (or write the new value into {PINNED.name})"
    )


def test_table_digests_are_recomputed_from_parquet_rows_without_duckdb(
    tiny_world: Path, tmp_path: Path
) -> None:
    """Rows exported to Parquet and read by pyarrow (no DuckDB) hash to the digests of the manifest's hash."""
    import pyarrow.parquet as pq

    for db in sorted(tiny_world.glob("*.duckdb")):
        expected = table_digest(db)
        con = duckdb.connect(str(db), read_only=True)
        try:
            for table in expected:
                out = tmp_path / f"{db.stem}-{table}.parquet"
                con.execute(f"COPY (SELECT * FROM \"{table}\") TO '{out}' (FORMAT parquet)")
        finally:
            con.close()
        for table, want in expected.items():
            rows = pq.read_table(tmp_path / f"{db.stem}-{table}.parquet")
            names = rows.column_names
            digests = [canonical.row_digest([r[n] for n in names]) for r in rows.to_pylist()]
            assert want == {"rows": len(digests), "digest": canonical.table_digest(names, digests)}, table


TRICKY = [
    (None, None, None, None, None, None, None),
    (True, -(2**62), 0.1, "tab\there\nnewline", b"\x00\xff", dt.datetime(2024, 3, 15, 23, 59, 59, 5), "é"),
    (False, 0, float("nan"), "", b"", dt.datetime(1999, 1, 1), "\\N"),
    (True, 7, float("-inf"), "3:abc", b"x", dt.datetime(2024, 1, 1, 0, 0, 0, 500000), '"q"'),
    (False, 1, -0.0, "日本", b"\x01", dt.datetime(2000, 2, 29), "1:a\t1:b"),
    (True, 2, 5e-324, "x" * 300, b"\x02", dt.datetime(2024, 12, 31), ""),
]


def test_sql_and_python_encoders_agree_on_every_kind_of_value(tmp_path: Path) -> None:
    db = tmp_path / "t.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE t (b BOOLEAN, i BIGINT, f DOUBLE, s VARCHAR, x BLOB, ts TIMESTAMP, u VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)", TRICKY)
    con.close()
    digests = [canonical.row_digest(row) for row in TRICKY]
    want = canonical.table_digest(["b", "i", "f", "s", "x", "ts", "u"], digests)
    assert table_digest(db)["t"] == {"rows": len(TRICKY), "digest": want}


def test_row_order_and_library_versions_do_not_change_the_hash(tmp_path: Path) -> None:
    """A store's row order is not content; nor is the DuckDB (or Faker, Jinja2) version that wrote it."""
    for name, order in (("a", "ASC"), ("b", "DESC")):
        (tmp_path / name).mkdir()
        con = duckdb.connect(str(tmp_path / name / "kg.duckdb"))
        con.execute(
            f"CREATE TABLE t AS SELECT range AS i, range * 0.5 AS f FROM range(100) ORDER BY i {order}"
        )
        con.close()
    a = content_hash(tmp_path / "a", {"generator": "1", "duckdb": "1.1.3", "Faker": "24.0"})
    b = content_hash(tmp_path / "b", {"generator": "1", "duckdb": "2.0.1", "Faker": "40.63.0"})
    assert a == b
    assert content_hash(tmp_path / "b", {"generator": "2"}) != b


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, "\\N"),
        (True, "true"),
        (12, "12"),
        (0.1, "0.10000000000000001"),
        ("héllo", "6:héllo"),
        (b"\xab", "xab"),
        (dt.datetime(2024, 3, 15, 1, 2, 3), "2024-03-15T01:02:03.000000"),
        ([1, "a"], "[1,1:a]"),
    ],
)
def test_the_canonical_text_of_a_value_is_as_documented(value: object, text: str) -> None:
    assert canonical.canonical_value(value) == text
