"""A world whose serving/ lacks a table a route reads (built before the table existed) is refused at start in
one line, by `crag-mock serve` and by the app's lifespan, instead of answering that route with a 500; the
route table names every table its answers read, and those are exactly the tables the builders write. The
command the refusal names rebuilds serving/ alone, leaving the world as a full rebuild would."""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mockapi.cli import main
from mockapi.config.settings import Settings
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import read_manifest, write_manifest
from mockapi.http.app import create_app
from mockapi.process import serving_tables
from mockapi.serving.build import builders_version
from mockapi.serving.routes import ROUTES
from mockapi.serving.stale import missing_tables, needed, refuse_stale
from mockapi.serving.tables.bodies import TABLES
from mockapi.serving.tables.frames import FRAMES
from mockapi.world.build import build_world


@pytest.fixture
def stale_world(tiny_world: Path, tmp_path: Path) -> Path:
    """The tiny world as an older builder would have left it: no `movie_year` table, no `nba_games` frame."""
    world = tmp_path / "stale"
    shutil.copytree(tiny_world, world)
    meta_path = world / "serving" / "meta.json"
    meta = json.loads(meta_path.read_text())
    del meta["tables"]["movie_year"], meta["frames"]["nba_games"]
    meta_path.write_text(json.dumps(meta))
    return world


def test_the_answers_name_exactly_the_tables_the_builders_write() -> None:
    assert needed() == set(TABLES) | set(FRAMES)
    by_path = {route.path: route for route in ROUTES}
    assert by_path["/movie/get_year_info"].tables == ("movie_year",)
    assert by_path["/sports/nba/get_games_on_date"].frames == ("nba_games",)


def test_a_current_world_is_not_stale(tiny_world: Path) -> None:
    assert missing_tables(tiny_world) == []
    refuse_stale(tiny_world)


def test_a_stale_world_is_refused_in_one_line(stale_world: Path) -> None:
    assert missing_tables(stale_world) == ["movie_year", "nba_games"]
    with pytest.raises(UserError) as refused:
        refuse_stale(stale_world)
    message = str(refused.value)
    assert "\n" not in message
    assert message == (
        f"the world at {stale_world} was built before its serving tables movie_year, nba_games existed; "
        f"rebuild them from its KG with `python -m mockapi.process.serving_tables --data {stale_world}`"
    )


def test_serve_refuses_a_stale_world_in_one_line(
    stale_world: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert main(["serve", "--data", str(stale_world), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("crag-mock serve: error: the world at ") and "movie_year, nba_games" in err


def test_the_app_does_not_start_on_a_stale_world(stale_world: Path) -> None:
    with pytest.raises(UserError, match="movie_year"), TestClient(create_app(Settings(world=stale_world))):
        pass


def test_the_named_command_rebuilds_serving_alone_as_a_full_build_would(
    tiny_world: Path, stale_world: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    built = read_manifest(tiny_world)
    older = read_manifest(stale_world)  # and by an older builder: its version and hash are not today's
    older.versions["serving"], older.content_hash = "0123456789ab", "sha256:older"
    write_manifest(stale_world, older)
    kg_before = (stale_world / "kg.duckdb").stat().st_mtime_ns
    assert serving_tables.main(["--data", str(stale_world)]) == 0
    assert capsys.readouterr().out.startswith(f"rebuilt {stale_world / 'serving'} in ")
    assert missing_tables(stale_world) == []
    refuse_stale(stale_world)
    after = read_manifest(stale_world)
    # the hash a build of today's code gives (the bytes are the session's tiny build's), the KG untouched
    assert after.versions == built.versions and after.versions["serving"] == builders_version()
    assert after.content_hash == built.content_hash
    assert (stale_world / "kg.duckdb").stat().st_mtime_ns == kg_before
    # and `crag-mock build` with the world's own flags now reuses it instead of building it again
    assert build_world("tiny", 0, stale_world).build_seconds == built.build_seconds


def test_the_command_refuses_a_folder_that_is_not_a_world(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert serving_tables.main(["--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a world with a KG" in err
