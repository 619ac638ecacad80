"""Pages many questions share: one wiki-like page per subject, and pools of generic noise pages per domain."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from mockapi.world.pages import prose, specs, statements
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject

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
        for subject in q.subjects:
            out.setdefault(subject_key(subject), [])
        for fact in q.facts:
            bucket = out.setdefault(subject_key(fact.subject), [])
            if _shared_fact(fact) and fact not in bucket:
                bucket.append(fact)
    return out


def crawl_time(rng: random.Random) -> dt.datetime:
    """A last-modified moment before the question period."""
    span = int((CRAWL_END - CRAWL_START).total_seconds())
    return CRAWL_START + dt.timedelta(seconds=rng.randrange(span))


def entity_pages(
    facts: dict[tuple[str, str, str], list[Fact]], rng: random.Random
) -> dict[tuple[str, str, str], dict[str, Any]]:
    """One wiki-like page per subject, with an infobox and the subject's static facts; URLs made unique."""
    pages: dict[tuple[str, str, str], dict[str, Any]] = {}
    used: set[str] = set()
    for key in sorted(facts):
        domain, kind, name = key
        title = name
        for n in range(2, 1000):
            spec = _entity_page(domain, kind, title, name, facts[key], rng)
            if spec["url"] not in used:
                break
            title = f"{name} ({kind.split(':')[1] if ':' in kind else kind}{'' if n == 2 else f' {n}'})"
        used.add(spec["url"])
        pages[key] = spec
    return pages


def _entity_page(
    domain: str, kind: str, title: str, name: str, facts: list[Fact], rng: random.Random
) -> dict[str, Any]:
    lines = prose.sentences(name, domain, rng, rng.randint(4, 9))
    for fact in facts:
        lines.insert(rng.randint(0, len(lines)), statements.state(fact))
    infobox = [[_label(f), f.value] for f in facts if not f.items][:8]
    items = [item for f in facts for item in f.items]
    modified = crawl_time(rng)
    return specs.make(
        rng,
        kind="wiki",
        domain=domain,
        title=title,
        uid="",
        subject=name,
        lines=lines,
        infobox=infobox,
        items=items,
        modified=modified if rng.random() < 0.45 else None,
        published=modified,
    )


def _label(fact: Fact) -> str:
    label = fact.kind[4:] if fact.kind.startswith("rel:") else KINDS[fact.kind].label
    return label[:1].upper() + label[1:]


def noise_pool(domain: str, n: int, rng: random.Random) -> list[dict[str, Any]]:
    """Generic pages of a domain (and, for domain '', off-topic ones) that match no particular question."""
    pool = []
    for _ in range(n):
        kind = rng.choice(("article", "listing", "forum", "article"))
        if domain:
            topic = rng.choice(_TOPICS[domain])
            lines = prose.sentences(topic, domain, rng, rng.randint(5, 12))
        else:
            topic = rng.choice(_OFF_TITLES)
            lines = prose.off_topic(rng, rng.randint(5, 12))
        title = f"{topic}: {rng.choice(_TAILS)}"
        moment = crawl_time(rng)
        pool.append(
            specs.make(
                rng,
                kind=kind,
                domain=domain or "open",
                title=title,
                uid=f"{rng.getrandbits(64):016x}",
                subject=topic,
                lines=lines,
                modified=moment if rng.random() < 0.3 else None,
                published=moment,
                empty=rng.random() < 0.06,
            )
        )
    return pool


_TOPICS = {
    "finance": [
        "Stock market today",
        "Best dividend stocks",
        "How to read a stock quote",
        "Market cap explained",
        "Earnings season preview",
        "Top ETFs for beginners",
    ],
    "sports": [
        "NBA power rankings",
        "Soccer transfer news",
        "Playoff picture",
        "Fantasy basketball tips",
        "Injury report roundup",
        "League standings",
    ],
    "music": [
        "Billboard Hot 100 this week",
        "Grammy predictions",
        "New album releases",
        "Best songs of the year",
        "Concert tour dates",
        "Streaming chart recap",
    ],
    "movie": [
        "Box office weekend results",
        "Oscar winners list",
        "Upcoming movie releases",
        "Best films of the decade",
        "Streaming movie guide",
        "Film festival highlights",
    ],
    "open": [
        "World travel guide",
        "Facts about famous landmarks",
        "History of great universities",
        "Largest lakes in the world",
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
_OFF_TITLES = (
    "Best budget travel tips",
    "Easy weeknight recipes",
    "Smartphone buying guide",
    "Gardening for beginners",
    "Retirement savings advice",
    "Home workout routines",
)
