"""What a page's prose has told so far: the current name's life and the slots' year window (`lifespan`), and
the statements a page makes once however often its grammar offers them."""

from __future__ import annotations

import datetime as dt
import re

from mockapi.world.pages import days, eras, event_reads, lifespan

# What a page says once, however often its grammar offers it: one length per song (six lengths on one g20
# page), one place "most of" a film was shot, one theatrical run, one "toured N cities" (2-11 a film page).
_ONCE = (
    re.compile(r"\b(?:runs just over|lasts about|clocks in near) \d+ minutes"),
    re.compile(r"\b(?:[Mm]ost|[Mm]uch) of\b[^.;]*\b(?:shot|filmed|staged|took shape|photographed|animated|"
               r"drawn|hand-drawn|storyboarded|laid out|coloured)\b|"
               r"\bmostly (?:shot|filmed|staged|photographed|captured|done)\b"),
    re.compile(r"\b\d+ (?:cities|towns|venues)\b"),
    re.compile(r"\b(?:played|ran|screened|held on|stayed) (?:for |about )?(?:a )?"
               r"\d+(?:-week| weeks| straight)"),
    # a film's first scenes are shot once: six dates for them on one g21 page, 1970 to after the release
    re.compile(r"\b(?:opening|first|early) (?:scenes|minutes|shots|sequences) (?:of|in|from)\b"),
    re.compile(r"\b(?:final|closing|last) (?:scenes|minutes|shots|sequences|act|reel|third)"
               r" (?:of|in|from)\b"),
    # one revenue a page: a company page gave Q1 revenue as $99 million, €275m and €254m (g22 reader)
    re.compile(r"\b(?:revenue|sales)\b[^.;]*?\b(?:of|at|worth|totalling|near) (?:US)?[$€£]"),
)  # fmt: skip
# each _ONCE holds one of these: a substring test before the regex (most sentences hold none)
# how often a page may say each: a few tours of a few prints read fine, 2-11 read as filler (g20); one tour
# a page took the small counts the top 10 shows (typed-candidate voting 0.086 -> 0.117)
_TIMES = (1, 1, 3, 1, 1, 1, 1)
_ONCE_WORDS = (
    " minutes",
    "ost of",  # "[Mm]ost of", "mostly": not "ost" alone (cost, post, host: half the sentences ran the regex)
    "ostly ",
    "uch of",
    " cities",
    " towns",
    " venues",
    "week",
    " straight",
    " scenes",
    " shots",
    " sequences",
    " act ",
    " reel ",
    " third ",
    "revenue",
    "sales",
)
_ONCE_ANY = re.compile("|".join(f"(?:{p.pattern})" for p in _ONCE))
_DIGIT = re.compile(r"\d")
# A lead-in dates a past event: "In January 1997, the song closes with a muted guitar lick" dated a static
# fact (7.5 of 100 g20 rank-1 pages), so a clause in the present ("is", "closes", "opens") takes none.
_PAST = re.compile(
    r"\b(?:was|were|had|\w+ed|sold|won|made|took|came|went|drew|shot|wrote|left|held|lost|ran|"
    r"got|told|spoke|sat|found|cut|built|kept|stuck|fell|rose|led|paid|met|gave|became|grew)\b"
)
_PRESENT = re.compile(r"\b(?:is|are|opens|closes|leans|runs|lasts|clocks)\b")


def past(clause: str) -> bool:
    """Whether a clause tells a past event (a lead-in may date it)."""
    return _PAST.search(clause) is not None and _PRESENT.search(clause) is None


# what happened lately, with no year to check: nothing of a person dead for years
_RECENT = re.compile(
    r"\b(?:last (?:spring|summer|autumn|fall|winter|week|month|year|season|weekend|night)|yesterday|this "
    r"(?:year|week|month|season)|recently|lately|days ago|weeks ago|months ago)\b"
)


def recent(text: str) -> bool:
    """Whether `text` tells a time from its page's day ("last winter", "weeks ago")."""
    return _RECENT.search(text) is not None


# what a sentence dated after its page may say: a plan, a schedule, a forecast ("bonds due 2027")
_PLAN = re.compile(
    r"\b(?:will|would|set to|plans?|planned|planning|scheduled|expected|expects|due|upcoming|aims?|hopes?|"
    r"intends?|projected|forecasts?|targets?)\b",
    re.I,
)
# the late part of a year or a month: "late in 2024", "later in 2024", "in late March 2024", "at the end of
# March 2024"
_YEAR_TOKEN = re.compile(r"\b(?:1[6-9]|20)\d\d\b")  # the years `days.dates_in` reads, in any of its forms
_LATE = re.compile(r"\b(?:[Ll]ate|[Ll]ater|end of) (?:in )?(?:([A-Z][a-z]+) )?(\d{4})\b")
# how far back a month or season without a year reaches ("in August", "last autumn"): a life that started
# in this year or the one before may start after it
_YEARLESS_REACH = 1
# where a sentence's clauses part (prose's joiners): each clause is dated by itself
_CLAUSES = re.compile(r";|\s[—–]\s|, (?:and|while|meanwhile)\b")
# draws before the last one is kept with its years moved in (late on a film page, once-only hits are common)
TRIES = 18


# a critic's ranking among the films of a span of years ("of the last 8 years" of a 1970 film: 12.5 of 100 g24
# rank-1 pages, the reader) or of its own year, dated in another ("Early in 2011, ... of that year" of 1950)
_SPAN_RANK = re.compile(r"\bof (?:the last (\d+) years|recent years|the decade)|\bin years\b")
_OWN_YEAR = re.compile(r"\bof (?:that|its) year\b")


def _ranked_in_time(text: str, life: lifespan.Life, year: int) -> bool:
    """Whether a ranking `text` tells of a work (film or song) fits its release: within the span it names,
    or dated in its own year."""
    if life.kind not in ("movie", "song", "work"):
        return True
    span = _SPAN_RANK.search(text)
    if span is not None:
        reach = int(span[1]) if span[1] else 10 if "decade" in span[0] else 5
        return life.start >= year - reach
    if _OWN_YEAR.search(text) is not None:
        return all(y == life.start for y in event_reads.years_in(text))
    return True


# What a visit to a sight costs or allows: "Saint Larkridge added free entry on Tuesdays", "A day ticket for
# Saint Larkridge comes to £20" (the audit's places sold with tickets, 6 on g25's default world)
_ADMISSION = re.compile(
    r"\b(?:[Ee]ntry|[Aa]dmission|[Ee]ntrance fee|tickets?|"
    r"(?:[Dd]ay|[Ff]amily|[Aa]nnual|[Ss]eason) (?:ticket|pass))\b"
)


class Page:
    """What a page's prose keeps between sentences: the current name's life, the slots' year window, the
    once-only statements made."""

    def __init__(self, year: int, bounds: list[int], day: dt.date | None = None) -> None:
        self.year, self.bounds = year, bounds
        # the page's day: no past event after it at any precision ("In April 2024, Sweet Shadow was licensed
        # for a period drama" on a page of March 2024 passed the year checks: g24 reader, absurd)
        self.day: days.Day | None = (day.year, day.month, day.day) if day is not None else None
        self._life: lifespan.Life | None = None
        self._any = [0, year]  # the life's whole window, set with the life
        self.said = [0] * len(_ONCE)  # times each once-only statement was made
        # the other names the prose may mention, with their lives: "a double bill with The Train Protocol
        # [2017] in April 2015" dated the other film's screening before its release
        self.others: tuple[tuple[str, lifespan.Life], ...] = ()
        self._hits: tuple[int, ...] = ()
        # what `dated_fit` reads of the page's day, once: the year strings a date after it may hold
        # (`_after_page`), and the lives started lately (`_recent_fit`), of the names in `others`
        self._soon = tuple(str(y) for y in range(day.year, day.year + 8)) if day is not None else ()
        self._recent_of: tuple[tuple[tuple[str, lifespan.Life], ...], tuple[tuple[str, lifespan.Life], ...]]
        self._recent_of = ((), ())
        # the current sentence is about a town: lived in, entered without a ticket (`_ADMISSION`)
        self.town = False

    def fit(self, text: str) -> bool:
        """Whether `text` fits every life it names and says nothing said once already (the year checks
        only where a digit is, the once-only ones past one search of them all: most sentences hold none)."""
        if not self.dated_fit(text):
            return False
        maybe = any(map(text.__contains__, _ONCE_WORDS))  # a substring test first: most sentences hold none
        if not maybe or _ONCE_ANY.search(text) is None:
            self._hits = ()
        else:
            self._hits = tuple(i for i, p in enumerate(_ONCE) if p.search(text))
        return all(self.said[i] < _TIMES[i] for i in self._hits)

    def dated_fit(self, text: str) -> bool:
        """Whether `text` fits every life it names and names no medium newer than its dates (`eras`), and
        sells no entry to a town."""
        if self.town and _ADMISSION.search(text) is not None:
            return False
        life = self.life
        if life is not None and life.end and life.end < self.year - 1 and _RECENT.search(text) is not None:
            return False  # a man dead in 1945 "led a drive for climate last autumn" (g23's first build)
        digit = _DIGIT.search(text) is not None
        if (
            life is not None
            and ("year" in text or "decade" in text)
            and not _ranked_in_time(text, life, self.year)
        ):
            return False
        if digit and self.day is not None and self._after_page(text):
            return False
        if self.day is not None and not self._recent_fit(text, life):
            return False
        years = event_reads.years_in(text) if digit else []
        if years:
            # a part's works before the part stood, whatever the page's life: "extended a wing put up in 2007
            # in November 2000" on the page of a question's invented observatory, which had none
            if event_reads.before_its_part(text) is not None:
                return False
            if self.life is not None and event_reads.violation(text, self.life, self.year, years) is not None:
                return False
            lives = (life for name, life in self.others if name in text)
            if any(event_reads.violation(text, life, self.year, years) is not None for life in lives):
                return False
        return eras.fits(text, self.life, years)

    def _after_page(self, text: str) -> bool:
        """Whether `text` narrates a date after the page's day (a plan or schedule may name one)."""
        assert self.day is not None
        year, month, day = self.day
        if not any(map(text.__contains__, self._soon)):  # substring tests first
            return False
        if _PLAN.search(text) is not None:
            return False
        # every date `days.dates_in` reads holds one of these years: one later than the page's is a date after
        # it, and only one of its year needs the dates read (a third of the cost of this check at g27)
        latest = max(map(int, _YEAR_TOKEN.findall(text)), default=0)
        if latest > year:
            return True
        if latest == year and any(days.after(d, self.day) for d in days.dates_in(text)):
            return True
        # the late part of the page's year or month is after it too: "Late in 2024" on a page of March 2024
        for m in _LATE.finditer(text):
            late_in_month = m[1] is not None and days.month_of(m[1]) == month and day < 21
            if int(m[2]) == year and (month < 10 if m[1] is None else late_in_month):
                return True
        return False

    def _recent_fit(self, text: str, life: lifespan.Life | None) -> bool:
        """Whether every date of `text` about an entity that started lately (this year or the one before),
        months and seasons without a year included ("in August", "last autumn"), falls in its life, clause by
        clause (a clause of a work's making may come before it). Day by day, where `event_reads.violation`
        reads years and lets "was released" pass as the anchor: "Just before 02/25/2024, Sweet Shadow's video
        was released" of a song of 1 March 2024."""
        assert self.day is not None
        since = self.day[0] - _YEARLESS_REACH
        others, recent_others = self._recent_of
        if others is not self.others:  # the others' recent lives, once a page (most pages: none)
            recent_others = tuple((name, o) for name, o in self.others if o.start >= since)
            self._recent_of = (self.others, recent_others)
        recent = [life] if life is not None and life.start >= since else []
        if recent_others:
            recent += [o for name, o in recent_others if name in text]
        if not recent:
            return True
        for part in _CLAUSES.split(text):
            said = days.yearless(part, (self.day[0], self.day[1]))
            if _DIGIT.search(part) is not None:
                said += days.dates_in(part)
            for life in recent if said else ():
                if event_reads.making_words(part, life.kind) or event_reads.promo(part, life):
                    continue
                if any(days.before(d, (life.start, life.month, life.day)) for d in said):
                    return False
        return True

    def keep(self, text: str) -> str:
        """`text`, its once-only statements (found by the last `fit`, of this text) noted as said."""
        for i in self._hits:
            self.said[i] += 1
        return text

    @property
    def life(self) -> lifespan.Life | None:
        """The life of the name the current sentence is about."""
        return self._life

    @life.setter
    def life(self, life: lifespan.Life | None) -> None:
        if life is not self._life:
            self._life = life
            self._any = [0 if life is None else life.window(True, self.year)[0], self.year]

    def window(self, text: str | None) -> None:
        """Years of the event `text` tells (all of the life's when None, or no life: the default slots)."""
        if text is None or self._life is None:
            self.bounds[:] = self._any
        else:
            self.bounds[:] = event_reads.event_window(text, self._life, self.year)
