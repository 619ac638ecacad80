"""Where facts come from: the KG (kg_facts.KgSource) or invention (WebSource), behind one small protocol."""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import replace
from typing import Protocol

from mockapi.world.questions import invent, starts, values
from mockapi.world.questions.kinds import KINDS, RELATIONS, Kind, topic_class
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.real import market_days
from mockapi.world.real.film_money import records


class Source(Protocol):
    """What question templates need from a fact source."""

    name: str  # 'kg' | 'web'
    at: dt.datetime | None  # the question's moment in US/Eastern (naive): what a price may be as of

    def kinds(self, domain: str) -> list[Kind]:
        """Kinds this source can state facts of, for a domain."""
        ...

    def subject(self, domain: str, subject_kind: str, rng: random.Random) -> Subject | None:
        """A subject of that kind to ask about."""
        ...

    def fact(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact | None:
        """The value of `kind` for `subject` as of `day`."""
        ...

    def related(self, subject: Subject, rng: random.Random) -> tuple[str, Subject] | None:
        """A relation phrase and the entity it leads to (multi-hop)."""
        ...

    def chain(self, domain: str, rng: random.Random) -> tuple[Subject, list[tuple[str, Subject]]] | None:
        """A subject and a walk of two or three relation steps from it (relation phrase, entity reached)."""
        ...


# (earlier kind, later kind, at least this many years between): an artist debuts after growing up, a company
# goes public after its founding
ORDER = (("mu.birth", "mu.debut", 14), ("fin.founded", "fin.ipo_year", 0))


def year_of(fact: Fact) -> int | None:
    """The year a year or date fact says (dates keep their proleptic ordinal in `number`)."""
    vtype = KINDS[fact.kind].vtype
    if fact.number is None or vtype not in ("year", "date"):
        return None
    return int(fact.number) if vtype == "year" else dt.date.fromordinal(int(fact.number)).year


# A film's amounts on its release year's scale (as the KG's budgets, domains/movie.py): a 1963 film grossing
# $945M read absurd (g16 reader). The cap in dollars for a film released in `year`.
ERA_AMOUNTS = ("mv.gross", "mv.budget", "mv.weekend")


def era_cap(kind: str, year: int) -> float:
    """The largest amount of `kind` a film of `year` plausibly has: the kind's range scaled as the KG's."""
    top = {"mv.gross": 2_400e6, "mv.budget": 320e6, "mv.weekend": 160e6}[kind]
    scale = float(min(1.0, max(0.0, (year - 1920) / 100)) ** 2.5)
    budget, gross = records(year)  # and never above its era's record, as the KG's (g22: a 1980 film's $150m)
    return max(min(top * scale, {"mv.gross": gross, "mv.budget": budget}.get(kind, top)), 8e6)


# Visitors at once in a building (an observatory, a library, a school), not a park's thousands: "4,547
# visitors at Duncanport Observatory" at 11 pm read absurd (reader63)
INDOORS = 1_500


def plausible(fact: Fact, known: dict[tuple[str, str, str], Fact]) -> bool:
    """Whether `fact` keeps the order of years with the facts already known about its subject, a film's
    amounts fit its release year, and a building holds its visitors."""
    name, kind = fact.subject.name, fact.subject.kind
    if fact.kind == "op.visitors" and (fact.number or 0) > INDOORS and topic_class(name) == "institution":
        return False
    release = fact if fact.kind == "mv.release" else known.get((name, kind, "mv.release"))
    year = year_of(release) if release is not None else None
    if year is None and kind == "movie":  # the start its pages date it by (g21: "shot in 1972", $1.8bn)
        year = starts.drawn_start(name, kind)
    if year is not None:
        for amount in ERA_AMOUNTS:
            held = fact if fact.kind == amount else known.get((name, kind, amount))
            if held is not None and held.number is not None and held.number > era_cap(amount, year):
                return False
    for early, late, gap in ORDER:
        other = {early: late, late: early}.get(fact.kind)
        if other is None or (name, kind, other) not in known:
            continue
        them = known[(name, kind, other)]
        a, b = (year_of(fact), year_of(them)) if fact.kind == early else (year_of(them), year_of(fact))
        if a is not None and b is not None and b - a < gap:
            return False
    return True


# The kind that dates each invented subject kind's start, which every year its lists give follows (a company's
# and an artist's starts keep their order with single years through `ORDER` and `plausible`).
START_KIND = {"team": "sp.founded", "topic": "op.founded"}
_YEAR = re.compile(r"(?:1[6-9]|20)\d\d")


def start_fact(subject: Subject, key: str, day: dt.date) -> Fact:
    """The start of an invented subject, drawn from its name alone as its pages draw it when no question
    gives it (`pages.statements.figure_pieces`: "start|<name>|<kind>"): every page and question agree."""
    value, number, items, alts = invent.drawn(KINDS[key], random.Random(f"start|{subject.name}|{key}"), day)
    return Fact(subject, key, value, number, items, tuple(alts), source="web")


# Draws of an invented subject's name until it is free: the first `SHORT_TRIES` as every world draws them,
# then a song's or film's from the long titles (`invent.title`), which a big world reaches once its short
# ones are taken (they were kept, taken, after 20 draws: the 20,000 train world's namesakes)
SHORT_TRIES = 19
REDRAW_NAMES = 40


def name_key(name: str) -> str:
    """A name as a reader matches it, without case or a leading article (as `pages.totals.name_key`)."""
    return re.sub(r"^the\s+", "", name.strip().lower())


_WORDS = re.compile(r"[\w'&.-]+")  # a name's words as the audit's twins line reads them
_SESSION_KINDS = ("fin.price", "fin.close", "fin.volume")  # a session's figures (`WebSource._keyed`)


class WebSource:
    """Invents everything: web-only facts that exist only in the pages written for them."""

    name = "web"

    def __init__(
        self, taken: frozenset[str] = frozenset(), tickers: frozenset[str] = frozenset(),
        twins: frozenset[str] = frozenset(),
    ) -> None:  # fmt: skip
        # one value per (invented subject, kind) in the whole world: a question may fetch a fact twice (a
        # description and the asked value: "the members of the band with a and b"), and invented names can
        # recur across questions; two draws would put two values of one fact on the pages
        self._facts: dict[tuple[str, str, str], Fact] = {}
        # the KG's dated names (films, songs, people): an invented film under a KG film's title had the
        # question's release on its pages and the KG's in every reader's mind (g21: 11 events outside a life)
        # by the name a reader matches (`name_key`): "Bright Orchard" and "The Bright Orchard" were two
        # 1997 thrillers of one set, 178 and 91 minutes (the g38 default world's contradiction line)
        self._names: set[str] = {name_key(n) for n in taken}
        self._tickers = tickers  # the KG's: an invented company takes none (`KgSource.tickers`)
        # the KG's case-variant twins ("Thornton" and "THORNTON", places): an invented name holding one as
        # its words, "Thornton Group", named the twin in a lower-case question ("thornton group's trading
        # volume", the audit's twins line on the g36 train world of 5,000): such names are drawn again
        self._twins = frozenset(t for t in twins if " " in t or len(t) >= 6)
        self.at: dt.datetime | None = None  # the question being drafted's moment (US/Eastern, naive)

    def kinds(self, domain: str) -> list[Kind]:
        """Every kind of the domain (persons are reachable through relations only)."""
        return [k for k in KINDS.values() if k.domain == domain and k.subject != "person"]

    def subject(self, domain: str, subject_kind: str, rng: random.Random) -> Subject:
        """A fresh fictional subject, under a name no other invented subject has (a film of a director's set
        and a film asked about alone would otherwise share a name and have two directors)."""
        subject = invent.invent_subject(domain, subject_kind, rng)
        for attempt in range(REDRAW_NAMES):
            if self._free(subject):
                break
            subject = invent.invent_subject(domain, subject_kind, rng, long=attempt >= SHORT_TRIES)
        self._names.add(name_key(subject.name))
        return subject

    def _free(self, subject: Subject) -> bool:
        """Whether an invented subject's name and ticker are no one else's, and it names no KG twin."""
        if name_key(subject.name) in self._names or subject.ticker.upper() in self._tickers:
            return False
        return not self.names_twin(subject.name)

    def names_twin(self, text: str) -> bool:
        """Whether `text` holds a KG case-variant twin as whole words (the twins given: a train world's): an
        invented name, or any question ("... the one led by melinda thornton": an aside's invented person;
        a KG song under a band twin's name), which a train world draws again (`generate`)."""
        if not self._twins:
            return False
        words = _WORDS.findall(text.lower())
        runs = (
            " ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, min(len(words), i + 8) + 1)
        )
        return any(r in self._twins for r in runs)

    def fact(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact:
        """An invented value, the same every time it is asked for."""
        key = (subject.name, subject.kind, self._keyed(kind.key, day))
        if key not in self._facts:
            fact = invent.invent_fact(kind, subject, day, rng)
            for _ in range(400):  # drawn independently: redraw until years and amounts fit the others
                if plausible(fact, self._facts):
                    break
                fact = invent.invent_fact(kind, subject, day, rng)
            self._facts[key] = self._priced(self._after_start(fact, day), day)
        return self._facts[key]

    def _after_start(self, fact: Fact, day: dt.date) -> Fact:
        """A subject's start (its founding, birth, release) is the one its pages state (`start_fact`), and
        every year a list of its years gives falls between that start and the year before `day`: "won the
        championship in 1981" of a club its pages found in 1993 (g26 reader #32)."""
        key = START_KIND.get(fact.subject.kind)
        if key is None:
            return fact
        if fact.kind == key:
            return start_fact(fact.subject, key, day)
        if (
            KINDS[fact.kind].vtype != "list"
            or not fact.items
            or not all(_YEAR.fullmatch(i) for i in fact.items)
        ):
            return fact
        start = self._facts.get((fact.subject.name, fact.subject.kind, key)) or start_fact(
            fact.subject, key, day
        )
        first = year_of(start)
        if first is None or first >= day.year - 1:
            return fact
        span = day.year - first
        years = tuple(dict.fromkeys(str(first + (int(y) - 1950) % span) for y in fact.items))
        shown, alts = values.listing(list(years))
        return replace(fact, value=shown, items=years, number=float(len(years)), alts=tuple(alts))

    def _keyed(self, kind: str, day: dt.date) -> str:
        """A market figure is one value per session (a price drawn for a question of 1 March was the price of
        a question of 28 February, dated 1 March: the set's members are shared): `kind@session`."""
        return f"{kind}@{self._session(kind, day).isoformat()}" if kind in _SESSION_KINDS else kind

    def _session(self, kind: str, day: dt.date) -> dt.date:
        """The session a market figure asked at the question's moment is of (`_priced`)."""
        at = self.at or dt.datetime.combine(day, dt.time(23, 59))
        if kind == "fin.volume":  # a session's shares traded: the open one's so far, else the last
            # whole one ("19.77 million shares have changed hands today" asked at 05:01 ET, before the open:
            # g27 reader #12)
            return at.date() if market_days.in_session(at) else market_days.closed_session(at)
        # a price and a closing price: the last close that had happened (`KgSource._price`), so "what is the
        # closing price?" asked after the day's close is that day's (g29 reader #3)
        return market_days.closed_session(at)

    def _priced(self, fact: Fact, day: dt.date) -> Fact:
        """A price or volume dated as the question's moment knows it: the current price the last close that
        had happened (no intraday prices are invented), a closing price too (g26 reader #9: a 27 Feb 13:13 PT
        "cost of 50 shares" priced at 23 Feb's close; g29 reader #3), a volume the session in progress or else
        the last whole one."""
        if fact.kind not in _SESSION_KINDS:
            return fact
        when = self._session(fact.kind, day)
        return replace(fact, as_of=when.isoformat())

    def has(self, subject: Subject, kind: Kind) -> bool:
        """Whether `subject`'s value of `kind` was drawn already (some question or set may state it)."""
        return (subject.name, subject.kind, kind.key) in self._facts

    def redraw(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact:
        """Another value in place of the one drawn (a set's ranking wants no ties)."""
        self._facts.pop((subject.name, subject.kind, self._keyed(kind.key, day)), None)
        return self.fact(subject, kind, day, rng)

    def remember(self, fact: Fact) -> None:
        """Take `fact` as the subject's value of its kind (what makes a member one of a set: its director)."""
        kind = f"{fact.kind}@{fact.as_of[:10]}" if fact.kind in _SESSION_KINDS else fact.kind
        self._facts[(fact.subject.name, fact.subject.kind, kind)] = fact

    def related(self, subject: Subject, rng: random.Random) -> tuple[str, Subject] | None:
        """An invented related entity along the subject kind's relation."""
        if subject.kind not in RELATIONS:
            return None
        phrase, target_kind = RELATIONS[subject.kind]
        held = self._facts.get((subject.name, subject.kind, f"rel:{phrase}"))
        if held is not None:  # what a set made it (`remember`): a roster's player plays for the roster's team
            return phrase, Subject(held.value, subject.domain, target_kind)
        related = invent.invent_subject(subject.domain, target_kind, rng)
        for attempt in range(REDRAW_NAMES):
            if self._free(related):
                break
            related = invent.invent_subject(subject.domain, target_kind, rng, long=attempt >= SHORT_TRIES)
        self._names.add(name_key(related.name))  # taken too: a film "Painted Storm" beside a band's name
        return phrase, related

    def chain(self, domain: str, rng: random.Random) -> tuple[Subject, list[tuple[str, Subject]]] | None:
        """None: invented subjects have no graph to walk (their multi-hop questions take one step)."""
        return None
