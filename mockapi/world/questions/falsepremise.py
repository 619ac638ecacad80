"""False-premise questions: a true question of another type with one of its premises bent; the answer is
"invalid question".

The slot draws the type of question it imitates with CRAG's type mix of its domain, and the composer of that
type drafts it with a premise on every subject it names (premise.py: "the 2010 film x", "x by y", "the five
members of x", "by how many points did x win..."). One premise is then bent: a wrong year, a wrong holder, a
member who is not one, a count off by some, a loss said as a win, the lower value said to be the higher. The
frames, openers and names are those of true questions (true questions carry premises too), so no word of
the question gives it away. The true fact goes to Question.context: pages about the subject state it, which
is how a reader can tell the premise is false.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mockapi.world.questions import outoftime, trailing
from mockapi.world.questions.ask import Ask, Draft
from mockapi.world.questions.mix import DOMAINS, TYPE_COUNTS
from mockapi.world.questions.model import Fact
from mockapi.world.questions.premise import Premise

INVALID = "invalid question"
# A false premise is a drawn true question that happens to say a premise (rejection, not forcing premises
# onto every subject): premises are then as frequent per question as in true questions that have one.
FORCE = False
# Drafts on a true draw's frames before the slot draws afresh (`on_true_frames`)
PINNED_TRIES = 12

# A draft whose one premise is a name's aside (trailing.py: "..., the one founded in 1937?") is drafted again
# this often, so false premises bend what is asked (a day, a margin) or a name as people write it ("the 1977
# film x") where their drafts can: moved to the question's end, the asides read as one phrase, "the one",
# and marked false premises (text AUC, question seeds 0-6 of the default KG: mean 0.703 before the move,
# 0.734 after it, 0.716 at 0.5, 0.699 at 0.8)
# Said before its name instead ("the x founded in 1937", where the name does not end the question: q35),
# an aside is drafted again alike: redrawing only the trailing ones left the others on false premises
# (text AUC, dev question seeds 0-2: 0.745 / 0.722 / 0.779 -> 0.701 / 0.715 / 0.727)
# Identifiers only for a same-name look-alike, and no afterthought after a date or "now" (q36, reader36):
# fewer true questions carry one, so false premises redraw theirs more (text AUC, dev seeds 0-2: 0.721 /
# 0.684 / 0.757 at 0.8 before the makers' possessives said their kind; 0.698 / 0.706 / 0.718 at 0.9, which
# put 4 of 143 false premises on frames that always say a premise, test_question_language; 0.684 / 0.725 /
# 0.730 at 0.85)
P_AGAIN_FOR_ASIDE = 0.85

Composer = Callable[[Ask], Draft | None]


def imitated_type(a: Ask) -> str:
    """The type of true question a false premise of this slot reads as: CRAG's mix of its domain."""
    d = DOMAINS.index(a.cell.domain)
    types = [t for t in TYPE_COUNTS if t != "false_premise"]
    return a.rng.choices(types, weights=[TYPE_COUNTS[t][d] for t in types])[0]


def bending(a: Ask, question_type: str) -> Ask:
    """The slot as the imitated type, with a premise on every subject it names."""
    cell = replace(a.cell, question_type=question_type)
    return replace(a, cell=cell, force_premise=FORCE, premises=[], frames=[], pinned=(), bending=True)


def on_true_frames(a: Ask, compose: Composer, tries: int = PINNED_TRIES) -> Draft | None:
    """A false premise on the frames a true question of the imitated type draws: `compose` drafts once as
    a true question would (`a`, a bending Ask); when that draft says no premise to bend, it is drafted again
    on the same frames (other subjects, facts, names) until one does, at most `tries` times.

    Drawing drafts until one says a premise (generator 27) took each frame as often as it carries one: a
    frame that always says a premise ("how much higher is a's x than b's?": the order) was 8 of 8 false
    premises, one that never does none (false premise from the question text, CV AUC 0.66 -> 0.77)."""
    made = false_premise(a, compose)
    if made is not None or not a.frames:
        return made
    frames = tuple(a.frames)
    for _ in range(tries):
        again = replace(a, premises=[], frames=[], pinned=frames)
        made = false_premise(again, compose)
        if made is not None and again.skeleton() == a.skeleton():
            return made
    return None


def false_premise(a: Ask, compose: Composer) -> Draft | None:
    """`compose`'s draft on `a` (a bending Ask) with one premise bent, or None when it says none that fits."""
    draft = compose(a)
    if draft is None:
        return None
    draft.query, usable = trailing.settled(draft.query, draft.facts, a.premises)
    # every draft that says a premise is taken alike, whether a name or the frame says it (a margin, a
    # count): taking frame premises less often left more of the false premises with a name premise
    # ("x, founded in 1998,"), which read as a tell (false premise ROC AUC 0.71-0.75 -> 0.66-0.70)
    if not usable:
        return None
    # the falsity goes in what is asked when the draft says something there (a day before the subject
    # existed, a loss said as a win, an order, a size): real CRAG's false premises sit there, and a name
    # aside carried all of generator 29's ("jones therapeutics, whose ceo is jennifer garcia": 8 of 8 read)
    asked = [p for p in usable if not p.plain]
    p = a.rng.choice(asked or usable)
    if trailing.identifies(p) and a.rng.random() < P_AGAIN_FOR_ASIDE:
        return None
    query = draft.query.replace(p.said, p.bent, 1)
    # a premise said by the whole question (a margin, a count) leaves its words to the voice, as true ones do
    refs = [*draft.refs, *([p.bent] if p.said != draft.query else []), p.wrong]
    # a set's size said wrong: the pages about the set list its members (a premise about one fact: that fact);
    # the name premise it keeps true is stated too, as a true question's is (`generate._plain`): "eric giles'
    # boothshire owls" of a false premise bending its day was on none of its 50 pages (reader63)
    true = context(draft, p)
    true += [u.fact for u in usable if u is not p and u.plain and u.fact not in true]
    return Draft(query, INVALID, [], [], [], p.wrong.lower(), draft.subjects, refs, context=true)


def context(draft: Draft, p: Premise) -> list[Fact]:
    """The true facts a false premise's pages state: a set's members for its size said wrong, what is asked
    for a day before its subject existed, else the fact the premise bends."""
    if p.plain == "" and (_about_set(draft) or p.fact.kind in _STARTS):
        return [f for f in draft.facts if not f.kind.startswith("rel:")] or [p.fact]
    return [p.fact]


# A value asked of a day before its subject existed (`outoftime`): its pages state what the question asks
# about, as its true twin's pages do, not the start it bends; stated on every answer-form page, the start's
# year was the form adversary's (c) tell on g30's default world (a false premise's rank-1 page states a start
# 20 % of the time, a true question's 6 %; earliest year median 1981 against 1999; AUC 0.736 -> 0.758)
_STARTS = frozenset(k for keys in outoftime.START.values() for k in keys)


def _about_set(draft: Draft) -> bool:
    return bool(draft.subjects) and draft.subjects[0].kind == "group"
