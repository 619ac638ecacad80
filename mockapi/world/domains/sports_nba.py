"""NBA-style games: the 2023-24 schedule up to the clock, box scores, and the 55-column game rows.

Box scores are consistent by construction: pts = 2*fgm + fg3m + ftm, pct = made/attempted rounded to 3,
reb = oreb + dreb, a tied regulation gets overtime (min 265, 290 …), plus_minus is the points difference.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from mockapi.world.domains.sports_schedule import binomial, double_round_robin, normal_int, round_robin
from mockapi.world.domains.sports_teams import NbaTeam

STATS = ("fgm", "fga", "fg_pct", "fg3m", "fg3a", "fg3_pct", "ftm", "fta", "ft_pct", "oreb", "dreb", "reb",
         "ast", "stl", "blk", "tov", "pf", "pts")  # fmt: skip
SEASON_START = dt.date(2023, 10, 24)
SEASON_END = dt.date(2024, 4, 14)
# no games on Thanksgiving, Christmas Eve and over the All-Star break
NO_GAMES = {dt.date(2023, 11, 23), dt.date(2023, 12, 24)} | {dt.date(2024, 2, d) for d in range(16, 22)}
DEV_START = dt.date(2023, 11, 10)


@dataclass
class Game:
    game_id: str
    date: dt.date
    season_id: str
    season_type: str
    home: NbaTeam
    away: NbaTeam
    hbox: dict[str, int]
    abox: dict[str, int]
    minutes: int


def box_score(rng: random.Random) -> dict[str, int]:
    """Counting stats of one team in regulation."""
    fga = normal_int(rng, 88, 6, 70)
    fg3a = min(fga - 40, normal_int(rng, 35, 6, 15))
    fg3m = binomial(rng, fg3a, 0.36)
    fg2m = binomial(rng, fga - fg3a, 0.53)
    fta = normal_int(rng, 22, 6, 6)
    box = {
        "fga": fga,
        "fg3a": fg3a,
        "fg3m": fg3m,
        "fgm": fg2m + fg3m,
        "fta": fta,
        "ftm": binomial(rng, fta, 0.78),
    }
    box |= {
        "oreb": normal_int(rng, 10, 3, 2),
        "dreb": normal_int(rng, 33, 4, 22),
        "stl": normal_int(rng, 7.5, 2.5, 1),
    }
    box |= {
        "blk": normal_int(rng, 5, 2, 0),
        "tov": normal_int(rng, 13.5, 3.5, 4),
        "pf": normal_int(rng, 19.5, 3.5, 8),
    }
    box["ast"] = min(box["fgm"], round(box["fgm"] * rng.uniform(0.5, 0.7)))
    return box


def points(box: dict[str, int]) -> int:
    return 2 * box["fgm"] + box["fg3m"] + box["ftm"]


def overtime(rng: random.Random, box: dict[str, int]) -> None:
    """Five more minutes of play for one side: a few more shots and free throws."""
    shots = rng.randint(3, 7)
    made = binomial(rng, shots, 0.47)
    fta = rng.choice([0, 2, 2, 4])
    box["fga"] += shots
    box["fgm"] += made
    box["fta"] += fta
    box["ftm"] += binomial(rng, fta, 0.78)


def play_game(rng: random.Random) -> tuple[dict[str, int], dict[str, int], int]:
    """Home box, away box and team minutes (240 plus 25 per overtime); never a tie."""
    home, away, minutes = box_score(rng), box_score(rng), 240
    while points(home) == points(away):
        overtime(rng, home)
        overtime(rng, away)
        minutes += 25
    return home, away, minutes


def season_days() -> list[dt.date]:
    days, day = [], SEASON_START
    while day <= SEASON_END:
        if day not in NO_GAMES:
            days.append(day)
        day += dt.timedelta(days=1)
    return days


def nba_schedule(rng: random.Random, teams: list[NbaTeam], until: dt.date) -> list[Game]:
    """Pre-season (two rounds in early October) and the 82-game regular season, games up to `until`."""
    games: list[Game] = []
    pre_days = [dt.date(2023, 10, d) for d in range(5, 21)]
    for r, rnd in enumerate(round_robin(len(teams))[:2]):
        for i, (h, a) in enumerate(rnd):
            day = pre_days[r * 8 + i % 8]
            games.append(
                Game(
                    f"00123000{len(games) + 1:02d}",
                    day,
                    "12023",
                    "Pre Season",
                    teams[h],
                    teams[a],
                    *play_game(rng),
                )
            )
    rounds = double_round_robin(len(teams))
    rounds = (rounds * 2)[:82] if len(teams) == 30 else rounds
    days = season_days()
    step = len(days) / len(rounds)  # >= 2, so a round's second day never meets the next round
    regular: list[tuple[dt.date, NbaTeam, NbaTeam]] = []
    for r, rnd in enumerate(rounds):
        first = int(r * step)
        for i, (h, a) in enumerate(rnd):
            regular.append((days[first + (i % 2)], teams[h], teams[a]))
    regular.sort(key=lambda g: g[0])
    for n, (day, home, away) in enumerate(regular, start=1):
        if day <= until:
            games.append(Game(f"00223{n:05d}", day, "22023", "Regular Season", home, away, *play_game(rng)))
    return games


def dev_schedule(
    rng: random.Random, teams: list[NbaTeam], until: dt.date, group_size: int = 10
) -> list[Game]:
    """Development-league groups, each a single round robin with a round every 14 days, offset per group."""
    fixtures: list[tuple[dt.date, NbaTeam, NbaTeam]] = []
    for g in range(0, len(teams), group_size):
        group = teams[g : g + group_size]
        offset = (g // group_size) % 14
        for r, rnd in enumerate(round_robin(len(group))):
            day = DEV_START + dt.timedelta(days=offset + 14 * r)
            fixtures += [(day, group[h], group[a]) for h, a in rnd]
    fixtures.sort(key=lambda f: (f[0], f[1].team_id))
    return [
        Game(f"20223{n:05d}", day, "22023", "Regular Season", home, away, *play_game(rng))
        for n, (day, home, away) in enumerate(fixtures, start=1)
        if day <= until
    ]


def side(box: dict[str, int]) -> list[float | None]:
    """The 18 stat columns of one side: counts as floats, percentages rounded to 3."""
    vals: dict[str, float | None] = {k: float(v) for k, v in box.items()}
    for made, att, pct in (("fgm", "fga", "fg_pct"), ("fg3m", "fg3a", "fg3_pct"), ("ftm", "fta", "ft_pct")):
        vals[pct] = round(box[made] / box[att], 3) if box[att] else None
    vals["reb"] = float(box["oreb"] + box["dreb"])
    vals["pts"] = float(points(box))
    return [vals[k] for k in STATS]


def game_row(game: Game) -> list[object]:
    """The 55 values of the game table, in the contract's order and types."""
    h, a = game.home, game.away
    hp, ap = points(game.hbox), points(game.abox)
    video = 1 if game.home.league == "nba" else 0
    return [
        game.season_id, h.team_id, h.abbr, h.name, game.game_id, f"{game.date.isoformat()} 00:00:00",
        f"{h.abbr} vs. {a.abbr}", "W" if hp > ap else "L", game.minutes, *side(game.hbox), hp - ap, video,
        a.team_id, a.abbr, a.name, f"{a.abbr} @ {h.abbr}", "W" if ap > hp else "L", *side(game.abox),
        ap - hp, video, game.season_type,
    ]  # fmt: skip
