"""Questions read against the KG: an age asked of the dead or the very old, and one fact asked twice.

The g25 reader found the gold "kumar bertin is 111 years old" of a man the KG has dead in 1957, and the world
engineer counted 178 facts asked twice among the default world's 1,200 questions (g24's tiny world asked
"who is the director of the 1974 film the echo's silence?" and "what's the director of echo's silence from
1974?"; one's pages showed the gold, the other's did not). Two rules, each read from the question's text, its
gold and the KG, never from the generator:

- **ages asked of the dead or the very old**: a question asking a person's present age ("how old is X",
  "X's age", "what age is X now"; not "how old was X when ...", "how many years ago was X born") whose
  subject, a KG person it names (the longest name; among namesakes, those whose birth fits the gold's age),
  has a KG death on or before the query day, or was born before `OLDEST_LIVING` (real CRAG asks the ages of
  the living; a person born in 1925 is 99 in 2024); a gold age that puts the birth before `OLDEST_LIVING`
  is one too, whatever the KG says;
- **the same fact asked twice**: two answerable questions of one world with the same relation (the world's
  `fact_kinds`, else none), the same value (one's gold, normalised, states the other's: "noel ortmann" and
  "noel ortmann is the director of the echo's silence"), the same subject (a KG entity of the relation's kind
  both name, the longest at a place, "the" dropped; a question naming none: its rare words, the set
  it asks about) and the same condition (the days it names, "yesterday" and the like resolved against its
  query time, and for a question that is not static, its query day), whatever the wording. Each question
  beyond the first of a fact counts once.

A corpus without a KG (real CRAG records) checks ages against nothing and compares the subjects' rare words;
the fixture reads 0. Target 0.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from mockapi.audit import store
from mockapi.audit.data import AuditQuestion, kg_rows, table_names
from mockapi.audit.labels import tickers
from mockapi.audit.lifespans import query_day
from mockapi.audit.prices import strip_class
from mockapi.audit.rules import RuleCheck, RuleGroup, empty_rule, note
from mockapi.audit.text import FUNCTION_WORDS
from mockapi.audit.windows import Day, dates_in
from mockapi.audit.words import COMMON_WORDS
from mockapi.core.paths import QUESTIONS_DB

OLDEST_LIVING = 1926
AGES = f"ages asked of the dead or born before {OLDEST_LIVING}"
REPEATS = "the same fact asked twice"
MAX_NAME_WORDS = 8
# a present age: "how old is X", "X's age", "the age of X", "what age is X now"
_AGE = re.compile(
    r"\bhow old (?:is|'s|’s)\b|\bhow old\b[^?]*\b(?:now|today|currently|this year)\b|"
    r"\b(?:current|present) age\b|\bage (?:is|of)\b|['’]s? age\b|\bwhat age is\b|\bage now\b"
)
# a past age or an age at an event: a fact about the dead too
_PAST_AGE = re.compile(
    r"\bhow old (?:was|were|did|when)\b|\bwhen\b|\bat the time\b|\bage at\b|\bat (?:his|her|their) death\b|"
    r"\bborn\b|\bdied\b|\bdeath\b|\bretire\w*\b|\bdebut\w*\b|\bago\b"
)
_GOLD_AGE = re.compile(r"\b(\d{1,3})(?: years? old|-year-old| years of age|$)")
_WORDS = re.compile(r"[a-z0-9à-ÿ][\w'’.&-]*", re.I)
_TICKER = re.compile(r"\b[a-z]{2,5}\b")
_POSSESSIVE = re.compile(r"(?:'s?|’s?)$")
# a relation's subject kind, by the prefix of the world's fact kind ('mv.director', 'rel:parent company')
_SUBJECT_KINDS = {
    "mv": {"movie"},
    "mu": {"song", "artist", "band"},
    "fin": {"company"},
    "sp": {"nba_team", "soccer_team"},
    "pe": {"person", "artist"},
    "op": {"place", "organization", "concept", "person"},
}
# a year that qualifies a name ("(founded 1969)", "the 1974 film", "from 1974"), not a condition of the fact
_QUALIFIER_YEAR = re.compile(
    r"(?:\b(?:founded|established|formed|born|from|debuted|released|started|in)\s+|\()((?:1[6-9]|20)\d\d)\b|"
    r"\b((?:1[6-9]|20)\d\d)\s+(?:film|movie|song|single|album|picture|thriller|drama|comedy|release)\b"
)
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_MONTH_DAY = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?\b"
    r"(?!,? \d{4})"
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_LIST = re.compile(r",\s+[^\d\s]| and .*,|, .* and ")
_RELATIVE_DAY = re.compile(r"\b(yesterday|today|tonight|last (?:week|month|year|game|season|night))\b")


@dataclass(frozen=True)
class Person:
    """A KG person's birth and death (a day at the precision the KG gives; (0, 0, 0) where it gives none)."""

    born: Day
    died: Day


def kg_people(world: Path | None) -> dict[str, list[Person]]:
    """The KG's people by lower-cased name (namesakes and case-variant twins share a key): film people,
    solo artists (their `end_date` a death), open-domain people and companies' officers (their birth year)."""
    out: dict[str, list[Person]] = defaultdict(list)
    if world is None or not (world / "kg.duckdb").is_file():
        return out

    def add(name: object, born: object, died: object = None) -> None:
        b, d = dates_in(str(born or "")), dates_in(str(died or ""))
        if name and b:
            out[str(name).lower()].append(Person(b[0], d[0] if d else (0, 0, 0)))

    with store.connect(world / "kg.duckdb") as con:
        tables = table_names(con)
        if "movie_persons" in tables:
            for name, born in con.execute("SELECT name, birthday FROM movie_persons").fetchall():
                add(name, born)
        if "music_artists" in tables:
            sql = "SELECT name, birth_date, end_date FROM music_artists WHERE members IS NULL"
            for name, born, end in con.execute(sql).fetchall():
                add(name, born, end)
        if "open_entities" in tables:
            for name, doc in con.execute("SELECT name, summary_structured FROM open_entities").fetchall():
                facts = json.loads(doc or "{}")
                if facts.get("birth_date"):
                    add(name, facts["birth_date"], facts.get("death_date"))
        if "fin_info" in tables:
            for (doc,) in con.execute("SELECT doc FROM fin_info").fetchall():
                for officer in json.loads(doc or "{}").get("companyOfficers") or []:
                    if officer.get("yearBorn"):
                        add(officer.get("name"), officer["yearBorn"])
    return out


def kg_names(world: Path | None) -> dict[str, set[str]]:
    """Every KG entity's lower-cased name (and without a leading "the ") with the kinds it is a name of."""
    out: dict[str, set[str]] = defaultdict(set)
    for name, kind in kg_rows(world, {"entities"}, "SELECT name, kind FROM entities"):
        # a security's name up to its class, without a closing period ("Ardline Group Inc. Common Stock" is
        # asked as "ardline group inc.", read as "ardline group inc")
        low = strip_class(str(name)).lower().strip().rstrip(".")
        for variant in {low, low.removeprefix("the ")}:
            out[variant].add(str(kind))
    return out


def names_in(query: str, names: dict[str, set[str]] | dict[str, list[Person]]) -> list[str]:
    """The names of `names` a lower-cased question holds whole (a possessive is its name: "ruiz's"), longest
    first."""
    words = [w.rstrip("?.,!:;)") for w in _WORDS.findall(query.lower())]
    found: set[str] = set()
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + MAX_NAME_WORDS) + 1):
            span = " ".join(words[i:j])  # "echo's silence" is a name; "ruiz's" is "ruiz"
            for name in (span, _POSSESSIVE.sub("", span)):
                if name in names:
                    found.add(name)
    return sorted(found, key=lambda n: (-len(n), n))


def age_scan(qs: list[AuditQuestion], world: Path | None) -> RuleCheck:
    """Questions asking a present age of a KG person who is dead or born before `OLDEST_LIVING`."""
    rule = empty_rule()
    people = kg_people(world)
    for q in qs:
        text = q.query.lower().replace("’", "'")
        if q.false_premise or _AGE.search(text) is None or _PAST_AGE.search(text):
            continue
        asked = query_day(q.query_time)
        gold = _GOLD_AGE.search(q.answer.strip().lower())
        age = int(gold[1]) if gold is not None else None
        too_old = age is not None and asked[0] and asked[0] - age < OLDEST_LIVING
        subject = next(iter(names_in(text, people)), None)
        if subject is None and not too_old:
            continue
        candidates = people.get(subject or "", [])
        fits = [p for p in candidates if age is None or asked[0] - age - 1 <= p.born[0] <= asked[0] - age]
        dead_or_old = [_dead_or_old(p, asked) for p in fits or candidates]
        why = "the gold's age" if too_old else (dead_or_old[0] if dead_or_old and all(dead_or_old) else "")
        note(rule, bool(why), f"{q.query} -> {q.answer} ({subject}: {why or 'alive'})")
    return rule


def _dead_or_old(p: Person, asked: Day) -> str:
    if p.died[0] and (not asked[0] or p.died <= asked or p.died[0] < asked[0]):
        return f"died {_show(p.died)}"
    return f"born {_show(p.born)}" if p.born[0] < OLDEST_LIVING else ""


@dataclass(frozen=True)
class _Asked:
    query: str
    answers: tuple[str, ...]  # normalised, padded with spaces: " noel ortmann "
    subjects: frozenset[str]
    listed: bool  # the gold is a list ("a, b and c")

    def same_fact(self, other: _Asked) -> bool:
        """Whether one's gold states the other's ("noel ortmann" in "noel ortmann is the director of ...") of
        the same subjects (all of them where either names two: "x and y: how many wins?" is not "which of x
        and z has more wins?")."""
        same = self.subjects == other.subjects or (len(self.subjects) == len(other.subjects) == 1)
        if not same or self.listed != other.listed:  # a set's list holds its top member: another fact
            return False
        return any(a in b or b in a for a in self.answers for b in other.answers)


def repeat_scan(qs: list[AuditQuestion], world: Path | None) -> RuleCheck:
    """Answerable questions asking a fact an earlier question of the world asks (module docstring)."""
    rule = empty_rule()
    names = kg_names(world)
    every_kind = set().union(*names.values()) - {"person"}
    kinds_of = _fact_kinds(world)
    # a KG ticker names its company: "which one's eps is higher, copperline corporation or simm?" and "...
    # copperline corporation and meri ..." are two facts (g44i read both as copperline's alone)
    symbols = {t: n for t, n in tickers(world).items() if t not in FUNCTION_WORDS and t not in COMMON_WORDS}
    earlier: dict[tuple[tuple[str, ...], tuple[str, ...], str], list[_Asked]] = defaultdict(list)
    for q in qs:
        if q.false_premise or not q.answers():
            continue
        kinds = kinds_of.get(q.qid, ())
        text = q.query.lower().replace("’", "'")
        wanted = set().union(*(_SUBJECT_KINDS.get(re.split(r"[.:]", k)[0], set()) for k in kinds))
        if not wanted or any(k.startswith("rel:") for k in kinds):
            wanted = every_kind
        found = [n for n in names_in(text, names) if names[n] & wanted and _named(n)]
        if q.source == "web":  # a web subject may hold a KG name: "iron empire", "the silent empire" (g30)
            found = [_span(n, text) for n in found]
        if q.domain == "finance" or any(k.startswith("fin.") for k in kinds):  # a film's "pale" is no ticker
            found += [symbols[t] for t in _TICKER.findall(text) if t in symbols]
        found = _maximal([_canonical(n) for n in found])
        subjects = frozenset(found) or _rare_words(text)
        answers = (f" {_norm(q.answer)} ",)
        asked = _Asked(q.query, answers, subjects, _LIST.search(q.answer) is not None)
        # a multi-hop question asks its last hop: its kinds name the first's
        hops = ("multi-hop",) if q.qtype == "multi-hop" else ()
        fact = (tuple(sorted(set(kinds))) + hops, _conditions(q, text, not found))
        keys = [(*fact, s) for s in sorted(subjects)]
        first = next((a for key in keys for a in earlier[key] if a.same_fact(asked)), None)
        note(rule, first is not None, f"{first.query if first else ''} / {q.query} -> {q.answer}")
        for key in keys:
            earlier[key].append(asked)
    return rule


def _fact_kinds(world: Path | None) -> dict[str, tuple[str, ...]]:
    """Per question id its fact kinds as the world stored them (none for a real corpus)."""
    if world is None or not (world / QUESTIONS_DB).is_file():
        return {}
    with store.connect(world / QUESTIONS_DB) as con:
        cols = {r[1] for r in con.execute("PRAGMA table_info('questions')").fetchall()}
        if "fact_kinds" not in cols:
            return {}
        rows = con.execute("SELECT interaction_id, fact_kinds FROM questions").fetchall()
    return {qid: tuple(json.loads(k or "[]")) for qid, k in rows}


# words that end a name in a question ("the band empire", "for empire", "secret kingdom by victor mccoy")
_BOUNDARY = (
    FUNCTION_WORDS
    | COMMON_WORDS
    | {
        "band",
        "group",
        "film",
        "movie",
        "company",
        "firm",
        "team",
        "club",
        "artist",
        "singer",
        "rapper",
        "song",
        "track",
        "album",
        "stock",
    }
)


def _span(name: str, text: str) -> str:
    """The whole name a web question gives where it holds a KG name: the KG name with the words beside it up
    to a function word, an everyday word or a kind's noun ("iron empire" and "silent empire", two web bands
    holding the KG band "empire"; "secret kingdom" and "secret circuit", two web films holding "secret", g30
    and g28). A question that holds it more than once keeps the first."""
    words = [w.strip('?.,!:;()"') for w in text.split()]
    parts = name.split()
    for i in range(len(words) - len(parts) + 1):
        if [_POSSESSIVE.sub("", w) for w in words[i : i + len(parts)]] == parts:
            lo, hi = i, i + len(parts)
            while lo > 0 and words[lo - 1] and words[lo - 1] not in _BOUNDARY:
                lo -= 1
            while hi < len(words) and words[hi] and _POSSESSIVE.sub("", words[hi]) not in _BOUNDARY:
                hi += 1
            return " ".join(_POSSESSIVE.sub("", w) for w in words[lo:hi])
    return name


def _maximal(found: list[str]) -> list[str]:
    """The names not inside a longer name found ("night of the machine", not "night" and "machine")."""
    return sorted({n for n in found if not any(n != m and f" {n} " in f" {m} " for m in found)})


def _conditions(q: AuditQuestion, text: str, unnamed: bool) -> tuple[str, ...]:
    """The days (and, for a question naming no entity, the years) a question asks its fact at."""
    asked = query_day(q.query_time)
    days = {_show(d) for d in dates_in(text.title()) if d[2]}
    for month, day in _MONTH_DAY.findall(text):
        days.add(_show((asked[0], _MONTHS.index(month[:3]) + 1, int(day))))
    qualifiers = {y for m in _QUALIFIER_YEAR.finditer(text) for y in m.groups() if y}
    years = {f"y{y}" for y in _YEAR.findall(text) if unnamed or y not in qualifiers}
    years -= {f"y{d[:4]}" for d in days}
    relative = {f"{w} of {_show(asked)}" for w in _RELATIVE_DAY.findall(text)}
    if not days and not relative and q.dynamism not in ("", "static"):
        relative.add(f"asked {_show(asked)}")
    return tuple(sorted(days | years | relative))


def _rare_words(text: str) -> frozenset[str]:
    """The words of a question naming no entity that no question's frame uses (its set's name)."""
    words = (_POSSESSIVE.sub("", w.rstrip("?.,!:;)")) for w in _WORDS.findall(text))
    return frozenset(w for w in words if w.isalpha() and w not in FUNCTION_WORDS and w not in COMMON_WORDS)


def _named(name: str) -> bool:
    """Whether a KG name found in a question names something (not a KG film called "From" or "Night")."""
    return any(w not in FUNCTION_WORDS and w not in COMMON_WORDS for w in name.split())


def _canonical(name: str) -> str:
    return name.removeprefix("the ")


def _norm(value: str) -> str:
    """Lower case, words and numbers only ("7,089" stays one number)."""
    return re.sub(r"[^\w$%.]+", " ", re.sub(r"(?<=\d),(?=\d)", "", value.lower())).strip(" .")


def _show(day: Day) -> str:
    return "-".join(str(x).zfill(2) for x in day if x)


def group(name: str, rule: RuleCheck) -> RuleGroup:
    """One rule as a line of its own."""
    return {"violations": rule["violations"], "rules": {name: rule}}
