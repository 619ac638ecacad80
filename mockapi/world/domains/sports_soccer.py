"""Soccer leagues of season 2324 and the 18-column FBref-style team-match rows (two per match).

Top leagues are ENG-Premier League, ESP-La Liga and FRA-Ligue 1; look-alike clubs play in their country's
women's, youth and lower leagues, so a wrong club name still finds real rows.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from mockapi.world.domains.sports_schedule import double_round_robin, poisson
from mockapi.world.domains.sports_teams import Club, person

SEASON = "2324"
TOP_LEAGUES = [("ENG-Premier League", "ENG", 20), ("ESP-La Liga", "ESP", 20), ("FRA-Ligue 1", "FRA", 18)]
LOWER_LEAGUES = {
    ("ENG", "lower"): ["ENG-Championship", "ENG-League One", "ENG-League Two", "ENG-National League",
                       "ENG-National League North", "ENG-National League South"],
    ("ENG", "women"): ["ENG-Women's Super League", "ENG-Women's Championship"],
    ("ENG", "youth"): ["ENG-Premier League 2", "ENG-Professional Development League"],
    ("ESP", "lower"): ["ESP-Segunda División", "ESP-Primera Federación", "ESP-Segunda Federación"],
    ("ESP", "women"): ["ESP-Liga F", "ESP-Primera Federación Femenina"],
    ("ESP", "youth"): ["ESP-Tercera Federación", "ESP-División de Honor Juvenil"],
    ("FRA", "lower"): ["FRA-Ligue 2", "FRA-National", "FRA-National 2"],
    ("FRA", "women"): ["FRA-Première Ligue", "FRA-Seconde Ligue"],
    ("FRA", "youth"): ["FRA-National 3", "FRA-Championnat National U19"],
}  # fmt: skip
LEAGUE_SIZE = {"lower": 20, "women": 12, "youth": 12}
KICKOFFS = {
    "ENG": ["12:30:00", "15:00:00", "15:00:00", "17:30:00", "20:00:00"],
    "ESP": ["14:00:00", "16:15:00", "18:30:00", "21:00:00"],
    "FRA": ["13:00:00", "15:00:00", "17:00:00", "19:00:00", "21:00:00"],
}
FIRST_SATURDAY = dt.date(2023, 8, 12)
MATCH_DAY_OFFSETS = [-1, 0, 0, 0, 0, 1, 1, 1, 2]  # Fri … Mon around the round's Saturday
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


@dataclass
class Match:
    league: str
    round: int
    date: dt.date
    time: str
    home: Club
    away: Club
    home_goals: int
    away_goals: int
    home_xg: float
    away_xg: float
    home_poss: int
    attendance: int
    referee: str
    report_id: str

    @property
    def label(self) -> str:
        return f"{self.date.isoformat()} {self.home.name}-{self.away.name}"


def assign_leagues(clubs: list[Club]) -> dict[str, list[Club]]:
    """Fill each country's leagues of a category in order; overflow becomes numbered groups of the last."""
    leagues: dict[str, list[Club]] = {}
    by_key: dict[tuple[str, str], list[Club]] = {}
    for club in clubs:
        by_key.setdefault((club.country, club.category), []).append(club)
    for key, members in sorted(by_key.items()):
        names, size = LOWER_LEAGUES[key], LEAGUE_SIZE[key[1]]
        for i in range(0, len(members), size):
            k = i // size
            name = names[k] if k < len(names) else f"{names[-1]} Group {k - len(names) + 2}"
            for club in members[i : i + size]:
                club.league = name
            leagues[name] = members[i : i + size]
    return leagues


def season_matches(
    rng: random.Random, league: str, clubs: list[Club], until: dt.date, referees: list[str]
) -> list[Match]:
    """A double round robin, one round a week from mid-August, matches up to `until`."""
    out = []
    top = any(c.category == "top" for c in clubs)
    for r, rnd in enumerate(double_round_robin(len(clubs))):
        saturday = FIRST_SATURDAY + dt.timedelta(weeks=r)
        for h, a in rnd:
            day = saturday + dt.timedelta(days=rng.choice(MATCH_DAY_OFFSETS))
            if day > until:
                continue
            home, away = clubs[h], clubs[a]
            hl, al = rng.uniform(1.1, 2.0), rng.uniform(0.7, 1.6)
            out.append(
                Match(
                    league,
                    r + 1,
                    day,
                    rng.choice(KICKOFFS[home.country]),
                    home,
                    away,
                    poisson(rng, hl),
                    poisson(rng, al),
                    round(max(0.1, rng.gauss(hl, 0.5)), 1),
                    round(max(0.1, rng.gauss(al, 0.45)), 1),
                    max(25, min(75, round(rng.gauss(53, 8)))),
                    int(home.capacity * rng.uniform(0.55 if top else 0.2, 1.0)),
                    rng.choice(referees),
                    f"{rng.getrandbits(32):08x}",
                )
            )
    return out


def report_url(m: Match) -> str:
    """FBref's match-report path: id, then teams, date and competition, dash-joined."""
    teams = f"{m.home.name}-{m.away.name}".replace(" ", "-")
    when = f"{m.date.strftime('%B')}-{m.date.day}-{m.date.year}"
    return f"/en/matches/{m.report_id}/{teams}-{when}-{m.league.split('-', 1)[1].replace(' ', '-')}"


def team_row(rng: random.Random, m: Match, home: bool) -> list[object]:
    """The 18 columns from one side's point of view; GF/GA come as str or int, as in CRAG's pickle."""
    club, opp = (m.home, m.away) if home else (m.away, m.home)
    gf, ga = (m.home_goals, m.away_goals) if home else (m.away_goals, m.home_goals)
    as_text = rng.random() < 0.5
    captain = club.captains[0] if rng.random() < 0.85 else rng.choice(club.captains[1:])
    formation = (
        club.formation
        if rng.random() < 0.7
        else rng.choice(["4-2-3-1", "4-3-3", "4-4-2", "3-5-2", "4-4-1-1"])
    )
    return [
        f"{m.date.isoformat()}T00:00:00.000", m.time, f"Matchweek {m.round}", DAYS[m.date.weekday()],
        "Home" if home else "Away", "W" if gf > ga else ("D" if gf == ga else "L"),
        str(gf) if as_text else gf, str(ga) if as_text else ga, opp.name,
        m.home_xg if home else m.away_xg, m.away_xg if home else m.home_xg,
        m.home_poss if home else 100 - m.home_poss, m.attendance, captain, formation, m.referee,
        report_url(m), None,
    ]  # fmt: skip


def referees(rng: random.Random, country: str) -> list[str]:
    return [person(rng, country) for _ in range(24)]
