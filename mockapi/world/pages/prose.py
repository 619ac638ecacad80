"""On-topic prose about a subject, from a grammar per entity kind (`lex_*`): what a company, team, player,
song, artist, band, film, film person, place or public person's page talks about.

Sentences vary in shape (one clause; a lead-in and a clause; two clauses joined; a short remark; a clause
with a trailing time phrase) and every fixed run of words is short, so no 5-word sequence recurs across
many questions' pages (see `grammar`). The prose never states an attribute a question asks: facts come only
from `statements`. Boilerplate (newsletter prompts, cookie notes) belongs to the page chrome, not here.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from functools import lru_cache

from mockapi.world.lexicon import arts as lex_arts
from mockapi.world.lexicon import business as lex_business
from mockapi.world.lexicon import ideas as lex_ideas
from mockapi.world.lexicon import places as lex_places
from mockapi.world.lexicon import teams as lex_teams
from mockapi.world.pages import (
    eras,
    event_reads,
    film_genres,
    grammar,
    lifespan,
    mentions,
    sizes,
    synonyms,
    told,
)
from mockapi.world.pages.bare_names import LISTING as LISTING
from mockapi.world.pages.bare_names import bare as bare
from mockapi.world.pages.prose_slots import MONTHS, SEASONS, WEEKDAYS
from mockapi.world.pages.prose_slots import slot_table as slot_table
from mockapi.world.pages.prose_slots import slots as _slots
from mockapi.world.questions.kinds import lived_in, topic_class, untailed

_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "company": (lex_business.COMPANY, lex_business.COMPANY_SHORT, lex_business.COMPANY_LEADS),
    "team": (lex_teams.TEAM, lex_teams.TEAM_SHORT, lex_teams.TEAM_LEADS),
    "player": (lex_teams.PLAYER, lex_teams.PLAYER_SHORT, lex_teams.TEAM_LEADS),
    "song": (lex_arts.SONG, lex_arts.SONG_SHORT, ()),
    "artist": (lex_arts.MUSICIAN, lex_arts.MUSICIAN_SHORT, ()),
    "band": (lex_arts.MUSICIAN, lex_arts.MUSICIAN_SHORT, ()),
    "movie": (lex_arts.MOVIE, lex_arts.MOVIE_SHORT, ()),
    "film_person": (lex_arts.FILM_PERSON, (), ()),
    "music_person": (lex_arts.MUSIC_PERSON, (), ()),
    "topic": (lex_places.TOPIC, lex_places.TOPIC_SHORT, ()),
    "concept": (lex_ideas.CONCEPT, lex_ideas.CONCEPT_SHORT, ()),
    "person": (lex_places.PERSON, (), ()),
}
_DOMAIN_KIND = {"finance": "company", "sports": "team", "music": "artist", "movie": "movie", "open": "topic"}
# Generic lead-ins and trailing time phrases: each holds a number, a year or a month, so none recurs as is.
# Every year here is the page's or earlier ({y}): a lead-in opens a past-tense clause, and "By April 2029, X
# sat down with a radio host" narrated an event after the query time ({fy} is for plans and schedules only).
# Each names a moment, never a span: the clauses are one-off events, and "Until July 2008, Perez Holdings
# launched a range" (since, until, through, as of, by) read wrong on 47.5 of 100 g18 rank-1 pages. No
# relative offset: "10 weeks later" has no anchor in a random clause and landed after the query time (g23
# reader, absurd; "10 days earlier" dangled on 25 of 100 rank-1 pages).
_LEADS = (
    "in {month} {y}", "on {d}", "[early|late|later|earlier] in {y}",
    "in [early {month}|mid-{month}|late {month}]",
    "[back in|as far back as|as early as] {y}",
    "last {season}",  # "this summer" on a March page is a season still to come (22.5 of 100 g19 rank-1 pages)
    "after {m} [weeks|months] of [talks|delays|rumours|work]",
    "[around|shortly after|just before] {time} on {weekday}", "[during|early in|late in] {month} {y}",
    "[shortly after|just before] {d}",
    "[in mid-{month}|at the start of {month}|at the end of {month}] {y}",
)  # fmt: skip
# No causal or concessive joiner: two random clauses joined by "so" or "although" claim a link they do not
# have ("Tickets from Orbit Rising sold for $380, so Orbit Rising reworks a stage play": 80 of 100 g19 rank-1
# pages carried one)
_JOINERS = ("; ", ", and ", ", while ", " — ", "; meanwhile, ")
# adverbs slipped in after an auxiliary ("was shot" -> "was mostly shot"): another choice point per clause
_ADVERBS = (
    "reportedly", "eventually", "originally", "partly", "largely", "quietly", "mostly", "later", "briefly",
    "also", "again", "finally", "apparently", "initially", "once", "still", "soon", "suddenly", "already",
)  # fmt: skip
_AUX_VERBS = ("was", "were", "is", "are", "has", "have", "had", "would")
# \b(was|were|...)\b (?=[a-z]), written with each verb's first letter before its word-boundary test (no word
# character before it): a pattern that starts with letters lets the regex engine skip to the candidates.
_AUX = re.compile("(" + "|".join(rf"{v[0]}(?<!\w{v[0]}){v[1:]}" for v in _AUX_VERBS) + r")\b (?=([a-z]+))")
# "had" before a noun phrase is the verb, not an auxiliary: "had suddenly a showing" (40 of 100 g22 rank-1
# pages had a stray adverb, the reader)
_HAVE = frozenset(("has", "have", "had"))
_NOUN_PHRASE = frozenset(("a", "an", "the", "its", "their", "his", "her", "no", "some", "two", "more"))


def _adverb(m: re.Match[str], rng: random.Random) -> str:
    if rng.random() >= 0.6 or (m.group(1) in _HAVE and m.group(2) in _NOUN_PHRASE):
        return m.group(0)
    return f"{m.group(1)} {rng.choice(_ADVERBS)} "


# Institutions entered without a ticket (`lex_places.INSTITUTION_SHORT`)
TICKETLESS = re.compile(
    r"\b(?:university|college|institute(?: of technology)?|school|hospital|foundation|library|laboratories)$",
    re.I,
)
# A team's months: those both of its sports play in (basketball's season October to June, soccer's August to
# May): "Providence Express took 7 of the latest ten outings in June", "lost 8 of the last dozen games in
# August" (g27 reader #23, #31, #39); its other news in those months too (one draw for every line)
SEASON_MONTHS = ("October", "November", "December", "January", "February", "March", "April", "May")

# a clause that already says when (a number, month, weekday, season or "last"/"since") takes no lead-in
_DIGIT = re.compile(r"\d")
_TIMED_NAMES = MONTHS + WEEKDAYS + SEASONS
_TIMED_WORDS = ("last", "since", "after", "before", "ago", "earlier", "later", "during")
_TIMED_WORD = re.compile(rf"\b(?:{'|'.join(_TIMED_WORDS)})\b")


def _timed(text: str) -> bool:
    """Whether `text` says when: a digit, a month, weekday or season name anywhere, or one of the words.
    Plain substring tests first: one regex alternation of all of them costs more than these together."""
    return (
        _DIGIT.search(text) is not None
        or any(map(text.__contains__, _TIMED_NAMES))
        or (any(map(text.__contains__, _TIMED_WORDS)) and _TIMED_WORD.search(text) is not None)
    )


_OLDEST_MEDIA = 1950  # a lead-in names no medium newer than this (radio, print, film are older)


def clause(subject: str, domain: str, kind: str, rng: random.Random, day: dt.date | None = None) -> str:
    """One clause of `subject`'s own prose, no final period (a statement's lead-in)."""
    kind = _kind(domain, kind, subject)
    slots = _slots(day or dt.date(2024, 3, 1), (subject,))
    slots["s"] = lambda r: subject
    if kind in ("team", "player"):
        slots["month"] = lambda r: r.choice(SEASON_MONTHS)
    if kind == "company":  # its sums and headcounts by its size, as its prose's (`sentences`): a lead-in had
        # the generic ones, "CHAN took on 145 engineers" of 632 staff (the audit's sizes line, 38 at g26b)
        own = bare(subject)
        slots.update(sizes.slots(sizes.cap_of(own), sizes.staff_of(own), sizes.currency(own)))
    clauses = _KINDS[kind][0]
    if kind == "movie":  # drawn before the page knows the film's genre: no shoot of an animated film
        clauses = lex_arts.MOVIE_ANY
    if kind == "topic":  # a town's lead-in is a town's news: "A heatwave closed part of Wintercrest for 3
        # days, and Wintercrest's founding year is 1823" (g29 reader #32)
        clauses = _topic_clauses(bare(subject), slots)
    # no year: a statement's lead-in is drawn before its page knows the subject's life (`lifespan`)
    text = ""
    for _ in range(told.TRIES):
        text = grammar.cap(synonyms.vary(grammar.expand(rng.choice(clauses), slots, rng), rng))
        # nor a medium a statement's date may predate: "sat down with a weekly podcast about growing up, and
        # X's birth date is 1948-02-08" (the audit's one anachronism of g23's first build)
        # nor a time told from the page's day ("Last winter, the single held airplay" of a song released on
        # the 1st of March, its page of that day: the audit's lives line, 5 of 7 at g26b)
        if (
            lifespan.YEAR_IN_TEXT.search(text) is None
            and max(eras.needed(text)) <= _OLDEST_MEDIA
            and not told.recent(text)
        ):
            break
    return text


def prose_kind(domain: str, kind: str) -> str:
    """The kind whose grammar a subject's prose uses (a person in the movie domain is a film person)."""
    return _kind(domain, kind)


def _kind(domain: str, kind: str, name: str = "") -> str:
    if kind == "person" and domain == "movie":
        return "film_person"
    if kind == "person" and domain == "music":  # a manager, a singer: the trade's news, no dignitary's
        return "music_person"
    found = kind if kind in _KINDS else _DOMAIN_KIND.get(domain, "topic")
    # a concept stays a concept: no car park or gallery at a physics principle (g22 reader)
    return "concept" if found == "topic" and name and topic_class(name) == "concept" else found


def _topic_clauses(name: str, slots: dict[str, Callable[[random.Random], str]]) -> tuple[str, ...]:
    """A topic's clauses by what it is (`lex_places.TOPIC_BY_CLASS`: a town is lived in, a sight visited),
    with its {facility} and {crew} slots set to its own (`lex_places.FACILITIES`)."""
    found = "place" if lived_in(name) else topic_class(name)
    where = found if found in lex_places.FACILITIES else "institution"
    slots["facility"] = lambda r: grammar.expand(lex_places.FACILITIES[where], slots, r)
    slots["crew"] = lambda r: grammar.expand(lex_places.CREWS[where], slots, r)
    return lex_places.TOPIC_BY_CLASS[where]


def sentences(
    subject: str,
    domain: str,
    rng: random.Random,
    n: int,
    *,
    others: tuple[str, ...] = (),
    kind: str = "",
    ticker: str = "",
    day: dt.date = dt.date(2024, 3, 1),
    topics: tuple[str, ...] = (),
    lives: lifespan.Lives | None = None,
) -> list[str]:
    """`n` sentences about `subject` (or, for a set's page, about its members `topics`), fitting its kind;
    `lives` gives each name's life, whose windows every year of its sentences stays in (`lifespan`)."""
    kind = _kind(domain, kind, "" if topics else subject)
    clauses, shorts, leads = _KINDS[kind]
    names = tuple(bare(n) for n in topics or (subject,))
    bounds = [0, day.year]
    slots = _slots(day, others or names, bounds)
    nouns = mentions.noun(subject, kind, rng)
    pool = tuple(dict.fromkeys(bare(o) for o in others or names))
    if kind in ("team", "player"):  # games only in the season (`SEASON_MONTHS`)
        slots["month"] = lambda r: r.choice(SEASON_MONTHS)
    if kind == "company":  # "just before 4 a.m. on Saturday ... the stock added 29 percent" (g23 audit),
        slots["weekday"], slots["d"] = slots["session"], slots["sd"]  # a labour board ruling on a Saturday
    page = told.Page(day.year, bounds, day)
    if lives is not None:
        page.others = tuple((o, lives(o)) for o in dict.fromkeys(bare(o) for o in others or names))
    # a set's page sizes its sums by its smallest member, as a line may give a sum to another member ({o}):
    # "Miller Technologies reported adjusted income across its first quarter of £121m" beside its revenue of
    # £43m (g44k)
    smallest = min(names, key=sizes.cap_of) if topics and kind == "company" else ""
    out = []
    for _ in range(n):
        name = rng.choice(names)
        roll = rng.random()
        if ticker and roll < 0.15:
            slots["s"] = lambda r: ticker
        elif nouns and roll > 0.72 and not topics:
            slots["s"] = lambda r: grammar.expand(r.choice(nouns), slots, r)
        elif roll > 0.4 and not topics and (last := mentions.surname(name, kind)):
            slots["s"] = lambda r, last=last: last  # type: ignore[misc]
        else:
            slots["s"] = lambda r, name=name: name  # type: ignore[misc]
        slots["o"] = lambda r, name=name: mentions.other(r, pool, name, kind)  # type: ignore[misc]
        # a town among a set's places, or a page's own, is lived in: its short lines sell no tickets
        town = kind == "topic" and lived_in(name)
        # nor an institution that sells no tickets (a university, an institute of technology)
        # (a look-alike's tail aside: "A day ticket at Kramerberg University II", audit31 on the g30 trial)
        ticketless = kind == "topic" and TICKETLESS.search(untailed(name)) is not None
        if kind == "company":  # no $4 billion buyback at a $0.33 bn firm (g24 reader)
            sized = smallest or name
            slots.update(sizes.slots(sizes.cap_of(sized), sizes.staff_of(sized), sizes.currency(name)))
        if kind == "topic":  # what it has, who works there and what happens there, by what it is
            clauses = _topic_clauses(name, slots)
        page.life = lives(name) if lives is not None else None
        page.town = town or ticketless
        short = lex_places.TOWN_SHORT if town else lex_places.INSTITUTION_SHORT if ticketless else shorts
        if kind == "movie" and page.life is not None:  # an animated film is drawn, voiced, rendered
            lines, short = _FILM_LINES.get(page.life.genre, (clauses, short))
            if page.life.start >= day.year - 1:
                lines, short = _new_release(lines, short)
            out.append(_sentence(lines, short, leads, slots, rng, page))
            continue
        text = _sentence(clauses, short, leads, slots, rng, page)
        # games only in the season, whichever clause dates the sentence ("stayed in Utrecht on 3 August 2023;
        # the young team ruled out their first-choice playmaker for two matches": the cut's CI, g27's test)
        for _ in range(_SEASON_TRIES if kind in ("team", "player") else 0):
            if not (_GAMES.search(text) and _OFF_SEASON.search(text)):
                break
            text = _sentence(clauses, short, leads, slots, rng, page)
        out.append(text)
    return out


_SEASON_TRIES = 20
_GAMES = re.compile(r"\b(?:games|matches|outings|fixtures|home dates)\b")
_OFF_SEASON = re.compile(r"\b(?:June?|July?|Aug(?:ust)?|Sep(?:t|tember)?)\b")


# A film's lines by its genre (`film_genres`); a live-action film's are the kind's own
_FILM_LINES = {
    film_genres.ANIMATED: (lex_arts.ANIMATED, lex_arts.MOVIE_SHORT),
    film_genres.MIXED: (lex_arts.MOVIE_ANY, lex_arts.MOVIE_SHORT),
}

# A film of this year or last is in its run, not revived: "A retrospective in Toulouse featured The Wild
# Meridian", "An archive print of ..." on the page of its weekend gross (g27 reader #13)
_REVIVAL = re.compile(r"retrospective|revived|archive|restored|remastered|repertory|anniversary")


Lines = tuple[str, ...]


@lru_cache(maxsize=16)
def _new_release(clauses: Lines, shorts: Lines) -> tuple[Lines, Lines]:
    """A film's clauses and short lines without its revivals (`_REVIVAL`)."""
    return tuple(c for c in clauses if not _REVIVAL.search(c)), tuple(
        c for c in shorts if not _REVIVAL.search(c)
    )


_LAST_TRIES = 60  # draws after the first TRIES, the once-only rule waived (an undated one fits in a few)
_DATED_LEADS = tuple(lead for lead in _LEADS if "{y}" in lead or "{d}" in lead)


def _sentence(
    clauses: tuple[str, ...],
    shorts: tuple[str, ...],
    leads: tuple[str, ...],
    slots: dict[str, Callable[[random.Random], str]],
    rng: random.Random,
    page: told.Page | None = None,
) -> str:
    """A sentence that fits its subject's life and says nothing the page said once already; after TRIES
    draws, the last one with its stray years moved into the window."""
    page = page or told.Page(2024, [0, 2024])  # no life: only the once-only statements are kept
    text = ""
    for _ in range(told.TRIES):
        text = _draw(clauses, shorts, leads, slots, rng, page)
        if page.fit(text):
            return page.keep(text)
    # years moved in, then any draw whose dates fit every life it names (the once-only rule waived): a
    # clamped year alone left a film screened months before its release in its release year (g23 reader)
    for _ in range(_LAST_TRIES):
        if page.life is not None:
            text = _clamp(text, event_reads.event_window(text, page.life, page.year))
        if page.dated_fit(text):
            break
        text = _draw(clauses, shorts, leads, slots, rng, page)
    page.fit(text)  # its once-only statements, noted by `keep`
    return page.keep(text)


# how far back a lead-in without a year reaches ("last winter", "in mid-May": this year or the last)
_UNDATED_REACH = 1


def undated_fits(life: lifespan.Life, bounds: list[int], year: int) -> bool:
    """Whether a lead-in without a year fits a page's life: not one whose window ends before last year ("last
    summer" is no date for a 1948 film's shoot), nor one that started within its reach ("Last winter, The
    Dark Tide screened at a showcase" on a page of 15 March 2024, the film released on 1 March 2024: the g37
    default world's lives line)."""
    return bounds[1] >= year - _UNDATED_REACH and life.start < year - _UNDATED_REACH


def _clamp(text: str, window: tuple[int, int]) -> str:
    """`text` with every year moved into `window`."""
    lo, hi = window
    return lifespan.YEAR_IN_TEXT.sub(lambda m: str(min(hi, max(lo, int(m[0])))), text)


def _draw(
    clauses: tuple[str, ...],
    shorts: tuple[str, ...],
    leads: tuple[str, ...],
    slots: dict[str, Callable[[random.Random], str]],
    rng: random.Random,
    page: told.Page,
) -> str:
    roll = rng.random()
    first = rng.randrange(len(clauses))
    page.window(None)
    main = grammar.expand(clauses[first], slots, rng)
    life = page.life
    windowed = life is not None and _DIGIT.search(main) is not None
    if life is not None and windowed:  # the clause's own years in the window of what it tells
        page.window(main)
        if event_reads.violation(main, life, page.year) is not None:
            main = grammar.expand(clauses[first], slots, rng)
    if roll < 0.42:
        text = main
    elif roll < 0.62 and not _timed(main) and told.past(main):
        if page.life is not None and not windowed:
            page.window(main)  # the lead-in's years in the window of what the clause tells
        lead = rng.choice(leads) if leads and rng.random() < 0.4 else rng.choice(_LEADS)
        if (
            page.life is not None
            and lead not in _DATED_LEADS
            and not undated_fits(page.life, page.bounds, page.year)
        ):
            lead = rng.choice(_DATED_LEADS)
        text = f"{grammar.expand(lead, slots, rng)}, {main}"
    elif roll < 0.78:
        other = (first + rng.randrange(1, len(clauses))) % len(clauses)  # never the same clause twice
        second = grammar.expand(clauses[other], slots, rng)
        text = f"{main}{rng.choice(_JOINERS)}{second}"
    elif shorts:
        text = grammar.expand(rng.choice(shorts), slots, rng)
    else:
        text = main
    if rng.random() < 0.5:
        text = _AUX.sub(lambda m: _adverb(m, rng), text)
    if "he the " in text:  # "the {s} defence" with {s} an epithet ("the young squad"): one article
        text = _THE_THE.sub(r"\1", text)
    text = grammar.cap(synonyms.vary(text, rng))
    return text if text.endswith(".") else text + "."  # "8:45 p.m.", "Davis Inc." end it


_THE_THE = re.compile(r"\b([Tt]he) the\b")
