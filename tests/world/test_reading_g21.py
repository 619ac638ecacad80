"""Generator 22 against the g21 reader's absurd facts (issue 31): anachronisms ("At the start of March 1974, a
producer ... told one podcast", a 1971 shoot "on digital stock", a 1944 song on "a long synth pad" that
"nearly fell off the LP"), a film shot after its own release in its release year, first scenes shot six
times, a set page "Action films of 1997" dating its films from their names ("Just before July 8th, 1948, the
final minutes in Velvet Canyon took shape"), an invented film under a KG film's title. Each test fails on
generator 21's code.

The eras below are this test's own (not the generator's table): what a reader of the sentence would stop at.
"""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.pages import event_reads, lifespan, prose
from mockapi.world.pages.anchors import anchors  # what every page of a question dates names by
from mockapi.world.pages.roles import Pools
from mockapi.world.questions.model import Fact, Question, Subject
from mockapi.world.questions.source import WebSource

_DAY = dt.date(2024, 3, 1)
# (words, the year before which a reader finds them absurd)
_ERAS = (
    (re.compile(r"\bpodcast", re.I), 2004),
    (re.compile(r"\blive ?stream|\bstreaming\b|\bstreamers?\b", re.I), 2004),
    (re.compile(r"\bdigital\b", re.I), 1990),
    (re.compile(r"\bsocial media\b|\bwent viral\b|\bmeme\b", re.I), 2004),
)
_MADE = re.compile(r"\b(?:synth|drum programming|drum machine|sample|loop|LP|bpm)", re.I)


def _years(sentence: str) -> list[int]:
    return event_reads.years_in(sentence)


def _anachronisms(lines: list[str], work: lifespan.Life | None = None) -> list[str]:
    """Sentences naming a medium at a year before it existed, or telling how a `work` was made with a
    medium newer than it."""
    out = []
    for s in lines:
        for pattern, first in _ERAS:
            made = work is not None and work.start < first and event_reads.making(s, work.kind)
            if pattern.search(s) and (any(y < first for y in _years(s)) or made):
                out.append(s)
    return out


def test_an_old_songs_page_names_no_synth_sample_lp_or_podcast_before_they_existed() -> None:
    life = lifespan.Life("song", 1944)
    lines = prose.sentences(
        "Last Mirrors", "music", random.Random(3), 3000, kind="song", day=_DAY, lives=lambda n: life
    )
    assert [s for s in lines if _MADE.search(s)] == []  # g21: "leans on a long synth pad", "fell off the LP"
    assert _anachronisms(lines, life) == []


def test_an_old_films_page_shoots_nothing_digital_and_a_podcast_is_never_before_2005() -> None:
    life = lifespan.Life("movie", 1973)
    lines = prose.sentences(
        "A Circus in Mount Greenbury", "movie", random.Random(5), 3000, kind="movie", day=_DAY,
        lives=lambda n: life,
    )  # fmt: skip
    assert _anachronisms(lines, life) == []  # g21: "March 1971 ... shot on digital stock"
    artist = lifespan.Life("artist", 1930)
    lines = prose.sentences(
        "Ann Lee", "music", random.Random(6), 3000, kind="artist", day=_DAY, lives=lambda n: artist
    )
    assert _anachronisms(lines) == []  # g21: "At the start of March 1974, ... told one podcast"


def test_a_film_is_shot_before_its_release_year_and_its_first_scenes_once() -> None:
    life = lifespan.Life("movie", 1973)
    made_in = []
    for seed in range(30):
        lines = prose.sentences(
            "A Circus in Mount Greenbury", "movie", random.Random(seed), 80, kind="movie", day=_DAY,
            lives=lambda n: life,
        )  # fmt: skip
        made_in += [y for s in lines if event_reads.making(s, "movie") for y in _years(s)]
        first = r"\b(?:opening|first|early) (?:scenes|minutes|shots|sequences) (?:of|in|from)\b"
        assert len([s for s in lines if re.search(first, s)]) <= 1  # g21: six dates for the first scenes
    # g21: "On August 9th, 1973, the first minutes ... took shape" of a film released 31 May 1973
    assert made_in and max(made_in) <= 1972


def _set_question(title: str, members: list[Subject]) -> Question:
    group = Subject(title, "movie", "group")
    return Question(
        interaction_id="q", ord=0, query_time="03/01/2024, 10:00:00 PT", domain="movie",
        question_type="aggregation", static_or_dynamic="static", query="q", answer="a", alt_ans=[],
        popularity="", answer_source="web", key_phrases=[], wrong_value=None,
        facts=[Fact(m, "mv.budget", "$10m") for m in members], subjects=[group, *members],
    )  # fmt: skip


def test_a_set_page_of_a_years_films_dates_each_film_by_that_year() -> None:
    members = [Subject("Velvet Canyon", "movie", "movie"), Subject("Electric Empire", "movie", "movie")]
    q = _set_question("Action Films of 1997", members)

    known = anchors(q, q.subjects[0], Pools({}, {}, {}))
    for m in members:
        life = lifespan.from_values("movie", [(k, v) for n, k, v in known if n == m.name])
        assert life == lifespan.Life("movie", 1997), (m.name, life)


def test_an_invented_subject_takes_no_kg_dated_name() -> None:
    rng = random.Random(0)
    names = {WebSource().subject("movie", "movie", random.Random(i)).name for i in range(200)}
    web = WebSource(frozenset(names))
    assert all(web.subject("movie", "movie", rng).name not in names for _ in range(50))


def test_no_page_pairs_a_subject_with_itself_nor_has_a_song_covered_by_a_title() -> None:
    # g21: "showcase organisers billed Eric Young with Eric Young"; "A cover of Hollow Lanterns by Hollow
    # Lanterns" (7.5 of 100 rank-1 pages)
    lines = prose.sentences("Eric Young", "music", random.Random(7), 2000, kind="artist", day=_DAY)
    assert [s for s in lines if re.search(r"\bwith Eric Young\b", s)] == []
    lines = prose.sentences(
        "Hollow Lanterns", "music", random.Random(8), 2000, kind="song", day=_DAY, others=("Last Mirrors",)
    )
    assert [s for s in lines if re.search(r"\bby (?:Last Mirrors|Hollow Lanterns)\b", s)] == []


def test_a_kg_dated_lookalike_states_its_kg_release() -> None:
    # g22's first draft: "Last Engine" (KG: 2002) beside the question's "Last Empire" (1964) stated a 1940
    # release, and its page shot it in 1938
    from mockapi.world.pages import decoys

    empire = Subject("Last Empire", "movie", "movie", lookalikes=("Last Engine",))
    fact = Fact(empire, "mv.release", "February 17, 1964", number=float(dt.date(1964, 2, 17).toordinal()))
    lifespan.use_kg({"Last Engine": (("Last Engine", "mv.release", "2002-02-28"),)})
    try:
        assert decoys.wrong(fact, random.Random(1), _DAY, lookalike="Last Engine") == "February 28, 2002"
    finally:
        lifespan.use_kg({})


def test_no_older_value_or_rival_figure_before_the_kg_start() -> None:
    # g22c's audit: a 2021 page gave the chart position of a look-alike song the KG releases in 2023
    from mockapi.world.pages import decoys, statements

    song = Subject("Satellites of the Summer", "music", "song")
    fact = Fact(song, "mu.rank", "40", number=40.0, stale=("55", "61"), as_of="2021-10-01", source="kg")
    lifespan.use_kg({song.name: ((song.name, "mu.song_date", "2023-02-26"),)})
    try:
        assert statements.stale_pieces(fact, random.Random(0), "dev", dt.date(2024, 3, 1)) == []
        assert decoys._alive((song.name, "Another Song"), dt.date(2021, 9, 26)) == ("Another Song",)
    finally:
        lifespan.use_kg({})
