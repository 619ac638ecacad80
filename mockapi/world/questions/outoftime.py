"""Premises in what is asked: a dated question whose day its subject had not reached ("what was the closing
price of x on march 3, 1985?" of a company founded in 1990, "how many wins did y have on 12/8/1931?" of a club
founded in 1934).

Real CRAG puts a false premise in what is asked ("how many times has rory mcilroy won the masters?", "the
price of apple stock when they split the stock for the 10th time"), not in an aside about a name; the reader
of generator 29 found 8 of 8 false premises carried by an aside ("jones therapeutics, whose ceo is jennifer
garcia"). A dated question says its day as part of what it asks: moved before the subject's start, the value
asked for never existed. The premise is the frame's (`plain` empty), so a true question keeps its text, and
the fact behind it (the start) is one the subject's pages state.
"""

from __future__ import annotations

import datetime as dt
import re

from mockapi.world.questions.ask import Ask
from mockapi.world.questions.kinds import KINDS, fits_subject
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.premise import Premise
from mockapi.world.questions.source import year_of
from mockapi.world.real.market_days import is_trading_day

# The fact that dates each subject kind's start; before it, nothing the question asks existed (before a
# debut an artist had a grammy count, zero; before a birth, nothing).
START: dict[str, tuple[str, ...]] = {
    "company": ("fin.founded",),
    "team": ("sp.founded",),
    "movie": ("mv.release",),
    "song": ("mu.song_date",),
    "artist": ("mu.birth",),
    "person": ("pe.birth",),
    "topic": ("op.founded",),
}
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")
# Years before the start the bent day falls (never the start year itself: "on march 3, 1990" of a club
# founded in 1990 may be after its founding)
BACK = (1, 2, 3, 4, 6, 9, 12)


def before_start(a: Ask, subject: Subject, query: str, said: str, day: dt.date) -> Premise | None:
    """The dated question `query` with its day (`said`, as the query words it) moved before `subject`'s
    start, as a premise of the frame; None when the subject has no start or the day is not said once.
    The start is looked up whether or not the draft is bent, so a true and a false draft of one seed read
    the same randomness."""
    fact, year = _start(a, subject)
    back = a.rng.choice(BACK)
    # a question that already says a year ("x, founded in 1969, ... on 7 march 1957") would contradict
    # itself: the falsity would be read from the text alone
    if fact is None or year is None or not said or query.count(said) != 1 or _dated(query.replace(said, "")):
        return None
    old = day.replace(year=year - back, day=min(day.day, 28))  # the asked day's month: not the query's
    # a company's day is a session's: its one falsity is the date before the start ("the trading volume of
    # wml on 03/04/1961", a Saturday, gave a closed exchange as a second premise: the audit's closed days on
    # the 20,000 train world, g38). Stepped back, with no draw: the true draft reads the same randomness
    while subject.kind == "company" and not is_trading_day(old):
        old -= dt.timedelta(days=1)
    style = a.rng.randrange(4)
    text = (
        f"{old:%B} {old.day}, {old.year}",
        f"{old.day} {old:%B} {old.year}",
        f"{old:%m}/{old:%d}/{old.year}",
        f"{old:%B} {old.year}",
    )[style].lower()
    # "{d}" frames take an adverbial ("on march 3, 1985", "in march 1985"), "{db}" ones a bare day ("as of
    # yesterday": both words alike, told apart by the frame's preposition)
    if not query[: query.find(said)].endswith(("as of ", "for ")):
        text = f"in {text}" if style == 3 else f"on {text}"
    return Premise(query, query.replace(said, text, 1), fact, str(year - back))


def dated_premise(a: Ask, subject: Subject, query: str, when: str, bare: str, day: dt.date) -> None:
    """Record `before_start`'s premise for a query dated `day`, said as `when` ({d}) or `bare` ({db})."""
    said = when if when in query else bare if bare in query else ""
    made = before_start(a, subject, query, said, day)
    if made is not None:
        a.premises.append(made)


def _dated(query: str) -> bool:
    """Whether `query` already says a year (a name premise "founded in 1969", a description "the artist born
    august 31, 1955"): a day before the start said beside it contradicts the question's own words."""
    return bool(_YEAR.search(query))


# Qualifiers of a value asked "now" (question_frames.NOW) that a year before the start can replace
YEARLY = {
    " in 2024": " in {y}", " as of 2024": " as of {y}", " this year": " in {y}",
    # the train split's rewordings of them (`train_voice`): a bending train draft fell back to the core's
    # " this year" (16 of 2,381 false premises at 20,000, train34's proposal 2). Bent to " in {y}" as the
    # core's are: bent to " so far in {y}" and " during {y}" they marked false premises (train 5,000 merged
    # with q35: "so far in" 21 of 595 false premises against 5 of 4,405 true questions, FP text AUC 0.767)
    " during 2024": " in {y}", " so far in 2024": " in {y}", " so far this year": " in {y}",
}  # fmt: skip
# What a bending draft says when its drawn qualifier has no year to move: its split's " this year"
FALLBACK = {"train": (" so far this year",)}


def qualifier_premise(a: Ask, subject: Subject, query: str, qualifier: str) -> None:
    """A value asked "in 2024" or "this year", asked of a year before the subject's start instead."""
    form = YEARLY.get(qualifier)
    if form is None or not query.endswith(qualifier + "?") or _dated(query[: -len(qualifier) - 1]):
        return
    fact, year = _start(a, subject)
    if fact is None or year is None:
        return
    old = year - a.rng.choice(BACK)
    bent = query[: -len(qualifier) - 1] + form.format(y=old) + "?"
    a.premises.append(Premise(query, bent, fact, str(old)))


def has_start(a: Ask, subject: Subject, text: str) -> bool:
    """Whether `subject` has a start a year can fall before, one that `text` does not say already (read in
    a false premise's drafts only)."""
    return _start(a, subject)[1] is not None and not _dated(text)


def _start(a: Ask, subject: Subject) -> tuple[Fact | None, int | None]:
    """`subject`'s start (the first of its kind's `START` facts it has) and its year; (None, None) without
    one, and then no draw is made."""
    keys = [k for k in START.get(subject.kind, ()) if fits_subject(KINDS[k], subject.name, subject.kind)]
    fact = a.src.fact(subject, KINDS[keys[0]], a.day, a.rng) if keys else None
    return fact, year_of(fact) if fact is not None else None
