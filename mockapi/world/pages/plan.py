"""The 50 ranked results of one question: gold, stale, hard-negative, topical and noise pages.

Nothing about a page but its text depends on its role: layouts, hosts, URL shapes, titles, sizes, dates and
the relevance scores that rank them are drawn from the same distributions for answer pages and the rest, so
only reading tells which page answers.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from mockapi.formats.pagespec import PageSpec
from mockapi.formats.timefmt import parse_query_time
from mockapi.world.pages import consistency, layouts, shared, statements, syndicate, tables
from mockapi.world.pages.compose import FILLER, Draft, page
from mockapi.world.pages.frames import Piece
from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS, REL_TARGET
from mockapi.world.questions.model import Fact, Question, Subject, group_of, page_names, premise_facts

RESULTS = 50
# Relevance score ranges per role: overlapping, so an answer page is often but not usually the top result.
# Relevance score ranges per role. A real engine ranks the pages that answer the query near the top (the
# answer page's rank is a legitimate signal: CRAG's top 5 mostly hold the answer), look-alikes and older
# news next, roundups last; the ranges overlap so the order within the top is not fixed.
_SCORE = {
    "gold": (0.6, 1.0),
    "stale": (0.3, 0.9),
    "negative": (0.25, 0.85),
    "topical": (0.15, 0.8),
    "noise": (0.0, 0.45),
}
# Share of question-specific answer pages titled like a domain roundup ("Stock market today: What to know"),
# as real answer pages often are roundups. Of the 50 results ~33 name the question's subject and ~10 are the
# domain's roundups: were every answer page titled by the subject, a subject word would find answer pages at
# ~50/33 of the base rate. With 4-7 answer pages per question, this share puts about one answer page among
# ~10 roundup-titled results, near the answer pages' base rate, so a roundup title marks nothing either way.
P_ROUNDUP = 0.12
P_RESTYLED = 0.22  # questions whose answer pages never write the value as the gold answer does
DATED_SHARE = 0.31  # pages with a last-modified date in results (CRAG: about a third)
# Share of topical pages about the asked fact's subject that state the asked attribute (an older value or a
# look-alike's): answer pages state it in the same frames, so without these the frames alone mark them.
P_TOPICAL_ATTRIBUTE = 0.9
P_LOOKALIKE = 0.5  # a look-alike's value of the asked attribute: on answer pages and topical pages alike
P_OTHER_ENTITY = 0.7  # share of the fill (results after a question's own pages) about other entities
RECENT_PAGES = 400  # how many of the latest pages per domain the fill is drawn from
# else a peer's value of it on an answer page (a topical page names a peer when it names no look-alike)
P_PEER = 0.35


@dataclass(frozen=True)
class Result:
    """One ranked search result before snippets: the page spec and why it is there."""

    spec: PageSpec
    role: str  # gold | stale | negative | topical | noise


@dataclass(frozen=True)
class Pools:
    """Pages shared between questions, and the split whose page forms the world uses."""

    entity: dict[tuple[str, str, str], PageSpec]
    entity_facts: dict[tuple[str, str, str], list[Fact]]
    noise: dict[str, list[PageSpec]]  # per domain: roundups about entities no question asks about
    split: str = "dev"
    # per domain: the latest questions' topical and look-alike pages, which fill other questions' results
    recent: dict[str, list[PageSpec]] = field(default_factory=dict)
    taken: frozenset[str] = frozenset()  # every question subject's name key: no invented peer takes one


def plan(
    q: Question, pools: Pools, rng: random.Random, fill_rng: random.Random | None = None
) -> list[Result]:
    """Exactly RESULTS results in rank order (duplicates of a page may repeat, as in CRAG)."""
    pages, results = own_results(q, pools, rng)
    return fill_results(q, pools, fill_rng or rng, pages, results)


Pages = list[tuple[str, PageSpec]]


def own_results(q: Question, pools: Pools, rng: random.Random) -> tuple[Pages, list[Result]]:
    """The question's own pages (role, spec) and their ranked results, before the fill: depends on nothing
    but `q`, the shared pools and `rng`, so the build makes many questions' at once (world/page_jobs)."""
    qtime = parse_query_time(q.query_time).replace(tzinfo=None)
    scored: list[tuple[float, Result]] = []
    pages = _pages(q, pools, qtime, rng)
    for role, spec in pages:
        low, high = _SCORE[role]
        scored.append((rng.uniform(low, high), Result(spec, role)))
    scored.sort(key=lambda pair: -pair[0])
    results = [r for _, r in scored][: RESULTS - 4]
    for _ in range(rng.randint(1, 4)):  # a page listed twice, as real search results often are
        results.insert(rng.randint(1, len(results)), results[rng.randrange(len(results))])
    return pages, results


def fill_results(
    q: Question, pools: Pools, rng: random.Random, pages: Pages, results: list[Result]
) -> list[Result]:
    """`results` filled up to RESULTS; reads and extends `pools.recent`: questions pass here in order."""
    qtime = parse_query_time(q.query_time).replace(tzinfo=None)
    fill = _fill(q, pools, qtime)
    while len(results) < RESULTS:
        # the rest: mostly pages about other entities of the domain (written for other questions, in the
        # same words and forms as this question's own pages), some the domain's roundups. Roundups alone
        # (a few dozen fixed titles, no figures) were told from answer pages by their snippets at AUC 0.85.
        use_fill = fill and rng.random() < P_OTHER_ENTITY
        results.append(Result(rng.choice(fill) if use_fill else rng.choice(pools.noise[q.domain]), "noise"))
    recent = pools.recent.setdefault(q.domain, [])
    recent.extend(spec for role, spec in pages if role in ("topical", "negative"))
    del recent[:-RECENT_PAGES]
    return results[:RESULTS]


def _fill(q: Question, pools: Pools, qtime: dt.datetime) -> list[PageSpec]:
    """Other questions' pages that may stand in this question's results: published before it was asked, and
    about none of its subjects (such a page could state its answer, unlabelled)."""
    names = {s.name for s in q.subjects} | {f.subject.name for f in q.facts}
    names |= {n for s in q.subjects for n in s.lookalikes}
    asked = qtime.isoformat()
    return [
        spec
        for spec in pools.recent.get(q.domain, [])
        if spec["published"] <= asked and spec["subject"] not in names
    ]


def _uid(q: Question, role: str, i: int) -> str:
    return f"{q.interaction_id.replace('-', '')[:16]}{role[:2]}{i:02d}"


def _moment(qtime: dt.datetime, rng: random.Random, not_before: dt.datetime | None = None) -> dt.datetime:
    """A publication moment before the query time: recent or old in the same mix for every role."""
    latest = qtime - dt.timedelta(hours=1)
    back = rng.choice((3, 10, 45, 45, 200, 400, 900))
    earliest = latest - dt.timedelta(days=back)
    if not_before is not None:
        earliest = max(earliest, min(not_before, latest - dt.timedelta(hours=2)))
    return earliest + dt.timedelta(seconds=rng.randrange(max(1, int((latest - earliest).total_seconds()))))


def _known(q: Question, subject: Subject, pools: Pools, rng: random.Random) -> list[Fact]:
    """A few true static facts about `subject` that this question does not ask (topical talk)."""
    # never another value of what is asked (relations may hold many values: other cast members are fine)
    key = shared.subject_key(subject)  # by key: two questions' Subject objects for one name may differ
    asked = {
        f.kind for f in q.facts if shared.subject_key(f.subject) == key and not f.kind.startswith("rel:")
    }
    facts = [f for f in pools.entity_facts.get(shared.subject_key(subject), []) if f.kind not in asked]
    return rng.sample(facts, min(len(facts), rng.randint(0, 3)))


def _draft(q: Question, subject: Subject, pools: Pools, rng: random.Random, filler: tuple[int, int]) -> Draft:
    names = page_names(subject)
    people = [s for s in q.subjects if s != subject and s.kind != "group"]
    others = tuple(names[1:]) + subject.lookalikes[:3] + tuple(s.name for s in people)
    ticker = subject.ticker.upper()
    topics: tuple[str, ...] = ()
    kind = subject.kind
    if kind == "group":  # a set's page talks about its members, never about "clubs by championships"
        topics = tuple(s.name for s in people) or tuple(f.subject.name for f in q.facts)
        kind = people[0].kind if people else (q.facts[0].subject.kind if q.facts else "")
        ticker = ""
    return Draft(
        subject.name, q.domain, kind=kind, ticker=ticker, others=others or topics or (subject.name,),
        filler=rng.randint(*filler), topics=topics,
    )  # fmt: skip


def _emit(draft: Draft, q: Question, pools: Pools, rng: random.Random, role: str, i: int,
          moment: dt.datetime, empty: bool = False) -> PageSpec:  # fmt: skip
    # titles name any of the question's subjects, whatever the role (a title must not mark the answer page)
    # (a look-alike's page is often found under the subject's name: "Falcons" for another Falcons team)
    about = draft.subject if role == "neg" and rng.random() < 0.5 else rng.choice(q.subjects).name
    title, kind = layouts.title(about, draft.domain, rng), ""
    if role == "gold" and rng.random() < P_ROUNDUP:
        # a roundup: the title and layout of one of the domain's noise pages, so that title words and URL
        # segments come in the same combinations as on the noise pages (a title alone would not: a noise
        # page's slug sits in its own path segment only in some layouts, and the pool repeats its pages)
        model = rng.choice(pools.noise[q.domain])
        title, kind = model["title"], model["kind"]
    return page(draft, rng, pools.split, uid=_uid(q, role, i), moment=moment,
                dated=rng.random() < DATED_SHARE, empty=empty, title=title, kind=kind)  # fmt: skip


def _pages(q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random) -> list[tuple[str, PageSpec]]:
    out: list[tuple[str, PageSpec]] = []
    entity_gold = False
    needed = answer_facts(q)
    for subject in q.subjects:
        key = shared.subject_key(subject)
        spec, stated = pools.entity.get(key), pools.entity_facts.get(key, [])
        if spec is None or (not q.answer_in_pages and any(f in stated for f in q.facts)):
            continue  # the answer must not leak when the question is calibrated as not answerable
        if any(
            f.kind == g.kind and f != g and not f.kind.startswith("rel:")
            for f in stated
            for g in q.facts
            if shared.subject_key(g.subject) == key
        ):
            continue  # the shared page holds another value of the asked attribute (one history per fact)
        is_gold = q.answer_in_pages and bool(needed) and all(f in stated for f in needed)
        entity_gold = entity_gold or is_gold
        out.append(("gold" if is_gold else "topical", spec))
    if q.answer_in_pages:
        # several sources state the answer, each in its own words, and some are syndicated copies
        gold_n = rng.choice((3, 3, 4, 4, 5, 6)) - (1 if entity_gold else 0)
        # for some questions every answer page writes the value in another style than the gold answer (real
        # pages do not write answers as CRAG's annotators did)
        avoid = (
            frozenset(a.lower() for a in (q.answer, *q.alt_ans)) if rng.random() < P_RESTYLED else frozenset()
        )
        golds = [_gold(q, pools, qtime, rng, i, avoid) for i in range(max(gold_n, 0 if entity_gold else 1))]
        out.extend(("gold", g) for g in golds)
        copies = rng.choice((1, 1, 2, 2, 3))
        out.extend(
            ("gold", syndicate.copy(rng.choice(golds), rng, _uid(q, "sy", i), q.domain, pools.split))
            for i in range(copies if golds else 0)
        )
    out.extend(
        ("stale", _stale(q, f, pools, qtime, rng, i))
        for i, f in enumerate(q.facts)
        if consistency.older_values(f)
    )
    out.extend(("negative", p) for p in _negatives(q, pools, qtime, rng))
    # Real results mostly name the query's subject in their titles; with too few such pages, a subject word
    # in a title would single out the answer pages (precision ~ 50 / titled pages x base rate).
    topical = rng.randint(18, 26)
    out.extend(("topical", _topical(q, pools, qtime, rng, i)) for i in range(topical))
    return out


def answer_facts(q: Question) -> list[Fact]:
    """What an answer page must state: every fact but the relation steps a multi-hop question walks (each
    stated on the page of the entity it starts from), or the last step when the answer is where it leads."""
    return [f for f in q.facts if not f.kind.startswith("rel:")] or q.facts[-1:]


def _gold(
    q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int, avoid: frozenset[str]
) -> PageSpec:
    group = group_of(q)
    subject = group or q.facts[-1].subject
    moment = _moment(qtime, rng, _latest(q))
    draft = _draft(q, subject, pools, rng, FILLER)
    day = moment.date()
    if group is not None:
        draft.pieces.extend(tables.group_pieces(group, q.facts, rng, pools.split))
    else:
        facts = answer_facts(q)
        # a page stating two subjects' values names the subject in each statement (a row or a quote without
        # a name, "debut year, 1966", would be read as the page subject's, against the other's value)
        shape = "sentence" if len({f.subject.name for f in facts}) > 1 else ""
        for fact in facts:
            draft.pieces.extend(statements.gold_pieces(fact, rng, pools.split, day, avoid, shape))
    draft.pieces.extend(_distractors(q, pools, rng, day))
    draft.pieces.extend(_say_known(q, subject, pools, rng, day))
    consistency.check_claims(q, draft.pieces)
    return _emit(draft, q, pools, rng, "gold", i, moment)


def _latest(q: Question) -> dt.datetime | None:
    """The date the newest of the question's values holds from (answer pages are published after it)."""
    return max((dt.datetime.fromisoformat(f.as_of) for f in q.facts if f.as_of), default=None)


def _distractors(q: Question, pools: Pools, rng: random.Random, day: dt.date) -> list[Piece]:
    """A stale value and a look-alike's (else a peer's) value on the same page as the answer, now and then.
    The look-alike is one a reader can tell from the subject ("Last Atlas II", not "The Last Atlas" or "Lsat
    Atlas"), and a set's page names none (a look-alike's runtime on the page of "2023 films" joins the
    set)."""
    out: list[Piece] = []
    # a multi-hop question names no subject of its chain's end ("the performer of Velvet Summer"): a peer's
    # birth date on its answer page could be the performer's, as far as a reader can tell
    chain = next((f for f in q.facts if f.kind.startswith("rel:")), None)
    for fact in q.facts:
        if consistency.older_values(fact) and rng.random() < 0.4:
            out.extend(statements.stale_pieces(fact, rng, pools.split, day))
        names = [n for n in fact.subject.lookalikes if not consistency.indistinct(n, fact.subject.name)]
        if group_of(q) is not None:
            continue
        if names and rng.random() < P_LOOKALIKE:
            name = rng.choice(names)
            out.append(
                statements.negative_piece(fact, name, _wrong(fact, rng, day, name), rng, pools.split, day)
            )
        elif chain is None and rng.random() < P_PEER:  # as topical pages name peers (`_older_news`)
            out.append(_peer_piece(fact, pools, rng, day, [f.subject.name for f in q.facts]))
    return out


def _say_known(
    q: Question, subject: Subject, pools: Pools, rng: random.Random, day: dt.date | None = None
) -> list[Piece]:
    """Other facts of the subject; a changing one dated with its own date, and only on a page published after
    it (an older page cannot know today's value), so dated statements are on every kind of page."""
    out = []
    for f in _known(q, subject, pools, rng):
        if not (statements.dynamic(f) and f.as_of):
            out.append(statements.state(f, rng, pools.split))
        elif day is not None and dt.date.fromisoformat(f.as_of) <= day:
            out.append(statements.state(f, rng, pools.split, as_of=f.as_of, page_day=day))
    return out


def _stale(q: Question, fact: Fact, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int) -> PageSpec:
    moment = _moment(qtime, rng) - dt.timedelta(days=rng.randint(30, 200))
    draft = _draft(q, fact.subject, pools, rng, FILLER)
    draft.pieces.extend(statements.stale_pieces(fact, rng, pools.split, moment.date()))
    draft.pieces.extend(_say_known(q, fact.subject, pools, rng, moment.date()))
    return _emit(draft, q, pools, rng, "stale", i, moment)


def _negatives(q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random) -> list[PageSpec]:
    """Pages about look-alike entities stating the same attribute with other values."""
    out = []
    subject = q.facts[-1].subject if q.facts else q.subjects[0]
    # a disambiguation page lists names, it has no runtime or CEO of its own
    names = [
        n for n in subject.lookalikes or invent.lookalikes(subject.name, rng) if "(disambiguation)" not in n
    ]
    names = names or [f"{subject.name} II"]
    as_of = _latest(q)
    for i in range(rng.randint(3, 7)):
        name = names[i % len(names)]
        moment = _moment(qtime, rng, as_of)  # published in the same days as the answer pages
        other = Subject(name, subject.domain, subject.kind, lookalikes=(subject.name,))
        draft = _draft(q, other, pools, rng, FILLER)
        # only the look-alike's own attributes: a multi-hop question's earlier steps are about another
        # entity ("the head coach of <a coach's look-alike>" would make a person of a team)
        for fact in (f for f in q.facts if f.subject.name == subject.name):
            wrong = _wrong(fact, rng, moment.date(), name)
            draft.pieces.append(
                statements.negative_piece(fact, name, wrong, rng, pools.split, moment.date(), own_page=True)
            )
        # and figures of its other attributes, named, as an answer page states its subject's other facts (a
        # look-alike's page stating one figure was told from the answer pages by its form)
        draft.pieces.extend(
            statements.figure_pieces(
                other, rng, pools.split, moment.date(), rng.randint(0, 3), skip={f.kind for f in q.facts}
            )
        )
        out.append(_emit(draft, q, pools, rng, "neg", i, moment))
    return out


def _wrong(fact: Fact, rng: random.Random, day: dt.date, lookalike: str = "") -> str:
    """Another value of the asked attribute. A look-alike's is its own, the same on every page that states
    it (each page drew its own: the answer was then the one value repeated across pages, and the commonest
    date of the 50 pages was the answer of 75% of date questions)."""
    if lookalike:  # a changing value (a price) is its own on each day
        when = day.isoformat() if statements.dynamic(fact) else ""
        rng = random.Random(f"wrong|{lookalike}|{fact.subject.name}|{fact.kind}|{when}")
    if fact.kind.startswith("rel:"):
        return invent.subject_name(REL_TARGET.get(fact.kind[4:], "person"), rng)
    for _ in range(5):
        value = invent.other_value(KINDS[fact.kind], rng, day)
        if value.lower() != fact.value.lower():
            return value
    return value + " (disputed)"


def _topical(q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int) -> PageSpec:
    """About a subject of the question but without the answer; some pages are empty, as real crawls are."""
    subject = rng.choice(q.subjects)
    draft = _draft(q, subject, pools, rng, FILLER)
    # most published in the answer pages' days (an engine ranks fresh pages for a query about now), the rest
    # older news (an answer page is never older than its value)
    moment = _moment(qtime, rng, _latest(q) if rng.random() < 0.7 else None)
    draft.pieces.extend(_say_known(q, subject, pools, rng, moment.date()))
    if subject.kind == "group" and rng.random() < 0.6:  # the set's title over some of its members, no values
        members = [s.name for s in q.subjects[1:]]
        shown = rng.sample(members, min(len(members), rng.randint(2, 4)))
        if rng.random() < 0.5:  # or a table of them headed as the answer pages' tables are
            rows = (("Name",), *((m,) for m in shown))
            draft.pieces.append(Piece("table", subject.name, rows=rows))
        else:
            draft.pieces.append(Piece("list", "\n".join(shown), label=subject.name))
    for fact in premise_facts(q):
        if rng.random() < 0.5:
            draft.pieces.append(statements.state(fact, rng, pools.split))
    for fact in answer_facts(q):
        if fact.subject == subject and rng.random() < P_TOPICAL_ATTRIBUTE:
            draft.pieces.extend(_older_news(fact, pools, rng, moment.date()))
    return _emit(draft, q, pools, rng, "top", i, moment, empty=rng.random() < 0.05)


def _older_news(fact: Fact, pools: Pools, rng: random.Random, day: dt.date) -> list[Piece]:
    """The asked attribute on a page that does not answer: the subject's earlier value with its own date
    (older news), else the value of a look-alike a reader tells apart ("Last Atlas II runs 99 minutes"), in
    the frames the answer pages use, so that a snippet's frame words, dates and amounts mark neither."""
    if consistency.older_values(fact) and fact.as_of and rng.random() < 0.7:
        return statements.stale_pieces(fact, rng, pools.split, day)
    names = [n for n in fact.subject.lookalikes if not consistency.indistinct(n, fact.subject.name)]
    if names and rng.random() < P_LOOKALIKE:  # as often as on answer pages (`_distractors`): marks no role
        name = rng.choice(names)
        wrong = _wrong(fact, rng, day, name)
        return [statements.negative_piece(fact, name, wrong, rng, pools.split, day)]
    wrong = _wrong(fact, rng, day)
    # else a peer's figure ("for comparison, Hale Group's EPS…"): a page about the subject that does not
    # answer still states the asked attribute, as the query's words find it, so a snippet of the attribute
    # is no sign of the answer page
    return [_peer_piece(fact, pools, rng, day)]


def _peer_piece(
    fact: Fact, pools: Pools, rng: random.Random, day: dt.date, others: list[str] | None = None
) -> Piece:
    """The asked attribute of a peer: another entity of the subject's kind, invented afresh (no question asks
    about it, so its value contradicts nothing), named in the statement, and not one a reader takes for the
    subject or the question's `others` ("Simmons Corp" for "Simmons Corp.")."""
    names = [fact.subject.name, *(others or [])]
    peer = shared.invented_name(fact.subject.kind, rng, pools.taken)
    for _ in range(20):
        if not any(consistency.indistinct(peer, n) for n in names):
            break
        peer = shared.invented_name(fact.subject.kind, rng, pools.taken)
    return statements.negative_piece(fact, peer, _wrong(fact, rng, day), rng, pools.split, day)
