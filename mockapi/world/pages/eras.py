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
from collections.abc import Iterable

from mockapi.world.pages import event_reads, lifespan

# (words, first year): media a sentence's event happens on or through
_MEDIA = (
    (("podcast", "podcasts", "podcaster", "podcasters"), 2005),
    (("livestream", "livestreams", "livestreamed", "live stream", "live streams", "late-night stream",
      "video chat"), 2008),
    (("streaming", "streamer", "streamers", "streams", "streamed", "stream"), 2007),
    (("video platform", "online service", "social media", "went viral", "viral clip", "viral", "views",
      "meme"), 2006),
    (("TikTok",), 2017),
    (("Shazam",), 2003),
    (("playlist", "playlists", "download", "downloads"), 2000),
    # a company's or a service's app is a smartphone's: "Back in 2000, the group launched its mobile
    # application" (g25 default world: 83 such sentences; "app" stood with the web at 1996, and `synonyms`
    # writes it "application", which no row named)
    (("app", "apps", "mobile app", "mobile apps", "mobile application", "mobile applications", "smartphone",
      "smartphones", "app store"), 2008),
    (("online", "fan site", "website", "blog", "blogs", "blogger", "bloggers", "blogged", "email", "e-mail"),
     1996),
    (("DVD", "high-definition", "digital"), 1996),
    (("home video", "cable", "video game", "remastered"), 1980),
    (("music video", "video", "remix", "remixes", "remixed"), 1977),
    (("airline", "in-flight"), 1965),
    (("television", "TV", "telecast", "broadcast", "live television"), 1950),
    (("radio",), 1922),
)  # fmt: skip
# what a work is made of or on: dated by the work's own start whatever year the sentence names
_MADE = (
    (("slowed edit",), 2015),
    (("mashup", "mashups"), 2001),
    (("drum programming", "drum machine", "programmed drums"), 1980),
    (("sample", "samples", "sampled", "loop", "loops", "looped"), 1980),
    (("synth", "synths", "synthesizer", "synthesizers", "synthesiser", "synthesisers"), 1968),
    (("bpm",), 1975),
    (("four-track",), 1970),
    (("Super 8",), 1966),
    (("65mm",), 1956),
    (("LP", "LPs", "EP", "EPs", "vinyl"), 1949),
)  # fmt: skip
Table = tuple[tuple[tuple[str, ...], int], ...]


def _trie(words: Iterable[str]) -> str:
    """An alternation of `words` as a trie (a branch per next character, the longer word tried first): the
    regex engine reads a position's next character once instead of trying every word in turn (a third of
    the cost of the eras check at g27, which tried ~90 words at each word start)."""
    heads: dict[str, list[str]] = {}
    for word in sorted(set(words)):
        heads.setdefault(word[:1], []).append(word[1:])
    alts = [re.escape(head) + _trie(rest) for head, rest in heads.items() if head]
    if not alts:
        return ""
    body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
    return f"(?:{body})?" if "" in heads else body


def _compile(table: Table) -> tuple[re.Pattern[str], dict[str, int]]:
    """Every term of `table` as one trie, case kept for the abbreviations ("LP", "TV"), and each term's year
    (a match's text keys it). At a position the longest term wins, as the first row did in a row-by-row
    alternation: where one term starts another, the longer one's row is never later
    (tests/world/test_eras_scan.py)."""
    years: dict[str, int] = {}
    for words, year in table:
        for word in words:
            years.setdefault(word, year)
    return re.compile(r"\b" + _trie(years) + r"(?![\w-])"), years


_MEDIA_RE, _MEDIA_YEAR = _compile(_MEDIA)
_MADE_RE, _MADE_YEAR = _compile(_MADE)
# whether a sentence names any term's first word as a whole word (`[\w-]` on neither side): one search before
# the alternations run (most sentences name none)
_FIRSTS = frozenset(w.split()[0] for words, _ in _MEDIA + _MADE for w in words)
_ANY_FIRST = re.compile(r"(?<![\w-])" + _trie(_FIRSTS) + r"(?![\w-])")
WORKS = ("song", "movie")
LATEST = max(year for _, year in _MEDIA + _MADE)  # a work this young was made with anything here


def _first(pattern: re.Pattern[str], years: dict[str, int], text: str) -> int:
    """The latest first-use year of the terms `text` names (0 for none)."""
    return max(map(years.__getitem__, pattern.findall(text)), default=0)


def needed(text: str) -> tuple[int, int]:
    """(media, made): the year each kind of term `text` names came into use (0: none)."""
    if _ANY_FIRST.search(text) is None:
        return 0, 0
    return _first(_MEDIA_RE, _MEDIA_YEAR, text), _first(_MADE_RE, _MADE_YEAR, text)


def fits(text: str, life: lifespan.Life | None, years: list[int] | None = None) -> bool:
    """Whether every medium, format and instrument `text` names existed at the date it narrates: each of
    its years (`years`, else read from it), and the work's own start for what a work is made of (and for
    anything a sentence about its making names)."""
    years = event_reads.years_in(text) if years is None else years
    start = (life.first or life.start) if life is not None and life.kind in WORKS else LATEST
    if not years and start >= LATEST:  # it narrates the page's day (most sentences: no term read)
        return True
    if _ANY_FIRST.search(text) is None:
        return True
    made = _first(_MADE_RE, _MADE_YEAR, text)
    if start < made or (years and min(years) < made):
        return False
    # how a work was made names no medium newer than the work ("the trailer ... became a meme", 1973)
    making = start < LATEST and life is not None and event_reads.making_words(text, life.kind)
    if not years and not making:
        return True  # the page's day: every medium here existed
    media = _first(_MEDIA_RE, _MEDIA_YEAR, text)
    return not ((years and min(years) < media) or (making and start < media))
