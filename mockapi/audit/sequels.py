"""Works in order and box office: a sequel before its original, a weekend gross long after the release.

The g22 reader found "Last Atlas II" released in 1973 before the 1998 "Last Atlas", "Crimson Kingdom II"
(1965) and films of 1957 and 1965 taking $27-86m "at the box office last weekend" in 2023-24. Two rules,
each what any reader holds a page to:

- **sequels in order**: a film titled "X II", "X 2" or "X Part 2/II/Two" released before a film "X" of the
  same world (the KG's films, and the works the pages read state, "X was released on ...", but the KG's
  songs), compared at the precision both give. Each pair once. A KG song "X II" by another artist is another
  song, not a sequel (all 23 cases of g23's landed world were KG look-alike songs by other artists: "Chase
  Like a Tide II" by Theox, 2007, beside Rudolf Aguiló's "Chase Like a Tide", 2024); since the g24 reading
  the KG's songs "X II" and "X" **by one artist** are read too, and the pages ranked below the top 10 whose
  title names a sequel ("Distant Lanterns II: what to know", rank 19 of the reader's Q24: released 2000,
  before the 2008 "Distant Lanterns" of rank 1) lend their own release statements (`far_pages`).
- **weekend grosses in release**: a gross "at the box office last/this weekend" ("weekend box office") told
  more than `RUN_MONTHS` months after the film's release (a film's run is weeks; re-releases, anniversaries
  and restorations are exempt when the sentence says so). The film is the one the sentence names (its page's
  own stated release first, else the KG's), else the page's subject; the date told is the sentence's own,
  else its question's query day.

Counted over the pages `lifespans.read_pages` reads and the KG. Target 0.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypedDict

from mockapi.audit import form
from mockapi.audit.awards import SET_YEAR as _SET_YEAR
from mockapi.audit.data import AuditQuestion, Corpus, kg_rows
from mockapi.audit.lifespans import QUESTIONS, Page, by_word, named, page_starts, query_day
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.text import sentences
from mockapi.audit.windows import WORKS, Day, Life, before, dates_in, show_day

RUN_MONTHS = 12
_SEQUEL = re.compile(r"^(?P<base>.+?):? (?:II|2|Part (?:2|II|Two))$")
_WEEKEND = re.compile(
    r"\b(?:box office (?:last|this|over the|on the) weekend|(?:last|this) weekend's box office|"
    r"weekend box office|(?:took|grossed|earned|made|pulled in|brought in) [^.;]{0,40}? "
    r"(?:last|this|over the) weekend|(?<!opening )(?<!debut )(?<!first )weekend gross(?:es)?)\b",
    re.I,
)
# a result title naming a sequel: "Distant Lanterns II: what to know", "What to know | Distant Lanterns II"
_TITLE = re.compile(r"(?:^|[:|]\s*)(?P<title>[A-Z][^:|]*? (?:II|2|Part (?:2|II|Two)))\s*(?:$|[:|]| - )")
_RELEASED = re.compile(
    r"^(?:The (?:listed )?release date of (?P<a>[A-Z][^,;]{1,60}?) (?:is|was)(?: listed as)?|"
    r"(?:According to|Going by|Per|Based on) [^,;]{1,40}, (?P<b>[A-Z][^,;]{1,60}?) was released (?:on|in))\b"
)
# a table row of a list page: a title, then its value ("Distant Lanterns $3.0 million")
_ROW = re.compile(r"^(?P<name>[A-Z][\w'’&.\- ]{1,60}?)\s+(?:US\$|\$|€|£|\d)")
_ANAPHOR = re.compile(r"\b(?:[Tt]he (?:film|movie|picture|feature|sequel)|^It)\b")
_AGAIN = re.compile(r"\b(?:re-?releas\w*|reissu\w*|anniversary|restor\w*|revival|back in cinemas)\b", re.I)


class SequelFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


def sequel_scan(
    pages: list[Page],
    known: dict[str, list[tuple[str, Life]]],
    far: list[Page] | None = None,
    world: Path | None = None,
) -> SequelFigures:
    """Both rules (module docstring) over the KG and the pages read; `far`: the pages below the top 10 whose
    title names a sequel (their release statements only); `world`: its KG's songs by one artist."""
    rules = {"sequels before their original": empty_rule(), "weekend grosses after the run": empty_rule()}
    released: dict[str, set[Day]] = {}
    songs = {name for index in known.values() for name, life in index if life.kind == "song"}
    for index in known.values():  # the KG's films (names of two words or more)
        for name, life in index:
            if life.kind == "movie":
                released.setdefault(name, set()).add(life.begins)
    for page in [*pages, *(far or [])]:
        for index in page.own.values():
            for name, life in index:
                if life.kind in WORKS and name not in songs:
                    released.setdefault(name, set()).add(life.begins)
        for name, day in [*stated_releases(page.every), *listed_works(page)]:
            if name not in songs:
                released.setdefault(name, set()).add(day)
    for page in pages:
        for s in page.lines:
            if _WEEKEND.search(s) and not _AGAIN.search(s):
                _weekend(s, page, known, rules["weekend grosses after the run"])
    order = rules["sequels before their original"]
    for title, days in sorted(released.items()):
        found = _SEQUEL.match(title)
        if found is None or found["base"] not in released:
            continue
        early, first = min(days), min(released[found["base"]])
        said = f"{title} ({show_day(early)}) before {found['base']} ({show_day(first)})"
        note(order, before(early, first), said)
    for title, day, base, first in kg_song_pairs(world):
        said = f"{title} ({show_day(day)}) before {base} ({show_day(first)}), one artist's"
        note(order, before(day, first), said)
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def stated_releases(lines: list[str]) -> list[tuple[str, Day]]:
    """(work, day) of the release statements the lives line's anchors do not read, for this rule only (its
    anchors stay as measured): "The release date of X is March 4th, 2000", "According to public records, X
    was released on May 4, 2000"."""
    out = []
    for s in lines:
        found = _RELEASED.search(s)
        days = dates_in(s[found.end() :]) if found is not None else []
        if found is not None and days:
            out.append(((found["a"] or found["b"]).strip(), days[0]))
    return out


def listed_works(page: Page) -> list[tuple[str, Day]]:
    """(work, its year) of the rows of a page headed as one year's films ("Animated films of 2008": the
    g24 reader's Q24, where no page states the 2008 original's release but its year's lists)."""
    heading = _SET_YEAR.search(page.text[:200].split("\n", 1)[0])
    if heading is None:
        return []
    year = int(heading["a"] or heading["b"])
    rows = (_ROW.match(line.strip()) for line in page.text.splitlines() if len(line) < 80)
    return [(row["name"], (year, 0, 0)) for row in rows if row is not None]


def kg_song_pairs(world: Path | None) -> list[tuple[str, Day, str, Day]]:
    """(sequel, its release, original, its release) of the KG's songs "X II" and "X" by one artist."""
    by_artist: dict[str, dict[str, Day]] = {}
    for name, author, when in kg_rows(world, {"music_songs"}, "SELECT name, author, date FROM music_songs"):
        found = dates_in(str(when or ""))
        if author and found:
            by_artist.setdefault(str(author), {}).setdefault(str(name), found[0])
    out = []
    for songs in by_artist.values():
        for title, day in sorted(songs.items()):
            sequel = _SEQUEL.match(title)
            if sequel is not None and sequel["base"] in songs:
                out.append((title, day, sequel["base"], songs[sequel["base"]]))
    return out


def far_pages(
    corpus: Corpus, qs: list[AuditQuestion], known: dict[str, list[tuple[str, Life]]]
) -> list[Page]:
    """The pages below the top 10 of the first `QUESTIONS` questions whose result title names a sequel, each
    with the starts it states (what `sequel_scan` reads of them)."""
    wanted = [
        (q, r.page_id)
        for q in qs[:QUESTIONS]
        for r in q.results[form.TOP :]
        if _TITLE.search(r.name) is not None
    ]
    texts = corpus.text([pid for _, pid in wanted])
    out = []
    for q, pid in wanted:
        text = texts.get(pid, "")
        every = sentences(text)
        own = by_word(page_starts(every, known, text[:300]))
        day = query_day(q.query_time)
        out.append(Page(day[0], text[:300], every, [], own, day, text))
    return out


def _weekend(s: str, page: Page, known: dict[str, list[tuple[str, Life]]], rule: RuleCheck) -> None:
    films = [(n, life) for n, life in named(s, page.own, known) if life.kind in WORKS]
    # the page's own film when the sentence says "the film" ("Distant Canyon took $3m" on another film's
    # page names a film the scan does not date)
    if not films and _ANAPHOR.search(s) and (subject := page.subject(known)) is not None:
        films = [subject] if subject[1].kind in WORKS else []
    told = next(iter(sorted(dates_in(s), reverse=True)), page.asked)
    if not films or not told[0]:
        return
    name, life = films[0]
    said = f"{name} ({show_day(life.begins)}) at {show_day(told)}: {s}"
    note(rule, _months(life.begins, told) > RUN_MONTHS, said)


def _months(start: Day, told: Day) -> int:
    """Whole months from `start` to `told` at the precision both give (years only: 12 a year)."""
    if start[1] and told[1]:
        return (told[0] - start[0]) * 12 + told[1] - start[1] - (1 if start[2] > told[2] > 0 else 0)
    return (told[0] - start[0]) * 12
