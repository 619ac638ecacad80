"""Media before they existed, and works on a building before it stood.

The g25 reader found "In March 1995, CGOA previewed its mobile application", a film that "landed on home
video" a year before its 2002 release (ranks 5 and 8), and "extended a wing erected in 2016 in October 2009".
The anachronisms line (`eras`) holds each medium to its first year in any use, chosen early so that no early
adopter is flagged (streaming from 1995, DVDs from 1995), and has no apps; the lives line reads a building's
life only where the KG or a "was founded" dates it. Two lines, each what a reader holds any page to:

- **media before they existed** (the year a sentence's clause narrates, as `eras.narrated_year` reads it:
  its latest year outside an anchor): a company's mobile app before `APPS` (the App Store and Android Market
  opened in 2008; "previewed its mobile application" in 1995 reads absurd), a streaming service, streamer or
  a work's streams before `STREAMING` (Netflix streamed from 2007, Spotify 2008; the eras line's 1995 is the
  first live web streams), a DVD before `DVD` (sold in the US from March 1997); and a work on home media
  (home video, DVD, Blu-ray, VHS, a streaming service, a video platform) dated before the work's own release
  (the work the sentence names, from the KG or the page's "X was released on ...", else "the film/feature/
  picture" of the page's own work), at the precision both give; a yearless month or season ("returned to home
  video in July") read at the latest day it can mean before the query day;
- **works on a building before it stood**: a clause telling works on a building (extended, renovated,
  refurbished, remodelled, expanded, rebuilt, a wing added, upgraded, repaired) dated, in its own clause,
  before the building was erected, built, constructed, completed or opened, by the same sentence ("extended a
  wing erected in 2016 in October 2009") or by the page's own "X was erected in 2016" of a building the clause
  names.

Counted over the pages `lifespans.read_pages` reads. Target 0.
"""

from __future__ import annotations

import datetime as dt
import re

from mockapi.audit.eras import narrated_year
from mockapi.audit.lifespans import Page, named
from mockapi.audit.relative import latest_day
from mockapi.audit.rules import RuleCheck, RuleGroup, empty_rule, note
from mockapi.audit.windows import CLAUSE, Life, before, date_spans, day_date, show_day

APPS = 2008
STREAMING = 2007
DVD = 1997
MEDIA = (
    f"mobile apps before {APPS}",
    f"streaming before {STREAMING}",
    f"DVDs before {DVD}",
    "home media before the work's release",
)
BUILDINGS = "works on a building before it stood"
_TERMS = (
    (re.compile(r"\b(?:mobile|smartphone|iphone|android|phone) (?:app|application)s?\b|\bapp stores?\b|"
                r"\b(?:its|their) (?:new |redesigned |own |updated |first )?apps?\b", re.I), APPS),
    (re.compile(r"(?<!live )(?<!live-)\bstreaming\b(?! live)|\bstreamers?\b|"
                r"\bstreamed (?:on|online|over|via|across)\b|"
                r"\bstreams (?:for|of|climbed|doubled|rose|jumped|spiked|passed|topped|fell|grew)\b|"
                r"\b\d[\d,.]*\s?[KkMm]? streams\b", re.I), STREAMING),
    (re.compile(r"\bdvds?\b", re.I), DVD),
)  # fmt: skip
# a medium's own release ("released on DVD in 1995", "premiered on a streaming service"): an anchor word
# whose year is the medium's, not the work's
_ON_MEDIA = re.compile(
    r"\b(?:released|came out|debuted|premiered|launched|arrived|issued) (?:on|to|via|as) (?:an? |the )?"
    r"(?:\w+ )?(?:dvds?|apps?|streaming|streamers?|mobile)",
    re.I,
)
_LIVE = re.compile(r"\blive[- ]?stream", re.I)
_HOME = re.compile(
    r"\b(?:home video|home media|dvds?|blu-?rays?|vhs|videocassettes?|streaming (?:service|platform|site|"
    r"app|catalog(?:ue)?|release|debut|giant)s?|(?:a |big |major )?streamers?|video platforms?|"
    r"on[- ]demand|digital release)\b",
    re.I,
)
_HINTS = ("app", "stream", "DVD", "dvd", "video", "Blu", "blu", "VHS", "demand", "digital release", "media")
_FILMS = ("movie", "work")
_VIDEO = re.compile(
    r"\b(?:home video|home media|dvds?|blu-?rays?|vhs|videocassettes?|video platforms?)\b", re.I
)
_THE_WORK = re.compile(r"\b[Tt]he (?:[a-z]+ )?(?:film|movie|picture|feature)\b")
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_WORKS_ON = re.compile(
    r"\b(?:extended|extension|renovat\w+|refurbish\w*|remodell?ed|expanded|expansion|rebuilt|wings? (?:was |"
    r"were )?added|added (?:a|an|its|the) (?:new |east |west |north |south )?wing|new wing|upgraded|repaired|"
    r"retrofitted|reroofed|refitted)\b",
    re.I,
)
_STOOD = r"(?:erected|built|constructed|completed|opened|put up|raised|inaugurated)"
_STOOD_IN = re.compile(
    rf"\b{_STOOD}(?: (?:on|in))? (?:\w+ )?(?:\d{{1,2}} )?(?:\w+ )?(?P<year>(?:1[6-9]|20)\d\d)\b"
)
_STOOD_OWN = re.compile(
    rf"^(?P<name>[A-Z][\w'’&.\- ]{{1,60}}?) (?:was|were) (?:first |originally )?{_STOOD} (?:on|in)"
    r"[^.;]*?\b(?P<year>(?:1[6-9]|20)\d\d)\b"
)
# works words on other things than a building: a film's cut, a contract, a lead, a run, a credit line
_NOT_BUILDING = re.compile(
    r"\b(?:cut|edition|version|contract|deal|pact|lead|streak|run|loan|facility agreement|credit|offer|"
    r"warranty|deadline|season|tour|print|copy|restoration of|lineup|roster|partnership|lease|range|"
    r"portfolio|programme|program|catalog(?:ue)?|network|coverage|app|platform|software|mandate)\b",
    re.I,
)


def media_scan(pages: list[Page], known: dict[str, list[tuple[str, Life]]]) -> RuleGroup:
    """The media rules (module docstring) over the content sentences of the pages read."""
    rules = {rule: empty_rule() for rule in MEDIA}
    for page in pages:
        asked = day_date(page.asked)
        subject: tuple[str, Life] | bool | None = False
        for s in page.lines:
            if not any(h in s for h in _HINTS):
                continue
            for clause in CLAUSE.split(s):
                year = narrated_year(clause)
                for (pattern, first), rule in zip(_TERMS, MEDIA, strict=False):
                    found = pattern.search(clause)
                    if found is None or (first == STREAMING and _LIVE.search(clause)):
                        continue
                    when = year
                    if when is None and _ON_MEDIA.search(clause):  # "released on DVD in 1995": the DVD's year
                        when = max((int(y) for y in _YEAR.findall(clause)), default=None)
                    if when is not None:
                        note(rules[rule], when < first, f"{found[0]} (from {first}) at {when}: {s}")
            if _HOME.search(s) is None:
                continue
            works = [(n, life) for n, life in named(s, page.own, known) if life.kind in _FILMS][:1]
            if not works and _THE_WORK.search(s):
                if subject is False:
                    subject = page.subject(known)
                works = [subject] if isinstance(subject, tuple) and subject[1].kind in _FILMS else []
            # a song streams from its release on: the lives line reads its relative dates; a page's own "work"
            # is held here on video media only
            if works and (works[0][1].kind == "movie" or _VIDEO.search(s)):
                _home_media(s, works[0], asked, rules[MEDIA[3]])
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def _home_media(s: str, work: tuple[str, Life], asked: dt.date | None, rule: RuleCheck) -> None:
    name, life = work
    clause = next((c for c in CLAUSE.split(s) if _HOME.search(c)), s)
    days = [d for d, _ in date_spans(clause)]
    if not days and not _YEAR.search(clause) and asked is not None and life.month:
        latest = latest_day(clause, asked)
        if latest is not None:
            release = dt.date(life.start, life.month, life.day or 1)
            note(rule, latest < release, f"{name} ({show_day(life.begins)}; at latest {latest}): {s}")
        return
    if days:
        day = max(days)
        note(rule, before(day, life.begins), f"{name} ({show_day(life.begins)}) at {show_day(day)}: {s}")


def building_scan(pages: list[Page]) -> RuleGroup:
    """Works on a building dated before it stood (module docstring)."""
    rule = empty_rule()
    for page in pages:
        own: dict[str, int] | None = None
        for s in page.lines:
            if _WORKS_ON.search(s) is None or _YEAR.search(s) is None:
                continue
            if own is None:
                own = _stood(page)
            # each clause with its own dates: "repaired a wing put up in 2020 after 7 months of work, while a
            # heatwave shut the north parking area ... in November 1994" dates the heatwave, not the repair
            # (g28, the line's one count: the sentence was read as one clause when it said when a wing stood)
            said = _STOOD_IN.search(s)
            for clause in CLAUSE.split(s):
                works = _WORKS_ON.search(clause)
                if works is None or _NOT_BUILDING.search(clause):
                    continue
                stood = _STOOD_IN.search(clause)
                start = (
                    int(stood["year"])
                    if stood
                    else int(said["year"])
                    if said  # "The hall was built in 2016, and the trust extended it in 2009"
                    else next((y for n, y in own.items() if n in clause), None)
                )
                if start is None:
                    continue
                rest = clause[: stood.start()] + clause[stood.end() :] if stood else clause
                dated = [d for d, _ in date_spans(rest)]
                if dated:
                    when = min(d[0] for d in dated)
                    note(rule, when < start, f"works at {when}, stood {start}: {s}")
    return {"violations": rule["violations"], "rules": {BUILDINGS: rule}}


def _stood(page: Page) -> dict[str, int]:
    """The buildings a page says were erected, built or opened, with the year."""
    out: dict[str, int] = {}
    for s in page.lines:
        found = _STOOD_OWN.match(s)
        if found is not None:
            out.setdefault(found["name"].strip(), int(found["year"]))
    return out
