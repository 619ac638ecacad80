"""When each medium, format and instrument the prose can name came into use: a sentence names only what
existed at the date it narrates.

g21's reading counted 5 absurd facts of 40 questions, three of them anachronisms a year window cannot see:
"At the start of March 1974, a producer ... told one podcast", a 1971 shoot "on digital stock", a 1944 song
that "leans on a long synth pad" and "nearly fell off the LP". So every such word carries the year it came
into common use, and a sentence is kept only when the date it narrates is not earlier: its own years, or,
when it tells how a work was made or what the work is made of, the work's own start (a song's synth pad is
as old as the song). A sentence with neither narrates the page's day, later than every year here.

The years are rounded to when the thing was common, not invented: a 1962 "drum machine" existed, but a
reader of "the drum programming of a 1962 single" would stop. The audit states its eras independently.
"""

from __future__ import annotations

import re

from mockapi.world.pages import lifespan

# (pattern, first year): media a sentence's event happens on or through
_MEDIA = (
    (r"podcast(?:s|er|ers)?", 2005),
    (r"live ?stream(?:s|ed)?|late-night stream|video chat", 2008),
    (r"streaming|streamers?|streams|streamed|stream\b", 2007),
    (r"video platform|online service|social media|went viral|viral clip|viral|views|meme", 2006),
    (r"TikTok", 2017),
    (r"Shazam", 2003),
    (r"playlists?|downloads?", 2000),
    (r"online|fan site|website|blog(?:s|ger|gers|ged)?|email|e-mail|app", 1996),
    (r"DVD|high-definition|digital", 1996),
    (r"home video|cable|video game|remastered", 1980),
    (r"music video|video|remix(?:es|ed)?", 1977),
    (r"airline|in-flight", 1965),
    (r"television|TV|telecast|broadcast|live television", 1950),
    (r"radio", 1922),
)  # fmt: skip
# what a work is made of or on: dated by the work's own start whatever year the sentence names
_MADE = (
    (r"slowed edit", 2015),
    (r"mashup", 2001),
    (r"drum programming|drum machine|programmed drums", 1980),
    (r"samples?|sampled|loops?|looped", 1980),
    (r"synths?|synthesi[sz]ers?|synth pad", 1968),
    (r"bpm", 1975),
    (r"four-track", 1970),
    (r"Super 8", 1966),
    (r"65mm", 1956),
    (r"LPs?|EPs?|vinyl", 1949),
)  # fmt: skip


def _compile(table: tuple[tuple[str, int], ...]) -> tuple[re.Pattern[str], dict[int, int]]:
    """One alternation of every term, a group per row (a match's group keys its year), case kept for the
    abbreviations ("LP", "TV")."""
    pattern = r"\b(?:" + "|".join(f"({p})" for p, _ in table) + r")(?![\w-])"
    return re.compile(pattern), {i: year for i, (_, year) in enumerate(table, start=1)}


_MEDIA_RE, _MEDIA_YEAR = _compile(_MEDIA)
_MADE_RE, _MADE_YEAR = _compile(_MADE)
WORKS = ("song", "movie")


def _first(pattern: re.Pattern[str], years: dict[int, int], text: str) -> int:
    """The latest first-use year of the terms `text` names (0 for none)."""
    return max((years[m.lastindex or 0] for m in pattern.finditer(text)), default=0)


def needed(text: str) -> tuple[int, int]:
    """(media, made): the year each kind of term `text` names came into use (0: none)."""
    return _first(_MEDIA_RE, _MEDIA_YEAR, text), _first(_MADE_RE, _MADE_YEAR, text)


def fits(text: str, life: lifespan.Life | None, years: list[int] | None = None) -> bool:
    """Whether every medium, format and instrument `text` names existed at the date it narrates: each of
    its years (`years`, else read from it), and the work's own start for what a work is made of (and for
    anything a sentence about its making names)."""
    media, made = needed(text)
    if not media and not made:
        return True
    years = lifespan.years_in(text) if years is None else years
    latest = max(media, made)
    if years and min(years) < latest:
        return False
    if life is not None and life.kind in WORKS:
        start = life.start
        if made and start < made:
            return False
        if media and start < media and lifespan.making(text, life.kind):
            return False
    return True
