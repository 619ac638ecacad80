"""Sports rows are served under the imported file's own column names, in its order, for any column set.

The original serialises whatever the file holds (`SELECT *` / the DataFrame), so an `nba.sqlite` whose
`game` table has its columns in another order, an extra column or one missing, must come back labelled
with those columns; a fixed column list would put values under the wrong keys.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cragkg_fixture import GAME_COLUMNS, GAMES, PBP, PBP_COLUMNS, soccer_frame, write_pickle
from fastapi.testclient import TestClient

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.importers.kg.importer import import_kg
from mockapi.importers.kg.progress import ImportProgress

# game_date and team_name_home first, an extra column, season_type and min dropped
GAME_ORDER = ["game_date", "team_name_home", "arena", *(c for c, _ in GAME_COLUMNS
              if c not in ("game_date", "team_name_home", "season_type", "min"))]  # fmt: skip
PBP_ORDER = ["score", "game_id", "eventnum", "homedescription"]  # a subset, reordered


def _reordered(rows: list[tuple[Any, ...]], names: list[str], order: list[str]) -> list[tuple[Any, ...]]:
    extra = {"arena": "United Center"}
    return [tuple(extra[c] if c in extra else row[names.index(c)] for c in order) for row in rows]


def _write_nba(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    games = _reordered(GAMES, [c for c, _ in GAME_COLUMNS], GAME_ORDER)
    pbp = _reordered(PBP, [c for c, _ in PBP_COLUMNS], PBP_ORDER)
    for table, cols, rows in (("game", GAME_ORDER, games), ("play_by_play", PBP_ORDER, pbp)):
        con.execute(f"CREATE TABLE {table} ({', '.join(cols)})")
        con.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(cols))})", rows)
    con.commit()
    con.close()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root = tmp_path_factory.mktemp("cragkg")
    _write_nba(root / "sports/nba.sqlite")
    frame = soccer_frame()
    frame["Extra"] = "x"
    first = ["opponent", "Extra", "date"]
    frame = frame[[*first, *(c for c in frame.columns if c not in (*first, "Notes"))]]
    write_pickle(root / "sports/soccer_team_match_stats.pkl", frame)
    world = tmp_path_factory.mktemp("worlds") / "reordered"
    import_kg(root, world, ImportProgress(quiet=True))
    with TestClient(create_app(Settings(world=world))) as c:
        yield c


def _post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()["result"]


def test_nba_games_keep_the_files_columns(client: TestClient) -> None:
    games = _post(client, "/sports/nba/get_games_on_date", {"date": "2022-10-11", "team_name": None})
    assert list(games) == GAME_ORDER
    assert games["team_name_home"] == {"0": "Chicago Bulls", "1": "Denver Nuggets"}
    assert games["game_date"]["0"] == "2022-10-11 00:00:00"
    assert games["arena"]["0"] == "United Center"
    assert "season_type" not in games


def test_play_by_play_keeps_the_files_columns(client: TestClient) -> None:
    plays = _post(client, "/sports/nba/get_play_by_play_data_by_game_ids", {"game_ids": ["0012200049"]})
    assert list(plays) == PBP_ORDER
    assert plays["game_id"] == {"0": "0012200049", "1": "0012200049", "2": "0012200049"}
    assert plays["score"] == {"0": None, "1": "2 - 0", "2": "104 - 127"}


def test_soccer_keeps_the_frames_columns(client: TestClient) -> None:
    games = _post(client, "/sports/soccer/get_games_on_date", {"date": "2024-03-09", "team_name": "Everton"})
    assert list(games)[:3] == ["opponent", "Extra", "date"] and "Notes" not in games
    (key,) = games["opponent"]
    assert games["opponent"][key] == "Manchester Utd"
    assert games["Extra"][key] == "x"
    assert games["date"][key].startswith("2024-03-09T")
