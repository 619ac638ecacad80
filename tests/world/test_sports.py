"""The synthetic sports domain, read back from a real tiny world (contract §1.5 sports, §2.8)."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import duckdb
import pytest

from mockapi.world.scales import get_scale

TINY = get_scale("tiny")
CLOCK_DAY = "2024-03-15"
STATS = ["fgm", "fga", "fg_pct", "fg3m", "fg3a", "fg3_pct", "ftm", "fta", "ft_pct", "oreb", "dreb", "reb",
         "ast", "stl", "blk", "tov", "pf", "pts"]  # fmt: skip
GAME_COLUMNS = [
    "season_id", "team_id_home", "team_abbreviation_home", "team_name_home", "game_id", "game_date",
    "matchup_home", "wl_home", "min", *(f"{s}_home" for s in STATS), "plus_minus_home",
    "video_available_home", "team_id_away", "team_abbreviation_away", "team_name_away", "matchup_away",
    "wl_away",
    *(f"{s}_away" for s in STATS), "plus_minus_away", "video_available_away", "season_type",
]  # fmt: skip


@pytest.fixture(scope="module")
def games(kg: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    rows = kg.execute("SELECT row FROM nba_games ORDER BY ord").fetchall()
    assert all(len(json.loads(r[0])) == 55 for r in rows)
    return [dict(zip(GAME_COLUMNS, json.loads(r[0]), strict=True)) for r in rows]


def test_nba_rows_have_the_contract_types(games: list[dict[str, Any]]) -> None:
    assert len(games) > 100
    for g in games:
        assert re.fullmatch(r"(00[12]|202)23\d{5}", g["game_id"])
        assert re.fullmatch(r"\d{4}-\d\d-\d\d 00:00:00", g["game_date"]) and g["game_date"][:10] <= CLOCK_DAY
        assert isinstance(g["season_id"], str) and g["team_id_home"].startswith(("1610612", "1612709"))
        assert all(isinstance(g[f"{s}_{side}"], float) for s in STATS for side in ("home", "away"))
        assert all(isinstance(g[k], int) for k in ("min", "plus_minus_home", "video_available_away"))
        assert g["matchup_home"] == f"{g['team_abbreviation_home']} vs. {g['team_abbreviation_away']}"
        assert g["matchup_away"] == f"{g['team_abbreviation_away']} @ {g['team_abbreviation_home']}"
    types = Counter((g["season_type"], g["season_id"]) for g in games)
    assert set(types) == {("Pre Season", "12023"), ("Regular Season", "22023")}
    assert all(g["game_date"].startswith("2023-10") for g in games if g["season_type"] == "Pre Season")


def test_box_scores_are_consistent(games: list[dict[str, Any]]) -> None:
    for g in games:
        for side, other in (("home", "away"), ("away", "home")):
            s = {k: g[f"{k}_{side}"] for k in STATS}
            assert s["pts"] == 2 * s["fgm"] + s["fg3m"] + s["ftm"]
            assert s["reb"] == s["oreb"] + s["dreb"] and s["fg3m"] <= s["fgm"] <= s["fga"]
            for made, att, pct in (
                ("fgm", "fga", "fg_pct"),
                ("fg3m", "fg3a", "fg3_pct"),
                ("ftm", "fta", "ft_pct"),
            ):
                assert s[pct] == round(s[made] / s[att], 3)
            assert g[f"plus_minus_{side}"] == s["pts"] - g[f"pts_{other}"]
            assert g[f"wl_{side}"] == ("W" if s["pts"] > g[f"pts_{other}"] else "L")
        assert g["min"] in (240, 265, 290, 315) and g["pts_home"] != g["pts_away"]


def test_thirty_nba_teams_play_at_most_once_a_day(games: list[dict[str, Any]]) -> None:
    nba = [g for g in games if g["game_id"].startswith("00")]
    teams = {(g["team_id_home"], g["team_name_home"], g["team_abbreviation_home"]) for g in nba}
    assert len(teams) == 30 and len({t[2] for t in teams}) == 30
    per_day = Counter((g["game_date"], t) for g in games for t in (g["team_id_home"], g["team_id_away"]))
    assert max(per_day.values()) == 1


def test_play_by_play_replays_the_final_score(
    kg: duckdb.DuckDBPyConnection, games: list[dict[str, Any]]
) -> None:
    by_id = {g["game_id"]: g for g in games}
    ids = [r[0] for r in kg.execute("SELECT DISTINCT game_id FROM nba_play_by_play ORDER BY 1").fetchall()]
    assert len(ids) >= 4
    for game_id in ids:
        query = "SELECT row FROM nba_play_by_play WHERE game_id = ? ORDER BY ord"
        rows = [json.loads(r[0]) for r in kg.execute(query, [game_id]).fetchall()]
        assert 300 <= len(rows) <= 700 and all(len(r) == 34 for r in rows)
        first = rows[0]
        assert (
            first[0] == game_id
            and isinstance(first[1], int)
            and first[6] == "12:00"
            and first[-1] in ("0", "1")
        )
        assert isinstance(first[12], float) and first[13] == "0" and first[14] is None
        scores = [r[10] for r in rows if r[10] is not None]
        g = by_id[game_id]
        assert scores[-1] == f"{int(g['pts_away'])} - {int(g['pts_home'])}"
        team_ids = {r[15] for r in rows if r[15] is not None}
        assert team_ids == {f"{g['team_id_home']}.0", f"{g['team_id_away']}.0"}
        assert all(re.fullmatch(r"\d{1,2}:\d\d [AP]M", r[5]) for r in rows)
        made = [r for r in rows if r[2] == 1]
        assert len(made) == g["fgm_home"] + g["fgm_away"]


def test_soccer_rows_pair_up_and_agree(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute(
        "SELECT ord, league, season, team, game, date, row FROM soccer_matches ORDER BY ord"
    ).fetchall()
    keys = [r[1:5] for r in rows]
    assert keys == sorted(keys) and {r[2] for r in rows} == {"2324"}
    assert {"ENG-Premier League", "ESP-La Liga", "FRA-Ligue 1"} <= {r[1] for r in rows}
    by_game: dict[str, list[tuple[str, list[Any]]]] = defaultdict(list)
    gf_types = set()
    for _, league, _, team, game, day, raw in rows:
        v = json.loads(raw)
        assert len(v) == 18 and v[0] == f"{day}T00:00:00.000" and day <= CLOCK_DAY
        assert re.fullmatch(r"\d\d:\d\d:00", v[1]) and re.fullmatch(r"Matchweek \d+", v[2])
        assert v[3] == dt.date.fromisoformat(day).strftime("%a") and v[17] is None
        gf, ga = int(v[6]), int(v[7])
        assert v[5] == ("W" if gf > ga else "D" if gf == ga else "L")
        assert isinstance(v[9], float) and isinstance(v[11], int) and isinstance(v[12], int)
        assert re.fullmatch(r"/en/matches/[0-9a-f]{8}/.+", v[16]) and re.fullmatch(r"\d-\d(-\d){1,3}", v[14])
        gf_types |= {type(v[6]), type(v[7])}
        by_game[f"{league}|{game}"].append((team, v))
    assert gf_types == {str, int}
    for sides in by_game.values():
        assert len(sides) == 2 and {v[4] for _, v in sides} == {"Home", "Away"}
        (t1, a), (t2, b) = sides
        assert (a[8], b[8]) == (t2, t1) and int(a[6]) == int(b[7]) and a[11] + b[11] == 100
        assert a[12] == b[12] and a[15] == b[15] and a[16] == b[16]


def test_every_target_has_playing_lookalikes(kg: duckdb.DuckDBPyConnection) -> None:
    tgt = kg.execute(
        "SELECT entity_id, kind, popularity FROM entities WHERE domain = 'sports' AND is_target"
    ).fetchall()
    assert len(tgt) == TINY.targets["sports"]
    assert Counter(p for _, _, p in tgt) == Counter({"head": 4, "torso": 4, "tail": 4})
    assert {k for _, k, _ in tgt} == {"nba_team", "soccer_team"}
    playing = {r[0] for r in kg.execute(
        "SELECT team_name_home FROM nba_games UNION SELECT team_name_away FROM nba_games "
        "UNION SELECT team FROM soccer_matches").fetchall()}  # fmt: skip
    for eid, kind, _ in tgt:
        looks = kg.execute("SELECT name, kind FROM entities WHERE lookalike_of = ?", [eid]).fetchall()
        assert len(looks) >= TINY.lookalikes and {k for _, k in looks} == {kind}
        assert all(name in playing for name, _ in looks)
        name = kg.execute("SELECT name FROM entities WHERE entity_id = ?", [eid]).fetchone()[0]  # type: ignore[index]
        # same city, nickname or town ("Saint-Valmont" and "Valmont-Plage" count: a shared word part)
        assert all(any(token in n for token in name.split()) for n, _ in looks)


def test_every_top_level_game_has_one_home_and_one_away_edge(kg: duckdb.DuckDBPyConnection) -> None:
    edges = kg.execute(
        "SELECT k.src, k.rel, e.kind FROM kg_edges k JOIN entities e ON e.entity_id = k.dst "
        "WHERE k.rel IN ('home_team', 'away_team')"
    ).fetchall()
    per_game = Counter((src, rel) for src, rel, _ in edges)
    games = kg.execute("SELECT entity_id FROM entities WHERE kind IN ('nba_game', 'soccer_match')").fetchall()
    assert len(games) > 100 and all(
        per_game[(g, r)] == 1 for (g,) in games for r in ("home_team", "away_team")
    )
    assert {k for _, _, k in edges} == {"nba_team", "soccer_team"}


def test_same_seed_gives_the_same_sports_rows(
    kg: duckdb.DuckDBPyConnection, generate_domain: Callable[[str, int], duckdb.DuckDBPyConnection]
) -> None:
    con = generate_domain("sports", 0)
    for query in (
        "SELECT ord, game_id, row FROM nba_games ORDER BY ord",
        "SELECT game_id, ord, row FROM nba_play_by_play ORDER BY game_id, ord",
        "SELECT ord, team, game, row FROM soccer_matches ORDER BY ord",
    ):
        assert con.execute(query).fetchall() == kg.execute(query).fetchall()
