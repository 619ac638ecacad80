"""False-premise questions: they presuppose a wrong version of a real fact of the world; the answer is
"invalid question".

Each premise bends one true fact of a subject (a wrong year, a wrong person in a role, a wrong winner, a wrong
count, a person in a film or band they are not part of) and is asked in the same frames and voice as the other
questions, so no single word or feature gives it away. The true facts go to Question.context: pages about the
subject state them (which is how a reader can tell the premise is false).
"""

from __future__ import annotations

from mockapi.world.questions import frames, invent, refer
from mockapi.world.questions.ask import Ask, Draft, nearest
from mockapi.world.questions.compose import two_facts
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact

INVALID = "invalid question"

WRONG_YEAR = (
    *frames.YEARS_AGO_SAID,
    "what month in {y} {s} {e}?",
    "when in {y} {s} {e}?",
    "what day in {y} {s} {e}?",
)
WRONG_PERSON = (
    "when did {w} become the {l} of {s}?",
    "how long has {w} been the {l} of {s}?",
    "what was {w}'s job before becoming {s}'s {l}?",
    "since when is {w} the {l} of {s}?",
    "since what year has {w} served as {l} of {s}?",
)
WRONG_COUNT = (*frames.COUNTED_LIST, "which {n} {i} does {s} have?")
WRONG_RESULT = frames.MARGIN
NOT_IN = (
    "what role did {p} play in {s}?",
    "which character does {p} play in {s}?",
    "what instrument does {p} play in {s}?",
    "since when is {p} in {s}?",
    "how long was {p} part of {s}?",
)


def false_premise(a: Ask) -> Draft | None:
    """A false-premise draft built on one of the world's facts, or None if no premise fits this slot."""
    forms = [_wrong_year, _wrong_person, _wrong_count, _wrong_result, _not_in]
    a.rng.shuffle(forms)
    # a wrong order fits every domain: first only as often as any other form, else the fallback
    forms.insert(0 if a.rng.random() < 1 / 6 else len(forms), _wrong_order)
    for form in forms:
        draft = form(a)
        if draft is not None:
            return draft
    return None


def _fact(a: Ask, vtypes: tuple[str, ...], keys: tuple[str, ...] = ()) -> Fact | None:
    pool = [k for k in a.src.kinds(a.cell.domain) if k.vtype in vtypes and (not keys or k.key in keys)]
    kind = nearest(pool, a.cell.dynamism, a.rng)
    if kind is None:
        return None
    subject = a.src.subject(a.cell.domain, kind.subject, a.rng)
    return a.src.fact(subject, kind, a.day, a.rng) if subject else None


def _draft(query: str, ref: str, true: list[Fact], wrong: str) -> Draft:
    subjects = list(dict.fromkeys(f.subject for f in true))
    return Draft(query, INVALID, [], [], [], wrong.lower(), subjects, [ref, wrong], context=true)


def _wrong_year(a: Ask) -> Draft | None:
    fact = _fact(a, ("date", "year"))
    if fact is None or fact.number is None or not KINDS[fact.kind].event:
        return None
    kind = KINDS[fact.kind]
    true_year = int(fact.number) if kind.vtype == "year" else int(fact.value[-4:])
    year = true_year + a.rng.choice((-7, -4, -3, -2, -1, 1, 2, 3, 5, 9))
    if year >= a.day.year:
        year = true_year - a.rng.randint(2, 9)
    ref = refer.name_ref(fact.subject, a.rng)
    query = a.frame(WRONG_YEAR).format(s=ref, e=kind.event, y=year)
    return _draft(query, ref, [fact], str(year))


def _wrong_person(a: Ask) -> Draft | None:
    fact = _fact(a, ("person",))
    if fact is None:
        return None
    kind = KINDS[fact.kind]
    other = invent.subject_name("person", a.rng)
    ref = refer.name_ref(fact.subject, a.rng)
    query = a.frame(WRONG_PERSON).format(w=other, l=kind.label, s=ref)
    return _draft(query, ref, [fact], other)


def _wrong_order(a: Ask) -> Draft | None:
    """'how much higher is A's x than B's?' when A's is lower: the frames of real difference questions."""
    pair = two_facts(a, ("money", "bigmoney", "decimal", "number"))
    if pair is None:
        return None
    low, high = sorted(pair, key=lambda f: f.number or 0.0)
    kind = KINDS[low.kind]
    r1, r2 = refer.name_ref(low.subject, a.rng), refer.name_ref(high.subject, a.rng)
    options = (
        frames.DIFFERENCE[1],
        frames.DIFFERENCE[2],
        "why is {a}'s {l} higher than {b}'s?",
        "what makes {a}'s {l} higher than {b}'s?",
        "{a}'s {l} is higher than {b}'s by what amount?",
        "what explains {a} having a higher {l} than {b}?",
    )
    query = a.rng.choice(options).format(a=r1, b=r2, l=kind.label)
    draft = _draft(query, r1, [low, high], high.subject.name)
    draft.refs.append(r2)
    return draft


def _wrong_count(a: Ask) -> Draft | None:
    fact = _fact(a, ("list",))
    if fact is None or not fact.items:
        return None
    kind = KINDS[fact.kind]
    n = len(fact.items) + a.rng.choice((1, 2, 3))
    ref = refer.name_ref(fact.subject, a.rng)
    number = a.rng.choice((str(n), _words(n)))
    query = a.frame(WRONG_COUNT).format(n=number, i=kind.item, s=ref)
    return _draft(query, ref, [fact], str(n))


def _wrong_result(a: Ask) -> Draft | None:
    fact = _fact(a, ("score",))
    if fact is None or "-" not in fact.value:
        return None
    own, other = (int(x) for x in fact.value.split("-")[:2])
    if own == other:
        return None
    result = "win" if own < other else "lose"  # the opposite of what happened
    ref = refer.name_ref(fact.subject, a.rng)
    query = a.frame(WRONG_RESULT).format(s=ref, r=result, rp=_PAST[result], rn=_NOUN[result])
    return _draft(query, ref, [fact], result)


_PAST = {"win": "won", "lose": "lost"}
_NOUN = {"win": "win", "lose": "loss"}


def _not_in(a: Ask) -> Draft | None:
    """A person asked about as part of a film's cast or a band they are not in."""
    fact = _fact(a, ("list",), ("mv.cast", "mu.members"))
    if fact is None or not fact.items:
        return None
    person = invent.subject_name("person", a.rng)
    ref = refer.name_ref(fact.subject, a.rng)
    options = NOT_IN[:2] if fact.kind == "mv.cast" else NOT_IN[2:]
    query = a.rng.choice(options).format(p=person, s=ref)
    return _draft(query, ref, [fact], person)


def _words(n: int) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return words[n] if n < len(words) else str(n)
