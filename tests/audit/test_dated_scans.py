"""The dated scans against the g21 reader's absurd facts (issue 31): the audit's own life windows
(`windows`, never the generator's), anachronisms (`eras`) and numbers out of their era (`magnitudes`).

The reader's sentences are put on pages of a real DuckDB store next to a copy of the tiny world's KG (the
entities they name are the KG's or the page's own), and read through `Corpus` as the audit reads a world.
Each test fails on main `a17a275` (no `eras`, no `magnitudes`; its lifespan windows, imported from the
generator, are by the year: a film shot ten weeks after its release passed, and so did a dead person touring
schools). The real CRAG fixture reads 0 on every line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.audit import eras, lifespans, magnitudes, windows
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real
from mockapi.formats.manifest import Manifest

QUERY_TIME = "03/01/2024, 10:00:00 PT"


def _world(tmp_path: Path, tiny_world: Path, pages: list[str]) -> Corpus:
    """A corpus of one question whose top results are `pages` (visible text), over the tiny world's KG."""
    shutil.copy(tiny_world / "kg.duckdb", tmp_path / "kg.duckdb")
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(pages)])
    results = [Result(i + 1, f"p{i}", f"https://site{i}.example/", f"page {i}", "", len(t)) for i, t in
               enumerate(pages)]  # fmt: skip
    q = AuditQuestion("q0", "who?", "movie", "simple", "static", "x", [], [], results, {"p0"}, QUERY_TIME)
    return Corpus("world", [q], Manifest(), tmp_path)


def _text(*lines: str) -> str:
    return "\n".join(lines)


def _kg(tiny_world: Path, sql: str) -> tuple[str, str]:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        row = con.execute(sql).fetchone()
    assert row is not None
    return str(row[0]), str(row[1])


def test_the_audits_scans_import_nothing_of_the_generator() -> None:
    # a window the generator gets wrong must not pass the audit for the same reason (main imported
    # `mockapi.world.pages.event_reads.violation`)
    code = (
        "import sys\nimport mockapi.audit.lifespans, mockapi.audit.eras, mockapi.audit.magnitudes\n"
        # the world-sense scans (`test_world_sense`) too
        "import mockapi.audit.markets, mockapi.audit.sequels, mockapi.audit.kinds, mockapi.audit.sessions\n"
        "print(sorted(m for m in sys.modules if m.startswith('mockapi.world')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ
    )
    assert out.stdout.strip() == "[]"


def test_windows_read_the_event_from_the_sentence_and_the_date_to_the_day() -> None:
    film = windows.Life("movie", 1973, 5, 31)
    # shot ten weeks after its release (same year: main's window passed it), and before it: fine
    assert windows.violation("On August 9th, 1973, the first minutes took shape in Fresno.", film, 2024)
    assert (
        windows.violation("Late in April 1973, the first minutes took shape in Fresno.", film, 2024) is None
    )
    # seen before release; reviewed after it; an extra telling of the shoot before release is no event of it
    assert windows.violation("The film arrived on broadcast in East Africa on 04/24/1973.", film, 2024)
    assert windows.violation("Critics reviewed the film again in June 1999.", film, 2024) is None
    assert (
        windows.violation("On June 30th, 1971, an extra told a fan site about the set.", film, 2024) is None
    )
    # the anchor itself is no event
    assert windows.violation("The film was released on May 31, 1973.", film, 2024) is None
    dead = windows.Life("person", 1895, end=1992)
    assert windows.violation(
        "Irene Campo toured a university in Spokane on 17 Jan 2024.", dead, 2024, "Irene Campo"
    )
    assert (
        windows.violation("A school named for Irene Campo opened in 2011.", dead, 2024, "Irene Campo") is None
    )
    assert windows.violation("Irene Campo spoke at a college in 1905.", dead, 2024, "Irene Campo")  # aged ten


def test_the_readers_wrong_side_of_release_is_caught_on_stored_pages(
    tmp_path: Path, tiny_world: Path
) -> None:
    title, released = _kg(tiny_world, "SELECT title, release_date FROM movie_movies ORDER BY id LIMIT 1")
    early = int(released[:4]) - 49  # "Just before July 8th, 1948, ..." on "Action films of 1997"
    pages = [
        _text(f"Action films of {released[:4]}",
              f"Just before July 8th, {early}, the final minutes in {title} took shape near Perth.",
              "The cast of the film gathered for a reunion in 2019 and talked for hours."),
        _text("A Circus in Mount Greenbury", "A Circus in Mount Greenbury was released on May 31, 1973.",
              "On August 9th, 1973, the first minutes from A Circus in Mount Greenbury took shape"
              " in Fresno."),
        _text("Return of the Wave", "Return of the Wave was released on February 9, 1998.",
              "Return of the Wave arrived on broadcast in East Africa on 04/24/1997.",
              "Critics in Lyon reviewed Return of the Wave in March 2003."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    found = lifespans.lifespan_scan(corpus, corpus.questions)
    assert found["violations"] == 3, found["examples"]
    assert {e.split(" (")[0] for e in found["examples"]} == {title, "A Circus in Mount Greenbury",
                                                             "Return of the Wave"}  # fmt: skip


_READER = [
    _text("Last Mirrors", "Last Mirrors was released on November 4, 1944.",
          "The song leans on a long synth pad all the way through.",
          "Listeners warmed to the drum programming of the breezy song.",
          "Back in 1942, Hugo Garza, who engineered Last Mirrors, said the track nearly fell off the LP."),
    _text("A Circus in Mount Greenbury", "A Circus in Mount Greenbury was released on May 31, 1973.",
          "At the end of March 1971, the final third of the movie was shot on digital stock."),
    _text("Return of the Wave",
          "Late in September 1998, a movie podcaster named Return of the Wave in one year-end countdown.",
          "Back in 2000, a film podcaster named Return of the Wave one of its favourite movies of the"
          " past decade."),
    _text("Electric Shadows",
          "At the start of March 1974, a producer on Electric Shadows told one podcast the ending changed."),
]  # fmt: skip
# the same media in their time, and years that date no event (a birth, "the 1996 tour")
_FINE = [
    _text("Night Bloom", "Night Bloom was released on June 2, 2015.",
          "The song leans on a long synth pad and drum programming.",
          "In 2019, a film podcaster named it one of the songs of the decade.",
          "Angel Rodgers, born in 1950, talked to a music podcast about the 1996 tour.",
          "The band's first LP came out on vinyl in 1958."),
]  # fmt: skip


def test_the_readers_anachronisms_are_caught_and_their_time_is_not(tmp_path: Path, tiny_world: Path) -> None:
    corpus = _world(tmp_path, tiny_world, _READER + _FINE)
    found = eras.era_scan(*lifespans.read_pages(corpus, corpus.questions))
    assert found["anachronisms"] == 7, found["examples"]
    assert found["by_term"] == {"synth pad": 1, "drum programming": 1, "the lp": 1, "shot on digital": 1,
                                "podcaster": 2, "podcast": 1}  # fmt: skip
    assert all("Night Bloom" not in e and "1996 tour" not in e for e in found["examples"])


def test_numbers_out_of_their_era_or_kind(tmp_path: Path, tiny_world: Path) -> None:
    alive = (
        "SELECT name, birth_date FROM music_artists WHERE members IS NULL AND end_date IS NULL ORDER BY ord"
    )
    artist, _ = _kg(tiny_world, alive)
    pages = [
        _text("The Fever Soldier", "The Fever Soldier was released on January 22, 1976.",
              "The budget of The Fever Soldier is given as $298.0 million.",
              "At the close on 4 Jul 2023, The Fever Soldier has grossed $1.8B worldwide."),
        _text("Night Harbor", "Night Harbor was released on June 5, 2019.",
              "Night Harbor has grossed $1,100,000,000 worldwide.",
              "The budget of Night Harbor is given as $180.0 million."),
        _text(artist, f"{artist} has taken home 16 Grammys over a long career.",
              f"{artist} left $465,000 to a children's hospital near Genoa."),
        _text("Riverside Captains", "The team trained at home before the match.",
              "Nearly 44 locals sat through a chill for an unusual open workout.",
              "A crowd of 41,000 watched the home opener of the season."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    found = magnitudes.magnitude_scan(*lifespans.read_pages(corpus, corpus.questions), corpus.world)
    rules = found["rules"]
    assert (rules["film money on pages"]["checked"], rules["film money on pages"]["violations"]) == (4, 2)
    assert rules["award counts"]["violations"] == 1
    assert rules["estates of the living"]["violations"] == 1
    assert (rules["crowds"]["checked"], rules["crowds"]["violations"]) == (2, 1)
    assert magnitudes.ceiling(1976) == (60e6, 8e8) and magnitudes.ceiling(2019)[1] >= 2.9e9


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_pages_read_zero_on_every_dated_line() -> None:
    corpus = load_real(CRAG_DEV_10)
    pages, known = lifespans.read_pages(corpus, corpus.questions)
    assert len(pages) > 30 and sum(len(p.lines) for p in pages) > 2000  # (37 pages hold text)
    assert lifespans.lifespan_count(pages, known)["violations"] == 0
    assert eras.era_scan(pages, known)["anachronisms"] == 0
    assert magnitudes.magnitude_scan(pages, known, None)["violations"] == 0
