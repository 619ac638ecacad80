"""Form first, role second (issue 31): what a page looks like without reading it for the question (its length,
its dates, its names' qualifiers) is drawn the same way whatever its role and its question's kind."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import statistics
from pathlib import Path

from pages_db import query

from mockapi.audit.exploits import _ANY_YEAR, _FUTURE_WORDS, all_dates
from mockapi.world.pages import prose, statements
from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Subject


def test_answer_pages_are_as_long_as_the_rest(tiny_world: Path) -> None:
    # generator 10 drew answer pages 24-90 prose sentences and the rest 8-36: their text was ~2.5x longer
    gold_ids = {
        pid for (ids,) in query(tiny_world, "questions.duckdb", "SELECT gold_page_ids FROM questions")
        for pid in json.loads(ids)
    }  # fmt: skip
    rows = query(
        tiny_world, "pages.duckdb",
        "SELECT page_id, any_value(length(text)) FROM pages WHERE page_id IN (SELECT page_id FROM results) "
        "GROUP BY page_id",
    )  # fmt: skip
    gold = [n for pid, n in rows if pid in gold_ids and n]
    rest = [n for pid, n in rows if pid not in gold_ids and n]
    assert gold and rest
    ratio = statistics.median(gold) / statistics.median(rest)
    assert 0.75 < ratio < 1.33, ratio


def test_prose_narrates_nothing_after_its_page_day() -> None:
    day = dt.date(2024, 3, 1)
    late = []
    for kind in ("company", "team", "player", "song", "artist", "movie", "film_person", "topic", "person"):
        rng = random.Random(kind)
        for s in prose.sentences("Hollow Bay", "open", rng, 600, kind=kind, day=day, others=("Ann Lee",)):
            if any(int(y) > day.year for y in _ANY_YEAR.findall(s)) and not _FUTURE_WORDS.search(s):
                late.append(s)
    assert not late, late[:3]


def test_prose_names_no_title_qualifier() -> None:
    rng = random.Random(3)
    others = ("Ann Lee (singer)", "Velvet Summer (disambiguation)")
    text = " ".join(prose.sentences("Ann Lee", "music", rng, 400, kind="artist", others=others))
    assert "(singer)" not in text and "(disambiguation)" not in text
    assert "Velvet Summer" in text


def test_an_older_value_has_one_date_on_every_page() -> None:
    subject = Subject("Hale Group", "finance", "company")
    fact = Fact(subject, "fin.price", "$41.20", as_of="2024-02-20", stale=("$38.10", "$35.75"))
    dates: dict[str, set[str]] = {}
    for seed in range(40):
        rng = random.Random(seed)
        page_day = dt.date(2024, 2, 25) + dt.timedelta(days=seed % 7)
        for piece in statements.stale_pieces(fact, rng, "dev", page_day):
            value = next(v for v in fact.stale if v.strip("$") in piece.text)
            dates.setdefault(value, set()).update(str(d) for d in all_dates(piece.text))
    assert dates and all(len(d) <= 1 for d in dates.values()) and any(dates.values()), dates


def test_invented_ratings_are_out_of_ten() -> None:
    rng = random.Random(0)
    values = [float(invent.other_value(KINDS["mv.rating"], rng, dt.date(2024, 3, 1))) for _ in range(300)]
    assert min(values) >= 0 and max(values) <= 10
    assert all(re.fullmatch(r"\d+(\.\d)?", str(v)) for v in values)
