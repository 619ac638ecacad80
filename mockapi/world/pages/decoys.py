"""The values a page states that are not the answer: a rival look-alike's, a peer's, an older one (`roles`
puts them on every role's page, so that the asked attribute's frames, dates and amounts mark no role).

- `rivals`: the look-alikes whose values a question's pages state, the same on each of its pages.
- `distractors`: a stale value and a rival's (else a peer's) on an answer-form page.
- `older_news`: the asked attribute on a page that does not answer.
- `wrong`: another value of an attribute, on the scale of the true one.
- `peers`, `peer_piece`: a question's invented peers, and a peer's value of the asked attribute, named.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import TYPE_CHECKING

from mockapi.world.pages import consistency, lifespan, shared, sizes, statements, totals
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.pages.figure_days import year_in
from mockapi.world.questions import invent, starts, values
from mockapi.world.questions.kinds import KINDS, REL_TARGET, fits_subject
from mockapi.world.questions.model import Fact, Question, group_of, premise_facts
from mockapi.world.questions.source import ERA_AMOUNTS, era_cap
from mockapi.world.real import awards

if TYPE_CHECKING:
    from mockapi.world.pages.roles import Pools

# A rival's value of the asked attribute, on answer-form and topical pages alike: at most two look-alikes per
# question and attribute, one value each, so each is stated about as often as the answer and the commonest
# value of its type is the answer no more often than chance (g11, rivals from every look-alike: 67% of date
# questions). Planner sample (16 birth dates): a rival on an answer page at 0.5 left the answer the top 10's
# commonest date in 62%, at 0.8 in 25%; on topical pages (~22 a question) 0.5 keeps the 50 pages' even.
P_RIVAL = 0.5  # a topical page's statement of the asked attribute names a rival (else an older value, a peer)
P_RIVAL_DATE = 0.8  # a full date has no older value: its 3-5 answer pages made it the top 10's commonest
P_RIVAL_EACH = 0.8  # on an answer-form page, each rival's value (the answer is there once or twice)
# a full date has no older value, so only rivals' dates stand beside the answer's: at 0.8 the answer was the
# top 10's commonest date for 9 of 30 date answers (g18, typed-candidate voting)
P_RIVAL_EACH_DATE = 1.0
RIVALS = 2
P_PEER = 0.35  # else a peer's value of it (an invented entity of the same kind, named)
P_BESIDE = 0.9  # a page other than an answer page states the rivals' values (`beside`) as an answer page does


def kg_fits(name: str, kind: str, listed_figures: bool) -> bool:
    """Whether a look-alike of a `kind` subject may carry values on a page: not a company the KG lists when
    the figures are the KG's (they keep the KG's), nor a KG name of another kind's family (`other_family`)."""
    return not (listed_figures and sizes.listed(name)) and not lifespan.other_family(name, kind)


def rivals(q: Question | None, fact: Fact) -> tuple[str, ...]:
    """The look-alikes whose value of `fact`'s attribute the question's pages state: at most `RIVALS`,
    ones a reader tells from the subject ("Last Atlas II", not "The Last Atlas"), the same on every page of
    the question (drawn from its id, which a secret world keys). A set's pages name none."""
    subjects = {fact.subject.name, *fact.subject.aliases}
    if q is not None:
        subjects |= {n for f in q.facts for n in (f.subject.name, *f.subject.aliases)}
    # nor one the attribute does not fit: a look-alike "Red cycle" of a place, read as a concept, stated
    # "The founding year of Red cycle is 1837" (g23: the audit's kinds line)
    fit = KINDS.get(fact.kind)
    names = sorted(
        n
        for n in fact.subject.lookalikes
        if not consistency.shares_name(n, sorted(subjects))
        and (fit is None or fits_subject(fit, n, fact.subject.kind))
        # nor a company the KG lists, for a figure the KG holds: "Ardlyne Inc. shares are trading at 4.01
        # dollars" where the KG's close is 19.03 (the audit's prices line, 14 of 40 on g24c)
        and not (fact.kind.startswith("fin.") and sizes.listed(n))
        and not lifespan.other_family(n, fact.subject.kind)  # a KG name of another kind's family
    )
    # not one a reader takes for another subject of the question either ("North Aaron Titans"), nor its name
    # cut or respelt ("L. Rousseau", "Machines": built_from), nor one holding a name the question uses
    # ("AD Peñanares" for "peñanares", "Reilly Frontier" for "reilly": holds_name)
    qid = q.interaction_id if q is not None else ""
    own = random.Random(f"rivals|{qid}|{fact.subject.name}|{fact.kind}")
    return tuple(own.sample(names, min(RIVALS, len(names))))


def _alive(names: tuple[str, ...], day: dt.date, kind: str = "") -> tuple[str, ...]:
    """The rivals the KG does not date after `day` (a page of 2021 gave the chart position of a look-alike
    song released in 2023: g22c's audit, 6 events outside a life), nor, for a weekend gross, long before it
    (`statements.fits_day`)."""
    return tuple(n for n in names if statements.fits_day(n, day, kind))


def distractors(q: Question, pools: Pools, rng: random.Random, day: dt.date) -> list[Piece]:
    """A stale value and a rival's (else a peer's) value on an answer-form page, now and then. A set's page
    states neither (a look-alike's runtime on the page of "2023 films" joins the set)."""
    out: list[Piece] = []
    # a multi-hop question names no subject of its chain's end ("the performer of Velvet Summer"): a peer's
    # birth date on its answer page could be the performer's, as far as a reader can tell
    chain = next((f for f in q.facts if f.kind.startswith("rel:")), None)
    group = group_of(q)
    for fact in q.facts or premise_facts(q):
        # nor a member's older value: beside the set's undated table a reader took the dated line for the
        # newer (g15 reading: 7 of 9 ambiguous questions, "As of 17 Aug 2023, X's rating came to 3.30")
        # nor a comparison's older value (`older_news`): "Tucson Steamers scored 109 points in their last
        # game, per an update 5 days ago" on an answer page needing 121 (g43's contradiction scan)
        # nor a last game's older score, which says "their last game" of another game ("6 days ago, Holderview
        # Stallions scored 103 points in their last game" on an answer page needing 125: g44's draft)
        comparing = q.question_type == "comparison" or fact.kind == "sp.last_points"
        if group is None and not comparing and consistency.older_values(fact) and rng.random() < 0.4:
            out.extend(statements.stale_pieces(fact, rng, pools.split, day))
        names = _alive(rivals(q, fact), day, fact.kind)
        if group is not None:
            continue
        date = fact.kind in KINDS and KINDS[fact.kind].vtype == "date"
        named = [n for n in names if rng.random() < (P_RIVAL_EACH_DATE if date else P_RIVAL_EACH)]
        out.extend(
            statements.negative_piece(fact, n, wrong(fact, rng, day, n), rng, pools.split, day) for n in named
        )
        if not named and chain is None and rng.random() < P_PEER:  # as topical pages name peers
            out.append(peer_piece(fact, pools, rng, day, [f.subject.name for f in q.facts], q))
    return out


def beside(
    q: Question, pools: Pools, rng: random.Random, day: dt.date, odds: float = P_BESIDE
) -> list[Piece]:
    """`distractors` contradicting no asked value (`consistency.rival_claim`): what an answer page states
    beside the answer, and a topical page with the same odds whichever subject it is about. Only answer
    pages named every rival, so the names and dates a question's answer pages shared marked them (audit36's
    agreement adversary: 0.60 of an answer page's names held by another top-10 result, 0.44 of a topical
    page's, 400 dev questions at 84e0c0a). `odds`: a page states them at all. Not on a look-alike's own page:
    another company's value named before the page named its own made its headcounts that company's to a
    reader (the cut's audit, g40: "The lean firm moved 194 sales workers ... Korent Inc. stock lost 2.8%")."""
    if odds < 1.0 and rng.random() >= odds:
        return []
    return [p for p in distractors(q, pools, rng, day) if not consistency.rival_claim(q, p)]


def wrong(
    fact: Fact, rng: random.Random, day: dt.date, lookalike: str = "", peer: str = "", session: str = ""
) -> str:
    """Another value of the asked attribute. A look-alike's is its own, the same on every page that states
    it (each page drew its own: the answer was then the one value repeated across pages). A running total
    of a look-alike or a peer is its name's own total grown to its day (`totals`), whichever question's page
    names it: film titles recur, and a peer "Endless Anthem" grossed $3.6m in October beside its $767m.
    `session`: the day a changing value is of (else the name's own day near the answer's, `rival_day`)."""
    if (name := lookalike or peer) and fact.kind in totals.BY_NAME:
        day_of = session or statements.rival_day(fact, name, day)
        at = dt.date.fromisoformat(day_of) if day_of else None
        league = "soccer" if ":soccer" in (fact.subject.entity_id or "") else "basketball"
        whole = totals.total(fact.kind, name, at or day, _era_cap(fact.kind, name), league)
        return totals.at(fact.kind, name, whole, at)
    if name:  # a changing value (a price) is its own on each day; a peer's too (`peers`: named on many pages)
        when = session or statements.rival_day(fact, name, day)  # the session it is stated of
        rng = random.Random(f"wrong|{name}|{fact.subject.name}|{fact.kind}|{when}")
    if fact.kind.startswith("rel:"):
        return invent.subject_name(REL_TARGET.get(fact.kind[4:], "person"), rng)
    kind = KINDS[fact.kind]
    if lookalike and (known := _kg_anchor(lookalike, fact.kind, kind.vtype)):
        return known
    start = _own_start(fact, name, day)  # a look-alike's or a peer's (`peers`: its own pages state it too)
    if start and fact.kind == _OWN_START[fact.subject.kind]:
        return start
    cap = _era_cap(fact.kind, lookalike)
    for _ in range(5):
        near = fact.number is not None and kind.vtype in _SCALED
        x = fact.number or 0.0
        if near and cap and x > cap * 0.6:  # a KG film's money on its own era's scale, not the subject's
            x = cap * rng.uniform(0.2, 0.6)
        value = (
            _near(x, kind.vtype, rng, invent.scale(kind.key)) if near else invent.other_value(kind, rng, day)
        )
        if lookalike and kind.vtype in ("year", "date"):
            value = _after_subject(value, fact.value, lookalike, fact.subject.name, rng, day)
        if lookalike and fact.kind in _ADULT_EVENTS:
            value = lifespan.adult(value, lookalike, day, _rival_born(fact, lookalike, day))
        if start and fact.kind in _AFTER_START:
            value = _after_start(value, year_in(start), day)
        if awards.counted(fact.kind):  # no rival film with 16 Oscars beside one with 11
            value = values.number(max(1, awards.capped(fact.kind, int(totals.figure(value, fact.kind)))))[0]
        if value.lower() != fact.value.lower():
            return value
    return value + " (disputed)"


_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
# An invented look-alike's start by its kind: one on every page, the draw `statements.figure_pieces` states
# on its own pages; and its years of its own events, after that start. A look-alike of two questions' clubs
# drew a start from each ("For West Kingdom, the founding year is 1900"; its own page: "West Kingdom were
# founded in 2015") and won "the championship in 1989, 1980 and 1975" (the g38 default world's lives line)
_OWN_START = {"team": "sp.founded", "company": "fin.founded", "topic": "op.founded"}
_AFTER_START = ("sp.title_years", "fin.ipo_year")


def _own_start(fact: Fact, lookalike: str, day: dt.date) -> str:
    """The start every page states of an invented look-alike (or peer) of `fact`'s subject ('' for none: a
    KG-dated name keeps the KG's, a subject kind with no start drawn)."""
    key = _OWN_START.get(fact.subject.kind, "")
    if not lookalike or not key or lifespan.kg_known(lookalike) or sizes.listed(lookalike):
        return ""
    if not fits_subject(KINDS[key], lookalike, fact.subject.kind):
        return ""
    return invent.other_value(KINDS[key], random.Random(f"start|{lookalike}|{key}"), day)


def _after_start(value: str, start: int, day: dt.date) -> str:
    """`value` with each year before `start` moved into the years from `start` to the query's."""
    if not start:
        return value
    span = max(1, day.year - start)
    return _YEAR.sub(lambda m: m[0] if int(m[0]) >= start else str(start + int(m[0]) % span), value)


def _era_cap(fact_kind: str, lookalike: str) -> float:
    """The largest amount of a film's money kind a KG-dated look-alike's era allows (0: no cap): a 1977 KG
    film "made on a budget of $75.8 million" as a rival of a 2010s film (g23's first build, the audit's
    numbers line: 10 of 135)."""
    if not lookalike or fact_kind not in ERA_AMOUNTS:
        return 0.0
    for _name, kind, value in lifespan.kg_known(lookalike):
        if kind == "mv.release" and (found := _YEAR.match(value)):
            return era_cap(fact_kind, int(found[0]))
    # else the start its pages date it by (`statements.figure_pieces` states that release year): "(1985)
    # Distant Echoes lists $194.0 million as the budget" (the audit's numbers, g24 draft: 6 of 82)
    return era_cap(fact_kind, starts.drawn_start(lookalike, "movie"))


def _kg_anchor(name: str, fact_kind: str, vtype: str) -> str:
    """A KG-dated look-alike's own start (release, birth) as the asked kind writes it, else '': "Last Engine"
    [KG: 2002] beside "Last Empire" [1964] stated a 1940 release and its page shot it in 1938 (g22 draft)."""
    for _name, kind, value in lifespan.kg_known(name):
        if kind == fact_kind and _YEAR.match(value):
            if vtype == "year":
                return value[:4]
            if vtype == "date":
                try:
                    return values.date(dt.date.fromisoformat(value[:10]))[0]
                except ValueError:
                    return ""
    return ""


def _after_subject(
    value: str, own: str, lookalike: str, subject: str, rng: random.Random, day: dt.date
) -> str:
    """A derivative's date comes after its subject's: a sequel ("The Last Tide II", "X: Part Two"), a reserve
    or women's side ("X B", "X Women") is released or founded after X ("The Last Tide II is given as
    02/05/1954" for a 2019 original; a club's "II" team founded 17 years before the club: g19 reader)."""
    mine, theirs = _YEAR.search(own), _YEAR.search(value)
    # with or without the article: "Last Atlas II" (1973) is a sequel of "The Last Atlas" (1998) too (g22)
    base = next((b for b in (subject, subject.removeprefix("The ")) if lookalike.startswith(b)), "")
    derived = bool(base) and lookalike[len(base) : len(base) + 1] in (" ", ":")
    if not derived or mine is None or theirs is None or int(theirs[0]) > int(mine[0]):
        return value
    start = min(int(mine[0]) + 1, day.year)  # never after the query year
    year = rng.randint(start, max(start, min(day.year - 1, start + 15)))
    return value[: theirs.start()] + str(year) + value[theirs.end() :]


_ADULT_EVENTS = ("mu.debut",)  # a person's years that come after their 18th


def _rival_born(fact: Fact, lookalike: str, day: dt.date) -> int:
    """The birth year a question's pages give `lookalike` when they state its birth too (`wrong` of the
    subject's birth, drawn from the same key): "Stacey Smith came into the world on August 17, 1966" beside
    "Stacey Smith released a debut album in 1965" on one answer page (the audit's ages line, g28)."""
    birth = Fact(fact.subject, "mu.birth", "")
    when = statements.rival_day(birth, lookalike, day)
    own = random.Random(f"wrong|{lookalike}|{fact.subject.name}|mu.birth|{when}")
    return year_in(invent.other_value(KINDS["mu.birth"], own, day))


_SCALED = ("number", "money", "bigmoney", "decimal")


def _near(x: float, vtype: str, rng: random.Random, bounds: tuple[float, float] | None = None) -> str:
    """A figure on the scale of `x`: a rival's value of an amount is one an entity like the subject has at the
    same time (a look-alike club's wins within its season's games, a film's gross beside the subject's; drawn
    from the attribute's whole range, soccer clubs had 57 wins and quarterly revenues ran to $788bn)."""
    y = x * rng.uniform(0.6, 1.5)
    if vtype == "number":
        step = max(1, round(abs(y - x)))
        return values.number(max(0, round(x) + rng.choice((-1, 1)) * step))[0]
    if vtype == "money":
        return values.money(round(max(0.01, y), 2))[0]
    if vtype == "bigmoney":
        return values.bigmoney(float(f"{max(1e6, y):.3g}"))[0]
    if bounds is not None:  # a scorer's rival averages 34.5 points a game at most, as any scorer
        return values.decimal(round(min(bounds[1], max(bounds[0], y)), 1))[0]
    return values.decimal(min(round(y, 2), 9.9) if x <= 10 else round(y, 2))[0]


PEERS = 2  # a question's peers of a kind, named on any of its pages


def peers(q: Question, kind: str, pools: Pools) -> list[str]:
    """The invented peers of `kind` a question's pages name, the same on each of its pages whatever their
    role, each stating its own figures there (`figure_pieces(fixed=True)`): a peer drawn afresh per page left
    a topical page's names and figures its own, while the answer pages repeated one another's (audit36's
    agreement adversary)."""
    own = random.Random(f"peers|{q.interaction_id}|{kind}")
    return [shared.invented_name(kind, own, pools.taken) for _ in range(PEERS)]


def older_news(
    fact: Fact,
    pools: Pools,
    rng: random.Random,
    day: dt.date,
    q: Question | None = None,
    said: frozenset[str] = frozenset(),
) -> list[Piece]:
    """The asked attribute on a page that does not answer: the subject's earlier value with its own date
    (older news), else a rival's value ("Last Atlas II runs 99 minutes"), else a peer's, in the frames the
    answer pages use, so that a snippet's frame words, dates and amounts mark neither. `said`: names whose
    value of it the page states already (a page said "Golden Letters won 1 Oscar" twice, once here and once
    beside: 0.41 repeated statements a topical page against an answer page's 0.10, generator 42's world)."""
    # a comparison's older values may order its subjects the other way (g20 reader's Q37: January's 105 and
    # 89 on ranks 1-2 named the other club than the gold): its pages give rivals' and peers' values instead
    comparing = q is not None and q.question_type == "comparison"
    if consistency.older_values(fact) and fact.as_of and rng.random() < 0.7 and not comparing:
        older = statements.stale_pieces(fact, rng, pools.split, day)
        if older:  # (none when the page is older than every older value: a rival's or a peer's then)
            return older
    # none on a set's page: a member's look-alike with a value beside the members reads as a member
    named = rivals(q, fact) if q is None or group_of(q) is None else ()
    names = tuple(n for n in _alive(named, day, fact.kind) if n not in said)
    date = fact.kind in KINDS and KINDS[fact.kind].vtype == "date"
    if names and rng.random() < (P_RIVAL_DATE if date else P_RIVAL):
        name = rng.choice(names)
        return [statements.negative_piece(fact, name, wrong(fact, rng, day, name), rng, pools.split, day)]
    # else a peer's figure ("for comparison, Hale Group's EPS…"): a page about the subject that does not
    # answer still states the asked attribute, as the query's words find it
    return [peer_piece(fact, pools, rng, day, list(said), q=q)]


_PEER_TRIES = 40  # a topic's peer fits a population 3 draws in 10 (`invent.subject_name`): 40 leave ~1e-6


def peer_piece(
    fact: Fact,
    pools: Pools,
    rng: random.Random,
    day: dt.date,
    others: list[str] | None = None,
    q: Question | None = None,
) -> Piece:
    """The asked attribute of a peer: another entity of the subject's kind, invented afresh (no question asks
    about it, so its value contradicts nothing), named in the statement, and not one a reader takes for the
    subject or the question's `others` ("Simmons Corp" for "Simmons Corp.")."""
    names = [fact.subject.name, *(others or [])]
    kind = KINDS.get(fact.kind)  # (a KG relation's "rel:…" fact is no registry kind: every peer has one)
    # and one that has the attribute: "Lake Rodneymouth Zoo has a population of 145,173" on a town's page
    # (g29 reader #9; 141 of 200 population peers did not fit)

    def fits(peer: str) -> bool:
        fit = kind is None or fits_subject(kind, peer, fact.subject.kind)
        return fit and not any(consistency.indistinct(peer, n) for n in names)

    # the question's own peers first (`peers`), else one invented afresh
    pool = [p for p in (peers(q, fact.subject.kind, pools) if q is not None else []) if fits(p)]
    peer = rng.choice(pool) if pool else shared.invented_name(fact.subject.kind, rng, pools.taken)
    for _ in range(0 if pool else _PEER_TRIES):
        if fits(peer):
            break
        peer = shared.invented_name(fact.subject.kind, rng, pools.taken)
    return statements.negative_piece(fact, peer, wrong(fact, rng, day, peer=peer), rng, pools.split, day)
