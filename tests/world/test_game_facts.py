"""Sports facts read from the games a team played: a soccer club scores goals, not points, so the KG gives
no "points in the last game" of one (the reader's generator-14 read: "soccer clubs scoring 2 points"), while
an NBA team's last points and its previous game's as the stale value stay."""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.questions.kg_facts import KgSource
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Subject

NBA = Subject("Harbor Hawks", "sports", "team", "sports:nba_team:1610612737")
SOCCER = Subject("Walbury Utd", "sports", "team", "sports:soccer_team:Walbury Utd")


def source() -> KgSource:
    games = {
        NBA.entity_id: [("2024-03-01", "Lake Owls", 101, 99), ("2024-03-04", "Bay Rams", 112, 120)],
        SOCCER.entity_id: [("2024-03-02", "Eastmoor", 2, 1), ("2024-03-09", "Fenbridge", 3, 0)],
    }
    subjects = {s.entity_id: s for s in (NBA, SOCCER)}
    return KgSource(subjects, {}, {}, {}, games)


def test_last_points_only_for_a_team_that_scores_points() -> None:
    kg, day, rng = source(), dt.date(2024, 3, 15), random.Random(0)
    points = KINDS["sp.last_points"]
    nba = kg.fact(NBA, points, day, rng)
    assert nba is not None and nba.number == 112 and nba.stale == ("101",)
    assert kg.fact(SOCCER, points, day, rng) is None
    # the soccer club's other game facts are still there: only points are not its measure
    assert kg.fact(SOCCER, KINDS["sp.last_opponent"], day, rng) is not None
