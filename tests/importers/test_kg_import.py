"""import-kg on the cragkg fixture: what lands in kg.duckdb and the manifest (store level, no server)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd
import pytest
from cragkg_fixture import (
    INFO,
    MOVIES,
    OPEN_PARTS,
    PRICES,
    soccer_frame,
    write_cragkg,
    write_json,
)

from mockapi.cli import main
from mockapi.core.user_error import UserError
from mockapi.importers.kg.importer import import_kg
from mockapi.importers.kg.jsonstream import iter_object_items
from mockapi.importers.kg.progress import ImportProgress

QUIET = ImportProgress(quiet=True)


@pytest.fixture(scope="module")
def cragkg(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_cragkg(tmp_path_factory.mktemp("cragkg"))


@pytest.fixture(scope="module")
def world(cragkg: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("worlds") / "real"
    import_kg(cragkg, target, QUIET)
    return target


def rows(world: Path, sql: str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(world / "kg.duckdb"), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_manifest_reports_kind_counts_and_no_missing_domain(world: Path) -> None:
    manifest = json.loads((world / "manifest.json").read_text())
    assert manifest["kind"] == "imported-kg"
    assert manifest["missing_domains"] == [] and manifest["missing_files"] == []
    assert manifest["kg"]["entities_per_domain"]["open"] == sum(len(p) for p in OPEN_PARTS) - 1
    assert manifest["kg"]["tables"]["nba_play_by_play"] == 5
    assert manifest["content_hash"].startswith("sha256:")
    assert set(manifest["kg_import"]["domains"]) == {"open", "movie", "finance", "music", "sports"}


def test_open_duplicate_keeps_first_position_and_last_content(world: Path) -> None:
    got = rows(world, "SELECT name, summary_text, summary_structured FROM open_entities ORDER BY ord")
    names = [r[0] for r in got]
    assert names[:5] == ["Florida", "FLORIDA", "Dup Name", "Florida City, Florida", "Zürich"]
    assert names.count("Dup Name") == 1
    assert got[2][1:] == ("second version", '{"v":"2"}')


def test_movie_docs_keep_each_entity_key_order(world: Path) -> None:
    (doc,) = rows(world, "SELECT doc FROM movie_movies WHERE key = 'heat'")[0]
    assert list(json.loads(doc)) == list(MOVIES["heat"])
    assert rows(world, "SELECT id FROM movie_movies WHERE key = 'untitled project'") == [(None,)]


def test_prices_sorted_per_ticker_with_key_strings_verbatim(world: Path) -> None:
    got = rows(world, "SELECT ticker, ts, open, volume FROM fin_prices")
    expected = [
        (t, ts, PRICES[t][ts]["Open"], PRICES[t][ts]["Volume"])
        for t in sorted(PRICES)
        for ts in sorted(PRICES[t])
    ]
    assert got == expected


def test_info_keeps_nan_as_a_token_and_key_order(world: Path) -> None:
    docs = dict(rows(world, "SELECT ticker, doc FROM fin_info"))
    assert '"dividendYield":NaN' in docs["AAPL"]
    assert list(json.loads(docs["META"])) == list(INFO["META"])


def test_companies_keep_every_row_in_order_and_text_tickers(world: Path) -> None:
    got = rows(world, "SELECT name, symbol FROM fin_companies ORDER BY ord")
    assert got[5] == ("Nano Labs Ltd Class A Ordinary Shares", "NA")
    assert [n for n, _ in got].count("Meta Platforms Inc. Class A Common Stock") == 2


def test_soccer_rows_are_what_pandas_to_json_prints(world: Path) -> None:
    frame = soccer_frame()
    frame = frame[frame.index.get_level_values("league").notna()]
    by_column = json.loads(frame.to_json(date_format="iso"))
    expected = [[by_column[c][str(key)] for c in frame.columns] for key in frame.index]
    got = rows(world, "SELECT team, date, row FROM soccer_matches ORDER BY ord")
    assert [json.loads(r[2]) for r in got] == expected
    assert got[0][:2] == ("Everton", "2024-03-09")
    assert json.loads(got[0][2])[6:8] == ["0", 2]  # GF/GA keep their str/int mix


def test_nba_rows_are_what_read_sql_to_json_prints(world: Path, cragkg: Path) -> None:
    with sqlite3.connect(cragkg / "sports/nba.sqlite") as con:
        for table, store in (("game", "nba_games"), ("play_by_play", "nba_play_by_play")):
            frame = pd.read_sql(f"SELECT * FROM {table}", con)
            expected = json.loads(frame.to_json(orient="values", date_format="iso"))
            got = [json.loads(r[0]) for r in rows(world, f"SELECT row FROM {store} ORDER BY ord")]
            assert got == expected
            assert len(got[0]) == len(frame.columns)
    games = rows(world, "SELECT game_id, game_date, team_name_home FROM nba_games ORDER BY ord")
    assert games[0] == ("0012200049", "2022-10-11 00:00:00", "Chicago Bulls")


def test_music_tables_keep_nulls_falsy_values_and_layouts(world: Path) -> None:
    assert rows(
        world, "SELECT country, birth_date, end_date, members FROM music_artists WHERE name = 'Nobody Known'"
    ) == [("", "", "2001", "[]")]
    assert rows(world, "SELECT nominee FROM music_grammy WHERE year = 1999") == [(None,)]
    assert rows(world, "SELECT row FROM music_billboard_songs WHERE song = 'New Song'") == [
        ('["New Song","Someone","img","40","38","1","-"]',)
    ]
    assert rows(world, "SELECT rank, ord, song FROM music_billboard_ranks WHERE rank = '1' ORDER BY ord")[
        2
    ] == (
        "1",
        2,
        "Duplicate Week",
    )


def test_missing_files_import_the_rest_and_report_domains(cragkg: Path, tmp_path: Path) -> None:
    partial = write_cragkg(
        tmp_path / "partial", skip={"music", "sports/nba.sqlite", "finance/finance_info.sqlite"}
    )
    manifest = import_kg(partial, tmp_path / "world", QUIET)
    assert manifest.missing_domains == ["music"]
    assert manifest.missing_files is not None and manifest.kg is not None
    assert "sports/nba.sqlite" in manifest.missing_files
    assert "finance/finance_info.sqlite" in manifest.missing_files
    assert manifest.kg.entities_per_domain["music"] == 0
    assert rows(tmp_path / "world", "SELECT count(*) FROM soccer_matches") == [(6,)]


def test_existing_dataset_world_keeps_its_stores_and_manifest_sections(cragkg: Path, tmp_path: Path) -> None:
    target = tmp_path / "world"
    (target / "index").mkdir(parents=True)
    (target / "index" / "segment").write_text("tantivy bytes")
    con = duckdb.connect(str(target / "pages.duckdb"))
    con.execute("CREATE TABLE pages AS SELECT 'https://x' AS url")
    con.close()
    (target / "kg.duckdb").write_text("an old store")
    (target / "manifest.json").write_text(json.dumps({"kind": "imported", "questions": {"count": 3}}))
    manifest = import_kg(cragkg, target, QUIET)
    assert manifest.questions is not None and manifest.questions.count == 3 and manifest.kind == "imported"
    written = json.loads((target / "manifest.json").read_text())
    assert written["questions"] == {"count": 3} and written["kind"] == "imported"
    assert (target / "index" / "segment").read_text() == "tantivy bytes"
    # the new KG replaced the old store: all of the fixture's entities (one name appears in two parts)
    assert rows(target, "SELECT count(*) FROM open_entities")[0][0] == sum(len(p) for p in OPEN_PARTS) - 1
    con = duckdb.connect(str(target / "pages.duckdb"), read_only=True)
    assert con.execute("SELECT url FROM pages").fetchall() == [("https://x",)]
    con.close()
    assert not list(tmp_path.glob(".world.*"))  # no temp dir left behind


def test_a_synthetic_world_is_refused(cragkg: Path, tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text(json.dumps({"kind": "synthetic"}))
    with pytest.raises(UserError, match="synthetic"):
        import_kg(cragkg, tmp_path, QUIET)


def test_cli_imports_and_reports_user_errors(
    cragkg: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import-kg", str(cragkg), "--data", str(tmp_path / "w"), "--quiet"]) == 0
    assert "crag-mock serve --data" in capsys.readouterr().out
    assert main(["import-kg", str(tmp_path / "nope"), "--data", str(tmp_path / "w2"), "--quiet"]) == 2
    assert "not a directory" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["import-kg", str(tmp_path / "empty"), "--data", str(tmp_path / "w3"), "--quiet"]) == 2
    assert not (tmp_path / "w3").exists()


@pytest.mark.parametrize("chunk", [1, 7, 64, 1 << 20])
def test_json_object_stream_equals_json_load_at_any_chunk_size(tmp_path: Path, chunk: int) -> None:
    data = {
        "a": 12345678901234567890,
        "b b": [1.5e-7, -0.0, True, None, {"x": 'é\\"}'}],
        "ünï": {"nested": {"k": [1, 2, 3]}, "n": 7},
        "last": 3.25,
    }
    write_json(tmp_path / "x.json", data)
    got = list(iter_object_items(tmp_path / "x.json", chunk=chunk))
    assert got == list(data.items())
    (tmp_path / "empty.json").write_text(" {\n}\n")
    assert list(iter_object_items(tmp_path / "empty.json", chunk=chunk)) == []


def test_import_dataset_then_kg_keeps_questions_pages_and_index(cragkg: Path, tmp_path: Path) -> None:
    from fixture_paths import CRAG_DEV_10 as dev

    from mockapi.importers.dataset import import_dataset

    if not dev.is_file():
        pytest.skip("the real CRAG dev sample is not available")
    target = tmp_path / "world"
    before = import_dataset([dev], target)
    pages = rows_of(target / "pages.duckdb", "SELECT count(*) FROM pages")
    manifest = import_kg(cragkg, target, QUIET)
    assert manifest.kind == "imported" and manifest.questions == before.questions
    assert rows_of(target / "pages.duckdb", "SELECT count(*) FROM pages") == pages
    assert (target / "index").is_dir() and (target / "questions.duckdb").is_file()
    assert rows(target, "SELECT count(*) FROM nba_games") == [(4,)]


def rows_of(db: Path, sql: str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()
