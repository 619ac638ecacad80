"""A page's content: filler prose, fact statements and distractors laid out as blocks (headings, paragraphs,
tables, infobox rows, lists, quotes, captions, forum posts) for the page's layout.

Block shapes in a spec: ["h", text], ["p", text], ["li", [items]], ["table", header, rows, caption],
["quote", text, who], ["fig", caption], ["post", user, text]; the infobox is a list of [label, value].
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field, replace
from typing import Any

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import days, film_genres, layouts, lifespan, prose, specs, styles
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.real import market_days, sequels


@dataclass
class Draft:
    """What a page says before layout: its subject, statements and how much prose around them."""

    subject: str
    domain: str
    pieces: list[Piece] = field(default_factory=list)
    kind: str = ""  # subject kind (company, team…) for references like "the company"
    ticker: str = ""
    others: tuple[str, ...] = ()  # related and look-alike names the prose mentions
    filler: int = 40
    topics: tuple[
        str, ...
    ] = ()  # what the prose is about when not the subject (a set's members, a roundup's)
    # (name, fact kind, value) the world states of the names the prose is about: their anchors (a release, a
    # founding, a birth) date their lives (`lifespan`), before the page's own statements and a name's default
    known: tuple[tuple[str, str, str], ...] = ()


# Prose sentences around the statements, one range for every page whatever its role or its question's kind
# (issue 31: form first, role second). Generator 10 drew answer pages 24-90 and the rest 8-36, and page
# lengths alone told whether a question had an answer page (CV AUC 0.98, +16.8 points of Score_a for an
# exploiter abstaining on the flagged questions). Generator 9's 30-110 / 3-23 had let snippets tell answer
# pages (a short page's snippet is most of it). The median answer page keeps 50+ content sentences.
FILLER = (22, 80)

TIMELINE_SENTENCES = 150  # a dated timeline per this many prose sentences, on average

_HEADINGS = (
    "Overview", "Background", "Key facts", "Latest", "Details", "What we know", "History", "Reception",
    "At a glance", "The numbers", "What happens next", "Reaction", "Timeline", "Analysis", "In brief",
)  # fmt: skip
_USERS = (
    "throwaway_4471", "quietfox", "data_nerd", "mike_t", "grumpycat88", "sunnyside", "lurker2019", "k_dub",
    "ellie.r", "statsguy", "northern_lights", "paul_m", "ratherbefishing",
)  # fmt: skip
_WHO = ("a longtime reader", "one analyst", "a spokesperson", "a former staffer", "a fan at the event")
# A timeline's events name what they were about (a bare "Announcement | 12" under "Date Event Sources" read
# as an empty table on 32.5 of 100 g18 rank-1 pages); the count beside each is its readers' comments, so its
# column says so (a bare "Comments | 31" read as a remark that was a number), and no event needs a person
# ("Public appearance by" a film, a company or a place: 12.5 of 100 g19 rank-1 pages).
# Sixteen: with eight, "<d> Report on <director> released" was the top frame of 6 of 16 director facts on
# g23's reader world (the audit's top frame share, 0.375)
_EVENTS = (
    "Announcement by {s}", "Interview about {s} published", "Photo gallery on {s} posted",
    "Report on {s} released", "Statement from {s}", "Feature story on {s}", "Reader poll on {s} closed",
    "Update on {s} posted", "Profile of {s} revised", "Explainer on {s} published", "Op-ed on {s} printed",
    "Story correction on {s}", "Letters about {s} printed", "Listing for {s} updated",
    "Fact check on {s} posted", "Q&A about {s} held",
)  # fmt: skip


def _paragraphs(lines: list[str], rng: random.Random) -> list[str]:
    out, i = [], 0
    while i < len(lines):
        step = rng.randint(2, 6)
        out.append(" ".join(lines[i : i + step]))
        i += step
    return out


# a film or a song issues no statements and makes no announcements (42.5 of 100 g20 rank-1 pages had a table)
_WORK_EVENTS = tuple(e for e in _EVENTS if not e.startswith(("Statement", "Announcement")))
# A train world's events, in its own words where dev's left five fixed words ("correction to a story on" and
# "2023 correction to a story" were stock 5-grams on the pages of 12+ of 120 questions of a train world; dev's
# now says "Story correction on", three, as every event: a date's last word and the name bound any run): the
# same places in the list, so a train timeline draws as dev's does
_TRAIN_WORDS = {"Story correction on {s}": "Story on {s} corrected"}
_TRAIN_EVENTS = {events: tuple(_TRAIN_WORDS.get(e, e) for e in events) for events in (_EVENTS, _WORK_EVENTS)}


def _timeline(
    day: dt.date,
    rng: random.Random,
    about: tuple[str, ...],
    lives: lifespan.Lives,
    kind: str,
    split: str = "",
) -> list[Any]:
    """A dated table of events about the page's subject (no attribute values), as many real pages carry,
    none before its subject's life starts."""
    rows = []
    events = _WORK_EVENTS if kind in ("movie", "song") else _EVENTS
    events = _TRAIN_EVENTS[events] if split == "train" else events
    for _ in range(rng.randint(3, 8)):
        when = day - dt.timedelta(days=rng.randint(5, 900))
        name = rng.choice(about)
        event = rng.choice(events).format(s=name)
        life = lives(name)
        first, last = life.window(False, day.year)
        if not first <= when.year <= last:  # nor after a death ("Statement from <a man dead in 1945>", 2023)
            continue
        if days.before((when.year, when.month, when.day), (life.start, life.month, life.day)):
            continue  # nor before the day it starts (a song of 1 March 2024 with a row of 12 January 2024)
        rows.append([styles.day_text(when, rng, styles=6), event, str(rng.randint(1, 40))])
    rows.sort(key=lambda r: r[0])
    return ["table", ["Date", "Event", "Reader comments"], rows, "Timeline"]


def blocks(
    draft: Draft, kind: str, day: dt.date, rng: random.Random, split: str = ""
) -> tuple[list[Any], list[list[str]]]:
    """The page's blocks and infobox for layout `kind` (`split`: a train page's timeline is in its words)."""
    lives = _lives(draft)
    lines = prose.sentences(
        draft.subject, draft.domain, rng, draft.filler, others=draft.others, kind=draft.kind,
        ticker=draft.ticker, day=day, topics=draft.topics, lives=lives,
    )  # fmt: skip
    rows: list[list[str]] = []
    extra: list[Any] = []
    for piece in draft.pieces:
        if piece.how == "sentence":
            # a statement ending in its date's bracket ends there: "... (February 20th, 2024) A session
            # player said" ran on into the next sentence (15 of 100 g20 rank-1 pages)
            text = piece.text if piece.text.endswith((".", "!", "?")) else piece.text + "."
            lines.insert(rng.randint(0, len(lines)), text)
        elif piece.how == "row":
            rows.append([piece.label, piece.value])
        elif piece.how == "item":
            extra.append(["li", [piece.text]])
        elif piece.how == "list":
            extra.append(["h", piece.label])
            extra.append(["li", piece.text.split("\n")])
        elif piece.how == "table":
            extra.append(["table", list(piece.rows[0]), [list(r) for r in piece.rows[1:]], piece.text])
        elif piece.how == "quote":
            extra.append(["quote", piece.text, rng.choice(_WHO)])
        else:
            extra.append(["fig", piece.text])
    infobox: list[list[str]] = []
    if rows and kind in layouts.INFOBOX_KINDS and rng.random() < 0.6:
        infobox = rows
    elif rows:
        extra.append(["table", ["", draft.subject], rows, rng.choice(("Key figures", "Quick facts", ""))])
    # more timelines on longer pages: at one rate for all, a short page's snippet (which spans most of such a
    # page) showed its timeline and a long answer page's rarely did; the floor keeps tables on 25%+ of pages
    if rng.random() < max(0.3, min(0.75, draft.filler / TIMELINE_SENTENCES)):
        about = tuple(prose.bare(n) for n in draft.topics or (draft.subject,))
        extra.append(_timeline(day, rng, about, lives, prose.prose_kind(draft.domain, draft.kind), split))
    return _arrange(kind, lines, extra, rng), infobox


def _lives(draft: Draft) -> lifespan.Lives:
    """Each name's life: what the page states of it, else what the world (its question, the KG) states,
    else its name's default."""
    kind = lifespan.kind_of(prose.prose_kind(draft.domain, draft.kind))
    claims = [p.claim for p in draft.pieces if p.claim is not None]
    stated: dict[str, list[tuple[str, str]]] = {}
    # the page's own statements first: a look-alike's page states its own release, which its prose follows
    for name, fact_kind, value in (*((c[0], c[1], c[2]) for c in claims), *draft.known):
        stated.setdefault(prose.bare(name), []).append((fact_kind, value))

    known: dict[str, lifespan.Life] = {}  # asked per sentence: each name's life drawn once

    def life(name: str) -> lifespan.Life:
        if name not in known:
            values = [*stated.get(name, ()), *((k, v) for _n, k, v in lifespan.kg_known(name))]
            found = lifespan.from_values(kind, values)
            original = _original(name) if found is None else None
            known[name] = found or lifespan.default(name, kind)
            if genre := film_genres.genre_in(values, name):  # an animated film's prose is drawn, not shot
                known[name] = replace(known[name], genre=genre)
            if original is not None:  # a sequel nothing dates comes after its original, wherever dated
                known[name] = lifespan.after_original(known[name], life(original), name)
        return known[name]

    return life


def _original(title: str) -> str | None:
    """The title `title` continues ("X II", "X Returns": "X"), None when it is no sequel's."""
    tail = next((t for t in sequels.SEQUEL_TAILS if title.endswith(t) and len(title) > len(t) + 2), None)
    return title.removesuffix(tail) if tail is not None else None


def _arrange(kind: str, lines: list[str], extra: list[Any], rng: random.Random) -> list[Any]:
    if kind in ("forum", "qa"):
        posts: list[Any] = []
        i = 0
        while i < len(lines):
            step = rng.randint(1, 5)
            posts.append(["post", rng.choice(_USERS), " ".join(lines[i : i + step])])
            i += step
        for block in extra:
            posts.insert(rng.randint(0, len(posts)), block)
        return posts
    out: list[Any] = []
    heads = rng.sample(_HEADINGS, len(_HEADINGS))
    for i, para in enumerate(_paragraphs(lines, rng)):
        if i % 3 == 0 and kind != "pdf":
            out.append(["h", heads[(i // 3) % len(heads)]])
        out.append(["p", para])
    for block in extra:
        out.insert(rng.randint(0, len(out)), block)
    return out


def page(
    draft: Draft,
    rng: random.Random,
    split: str,
    *,
    uid: str,
    moment: dt.datetime,
    dated: bool,
    empty: bool = False,
    title: str = "",
    kind: str = "",
) -> PageSpec:
    """A page spec of a random layout for `draft`, published at `moment` (dated or not in results)."""
    kind = kind or layouts.pick(draft.domain, split, rng)
    body, infobox = blocks(draft, kind, market_days.local_day(moment), rng, split)
    return specs.make(
        rng,
        kind=kind,
        domain=draft.domain,
        title=title or layouts.title(draft.subject, draft.domain, rng),
        uid=uid,
        subject=draft.subject,
        blocks=body,
        infobox=infobox,
        modified=moment if dated else None,
        published=moment,
        empty=empty,
        split=split,
    )
