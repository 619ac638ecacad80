"""Post-processing questions (CRAG's arithmetic type): years elapsed or an age, a game's margin, a stock's
percent change, or the difference of two values; split from composers.py, which keeps the other types."""

from __future__ import annotations

import datetime as dt

from mockapi.world.questions import answers, count_frames, derived, frame_use, question_frames, values
from mockapi.world.questions.ask import Ask, Draft, one_fact, pair_refs, refer_to, two_facts
from mockapi.world.questions.kinds import KINDS, asked_label
from mockapi.world.questions.model import Fact
from mockapi.world.questions.premise import Premise
from mockapi.world.real.lives import OLDEST_LIVING

# Share of elapsed-years questions that say the year (YEARS_AGO_SAID): none (see `_elapsed`)
P_SAID_YEAR = 0.0


def post_processing(a: Ask) -> Draft | None:
    """Arithmetic: years elapsed or an age, a game's margin, or the difference of two values."""
    if a.cell.domain == "sports" and a.rng.random() < 0.4:
        margin = _margin(a)
        if margin is not None:
            return margin
    if a.cell.domain == "finance" and a.rng.random() < 0.6:
        change = _change(a)
        if change is not None:
            return change
    fact = one_fact(a, ("date", "year"))
    if fact is not None and fact.number is not None:
        return _elapsed(a, fact)
    pair = two_facts(a, ("money", "decimal", "number"))
    if pair is None:
        return None
    f1, f2 = sorted(pair, key=lambda f: -(f.number or 0))
    assert f1.number is not None and f2.number is not None
    kind = KINDS[f1.kind]
    diff = f1.number - f2.number
    short, alts = (
        values.money(diff) if kind.vtype == "money" else (f"{diff:,.2f}".rstrip("0").rstrip("."), [])
    )
    r1, r2, refs = pair_refs(a, f1, f2)
    stiff = kind.label in frame_use.NO_COUNT_NOUN  # "how much higher is x's oscar count than y's?"
    frame = a.frame(count_frames.DIFFERENCE_COUNT if stiff else question_frames.DIFFERENCE)
    query = frame.format(l=asked_label(kind), a=r1, b=r2, c=kind.label)
    if frame in question_frames.ORDERED:  # "how much higher is a's x than b's": the order is a premise
        a.premises.append(Premise(query, frame.format(l=asked_label(kind), a=r2, b=r1), f2, f2.subject.name))
    sentences = answers.difference(kind.label, f1.subject.name, f2.subject.name, short)
    answer, alts = answers.finish(short, alts, sentences, a.rng)
    return Draft(query, answer, alts, [f1, f2], [f1.value, f2.value], None, [f1.subject, f2.subject], refs)


def _elapsed(a: Ask, fact: Fact) -> Draft:
    kind, facts, refs = KINDS[fact.kind], [fact], [fact.value]
    assert fact.number is not None
    ref = refer_to(a, fact.subject, facts, refs)
    if kind.vtype == "date":
        then = dt.date.fromordinal(int(fact.number))
        years = a.day.year - then.year - ((a.day.month, a.day.day) < (then.month, then.day))
    else:
        years = a.day.year - int(fact.number)
    year = dt.date.fromordinal(int(fact.number)).year if kind.vtype == "date" else int(fact.number)
    # an age is asked of the living only, as real CRAG asks it: a KG death or a birth before OLDEST_LIVING
    # asks how long ago the birth was (g25's default world asked "how old is" of people dead since 1987)
    aging = kind.key in ("mu.birth", "pe.birth") and a.rng.random() < 0.5 and alive(fact, year)
    # the year is never said: "years since x was established in 1993" states its own input (g29 reader: 13 of
    # 50 post-processing questions); the draw stays, so the rest of the question keeps its randomness
    said = not aging and a.rng.random() < P_SAID_YEAR
    options = (
        question_frames.AGE
        if aging
        else question_frames.YEARS_AGO_SAID
        if said
        else question_frames.YEARS_AGO
    )
    frame = a.frame(options)
    query = frame.format(s=ref, e=kind.event, y=year)
    if said:  # the year said is a premise: a wrong one makes the question invalid
        wrong_year = year + a.rng.choice((-7, -4, -3, -2, -1, 1, 2, 3, 5))
        wrong_year = wrong_year if wrong_year < a.day.year else year - a.rng.randint(2, 9)
        bent = frame.format(s=ref, e=kind.event, y=wrong_year)
        a.premises.append(Premise(query, bent, fact, str(wrong_year)))
    short, alts = values.number(years)
    sentences = (
        [f"{fact.subject.name} is {short} years old", f"{fact.subject.name} is {short}"]
        if aging
        else answers.years_ago(fact.subject.name, kind.event, short)
    )
    answer, alts = answers.finish(short, alts, sentences, a.rng)
    return Draft(query, answer, alts, facts[::-1], [fact.value], str(years + 1), [fact.subject], refs)


def alive(birth: Fact, year: int) -> bool:
    """Whether the person born `year` (`birth`) may be asked his age: no KG death, born OLDEST_LIVING or
    later."""
    return not birth.died and year >= OLDEST_LIVING


def _margin(a: Ask) -> Draft | None:
    """'by how many points did X win their last game?' from the last score."""
    fact = one_fact(a, ("score",))
    if fact is None or "-" not in fact.value:
        return None
    own, other = (int(x) for x in fact.value.split("-")[:2])
    if own == other:
        return None
    facts, refs = [fact], [fact.value]
    ref = refer_to(a, fact.subject, facts, refs)
    frame, won = a.frame(question_frames.MARGIN), own > other
    query, bent = (frame.format(s=ref, **_RESULT[w]) for w in (won, not won))
    a.premises.append(Premise(query, bent, fact, _RESULT[not won]["r"]))  # a loss said as a win
    short, alts = values.number(abs(own - other))
    verb = "won" if own > other else "lost"
    sentences = [f"{fact.subject.name} {verb} their last game by {short} points, {fact.value}"]
    answer, alts = answers.finish(short, alts, sentences, a.rng)
    return Draft(query, answer, alts, facts[::-1], [fact.value], None, [fact.subject], refs)


_RESULT = {True: {"r": "win", "rp": "won", "rn": "win"}, False: {"r": "lose", "rp": "lost", "rn": "loss"}}


def _change(a: Ask) -> Draft | None:
    """The percent change of a stock from its previous close (two facts, one computed answer)."""
    subject = a.src.subject(a.cell.domain, "company", a.rng)
    now = subject and a.src.fact(subject, KINDS["fin.price"], a.day, a.rng)
    before = subject and a.src.fact(subject, KINDS["fin.close"], a.day, a.rng)
    if not subject or not now or not before or now.as_of <= before.as_of:
        # before the day's session (or with no minute price in it) the last close is the price: no move yet
        return None
    change = derived.percent_change(now, before)
    if not change:
        return None
    short, alts, direction = change
    facts, refs = [before, now], [now.value, before.value]
    query = a.frame(derived.CHANGE).format(s=refer_to(a, subject, facts, refs))
    # the sentence keeps the short value as written ("-3.2%"): a judge matches it against the alternatives
    sentences = [
        f"{subject.name} is {direction} {short.lstrip('+-')} from its previous close of {before.value}, a "
        f"change of {short}"
    ]
    answer, alts = answers.finish(short, alts, sentences, a.rng)
    return Draft(query, answer, alts, facts, [now.value, before.value], None, [subject], refs)
