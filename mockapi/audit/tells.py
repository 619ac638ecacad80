"""Tells a reader sees at a glance (the g26 reading's class 7 and 8), each measured on the real fixture too.

- **duplicate URLs in a result list**: results whose URL an earlier result of the same list has, as a share
  of the top 5 (CRAG's Task 1 and 2 list; the real fixture's lists are 5 long) and, reported, of all ranks
  (the reader counted 113 over 40 lists of 50);
- **hub titles naming an institution the body never names**: a result page whose title names a real
  institution (Oscar, Academy Award, Grammy, Billboard, Hot 100, NBA, NFL, MLB, NHL, FIFA, Premier League,
  La Liga, ETF, S&P 500, Nasdaq, Dow Jones, Emmy, Golden Globe, Olympics, Super Bowl, World Cup) while no
  line of its text other than the title's own says it, as a share of the pages read;
- **site topic against the page's domain**: an answer page of a finance, sports, music or movie question
  whose site (the title's last "|" part) is named for another of those topics (SportsDesk or BoxScore
  Central for sports, FilmFacts for films, TuneBase for music, MarketLedger or Street Signal for markets;
  and real ones: ESPN, IMDb, Billboard, MarketWatch, The Motley Fool, ...), as a share of the answer pages
  whose site has a topic;
- **real set names in titles over invented members**: a page whose title names a real league or index (NBA,
  WNBA, NFL, MLB, NHL, MLS, Premier League, La Liga, Serie A, Bundesliga, Ligue 1, FTSE 100, S&P 500, Dow
  Jones, Nasdaq 100) and whose text names KG teams (for a league) or KG companies (for an index) that are
  not members of it (the audit knows the 30 NBA teams; any KG team or company named under any other set
  name is counted: a synthetic world's KG is invented, and an imported real world's KG teams are named by
  their real leagues' pages, which this rule does not read);
- **questions stating a set's size**: a question that presupposes how many members a set has ("top five of
  the seven action films", "which three of the five places", "the four cast members of", "the six drama
  movies released in 2022"), as a share of the questions; not a top k ("what are the three 2001 films with
  the highest gross": the answer's count).

Shares are compared with the real fixture's (`--real`); the report's bars are the fixture's rate and a
margin where it is not 0, else 0.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from mockapi.audit.data import AuditQuestion, kg_rows
from mockapi.audit.prices import strip_class
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleCheck, empty_rule, note

DUPLICATES, HUBS, SITES, SETS, SIZES = (
    "duplicate URLs in the top 5 of a result list",
    "hub titles naming an institution the body never names",
    "site topic against the answer page's domain",
    "real set names in titles over invented members",
    "questions stating a set's size",
)
TOP = 5
_INSTITUTIONS = re.compile(
    r"\b(?:Oscars?|Academy Awards?|Grammys?|Billboard|Hot 100|NBA|NFL|MLB|NHL|FIFA|Premier League|La Liga|"
    r"ETFs?|S&P 500|Nasdaq|Dow Jones|Emmys?|Golden Globes?|Olympics?|Super Bowl|World Cup)\b"
)
# an award's word as a person's first name: "Everything explained | Oscar Hammond | Culture Weekly" (g37's
# default world: an empty page about a person) names no institution; "Oscar Winners", "Oscar night" do
_FIRST_NAME = re.compile(
    r"(?:Oscar|Emmy|Grammy) (?!(?:Awards?|Winners?|Winning|Wins?|Nominees?|Nominations?|Nominated|Night|"
    r"Ceremony|Season|Race|Predictions?|Contenders?|Snubs?|Picks?|Best|Buzz|Statuettes?|Gold|History|Glory|"
    r"Campaign|Voters?|Votes?|Hopefuls?|Favou?rites?|Odds|Trivia|Facts|Records?|Moments?|Speech(?:es)?|"
    r"Part(?:y|ies)|Show|Stats|Winner|List|Lists)\b)[A-Z][a-z]+\b"
)
_SITE_TOPICS = (
    (re.compile(r"sport|score|athletic|espn|pga", re.I), "sports"),
    (re.compile(r"film|movie|cinema|imdb|rotten tomatoes|variety|screen", re.I), "movie"),
    (re.compile(r"tune|music|song|billboard|melod|pitchfork", re.I), "music"),
    (re.compile(r"market|ledger|street|stock|money|financ|invest|motley fool|bankrate|nerdwallet", re.I),
     "finance"),
)  # fmt: skip
_DOMAINS = frozenset({"finance", "sports", "music", "movie"})
_LEAGUES = re.compile(r"\b(?:NBA|WNBA|NFL|MLB|NHL|MLS|Premier League|La Liga|Serie A|Bundesliga|Ligue 1)\b")
_INDICES = re.compile(r"\b(?:FTSE 100|S&P 500|Dow Jones|Nasdaq[ -]100|Nasdaq Composite)\b")
NBA_TEAMS = frozenset(
    [
        "Hawks",
        "Celtics",
        "Nets",
        "Hornets",
        "Bulls",
        "Cavaliers",
        "Mavericks",
        "Nuggets",
        "Pistons",
        "Warriors",
        "Rockets",
        "Pacers",
        "Clippers",
        "Lakers",
        "Grizzlies",
        "Heat",
        "Bucks",
        "Timberwolves",
        "Pelicans",
        "Knicks",
        "Thunder",
        "Magic",
        "76ers",
        "Suns",
        "Trail",
        "Blazers",
        "Kings",
        "Spurs",
        "Raptors",
        "Jazz",
        "Wizards",
    ]
)
NBA_CITIES = frozenset(
    [
        "Atlanta",
        "Boston",
        "Brooklyn",
        "Charlotte",
        "Chicago",
        "Cleveland",
        "Dallas",
        "Denver",
        "Detroit",
        "Golden",
        "Houston",
        "Indiana",
        "Los",
        "Angeles",
        "LA",
        "Memphis",
        "Miami",
        "Milwaukee",
        "Minnesota",
        "New",
        "Orleans",
        "York",
        "Oklahoma",
        "Orlando",
        "Philadelphia",
        "Phoenix",
        "Portland",
        "Sacramento",
        "San",
        "Antonio",
        "Toronto",
        "Utah",
        "Washington",
    ]
)
_NUMBER = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})"
_SIZE = re.compile(
    rf"\b{_NUMBER} of the {_NUMBER}\b|"
    rf"\b(?:of|are|all|among|for|in) (?:all )?the {_NUMBER} (?!(?:years?|days?|weeks?|months?|hours?|"
    r"times?|most|top|best|largest|biggest|highest|lowest|longest|oldest|newest|\w+est\b))\w+|"
    rf"\ball {_NUMBER} \w+"
)
# "what are the three 2001 films with the highest gross": the answer's count (top k), not the set's size ("the
# four r&b artists with the most studio albums" too, g30; "the five basketball teams in the harbor division
# with the most wins", a set named by the world's conference since generator 44). The superlative may carry a
# typo, as questions do: "the two insurance companies with the largset market cap" (g44h)
_TOP_K = re.compile(
    rf"^(?:are|for|in) the {_NUMBER} (?:[\w'&.-]+ ){{1,8}}with the (?:most|fewest|least|\w+est|\w*[es]\w*t)\b"
)


def _site_topic(title: str) -> str:
    site = (
        title.rsplit(" | ", 1)[-1] if " | " in title else title.rsplit(" - ", 1)[-1] if " - " in title else ""
    )
    return next((topic for pattern, topic in _SITE_TOPICS if site and pattern.search(site)), "")


class TellScan:
    """The page tells over the pages fed (`add`) and the list and question tells over every question."""

    def __init__(self, qs: list[AuditQuestion], world: Path | None) -> None:
        self.qs = qs
        self.rules: dict[str, RuleCheck] = {rule: empty_rule() for rule in (HUBS, SITES, SETS)}
        self._seen: set[str] = set()
        self.teams = _kg_names(world, "SELECT name FROM entities WHERE kind IN ('nba_team', 'soccer_team')")
        self.companies = _kg_names(world, "SELECT name FROM entities WHERE kind = 'company'", strip=True)

    def add(self, read: Read) -> None:
        q, r = read.question, read.result
        if r.page_id in q.gold and q.domain in _DOMAINS and (topic := _site_topic(r.name)):
            note(self.rules[SITES], topic != q.domain, f"{q.domain} answer page on a {topic} site: {r.name}")
        if r.page_id in self._seen:
            return
        self._seen.add(r.page_id)
        hub = next(
            (m for m in _INSTITUTIONS.finditer(r.name) if not _FIRST_NAME.match(r.name, m.start())), None
        )
        if hub is not None:
            title = r.name.split(" | ")[0]
            body = [line for line in read.lines if title not in line and r.name not in line]
            said = any(hub[0] in line for line in body)
            note(self.rules[HUBS], not said, f"{hub[0]!r} in {r.name!r}, not in its text")
        else:
            self.rules[HUBS]["checked"] += 1
        league, index = _LEAGUES.search(r.name), _INDICES.search(r.name)
        if league is None and index is None:
            return
        names = self.teams if league is not None else self.companies
        members = _named(read.text, names)
        if league is not None and league[0] == "NBA":
            members = [m for m in members if not (set(m.split()) & NBA_TEAMS and set(m.split()) & NBA_CITIES)]
        found = (league or index)[0]  # type: ignore[index]
        note(self.rules[SETS], bool(members), f"{found!r} in {r.name!r} over {members[:3]}")

    def result(self) -> dict[str, RuleCheck]:
        dups, every = empty_rule(), empty_rule()
        for q in self.qs:
            seen: set[str] = set()
            for r in q.results:
                again = r.url in seen
                seen.add(r.url)
                note(every, again, f"rank {r.rank}: {r.url}")
                if r.rank <= TOP:
                    note(dups, again, f"{q.query}: rank {r.rank} {r.url}")
        sizes = empty_rule()
        for q in self.qs:
            if q.false_premise:
                continue  # a wrong count is a false premise's premise ("who are the six members of ...")
            low = q.query.lower()
            found = _SIZE.search(low)
            if found and _TOP_K.match(low[found.start() :]):
                found = None
            note(sizes, found is not None, f"{found[0] if found else ''!r}: {q.query}")
        return {DUPLICATES: dups, "duplicate URLs at any rank": every, **self.rules, SIZES: sizes}


def share(rule: RuleCheck) -> float | None:
    """Violations per check, None when nothing was checked."""
    return round(rule["violations"] / rule["checked"], 4) if rule["checked"] else None


def _kg_names(world: Path | None, sql: str, strip: bool = False) -> dict[str, list[str]]:
    """KG names by first word (a name is found where its first word is)."""
    out: dict[str, list[str]] = defaultdict(list)
    for (name,) in kg_rows(world, {"entities"}, sql):
        n = strip_class(str(name)) if strip else str(name)
        if " " in n:
            out[n.split()[0]].append(n)
    return out


def _named(text: str, names: dict[str, list[str]]) -> list[str]:
    found = []
    for word in dict.fromkeys(re.findall(r"\b[A-Z][\w'’&.-]*", text)):
        for name in names.get(word, ()):
            if name in text and name not in found:
                found.append(name)
    return found
