"""Premises: facts a question takes for granted and says in passing ("the 2010 film inception", "hey jude by
the beatles", "the five members of x", "by how many points did x win their last game?").

True questions carry premises as people write them. A false premise is the same question with one premise
bent (a wrong year, a wrong holder, a member who is not one, a count off by some, a win that was a loss), so
its wording is the wording of true questions and only reading the pages tells the two apart (CRAG's false
premises read like its other questions: "when did hamburg become the biggest city of germany?").

A composer that says a premise records it on the `Ask` (`Ask.premises`): the phrase as said and the same
phrase bent. falsepremise.py swaps one of them into the finished question.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mockapi.world.questions import invent, refer
from mockapi.world.questions.kinds import KINDS, fits_subject
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.phrasing import telegraphic
from mockapi.world.questions.source import Source

# Share of subject mentions that carry a premise ("the 2010 film inception" rather than "inception"). Real
# questions qualify a name often (a year, an artist, a director): a premise must not mark a false one.
P_PREMISE = 0.95

# How a name is qualified by one of its facts, per (subject kind, fact kind): {n} the name, {v} the value.
# Domains share forms where their facts do ("led by" a ceo, a coach, a mayor; "founded in" a firm, a club, a
# town): a clause that names the domain made it readable from the text (issue 31: 0.977, real CRAG 0.76).
# No form ends in a comma where a possessive may follow (see `fits`).
FORMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("movie", "mv.release"): ("the {v} film {n}", "{n} ({v})", "the {v} movie {n}", "{n} from {v}"),
    ("movie", "mv.director"): ("{v}'s film {n}", "{n} directed by {v}", "the {v} film {n}", "{n} by {v}"),
    ("movie", "mv.cast"): ("{n} with {v}", "{n}, starring {v},", "the {v} movie {n}"),
    ("song", "mu.song_date"): ("the {v} song {n}", "{n} ({v})", "{n}, released in {v},", "{n} from {v}"),
    ("song", "rel:performer"): ("{n} by {v}", "{v}'s single {n}", "the {v} song {n}", "{v}'s song {n}"),
    ("band", "mu.members"): ("{v}'s band {n}", "{n} with {v}", "{n}, the band with {v},"),
    ("artist", "mu.debut"): ("{n}, who debuted in {v},", "{n}, who put out a first album in {v},"),
    ("artist", "mu.birth"): ("{n}, born in {v},", "{n} (born {v})"),
    ("artist", "rel:manager"): ("{n}, managed by {v},",),
    ("company", "fin.founded"): ("{n}, founded in {v},", "{n} (founded {v})"),
    ("company", "fin.ipo_year"): ("{n}, public since {v},", "{n}, which went public in {v},"),
    ("company", "fin.ceo"): ("{n}, whose ceo is {v},", "{v}'s {n}", "{n}, run by {v},", "{n}, led by {v},"),
    ("company", "fin.founders"): ("{n}, founded by {v},",),
    ("team", "sp.founded"): ("{n}, founded in {v},", "{n} (founded {v})"),
    ("team", "sp.coach"): ("{v}'s {n}", "{n}, coached by {v},", "{n}, led by {v},"),
    ("player", "rel:team"): ("{n} of the {v}", "{v} player {n}", "{n} ({v})"),
    ("topic", "op.founded"): ("{n}, founded in {v},", "{n} (founded {v})", "{n}, established in {v},"),
    ("topic", "op.leader"): ("{n}, led by {v},", "{n}, run by {v},", "{v}'s {n}"),
    ("person", "pe.birth"): ("{n}, born in {v},", "{n} (born {v})"),
}
# A director's or a performer's possessive says the kind ("christopher nolan's film inception"): bare, with
# identifiers only for a same-name look-alike (q36) it took the premises they left and read as a person
# owning a name (the audit's mid-sentence asides, dev seed 0: 0.054 against its bar 0.05)
# A chief's possessive on an organisation ("bryan galvan's aldica co.", "gabriel graham's danielburgh titans")
# identifies as an aside does; a director's or a performer's ("nolan's inception") is how people name a work.
# Kept (reader35: 49 texts, "cindy garcia's lewisville rangers"): said as the other asides are, the chiefs
# marked false premises (FP from text, dev seed 0: 0.693 -> 0.793; with every aside redrawn 0.752), since
# the bag of words reads "run by", "the one", never a possessive's names
_CHIEFS = frozenset({"fin.ceo", "sp.coach", "op.leader"})


def is_aside(form: str, key: str) -> bool:
    """Whether a premise form is an identifying aside, said only to tell a name from a look-alike (reader34:
    18 of 40 questions carried one a user would not type, "ruiz, the one founded in 1965"): set off by a
    comma or a bracket, or a chief's possessive. "the {v} film {n}", "{n} by {v}" are how anyone names it."""
    return ", " in form or "(" in form or (key in _CHIEFS and form.startswith("{v}'s"))


# Relations a premise may state (reached through Source.related; other relations lead elsewhere).
_RELATIONS = {"rel:performer", "rel:manager", "rel:team"}


@dataclass(frozen=True)
class Premise:
    """A fact said in passing by a question: the phrase as said, the phrase bent, the fact and the wrong
    value the bent phrase says."""

    said: str
    bent: str
    fact: Fact
    wrong: str
    plain: str = ""  # the phrase without the premise ("inception"), when a true question must drop it
    # whether an aside may move to the question's end ("..., the one founded in 1937?", trailing.py): not
    # in a list or a chain, where "the one" would not say which name it follows
    trails: bool = True


def premised(
    subject: Subject,
    name: str,
    src: Source,
    rng: random.Random,
    day: dt.date,
    asked: Sequence[Fact] = (),
    asides: bool = True,
) -> tuple[str, Premise] | None:
    """`name` qualified by one of the subject's facts (and the bent phrase), or None when none fits; never
    one that says what the question asks (`asked`): another fact of the subject is said instead. Without
    `asides` (nothing to tell the name apart from), only a form people write of any name ("the 2010 film x",
    "x by y"), never an identifying aside (`is_aside`)."""
    keys = [k for (s, k) in FORMS if s == subject.kind]
    rng.shuffle(keys)
    for key in keys:
        fact = _fact_of(src, subject, key, rng, day)
        value = fact and _value(fact, rng)
        wrong = fact and value and _bent(fact, value, rng, day)
        if not fact or not value or not wrong:
            continue
        form = rng.choice(FORMS[(subject.kind, key)])
        if not asides and is_aside(form, key):
            continue
        bare = name[4:] if form.startswith("{v}'s") and name.lower().startswith("the ") else name
        spoken = refer.spoken_person
        said, bent = (
            form.format(n=bare, v=spoken(value).lower()),
            form.format(n=bare, v=spoken(wrong).lower()),
        )
        made = Premise(said, bent, fact, wrong, name)
        if not tells(list(asked), made):
            return said, made
    return None


def _fact_of(src: Source, subject: Subject, key: str, rng: random.Random, day: dt.date) -> Fact | None:
    if key in _RELATIONS:
        hop = src.related(subject, rng)
        if hop is None or f"rel:{hop[0]}" != key:
            return None
        return Fact(subject, key, hop[1].name, source=src.name)
    fits = key in KINDS and fits_subject(KINDS[key], subject.name, subject.kind)
    return src.fact(subject, KINDS[key], day, rng) if fits else None


def _value(fact: Fact, rng: random.Random) -> str | None:
    """The part of the fact the premise says: a year, a holder, one member."""
    if fact.kind.startswith("rel:"):
        return re.sub(r"\s*\([^)]*\)$", "", fact.value)
    kind = KINDS[fact.kind]
    if kind.vtype == "year" and fact.number is not None:
        return str(int(fact.number))
    if kind.vtype == "date" and fact.number is not None:
        return str(dt.date.fromordinal(int(fact.number)).year)
    if kind.vtype == "list":
        return rng.choice(fact.items) if fact.items else None
    # a KG person's page name may carry a disambiguation ("jane doe (politician)"): people drop it
    return re.sub(r"\s*\([^)]*\)$", "", fact.value) if kind.vtype == "person" else None


def _bent(fact: Fact, value: str, rng: random.Random, day: dt.date) -> str | None:
    """A wrong value of the same shape: another year (never ahead of the query), another person. A year is
    off by 4 or more: "the one founded in 1898" of a club founded in 1897, "the 2000 film" of a film released
    in 2001 and shot in 2000, read as slips a fair assistant corrects and answers, not as false premises
    (reader62: 2 of 5 false premises ambiguous)."""
    if value.isdigit():
        year = int(value) + rng.choice((-12, -9, -7, -5, -4, 4, 5, 7, 9, 12))
        return str(year) if year < day.year else str(int(value) - rng.randint(4, 11))
    target = {"rel:performer": "artist", "rel:team": "team"}.get(fact.kind, "person")
    for _ in range(4):
        other = invent.subject_name(target, rng)
        if other.lower() != value.lower() and other.lower() not in (i.lower() for i in fact.items):
            return other
    return None


def fits(query: str, premise: Premise) -> bool:
    """Whether the premise reads well where a frame put it: said once, and before a possessive only when it
    ends in the name and has no possessive of its own ("the 2010 film inception's director")."""
    at = query.find(premise.said)
    if at < 0 or query.count(premise.said) != 1:
        return False
    if query[at + len(premise.said) :].startswith(" shares"):  # "cost of 200 x (ceo y) shares" splits a noun
        return not premise.plain
    if not query[at + len(premise.said) :].startswith("'"):
        return True
    # a year or a person and a kind word before a possessive strand a long subject ("tell me who the 1942
    # film distant voyage's director is", "the christopher mathis movie x's director": reader35, 12 texts of
    # g37): the name is said plainly there
    if re.match(r"the .+ (?:film|movie|song) ", premise.said):
        return False
    return premise.said.endswith(premise.plain) and "'" not in premise.said[: -len(premise.plain) or None]


def settle(query: str, asked: list[Fact], premises: list[Premise]) -> tuple[str, list[Premise]]:
    """The query without the name premises that read badly or say the answer (each back to its plain name),
    and the premises it still says (a premise the frame says is updated to the new query). One name premise
    a question at most, and none in a telegraphic frame ("gibson, run by michelle mendez, market cap, in
    billions of dollars?", "east roberto badgers, founded in 1939, captains?": g26 reader, 8 of 40
    borderline were stacked or telegraphic)."""
    kept: list[Premise] = []
    named = 0
    for p in premises:
        extra = bool(p.plain) and (named >= 1 or telegraphic(query.replace(p.said, p.plain)))
        if p.plain and p.said in query and (extra or not fits(query, p) or tells(asked, p)):
            query = query.replace(p.said, p.plain)
            kept = [unsaid(k, p) for k in kept]
        elif p.said in query or not p.plain:
            kept.append(p)
            named += bool(p.plain) and p.said in query
    return query, [p for p in kept if p.said in query]


def unsaid(frame_premise: Premise, name_premise: Premise) -> Premise:
    """A frame's premise (it says the whole query) with the name premise's phrase back to the plain name."""
    if frame_premise.plain:
        return frame_premise
    said = frame_premise.said.replace(name_premise.said, name_premise.plain)
    bent = frame_premise.bent.replace(name_premise.said, name_premise.plain)
    return Premise(said, bent, frame_premise.fact, frame_premise.wrong)


def tells(asked: list[Fact], premise: Premise) -> bool:
    """Whether a name premise says what the question asks ("when was the 2010 film x released?") or a step
    of its way there ("the parent company of x, founded by y" when y is where the chain leads)."""
    if not premise.plain:
        return False
    said = _about(premise.fact.kind)
    shown = {premise.fact.value.lower(), *(i.lower() for i in premise.fact.items)}
    for f in asked:
        if _about(f.kind) == said and f.subject.name == premise.fact.subject.name:
            return True
        if f.kind.startswith("rel:") and f.value.lower() in shown:
            return True
    return False


def _about(kind: str) -> str:
    """What a fact kind is about, so that 'sp.coach' and 'rel:head coach' are the same thing."""
    return kind[4:] if kind.startswith("rel:") else KINDS[kind].label


def name_or_premise(
    subject: Subject,
    src: Source,
    rng: random.Random,
    day: dt.date,
    force: bool,
    said: list[Premise],
    asked: Sequence[Fact] = (),
    aside: bool = True,
    trails: bool = True,
) -> str:
    """The subject's name (or ticker, alias), qualified by a premise with P_PREMISE (always when `force`);
    a premise said goes to `said`. `aside` False (a name in an "a or b" list or at a chain's start): a premise
    only where a look-alike needs telling apart (`namesake`). `trails` False (a name in a list): its aside
    stays beside it (`Premise.trails`)."""
    ref = refer.name_ref(subject, rng)
    # no "one clause a question" rule (the g20 reader's lever): tried in generator 21, it made the question
    # type easier to read from the text (CV 0.692 / 0.701 -> 0.723 / 0.708 on question seeds 0 / 1, bar 0.70)
    drawn = rng.random() >= P_PREMISE  # drawn either way: a list's names read the same randomness
    plain = drawn or not aside
    apart = namesake(subject)
    if not force and not apart and plain:
        return refer.with_kind_words(ref, subject, rng)
    if not force and subject.ticker and ref.lower() == subject.ticker.lower():
        return (
            ref  # a ticker names one company: nothing to tell apart ("hio, the one that went public in 1990")
        )
    made = premised(subject, ref, src, rng, day, asked, asides=force or apart)
    if made is None:
        return ref
    said.append(made[1] if aside and trails else replace(made[1], trails=False))
    return made[0]


def _tokens(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", name.lower())


def namesake(subject: Subject) -> bool:
    """Whether a look-alike holds the subject's whole name and more ("Ramos Therapeutics II", "FC Nanvallon"):
    the one kind the pages state beside it (`pages.decoys.rivals` leaves out cut and respelt forms, "S.
    Hierro"), so the only one an identifier tells apart in the results (reader36: none of g38's four
    afterthoughts read had a same-name rival in its 50)."""
    own = set(_tokens(subject.name)) - {"the"}
    return bool(own) and any(own < set(_tokens(other)) - {"the"} for other in subject.lookalikes)


def confusable(subject: Subject) -> bool:
    """Whether a look-alike of `subject` reads as the same name ("S. Hierro" for "Stina Hierro", "FC
    Nanvallon" for "Nanvallon", "Bright Lions" for "The Bright Lions"): a question naming it always says
    one of its facts as well, so that the wording separates them (issue 31's read: 5 of 9 ambiguous)."""
    own = _tokens(subject.name)
    for other in subject.lookalikes:
        theirs = _tokens(other)
        shorter, longer = sorted((own, theirs), key=len)
        if shorter and set(shorter) <= set(longer):  # one name inside the other, articles and prefixes aside
            return True
        same_tail = len(own) == len(theirs) and own[-1:] == theirs[-1:] and bool(own[:1]) and bool(theirs[:1])
        if same_tail and own[0][0] == theirs[0][0] and min(len(own[0]), len(theirs[0])) == 1:  # an initial
            return True
    return False
