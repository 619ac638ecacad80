"""People's ages at their works, read from the KG itself (the gold), not from any page.

The g23 reader found two absurd golds: a 1981 film directed by a man born 24 Aug 1968 (aged 12) and a film
released 1970-01-31 directed by a woman born 1961-04-04 (aged 8). The pages' ages line reads sentences; this
reads the KG's credits, so a wrong birthday is caught even where no page tells it. Each rule is what a reader
holds any filmography or discography to, at the day when both dates give one:

- **film crew under 16 at release**: a director, writer, producer or any other crew member of a KG film
  (`movie_movies.doc` crew, birthdays from `movie_persons`) younger than `CREW_MIN` on its release day;
- **film cast under 5 at release**: a cast member younger than `CAST_MIN` (babies are cast, but a credited
  role of a toddler is rare and an unborn one absurd);
- **film people over 100 at release**: anyone credited on a film released after their 100th birthday (the
  movie KG gives no deaths, so age is the only bound: the oldest real directors and actors worked into their
  late nineties, a handful past 100);
- **music before 12**: a song (`music_songs` by its author) or Grammy year of a person (`music_artists`
  without members) before they were `MUSIC_MIN`, or of a band before it formed;
- **music after death**: a person's song released more than `AFTER_DEATH` years after their KG death
  (posthumous releases exist; decades later do not).

The generator's own rules (`movie_catalog`) are never imported: the audit must not pass a wrong rule for the
reason the build did. Target 0. A corpus without a KG (real CRAG records) checks nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import duckdb

from mockapi.audit import store
from mockapi.audit.data import table_names
from mockapi.audit.lifespans import AgeFigures
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.windows import Day, dates_in

CREW_MIN = 16
CAST_MIN = 5
OLDEST = 100
MUSIC_MIN = 12
AFTER_DEATH = 3
# a version of an older recording ("Machine (Modern Version)", "(Remastered)", "(Live)") may come out any time
# after a death: the rule reads new songs only
_VERSION = re.compile(
    r"\((?:[^)]*\b(?:version|remaster\w*|live|mix|edit|demo|remix|mono|stereo|session)\b[^)]*)\)", re.I
)
RULES = (
    f"film crew under {CREW_MIN} at release",
    f"film cast under {CAST_MIN} at release",
    f"film people over {OLDEST} at release",
    f"music before {MUSIC_MIN} (bands: before forming)",
    f"music over {AFTER_DEATH} years after death",
)


def age_at(born: Day, when: Day) -> int:
    """Whole years from `born` to `when`, at the precision both give (a year alone: the year's difference)."""
    years = when[0] - born[0]
    if born[1] and when[1] and (when[1], when[2] or 32) < (born[1], born[2] or 0):
        years -= 1
    return years


def credit_scan(world: Path | None) -> dict[str, RuleCheck]:
    """Every rule (module docstring) over the KG of `world`."""
    rules = {rule: empty_rule() for rule in RULES}
    if world is None or not (world / "kg.duckdb").is_file():
        return rules
    with store.connect(world / "kg.duckdb") as con:
        tables = table_names(con)
        if {"movie_movies", "movie_persons"} <= tables:
            _films(con, rules)
        if {"music_artists", "music_songs"} <= tables:
            _music(con, rules, "music_grammy" in tables)
    return rules


def with_credits(ages: AgeFigures, world: Path | None) -> AgeFigures:
    """The pages' ages line with the KG's credit rules beside its own (one line, one count)."""
    rules = {**ages["rules"], **credit_scan(world)}
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def _day(text: object) -> Day | None:
    found = dates_in(str(text or ""))
    return found[0] if found else None


def _films(con: duckdb.DuckDBPyConnection, rules: dict[str, RuleCheck]) -> None:
    born: dict[int, tuple[str, Day]] = {}
    for pid, name, birthday in con.execute(
        "SELECT id, name, birthday FROM movie_persons ORDER BY id"
    ).fetchall():
        day = _day(birthday)
        if day is not None:
            born[int(pid)] = (str(name), day)
    young, baby, old = (rules[r] for r in RULES[:3])
    sql = "SELECT title, release_date, doc FROM movie_movies ORDER BY id"
    for title, released, doc in con.execute(sql).fetchall():
        when = _day(released)
        if when is None:
            continue
        for job, pid in _credits(doc):
            if pid not in born:
                continue
            name, birth = born[pid]
            age = age_at(birth, when)
            said = f"{title} ({released}): {job} {name}, born {_show(birth)}, aged {age}"
            note(young if job != "cast" else baby, age < (CREW_MIN if job != "cast" else CAST_MIN), said)
            note(old, age > OLDEST, said)


def _credits(doc: object) -> Iterator[tuple[str, int]]:
    """(job, person id) of a film's cast ("cast") and crew (its job), as the KG lists them."""
    try:
        found = json.loads(str(doc or "{}"))
    except json.JSONDecodeError:
        return
    for entry in found.get("cast") or []:
        if isinstance(entry, dict) and isinstance(entry.get("id"), int):
            yield "cast", entry["id"]
    for entry in found.get("crew") or []:
        if isinstance(entry, dict) and isinstance(entry.get("id"), int):
            yield str(entry.get("job") or "crew"), entry["id"]


def _music(con: duckdb.DuckDBPyConnection, rules: dict[str, RuleCheck], grammys: bool) -> None:
    artists: dict[str, tuple[Day, Day | None, bool]] = {}
    sql = "SELECT name, birth_date, end_date, members FROM music_artists ORDER BY ord"
    for name, birth, end, members in con.execute(sql).fetchall():
        day = _day(birth)
        if day is not None:
            artists.setdefault(str(name), (day, _day(end), members is not None))
    works = con.execute("SELECT author, name, date FROM music_songs ORDER BY ord").fetchall()
    if grammys:
        sql = "SELECT artist, nominee || ' (Grammy)', CAST(year AS VARCHAR) FROM music_grammy ORDER BY ord"
        works += con.execute(sql).fetchall()
    early, late = rules[RULES[3]], rules[RULES[4]]
    for artist, work, released in works:
        when = _day(released)
        if when is None or str(artist) not in artists:
            continue
        birth, end, band = artists[str(artist)]
        age = age_at(birth, when)
        said = f"{work} ({released}) by {artist}, {'formed' if band else 'born'} {_show(birth)}, aged {age}"
        note(early, age < (0 if band else MUSIC_MIN), said)
        if end is not None and not band and _VERSION.search(str(work)) is None:
            note(late, when[0] - end[0] > AFTER_DEATH, f"{said}, died {_show(end)}")


def _show(day: Day) -> str:
    return "-".join(str(x).zfill(2) for x in day if x)
