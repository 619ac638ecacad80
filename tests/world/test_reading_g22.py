"""Generator 23 against the g22 reader's absurd facts and the merged audit's dated lines (issue 31): people
acting after their KG deaths or born before 1926 and acting in 2023, events a few months before a release in
its own year, a physics principle with a car park, a trading volume asked on a Saturday, seven films of one
year with 44 Oscars, a "II" released before its original, a 1957 film's weekend gross in 2024, 1970s budgets
above the decade's record, crowds of 87 at a pro game, profit above revenue, "had suddenly a showing", and one
director's pages repeating one frame (the audit's top frame share). Each test fails on generator 22's code.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter

from mockapi.world.pages import event_reads, lifespan, prose
from mockapi.world.pages.anchors import anchors
from mockapi.world.pages.roles import Pools
from mockapi.world.questions.model import Fact, Question, Subject

_DAY = dt.date(2024, 3, 1)
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip


def _lines(
    name: str, domain: str, kind: str, life: lifespan.Life | None, n: int = 1500, seed: int = 1
) -> list[str]:
    lives = None if life is None else (lambda _n: life)
    return prose.sentences(name, domain, random.Random(seed), n, kind=kind, day=_DAY, lives=lives)


def test_a_kg_person_dead_in_1945_acts_in_no_later_year() -> None:
    # g22: "Arturo Naser [1897-1945] toured a hospital in Montréal on Fri, 2 Feb 2024" (48 such sentences)
    life = lifespan.from_values("person", [("pe.birth", "1897-02-20"), ("pe.death", "1945-08-10")])
    assert life is not None
    years = [y for s in _lines("Arturo Naser", "open", "person", life) for y in event_reads.years_in(s)]
    assert years and max(years) <= 1945
    from mockapi.world.pages import page_blocks

    # nor a timeline row: "05/25/2023 Statement from Arturo Naser" (g23's first build)
    rows = [r for i in range(30) for r in page_blocks._timeline(_DAY, random.Random(i), ("Arturo Naser",),
                                                                lambda n: life, "person")[2]]  # fmt: skip
    assert rows == []


def test_a_person_born_before_1926_without_a_death_takes_no_present_day_acts() -> None:
    # g22 reader: born 1897, KG "1929-present", "hosted a debate on climate on 28 Oct 2023"
    life = lifespan.from_values("person", [("pe.birth", "1897-05-01")])
    assert life is not None and 0 < life.end <= 1897 + 98
    years = [y for s in _lines("Aldo Ferri", "open", "person", life) for y in event_reads.years_in(s)]
    assert years and max(years) <= life.end


def test_the_kg_open_domain_people_places_and_concepts_have_lives(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import duckdb

    kg = tmp_path / "kg.duckdb"
    with duckdb.connect(str(kg)) as con:
        con.execute("CREATE TABLE open_entities (name VARCHAR, summary_structured VARCHAR)")
        con.execute(
            "INSERT INTO open_entities VALUES ('Arturo Naser', ?), ('Butcher scale', ?)",
            ['{"birth_date": "{{birth date|1897|2|20}}", "death_date": "1945-08-10"}', '{"year": "1833"}'],
        )
    starts = lifespan.kg_starts(kg)
    assert starts["Arturo Naser"] == (
        ("Arturo Naser", "pe.birth", "1897-02-20"), ("Arturo Naser", lifespan.DEATH, "1945-08-10"),
    )  # fmt: skip
    assert starts["Butcher scale"] == (("Butcher scale", "op.founded", "1833"),)


def test_no_event_before_a_release_day_in_its_own_year() -> None:
    # g22 audit: "Every Fire (song 2020-08-25): During February 2020, reviewers complained about the chorus"
    life = lifespan.from_values("song", [("mu.song_date", "2020-08-25")])
    assert life == lifespan.Life("song", 2020, 8, 25)
    assert event_reads.violation("During February 2020, reviewers complained about the chorus.", life, 2024)
    assert (
        event_reads.violation("During September 2020, reviewers complained about the chorus.", life, 2024)
        is None
    )
    early = []
    for seed in range(6):
        for s in _lines("Every Fire", "music", "song", life, 400, seed):
            for m in re.finditer(r"\b(" + "|".join(_MONTHS) + r")(?: \d{1,2},)? 2020\b", s):
                if _MONTHS.index(m[1]) + 1 < 8:
                    early.append(s)
    assert early == []


def test_a_concept_keeps_a_concepts_page_and_questions() -> None:
    from mockapi.world.questions.kinds import KINDS, fits_subject

    lines = _lines("Lonely Valley principle", "open", "topic", lifespan.Life("topic", 1877), 800)
    site = re.compile(r"\b(?:parking|car park|gallery|galleries|visitor|trails?|boardwalk|rangers?)\b", re.I)
    assert [s for s in lines if site.search(s)] == []  # g22: a physics principle with parking and a gallery
    assert not fits_subject(KINDS["op.visitors"], "Lonely Valley principle", "topic")
    assert fits_subject(KINDS["op.visitors"], "Lonely Valley Museum", "topic")


def test_finance_questions_are_asked_on_trading_days() -> None:
    from mockapi.world.questions.generate import generate, on_trading_day
    from mockapi.world.real.market_days import is_trading_day

    # g22 reader: "how many shares ... have traded today?" on Saturday 2024-03-09
    assert on_trading_day("03/09/2024, 10:00:00 PT", dt.date(2024, 3, 9)) == (
        "03/08/2024, 10:00:00 PT", dt.date(2024, 3, 8),
    )  # fmt: skip
    finance = [q for q in generate(300, random.Random(4), None) if q.domain == "finance"]
    days = [dt.datetime.strptime(q.query_time[:10], "%m/%d/%Y").date() for q in finance]
    assert len(days) > 30 and all(is_trading_day(d) for d in days)


def test_a_years_set_is_never_asked_for_more_oscars_than_a_year_gives() -> None:
    from mockapi.world.questions.generate import generate

    sums = []
    for seed in range(3):
        for q in generate(400, random.Random(seed), None):
            group = q.subjects[0] if q.subjects and q.subjects[0].kind == "group" else None
            oscars = [f.number or 0.0 for f in q.facts if f.kind == "mv.oscars"]
            if group is not None and re.search(r"\bof \d{4}$", group.name) and oscars:
                sums.append(sum(oscars))
    assert all(s <= 24 for s in sums), sums  # g22 reader: seven "Films of 1998" won 44 Oscars


def test_a_sequel_named_without_the_article_comes_after_its_original() -> None:
    from mockapi.world.pages import decoys

    # g22 reader: "Last Atlas II" released 1973 beside the 1998 "The Last Atlas"
    out = decoys._after_subject("1973", "1998", "Last Atlas II", "The Last Atlas", random.Random(0), _DAY)
    assert 1998 < int(out) < 2024


def test_a_film_with_a_weekend_gross_was_released_weeks_before() -> None:
    film = Subject("Crimson Kingdom", "movie", "movie")
    fact = Fact(film, "mv.weekend", "$86.0 million", number=86e6, as_of="2024-01-14")
    q = Question(
        interaction_id="q", ord=0, query_time="01/15/2024, 10:00:00 PT", domain="movie",
        question_type="simple", static_or_dynamic="fast-changing", query="q", answer="a", alt_ans=[],
        popularity="", answer_source="web", key_phrases=[], wrong_value=None, facts=[fact], subjects=[film],
    )  # fmt: skip
    known = anchors(q, film, Pools({}, {}, {}))
    life = lifespan.from_values("movie", [(k, v) for n, k, v in known if n == film.name])
    assert life is not None and life.start >= 2023  # g22: a 1957 film took $86m "last weekend" in 2024
    released = dt.date(life.start, life.month, life.day)
    assert 0 < (dt.date(2024, 1, 14) - released).days <= 70


def test_kg_film_money_stays_under_its_decades_record() -> None:
    from mockapi.world.domains.movie import _of_its_era
    from mockapi.world.real.film_money import records

    # g22 audit: films of 1977-79 with $60-66m budgets (the record then: Superman's $55m)
    assert _of_its_era(249_000_000, "1978-06-01") <= 55e6
    assert _of_its_era(249_000_000, "1958-06-01") <= 15e6
    assert records(1979)[1] < 775e6 and records(2023)[0] >= 250e6


def test_a_pro_crowd_is_in_the_hundreds_at_least() -> None:
    lines = _lines("Yustad Hornets", "sports", "team", None, 3000)
    crowd = re.compile(r"\b(?:about|nearly|roughly|more than|close to|over) (\d[\d,.]*K?) (?:fans|supporters|"
                       r"spectators|season-ticket|ticket|club|locals)", re.I)  # fmt: skip
    sizes = [m[1] for s in lines for m in crowd.finditer(s)]
    assert sizes and all(not re.fullmatch(r"\d{1,2}", n) for n in sizes)  # g22: "roughly 87 ... holders"


def _amount(text: str) -> float:
    n = float(re.sub(r"[^\d.]", "", text.split(" ")[0].lstrip("$€£")) or 0)
    return n * (1e9 if re.search(r"bn|billion", text) else 1e6)


def test_profit_stays_below_revenue_and_a_page_gives_one_revenue() -> None:
    money = r"((?:US)?[$€£][\d,.]+ ?(?:m|bn|million|billion)\b)"
    revenue = re.compile(r"\b(?:revenue|sales)\b[^.;]*?(?:of|at|worth|totalling|near) " + money)
    profit = re.compile(
        r"\b(?:income|profit|earnings|cash flow)\b[^.;]*?(?:of|at|worth|totalling|near) " + money
    )
    for seed in range(4):
        lines = _lines("Rivas Systems", "finance", "company", None, 400, seed)
        revenues = [_amount(m[1]) for s in lines for m in revenue.finditer(s)]
        profits = [_amount(m[1]) for s in lines for m in profit.finditer(s)]
        assert len(revenues) <= 1  # g22 reader: Q1 revenue "$99 million" / "€275m" / "€254m" on one page
        assert not revenues or all(p < min(revenues) for p in profits)


def test_no_weekend_trading_and_no_stray_adverb_before_a_noun() -> None:
    lines = _lines("Rivas Systems", "finance", "company", None, 3000)
    assert [s for s in lines if re.search(r"\b(?:shed|gained|lost|rose|fell|slid|jumped|added) [\d.]+(?:%| "
                                          r"percent) on (?:Saturday|Sunday)", s)] == []  # fmt: skip
    lines += _lines("The Velvet Circus", "movie", "movie", lifespan.Life("movie", 1998), 3000)
    stray = re.compile(r"\b(?:has|have|had) (?:suddenly|reportedly|eventually|also|again|still|once|later) "
                       r"(?:a|an|the|its|their)\b")  # fmt: skip
    assert [s for s in lines if stray.search(s)] == []  # g22 reader: "had suddenly a showing"


def test_a_persons_pages_do_not_open_every_sentence_with_the_full_name() -> None:
    # the audit's top frame share: rel:director 0.462 (bar 0.40): ~40 sentences a page, each naming
    # "Spencer Jones", so a few of the clause frames recurred on most directors' pages
    frames: Counter[str] = Counter()
    pages = 12
    for seed in range(pages):
        name = f"Spencer {['Jones', 'Hill', 'Dalton', 'Reyes'][seed % 4]}"
        lines = _lines(name, "movie", "person", lifespan.Life("film_person", 1960), 40, seed)
        named = [s for s in lines if name in s]
        assert len(named) < 0.7 * len(lines)
        assert any(re.match(rf"{name.split()[1]} \w", s) for s in lines)  # "Jones joined ..."
        frames.update({re.sub(r"\d+", "N", s.replace(name, "<v>")) for s in named})
    assert max(frames.values()) <= pages // 3


def test_a_places_prose_names_no_language_its_languages_answer_may_contradict() -> None:
    from mockapi.world.lexicon.places import LANGS

    # g23's first build: "Frenchfort launched guided walks in Spanish" on a page answering its languages
    lines = _lines("Frenchfort", "open", "topic", lifespan.Life("topic", 1850), 3000)
    assert [s for s in lines if any(re.search(rf"\b{lang}\b", s) for lang in LANGS)] == []


def test_a_peer_films_money_stays_in_its_own_era() -> None:
    from mockapi.world.pages import figure_days, statements
    from mockapi.world.questions.source import era_cap

    # g23's reader world: a 1971 peer "grossed $1.7 billion", a 1988 one "budget $251.0 million"
    over = []
    for seed in range(200):
        film = Subject(f"Bright Tide {seed}", "movie", "movie")
        pieces = statements.figure_pieces(film, random.Random(seed), "dev", _DAY, 4)
        text = " ".join(p.text for p in pieces)
        stated = re.search(r"\b(?:19|20)\d\d\b", text) if "release" in text else None
        year = int(stated[0]) if stated else lifespan.default(film.name, "movie").start
        for kind, word in (("mv.budget", "budget"), ("mv.gross", "gross")):
            for p in pieces:
                if word in p.text and figure_days.amount(p.text.split(word, 1)[1]) > era_cap(kind, year):
                    over.append(p.text)
    assert over == []
