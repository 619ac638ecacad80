"""Anachronisms: a sentence that narrates, at a date, a medium, format, technology or practice not yet there.

The g21 reader found a 1944 song that "leans on a long synth pad" with "drum programming", a film "shot on
digital stock" in 1971, a producer who "told one podcast" in 1974, a track that "nearly fell off the LP" in
1942. Each term below carries the first year it existed in ordinary use, chosen early (conservative: a
sentence is flagged only when its date is before the term's first year, so a real page is never flagged for
an early adopter). Sources: well-known dates (the encyclopaedias' first-of-its-kind entries), given beside
each term.

**The date a sentence narrates**: the latest year it names outside an anchor ("born 1950", "founded in
1927", a parenthesised "(1997)", a range "1944-2010": those date its entity, not the event). A sentence with
no such year narrates at its entity's date only for what a work is *made* of (a synth, drum programming,
digital stock, a sample: marked `made` below): the entity it names first, else the page's subject, when that
is a work (a film's or song's release, from the page or the KG, as `lifespans` reads them). What happens to a
work later (streamed, on CD, on a podcast) is not dated by the work's release.

Counted over the content sentences of the top 10 of the questions `lifespans.read_pages` reads. Target 0.
"""

from __future__ import annotations

import re
from typing import TypedDict

from mockapi.audit.lifespans import Page, named
from mockapi.audit.windows import WORKS, Life

EXAMPLES = 5

# (pattern, first year, made: what a work is made of, dated by the work when the sentence names no year)
_TERMS: tuple[tuple[str, int, bool], ...] = (
    (r"podcast(?:s|er|ers|ing)?", 2004, False),  # the word and the practice: 2004 (RSS audio on iPods)
    (r"live-?stream(?:s|ed|ing)?|stream(?:ed|ing) live", 1995, False),  # the first live web streams, 1995
    (r"streaming (?:service|platform|site|app|chart)s?|streamers|on streaming|streamed (?:on|online|over)",
     1995, False),
    (r"social media|social network(?:ing)? (?:site|platform|app)s?", 1997, False),  # SixDegrees, 1997
    (r"tweeted|tweets? (?:from|by|about)|on twitter|hashtags?", 2006, False),  # Twitter, 2006
    (r"netflix", 1997, False),  # founded 1997 (DVDs by mail)
    (r"facebook", 2004, False),
    (r"youtube", 2005, False),
    (r"spotify", 2006, False),
    (r"instagram", 2010, False),
    (r"tiktok", 2016, False),
    (
        r"websites?|web ?pages?|web ?sites?|online (?:forum|poll|petition|store|shop|fans?|post)s?",
        1991,
        False,
    ),
    (r"e-?mails?|e-?mailed", 1971, False),  # the first network email, 1971
    (r"blogs?|bloggers?|blogged", 1994, False),  # the first web diaries, 1994 ("weblog" 1997)
    (r"smartphones?", 1994, False),  # IBM Simon, 1994
    (r"text messages?|texted", 1992, False),  # the first SMS, 1992
    (r"mp3s?|digital downloads?", 1993, False),  # MPEG-1 Audio Layer III, 1993
    (r"downloaded|downloads", 1978, False),  # bulletin boards, 1978
    (r"dvds?", 1995, False),  # the format agreed 1995, sold 1996
    (r"blu-?rays?", 2003, False),  # Japan, 2003
    (r"compact discs?|cds?(?= (?:single|release|reissue|edition|version|box|sales))|on cds?", 1982, False),
    (r"cassettes?|mixtapes?", 1963, False),  # Philips compact cassette, 1963
    (r"vhs|betamax|videocassettes?|home video", 1971, False),  # U-matic 1971, Betamax 1975, VHS 1976
    (r"(?:the|an|on|debut|first|second|third|double|their|his|her) lps?|long-play(?:ing|er)", 1948, False),
    (
        r"televised|on tv|on television|tv (?:premiere|debut|spot|special|audience|slot)s?|telecast",
        1928,
        False,
    ),
    (r"on broadcast|broadcast (?:premiere|debut|rights)", 1920, False),  # KDKA's first radio broadcast, 1920
    (r"on (?:the )?radio|radio (?:host|station|play|show|interview|listeners|debut)s?", 1920, False),
    (r"internet", 1974, False),  # the word, RFC 675 (1974)
    (r"online", 1979, False),  # CompuServe's consumer service, 1979
    (r"went viral|internet memes?|became a meme", 1996, False),
    (r"music videos?", 1960, False),  # Scopitone jukeboxes, 1960
    (r"synth(?:s|esi[sz]ers?| pad| line| bass)?|moog", 1957, True),  # RCA Mark II 1957 (Moog 1964)
    (r"drum machines?", 1959, True),  # Wurlitzer Sideman, 1959
    (r"drum programming|programmed drums", 1972, True),  # programmable rhythm boxes, 1972
    (
        r"sampler|(?:a |the )?samples? (?:from|of) (?:a |an |the )?[\w' ]*(?:record|track|song|album|single)|"
        r"sample-based|built on a sample",
        1963,
        True,
    ),  # the Mellotron's tape samples, 1963
    (r"auto-?tune[ds]?", 1997, True),  # Antares Auto-Tune, 1997
    (
        r"digital (?:stock|cameras?|video|cinematography|photography|format)|shot digitally|"
        r"(?:shot|filmed) on digital",
        1986,
        True,
    ),  # the D1 digital video format, 1986
    (r"cgi|computer-generated", 1973, True),  # Westworld, 1973
    (r"technicolou?r|(?:shot|filmed) in colou?r|colou?r film", 1908, True),  # Kinemacolor, 1908
    (r"talkies?|sound film|synchroni[sz]ed sound", 1923, True),  # Phonofilm, 1923
    (r"imax", 1970, True),
    (r"super ?8", 1965, True),  # Kodak, 1965
    (r"cinemascope|widescreen", 1927, True),  # Polyvision (Napoleon), 1927
    (r"stereo(?:phonic)?", 1931, True),  # Blumlein's stereo patent, 1931
    (r"multitrack|overdub(?:s|bed)?", 1941, True),  # Bechet's one-man-band overdubs, 1941
)  # fmt: skip
_PATTERNS = tuple((re.compile(rf"\b(?:{p})\b", re.I), year, made) for p, year, made in _TERMS)
# the first test, on the lowercased sentence (case-blind matching costs three times as much: 100k sentences)
_ANY = re.compile(r"\b(?:" + "|".join(rf"(?:{p})" for p, _, _ in _TERMS) + r")\b")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_Y = r"(?:1[5-9]\d\d|20\d\d)"
# years that date no event of the sentence: an entity's ("born 1950", "founded in 1927", "release date is
# 1970", "(1997)", "1944-2010") or a noun's ("the 1996 tour", "their 1999 campaign predictions": talking
# about a 1996 tour may happen any year after it)
_ANCHORED = re.compile(
    rf"\b(?:born|b\.|founded|established|formed|incorporated|since|from|d\.|died|released|release date|"
    rf"premiered|debuted)\b[^;()]{{0,30}}?\b{_Y}\b|\([^()]*?\b{_Y}\b[^()]*\)|"
    rf"\b{_Y}\s*(?:-|–|—|to)\s*(?:{_Y}|present)\b|"
    rf"\b(?:the|a|an|their|its|his|her|our|this|that|whose)\s+{_Y}\b(?![-/])|"
    rf"\b(?:films|movies|songs|albums|hits) of {_Y}\b",
    re.I,
)
# where a sentence's clauses part ("...; meanwhile, ...", "... — ...", "..., while ..."): a term is dated by
# its own clause
_CLAUSES = re.compile(r";|\s[—–]\s|,? (?:meanwhile|while|whereas|and later|but)\b,?")


class EraFigures(TypedDict):
    sentences: int
    anachronisms: int
    by_term: dict[str, int]
    examples: list[str]


def narrated_year(sentence: str) -> int | None:
    """The latest year `sentence` (a clause) names outside an anchor, or None."""
    free = _ANCHORED.sub(" ", sentence)
    years = [int(y) for y in _YEAR.findall(free)]
    return max(years) if years else None


def anachronism(sentence: str, year: int | None, work: Life | None) -> tuple[str, int, int] | None:
    """(term, its first year, the date narrated) for the first term `sentence` narrates before it existed:
    at the sentence's own `year`, else (for what a work is made of) at the release of `work`."""
    clauses = _CLAUSES.split(sentence)
    for pattern, first, made in _PATTERNS:
        clause = next((c for c in clauses if pattern.search(c)), None)
        found = pattern.search(clause) if clause is not None else None
        if clause is None or found is None:
            continue
        own = narrated_year(clause) if len(clauses) > 1 else year
        when = (
            own if own is not None else (work.start if made and work is not None and year is None else None)
        )
        if when is not None and when < first:
            return found[0], first, when
    return None


def era_scan(pages: list[Page], known: dict[str, list[tuple[str, Life]]]) -> EraFigures:
    """Content sentences of the pages read; those narrating a term before its first year."""
    total = bad = 0
    by_term: dict[str, int] = {}
    examples: list[str] = []
    for page in pages:
        subject: tuple[str, Life] | bool | None = False  # read once a page, when a sentence needs it
        for s in page.lines:
            total += 1
            if _ANY.search(s.lower()) is None:
                continue
            year = narrated_year(s)
            work = None
            if year is None:
                names = named(s, page.own, known)
                if not names:
                    if subject is False:
                        subject = page.subject(known)
                    names = [subject] if isinstance(subject, tuple) else []
                work = next((life for _, life in names if life.kind in WORKS), None)
            found = anachronism(s, year, work)
            if found is None:
                continue
            bad += 1
            term = found[0].lower()
            by_term[term] = by_term.get(term, 0) + 1
            if len(examples) < EXAMPLES:
                examples.append(f"{found[0]} (from {found[1]}) at {found[2]}: {s[:150]}")
    return {"sentences": total, "anachronisms": bad, "by_term": by_term, "examples": examples}
