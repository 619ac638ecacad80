"""Sports calendar: a team's games stated in months outside its sport's season.

The g27 reader found "Providence Express took 7 of the latest ten outings in June", "Williammouth Sentinels
won 4 of the previous ten road matches through August" (basketball teams) on rank-1 pages. A **game run** is
a sentence of a top-10 page of a sports question telling games won, lost, taken or dropped ("won 4 of the
previous ten road matches", "dropped 5 of their last eleven games") in, through or during a month. Its sport
is the KG's (an `nba_team` or `soccer_team` the sentence names), else the page's when its words name one
sport only (basketball: NBA, basketball, points per game, rebounds; soccer: soccer, football club, goals,
striker, goalkeeper, Premier League, La Liga, Serie A, Bundesliga; American football: NFL, touchdown,
quarterback; baseball: MLB, baseball, innings, home runs; hockey: NHL, hockey, puck). A run breaks the rule
when its month is outside the sport's season: basketball October-June, soccer August-May, American football
September-February, baseball March-October, hockey October-June. Target 0.
"""

from __future__ import annotations

import calendar
import re
from pathlib import Path

from mockapi.audit.data import kg_rows
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note

RULE = "games outside their sport's season"
_MONTHS = [m.lower() for m in calendar.month_name[1:]]
SEASONS = {"basketball": (10, 6), "soccer": (8, 5), "american football": (9, 2), "baseball": (3, 10),
           "hockey": (10, 6)}  # fmt: skip
_RUN = re.compile(
    r"\b(?:won|lost|took|dropped|claimed|drew|split)\b[^.;:]{0,50}?\b(?:games|matches|outings|contests|"
    rf"fixtures|meetings)\b[^.;:]{{0,25}}?\b(?:in|through|during|throughout|across) ({'|'.join(_MONTHS)})\b",
    re.I,
)
_SPORT_WORDS = {
    "basketball": r"\bNBA\b|\bbasketball\b|\bpoints per game\b|\brebounds?\b",
    "soccer": r"\bsoccer\b|\bfootball club\b|\bgoals?\b|\bstriker\b|\bgoalkeeper\b|\bPremier League\b|"
    r"\bLa Liga\b|\bSerie A\b|\bBundesliga\b",
    "american football": r"\bNFL\b|\btouchdowns?\b|\bquarterback\b",
    "baseball": r"\bMLB\b|\bbaseball\b|\binnings\b|\bhome runs?\b",
    "hockey": r"\bNHL\b|\bhockey\b|\bpuck\b",
}
_KINDS = {"nba_team": "basketball", "soccer_team": "soccer"}


def in_season(sport: str, month: int) -> bool:
    start, end = SEASONS[sport]
    return start <= month <= end if start <= end else month >= start or month <= end


def page_sport(text: str) -> str:
    """The one sport a page's words name, '' when none or several."""
    named = [s for s, words in _SPORT_WORDS.items() if re.search(words, text, re.I)]
    return named[0] if len(named) == 1 else ""


class SeasonScan:
    """The rule over the pages `results.read_results` reads (fed one by one)."""

    def __init__(self, world: Path | None) -> None:
        self.rule = empty_rule()
        sql = "SELECT name, kind FROM entities WHERE kind IN ('nba_team', 'soccer_team')"
        self.teams: dict[str, list[tuple[str, str]]] = {}
        for name, kind in kg_rows(world, {"entities"}, sql):
            self.teams.setdefault(str(name).split()[0], []).append((str(name), _KINDS[str(kind)]))
        self._seen: set[tuple[str, str]] = set()

    def add(self, read: Read) -> None:
        if read.question.domain != "sports":
            return
        sport: str | None = None
        for line in read.lines:
            for m in _RUN.finditer(line):
                key = (read.result.page_id, m[0])
                if key in self._seen:
                    continue
                self._seen.add(key)
                start = line.rfind(".", 0, m.start()) + 1
                said = line[start : m.end()]
                named = [k for w in set(said.split()) for t, k in self.teams.get(w, []) if t in said]
                if sport is None:
                    sport = page_sport(read.text)
                kind = named[0] if named else sport
                if kind:
                    month = _MONTHS.index(m[1].lower()) + 1
                    note(self.rule, not in_season(kind, month), f"{kind}, {m[1]}: {said.strip()}")

    def result(self) -> RuleGroup:
        return {"violations": self.rule["violations"], "rules": {RULE: self.rule}}
