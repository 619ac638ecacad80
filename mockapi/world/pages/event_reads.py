"""How a sentence reads against an entity's life (`lifespan.Life`): whether it tells a work's making, its
reception or its promotion, the years the event it tells may carry, and the first year outside them
(`violation`, the check both the prose (`told`) and the audit's scan apply). Split from `lifespan`, which
keeps the lives themselves (the KG's starts, the drawn defaults, their windows)."""

from __future__ import annotations

import re

from mockapi.world.pages import days, synonyms
from mockapi.world.pages.lifespan import MAKING, YEAR_IN_TEXT, Life

# What is seen or heard of a work: a sentence with any of these tells its reception, after the release, even
# when it names a part of the making ("critics praised the final scene", "a fan event revived the feature")
_SEEN = re.compile(
    r"\b(?:critics?|reviewers?|reviewed|audiences?|viewers|listeners|fans?|festival|screen(?:ed|ings?)|"
    r"praised|applauded|hailed|lauded|commended|picked apart|debated|dismissed|warmed to|singled out|"
    r"revisited|revived|retrospective|double (?:bill|feature)|twin bill|gala|charted|airplay|cover|covers|"
    r"sold|auctioned|display|ranked|listed|named|streaming|streamer|views|played|shown|cable|home video|"
    # where a release goes ("the film landed on cable in 2003" of a 2005 film beside its making: g24 draft)
    r"landed on|arrived on|came back to|returned to|added to|rotated off|dropped off|left|in-flight|airline|"
    r"arthouse|showed|honoured|celebrated|featured|drew|packed|reissued?|remaster\w*|chart\w*|on show|"
    r"exhibited)\b"
)
# A film's trailer, teaser or poster: out within a year before its release, or any time after
_PROMO = re.compile(r"\b(?:teaser|trailer|poster|posters)\b")
# ... but a poster that turns up, sells or goes on show later is memorabilia, after the release: "Back in
# 2009, posters from A Kingdom in Willowdale surfaced in a junk store", film released June 2010 (g35 audit)
# (a keepsake goes on display, on show or is exhibited: one verb alone made "the movie went on display" a
# stock 5-gram through the film's reference forms, 254 sentences over 8 draws of g38's 400-question world)
_AFTERLIFE = re.compile(
    r"\b(?:surfaced|resurfaced|were spotted|appeared at|appeared in|sold for|auctioned|display|on show|"
    r"exhibited)\b"
)
# The statements that date the entity itself are its anchor, not events in its life.
ANCHOR_WORDS = re.compile(
    r"\b(?:born|birth|birthday|released|release date|came out on|founded|established|formed|incorporated|"
    r"debut|premiered|settled|dies|died|came into the world)\b",
    re.I,
)


# a substring of every ANCHOR_WORDS word: the test before the regex (most dated sentences hold none)
_ANCHOR_STEMS = ("born", "birth", "releas", "came ", "found", "establish", "formed", "incorporat", "debut",
                 "premier", "settled", "die")  # fmt: skip


def making(sentence: str, kind: str) -> bool:
    """Whether `sentence` tells how a work was made (before its release), not its promotion."""
    pattern = MAKING.get(kind)
    return pattern is not None and pattern.search(sentence) is not None and _PROMO.search(sentence) is None


def making_words(sentence: str, kind: str) -> bool:
    """Whether `sentence` names any of a work's making, promotion or not (`eras`: "the last third took shape
    on digital stock; meanwhile, the teaser leaked" of a 1978 film, the audit's one anachronism at g24's
    first build)."""
    pattern = MAKING.get(kind)
    return pattern is not None and pattern.search(sentence) is not None


def seen(sentence: str) -> bool:
    """Whether `sentence` tells how a work was received (after its release)."""
    return _SEEN.search(sentence) is not None


def promo(sentence: str, life: Life) -> bool:
    """Whether `sentence` tells of a film's trailer, teaser or poster (out up to a year before release)."""
    return (
        life.kind in ("movie", "work")
        and _PROMO.search(sentence) is not None
        and _AFTERLIFE.search(sentence) is None
    )


def event_window(sentence: str, life: Life, year: int) -> tuple[int, int]:
    """The years the event `sentence` tells of `life`'s entity may carry on a page of `year`."""
    if promo(sentence, life):
        return life.promo_day()[0], year
    made = making(sentence, life.kind)
    if made and seen(sentence):  # its making and its reception in one sentence: no date fits both
        return life.start, life.start - 1
    return life.window(made, year)


def years_in(sentence: str) -> list[int]:
    """The years `sentence` names (not measures that look like years)."""
    return [int(y) for y in YEAR_IN_TEXT.findall(sentence)]


# A part a clause dates inside itself ("a wing built in 2013"): nothing in that clause happens to it before
# (g25 default world: 60 sentences like "South Jeremy extended a wing constructed in 2019 in March 1999")
# Every word the prose may swap "built" for (`synonyms`: "put up", after which "a wing put up in 2007 in
# November 2000" passed: the 20,000 train world's buildings line) dates the part as "built" does.
_BUILT = "|".join(sorted({*synonyms.table()["built"], "added", "installed", "laid out"}))
_PART = re.compile(rf"\b(?:{_BUILT}) in ((?:1[6-9]|20)\d\d)\b")
_CLAUSE_BREAK = re.compile(r";|—|, (?:while|and|but|as|after|before|meanwhile)\b|\bmeanwhile\b")


def before_its_part(sentence: str) -> int | None:
    """The first year of a clause of `sentence` before the part the clause dates ("extended a wing built in
    2019 in March 1999": 1999), else None."""
    if " in " not in sentence or _PART.search(sentence) is None:
        return None
    for clause in _CLAUSE_BREAK.split(sentence):
        part = _PART.search(clause)
        if part is not None:
            early = [y for y in years_in(clause) if y < int(part[1])]
            if early:
                return early[0]
    return None


def violation(sentence: str, life: Life, year: int, years: list[int] | None = None) -> int | None:
    """The first year in `sentence` outside the window of the event it tells, or None. A sentence stating
    the anchor itself ("was released on ...", "was born in ...") is exempt, and so is a year after the page's
    (plans and maturities, "bonds due 2027": the audit's future-narration line reads those). Inside the
    life, nothing happens to a part before the sentence dates it (`before_its_part`)."""
    years = years_in(sentence) if years is None else years
    if years and (early_part := before_its_part(sentence)) is not None:
        return early_part
    if not years or (
        any(map(sentence.lower().__contains__, _ANCHOR_STEMS)) and ANCHOR_WORDS.search(sentence)
    ):
        return None
    # `event_window`, its promotion and making read once (each was read twice: a search each)
    told_promo = promo(sentence, life)
    made = not told_promo and making(sentence, life.kind)
    if told_promo:
        lo, hi = life.promo_day()[0], year
    elif made and seen(sentence):
        lo, hi = life.start, life.start - 1
    else:
        lo, hi = life.window(made, year)
    for found in years:
        if found < lo or hi < found <= year:
            return found
    if told_promo:
        early = life.promo_day()
        return early[0] if any(days.before(d, early) for d in days.dates_in(sentence)) else None
    if made:
        return None
    return life.start if life.too_early(sentence) else None
