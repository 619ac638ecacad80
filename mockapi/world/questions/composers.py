"""Question types as intents: from a cell (domain, type, dynamism) and a fact source to a drafted question.

Each composer picks facts, then realises the intent with a frame (question_frames.py), subject references
(refer.py) and a gold answer that is either the short value or a sentence (answers.py). The voice
(openers, casual spellings, typos) is added later, in generate.py, for every question alike.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from mockapi.world.questions import (
    answers,
    chain,
    count_frames,
    derived,
    frame_use,
    outoftime,
    question_frames,
    refer,
    values,
)
from mockapi.world.questions.arithmetic import post_processing
from mockapi.world.questions.ask import (
    Ask,
    Draft,
    nearest,
    one_fact,
    pair_refs,
    refer_to,
    two_facts,
)  # fmt: skip
from mockapi.world.questions.kinds import COUNTED_LABELS, KINDS, Kind, asked_label, fits_role, fits_subject
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.premise import Premise

# Share of simple questions that ask for a derived form of the value when the kind has one (derived.py).
P_DERIVED = 0.7
# Share of simple questions that ask for the entity one relation leads to ("who is the head coach of x?").
# 0.3 -> 0.45 (q37): "director", "head coach", "parent company" read as multi-hop's words (type from text)
P_RELATION = 0.45
# Share of multi-hop questions that walk two or three relation steps of the KG's graph (where it has walks
# from a target of the slot's popularity bucket: finance and open); the rest take one step and an attribute.
P_CHAIN = 0.75
# Share of set questions that say the count ("who are the five members of x?"), a premise (premise.py).
# None (generator 28): a user asking for a band's members does not know how many there are; the audit's set
# sizes line read 6 of w_g27c's 16 true questions stating a set's size here (bar 0). A false premise says
# no count either (it is drafted as a true question: falsepremise.on_true_frames).
P_COUNTED = 0.0
COUNTABLE = ("mu.members",)
# List kinds whose items can be asked with "who" (kinds.json `pool`).
PEOPLE = ("person", "fund")
NUMERIC = ("money", "bigmoney", "decimal", "number", "year", "date")
SCALAR = (
    "money",
    "bigmoney",
    "decimal",
    "number",
    "year",
    "date",
    "person",
    "place",
    "title",
    "team",
    "score",
)


def _qualify(kind: Kind, a: Ask, subject: Subject, text: str) -> str:
    if kind.dynamism == "static":
        return ""
    drawn = a.rng.random() < 0.25
    if not drawn and not (a.bending and outoftime.has_start(a, subject, text)):
        return ""
    said = a.frame(question_frames.NOW)
    # a false premise asks the value of a year, which it moves before the subject's start (outoftime.py)
    if not a.bending or said in outoftime.YEARLY:
        return said
    return a.rng.choice(outoftime.FALLBACK[a.split]) if a.split in outoftime.FALLBACK else " this year"


def _ask_value(a: Ask, fact: Fact, phrase: str) -> str:
    kind = KINDS[fact.kind]
    frames = frame_use.attribute_frames(kind)
    # a past moment's value in the past tense, with no "right now" after it; not where a false premise may
    # bend the question's time (its qualifier says the premise: `_qualify`)
    past = kind.key in frame_use.PAST_KINDS and a.rng.random() < frame_use.P_PAST
    past = past and not (a.bending and outoftime.has_start(a, fact.subject, ""))
    frames = count_frames.PAST if past else frames
    premised = any(p.plain and p.said in phrase for p in a.premises)
    frames = frame_use.for_phrase(frames, phrase, premised)
    text = a.frame(frames).format(s=phrase, l=asked_label(kind), e=kind.event, c=kind.label)
    qualifier = "" if past else _qualify(kind, a, fact.subject, text)
    qualifier = frame_use.tense_fit(text, qualifier)
    if not qualifier:
        return text
    query = text.rstrip("?") + qualifier + "?"
    outoftime.qualifier_premise(a, fact.subject, query, qualifier)  # "in 2024": a premise of what is asked
    return query


def simple(a: Ask) -> Draft | None:
    """One attribute of one subject, or the entity one relation leads to."""
    if a.rng.random() < P_RELATION:
        step = _one_step(a)
        if step is not None:
            return step
    fact = one_fact(a, SCALAR)
    if fact is None:
        return None
    facts, refs = [fact], [fact.value]
    made = derived.derive(fact, a.rng, a.split) if a.rng.random() < P_DERIVED else None
    if made is not None:  # a converted value or a weekday: stated by no page as such
        frame, short, alts, sentences = made
        query = frame.format(s=refer_to(a, fact.subject, facts, refs), e=KINDS[fact.kind].event)
        answer, alts = answers.finish(short, alts, sentences, a.rng)
        return Draft(query, answer, alts, facts[::-1], [fact.value], None, [fact.subject], refs)
    query = _ask_value(a, fact, refer_to(a, fact.subject, facts, refs))
    answer, alts = answers.finish(
        fact.value, list(fact.alts), answers.attribute(KINDS[fact.kind], fact.subject.name, fact.value), a.rng
    )
    return Draft(query, answer, alts, facts[::-1], [fact.value], _wrong(fact), [fact.subject], refs)


def _one_step(a: Ask) -> Draft | None:
    """'who is the head coach of x?': the entity one relation leads to, in the words multi-hop questions walk
    ("parent company", "head coach", "director of": issue 31, they marked multi-hop in the question text)."""
    starts = [k for k in a.src.kinds(a.cell.domain) if k.subject != "person"] or a.src.kinds(a.cell.domain)
    start = a.src.subject(a.cell.domain, a.rng.choice(starts).subject, a.rng) if starts else None
    hop = start and a.src.related(start, a.rng)
    if not start or not hop:
        return None
    relation, target = hop
    link = Fact(start, f"rel:{relation}", target.name, source=a.src.name)
    ref = a.name(start, [link])
    phrase = a.frame(question_frames.RELATION).format(r=relation, s=ref)
    person = target.kind == "person"
    who = question_frames.CHAIN_WHO if person else question_frames.CHAIN_WHAT
    short, alts = values.person(target.name) if person else values.name(target.name)
    said = [
        f"{target.name} is the {relation} of {start.name}",
        f"the {relation} of {start.name} is {target.name}",
    ]
    answer, alts = answers.finish(short, alts, said, a.rng)
    refs = [ref, start.name, target.name]
    return Draft(
        a.frame(who).format(p=phrase), answer, alts, [link], [target.name], None, [start, target], refs
    )


def with_condition(a: Ask) -> Draft | None:
    """A value narrowed by a date (dynamic facts) or a disambiguating description (static ones)."""
    fact = one_fact(a, SCALAR)
    if fact is None:
        return None
    kind, facts, refs = KINDS[fact.kind], [fact], [fact.value]
    static = kind.dynamism == "static"  # the descriptor qualifies the name: no premise besides it
    said = len(a.premises)
    # a static fact's condition is one of the subject's other facts, said as any question says it ("the
    # wolves, founded in 1962"): it picks one namesake out, and a bare "(the professional team)" separated
    # none and marked the type (issue 31: type read from the text 0.76, real CRAG 0.61)
    ref = a.name(fact.subject, facts) if static else refer_to(a, fact.subject, facts, refs)
    for _ in range(2):  # two more draws before a kind tag ("lose down, the single": 16 of 78 on the tiny KG)
        if static and len(a.premises) == said:
            ref = a.name(fact.subject, facts)
    if static and len(a.premises) > said:
        refs.append(ref)
        query = _ask_value(a, fact, ref)
        sentences = answers.attribute(kind, fact.subject.name, fact.value)
    elif static:
        ref = refer.name_ref(fact.subject, a.rng)
        refs.append(ref)
        described = fact.subject.descriptor or refer.kind_descriptor(fact.subject.kind)
        bare = ref[4:] if ref.lower().startswith("the ") else ref  # "the professional team wolves"
        refs.append(bare)
        phrase = a.rng.choice((f"{ref}, {described},", f"{ref} ({described})", f"{described} {bare}"))
        query = _ask_value(a, fact, phrase)
        if f"{phrase}'" in query:  # before a possessive only "the professional team wolves's venue" reads
            query = query.replace(phrase, f"{described} {bare}")
        sentences = answers.attribute(kind, fact.subject.name, fact.value)
    else:
        day = dt.date.fromisoformat(fact.as_of)
        when, bare = values.spoken_date(day, a.day, a.rng), values.bare_date(day, a.day, a.rng)
        frames: tuple[str, ...] = question_frames.CONDITION
        if kind.key in frame_use.OWN_WORDS_ONLY:
            frames = count_frames.LAST_POINTS_ON
        elif kind.label in question_frames.TALLIED:  # "how many wins did x have on march 2?"
            counts = question_frames.CONDITION_COUNT
            frames = counts if kind.label in frame_use.NO_COUNT_NOUN else frames + counts
        query = a.frame(frames).format(l=asked_label(kind), s=ref, d=when, db=bare, c=kind.label)
        outoftime.dated_premise(a, fact.subject, query, when, bare, day)  # the day said: a premise of the ask
        sentences = answers.dated(kind, fact.subject.name, fact.value, values.date(day)[0])
        made = derived.derive(fact, a.rng, a.split) if a.rng.random() < P_DERIVED else None
        if made is not None:  # "how much would 100 shares of x have cost on march 3?"
            frame, short, alts, sentences = made
            query = derived.on_day(frame.format(s=ref, e=kind.event), when)
            a.premises[:] = [p for p in a.premises if p.plain]  # the dated frame's premise, said anew
            outoftime.dated_premise(a, fact.subject, query, when, bare, day)
            answer, alts = answers.finish(short, alts, sentences, a.rng)
            return Draft(query, answer, alts, facts[::-1], [fact.value], None, [fact.subject], refs)
    answer, alts = answers.finish(fact.value, list(fact.alts), sentences, a.rng)
    return Draft(query, answer, alts, facts[::-1], [fact.value], _wrong(fact), [fact.subject], refs)


def comparison(a: Ask) -> Draft | None:
    """Which of two subjects has the higher (or lower) value, which came first, or the yes/no form."""
    pair = two_facts(a, NUMERIC)
    if pair is None:
        return None
    f1, f2 = pair
    kind = KINDS[f1.kind]
    r1, r2, refs = pair_refs(a, f1, f2)
    n1, n2 = f1.number, f2.number
    assert n1 is not None and n2 is not None
    name1, name2 = f1.subject.name, f2.subject.name
    if kind.vtype in ("date", "year"):
        first = a.rng.random() < 0.7
        frames = frame_use.who_of_people(question_frames.EARLIER if first else question_frames.LATER, kind)
        query = a.frame(frames).format(e=kind.event, a=r1, b=r2)
        w, lo = (name1, name2) if (n1 < n2) == first else (name2, name1)
        short, alts = values.name(w)
        answer, alts = answers.finish(short, alts, answers.earlier(kind.event, w, lo, first), a.rng)
        return Draft(
            query, answer, alts, [f1, f2], [f1.value, f2.value], lo.lower(), [f1.subject, f2.subject], refs
        )
    higher = a.rng.random() < 0.7
    adj = a.rng.choice(("higher", "bigger", "larger", "greater") if higher else ("lower", "smaller"))
    # a count compared as people say it ("which has more championships?"), not as a noun ("title count")
    counted = kind.label in COUNTED_LABELS
    yes_no, either = (
        (count_frames.COMPARE_COUNT_YES_NO, count_frames.COMPARE_COUNT)
        if counted
        else (question_frames.COMPARE_YES_NO, question_frames.COMPARE)
    )
    adj = ("more" if higher else "fewer") if counted else adj
    if a.rng.random() < 0.3:
        query = a.frame(yes_no).format(l=asked_label(kind), c=kind.label, a=r1, b=r2, adj=adj)
        yes = (n1 > n2) == higher
        answer = "yes" if yes else "no"
        return Draft(
            query,
            answer,
            [],
            [f1, f2],
            [f1.value, f2.value],
            "no" if yes else "yes",
            [f1.subject, f2.subject],
            refs,
        )
    query = a.frame(either).format(l=asked_label(kind), c=kind.label, a=r1, b=r2, adj=adj)
    w, lo = (name1, name2) if (n1 > n2) == higher else (name2, name1)
    short, alts = values.name(w)
    answer, alts = answers.finish(short, alts, answers.comparison(kind.label, w, lo, higher), a.rng)
    return Draft(
        query, answer, alts, [f1, f2], [f1.value, f2.value], lo.lower(), [f1.subject, f2.subject], refs
    )


def aggregation(a: Ask) -> Draft | None:
    """How many items a list fact holds, else the total of two numbers."""
    fact = one_fact(a, ("list",))
    if fact is not None and fact.items:
        kind, facts, refs = KINDS[fact.kind], [fact], [*fact.items]
        ref = refer_to(a, fact.subject, facts, refs)
        query = a.frame(question_frames.COUNT).format(i=kind.item, s=ref)
        short, alts = values.number(len(fact.items))
        sentences = answers.count(kind.item, fact.subject.name, short)
        answer, alts = answers.finish(short, alts, sentences, a.rng)
        wrong = str(len(fact.items) + 1)
        return Draft(query, answer, alts, facts[::-1], list(fact.items), wrong, [fact.subject], refs)
    pair = two_facts(a, ("number",))
    if pair is None:
        return None
    f1, f2 = pair
    assert f1.number is not None and f2.number is not None
    label = KINDS[f1.kind].label
    r1, r2, refs = pair_refs(a, f1, f2)
    short, alts = values.number(int(f1.number + f2.number))
    frames = question_frames.TOTAL_COUNT if label in COUNTED_LABELS else question_frames.TOTAL
    frames = count_frames.LAST_POINTS_BOTH if f1.kind in frame_use.OWN_WORDS_ONLY else frames
    query = a.frame(frames).format(l=asked_label(KINDS[f1.kind]), c=label, a=r1, b=r2)
    answer, alts = answers.finish(
        short, alts, answers.total(label, f1.subject.name, f2.subject.name, short), a.rng
    )
    # "how many wins do A and B have?" is answered per club as often as summed (g20 reader: "A 37, B 31")
    alts = [*alts, *answers.each(f1.subject.name, f1.value, f2.subject.name, f2.value)]
    return Draft(query, answer, alts, [f1, f2], [f1.value, f2.value], None, [f1.subject, f2.subject], refs)


def set_question(a: Ask) -> Draft | None:
    """A question whose answer is a list."""
    fact = one_fact(a, ("list",))
    if fact is None or not fact.items:
        return None
    kind, facts, refs = KINDS[fact.kind], [fact], [*fact.items]
    ref = refer_to(a, fact.subject, facts, refs)
    options: tuple[str, ...] = (kind.ask, *question_frames.LIST)
    # said only of a list a user can know the size of (a band's members), never a cast, captains or a
    # roster ("who are the four cast members of velvet meridian", "the seven players on x": g26 reader)
    counted = a.rng.random() < P_COUNTED and fact.kind in COUNTABLE
    frame = a.frame(_people_only(question_frames.COUNTED_LIST if counted else options, kind))
    query = frame.format(s=ref, i=kind.item, n=_count_words(len(fact.items), a.rng))
    if counted:  # the count said is a premise: one off by some makes the question invalid
        n = len(fact.items) + a.rng.choice((1, 2, 3, -1)) if len(fact.items) > 2 else len(fact.items) + 2
        a.premises.append(
            Premise(query, frame.format(s=ref, i=kind.item, n=_count_words(n, a.rng)), fact, str(n))
        )
    answer, alts = answers.finish(
        fact.value, list(fact.alts), answers.attribute(kind, fact.subject.name, fact.value), a.rng
    )
    return Draft(query, answer, alts, facts[::-1], list(fact.items), None, [fact.subject], refs)


def multi_hop(a: Ask) -> Draft | None:
    """A walk of two or three relation steps when the source's graph offers one (chain.py), else an attribute
    of the entity one relation leads to: 'what is the <attribute> of the <relation> of A?'."""
    if a.rng.random() < P_CHAIN:
        walked = chain.chained(a)
        if walked is not None:
            return walked
    starts = [k for k in a.src.kinds(a.cell.domain) if k.subject != "person"] or a.src.kinds(a.cell.domain)
    if not starts:
        return None
    start = a.src.subject(a.cell.domain, a.rng.choice(starts).subject, a.rng)
    hop = start and a.src.related(start, a.rng)
    if not start or not hop:
        return None
    relation, target = hop
    pool = [
        k
        for k in KINDS.values()
        if k.subject == target.kind
        and k.vtype in SCALAR
        and fits_role(k, relation)
        and fits_subject(k, target.name, target.kind)
    ]
    kind = nearest(pool, a.cell.dynamism, a.rng)
    fact = kind and a.src.fact(target, kind, a.day, a.rng)
    if not kind or not fact:
        return None
    link = Fact(start, f"rel:{relation}", target.name, source=a.src.name)
    refs = [fact.value, target.name]
    ref = a.name(start, [link, fact], aside=False)  # no aside inside a relation phrase
    refs.append(ref)
    phrase = a.frame(question_frames.RELATION).format(r=relation, s=ref)
    made = derived.derive(fact, a.rng, a.split) if a.rng.random() < P_DERIVED else None
    if made is not None and "{s}'s" in made[0]:  # "the parent company of x's annual dividend" (reader32)
        made = None
    if made is not None:  # "what day of the week was the director of x born?"
        frame, short, alts, said = made
        query = frame.format(s=phrase, e=kind.event)
        # "x is the director of y, and x was born in the 1980s", not "whose birth date is the 1980s"
        sentences = [f"the {relation} of {start.name} is {target.name}, and {said[0]}", *said]
        answer, alts = answers.finish(short, alts, sentences, a.rng)
    else:
        query = _ask_value(a, fact, phrase)
        sentences = answers.hop(relation, start.name, target.name, kind, fact.value)
        answer, alts = answers.finish(fact.value, list(fact.alts), sentences, a.rng)
    key = [target.name, fact.value]
    return Draft(query, answer, alts, [link, fact], key, _wrong(fact), [start, target], refs)


def _people_only(frames: tuple[str, ...], kind: Kind) -> tuple[str, ...]:
    """Frames that ask "who" only for items that are people or funds: "who are the 4 languages of x?" (g17
    reader: unnatural)."""
    if kind.pool in PEOPLE:
        return frames
    return tuple(f for f in frames if not f.startswith("who")) or frames


def _count_words(n: int, rng: random.Random) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return words[n] if n < len(words) and rng.random() < 0.5 else str(n)


def _wrong(fact: Fact) -> str | None:
    return fact.stale[0].lower() if fact.stale else None


Composer = Callable[[Ask], Draft | None]

COMPOSERS: dict[str, Composer] = {
    "simple": simple,
    "simple_w_condition": with_condition,
    "comparison": comparison,
    "aggregation": aggregation,
    "set": set_question,
    "multi-hop": multi_hop,
    "post-processing": post_processing,
}
