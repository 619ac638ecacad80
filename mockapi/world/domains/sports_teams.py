"""Fictional NBA-style teams and FBref-style soccer clubs, with their look-alikes.

Look-alikes are real participants in the data, not bare names: an NBA target's look-alikes are development
league teams from the same city or with the same nickname (they play in nba_games under a development-league
game id); a soccer target's look-alikes are its women's, U21/B and reserve sides and lower-division clubs of
the same town, which play full seasons in their own leagues in soccer_matches.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from faker.providers.person.en_GB import Provider as EnglishNames
from faker.providers.person.en_US import Provider as AmericanNames
from faker.providers.person.es_ES import Provider as SpanishNames
from faker.providers.person.fr_FR import Provider as FrenchNames

NAME_WORDS: dict[str, Any] = {
    "US": AmericanNames,
    "ENG": EnglishNames,
    "ESP": SpanishNames,
    "FRA": FrenchNames,
}


@lru_cache(maxsize=1)
def vocab() -> dict[str, Any]:
    """Name parts from kg_data/sports/names.json."""
    text = resources.files("kg_data").joinpath("sports/names.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def person(rng: random.Random, country: str, female: bool = False) -> str:
    words = NAME_WORDS[country]
    first = words.first_names_female if female else words.first_names_male
    return f"{rng.choice(list(first))} {rng.choice(list(words.last_names))}"


@dataclass
class NbaTeam:
    team_id: str  # '1610612xxx' (NBA) or '1612709xxx' (development league)
    abbr: str
    city: str
    nickname: str
    league: str  # 'nba' | 'dev'
    role: str = "filler"
    lookalike_of: str | None = None  # entity id of the imitated target
    popularity: str = "noise"
    roster: list[tuple[str, str]] = field(default_factory=list)  # (player id, name)

    @property
    def name(self) -> str:
        return f"{self.city} {self.nickname}"

    @property
    def entity_id(self) -> str:
        return f"sports:nba_team:{self.team_id}"


@dataclass
class Club:
    name: str  # FBref short name: the exact team label
    town: str
    country: str  # ENG | ESP | FRA
    category: str  # top | women | youth | lower
    league: str = ""
    role: str = "filler"
    lookalike_of: str | None = None
    popularity: str = "noise"
    capacity: int = 0
    captains: list[str] = field(default_factory=list)
    formation: str = "4-4-2"

    @property
    def entity_id(self) -> str:
        return f"sports:soccer_team:{self.name}"


def abbreviation(city: str, nickname: str, used: set[str]) -> str:
    """Three letters as the NBA writes them: city initials for two-word cities, else the city's start."""
    words = city.upper().split()
    first = words[0][0] + words[1][0] + nickname[0].upper() if len(words) > 1 else words[0][:3]
    options = [first, words[0][0] + nickname[:2].upper(), city.upper().replace(" ", "")[::2][:3]]
    for cand in options:
        if len(cand) == 3 and cand not in used:
            used.add(cand)
            return cand
    return options[0]  # development-league codes may repeat, as minor-league codes do


def nba_teams(rng: random.Random, count: int = 30) -> list[NbaTeam]:
    v = vocab()
    cities = rng.sample(v["us_cities"], count)
    nicknames = rng.sample(v["nba_nicknames"], count)
    used: set[str] = set()
    return [
        NbaTeam(f"1610612{737 + i}", abbreviation(c, n, used), c, n, "nba")
        for i, (c, n) in enumerate(zip(cities, nicknames, strict=True))
    ]


def nba_lookalikes(
    rng: random.Random, target: NbaTeam, count: int, taken: set[str], next_id: int
) -> list[NbaTeam]:
    """Development-league teams sharing the target's city or nickname, alternating between the two."""
    v = vocab()
    nicknames = [n for n in v["nba_nicknames"] if n != target.nickname]
    cities = [c for c in v["us_cities"] if c != target.city]
    rng.shuffle(nicknames)
    rng.shuffle(cities)
    candidates = [x for pair in zip(nicknames, cities, strict=False) for x in pair]
    out: list[NbaTeam] = []
    codes: set[str] = set()
    for i, other in enumerate(candidates):
        city, nick = (target.city, other) if i % 2 == 0 else (other, target.nickname)
        if f"{city} {nick}" in taken:
            continue
        taken.add(f"{city} {nick}")
        team_id = f"1612709{next_id + len(out):03d}"
        team = NbaTeam(
            team_id, abbreviation(city, nick, codes), city, nick, "dev", "lookalike", target.entity_id
        )
        out.append(team)
        if len(out) == count:
            break
    return out


def town(rng: random.Random, country: str, taken: set[str]) -> str:
    v = vocab()
    key = country.lower()
    while True:
        name: str = rng.choice(v[f"{key}_town_starts"]) + rng.choice(v[f"{key}_town_ends"])
        if name not in taken:
            taken.add(name)
            return name


def top_club(rng: random.Random, country: str, league: str, towns: set[str], names: set[str]) -> Club:
    form = rng.choice(vocab()[f"{country.lower()}_top_forms"])
    while True:
        place = town(rng, country, towns)
        name = form.format(t=place)
        if name not in names:
            names.add(name)
            return Club(name, place, country, "top", league, capacity=rng.randint(11, 75) * 1000)


def club_lookalikes(rng: random.Random, target: Club, count: int, names: set[str]) -> list[Club]:
    """Women's and youth sides of the target, then same-town clubs of lower divisions."""
    forms = vocab()[f"{target.country.lower()}_lookalike_forms"]
    lower = list(forms["lower"])
    rng.shuffle(lower)
    out: list[Club] = []
    for category, form in (
        [("women", f) for f in forms["women"]]
        + [("youth", f) for f in forms["youth"]]
        + [("lower", f) for f in lower]
    ):
        name = form.format(n=target.name, t=target.town)
        if name in names:
            continue
        names.add(name)
        capacity = rng.randint(2, 30) * 500 if category == "lower" else rng.randint(2, 12) * 250
        out.append(
            Club(
                name,
                target.town,
                target.country,
                category,
                "",
                "lookalike",
                target.entity_id,
                capacity=capacity,
            )
        )
        if len(out) == count:
            break
    return out


def finish_club(rng: random.Random, club: Club) -> None:
    """Captains (the first one wears the armband most weeks) and a preferred formation."""
    female = club.category == "women"
    club.captains = [person(rng, club.country, female) for _ in range(3)]
    club.formation = rng.choice(vocab()["formations"])
