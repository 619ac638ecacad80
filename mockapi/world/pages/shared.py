"""Pages many questions share: one wiki-like page per subject, and pools of generic noise pages per domain."""

from __future__ import annotations

import datetime as dt
import random

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import consistency, film_genres, layouts, lifespan, sizes, statements
from mockapi.world.pages.page_blocks import FILLER, Draft, page
from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject, page_names
from mockapi.world.questions.source import REDRAW_NAMES, SHORT_TRIES
from mockapi.world.real import market_days

# Shared pages were crawled before the question period, so they never post-date a query time.
CRAWL_START = dt.datetime(2023, 6, 1)
CRAWL_END = dt.datetime(2024, 2, 25)


def subject_key(subject: Subject) -> tuple[str, str, str]:
    """Identity of a subject across questions (KG subjects recur; invented ones rarely do)."""
    return subject.domain, subject.entity_id or subject.kind, subject.name


def _shared_fact(fact: Fact) -> bool:
    return fact.kind.startswith("rel:") or KINDS[fact.kind].dynamism == "static"


def entity_facts(questions: list[Question]) -> dict[tuple[str, str, str], list[Fact]]:
    """Per subject, the static facts any question relies on (what its wiki page states), in question order."""
    out: dict[tuple[str, str, str], list[Fact]] = {}
    for q in questions:
        for subject in q.subjects:  # a set is no entity: its page wrote of "Red Canyon Recordings artists" as
            if subject.kind != "group":  # of one singer ("a handwritten setlist belonging to …", reader63)
                out.setdefault(subject_key(subject), [])
        for fact in q.facts:
            bucket = out.setdefault(subject_key(fact.subject), [])
            # one value per attribute: a second question's other value for it stays off the shared page
            one = fact.kind.startswith("rel:") or all(f.kind != fact.kind for f in bucket)
            if _shared_fact(fact) and fact not in bucket and one:
                bucket.append(fact)
    return out


def entity_anchors(questions: list[Question]) -> dict[tuple[str, str, str], tuple[tuple[str, str, str], ...]]:
    """Per subject, the starts (founded, released, born) any question's facts or context give it: its shared
    page dates its prose by them without stating them. A false premise's context is no fact of its shared
    page, which dated a club of 2008 by its name's drawn start ("As early as 1998, managers at Wellsside
    Comets signed a teenage talent": the audit's founding line, 5 on g32's default world)."""
    out: dict[tuple[str, str, str], list[tuple[str, str, str]]] = {}
    for q in questions:
        for fact in (*q.facts, *q.context):
            if fact.kind in lifespan.ANCHORS:
                anchor = (fact.subject.name, fact.kind, fact.value)
                bucket = out.setdefault(subject_key(fact.subject), [])
                if anchor not in bucket:
                    bucket.append(anchor)
        genres = {name: entry for entry in film_genres.set_genres(q) for name in entry[:1]}
        for subject in q.subjects:  # a member of an animated set is drawn on its own page too
            if subject.name in genres and genres[subject.name] not in out.get(subject_key(subject), []):
                out.setdefault(subject_key(subject), []).append(genres[subject.name])
    return {key: tuple(anchors) for key, anchors in out.items()}


def crawl_time(rng: random.Random) -> dt.datetime:
    """A last-modified moment before the question period."""
    # half in the last weeks before the question period (a crawl keeps fresh pages fresh), half any time: a
    # uniform nine months dated shared pages mostly 2023, against answer pages from the query's own weeks
    start = CRAWL_END - dt.timedelta(days=45) if rng.random() < 0.5 else CRAWL_START
    span = int((CRAWL_END - start).total_seconds())
    return start + dt.timedelta(seconds=rng.randrange(span))


def entity_pages(
    facts: dict[tuple[str, str, str], list[Fact]], rng: random.Random, split: str = "dev"
) -> dict[tuple[str, str, str], PageSpec]:
    """One page per subject stating the subject's static facts; URLs made unique."""
    pages: dict[tuple[str, str, str], PageSpec] = {}
    used: set[str] = set()
    for key in sorted(facts):
        spec = entity_page(key, facts[key], rng, split, used)
        used.add(spec["url"])
        pages[key] = spec
    return pages


def entity_page(
    key: tuple[str, str, str],
    facts: list[Fact],
    rng: random.Random,
    split: str = "dev",
    used: set[str] | frozenset[str] = frozenset(),
    known: tuple[tuple[str, str, str], ...] = (),
) -> PageSpec:
    """The page of one subject, at a URL not in `used` (the build makes them apart, world/page_jobs)."""
    domain, kind, name = key
    title = layouts.title(name, domain, rng)  # drawn like every other title: it marks no role
    # a clash is resolved by an id (a wiki URL's ?curid=), never by a "(kind)" suffix in the path, which
    # only these shared pages would have
    for n in range(1000):
        uid = f"{'|'.join(key)}#{n}" if n else ""
        spec = _entity_page(domain, kind, title, name, facts, rng, split, uid, known)
        if spec["url"] not in used:
            break
    return spec


def _entity_page(
    domain: str,
    kind: str,
    title: str,
    name: str,
    facts: list[Fact],
    rng: random.Random,
    split: str,
    uid: str,
    known: tuple[tuple[str, str, str], ...] = (),
) -> PageSpec:
    subject = facts[0].subject if facts else None
    draft = Draft(
        name,
        domain,
        kind=subject.kind if subject else "",
        ticker=subject.ticker.upper() if subject else "",
        others=tuple(page_names(subject)[1:]) + subject.lookalikes[:3] if subject else (),
        filler=rng.randint(*FILLER),
        known=known,
    )
    day = crawl_time(rng)
    for fact in facts:
        draft.pieces.extend(statements.gold_pieces(fact, rng, split, market_days.local_day(day)))
    return page(draft, rng, split, uid=uid, moment=day, dated=rng.random() < 0.31, title=title)


def taken_names(facts: dict[tuple[str, str, str], list[Fact]]) -> frozenset[str]:
    """Every question subject's name, as a reader matches names (`consistency.name_key`)."""
    return frozenset(consistency.name_key(name) for _domain, _kind, name in facts)


def invented_name(kind: str, rng: random.Random, taken: frozenset[str]) -> str:
    """A fictional name of `kind` that no question's subject has (its invented figures then contradict
    nothing: a peer drawn as "Simmons Corp." gave the answer page of Simmons Corp. another EPS)."""
    name = invent.subject_name(kind, rng)
    for attempt in range(REDRAW_NAMES):
        # nor a KG-dated one: a peer song "The Wild Signal" under a KG film's title (g22b's one event
        # outside a life: "weeks on chart ... by November 2023" of a film released in 2024)
        # nor a company the KG lists, whose figures are the KG's ("Hamilton Inc. closed at 31.09 USD" as a
        # peer, KG close 38.82: the audit's prices line on g25's first build)
        if consistency.name_key(name) not in taken and not lifespan.kg_known(name) and not sizes.listed(name):
            break
        # a song's or film's from the long titles once the short ones keep coming back taken (576, most of
        # them a KG title or a question's: "Christopher White filmography" listed a film "Burning River"
        # beside the KG's 2017 song, its "riding double" in 1994: the g38 default world's lives line)
        name = invent.subject_name(kind, rng, long=attempt >= SHORT_TRIES)
    return name


def noise_pool(
    domain: str, n: int, rng: random.Random, split: str = "dev", taken: frozenset[str] = frozenset()
) -> list[PageSpec]:
    """Roundup pages of a domain (market wraps, power rankings, chart recaps) about entities no question
    asks about (`taken`: the questions' subjects): on-topic for every question of the domain, with the answer
    to none."""
    kind = _ROUNDUP_KIND[domain]
    pool = []
    for _ in range(n):
        topic = rng.choice(_TOPICS[domain])
        names = tuple(dict.fromkeys(invented_name(kind, rng, taken) for _ in range(rng.randint(3, 6))))
        draft = Draft(topic, domain, kind=kind, filler=rng.randint(*FILLER), others=names, topics=names)
        moment = crawl_time(rng)
        for name in names:  # a roundup gives its entities' figures, in the frames answer pages use
            subject = Subject(name, domain, kind)
            draft.pieces.extend(
                statements.figure_pieces(
                    subject, rng, split, market_days.local_day(moment), rng.randint(0, 2)
                )
            )
        title = f"{topic}: {rng.choice(_TAILS)}"
        pool.append(
            page(draft, rng, split, uid=f"{rng.getrandbits(64):016x}", moment=moment,
                 dated=rng.random() < 0.31, empty=rng.random() < 0.04, title=title)
        )  # fmt: skip
    return pool


_ROUNDUP_KIND = {"finance": "company", "sports": "team", "music": "artist", "movie": "movie", "open": "topic"}
# Roundup topics: none names a real institution or league (an "Oscar winners list" or "NBA power rankings"
# of invented films and clubs read false: the g26 reader, 16 of 40 lists)
_TOPICS = {
    "finance": [
        "Stock market today",
        "Best dividend stocks",
        "How to read a stock quote",
        "Market cap explained",
        "Earnings season preview",
        "Stocks to watch this week",
    ],
    "sports": [
        "Power rankings",
        "Soccer transfer news",
        "Playoff picture",
        "Fantasy basketball tips",
        "Injury report roundup",
        "League standings",
    ],
    "music": [
        "Chart toppers this week",
        "Music awards predictions",
        "New album releases",
        "Best songs of the year",
        "Concert tour dates",
        "Streaming chart recap",
    ],
    "movie": [
        "Box office weekend results",
        "Awards season winners",
        "Upcoming movie releases",
        "Best films of the decade",
        "Streaming movie guide",
        "Film festival highlights",
    ],
    "open": [
        "World travel guide",
        "Facts about famous landmarks",
        "History of great universities",
        "Places worth a detour",
        "Museum visitor guide",
        "Geography trivia",
    ],
}
_TAILS = (
    "What to know",
    "The complete guide",
    "Everything explained",
    "Live updates",
    "Our top picks",
    "2024 edition",
)
