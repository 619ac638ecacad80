"""Synthetic sports domain: NBA-style teams, games and play-by-play; three soccer leagues; their look-alikes.

Targets are split between NBA teams and top-league soccer clubs; entities get popularity tiers in equal thirds
over both. Edges link each top-level game to its home and away team.
"""

from __future__ import annotations

import datetime as dt
import json
import random

from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext
from mockapi.world.domains.finance_universe import tier
from mockapi.world.domains.sports_nba import Game, dev_schedule, game_row, nba_schedule
from mockapi.world.domains.sports_plays import play_by_play
from mockapi.world.domains.sports_soccer import (
    SEASON,
    TOP_LEAGUES,
    Match,
    assign_leagues,
    referees,
    season_matches,
    team_row,
)
from mockapi.world.domains.sports_teams import (
    Club,
    NbaTeam,
    club_lookalikes,
    finish_club,
    nba_lookalikes,
    nba_teams,
    person,
    top_club,
)

ROSTER = 13


def dumps(row: list[object]) -> str:
    return json.dumps(row, ensure_ascii=False)


def split_targets(total: int) -> tuple[int, int]:
    """Half NBA (at most its 30 teams), the rest top-league clubs (at most 58)."""
    nba = min(30, total // 2)
    return nba, min(sum(n for _, _, n in TOP_LEAGUES), total - nba)


def build_clubs(rng: random.Random, n_targets: int, per_target: int) -> tuple[list[Club], list[Club]]:
    """Top-league clubs (targets spread over the leagues) and every target's look-alike clubs."""
    towns: set[str] = set()
    names: set[str] = set()
    by_league = {lg: [top_club(rng, cc, lg, towns, names) for _ in range(n)] for lg, cc, n in TOP_LEAGUES}
    order = [c for group in zip(*by_league.values(), strict=False) for c in group]
    order += [c for lg in by_league.values() for c in lg if c not in order]
    targets = order[:n_targets]
    lookalikes = [la for t in targets for la in club_lookalikes(rng, t, per_target, names)]
    for t in targets:
        t.role = "target"
    top = [c for lg in by_league.values() for c in lg]
    for club in top + lookalikes:
        finish_club(rng, club)
    return top, lookalikes


def build_nba(rng: random.Random, n_targets: int, per_target: int) -> tuple[list[NbaTeam], list[NbaTeam]]:
    teams = nba_teams(rng)
    taken = {t.name for t in teams}
    dev: list[NbaTeam] = []
    for t in teams[:n_targets]:
        t.role = "target"
        dev += nba_lookalikes(rng, t, per_target, taken, len(dev))
    player_id = 1626100
    for t in teams:
        for _ in range(ROSTER):
            t.roster.append((str(player_id), person(rng, "US")))
            player_id += rng.randint(1, 40)
    return teams, dev


def set_popularity(nba: list[NbaTeam], clubs: list[Club]) -> None:
    """Equal thirds over all sports targets, NBA and soccer interleaved so both get every tier."""
    a = [t for t in nba if t.role == "target"]
    b = [c for c in clubs if c.role == "target"]
    mixed: list[NbaTeam | Club] = [x for pair in zip(a, b, strict=False) for x in pair]
    mixed += [*a[len(b) :], *b[len(a) :]]
    for i, team in enumerate(mixed):
        team.popularity = tier(i, len(mixed))


def generate(ctx: WorldContext, out: TableWriter) -> None:
    """Write the sports tables, entities and edges."""
    rng = ctx.rng("sports", "teams")
    n_nba, n_soccer = split_targets(ctx.scale.targets["sports"])
    nba, dev = build_nba(rng, n_nba, ctx.scale.lookalikes)
    top, lower = build_clubs(rng, n_soccer, ctx.scale.lookalikes)
    set_popularity(nba, top)
    teams: list[NbaTeam | Club] = [*nba, *dev, *top, *lower]
    for t in teams:
        kind = "nba_team" if isinstance(t, NbaTeam) else "soccer_team"
        out.add(
            "entities",
            (t.entity_id, "sports", kind, t.name, t.popularity, t.role == "target", t.lookalike_of),
        )
    today = ctx.clock.date()
    write_nba(ctx, out, nba, dev, today, pbp_games=2 * n_nba)
    write_soccer(ctx, out, top, lower, today)


def write_nba(
    ctx: WorldContext,
    out: TableWriter,
    nba: list[NbaTeam],
    dev: list[NbaTeam],
    today: dt.date,
    pbp_games: int,
) -> None:
    rng = ctx.rng("sports", "nba")
    main = nba_schedule(rng, nba, today)
    games = sorted(main + dev_schedule(rng, dev, today), key=lambda g: (g.date, g.game_id))
    for i, g in enumerate(games):
        values = dumps(game_row(g))
        out.add(
            "nba_games", (i, g.game_id, f"{g.date.isoformat()} 00:00:00", g.home.name, g.away.name, values)
        )
    for g in main:
        label = f"{g.home.abbr} vs. {g.away.abbr} {g.date}"
        add_game_edges(out, f"sports:nba_game:{g.game_id}", label, g.home.entity_id, g.away.entity_id)
    pbp_rng = ctx.rng("sports", "pbp")
    for g in pbp_subset(main, pbp_games):
        for j, row in enumerate(play_by_play(pbp_rng, g)):
            out.add("nba_play_by_play", (g.game_id, j, dumps(row)))


def pbp_subset(games: list[Game], count: int) -> list[Game]:
    """The latest regular-season games involving a target, regulation only, in game-id order."""
    eligible = [
        g
        for g in games
        if g.season_type == "Regular Season" and g.minutes == 240 and "target" in (g.home.role, g.away.role)
    ]
    return sorted(eligible[-count:], key=lambda g: g.game_id) if count else []


def add_game_edges(out: TableWriter, game_id: str, name: str, home: str, away: str) -> None:
    kind = game_id.split(":")[1]
    out.add("entities", (game_id, "sports", kind, name, "noise", False, None))
    out.add("kg_edges", (game_id, "home_team", home))
    out.add("kg_edges", (game_id, "away_team", away))


def write_soccer(
    ctx: WorldContext, out: TableWriter, top: list[Club], lower: list[Club], today: dt.date
) -> None:
    rng = ctx.rng("sports", "soccer")
    refs = {cc: referees(rng, cc) for _, cc, _ in TOP_LEAGUES}
    leagues = {lg: [c for c in top if c.league == lg] for lg, _, _ in TOP_LEAGUES} | assign_leagues(lower)
    matches: list[Match] = []
    for name, clubs in leagues.items():
        matches += season_matches(rng, name, clubs, today, refs[clubs[0].country])
    rows = []
    for m in matches:
        for home in (True, False):
            team = m.home if home else m.away
            rows.append((m.league, team.name, m.label, m.date.isoformat(), dumps(team_row(rng, m, home))))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    for i, (league, name, game, day, row) in enumerate(rows):
        out.add("soccer_matches", (i, league, SEASON, name, game, day, row))
    for m in matches:
        if m.home.category == "top":
            add_game_edges(out, f"sports:soccer_match:{m.label}", m.label, m.home.entity_id, m.away.entity_id)
