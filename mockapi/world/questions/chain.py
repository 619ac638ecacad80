"""Multi-hop questions that walk the relation graph: two or three relation steps from a named entity, ending
in the entity reached ("who is the mayor of the birthplace of the founder of x?") or in one of its attributes
("what is the population of the headquarters city of x?").

The walks come from the source (kg_facts.KgSource.chain: networkx over kg_edges, each step naming exactly one
entity); every step becomes a `rel:` fact about the entity it starts from, so each hop is stated on that
entity's own page, and the answer on the page of the last entity (pages.plan).
"""

from __future__ import annotations

from mockapi.world.questions import answers, derived, frame_use, question_frames, values
from mockapi.world.questions.ask import Ask, Draft, nearest
from mockapi.world.questions.kinds import KINDS, Kind, asked_label, fits_role, fits_subject
from mockapi.world.questions.model import Fact, Subject

# Share of chain questions that ask an attribute of the entity reached (when it has one) rather than its name.
P_ATTRIBUTE = 0.5
# Share of those asking a derived form when the attribute has one (a weekday, a decade, other units), as
# compose.P_DERIVED: the answer is then on no page as such.
P_DERIVED = 0.7
_ASKABLE = ("money", "bigmoney", "decimal", "number", "year", "date", "person", "place", "title")


def chained(a: Ask) -> Draft | None:
    """A multi-hop question along a walk of the source's relation graph, or None when it offers none."""
    found = a.src.chain(a.cell.domain, a.rng)
    if found is None:
        return None
    start, hops = found
    ref = a.name(start, aside=False)  # no aside in a chain ("the ceo of the parent company of x, led by y")
    phrase = ref
    for i, (relation, _) in enumerate(hops):
        phrase = a.frame(question_frames.NEXT_STEP if i else question_frames.FIRST_STEP).format(
            r=relation, s=phrase
        )
    links, prev = [], start
    for relation, node in hops:
        links.append(Fact(prev, f"rel:{relation}", node.name, source=a.src.name))
        prev = node
    end = hops[-1][1]
    steps = [(relation, node.name) for relation, node in hops]
    refs = [ref, start.name, *(name for _, name in steps)]
    subjects = [start, *(node for _, node in hops)]
    # an attribute only after two steps: three hops at most, as CRAG's multi-hop questions have
    fact = _attribute(a, end, hops[-1][0]) if len(hops) == 2 and a.rng.random() < P_ATTRIBUTE else None
    if fact is not None:
        kind, keys = KINDS[fact.kind], [end.name, fact.value]
        made = derived.derive(fact, a.rng, a.split) if a.rng.random() < P_DERIVED else None
        if made is not None:  # "what day of the week was the founder of x's mayor born?"
            frame, short, alts, said = made
            answer, alts = answers.finish(short, alts, said, a.rng)
            text = frame.format(s=phrase, e=kind.event)
            return Draft(text, answer, alts, [*links, fact], keys, None, subjects, [*refs, fact.value])
        nesting = tuple(f for f in frame_use.attribute_frames(kind) if "{s}'s" not in f)  # see NEXT_STEP
        text = a.frame(nesting).format(s=phrase, l=asked_label(kind), e=kind.event, c=kind.label)
        sentences = [f"{answers.chain(start.name, steps)}, whose {kind.label} is {fact.value}"]
        sentences += answers.attribute(kind, end.name, fact.value)
        answer, alts = answers.finish(fact.value, list(fact.alts), sentences, a.rng)
        wrong = fact.stale[0].lower() if fact.stale else None
        return Draft(text, answer, alts, [*links, fact], keys, wrong, subjects, [*refs, fact.value])
    who = question_frames.CHAIN_WHO if end.kind == "person" else question_frames.CHAIN_WHAT
    short, alts = values.person(end.name) if end.kind == "person" else values.name(end.name)
    answer, alts = answers.finish(short, alts, answers.chain_end(start.name, steps), a.rng)
    return Draft(a.frame(who).format(p=phrase), answer, alts, links, [end.name], None, subjects, refs)


def _attribute(a: Ask, end: Subject, relation: str) -> Fact | None:
    pool: list[Kind] = [
        k
        for k in KINDS.values()
        if k.subject == end.kind
        and k.vtype in _ASKABLE
        and fits_role(k, relation)
        and fits_subject(k, end.name, end.kind)
    ]
    have = [k for k in pool if a.src.fact(end, k, a.day, a.rng) is not None]
    kind = nearest(have, a.cell.dynamism, a.rng)
    return a.src.fact(end, kind, a.day, a.rng) if kind else None
