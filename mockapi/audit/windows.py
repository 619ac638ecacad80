"""The audit's own life windows: the dates an event about an entity may carry, read from the sentence's words.

Stated here, apart from the generator (`mockapi.world` is never imported by the audit's scans): a window the
generator gets wrong must not pass the audit for the same reason it passed the build. The rules are what a
reader holds any page to, not what one template draws:

- **a work** (a film, a song; "released" on a page): it is *made* (shot, filmed, took shape, scripted,
  drafted, recorded, demoed, written, composed, mixed) in the few years up to its release and no later; it is
  *seen* (screened, reviewed, streamed, broadcast, aired, sampled, covered, reissued, charted, sold, named in
  a countdown; applauded, lauded, hailed, picked apart, a fan event, a double bill) from its release on ("the
  final shot" is the finished work's, not its shooting). A sentence with words of both, or of neither (or
  someone telling of it), is held to the loose window: nothing before the making could start. A film's
  trailer or teaser comes at most `TRAILER_MONTHS` before its release, "came out" or not.
- **a company, club, team, place or band**: nothing before it was founded or formed.
- **a person**: nothing public before ~16 (child actors exist; a 12-year-old "telling reporters" is what read
  absurd), and after a KG death date no act of their own ("X told", "X performed").

A date is compared at the precision both sides give: a full date against a full release date ("On August 9th,
1973, the first minutes ... took shape" for a film released on 31 May 1973), else the month, else the year.
Sentences stating the start itself ("was released on", "was born in") are the anchor, not an event.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

# A film's making from script to cut, a song's from demo to mix: five years covers ordinary development
# (long-delayed productions exist; this is a floor no reader questions, not the generator's three years).
LEAD = 5
ADULT = 16  # nothing public of a person before this age
# a debut (the ages line) before this age reads absurd; child actors and singers debut from ~10 (g23's landed
# world: "The debut year of Delfino Fouquet is given as 2011", a singer born in 2001, is a child star's)
DEBUT_MIN = 10
# a person born before OLD_BORN with no death in the KG acts in the present (PRESENT on) only past ~90: the
# g22 reader's "Lars Roose" (born 1897, KG "1929-present") "hosted a debate on climate on 28 Oct 2023"
# (the ages line, `age_violation`)
OLD_BORN = 1925
PRESENT = 2015
WORKS = ("movie", "song", "work")
PEOPLE = ("person",)

_MADE = re.compile(
    r"\b(?:shot|shoot|shooting|filmed|filming|took shape|photographed|principal photography|staged|scripted|"
    r"script|screenplay|drafts?|storyboarded|rehears\w*|wrote|written|composed|recorded|recording|demo(?:ed|s)?|"
    r"mixed|tracked|captured|sets? (?:went up|was built|were built)|first takes?|second take|worked out)\b",
    re.I,
)
_SEEN = re.compile(
    r"\b(?:screen(?:ed|ing|ings)|review(?:ed|s|ers?)?|critics?|stream(?:ed|ing|s)?|broadcasts?|aired|airing|"
    r"televised|sampled|samples? of|covers?|covered|cover version|remix(?:ed|es)?|reissue[ds]?|re-released|"
    r"remaster(?:ed)?|chart(?:ed|s)?|topped|sold|sales|grossed|gross|box office|podcast\w*|countdown|"
    r"ranked|revived|anniversary|restored|syndicated|arrived on|landed on|playlists?|plays|views|"
    r"live version|"
    r"audiences?|viewers|listeners|fans?|(?:re)?surfaced|fairs?|auction\w*|exhibit\w*|retrospectives?|showed|"
    r"shown|(?:on )?display(?:ed)?|rotated|rounds|crowds?|debated|video platform|cable|"
    # reception (the g23 reader: "commentators in Lisbon applauded the final shot" two years before the
    # release, "audiences picked apart the opening shot", "a fan event revived" a film not yet out)
    r"applaud\w*|laud\w*|hailed|prais\w*|picked apart|panned|commentators|fan events?|double bills?|"
    r"celebrated|packed in|sold out)\b",
    re.I,
)
# "shot" as a noun ("the final shot", "the opening shot") is a part of the finished work, not its shooting
_NOUN_SHOT = re.compile(
    r"\b(?:the|a|an|its|this|that|opening|final|closing|first|last|tracking|long|wide|establishing|single|"
    r"key|iconic|famous|best|every|one)(?: \w+)? shots?\b(?! (?:in|on|at|over|during|across|entirely)\b)",
    re.I,
)
# a trailer or teaser comes out in the months before a release: more than TRAILER_MONTHS ahead reads absurd
# ("Early in January 1968, the trailer came out" for a film released on 8 Dec 1971)
TRAILER_MONTHS = 18
_TRAILER = re.compile(r"\b(?:trailers?|teasers?)\b", re.I)
_SONG = re.compile(r"\b(?:song|track|single|tune|album|video game)\b", re.I)
# someone telling of the work ("an extra told a fan site that ...", "the co-writer told a radio host") or a
# leak of it: while it is made or any time after
TOLD = _TOLD = re.compile(
    r"\b(?:told|tells|said|says|recalled|recalls|admitted|conceded|remembered|interview\w*|leak\w*)\b"
)
# The statements that date the entity itself: its anchor, not an event in its life
ANCHOR = _ANCHOR = re.compile(
    r"\b(?:born|birth|birthday|released|release date|came out|premiered?|premiere date|debut(?:ed)?|founded|"
    r"established|formed|incorporated|settled|died|dies|death|came into the world)\b",
    re.I,
)
# a person's own act (after a death date it cannot be)
ACTS = re.compile(
    r"^(?:said|says|told|tells|performed|played|toured|hosted|appeared|recorded|signed|joined|sat down|spoke|"
    r"visited|attended|gave|announced|posted|wrote|released|sang|starred|directed|won|accepted)\b"
)
# the acts the ages line reads (more than the lives line's, which stay as they were measured)
NOW_ACTS = re.compile(
    ACTS.pattern.removesuffix(r")\b")
    + r"|addressed|launched|met|donated|campaigned|testified|lectured|taught|published|headlined|chatted|"
    r"debated|presented|criticised|criticized|praised|urged)\b"
)
# the clauses of a sentence ("X was audited on Sat, 17 Feb 2024, and the firm climbed 9 percent"), each with
# its own date
CLAUSE = re.compile(r";|\s[—–]\s|, (?:and|while|but|as|meanwhile|after|before) |, meanwhile, ")
# the words that date a person (born, died); a "debut", an anchor of the lives line, is a person's first
# public act for the ages line, held to ADULT
_BIRTH = re.compile(r"\b(?:born|birth|birthday|came into the world|died|dies|death|passed away)\b", re.I)
_DEBUT = re.compile(r"\bdebut(?:ed|s)?\b", re.I)
_MONTH_NAMES = (
    "jan january", "feb february", "mar march", "apr april", "may", "jun june", "jul july", "aug august",
    "sep sept september", "oct october", "nov november", "dec december",
)  # fmt: skip
_MONTHS = {m: i + 1 for i, names in enumerate(_MONTH_NAMES) for m in names.split()}
_MONTH = (
    r"(?P<month>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?"
    r"|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_YEAR = r"(?P<year>1[6-9]\d\d|20\d\d)"
# the date styles pages use: "August 9th, 1973", "9 August 1973", "1973-08-09", "08/09/1973", "March 1971",
# a bare year (not a measure that looks like one: "2063 square kilometres", "112 bpm")
_DATES = (
    re.compile(rf"\b{_MONTH} (?P<day>\d{{1,2}})(?:st|nd|rd|th)?,? {_YEAR}\b"),
    re.compile(rf"\b(?P<day>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?{_MONTH},? {_YEAR}\b"),
    re.compile(rf"\b{_YEAR}-(?P<mnum>\d\d)-(?P<day>\d\d)\b"),
    re.compile(rf"\b(?P<mnum>\d{{1,2}})/(?P<day>\d{{1,2}})/{_YEAR}\b"),
    re.compile(rf"\b{_MONTH},? {_YEAR}\b"),
    re.compile(rf"\b{_YEAR}\b(?!\s*(?:square|sq\b|km|kilomet|miles\b|acres|hectares|people\b|bpm|voices))"),
)

# a year anywhere, with no boundary: what every pattern of `_DATES` needs (a superset of their matches)
_ANY_YEAR = re.compile(r"(?:1[6-9]|20)\d\d")

Day = tuple[int, int, int]  # (year, month, day); 0 where not given


def dates_in(text: str) -> list[Day]:
    """The dates `text` names, each once, at the precision it gives ("March 1971" is (1971, 3, 0))."""
    return [day for day, _ in date_spans(text)]


def date_spans(text: str) -> list[tuple[Day, int]]:
    """`dates_in` with where each date starts in `text` (what comes before it says what the date is of:
    "Updated 9 Mar 2024:" dates the page, "On 9 Mar 2024" the event)."""
    out: list[tuple[Day, int]] = []
    if _ANY_YEAR.search(text) is None:  # every style holds a year: four of five sentences hold none
        return out
    taken: list[tuple[int, int]] = []
    for pattern in _DATES:
        for m in pattern.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            groups = m.groupdict()
            month = (
                int(groups["mnum"])
                if groups.get("mnum")
                else _MONTHS.get((groups.get("month") or "").lower(), 0)
            )
            day = int(groups["day"]) if groups.get("day") else 0
            if month > 12 or day > 31:
                continue
            out.append(((int(m["year"]), month, day), m.start()))
    return out


@dataclass(frozen=True)
class Life:
    """An entity's kind, the date its life starts (released, founded, born; month and day 0 where not
    known) and, for a person, the year it ended (0: alive or not known)."""

    kind: str
    start: int
    month: int = 0
    day: int = 0
    end: int = 0

    @property
    def begins(self) -> Day:
        return (self.start, self.month, self.day)


def before(a: Day, b: Day) -> bool:
    """`a` is before `b` at the precision both give."""
    for x, y in zip(a, b, strict=True):
        if not x or not y:
            return False
        if x != y:
            return x < y
    return False


def show_day(day: Day) -> str:
    """A day as far as it is given: 2024-03, 2024-03-05."""
    return "-".join(str(x).zfill(2) for x in day if x)


def day_date(day: Day) -> dt.date | None:
    """The calendar day, or None where it is not one (a part not given, 30 February)."""
    try:
        return dt.date(*day)
    except ValueError:
        return None


def event_kind(sentence: str) -> str:
    """'made', 'seen' or '' (both, neither, or a telling of it, which may fall any time from the making on):
    what the sentence tells of a work."""
    if _TOLD.search(sentence):
        return ""
    made = _MADE.search(_NOUN_SHOT.sub(" ", sentence)) is not None
    seen = _SEEN.search(sentence) is not None
    return "made" if made and not seen else "seen" if seen and not made else ""


def violation(sentence: str, life: Life, year: int, name: str = "") -> Day | None:
    """The first date in `sentence` (about the entity `name` of `life`) outside the window of the event it
    tells on a page of `year`, or None. Dates after `year` are the future-narration line's, anchors exempt."""
    dates = [d for d in dates_in(sentence) if d[0] <= year]
    early = trailer_violation(sentence, life, dates)
    if early is not None or _ANCHOR.search(sentence) or not dates:
        return early
    begins = life.begins
    if life.kind in WORKS:
        kind = event_kind(sentence)
        earliest = (life.start - (0 if kind == "seen" else LEAD), 0, 0)
        for d in dates:
            if before(d, earliest) or (kind == "seen" and before(d, begins)):
                return d
            if kind == "made" and before(begins, d):
                return d
        return None
    if life.kind in PEOPLE:
        acts = bool(name) and ACTS.match(sentence.split(name, 1)[-1].lstrip(" ,")) is not None
        for d in dates:
            if d[0] < life.start + ADULT or (life.end and acts and d[0] > life.end):
                return d
        return None
    return next((d for d in dates if before(d, begins)), None)


def trailer_violation(sentence: str, life: Life, dates: list[Day]) -> Day | None:
    """A film's trailer or teaser dated more than `TRAILER_MONTHS` before its release (anchors included:
    "the trailer came out" is the trailer's date, not the film's); a song's trailers are games' or films'."""
    if life.kind not in ("movie", "work") or _TRAILER.search(sentence) is None or _SONG.search(sentence):
        return None
    # months from the latest the date can be to the earliest the release can be (a year alone: its ends)
    release = life.start * 12 + max(life.month - 1, 0)
    return next(
        (d for d in dates if release - (d[0] * 12 + (d[1] - 1 if d[1] else 11)) > TRAILER_MONTHS), None
    )


def age_violation(sentence: str, life: Life, year: int, name: str) -> tuple[str, Day] | None:
    """A person's age the lives line does not hold (`violation` stays as measured): a "debut" (an anchor
    there) before `DEBUT_MIN`, or an act of their own, in its own clause, from `PRESENT` on when they were
    born before `OLD_BORN` and the KG gives no death. The rule broken and the date, or None."""
    if life.kind not in PEOPLE or not name or _BIRTH.search(sentence):
        return None
    dates = [d for d in dates_in(sentence) if d[0] <= year]
    if _DEBUT.search(sentence):
        early = next((d for d in dates if d[0] < life.start + DEBUT_MIN), None)
        return (f"debut before {DEBUT_MIN}", early) if early is not None else None
    if life.end or life.start >= OLD_BORN or _ANCHOR.search(sentence):
        return None
    if NOW_ACTS.match(sentence.split(name, 1)[-1].lstrip(" ,")) is None:
        return None
    # the act's own clause dates it ("X gave $271,000 to a hospital, and an archive of X's letters sold on
    # 23 Aug 2023": the sale may come after a death, the gift may not)
    clause = next((c for c in CLAUSE.split(sentence) if name in c), sentence)
    late = next((d for d in dates_in(clause) if year >= d[0] >= PRESENT), None)
    return (f"born before {OLD_BORN}, no death, acting from {PRESENT}", late) if late is not None else None
