"""What each page of a question's results says, by role: the pages the planner (`plan`) ranks.

Form first, role second (issue 31): one composer writes every role's page (`compose`: a draft about the
page's subject, one prose length, one title and layout draw, one dating; the asked attribute's slot; the
rivals' values; every hop of a multi-hop chain; the subject's other facts), and only what fills the slot
differs by role: the answer, an older value with its date, a rival look-alike's, a peer's, a look-alike's own.
A set question's pages are all the set's (`set_pages`).

- `answer_page`: states the answer (gold).
- `answer_form_page`: drafted as an answer page, without the answer: what a question whose answer no page
  holds (or a false premise) gets in the answer pages' places, so the top of its results looks the same.
- `stale_page`: an older value of the asked attribute, dated.
- `lookalike_pages`: a rival look-alike's own pages stating its value of the asked attribute.
- `topical_page`: about the question's subject, composed as an answer page is whatever the question's kind,
  stating another value where an answer page states the answer.

The values these pages state that are not the answer (rivals', peers', older ones) are `decoys`'.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import (
    anchors,
    consistency,
    decoys,
    layouts,
    lifespan,
    set_pages,
    shared,
    statements,
    tables,
)
from mockapi.world.pages.asked_when import answer_facts as answer_facts
from mockapi.world.pages.asked_when import asked_facts as asked_facts
from mockapi.world.pages.asked_when import known_from as known_from
from mockapi.world.pages.asked_when import latest as latest
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.pages.page_blocks import FILLER, Draft, page
from mockapi.world.pages.recent import recent_line
from mockapi.world.pages.stale import stale_moment
from mockapi.world.pages.subject_facts import premise_pieces, say_known
from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS, fits_subject
from mockapi.world.questions.model import Fact, Question, Subject, group_of, page_names
from mockapi.world.real import market_days

# Share of question-specific answer pages titled like a domain roundup ("Stock market today: What to know"),
# as real answer pages often are roundups: with 4-7 answer pages among ~10 roundup-titled results, a roundup
# title marks nothing either way.
P_ROUNDUP = 0.12
DATED_SHARE = 0.31  # pages with a last-modified date in results (CRAG: about a third)


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
    starts: dict[str, lifespan.Known] = field(default_factory=dict)  # the KG's anchors by name (`lifespan`)
    caps: dict[str, float] = field(default_factory=dict)  # the KG's market caps by company name (`sizes`)
    asked: dict[tuple[str, str], tuple[tuple[dt.date, str], ...]] = field(default_factory=dict)  # `use_asked`


def uid(q: Question, role: str, i: int) -> str:
    """A page id: the question's, the role's first letters, the page's number."""
    return f"{q.interaction_id.replace('-', '')[:16]}{role[:2]}{i:02d}"


def moment(qtime: dt.datetime, rng: random.Random, not_before: dt.datetime | None = None) -> dt.datetime:
    """A publication moment before the query time: recent or old in the same mix for every role."""
    latest = qtime - dt.timedelta(hours=1)
    back = rng.choice((3, 10, 45, 45, 200, 400, 900))
    earliest = latest - dt.timedelta(days=back)
    if not_before is not None and not_before >= latest - dt.timedelta(hours=2):
        # a value that came to hold within the last hours (a price quoted this morning, a close of last
        # evening): the page is refreshed after it and before the question, never before it (g26 reader #1: a
        # page of Wed 03:17 GMT stating Wednesday's close)
        # published before the question and after what it states, even a quote of the question's last half
        # minute (a price of 16:00:00 ET asked at 16:00:08: the page read 15:59:24, before its own quote)
        latest = min(qtime, max(qtime - dt.timedelta(seconds=30), not_before + dt.timedelta(seconds=1)))
        earliest = min(not_before, latest)
    elif not_before is not None:
        earliest = max(earliest, not_before)
    return earliest + dt.timedelta(seconds=rng.randrange(max(1, int((latest - earliest).total_seconds()))))


def draft(q: Question, subject: Subject, pools: Pools, rng: random.Random) -> Draft:
    """An empty page about `subject` with the question's names to mention and a prose length."""
    people = [s for s in q.subjects if s != subject and s.kind != "group" and s.name not in hidden(q)]
    ticker = subject.ticker.upper()
    topics: tuple[str, ...] = ()
    kind = subject.kind
    if kind == "group":  # a set's page talks about its members, never about "clubs by championships"
        topics = tuple(s.name for s in people) or tuple(f.subject.name for f in q.facts)
        kind = people[0].kind if people else (q.facts[0].subject.kind if q.facts else "")
        ticker = ""
    others = cast(q, subject)
    return Draft(
        subject.name, q.pages_domain, kind=kind, ticker=ticker, others=others or topics or (subject.name,),
        filler=rng.randint(*FILLER), topics=topics, known=anchors.anchors(q, subject, pools),
    )  # fmt: skip


def cast(q: Question, subject: Subject) -> tuple[str, ...]:
    """The names a page about `subject` mentions in its prose beside it: its other names, up to three of its
    look-alikes a reader tells from it, and the question's other subjects its kind is paired with."""
    names = page_names(subject)
    people = [s for s in q.subjects if s != subject and s.kind != "group" and s.name not in hidden(q)]
    # no look-alike cut from the subject's own name: "Machines played with Lord of the Machines" booked an
    # act with itself (g18 reader)
    # nor one holding the name a question uses ("AD Peñanares" on a page about Peñanares: `holds_name`)
    asked = _asked_names(q)
    alike = tuple(n for n in subject.lookalikes[:3] if not consistency.shares_name(n, (subject.name, *asked)))
    # a film's prose pairs it with other films ("a double bill alongside {o}"): never with a person the
    # question names ("a twin bill alongside Joris Mir", its director: g28 reader, 10 times on one question);
    # an act's or a song's with acts, never its manager ("Promoters booked Mark Snyder with Theresa Baker")
    pairs = _PAIRS.get(subject.kind)
    return tuple(names[1:]) + alike + tuple(s.name for s in people if pairs is None or s.kind in pairs)


_PAIRS = {
    "movie": ("movie",),
    "artist": ("artist", "band"),
    "band": ("artist", "band"),
    "song": ("artist", "band"),
}


def hidden(q: Question) -> frozenset[str]:
    """The names no page of a question the world labels unanswerable may be about: the entity a relation
    leads to when it is the answer ("who performs Bright Anthem?": a page about James Proctor, and the song's
    pages naming him beside it, stated the gold on 2-3 of ~50 such questions a world: g23 reader)."""
    if q.answer_in_pages:
        return frozenset()
    answer = q.answer.lower()
    return frozenset(f.value for f in q.facts if f.kind.startswith("rel:") and f.value.lower() in answer)


def _asked_names(q: Question) -> tuple[str, ...]:
    """Every name the question's subjects go by (names and the short names questions use)."""
    return tuple(n for s in q.subjects if s.kind != "group" for n in (s.name, *s.aliases))


def emit(draft: Draft, q: Question, pools: Pools, rng: random.Random, role: str, i: int,
         when: dt.datetime, empty: bool = False, answer_form: bool = False) -> PageSpec:  # fmt: skip
    """The page spec of a draft, titled for the page's own subject whatever the role (a title naming the
    question's subject over a page wholly about a look-alike read ambiguous); an answer-form page is titled
    like a roundup as often as an answer page."""
    about = draft.subject  # a page titled for one entity but wholly about a look-alike read ambiguous
    draft.pieces.extend(recent_line(q, pools, rng, market_days.local_day(when), role))  # (`recent`)
    title, kind = layouts.title(about, draft.domain, rng), ""
    models = pools.noise.get(q.pages_domain)  # (none in a test's pools)
    if answer_form and models and rng.random() < P_ROUNDUP:
        # a roundup's topic over the page's own subject: a roundup's whole title misfit a film's page (g26)
        model = rng.choice(models)
        title, kind = f"{model['title'].split(':')[0]}: {about}", model["kind"]
    return page(draft, rng, pools.split, uid=uid(q, role, i), moment=when,
                dated=rng.random() < DATED_SHARE, empty=empty, title=title, kind=kind)  # fmt: skip


def answer_page(
    q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int, avoid: frozenset[str]
) -> PageSpec:
    """A page stating the answer. `avoid`: forms the value must not be written in."""
    return _answer_form(q, pools, qtime, rng, i, avoid, answers=True)


def answer_form_page(q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int) -> PageSpec:
    """An answer page's form without the answer: where an answer page states the value, it states an older
    value, a rival's or a peer's (a false premise's: the true facts the premise bends)."""
    return _answer_form(q, pools, qtime, rng, i, frozenset(), answers=False)


def _answer_form(q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int,
                 avoid: frozenset[str], answers: bool, role: str = "",
                 empty: bool = False) -> PageSpec:  # fmt: skip
    group = group_of(q)
    facts = asked_facts(q)
    subject = group or (facts[-1].subject if facts else q.subjects[0])
    when = moment(qtime, rng, latest(q))

    def slot(day: dt.date, said: frozenset[str]) -> list[Piece]:
        if group is not None and answers:
            return tables.group_pieces(group, q.facts, rng, pools.split)
        if group is not None:  # some of the set's members with their values, and a member's older news
            older = decoys.older_news(rng.choice(facts), pools, rng, day, q, said) if facts else []
            return [*set_pages.some_members(q, group, rng, pools.split, day), *older]
        if answers or (not answer_facts(q) and role != "top"):
            # a false premise's answer-form pages state the true facts it bends (its topical pages, as an
            # answerable question's, an older value, a rival's or a peer's: all ~25 stating the true fact,
            # its lists agreed more than an answerable question's, form (c) 0.706 -> 0.745 on generator
            # 42's draft); a true question that says a premise keeps that premise's fact in its context
            # too, and its answer-form pages then stated the answer itself (g17 reader: ~40 % of "answer
            # not in pages" labels contradicted, the value on ranks 1-3)
            # a page stating two subjects' values names the subject in each statement (a row or a quote
            # without a name, "debut year, 1966", would be read as the page subject's, against the other's)
            shape = "sentence" if len({f.subject.name for f in facts}) > 1 else ""
            return [p for f in facts for p in statements.gold_pieces(f, rng, pools.split, day, avoid, shape)]
        return [p for f in facts for p in decoys.older_news(f, pools, rng, day, q, said)]

    return compose(q, pools, rng, i, subject, when, slot, role or ("gold" if answers else "form"),
                   empty=empty, check=answers)  # fmt: skip


Slot = Callable[[dt.date, frozenset[str]], list[Piece]]


def compose(q: Question, pools: Pools, rng: random.Random, i: int, subject: Subject, when: dt.datetime,
            slot: Slot, role: str, *, empty: bool = False, check: bool = False,
            own: Callable[[dt.date], list[Piece]] | None = None,
            alike_of: Subject | None = None) -> PageSpec:  # fmt: skip
    """One page of a question's results, whatever its role: a draft about `subject`, what fills the asked
    attribute's slot (`slot(day, said)`: the answer, an older value, a rival's, a look-alike's own; `said`
    the names whose values the page states beside it), the rivals' values, every hop of a multi-hop chain,
    the subject's other facts (`own`, else `say_known`); a look-alike's page (`alike_of`: the subject it
    looks like) names in its prose what that subject's pages name beside it. Only the slot differs by role:
    generator 42 composed look-alike and stale pages on their own, and the standing adversary told an
    answer page from a look-alike page at AUC 0.925 (0.74 of its names its own, against 0.58; 4.8
    statements against 3.5) and from a stale one at 0.959 (default world, seed 0, dev)."""
    group = group_of(q)
    page_draft = draft(q, subject, pools, rng)
    if alike_of is not None:  # (g41's named 10.2 distinct names, an answer page 13.0: audit of the cut)
        page_draft.others += tuple(
            n for n in cast(q, alike_of) if n not in page_draft.others and not _confused(n, subject.name)
        )
    day = market_days.local_day(when)
    # a distractor a reader could take for an asked value (a peer or rival named like another subject of the
    # question, "North Aaron Titans" beside "North Karen Titans") stays out: no answer page contradicts itself
    # a look-alike's page says its own value in its slot, and none of the question's subjects' (an older
    # Korent price named before the page named itself made the page's headcounts Korent's to a reader: the
    # cut's audit, g40, the sizes line); the rivals' values it states as every page does
    mine = {subject.name, *(s.name for s in q.subjects)} if alike_of is not None else set()
    beside = [p for p in decoys.beside(q, pools, rng, day, odds=1.0) if not _of(p, mine)]
    said = frozenset(p.claim[0] for p in beside if p.claim is not None)
    page_draft.pieces.extend(slot(day, said))
    # and every hop a multi-hop question walks to get there, named, on every page: "name the ceo of the
    # parent company of cyrella corp." had no page in its 50 saying Cyrella Corp.'s parent (g24 reader, Q8)
    asked = asked_facts(q)  # (once: a comprehension's condition ran it again for every fact)
    hops = [f for f in q.facts if f.kind.startswith("rel:") and f not in asked]
    for hop in hops if group is None else []:
        page_draft.pieces.append(statements.state(hop, rng, pools.split, shape="sentence", named=True))
    page_draft.pieces.extend(beside)
    if alike_of is None and group is None:  # what the question says in passing (`premise_pieces`)
        page_draft.pieces.extend(premise_pieces(q, pools.split, rng, when, page_draft.pieces))
    page_draft.pieces.extend(own(day) if own is not None else say_known(q, subject, pools, rng, when))
    if check:
        consistency.check_claims(q, page_draft.pieces)
    return emit(page_draft, q, pools, rng, role, i, when, empty=empty, answer_form=True)


def _of(piece: Piece, names: set[str]) -> bool:
    """Whether `piece` states a value of one of `names`."""
    return piece.claim is not None and piece.claim[0] in names


def stale_page(
    q: Question, fact: Fact, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int
) -> PageSpec:
    """An older value of `fact`, dated, on a page published before the current value held, composed as every
    role's page is (`compose`)."""
    when = stale_moment(fact, qtime, rng) or moment(qtime, rng) - dt.timedelta(days=rng.randint(30, 200))
    group = group_of(q)  # a set's page, as its answer pages are (a member's read 0.96 against them)

    def slot(day: dt.date, said: frozenset[str]) -> list[Piece]:
        older = statements.stale_pieces(fact, rng, pools.split, day)
        older = older or decoys.older_news(fact, pools, rng, day, q, said)
        return older if group is None else [*set_pages.some_members(q, group, rng, pools.split, day), *older]

    return compose(q, pools, rng, i, group or fact.subject, when, slot, "stale")


def lookalike_pages(
    q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, n: int
) -> list[PageSpec]:
    """`n` pages about look-alike entities stating the asked attribute with their own values: most about the
    question's rivals (whose values its answer pages name too), the rest about any look-alike."""
    facts = asked_facts(q)
    subject = facts[-1].subject if facts else q.subjects[0]
    if group_of(q) is not None:  # a set's pages name no look-alike (`decoys.rivals`); its results are the
        return []  # set's pages (a member's look-alike's page read 0.945 against its answer pages)
    asked = (subject.name, *_asked_names(q))  # g16: "Tghe Season's Tempest" grossing $710M was ambiguous

    def apart(names: tuple[str, ...] | list[str]) -> list[str]:
        return [
            n
            for n in names
            if consistency.told_apart(n, subject.name)
            and not consistency.shares_name(n, asked)
            and all(fits_subject(KINDS[f.kind], n, subject.kind) for f in facts if f.kind in KINDS)
            and decoys.kg_fits(n, subject.kind, listed_figures)
        ]

    listed_figures = any(f.kind.startswith("fin.") for f in facts)

    # none a reader tells from every name the question uses: invented ones, else peers (a "<name> II"
    # stand-in numbered companies and clubs: g20 reader)
    names = apart(subject.lookalikes) or apart(invent.lookalikes(subject.name, rng, kind=subject.kind))
    if not names:  # peers of its kind stand in: the values pages state beside the answer keep their count
        names = apart([shared.invented_name(subject.kind, rng, pools.taken) for _ in range(2)])
    if not names:
        return []
    chosen = [r for f in facts if f.subject.name == subject.name for r in decoys.rivals(q, f)] or names
    out = []
    for i in range(n):
        name = chosen[i % len(chosen)] if rng.random() < 0.8 else rng.choice(names)
        when = moment(qtime, rng, latest(q))  # published in the same days as the answer pages
        day = market_days.local_day(when)
        kind = facts[-1].kind if facts else ""
        if not statements.fits_day(name, day, kind):  # not a look-alike the KG starts later (g22c)
            alive = [n for n in names if statements.fits_day(n, day, kind)]
            name = alive[0] if alive else shared.invented_name(subject.kind, rng, pools.taken)
        other = Subject(name, subject.domain, subject.kind, lookalikes=(subject.name,))
        out.append(_lookalike_page(q, pools, rng, i, subject, other, facts, when))
    return out


def _lookalike_page(q: Question, pools: Pools, rng: random.Random, i: int, subject: Subject, other: Subject,
                    facts: list[Fact], when: dt.datetime) -> PageSpec:  # fmt: skip
    """A look-alike's own page, composed as every role's page is (`compose`): its own value of the asked
    attribute in the slot, named (another company's value named before the page named its own made its
    headcounts that company's to a reader: the cut's audit, g40), its own figures as its other facts."""
    name = other.name

    def slot(day: dt.date, said: frozenset[str]) -> list[Piece]:
        # only the look-alike's own attributes: a multi-hop question's earlier steps are about another
        # entity ("the head coach of <a coach's look-alike>" would make a person of a team)
        return [
            statements.negative_piece(f, name, decoys.wrong(f, rng, day, name), rng, pools.split, day)
            for f in facts
            if f.subject.name == subject.name
        ]

    def own(day: dt.date) -> list[Piece]:  # as many as an answer page's other facts of its subject
        # nor the asked relation under its attribute's name: "rel:director" beside "mv.director" gave a
        # look-alike film two directors on one page (reader62, rank 1 of a question)
        relations = {f.kind[4:] for f in facts if f.kind.startswith("rel:")}
        skip = {f.kind for f in facts} | {k for k, spec in KINDS.items() if spec.label in relations}
        return statements.figure_pieces(other, rng, pools.split, day, rng.randint(0, 3), skip=skip)

    return compose(q, pools, rng, i, other, when, slot, "neg", own=own, alike_of=subject)


def _confused(a: str, b: str) -> bool:
    """Whether a reader may take either name for the other."""
    return consistency.shares_name(a, (b,)) or consistency.shares_name(b, (a,))


def topical_page(q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random, i: int) -> PageSpec:
    """A page about the question's subject that does not answer it, composed as an answer page is
    (`_answer_form`): the same draft, dating, titles and kinds of statements (the asked attribute as an older
    value, a rival's or a peer's; the rivals' values; the subject's other facts), with another value where an
    answer page states the answer; some pages are empty, as real crawls are. Generator 41 composed it on its
    own (other facts of any subject, rivals' values at 0.9, a peer's figures, the asked attribute on a set's
    pages only, 10-30 % published long before): on its default world (seed 0, dev) the standing adversary told
    an answer page from a topical one at AUC 0.793, the agreement adversary at 0.709."""
    empty = rng.random() < 0.05
    return _answer_form(q, pools, qtime, rng, i, frozenset(), answers=False, role="top", empty=empty)
