"""A sequel's title tells its order: "X II", "X 3", "X: Part Two" come out after "X", and "X (1976 film)" in
1976.

`names._sequel` and `names._qualifier` make such look-alike titles with no date in mind; the catalogues
draw their dates afterwards. Generator 23's default world had 23 of 117 KG sequels (songs) released before
their original ("Cathedral of Stranger II" 1991, "Cathedral of Stranger" 2000: the audit's works-in-order
line), and look-alike films titled "(1955 film)" released in 2009. These helpers place such dates without a
draw of the catalogue's generator, so nothing else in a world moves.
"""

from __future__ import annotations

import datetime as dt
import re
import zlib

# How `names._sequel` continues a title (" (Remix)" is a version, not a sequel)
SEQUEL_TAILS = (" II", " 2", " III", " 3", ": Part Two", " Returns", " Reloaded", " Redux")
_FILM_YEAR = re.compile(r"\((\d{4}) film\)$")
LAST_DAY = dt.date(2024, 2, 28)  # nothing is released after the worlds' query days begin


def is_sequel(original: str, title: str) -> bool:
    """Whether `title` continues `original`, with or without its article ("Last Atlas II" continues "The
    Last Atlas": g22 reader, 1973 before 1998)."""
    return any(
        title.startswith(base) and title[len(base) :] in SEQUEL_TAILS
        for base in dict.fromkeys((original, original.removeprefix("The ")))
    )


def titled_year(title: str) -> int | None:
    """The year a "(1976 film)" qualifier names, else None."""
    found = _FILM_YEAR.search(title)
    return int(found[1]) if found else None


def in_year(date: str, year: int) -> str:
    """ISO `date` moved to `year` (29 February becomes the 28th)."""
    day = dt.date.fromisoformat(date[:10])
    return day.replace(year=year, day=min(day.day, 28) if day.month == 2 else day.day).isoformat()


def after(original: str, title: str, last: dt.date = LAST_DAY) -> str:
    """An ISO date after `original`'s (ISO) and no later than `last`, picked by `title` (no draw): 30 days to
    ~8 years on. `last` itself when the window is empty (an original of `last`'s month)."""
    first = dt.date.fromisoformat(original[:10]) + dt.timedelta(days=30)
    if first >= last:
        return max(last, dt.date.fromisoformat(original[:10])).isoformat()
    span = min((last - first).days, 8 * 365)
    return (first + dt.timedelta(days=zlib.crc32(title.encode()) % (span + 1))).isoformat()
