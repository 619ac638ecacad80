"""The sentence checks' scanners (issue 34's speed-up of `told.Page.fit`) read what the scans they replaced
read: the eras' tries against a row-by-row alternation, the first-word search against the token set, and the
page day's year shortcut against reading every date, on real prose and on every term in many contexts."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable

import pytest

from mockapi.world.pages import days, eras, lifespan, prose, told

# (domain, kind, subject, life): subjects of each kind whose prose names media, making and dates
_SUBJECTS = (
    ("movie", "movie", "The Silent Summer", lifespan.Life("movie", 1948, 5, 2)),
    ("movie", "movie", "Sweet Shadow", lifespan.Life("movie", 2023, 11, 20)),
    ("music", "song", "Lonely River", lifespan.Life("song", 1972, 8, 6)),
    ("music", "song", "Blue Static", lifespan.Life("song", 2024, 1, 12)),
    ("music", "artist", "Colette Sandberg", lifespan.Life("artist", 1944, 0, 0, 2005)),
    ("finance", "company", "Merritt Corp.", lifespan.Life("company", 2011)),
    ("movie", "person", "Arturo Naser", lifespan.Life("person", 1925, 0, 0, 1992)),
    ("open", "topic", "Saint Larkridge", lifespan.Life("topic", 1820)),
)
_DAYS = (dt.date(2024, 3, 11), dt.date(2023, 10, 24), dt.date(2024, 1, 31), dt.date(2008, 6, 30))


def _same(life: lifespan.Life) -> lifespan.Lives:
    """Every name's life: `life` (the subject's and the others' alike)."""
    return lambda name: life


def _real_sentences() -> list[tuple[told.Page, str]]:
    """Sentences as a build draws them, with the page that drew them (a seeded rng per subject and day)."""
    out = []
    for (domain, kind, subject, life), day in ((s, d) for s in _SUBJECTS for d in _DAYS):
        rng = random.Random(f"{subject} {day}")
        texts = prose.sentences(subject, domain, rng, 60, kind=kind, day=day, lives=_same(life))
        page = told.Page(day.year, [0, day.year], day)
        page.life = life
        out += [(page, text) for text in texts]
    return out


@pytest.fixture(scope="module")
def sentences() -> list[tuple[told.Page, str]]:
    return _real_sentences()


def _row_by_row(table: eras.Table) -> tuple[re.Pattern[str], dict[int, int]]:
    """The scan before the tries: one alternation with a group per row, each row's words longest first."""
    rows = ("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) for words, _ in table)
    pattern = r"\b(?:" + "|".join(f"({row})" for row in rows) + r")(?![\w-])"
    return re.compile(pattern), {i: year for i, (_, year) in enumerate(table, start=1)}


def _old_first(pattern: re.Pattern[str], years: dict[int, int], text: str) -> int:
    return max((years[m.lastindex or 0] for m in pattern.finditer(text)), default=0)


_OLD_MEDIA, _OLD_MADE = _row_by_row(eras._MEDIA), _row_by_row(eras._MADE)
_TOKEN = re.compile(r"[\w-]+")


def _contexts() -> list[str]:
    """Every term of both tables in the contexts a word boundary or a hyphen changes: alone, plural-ish,
    hyphenated on either side, capitalised, beside another term."""
    terms = [w for table in (eras._MEDIA, eras._MADE) for words, _ in table for w in words]
    out = []
    for i, term in enumerate(terms):
        other = terms[(i * 7 + 3) % len(terms)]
        out += [
            f"In 1990, a {term} aired.",
            f"The {term}s came back in 2001.",
            f"a {term}-driven rework, {other} and all",
            f"the late-{term} era of 1975",
            f"{term.capitalize()} took over; {other} in 1960.",
            f"({term}) {other}er in 2010",
            f"{term}{other}",
        ]
    return out


def test_a_term_that_starts_another_is_never_of_an_earlier_row() -> None:
    """The trie takes a position's longest term, the alternation its first row: they agree only while a
    longer term's row is never later than a term it starts with ("video game" 1980 before "video" 1977)."""
    for table in (eras._MEDIA, eras._MADE):
        rows = [(w, i) for i, (words, _) in enumerate(table) for w in words]
        for short, short_row in rows:
            for long, long_row in rows:
                if long != short and long.startswith(short):
                    assert long_row <= short_row, (short, long)


def test_the_tries_read_the_years_the_alternations_read(sentences: list[tuple[told.Page, str]]) -> None:
    texts = [t for _, t in sentences] + _contexts()
    named = 0
    for text in texts:
        media, made = _old_first(*_OLD_MEDIA, text), _old_first(*_OLD_MADE, text)
        assert eras._first(eras._MEDIA_RE, eras._MEDIA_YEAR, text) == media, text
        assert eras._first(eras._MADE_RE, eras._MADE_YEAR, text) == made, text
        # the first-word search finds a term's first word exactly where the token set held one
        assert (eras._ANY_FIRST.search(text) is None) == eras._FIRSTS.isdisjoint(_TOKEN.findall(text)), text
        named += bool(media or made)
    assert named > 500  # the contexts name every term, the real prose some


def _moved(years: int) -> Callable[[re.Match[str]], str]:
    """A year's match moved by `years`."""
    return lambda m: str(int(m[0]) + years)


def _old_after_page(page: told.Page, text: str) -> bool:
    """`told.Page._after_page` before the year shortcut: every date read."""
    assert page.day is not None
    year, month, day = page.day
    if not any(str(y) in text for y in range(year, year + 8)):
        return False
    if told._PLAN.search(text) is not None:
        return False
    if any(days.after(d, page.day) for d in days.dates_in(text)):
        return True
    for m in told._LATE.finditer(text):
        late_in_month = m[1] is not None and days.month_of(m[1]) == month and day < 21
        if int(m[2]) == year and (month < 10 if m[1] is None else late_in_month):
            return True
    return False


def test_the_page_day_check_reads_dates_as_before(sentences: list[tuple[told.Page, str]]) -> None:
    """The shortcut (a year later than the page's is a date after it; none of its year, no date read) gives
    what reading every date gave, on real prose moved around each page's year and on every date form."""
    forms = [
        "On 2024-03-15, it was filmed.", "It sold out on 03/15/2024.", "By March 15th, 2024, it closed.",
        "Fri, 15 Mar 2024 saw the gala.", "In March 2024, they toured.", "In Dec. 2024 the deal closed.",
        "The 2024-13-40 note and 2025", "2063 square kilometres in 2024", "late in 2024",
        "At the end of March 2024", "Due in 2026, the bonds were sold.", "In 20245 things; 2024x",
        "in 2023 and 11/02/2024",
    ]  # fmt: skip
    checked = after = 0
    for page, text in sentences:
        assert page.day is not None
        shifted = [text] + [lifespan.YEAR_IN_TEXT.sub(_moved(k), text) for k in (1, -1)]
        for variant in shifted + forms:
            got = page._after_page(variant)
            assert got == _old_after_page(page, variant), (page.day, variant)
            checked += 1
            after += got
    assert after > 50 and checked > after
