"""KG questions: a fact source over the target entities of kg.duckdb, in head/torso/tail buckets."""

from __future__ import annotations

import bisect
import datetime as dt
import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.world.questions import values
from mockapi.world.questions.graph import HopKey, chains, hop_key, load_neighbourhood
from mockapi.world.questions.kg_extract import EXTRACTORS, Facts, Game, games
from mockapi.world.questions.kinds import KINDS, Kind
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.refer import aliases_for
from mockapi.world.real import market_days

# KG entity kinds -> the subject kinds questions use.
SUBJECT_KIND = {
    "nba_team": "team",
    "soccer_team": "team",
    "company": "company",
    "movie": "movie",
    "person": "person",
    "artist": "artist",
    "band": "band",
    "song": "song",
    "place": "topic",
    "organization": "topic",
    "concept": "topic",
}
# (subject kind, stored rel, walk forward?) -> relation phrase, for multi-hop questions over kg_edges.
HOPS = {
    ("company", "parent_of", False): "parent company",
    ("movie", "directed", False): "director",
    ("song", "performed", False): "performer",
    ("topic", "founded_by", True): "founder",
    ("topic", "mayor", False): "mayor",
}

# Steps multi-hop questions may chain (kind of the node walked from, stored rel, along its direction?) ->
# the relation phrase; each names one entity when the node has exactly one such edge (graph.steps).
PATH_HOPS: dict[HopKey, str] = {
    ("company", "parent_of", False): "parent company",
    ("company", "ceo_of", False): "ceo",
    ("movie", "directed", False): "director",
    ("movie", "produced", False): "producer",
    ("song", "performed", False): "performer",
    ("artist", "member_of", True): "band",
    ("organization", "founded_by", True): "founder",
    ("organization", "headquartered_in", True): "headquarters city",
    ("person", "born_in", True): "birthplace",
    ("place", "mayor", True): "mayor",
    ("concept", "proposed_by", True): "originator",
}
CHAIN_LENGTHS = (2, 3)
Hop = tuple[str, Subject]  # (relation phrase, the entity it leads to)

# Sports kinds resolved from the games played before the query day.
GAME_KINDS = ("sp.last_score", "sp.last_opponent", "sp.last_points", "sp.wins")


def _num(s: Subject, kind: str, n: int, when: str, stale: tuple[str, ...] = ()) -> Fact:
    shown, alts = values.number(n)
    return Fact(s, kind, shown, float(n), alts=tuple(alts), stale=stale, as_of=when, source="kg")


@dataclass
class KgSource:
    """Facts of KG targets; `bucket` restricts subjects to one popularity class."""

    subjects: dict[str, Subject]
    facts: Facts
    closes: dict[str, tuple[list[str], list[float]]]  # ticker -> (days, closes), ascending
    edges: dict[str, list[tuple[str, str]]]  # entity_id -> [(phrase, related entity_id)]
    games: dict[str, list[Game]] = field(default_factory=dict)  # sports target -> games in date order
    # target -> walks of 2-3 functional steps over the relation graph (multi-hop chains), as entity ids
    walks: dict[str, list[tuple[tuple[str, str], ...]]] = field(default_factory=dict)
    nodes: dict[str, Subject] = field(default_factory=dict)  # entities on walks that are not targets
    node_facts: Facts = field(default_factory=dict)  # their facts (a walk may end in an attribute)
    # lower-cased names two KG entities share in other letter cases ("Can You Keep Again" and "CAN YOU
    # KEEP AGAIN", 194 on the default KG): CRAG's queries are lower case, so a question naming one cannot
    # tell which (g26 reader #34: 2 years or 1); no question is about them by name
    twins: frozenset[str] = frozenset()
    # ticker entity -> {"YYYY-MM-DD HH:MM" (US/Eastern): close}: the KG's minute bars of the last sessions
    minutes: dict[str, dict[str, float]] = field(default_factory=dict)
    # every KG company's ticker (targets or not): an invented company never takes one ("Martinez Inc." as
    # MART, Martek Metals' symbol: its drawn headcounts read as Martek's 213 staff, the audit's 16 sizes
    # lines on w_g27b)
    tickers: frozenset[str] = frozenset()
    at: dt.datetime | None = None  # the question's moment in US/Eastern (naive), for prices (`_price`)
    bucket: str = ""
    name: str = "kg"
    _by_kind: dict[tuple[str, str, str], list[Subject]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self._by_kind:  # a bucket view shares its parent's index
            return
        for s in sorted(self.subjects.values(), key=lambda s: s.entity_id):
            if s.name.lower() not in self.twins:  # a lower-case query cannot tell it from its twin
                self._by_kind.setdefault((s.domain, s.kind, s.popularity), []).append(s)

    def for_bucket(self, bucket: str, at: dt.datetime | None = None) -> KgSource:
        """The same facts, subjects limited to `bucket`, prices as known at `at` (US/Eastern, naive)."""
        return replace(self, bucket=bucket, at=at)

    def kinds(self, domain: str) -> list[Kind]:
        """Kinds some target of the domain has a fact of."""
        have = {k for eid, fs in self.facts.items() if self.subjects[eid].domain == domain for k in fs}
        if any(self.subjects[t].domain == domain for t in self.closes):
            have |= {"fin.price", "fin.close"}
        if any(self.subjects[t].domain == domain for t in self.games):
            have |= set(GAME_KINDS)
        return [KINDS[k] for k in KINDS if k in have]

    def subject(self, domain: str, subject_kind: str, rng: random.Random) -> Subject | None:
        """A target of the bucket with that kind."""
        pool = self._by_kind.get((domain, subject_kind, self.bucket), [])
        return rng.choice(pool) if pool else None

    def fact(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact | None:
        """The stored fact, or the price as of `day` for price kinds."""
        if kind.key in ("fin.price", "fin.close"):
            return self._price(subject, kind.key, day)
        if kind.key in GAME_KINDS:
            return self._game(subject, kind.key, day)
        eid = subject.entity_id
        fact = self.facts.get(eid, {}).get(kind.key) or self.node_facts.get(eid, {}).get(kind.key)
        # not known yet on the question's day: the KG's market caps are of 28 February, and a question of the
        # 26th stated "$6.8 billion as of 28 February 2024" on its pages (the g44 draft's dated-past line, 5)
        return None if fact is not None and fact.as_of[:10] > day.isoformat() else fact

    def _price(self, s: Subject, kind: str, day: dt.date) -> Fact | None:
        """A price as known at the question's moment (`at`, US/Eastern): "fin.price" the minute's price in a
        session the KG has minute bars of, else the last close that had happened (before 16:00 ET of a
        trading day, the session before: g26 reader #1 and #23 had that day's close at 04:13 and 10:58 ET);
        "fin.close" the last close that had happened too, never a day's close minutes bars or not ("what is
        the closing price?" asked at 18:38 ET was given the session before's close: g29 reader #3)."""
        days, closes = self.closes.get(s.entity_id, ([], []))
        at = self.at or dt.datetime.combine(day, dt.time(23, 59))
        # the last whole minute's bar (its close is at the minute's end)
        last = at - dt.timedelta(minutes=1)
        minute = self.minutes.get(s.entity_id, {}).get(last.strftime("%Y-%m-%d %H:%M"))
        minute = minute if last.date() == at.date() else None
        if kind == "fin.price" and minute is not None:
            cut = at.date() - dt.timedelta(days=1)
        else:
            cut = market_days.closed_session(at)
        i = bisect.bisect_right(days, cut.isoformat()) - 1
        if i < 2:
            return None
        price, when, older, quoted = closes[i], days[i], _older(closes, i - 1, closes[i]), ""
        if kind == "fin.price" and minute is not None:
            price, when, older, quoted = (
                minute,
                at.date().isoformat(),
                _older(closes, i, minute),
                last.strftime("%H:%M"),
            )
        shown, alts = values.money(round(price, 2))
        stale = tuple(values.money(round(closes[j], 2))[0] for j in older)
        return Fact(
            s,
            kind,
            shown,
            round(price, 2),
            alts=tuple(alts),
            stale=stale,
            as_of=when,
            source="kg",
            stale_days=tuple(days[j] for j in older),
            minute=quoted,
        )

    def _game(self, s: Subject, kind: str, day: dt.date) -> Fact | None:
        played = [g for g in self.games.get(s.entity_id, []) if g[0] < day.isoformat()]
        if len(played) < 2:
            return None
        when, opponent, own, other = played[-1]
        if kind == "sp.wins":
            season = "2023-08-01"  # both leagues' 2023-24 seasons start after this
            n = sum(1 for g in played if g[0] >= season and g[2] > g[3])
            return _num(s, kind, n, when)
        if kind == "sp.last_points":  # goals are not points: a soccer club has none
            soccer = s.entity_id.split(":")[1] == "soccer_team"  # "sports:soccer_team:<name>"
            return None if soccer else _num(s, kind, own, when, (str(played[-2][2]),))
        if kind == "sp.last_opponent":
            return Fact(s, kind, opponent, stale=(played[-2][1],), as_of=when, source="kg")
        shown, alts = values.score(own, other)
        prev = values.score(played[-2][2], played[-2][3])[0]
        return Fact(s, kind, shown, alts=tuple(alts), stale=(prev,), as_of=when, source="kg")

    def related(self, subject: Subject, rng: random.Random) -> tuple[str, Subject] | None:
        """A neighbour along a relation the templates can phrase, when it is itself a KG subject."""
        options = [
            (p, self.subjects[e]) for p, e in self.edges.get(subject.entity_id, []) if e in self.subjects
        ]
        return rng.choice(options) if options else None

    def chain(self, domain: str, rng: random.Random) -> tuple[Subject, list[Hop]] | None:
        """A target of the bucket and a walk of two or three relation steps from it, or None."""
        starts = [
            eid
            for eid in sorted(self.walks)
            if self.subjects[eid].domain == domain
            and self.subjects[eid].popularity == self.bucket
            and self.subjects[eid].name.lower() not in self.twins
        ]
        if not starts:
            return None
        start = rng.choice(starts)
        walk = rng.choice(self.walks[start])
        return self.subjects[start], [(p, self.subjects.get(e) or self.nodes[e]) for p, e in walk]


def open_kg_source(world: Path) -> KgSource | None:
    """A fact source over the world's KG targets, or None when the KG has none."""
    path = world / KG_DB
    if not path.exists():
        return None
    con = duckdb.connect(str(path), read_only=True)
    try:
        subjects = _subjects(con)
        if not subjects:
            return None
        facts: Facts = {}
        for domain, extract in EXTRACTORS.items():
            facts.update(extract(con, {e: s for e, s in subjects.items() if s.domain == domain}))
        walks, nodes = _walks(con, subjects)
        node_facts: Facts = {}
        for domain, extract in EXTRACTORS.items():
            node_facts.update(extract(con, {e: s for e, s in nodes.items() if s.domain == domain}))
        return KgSource(
            subjects, facts, _closes(con, subjects), _edges(con, subjects), games(con, subjects),
            walks=walks, nodes=nodes, node_facts=node_facts, twins=case_twins(con),
            minutes=_minutes(con, subjects), tickers=kg_tickers(con),
        )  # fmt: skip
    finally:
        con.close()


def kg_tickers(con: duckdb.DuckDBPyConnection) -> frozenset[str]:
    """Every KG company's ticker (`KgSource.tickers`)."""
    rows = con.execute("SELECT entity_id FROM entities WHERE entity_id LIKE 'finance:company:%' ORDER BY 1")
    return frozenset(r[0].rsplit(":", 1)[-1] for r in rows.fetchall())


def case_twins(con: duckdb.DuckDBPyConnection) -> frozenset[str]:
    """Lower-cased names that two or more KG entities spell in different letter cases (`KgSource.twins`)."""
    rows = con.execute(
        "SELECT lower(name) FROM entities GROUP BY 1 HAVING count(DISTINCT name) > 1 ORDER BY 1"
    ).fetchall()
    return frozenset(r[0] for r in rows)


def _subjects(con: duckdb.DuckDBPyConnection) -> dict[str, Subject]:
    rows = con.execute(
        """SELECT t.entity_id, t.domain, t.kind, t.name, t.popularity,
                  list(l.name ORDER BY l.entity_id) FILTER (WHERE l.name IS NOT NULL)
           FROM entities t LEFT JOIN entities l ON l.lookalike_of = t.entity_id
           WHERE t.is_target GROUP BY ALL ORDER BY t.entity_id"""
    ).fetchall()
    out: dict[str, Subject] = {}
    for eid, domain, kind, name, pop, looks in rows:
        subject_kind = SUBJECT_KIND.get(kind, kind)
        out[eid] = Subject(
            name,
            domain,
            subject_kind,
            eid,
            pop,
            lookalikes=tuple((looks or [])[:8]),
            ticker=eid.rsplit(":", 1)[-1] if subject_kind == "company" else "",
            aliases=aliases_for(name, subject_kind),
        )
    return out


def _closes(
    con: duckdb.DuckDBPyConnection, subjects: dict[str, Subject]
) -> dict[str, tuple[list[str], list[float]]]:
    tickers = {e.rsplit(":", 1)[-1]: e for e, s in subjects.items() if s.kind == "company"}
    out: dict[str, tuple[list[str], list[float]]] = {}
    rows = con.execute(
        "SELECT ticker, left(ts, 10), close FROM fin_prices WHERE ts >= '2024-01-01' AND close IS NOT NULL "
        "ORDER BY ticker, ts"
    ).fetchall()
    for ticker, day, close in rows:
        if ticker in tickers:
            days, closes = out.setdefault(tickers[ticker], ([], []))
            days.append(day)
            closes.append(float(close))
    return out


def _minutes(con: duckdb.DuckDBPyConnection, subjects: dict[str, Subject]) -> dict[str, dict[str, float]]:
    """The KG's minute closes of the target companies (`KgSource.minutes`)."""
    tickers = {e.rsplit(":", 1)[-1]: e for e, s in subjects.items() if s.kind == "company"}
    tables = {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    out: dict[str, dict[str, float]] = {}
    if "fin_minute_prices" not in tables:
        return out
    rows = con.execute(
        "SELECT ticker, left(ts, 16), close FROM fin_minute_prices WHERE close IS NOT NULL"
        " ORDER BY ticker, ts"
    ).fetchall()
    for ticker, minute, close in rows:
        if ticker in tickers:
            out.setdefault(tickers[ticker], {})[minute] = float(close)
    return out


def _edges(con: duckdb.DuckDBPyConnection, subjects: dict[str, Subject]) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for src, rel, dst in con.execute("SELECT src, rel, dst FROM kg_edges ORDER BY src, rel, dst").fetchall():
        for node, other, forward in ((src, dst, True), (dst, src, False)):
            s = subjects.get(node)
            phrase = s and HOPS.get((s.kind, rel, forward))
            if phrase:
                out.setdefault(node, []).append((phrase, other))
    return out


def _walks(
    con: duckdb.DuckDBPyConnection, subjects: dict[str, Subject]
) -> tuple[dict[str, list[tuple[tuple[str, str], ...]]], dict[str, Subject]]:
    """Per target, its chains of 2-3 functional steps over the relation graph (networkx), as (phrase, entity
    id) steps; and the non-target entities they pass through, as subjects."""
    rels = sorted({rel for _, rel, _ in PATH_HOPS})
    g = load_neighbourhood(con, subjects, rels, max(CHAIN_LENGTHS))
    walks: dict[str, list[tuple[tuple[str, str], ...]]] = {}
    nodes: dict[str, Subject] = {}
    for eid in sorted(subjects):
        for length in CHAIN_LENGTHS:
            for path in chains(g, eid, length, PATH_HOPS):
                node, steps = eid, []
                for edge in path:
                    phrase = PATH_HOPS[hop_key(g, node, edge)]
                    node = edge.other(node)
                    steps.append((phrase, node))
                    if node not in subjects and node not in nodes:
                        data = g.nodes[node]
                        kind = SUBJECT_KIND.get(data["kind"], data["kind"])
                        # a page title's qualifier ("jane doe (musician)") is not said: not in a gold answer
                        name = re.sub(r"\s*\([^()]*\)$", "", data["name"]) if kind != "song" else data["name"]
                        nodes[node] = Subject(
                            name, data["domain"], kind, node, aliases=aliases_for(name, kind),
                            ticker=node.rsplit(":", 1)[-1] if kind == "company" else "",
                        )  # fmt: skip
                # no relation twice: "who is the mayor of the birthplace of the mayor of thornview?" (g28
                # reader, unnatural)
                if len({phrase for phrase, _ in steps}) == len(steps):
                    walks.setdefault(eid, []).append(tuple(steps))
    return walks, nodes


def _older(closes: list[float], start: int, price: float) -> tuple[int, int]:
    """The two sessions from `start` back whose closes, as said to the cent, differ from `price` (and from
    each other): a close equal to the gold stated as an older value told a no-answer question's answer
    ("The stock price of Pinecrest Ltd. was $18.01 by 2024-03-04", gold $18.01: audit31, the g30 trial)."""
    shown = {round(price, 2)}
    found: list[int] = []
    for j in range(start, -1, -1):
        if round(closes[j], 2) not in shown:
            found.append(j)
            shown.add(round(closes[j], 2))
            if len(found) == 2:
                return found[0], found[1]
    return start, start - 1  # (a flat series: the two before, as before)
