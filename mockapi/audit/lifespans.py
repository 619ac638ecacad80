"""Events outside an entity's life: dated sentences about an entity on the wrong side of its start.

Read from the pages and the KG, never from the generator's plans. An entity's **start** is its KG date (a
film's or song's release, a person's or artist's birth) or what a page says of it ("X was released on ...",
"X was founded in ...", "X's date of birth is ..."). A content sentence of the top-10 pages of up to
`QUESTIONS` questions that names a started entity and a year is an **event outside its life** when the year
falls outside the window its kind of event allows (`windows`: the audit's own, read from the sentence's
words, never the generator's: a work made within a few years before its release and seen, reviewed, sampled
or streamed after it; nothing of a company, club, place or band before its founding; nothing public of a
person before 16, no act of theirs after a KG death). Sentences stating the start itself are exempt. Target 0
(issue 31: all 6 absurd facts of g20's final reading were of this kind).

`read_pages` reads the same pages once for this scan, `eras` (anachronisms) and `magnitudes` (numbers out
of their era): the content sentences of the top 10 of the first `QUESTIONS` questions, with each page's own
starts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from mockapi.audit import form, store
from mockapi.audit.data import AuditQuestion, Corpus, table_names
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.text import FUNCTION_WORDS, is_content_sentence, sentences
from mockapi.audit.windows import (
    DEBUT_MIN,
    OLD_BORN,
    PEOPLE,
    PRESENT,
    Day,
    Life,
    age_violation,
    dates_in,
    violation,
)

QUESTIONS = 200
EXAMPLES = 5
AGE_RULES = (f"debut before {DEBUT_MIN}", f"born before {OLD_BORN}, no death, acting from {PRESENT}")
_NAME = r"^(?P<name>[A-Z][\w'’&.\- ]{1,60}?)"  # the sentence's subject ("a slowed edit of X was released")
_WHEN = r"[^.;]*?\b(?P<year>1[6-9]\d\d|20\d\d)\b"
# a page's own anchor statements, by the life kind they start
_STARTS = (
    (re.compile(rf"{_NAME} (?:was|were) (?:first |originally )?released (?:on|in){_WHEN}"), "work"),
    (re.compile(rf"{_NAME}'s? (?:release date|release) (?:is|was){_WHEN}"), "work"),
    (re.compile(rf"{_NAME} (?:was|were) (?:founded|established|formed) (?:on|in){_WHEN}"), "company"),
    (re.compile(rf"{_NAME}'s? (?:founding year|founding date) (?:is|was){_WHEN}"), "company"),
    (re.compile(rf"{_NAME} (?:was born|came into the world) (?:on|in){_WHEN}"), "person"),
    # a caption: "The Dark Tide (released: June 20, 1965)"
    (re.compile(rf"{_NAME} \((?:released|release date|premiered|premiere date)\s*:?{_WHEN}"), "work"),
    (re.compile(rf"{_NAME} \((?:born|date of birth)\s*:?{_WHEN}"), "person"),
    (re.compile(rf"{_NAME} \((?:founded|established)\s*:?{_WHEN}"), "company"),
    (re.compile(rf"{_NAME}'s? (?:date of birth|birth date|birthday) (?:is|was){_WHEN}"), "person"),
)
_KG = (
    ("SELECT title, release_date, NULL FROM movie_movies", "movie"),
    ("SELECT name, date, NULL FROM music_songs", "song"),
    ("SELECT name, birth_date, end_date FROM music_artists WHERE members IS NULL", "person"),
    ("SELECT name, birth_date, NULL FROM music_artists WHERE members IS NOT NULL", "band"),
    ("SELECT name, birthday, NULL FROM movie_persons", "person"),
)
# open-domain entities: a person's birth and death, an organisation's founding, a place's settling
_OPEN = (
    ("birth_date", "death_date", "person"),
    ("founded", "", "company"),
    ("established_date", "", "company"),
)
_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")
# a sentence stating a KG-dated entity's start in any frame ("The profile of X lists 21 Jul 2016 as the
# release date"); "released" is said of videos and remixes too ("X's video was released on ...")
_SAID = {
    "movie": re.compile(r"\b(?:release date|premiere date)\b"),
    "person": re.compile(r"\b(?:born|birthday|birth date|date of birth)\b"),
    "band": re.compile(r"\b(?:formed|founded)\b"),
}
_SAID["song"] = _SAID["movie"]
_LABEL = re.compile(
    r"^(Release date|Premiere date|Released|Date of birth|Born|Founded|Formed)\s*:\s*(.+)$", re.I
)
_FILMED = re.compile(r"\b(?:film|movie|scenes?|shots?|sequences?|filmed|staged|screened|trailer|reel)\b")
_OWN = ("was released", "was born", "was founded", "was formed", "came into the world")
_HEADING = re.compile(r"\((?:19|20)\d\d\)$")  # "X facts and figures (2023)": a heading, no event
_WORD = re.compile(r"\b[A-Z][\w'’&.-]*")
_THE_FILM = re.compile(r"\b[Tt]he (?:film|movie|picture|feature)\b")


class _Lives(TypedDict):
    sentences: int
    violations: int
    examples: list[str]


class LifeFigures(_Lives, total=False):
    rules: dict[str, RuleCheck]  # the rules joined to the line (`relative`)


class AgeFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


def kg_starts(world: Path | None) -> dict[str, Life]:
    """Starts of the KG's films, songs, people, bands, organisations and places, by name (a name two
    entities share is left out)."""
    out: dict[str, Life] = {}
    clash: set[str] = set()
    if world is None or not (world / "kg.duckdb").is_file():
        return out

    def add(name: object, kind: str, when: object, end: object = None) -> None:
        found = dates_in(str(when or ""))
        if not name or not found:
            return
        ended = dates_in(str(end or ""))
        life = Life(kind, *found[0], end=ended[0][0] if ended else 0)
        if out.setdefault(str(name), life).begins[0] != life.start:
            clash.add(str(name))

    with store.connect(world / "kg.duckdb") as con:
        tables = table_names(con)
        for sql, kind in _KG:
            if sql.split(" FROM ")[1].split()[0] in tables:
                for name, when, end in con.execute(sql).fetchall():
                    add(name, kind, when, end)
        if "open_entities" in tables:
            for name, doc in con.execute("SELECT name, summary_structured FROM open_entities").fetchall():
                facts = json.loads(doc or "{}")
                for start, end, kind in _OPEN:
                    if facts.get(start):
                        add(name, kind, facts[start], facts.get(end) if end else None)
                        break
    return {n: life for n, life in out.items() if n not in clash}


def page_starts(text: list[str], known: dict[str, list[tuple[str, Life]]], head: str = "") -> dict[str, Life]:
    """What a page's own sentences say of when its entities started: in an anchor frame, or any sentence
    with an anchor word and a year naming a KG-dated entity ("The profile of X lists 21 Jul 2016 as the
    release date": the page's date, not the KG's, is what its reader holds the page to), or a labelled row
    ("Release date: 1982-09-12") of the KG-dated name its `head` (title) names. A page that states when a
    person was born and not when they died keeps the KG's death of that name: "Gianfranco Yu (birth date:
    September 5, 1920)" dropped the KG's 2017 death, and "Gianfranco Yu spoke at a hospital in Seville in
    February 2015" read as a man born before 1925 with no death acting in 2015 (the g38 default world)."""
    out: dict[str, Life] = {}
    for sentence in text:
        for pattern, kind in _STARTS:
            for found in pattern.finditer(sentence):  # (one at most: anchored)
                name = found["name"].strip().rstrip(".")
                out.setdefault(name, _dated(kind, found[0], int(found["year"]), _kg_end(name, kind, known)))
        label = _LABEL.match(sentence)
        if label is not None and (year := _YEAR.search(label[2])) is not None:
            for name, life in named(head, known)[:1]:
                out.setdefault(name, _dated(life.kind, label[2], int(year[1]), life.end))
        year = _YEAR.search(sentence)
        if year is not None:
            for name, life in named(sentence, known)[:1]:
                said = _SAID.get(life.kind)
                # "X was released on" first, after "that " or an opener's comma (not "a reworking of X ...")
                marked = f"^{sentence}"
                own = any(f"{lead}{name} {v}" in marked for lead in ("^", "that ", ", ") for v in _OWN)
                if own or (said is not None and said.search(sentence)):
                    out.setdefault(name, _dated(life.kind, sentence, int(year[1]), life.end))
    return out


def _kg_end(name: str, kind: str, known: dict[str, list[tuple[str, Life]]]) -> int:
    """The year the KG's person of exactly `name` died (0: none, or `kind` is not a person's)."""
    if kind not in PEOPLE:
        return 0
    return next((life.end for n, life in known.get(name.split(" ", 1)[0], ()) if n == name and life.end), 0)


def named(sentence: str, *indexes: dict[str, list[tuple[str, Life]]]) -> list[tuple[str, Life]]:
    """The dated names a sentence holds, the first named first (the longest at one place)."""
    words = dict.fromkeys(_WORD.findall(sentence))
    found = [c for w in words for index in indexes for c in index.get(w, ()) if whole(c[0], sentence)]
    return sorted(found, key=lambda c: (sentence.find(c[0]), -len(c[0])))


def by_word(starts: dict[str, Life]) -> dict[str, list[tuple[str, Life]]]:
    """Started names by their first word (a sentence is checked against the names its words begin)."""
    out: dict[str, list[tuple[str, Life]]] = {}
    for name, life in starts.items():
        # one word is as often a common word ("Last" the film, "Last spring"); a KG variant ending in a mark
        # ("Cathedral of Stranger.") is any sentence's last words
        if (" " in name and name[-1:].isalnum()) or name.endswith(")"):
            out.setdefault(name.split()[0], []).append((name, life))
    return out


# a capitalised word before a name that opens a sentence or clause, not a longer name ("Meanwhile X ...")
_OPENERS = frozenset(
    {"meanwhile", "yesterday", "today", "tonight", "later", "earlier", "recently", "finally", "now", "once"}
    | {"though", "although", "like", "unlike", "per", "via", "including", "starring", "featuring", "dear"}
)
_BEFORE = re.compile(r"(?:^|[^\w'’.-])([A-Z][a-z'’]+) $")


def whole(name: str, sentence: str) -> bool:
    """Whether `sentence` names `name` whole, not inside a longer name a look-alike has ("The Hollow" in "The
    Hollow River", "Fanira Inc" in "Fanira Inc.", "Northern Harbor" in "The Northern Harbor", "Voyage II" in
    "Electric Voyage II": the g38 default world's web film read as the KG's 1980 "Voyage II")."""
    at = sentence.find(name)
    while at >= 0:
        after = sentence[at + len(name) : at + len(name) + 3]
        before = _BEFORE.search(sentence[max(0, at - 30) : at])
        longer = (
            after[:1].isalnum()
            or (before is not None and before[1].lower() not in FUNCTION_WORDS | _OPENERS)
            or (after[:1] == " " and after[1:2].isupper())  # "The Hollow River"
            or (after[:2] == ". " and after[2:3].islower())  # "Fanira Inc. went public" is not "Fanira Inc"
            or (
                sentence[max(0, at - 4) : at] == "The " and not name.startswith("The ")
            )  # "The Northern Harbor"
        )
        if not longer:
            return True
        at = sentence.find(name, at + 1)
    return False


def _dated(kind: str, text: str, year: int, end: int = 0) -> Life:
    """The life of `kind` starting at the full date `text` gives for `year`, else at the year (ending in
    `end`: the KG's, for a person)."""
    return Life(kind, *next((d for d in dates_in(text) if d[0] == year), (year, 0, 0)), end=end)


@dataclass(frozen=True)
class Page:
    """One result page as the dated scans read it: the question's year, the page's head (title and first
    words), every sentence, the content sentences and the starts the page itself states, by first word."""

    year: int
    head: str
    every: list[str]
    lines: list[str]
    own: dict[str, list[tuple[str, Life]]]
    asked: Day = (0, 0, 0)  # the question's query day (what an undated "now" on the page means)
    text: str = ""  # the visible text as stored (tables are lines of it)

    def subject(self, known: dict[str, list[tuple[str, Life]]]) -> tuple[str, Life] | None:
        """The dated entity the page is about: the first its title (the head's first line) names. The head's
        body names others: "Crimson Letters: everything explained / Key facts / Midnight Letters was released
        on 24 Dec 1954." dated every unnamed sentence of the page about Crimson Letters (released 1992, a
        song the KG does not hold) by a look-alike's 1954 (g28: all 18 of the anachronisms line's counts)."""
        found = named(self.head.split("\n", 1)[0], self.own, known)
        return found[0] if found else None


def read_pages(
    corpus: Corpus, qs: list[AuditQuestion]
) -> tuple[list[Page], dict[str, list[tuple[str, Life]]]]:
    """The top-10 pages of the first `QUESTIONS` questions (a page once per question that ranks it) and the
    KG's starts by first word."""
    known = by_word(kg_starts(corpus.world))
    out: list[Page] = []
    for q in qs[:QUESTIONS]:
        asked = _YEAR.search(q.query_time)
        if asked is None:
            continue
        day = query_day(q.query_time)
        for text in corpus.text([r.page_id for r in q.results[: form.TOP]]).values():
            every = sentences(text)
            lines = [s for s in every if is_content_sentence(s)]
            own = by_word(page_starts(every, known, text[:300]))
            out.append(Page(int(asked[1]), text[:300], every, lines, own, day, text))
    return out, known


def query_day(query_time: str) -> Day:
    """The day of a query time ("03/01/2024, 10:00:00 PT"; ISO too), (0, 0, 0) when it gives none."""
    found = [d for d in dates_in(query_time) if d[2]]
    return found[0] if found else (0, 0, 0)


def lifespan_scan(corpus: Corpus, qs: list[AuditQuestion]) -> LifeFigures:
    """Content sentences of the top-10 pages naming a started entity and a year; those outside its life."""
    return lifespan_count(*read_pages(corpus, qs))


def lifespan_count(pages: list[Page], known: dict[str, list[tuple[str, Life]]]) -> LifeFigures:
    """`lifespan_scan` over pages read already."""
    return _lives(list(dated_sentences(pages, known)))


def lives_and_ages(
    pages: list[Page], known: dict[str, list[tuple[str, Life]]]
) -> tuple[LifeFigures, AgeFigures]:
    """`lifespan_count` and `age_count` over one walk of the sentences (finding the names is the cost)."""
    found = list(dated_sentences(pages, known))
    return _lives(found), _ages(found)


def _lives(found: list[tuple[Page, str, str, Life]]) -> LifeFigures:
    total = bad = 0
    examples: list[str] = []
    for page, s, name, life in found:
        total += 1
        if violation(s, life, page.year, name) is not None:
            bad += 1
            if len(examples) < EXAMPLES:
                examples.append(f"{name} ({life.kind} {_show(life)}): {s[:150]}")
    return {"sentences": total, "violations": bad, "examples": examples}


def age_count(pages: list[Page], known: dict[str, list[tuple[str, Life]]]) -> AgeFigures:
    """People out of their ages (`windows.age_violation`: a debut before 10; born before 1925 with no KG
    death and acting from 2015) in the sentences the lives line reads. Target 0."""
    return _ages(list(dated_sentences(pages, known)))


def _ages(found: list[tuple[Page, str, str, Life]]) -> AgeFigures:
    out: dict[str, RuleCheck] = {rule: empty_rule() for rule in AGE_RULES}
    for page, s, name, life in found:
        if life.kind not in PEOPLE:
            continue
        broken = age_violation(s, life, page.year, name)
        for rule, check in out.items():
            if broken is None or broken[0] == rule:
                note(check, broken is not None, f"{name} ({_show(life)}): {s}")
    return {"violations": sum(r["violations"] for r in out.values()), "rules": out}


def dated_sentences(
    pages: list[Page], known: dict[str, list[tuple[str, Life]]]
) -> Iterator[tuple[Page, str, str, Life]]:
    """Each content sentence with a year and the dated entity it names first: what it tells of ("X played
    with Y in 1994"); a page's own statement of its start before the KG's (its candidates come first)."""
    for page in pages:
        subject: list[tuple[str, Life]] | None = None
        for s in page.lines:
            if _YEAR.search(s) is None or _HEADING.search(s):
                continue
            found = named(s, page.own, known)[:1]
            if not found and _THE_FILM.search(s):
                # "a midnight screening on Mar. 5, 1981 revived the feature": the film the page is about
                if subject is None:
                    top = page.subject(known)
                    subject = [top] if top is not None and top[1].kind == "movie" else []
                found = subject
            for name, life in found:
                if (
                    life.kind != "movie"
                    and name not in page.own
                    and (_FILMED.search(s) or _filmed(page, name, life))
                ):
                    continue  # a film sharing a KG song's, band's, person's or company's name (not the KG's)
                yield page, s, name, life


def _filmed(page: Page, name: str, life: Life) -> bool:
    """Whether a KG company's or band's name is a film on this page: three of its sentences name it with a
    word of film-making ("Some scenes of The River were reportedly captured on studio stages", "several
    sequences of The River were staged in Bristol"), so "the closing act of The River took shape at a sound
    stage" (1985) is no act of the KG's company The River before its 1988 founding (generator 38's 20,000
    train world), nor "the closing minutes from Electric Sky were captured around Austin" (1987) the KG band
    Electric Sky's before it formed in 1990 (generator 40's default world; both found by cases37). A band's
    video is filmed too, hence three such sentences (the film pages read 8-15); people and songs are in films
    and videos of their own: not them."""
    return (
        life.kind in ("company", "band")
        and sum(name in line and bool(_FILMED.search(line)) for line in page.lines) >= 3
    )


def _show(life: Life) -> str:
    return "-".join(str(x).zfill(2) for x in life.begins if x)
