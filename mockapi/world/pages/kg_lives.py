"""The KG's lives: each dated name's anchor (a film's or song's release, a birth and a death, a band's
forming, an open entity's founding, a company's founding) as the pages date it (`lifespan.use_kg`). Split from
`lifespan` (house limit: its readers of sentences went to `event_reads`, its KG readers here)."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb

from mockapi.world.pages import film_genres
from mockapi.world.pages.bare_names import bare

_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")


# The KG's dated entities: (table, name column, date column, the fact kind whose anchor the date is)
_KG_STARTS = (
    ("movie_movies", "title", "release_date", "mv.release"), ("music_songs", "name", "date", "mu.song_date"),
    ("music_artists", "name", "birth_date", "mu.birth"), ("movie_persons", "name", "birthday", "pe.birth"),
)  # fmt: skip
Known = tuple[tuple[str, str, str], ...]  # (name, fact kind, value)


def kg_starts(kg: Path) -> dict[str, Known]:
    """Each KG name's anchor (a film's or song's release, a person's birth), as (name, fact kind, value):
    a look-alike or peer the KG dates keeps its KG life on pages of questions that never ask it. A name
    two dated entities share keeps both, the later first."""
    out: dict[str, Known] = {}
    clash: set[str] = set()
    with duckdb.connect(str(kg), read_only=True) as con:
        tables = {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        for table, name_col, date_col, fact_kind in _KG_STARTS:
            if table not in tables:
                continue
            # a solo artist's end date is a death: "Colette Sandberg [1944-2005] played a small club in
            # Helsinki in January 2014" (the audit's lives line, g24 draft)
            more = (
                ", members IS NOT NULL, CAST(end_date AS VARCHAR)"
                if table == "music_artists"
                else ", false, NULL"
            )
            # in one order whatever the scan's (two anchors of one name keep theirs: the build is repeatable)
            sql = (
                f"SELECT {name_col}, CAST({date_col} AS VARCHAR){more} FROM {table} ORDER BY 2 DESC, 1, 3, 4"
            )
            for name, when, formed, died in con.execute(sql).fetchall():
                if not (name and when and _YEAR.search(when)):
                    continue
                # two dated entities of one name keep both anchors, the later first (`from_values`: events
                # after both; a name left undated drew its own start: "tickets from Golden from [KG 2013]
                # appeared at an estate sale" in 1998)
                anchor: Known = ((name, "mu.formed" if formed else fact_kind, when),)
                if died and not formed and _YEAR.search(died):
                    anchor += ((name, DEATH, died),)
                had = out.get(name, ())
                out[name] = anchor + had if not had or had[0][2][:4] <= when[:4] else had + anchor
        if "open_entities" in tables:
            _open_lives(con, out, clash)
        if {"fin_companies", "fin_info"} <= tables:
            _company_lives(con, out)
        # a film's genre after its anchors (`film_genres`): its prose is drawn, not shot, when animated
        for title, genre in film_genres.kg_genres(con).items():
            out[title] = (*out.get(title, ()), (title, film_genres.GENRE, genre))
    return {n: k for n, k in out.items() if n not in clash}


# the founding year a KG company's profile states ("The company was founded in 2004 and is headquartered...")
_FOUNDED_IN = re.compile(r"\bfounded in ((?:1[6-9]|20)\d\d)\b")


def _company_lives(con: duckdb.DuckDBPyConnection, out: dict[str, Known]) -> None:
    """The finance KG's companies founded, by their listed name and the name prose says ("Ardova Group Inc.
    Common Shares", "Ardova Group Inc."): undated, a KG company met as a peer or look-alike drew its start
    from its name, and a company the KG founds in 2004 had its finance chief speak in September 1994."""
    rows = con.execute(
        "SELECT c.name, i.doc FROM fin_companies c JOIN fin_info i ON i.ticker = c.symbol ORDER BY 1, 2"
    )
    latest: dict[str, str] = {}
    for name, doc in rows.fetchall():
        founded = _FOUNDED_IN.search(doc or "")
        if not name or founded is None:
            continue
        # two listings of one issuer may give two years ("Aurture Acquisition Corp." 1916 and 1923): prose
        # names both alike, so its events come after the later one (they fit both)
        for said in dict.fromkeys((name, bare(name))):
            latest[said] = max(latest.get(said, ""), founded[1])
    for said, year in latest.items():
        out.setdefault(said, ((said, "fin.founded", year),))


DEATH = "pe.death"  # no question kind: a KG person's death (`kg_starts`), the end of its life
_BIRTH_TEMPLATE = re.compile(r"\{\{birth date\|(\d{4})\|(\d{1,2})\|(\d{1,2})\}\}")
_DIED = re.compile(r'"death_date": "((?:1[6-9]|20)\d\d[^"]*)"')


# an open entity's start other than a birth: a place's settling, an organisation's founding, a concept's year
_OPEN_STARTS = re.compile(r'"(?:established_date|founded|year)": "((?:1[6-9]|20)\d\d)')


def _open_lives(con: duckdb.DuckDBPyConnection, out: dict[str, Known], clash: set[str]) -> None:
    """The open KG's lives: people born and (when it says) dead, places settled, organisations founded,
    concepts described. g22's default world had 48 sentences of two people acting after their KG deaths
    (the audit reads the open KG's lives too)."""
    rows = con.execute("SELECT name, summary_structured FROM open_entities ORDER BY name, summary_structured")
    for name, doc in rows.fetchall():
        born = _BIRTH_TEMPLATE.search(doc or "")
        start = None if born is not None else _OPEN_STARTS.search(doc or "")
        if not name or (born is None and start is None):
            continue
        if born is not None:
            when, kind = f"{born[1]}-{int(born[2]):02d}-{int(born[3]):02d}", "pe.birth"
        else:
            assert start is not None
            when, kind = start[1], "op.founded"
        if name in out and out[name][0][2][:4] != when[:4]:
            clash.add(name)
            continue
        died = _DIED.search(doc) if born is not None else None
        known = ((name, kind, when), *(((name, DEATH, died[1]),) if died else ()))
        out.setdefault(name, known)
