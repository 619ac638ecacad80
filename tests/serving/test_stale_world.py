"""A world whose serving/ lacks a table a route reads (built before the table existed) is refused at start in
one line, by `crag-mock serve` and by the app's lifespan, instead of answering that route with a 500; the
route table names every table its answers read, and those are exactly the tables the builders write."""

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
from mockapi.http.app import create_app
from mockapi.serving.frames import FRAMES
from mockapi.serving.routes import ROUTES
from mockapi.serving.stale import missing_tables, needed, refuse_stale
from mockapi.serving.tables import TABLES


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
        f"rebuild it with `crag-mock build --scale tiny --seed 0 --data {stale_world}`"
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
