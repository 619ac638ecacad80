"""Dates a page gives against its question's query day: past it at a month's precision, or, said relatively,
before a work's release.

The g24 reader found a song released 1 Mar 2024 and asked about on 11 Mar 2024 whose pages told "In April
2024, Sweet Shadow was licensed for a period drama", "Late in June 2024, a choir arrangement ... went viral"
(13 of its 50 pages), and, before the release, "Last autumn, a cover of Sweet Shadow by a bar band went
viral", "Downloads for the breezy single doubled in August". The future line read 0 of 101,264 sentences:
it compares years only (a year after the query's), and the lives line reads sentences with a year only. Two
rules, each what a reader holds any page to:

- **dated past the query day** (joins "sentences narrating after the query time"): a content sentence with a
  date in the query's own year after the query day at the precision the date gives ("April 2024" on a page
  asked on 11 Mar 2024; "March 2024" is not after it, "March 15, 2024" is), and no word of a plan, schedule
  or forecast. Years after the query's are the year-based line's (`exploits.future_narration`), so no
  sentence is counted by both for one date.
- **relative dates before the release** (joins "events outside the entity's life"): a content sentence with
  no year that dates an event of a work relatively: a month alone ("in August", "in mid-May"), "last
  autumn/fall/summer/spring/winter", "last year", "last month". Each is read at the **latest** day it can
  mean before the query day ("in August" asked on 11 Mar 2024 is August 2023 at the latest, "last spring" at
  the latest the query day itself); when even that is before the release of the work the sentence names (or
  the page's own work, for "the track", "the single", "the film"), the event is outside the work's life. The
  making (recorded, shot, written) may come before a release and is exempt, as are anchors ("the video was
  released"), tellings and leaks (`windows.event_kind`).

Counted over the pages `lifespans.read_pages` reads (the top 10 of the first 200 questions). Real pages
read 0 (`tests/audit`). Target 0.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from mockapi.audit.lifespans import LifeFigures, Page, named
from mockapi.audit.offsets import OffsetFigures
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.windows import ANCHOR, TOLD, WORKS, Day, Life, date_spans, event_kind

LATE = "dated past the query day"
BEFORE = "relative dates before the release"
# plans, schedules and forecasts: not narration (the future line's words, and a schedule's)
_PLAN = re.compile(
    r"\b(?:will|would|shall|could|should|might|may|set to|plans?|planned|planning|scheduled|slated|expected|"
    r"expects|due|upcoming|aims?|hopes?|intends?|projected|forecasts?|targets?|by then|next|payable|"
    r"ex-dividend|record date|deadline|expir\w*|guidance|outlook|if|once)\b",
    re.I,
)
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        ("jan january", "feb february", "mar march", "apr april", "may", "jun june", "jul july",
         "aug august", "sep sept september", "oct october", "nov november", "dec december")
    )
    for m in names.split()
}  # fmt: skip
_MONTH = r"(?P<month>January|February|March|April|May|June|July|August|September|October|November|December)"
# a month without a year or a day: "in August", "in mid-May", "late in June", "at the start of July"
_BARE_MONTH = re.compile(
    rf"\b(?:[Ii]n|[Dd]uring|[Oo]ver|[Tt]hrough|[Ss]ince|[Bb]y|[Uu]ntil|[Aa]t the (?:start|end) of|"
    rf"[Ll]ate in|[Ee]arly in)\s+(?:(?:early|mid|late)[- ]\s*)?{_MONTH}\b(?!\.?,?\s*\d)"
)
_SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11), "winter": (12, 2)}
_SEASON = re.compile(r"\b(?:[Ll]ast|[Tt]his past) (?P<season>spring|summer|autumn|fall|winter)\b")
_LAST = re.compile(r"\b[Ll]ast (?P<unit>year|month)\b")
# the page's own work, named by a noun ("the breezy single", "the track", "the film")
_THE_WORK = re.compile(
    r"\b[Tt]he (?:[a-z]+ )?(?:track|single|song|tune|record|film|movie|picture|feature)(?:'s)?\b"
)
# what happens to a work once it is out, beyond `windows`' "seen" words: streams, downloads, a licence
_OUT = re.compile(
    r"\b(?:streams?|streamed|downloads?|shazam|views|listens|plays|went viral|viral|licensed|airplay|radio|"
    r"rotation|telecast|commercial|playlists?|covers?|covered|remix\w*|spoof|parody|send up|charted|"
    r"regained|lost its spot|picked up (?:steam|traction)|momentum|closing credits|turned up)\b",
    re.I,
)


def with_late(found: OffsetFigures, pages: list[Page]) -> OffsetFigures:
    """The offsets group with `late_scan` beside it (both join the future line)."""
    rules = {**found["rules"], LATE: late_scan(pages)}
    return {
        "violations": sum(r["violations"] for r in rules.values()),
        "rules": rules,
        "dangling": found["dangling"],
    }


def with_before(
    found: LifeFigures, pages: list[Page], known: dict[str, list[tuple[str, Life]]]
) -> LifeFigures:
    """The lives line with `before_scan` added (its count, a first example, and the rule)."""
    rule = before_scan(pages, known)
    out: LifeFigures = {**found, "violations": found["violations"] + rule["violations"]}
    out["examples"] = [*found["examples"], *rule["examples"][:1]]
    out["rules"] = {BEFORE: rule}
    return out


def late_scan(pages: list[Page]) -> RuleCheck:
    """Content sentences dated in the query's year after the query day (module docstring)."""
    rule = empty_rule()
    for page in pages:
        if not page.asked[2]:
            continue
        year, month, day = page.asked
        for s in page.lines:
            spans = [d for d, _ in date_spans(s) if d[0] == year]
            if not spans:
                continue
            late = [d for d in spans if d[1] > month or (d[1] == month and d[2] > day)]
            note(rule, bool(late) and not _PLAN.search(s), f"({_show(page.asked)} asked) {s}")
    return rule


def latest_day(sentence: str, asked: dt.date) -> dt.date | None:
    """The latest day before `asked` the relative date of a sentence with no year can mean; None when it has
    none ("in August" asked on 11 Mar 2024: 31 Aug 2023; "last autumn": 30 Nov 2023)."""
    found = _BARE_MONTH.search(sentence)
    if found is not None:
        month = _MONTHS[found["month"].lower()]
        year = asked.year if month <= asked.month else asked.year - 1
        return min(asked, _month_end(year, month))
    season = _SEASON.search(sentence)
    if season is not None:
        first, last = _SEASONS[season["season"].lower()]
        # the latest season of that name begun by the query day, at its end (at most the query day: a season
        # still running may be the one meant)
        year = asked.year if dt.date(asked.year, first, 1) <= asked else asked.year - 1
        return min(asked, _month_end(year + (first > last), last))
    unit = _LAST.search(sentence)
    if unit is not None:
        if unit["unit"] == "year":
            return dt.date(asked.year - 1, 12, 31)
        first_of_month = asked.replace(day=1)
        return first_of_month - dt.timedelta(days=1)
    return None


def before_scan(pages: list[Page], known: dict[str, list[tuple[str, Life]]]) -> RuleCheck:
    """Relatively dated events of a work before its release (module docstring)."""
    rule = empty_rule()
    for page in pages:
        if not page.asked[2]:
            continue
        asked = dt.date(*page.asked)
        subject: tuple[str, Life] | bool | None = False
        for s in page.lines:
            if _YEAR.search(s) or ANCHOR.search(s) or TOLD.search(s):  # a telling or leak: any time
                continue
            latest = latest_day(s, asked)
            if latest is None:
                continue
            found = [(n, life) for n, life in named(s, page.own, known) if life.kind in WORKS][:1]
            if not found and _THE_WORK.search(s):
                if subject is False:
                    subject = page.subject(known)
                if isinstance(subject, tuple) and subject[1].kind in WORKS:
                    found = [subject]
            kind = event_kind(s)
            if not found or kind == "made" or (kind != "seen" and not _OUT.search(s)):
                continue
            name, life = found[0]
            if not life.month:
                continue  # a year alone: too loose against a relative date
            start = dt.date(life.start, life.month, life.day or 1)
            note(
                rule, latest < start, f"{name} ({_show(life.begins)}; asked {asked}, at latest {latest}): {s}"
            )
    return rule


def _month_end(year: int, month: int) -> dt.date:
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def _show(day: Day) -> str:
    return "-".join(str(x).zfill(2) for x in day if x)
