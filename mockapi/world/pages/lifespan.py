"""An entity's life on the page: the years each kind of event about it may carry.

Every dated sentence about an entity must fall inside the window its kind of event allows, whatever composed
the date (a slot, a lead-in, an "as far back as" opener, a "later in" phrase): a film is made before its
release and screened, reviewed and streamed after it; a song is written and recorded on nothing newer than
itself; nothing happens to a company, club or place before it was founded; nothing public happens to a
person before ~18. Generator 20's final reading counted 6 absurd facts of 40 questions, all of this kind
("Early in 2012, the early sequences in The Silent Summer [1948] were mostly filmed around Lille", a 1990 song
"built on a sample from a 2009 soul record", a company founded in 2021 with 1996 inventory news).

`prose` draws its years inside `window`; `violation` is the check both it and the audit's scan apply.
"""

from __future__ import annotations

import datetime as dt
import re
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from mockapi.world.pages import days
from mockapi.world.pages.days import Day
from mockapi.world.pages.kg_lives import DEATH as DEATH
from mockapi.world.pages.kg_lives import Known as Known
from mockapi.world.pages.kg_lives import kg_starts as kg_starts
from mockapi.world.questions import starts
from mockapi.world.real.lives import OLDEST_LIVING

# Fact kinds that date an entity's start (a release, a founding, a birth), by subject kind.
ANCHORS = {
    "mv.release": "movie", "mu.song_date": "song", "fin.founded": "company", "sp.founded": "team",
    "op.founded": "topic", "mu.birth": "artist", "pe.birth": "person",
    "mu.formed": "band",  # no question kind: a KG band's start (`kg_starts`), a band's "birth date" there
}  # fmt: skip
# kinds whose lives run alike: a page's own kind names a name of its family, else the anchor's kind does
_FAMILY = {
    "artist": "people",
    "band": "people",
    "person": "people",
    "film_person": "people",
    "music_person": "people",
    "player": "people",
}
# Where an entity's start falls when nothing the world states dates it: drawn from its name, so every page
# of one name agrees, in the ranges the world's own values take.
PEOPLE = ("person", "film_person", "music_person", "artist", "player")
# nothing public before a person's 18th year (a portrait "published" when he was seven read absurd)
ADULT = 18
LEAD_TIME = 3  # a film is shot, a song recorded, within this many years before its release
_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")
# a year, not a measure that looks like one ("2063 square kilometres")
YEAR_IN_TEXT = re.compile(
    r"\b(?:1[6-9]|20)\d\d\b(?!\s*(?:square|sq\b|km|kilomet|miles\b|acres|hectares|people\b|bpm|voices))"
)
# What making a work sounds like: before its release (films: shot, staged, written; songs: demoed, sampled,
# worked out on an instrument). Everything else that happens to a work (screenings, reviews, streams,
# covers, sales) comes after it.
MAKING = {
    "movie": re.compile(
        # "documented": `synonyms` puts it for photographed ("the last reel ... was documented on digital
        # stock" passed as no making at 1946: the audit's one anachronism of g22)
        # no trailer or teaser (`_PROMO`); "shot" the noun counts, as a reader may take it for the verb, and
        # a sentence of its making and its reception holds no date (`event_window`: "audiences picked apart
        # the opening shot" in 1969 of a 1971 film passed as its making: g23 reader, absurd)
        r"\b(?:shot|filmed|staged|took shape|photographed|captured|documented|were done|shoot|script|draft|"
        r"storyboard|reshot|rewritten|improvised|sets? (?:went up|was built|were built)|cost (?:them|the"
        r" crew|the production)|"
        # an animated film's making (`lex_arts.ANIMATED`): drawn, voiced, designed before its release
        r"animated|(?:re|hand-)?drawn|storyboarded|laid out|coloured|inked|recorded their lines|"
        # (an adverb between: "the dialogue for the feature were again recorded" dated after the release
        # passed as reception beside "added to one niche streamer", the audit's one lives violation of g43)
        r"cut their lines|were (?:\w+ )?recorded|were (?:\w+ )?taped|recording sessions|recording studio|"
        r"ad-libbed|took \d+ weeks to design|"
        r"cost (?:the team|the studio))\b"
    ),
    "song": re.compile(
        r"\b(?:demo|(?:first|second|third|fourth|fifth|sixth) take|sample|loop|synth|piano|drum machine|"
        r"four-track|borrowed guitar|recorded|worked out|"
        # and the making words the audit reads for any work ("part of Lonely River took shape near Malmö" on
        # 10 Oct 2023 of a song released on 6 Aug 2023: the tiny world's lives line at generator 27)
        r"started on|came from|built on|co-wrote|produced|engineered|mixed|took shape|captured|composed|"
        r"tracked|written|wrote)\b"
    ),
}
MAKING["work"] = re.compile(f"{MAKING['movie'].pattern}|{MAKING['song'].pattern}")  # a film or a song
# A film's trailer, teaser or poster is out within PROMO_DAYS before its release (`event_reads.promo`)
PROMO_DAYS = 365


@dataclass(frozen=True)
class Life:
    """An entity's kind, the year its life starts (released, founded, born) with its month and day where
    known (0: not known), and a person's death year (0: alive or not known)."""

    kind: str
    start: int
    month: int = 0
    day: int = 0
    end: int = 0
    first: int = 0  # the earliest start of a work's name two KG works share (`eras`: made with what it had)
    # a film's genre (`film_genres`: "animation" is drawn, not shot); out of the repr, which `ended` hashes
    genre: str = field(default="", repr=False)

    def promo_day(self) -> Day:
        """The earliest day a film's trailer or poster may come out (PROMO_DAYS before the release, at the
        release's precision)."""
        if not self.month or not self.day:
            return (self.start - 1, self.month, 0)
        first = dt.date(self.start, self.month, min(self.day, 28)) - dt.timedelta(days=PROMO_DAYS)
        return (first.year, first.month, first.day)

    def window(self, making: bool, year: int) -> tuple[int, int]:
        """The years an event may carry on a page of `year`: `making` a work, or anything else. Empty when
        the life starts after the page (a page of 2023 names no 2023 event of a song released in 2024)."""
        if self.kind in MAKING:
            if making:  # before the release year: "On August 9th, 1973" shot a film released 31 May 1973
                return self.start - LEAD_TIME, min(self.start - 1, year)
            return self.start, year
        if self.kind in PEOPLE:
            # nothing after a death: a KG person dead in 1945 "toured a hospital in Montréal on 2 Feb 2024";
            # nor in any part of its year, whose day a page may not give (issue 31, g26 brief: an act dated
            # in the death's year read as after it)
            return self.start + ADULT, min(year, self.end - 1) if self.end else year
        return self.start, year

    def too_early(self, sentence: str) -> bool:
        """Whether a date of `sentence` in the start's year falls before the start's month or day (years
        agree: "During February 2020" for a song released on 25 August 2020). A person's acts are checked by
        year (ADULT keeps them years after the birth)."""
        if not self.month or self.kind in PEOPLE or str(self.start) not in sentence:
            return False
        return any(d[0] == self.start and days.before(d, (self.start, self.month, self.day))
                   for d in days.dates_in(sentence))  # fmt: skip


Lives = Callable[[str], Life]  # a name's life


# The build's KG anchors in this process (`use_kg`, set where a helper reads the pools): any page naming a
# KG-dated name dates it by the KG, whichever question's page, roundup or copy it is
_KG: dict[str, Known] = {}


_KG_FILE = [""]  # the file `_KG` was read from ('' when set otherwise)


def use_kg(starts: dict[str, Known]) -> None:
    """Make `starts` (`kg_starts`) the KG anchors every page of this process dates names by."""
    _KG.clear()
    _KG.update(starts)
    _KG_FILE[0] = ""


def use_kg_file(kg: str) -> None:
    """`use_kg` with the anchors of the KG file `kg` (read once a process; '' for none): a build helper
    making roundups reads them before any question's pools reach it."""
    if kg != _KG_FILE[0]:
        use_kg(kg_starts(Path(kg)) if kg else {})
        _KG_FILE[0] = kg


def kg_known(name: str) -> Known:
    """The KG's anchor of `name` in this process (`use_kg`), else none."""
    return _KG.get(name, ())


def other_family(name: str, kind: str) -> bool:
    """Whether the KG dates `name` only as an entity of another family than `kind`'s: a film's look-alike
    "Electric Sky" under a KG band's name had film-shoot prose dated before the band's start (world37's
    default world at 4719224, the audit's lives line); a same-family KG look-alike keeps its KG life."""
    kinds = {ANCHORS.get(k, "") for _n, k, _v in kg_known(name)} - {""}
    mine = _FAMILY.get(kind, kind)
    return bool(kinds) and all(_FAMILY.get(k, k) != mine for k in kinds)


def kind_of(kind: str) -> str:
    """The life kind of a subject kind (bands and artists alike; a film person is a person)."""
    return "person" if kind in ("film_person", "music_person") else kind


def default(name: str, kind: str) -> Life:
    """A start drawn from the name alone (stable across pages and builds)."""
    return ended(Life(kind, starts.drawn_start(name, kind)))


def from_values(kind: str, values: Iterable[tuple[str, str]]) -> Life | None:
    """The life a subject's anchor facts give: (fact kind, value) pairs, the first anchor wins."""
    lives = []
    # the earliest death: two people one bare name gives ("Arturo Naser" [1897-1945] and "Arturo Naser
    # (musician)" [1925-1992]) share a page's sentences, which fit both (g23's first build)
    death = min((int(found[1]) for k, v in values if k == DEATH and (found := _YEAR.search(v))), default=0)
    for fact_kind, value in values:
        if fact_kind in ANCHORS and (found := _YEAR.search(value)):
            own = ANCHORS[fact_kind]
            same = _FAMILY.get(own, own) == _FAMILY.get(kind, kind) and own != "band"
            _, month, day = days.first_day(value, int(found[1]))
            lives.append(Life(kind if same else own, int(found[1]), month, day, death))
    if not lives:
        return None
    if lives[0].kind in MAKING:  # the first anchor (the page's own, else the KG's later work of the name),
        # made with what the earliest work of its name had (`eras`); the latest of all took a set's year or a
        # weekend's release over the KG's and shot a 1972 film in 1998 (g24 draft: 23 lives)
        first = min(life.start for life in lives if life.kind == lives[0].kind)
        return replace(lives[0], first=first) if first < lives[0].start else lives[0]
    # two starts of one name (a look-alike page's own birth date beside the KG's): after the later one,
    # events fit both, and before the earliest one's death ("Débora Mendez" [KG 1922] "signed on to a
    # production" in 2023 after a page's later birth: the audit's ages line, 17 of 1,142 at g23)
    ends = [e for e in (ended(life).end for life in lives) if e]
    return replace(ended(max(lives, key=lambda life: life.start)), end=min(ends, default=0))


def ended(life: Life) -> Life:
    """`life`, with a death when it is a person born before OLDEST_LIVING whom nothing dates dead (the
    movie KG has no deaths): 70-94 years on, picked by the start (no draw), so a man born 1897 hosts no
    debate in 2023 (g22 reader, absurd)."""
    if life.kind not in PEOPLE or life.end or life.start >= OLDEST_LIVING:
        return life
    return replace(life, end=min(2023, life.start + 70 + zlib.crc32(str(life).encode()) % 25))


def after_original(life: Life, original: Life, title: str) -> Life:
    """`life` of the sequel `title`, started 1-8 years after its original's start when its own (drawn) start
    is not later: a lower-ranked page quoted a sequel's editor 9 years before the original's release (g25
    reader), the sequel dated by its own name and the original by the question's facts."""
    if life.kind != original.kind or life.start > original.start:
        return life
    start = min(2023, original.start + 1 + zlib.crc32(title.encode()) % 8)
    return replace(life, start=start, month=0, day=0, first=0)


def day_in(lo: int, hi: int, rank: int, page_day: dt.date) -> dt.date:
    """A day of years lo..hi (before `page_day`), picked by `rank` (any integer)."""
    first = dt.date(lo, 1, 1)
    last = min(dt.date(hi, 12, 31), page_day - dt.timedelta(days=1))
    if first > last:  # a window after the page: the day before it (the sentence is drawn again)
        return last
    span = (last - first).days
    return first + dt.timedelta(days=rank % (span + 1))


def adult(value: str, name: str, day: dt.date, born: int = 0) -> str:
    """An event year of `name`'s (a debut) at 18 or later: after the KG's birth of the name, else `born`."""
    born = next((int(v[:4]) for _n, k, v in kg_known(name) if k in ("mu.birth", "pe.birth")), born)
    found = _YEAR.search(value)
    if not born or found is None or int(found[0]) >= born + ADULT:
        return value
    year = min(day.year, born + ADULT + zlib.crc32(name.encode()) % 8)
    return value[: found.start()] + str(year) + value[found.end() :]
